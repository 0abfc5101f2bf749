"""Helpers for scenario tests driven by recorded-game files in tests/games/.

`play(name)` replays tests/games/<name>.toml through the library into a real
SQLite file and returns a `Played` with the final JSON view (GAME_FORMAT.md),
the illegal-action error if any, and the log. `cli(...)` runs the real
command line in a subprocess, for exit codes and standard error.
"""
from __future__ import annotations

import json
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from simulator import audit
from simulator.errors import IllegalAction
from simulator.replay import read_envelopes, replay_file
from simulator.store import EventStore
from simulator.view import state_json

GAMES = Path(__file__).parent / "games"


@dataclass
class Played:
    state: dict                   # the --json view
    error: IllegalAction | None
    db: str
    game_id: str
    log: dict                     # seq -> Envelope, read back from the store

    def player(self, name: str) -> dict:
        return next(p for p in self.state["players"] if p["name"] == name)

    def pool(self, name: str) -> dict:
        return self.player(name)["mana_pool"]

    def perm(self, ref: str) -> dict:
        """A permanent by id, or by card name if unique."""
        for b in self.state["battlefield"]:
            if b["id"] == ref:
                return b
        named = [b for b in self.state["battlefield"] if b["card"] == ref]
        assert len(named) == 1, f"{ref!r}: {len(named)} permanents match"
        return named[0]

    def on_battlefield(self, card: str) -> list[dict]:
        return [b for b in self.state["battlefield"] if b["card"] == card]

    def events(self, type_name: str) -> list:
        return [e for _, e in sorted(self.log.items()) if e.type == type_name]

    def triggers(self) -> list[dict]:
        return audit.trigger_report(self.log)


def game_path(name: str) -> Path:
    p = GAMES / name
    if p.suffix not in (".toml", ".json"):
        p = p.with_suffix(".toml")
    return p


def play(name: str, tmp_path: Path) -> Played:
    db = str(tmp_path / "game.sqlite")
    result = replay_file(game_path(name), db)
    store = EventStore(db)
    try:
        log = audit.index_log(read_envelopes(store, result.game.game_id))
    finally:
        store.close()
    return Played(state_json(result.game.state, result.game.pool, len(result.game.events)), result.error,
                  db, result.game.game_id, log)


@dataclass
class CliRun:
    code: int
    out: str
    err: str

    def json(self) -> Any:
        return json.loads(self.out)


def cli(*args: str, cwd: Path | None = None) -> CliRun:
    proc = subprocess.run([sys.executable, "-m", "simulator", *args], capture_output=True, text=True,
                          cwd=cwd, timeout=120)
    return CliRun(proc.returncode, proc.stdout, proc.stderr)
