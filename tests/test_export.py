"""`simulator export`: a stored game back as a recorded game (format 1), from its log alone.

Round trip over EVERY game in tests/games/: replay -> export -> replay gives the same events (types,
payloads, causes, decisions, rules; GameCreated's `source` aside, it is the new file's) and the same
final state. In-process and parametrized, so it runs in parallel."""
from __future__ import annotations

import json
import shutil
import tomllib
from pathlib import Path

import pytest

from scenario import GAMES, cli
from simulator.export import export_game, to_json, to_toml, write_export
from simulator.replay import replay_file
from simulator.view import state_json

ALL = sorted(GAMES.glob("*.toml"))


def _rows(events: list) -> list[tuple]:
    out = []
    for e in events:
        payload = e.event.payload()
        if e.type == "GameCreated":
            payload.pop("source")
        out.append((e.seq, e.type, payload, e.cause_seq, e.decision_seq, e.rule))
    return out


def _write(exported, directory: Path, name: str = "again.toml", as_json: bool = False) -> Path:
    path = directory / name
    write_export(exported, path, to_json(exported) if as_json else to_toml(exported, "round trip"))
    return path


# Known gap: export writes hand/library cards by name, not with their `{ card, id }` handles
# (issue 14), so a game whose later actions name a hand card's handle cannot be re-read yet.
_NO_HANDLES_YET = {"answers_activate_ids", "answers_discard_gc", "answers_legend_gc", "answers_target_bug",
                   "handles_explore_defossilize"}


@pytest.mark.parametrize("path", [
    pytest.param(p, marks=pytest.mark.xfail(strict=True, reason="export does not write card handles yet"))
    if p.stem in _NO_HANDLES_YET else p for p in ALL], ids=[p.stem for p in ALL])
def test_replay_export_replay_gives_the_same_events_and_state(path: Path, tmp_path: Path) -> None:
    first = replay_file(path, None)
    exported = export_game(first.game.events, first.game.pool)
    again = replay_file(_write(exported, tmp_path), None)
    assert again.error is None                    # only the legal decisions were exported
    assert _rows(again.game.events) == _rows(first.game.events)
    assert state_json(again.game.state, again.game.pool, len(again.game.events)) == \
        {**state_json(first.game.state, first.game.pool, len(first.game.events)), "game": again.game.game_id}


def test_json_export_replays_too(tmp_path: Path) -> None:
    first = replay_file(GAMES / "trig_mana_flare_two_types.toml", None)
    exported = export_game(first.game.events, first.game.pool)
    path = _write(exported, tmp_path, "again.json", as_json=True)
    assert json.loads(path.read_text())["actions"] == [
        {"player": "Alice", "activate": "ravine", "ability": 1}, {"player": "Bob", "choose": "G"}]
    assert (tmp_path / "cards" / "trig_cards.toml").read_text() == \
        (GAMES / "cards" / "trig_cards.toml").read_text()
    assert _rows(replay_file(path, None).game.events) == _rows(first.game.events)


def test_export_names_the_choices_the_log_recorded() -> None:
    """City of Brass's colour (`mana`), Hangarback's X, a sacrifice cost: read back from the log."""
    first = replay_file(GAMES / "explore_spelunker_x2.toml", None)
    actions = export_game(first.game.events, first.game.pool).game["actions"]
    assert any(a.get("x") == 2 for a in actions)


def test_export_at_a_seq_is_a_starting_position(tmp_path: Path) -> None:
    """--at SEQ: the position after that event, no actions; what format 1 cannot hold is listed."""
    first = replay_file(GAMES / "trig_mana_flare_two_types.toml", None)
    log = first.game.events
    produced = next(e.seq for e in log if e.type == "ManaAdded")
    exported = export_game(log, first.game.pool, at=produced)
    assert "actions" not in exported.game
    assert any("mana pool" in w for w in exported.warnings)
    alice = exported.game["players"][0]
    assert alice["battlefield"] == [{"card": "Test Ravine", "id": "ravine", "tapped": True}]
    puzzle = replay_file(_write(exported, tmp_path, "puzzle.toml"), None)
    ravine = next(b for b in state_json(puzzle.game.state, puzzle.game.pool, 0)["battlefield"]
                  if b["id"] == "ravine")
    assert ravine["tapped"] is True


def test_cli_export_from_a_moved_database(tmp_path: Path) -> None:
    """export works on the database alone; -o writes the stored card files beside the game."""
    src = tmp_path / "src"
    shutil.copytree(GAMES / "cards", src / "cards")
    shutil.copy(GAMES / "trig_mana_flare_two_types.toml", src / "g.toml")
    db = tmp_path / "g.sqlite"
    assert cli("replay", str(src / "g.toml"), "--db", str(db)).code == 0
    shutil.rmtree(src)
    out = tmp_path / "out" / "again.toml"
    out.parent.mkdir()
    r = cli("export", "--db", str(db), "-o", str(out))
    assert r.code == 0, r.err
    data = tomllib.loads(out.read_text())
    assert data["cards"] == ["cards/trig_cards.toml"] and (out.parent / "cards" / "trig_cards.toml").exists()
    assert out.read_text().startswith("# Exported by `simulator export` from game ")
    again = cli("replay", str(out), "--db", str(tmp_path / "again.sqlite"), "--json")
    assert again.code == 0, again.err
    stdout = cli("export", "--db", str(db), "--json")
    assert json.loads(stdout.out)["format"] == 1 and "cards/trig_cards.toml" in stdout.err
    bad = cli("export", "--db", str(db), "--at", "999")
    assert bad.code == 2 and "no event 999" in bad.err


def test_export_refuses_to_overwrite_other_cards(tmp_path: Path) -> None:
    db = tmp_path / "g.sqlite"
    assert cli("replay", str(GAMES / "trig_mana_flare_two_types.toml"), "--db", str(db)).code == 0
    (tmp_path / "cards").mkdir()
    (tmp_path / "cards" / "trig_cards.toml").write_text("# someone else's cards\n")
    r = cli("export", "--db", str(db), "-o", str(tmp_path / "again.toml"))
    assert r.code == 2 and "nothing written" in r.err
    assert not (tmp_path / "again.toml").exists()
