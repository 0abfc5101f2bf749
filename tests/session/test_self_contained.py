"""Self-contained logs: the recorded file and its card files are stored in the log (GameCreated v2,
under the hash chain), so a database moved elsewhere with its card files deleted still reads.
Old databases (GameCreated v1, no source) read with the built-in pool and say so."""
from __future__ import annotations

import shutil
from pathlib import Path

from clirun import run as cli   # in-process; the subprocess contract: test_cli.py, test_exit_status.py
from scenario import GAMES
from simulator.store.decoding import to_new_event
from simulator.session.recorder import game_pool, read_envelopes, replay_file
from simulator.store import EventStore


def _copy_game(tmp_path: Path, name: str) -> Path:
    """The game file and its card files copied under tmp_path (so they can be deleted)."""
    (tmp_path / "src" / "cards").mkdir(parents=True)
    game = tmp_path / "src" / f"{name}.toml"
    shutil.copy(GAMES / f"{name}.toml", game)
    shutil.copy(GAMES / "cards" / "trig_cards.toml", tmp_path / "src" / "cards" / "trig_cards.toml")
    return game


def test_the_log_keeps_the_file_text_and_its_card_files(tmp_path):
    game = _copy_game(tmp_path, "trig_mana_flare_two_types")
    db = str(tmp_path / "g.sqlite")
    result = replay_file(game, db)
    with EventStore(db) as store:
        created = next(read_envelopes(store, result.game.game_id, upto=1)).event
        assert created.type == "GameCreated" and created.version == 2
        source = created.source
        assert source["format"] == 1 and source["file"] == "trig_mana_flare_two_types.toml"
        assert source["text"] == game.read_text()
        assert [c["file"] for c in source["card_files"]] == ["trig_cards.toml"]
        assert "Test Ravine" in source["card_files"][0]["text"]
        assert store.verify_chain(result.game.game_id) == []          # the source is under the chain
        found = game_pool(store, result.game.game_id)
        assert found.note is None and "Test Ravine" in found.pool


def test_moved_database_without_its_card_files_still_reads(tmp_path):
    """The issue's case: `state` used to fail with KeyError: 'Test Ravine' once the card file moved."""
    game = _copy_game(tmp_path, "trig_mana_flare_two_types")
    db = tmp_path / "g.sqlite"
    assert cli("replay", str(game), "--db", str(db)).code == 0
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    moved = elsewhere / "moved.sqlite"
    shutil.move(str(db), moved)
    shutil.rmtree(tmp_path / "src")
    state = cli("state", "--db", str(moved), "--json", cwd=elsewhere)
    assert state.code == 0, state.err
    ravine = next(b for b in state.json()["battlefield"] if b["id"] == "ravine")
    assert (ravine["card"], ravine["types"], ravine["tapped"]) == ("Test Ravine", ["Land"], True)
    why = cli("why", "--db", str(moved), "4", cwd=elsewhere)
    assert why.code == 0 and "#4" in why.out, why.err
    verify = cli("verify", "--db", str(moved), cwd=elsewhere)
    assert verify.code == 0 and "hash chain intact" in verify.out, verify.err
    assert "Traceback" not in state.err + why.err + verify.err


def test_old_database_reads_with_the_builtin_pool_and_says_so(tmp_path):
    """A GameCreated of version 1 (no source) upcasts to source=None: the built-in pool, with a note."""
    result = replay_file(Path(__file__).resolve().parents[2] / "examples" / "forest_and_elves.toml", None)
    db = str(tmp_path / "old.sqlite")
    gid = result.game.game_id
    with EventStore(db) as store:
        store.create_game(gid, "old", source="/nowhere/forest_and_elves.toml")
        rows = [to_new_event(e) for e in result.game.events]
        first = rows[0]
        payload = {k: v for k, v in first.payload.items() if k != "source"}
        rows[0] = type(first)(seq=1, type="GameCreated", version=1, payload=payload, cause_seq=None,
                              decision_seq=first.decision_seq, rule=first.rule)
        store.append(gid, rows, 0)
        found = game_pool(store, gid)
        assert found.note is not None and "built-in card pool" in found.note
    r = cli("state", "--db", db, "--json")
    assert r.code == 0, r.err
    assert "built-in card pool" in r.err and r.json()["game"] == gid


def test_v0_1_fixture_database_says_it_uses_the_builtin_pool(tmp_path):
    """The committed v0.1 database (written before logs kept their cards): still reads, with the note."""
    db = tmp_path / "v0_1.sqlite"
    shutil.copyfile(Path(__file__).resolve().parents[1] / "data" / "v0_1_games.sqlite", db)
    r = cli("state", "--db", str(db), "--json", cwd=tmp_path)
    assert r.code == 0, r.err
    assert "stored before logs kept their card files" in r.err and "built-in card pool" in r.err
