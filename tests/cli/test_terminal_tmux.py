"""On a real terminal (a tmux pane) the state and tables are drawn with rich: colour (ANSI
escapes) and grouped cards; the same command piped prints plain text."""
from __future__ import annotations

import os
import shlex
import shutil
import subprocess
import sys
import time
import uuid
from pathlib import Path

import pytest

from scenario import cli

EXAMPLE = str(Path(__file__).resolve().parents[2] / "examples" / "steward_of_the_harvest.toml")

pytestmark = pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed")


def _run_in_tmux(command: str, tmp_path: Path) -> str:
    """Run `command` in a detached tmux pane; return the pane with its colour escapes."""
    session = f"sim-{uuid.uuid4().hex[:8]}"
    done = tmp_path / "done"
    env = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "FORCE_COLOR")}
    env["TERM"] = "xterm-256color"
    script = f"{command}; touch {shlex.quote(str(done))}; sleep 30"
    subprocess.run(["tmux", "-L", session, "new-session", "-d", "-s", session, "-x", "160", "-y", "50",
                    "bash", "--norc", "-c", script], check=True, env=env)
    try:
        deadline = time.monotonic() + 60
        while not done.exists() and time.monotonic() < deadline:
            time.sleep(0.2)
        assert done.exists(), "the command did not finish in the pane"
        return subprocess.run(["tmux", "-L", session, "capture-pane", "-e", "-p", "-t", session],
                              capture_output=True, text=True, check=True).stdout
    finally:
        subprocess.run(["tmux", "-L", session, "kill-server"], capture_output=True)


def test_state_on_a_terminal_is_rich_and_piped_is_plain(tmp_path: Path) -> None:
    db = str(tmp_path / "g.sqlite")
    assert cli("replay", EXAMPLE, "--db", db).code == 0
    simulator = f"{shlex.quote(sys.executable)} -m simulator"
    pane = _run_in_tmux(f"{simulator} state --db {shlex.quote(db)}", tmp_path)
    assert "\x1b[" in pane                         # colour
    assert "forest-1…forest-4" in pane and "Forest ×4" in pane
    piped = cli("state", "--db", db)
    assert "\x1b[" not in piped.out and "forest-1…forest-4" in piped.out and "Forest ×4 [" in piped.out
