"""Files survive a round trip (issue 23): `play`'s undo and `export` edit the user's file
instead of rebuilding it, so its comments, `#:schema` line, `[[expect]]` tables and `resolve`
shorthands stay (tomlkit); the file still replays to the game in the log."""
from __future__ import annotations

import io
import json
import tomllib
from pathlib import Path

from clirun import run as cli
from simulator.cli.play import PlaySession
from simulator.session.recorder import replay_file
from simulator.store import EventStore

GAME = '''#:schema ../docs/recorded-game.schema.json
# Alice taps her Forest, then both players pass: a comment the user wrote.
format = 1
title = "Round trip"

[[players]]
name = "Alice"          # the active player
hand = ["Llanowar Elves"]

  [[players.battlefield]]
  card = "Forest"
  id = "fa"

[[players]]
name = "Bob"

[[actions]]
player = "Alice"
activate = "fa"         # {G}

[[actions]]
player = "Alice"
cast = "Llanowar Elves"

[[actions]]
resolve = true          # Alice and Bob pass: the Elves resolve

# What must hold (simulator check):
[[expect]]
after = 1
player = "Alice"
mana_pool = { G = 1 }

[[expect]]
player = "Alice"
battlefield = ["Forest", "Llanowar Elves"]
'''


def _session(tmp_path: Path, text: str = GAME) -> tuple[PlaySession, Path, EventStore]:
    f = tmp_path / "game.toml"
    f.write_text(text, encoding="utf-8")
    db = str(tmp_path / "g.sqlite")
    result = replay_file(f, db)
    assert result.error is None
    store = EventStore(db)
    return PlaySession(store, result.game.game_id, io.StringIO(), f), f, store


def test_undo_of_a_played_decision_gives_the_users_file_back(tmp_path: Path) -> None:
    session, f, store = _session(tmp_path)
    try:
        session.apply({"player": "Alice", "pass": True})
        assert f.read_text().startswith(GAME) and f.read_text() != GAME
        session.undo()
        assert f.read_text() == GAME                    # byte for byte: comments, #:schema, [[expect]]
    finally:
        store.close()
    assert cli("check", str(f)).code == 0


def test_undo_inside_a_shorthand_keeps_the_rest_of_the_file(tmp_path: Path) -> None:
    """Undoing Bob's pass of `resolve = true` (two passes, 117.4 for the stack to resolve)
    leaves Alice's pass, as one action; every comment and table before it stays."""
    session, f, store = _session(tmp_path)
    try:
        session.undo()
    finally:
        store.close()
    text = f.read_text()
    head = GAME[:GAME.index("[[actions]]\nresolve = true")]
    assert text.startswith(head)
    assert "resolve = true" not in text
    assert "# What must hold (simulator check):" not in text or "[[expect]]" in text
    data = tomllib.loads(text)
    assert data["actions"][-1] == {"player": "Alice", "pass": True}
    assert data["expect"][0] == {"after": 1, "player": "Alice", "mana_pool": {"G": 1}}
    again = replay_file(f, None)
    assert again.error is None and [s.source_card for s in again.game.state.stack] == ["Llanowar Elves"]


def test_undo_drops_an_expectation_about_an_action_no_longer_there(tmp_path: Path) -> None:
    text = GAME.replace("after = 1", "after = 3")
    session, f, store = _session(tmp_path, text)
    try:
        session.undo()
        session.undo()
    finally:
        store.close()
    data = tomllib.loads(f.read_text())
    assert len(data["actions"]) == 2
    assert data["expect"] == [{"player": "Alice", "battlefield": ["Forest", "Llanowar Elves"]}]
    assert "#:schema ../docs/recorded-game.schema.json" in f.read_text()


def test_export_writes_the_users_file(tmp_path: Path) -> None:
    """`export` of a game is the file it was replayed from, rewritten to the log: after `apply`
    added a decision, the same file with one more [[actions]] table (its comments kept), and
    `check` still passes on it. --json gives the same game as data."""
    f = tmp_path / "game.toml"
    f.write_text(GAME, encoding="utf-8")
    db = str(tmp_path / "g.sqlite")
    assert cli("replay", str(f), "--db", db).code == 0
    out = tmp_path / "out.toml"
    assert cli("export", "--db", db, "-o", str(out)).code == 0
    text = out.read_text()
    assert text.startswith("#:schema ../docs/recorded-game.schema.json\n# Exported by `simulator export`")
    assert GAME.split("\n", 1)[1] in text
    assert cli("apply", "--db", db, '{player = "Alice", pass = true}').code == 0
    assert cli("export", "--db", db, "-o", str(out)).code == 0
    text = out.read_text()
    resolve = "resolve = true          # Alice and Bob pass: the Elves resolve\n"
    wanted = GAME.replace(resolve, resolve + '\n[[actions]]\nplayer = "Alice"\npass = true\n')
    assert text.split("\n", 2)[2] == wanted.split("\n", 1)[1]       # the export header aside
    assert tomllib.loads(text)["actions"][-1] == {"player": "Alice", "pass": True}
    assert cli("check", str(out)).code == 0
    data = json.loads(cli("export", "--db", db, "--json").out)
    assert data == tomllib.loads(text)


def test_json_files_are_rewritten_as_json(tmp_path: Path) -> None:
    data = tomllib.loads(GAME)
    f = tmp_path / "game.json"
    f.write_text(json.dumps(data, indent=2))
    db = str(tmp_path / "g.sqlite")
    result = replay_file(f, db)
    store = EventStore(db)
    try:
        session = PlaySession(store, result.game.game_id, io.StringIO(), f)
        session.undo()
    finally:
        store.close()
    again = json.loads(f.read_text())
    assert again["actions"][-1] == {"player": "Alice", "pass": True}
    assert again["expect"] == data["expect"]
