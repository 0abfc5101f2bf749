"""`simulator play` driven in a real terminal (tmux send-keys / capture-pane): the screen shows the
state and the numbered legal decisions; a number, an action, `why N`, `undo` and `quit` work; each
decision goes to the log and to the recorded file; undo forks a new game (the log stays append-only)."""
from __future__ import annotations

import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import time
import tomllib
from pathlib import Path

import pytest

from scenario import cli

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.skipif(shutil.which("tmux") is None and not os.environ.get("CI"),
                                reason="tmux is not installed (apt-get install tmux; .ci/run installs it)")

GAME = '''format = 1
title = "Play at the terminal"

[[players]]
name = "Alice"
hand = ["Forest"]

  [[players.battlefield]]
  card = "Forest"
  id = "fa"

[[players]]
name = "Bob"
'''


class Terminal:
    """A tmux pane on a server of its own (`-L`): it starts with this test's environment and
    never touches a tmux server the user (or another test run) has running."""

    def __init__(self, name: str, command: str, cwd: Path) -> None:
        self.name = name
        self.tmux = ["tmux", "-L", name]
        env = {**os.environ, "NO_COLOR": "1", "PYTHONUNBUFFERED": "1"}
        subprocess.run(self.tmux + ["new-session", "-d", "-s", name, "-x", "220", "-y", "60", "-c", str(cwd),
                                    command], check=True, env=env)
        subprocess.run(self.tmux + ["set-option", "-t", name, "remain-on-exit", "on"], check=True)

    def screen(self) -> str:
        return subprocess.run(self.tmux + ["capture-pane", "-p", "-t", self.name, "-S", "-300"],
                              capture_output=True, text=True, check=True).stdout

    def wait_for(self, pattern: str, timeout: float = 90) -> str:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            text = self.screen()
            if re.search(pattern, text):
                return text
            time.sleep(0.2)
        raise AssertionError(f"{pattern!r} never appeared; the screen:\n{self.screen()}")

    def type(self, line: str) -> None:
        subprocess.run(self.tmux + ["send-keys", "-t", self.name, "-l", line], check=True)
        subprocess.run(self.tmux + ["send-keys", "-t", self.name, "Enter"], check=True)

    def close(self) -> None:
        subprocess.run(self.tmux + ["kill-server"], capture_output=True)


def test_play_in_a_real_terminal(tmp_path: Path) -> None:
    game = tmp_path / "game.toml"
    game.write_text(GAME)
    db = tmp_path / "play.sqlite"
    command = f"{shlex.quote(sys.executable)} -m simulator play game.toml --db {shlex.quote(str(db))}"
    term = Terminal(f"simplay{os.getpid()}", command, tmp_path)
    try:
        screen = term.wait_for(r"(?m)^>\s*$")
        assert "Alice: life 20" in screen
        assert re.search(r"1\. Alice: pass priority", screen)
        assert '{player = "Alice", play = "Forest"}' in screen
        number = re.search(r"(\d+)\. Alice: activate fa \(Forest\): \{T\}: Add \{G\}\.", screen).group(1)
        term.type(number)                                               # a number: tap the Forest
        screen = term.wait_for(r"applied: events \d+\.\.\d+(.|\n)*mana pool \{G\}")
        term.type('{player = "Alice", play = "Forest"}')                # an action in the file syntax
        term.wait_for(r"applied: events(.|\n)*applied: events")
        term.type('{player = "Alice", plya = "Forest"}')                # a typo: explained, nothing written
        term.wait_for(r"not done: .*actions\[1\]\.plya.*did you mean 'play'")
        term.type("why 3")
        term.wait_for(r"#3 ")
        term.type("undo")
        screen = term.wait_for(r"undone: game \w+ is kept; play goes on in game (\w+)")
        term.type("quit")
        term.wait_for(r"Pane is dead|\[exited\]|\n> quit\s*\n(.|\n)*$")
    finally:
        term.close()
    forked = re.search(r"play goes on in game (\w+)", screen).group(1)
    games = {g["game"]: g for g in json.loads(cli("games", "--db", str(db), "--json").out)}
    assert len(games) == 2 and forked in games                    # the first game is kept as it was
    data = tomllib.loads(game.read_text())                        # the file follows the fork
    assert data["actions"] == [{"player": "Alice", "activate": "fa", "ability": 1}]
    again = cli("replay", str(game), "--db", str(tmp_path / "again.sqlite"), "--json")
    assert again.code == 0 and again.json()["players"][0]["mana_pool"] == {"G": 1}


def test_the_prompt_edits_completes_and_remembers(tmp_path: Path) -> None:
    """Issue 23: `play` is a real prompt on a terminal: Tab completes a command, and lists the
    ids that start with what is typed (`fa` on the battlefield, `forest-1` in the hand, after
    `activate = "f`), the Up arrow recalls the previous line, Ctrl-A goes to
    the start of the line, and `log N` / `why N` work inside."""
    game = tmp_path / "game.toml"
    game.write_text(GAME)
    db = tmp_path / "play.sqlite"
    command = f"{shlex.quote(sys.executable)} -m simulator play game.toml --db {shlex.quote(str(db))}"
    term = Terminal(f"simprompt{os.getpid()}", command, tmp_path)

    def keys(*k: str) -> None:
        subprocess.run(term.tmux + ["send-keys", "-t", term.name, *k], check=True)

    try:
        term.wait_for(r"(?m)^>\s*$")
        keys("-l", "lo")
        keys("Tab")                                                     # "lo" -> "log"
        keys("-l", " 2")
        keys("Enter")
        first = term.wait_for(r"#\d+\s+\w+.*\n(.|\n)*>\s*$")
        logged = len(re.findall(r"(?m)^#\d+ ", first))
        assert logged == 2, first
        keys("Up")                                                      # history: "log 2" again
        keys("Enter")
        term.wait_for(r"(?m)^> log +2\s*\n(.|\n)*^> log +2\s*\n")
        keys("-l", '{player = "Alice", activate = "f')
        keys("Tab")
        keys("Tab")                                                     # two ids start with f: listed
        term.wait_for(r"fa\s+forest-1")
        keys("-l", 'a"}')
        keys("Enter")
        screen = term.wait_for(r"applied: events \d+\.\.\d+(.|\n)*mana pool \{G\}")
        assert '> {player = "Alice", activate = "fa"}' in screen
        keys("-l", " 3")
        keys("C-a")                                                     # to the start, type there
        keys("-l", "why")
        keys("Enter")
        term.wait_for(r"> why 3\s*\n#3 ")
        term.type("quit")
    finally:
        term.close()
    data = tomllib.loads(game.read_text())
    assert data["actions"] == [{"player": "Alice", "activate": "fa"}]
