"""What the tamper tests share: a stored example game, and a raw connection of someone who can
write the database file (its append-only triggers dropped: whoever can write the file can)."""
from __future__ import annotations

import sqlite3
from pathlib import Path

from clirun import run

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = str(ROOT / "examples" / "forest_and_elves.toml")


def stored_game(tmp_path: Path) -> tuple[str, str]:
    """The example replayed into a new SQLite file: (database path, game id)."""
    db = str(tmp_path / "g.sqlite")
    assert run("replay", EXAMPLE, "--db", db).code == 0
    con = sqlite3.connect(db)
    gid = con.execute("select game_id from games").fetchone()[0]
    con.close()
    return db, gid


def attacker(db: str) -> sqlite3.Connection:
    """A raw connection with the append-only triggers dropped."""
    con = sqlite3.connect(db, isolation_level=None)
    for (name,) in con.execute("select name from sqlite_master where type='trigger'").fetchall():
        con.execute(f'DROP TRIGGER "{name}"')
    return con
