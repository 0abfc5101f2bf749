"""A batch replay (`replay DIR --jobs N`) that is killed or SIGTERMed leaves no process behind
(issue 24, finding 12: 4 of 4 runs left workers that finished their game and then waited
forever): workers watch their parent and exit when it is gone; the parent handles SIGTERM by
letting each worker finish its game, take no other, and exit, then exits with 143. Every game
stored is whole or an exact prefix that verifies."""
from __future__ import annotations

import os
import shutil
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from clirun import run

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "forest_and_elves.toml"


def _children(pid: int) -> set[int]:
    found = set()
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid:
                found.add(int(entry.name))
    return found


def _alive(pid: int) -> bool:
    try:
        state = (Path("/proc") / str(pid) / "stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def _wait_until(predicate, limit: float) -> bool:
    """Poll `predicate` until it holds or `limit` seconds pass (a bound against hanging, not a
    timing assertion)."""
    end = time.monotonic() + limit
    while time.monotonic() < end:
        if predicate():
            return True
        time.sleep(0.1)
    return predicate()


def _games_stored(db: Path) -> int:
    try:
        con = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
        try:
            return con.execute("select count(*) from games").fetchone()[0]
        finally:
            con.close()
    except sqlite3.Error:
        return 0


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs /proc to find the workers")
@pytest.mark.parametrize("how", [signal.SIGTERM, signal.SIGKILL], ids=["SIGTERM", "kill-9"])
def test_a_killed_batch_leaves_no_worker_behind(tmp_path, how):
    games = tmp_path / "games"
    games.mkdir()
    for i in range(40):
        shutil.copy(EXAMPLE, games / f"g{i:02}.toml")
    db = tmp_path / "batch.sqlite"
    proc = subprocess.Popen([sys.executable, "-m", "simulator", "replay", str(games), "--jobs", "3",
                             "--db", str(db)], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        assert _wait_until(lambda: len(_children(proc.pid)) >= 2 and _games_stored(db) >= 3, 120), \
            "the batch did not start its workers"
        workers = {c for c in _children(proc.pid) if _alive(c)}
        proc.send_signal(how)
        proc.wait(timeout=120)
        assert _wait_until(lambda: not any(_alive(w) for w in workers), 60), \
            f"workers still running after the batch was ended: {[w for w in workers if _alive(w)]}"
    finally:
        if proc.poll() is None:
            proc.kill()
    if how == signal.SIGTERM:
        assert proc.returncode == 143, proc.stderr.read() if proc.stderr else ""
    v = run("verify", "--all", "--db", str(db))
    assert v.code in (0, 1), v.err
    assert "hash mismatch" not in v.err and "gap" not in v.err
