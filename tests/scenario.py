"""Helpers for scenario tests driven by recorded-game files in tests/games/.

`play(name)` replays tests/games/<name>.toml through the library into a real
SQLite file and returns a `Played` with the final JSON view (GAME_FORMAT.md),
the illegal-action error if any, and the log. `cli(...)` runs the real
command line in a subprocess, for exit codes and standard error.
`migrated_db(path)` puts an empty database at Alembic head at `path`.
"""
from __future__ import annotations

import atexit
import json
import os
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from simulator.session import audit
from simulator.base.errors import IllegalAction
from simulator.session.recorder import read_envelopes, replay_file
from simulator.store import EventStore
from simulator.session.view import state_json

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


_MIGRATED: list[Path] = []


def migrated_db(path: Path) -> str:
    """`path` (a new file) becomes an SQLite store with no games at Alembic head: a copy of one
    the store created and migrated once in this process. For tests whose subject is what is
    replayed, not how a new database is made: migrating a new file costs ~10 ms of CPU (all
    the migrations' DDL), copying one ~1 ms, and the suite made about a thousand. Creating
    and upgrading a new database stays tested: test_migrations, test_store, the command-line
    tests and every test that replays into a path of its own."""
    if not _MIGRATED:
        folder = Path(tempfile.mkdtemp(prefix="migrated-", dir=os.environ.get("PYTEST_DEBUG_TEMPROOT")))
        atexit.register(shutil.rmtree, folder, True)
        EventStore(folder / "empty.sqlite").close()
        # closing the last connection checkpoints the WAL into the file: the file is the database
        assert [f.name for f in folder.iterdir()] == ["empty.sqlite"], list(folder.iterdir())
        _MIGRATED.append(folder / "empty.sqlite")
    assert not path.exists(), path
    path.parent.mkdir(parents=True, exist_ok=True)   # as the store does for a new file
    shutil.copyfile(_MIGRATED[0], path)
    return str(path)


def play(name: str, tmp_path: Path) -> Played:
    db = migrated_db(tmp_path / "game.sqlite")
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
