"""`simulator export`: a stored game back as a recorded game (format 1), from its log alone.

Round trip over EVERY game in tests/games/ and examples/: replay -> export -> replay gives the same events (types,
payloads, causes, decisions, rules; GameCreated's `source` aside, it is the new file's) and the same
final state. In-process and parametrized, so it runs in parallel."""
from __future__ import annotations

import json
import shutil
import tomllib
from pathlib import Path

import pytest

from clirun import run as cli   # in-process; the subprocess contract: test_cli.py, test_exit_status.py
from scenario import GAMES
from simulator.tools.export import export_game, to_json, to_toml, write_export
from simulator.session.recorder import replay_file
from simulator.session.view import state_json

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
ALL = sorted(GAMES.glob("*.toml")) + sorted(EXAMPLES.glob("*.toml")) + sorted(EXAMPLES.glob("*.json"))


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


@pytest.mark.parametrize("keep_file", [True, False], ids=["the stored file", "rebuilt from the events"])
@pytest.mark.parametrize("path", ALL, ids=[f"{p.parent.name}/{p.stem}" for p in ALL])
def test_replay_export_replay_gives_the_same_events_and_state(path: Path, tmp_path: Path, keep_file: bool) -> None:
    first = replay_file(path, None)
    exported = export_game(first.game.events, first.game.pool, keep_file=keep_file)
    again = replay_file(_write(exported, tmp_path), None)
    assert again.error is None                    # only the legal decisions were exported
    assert _rows(again.game.events) == _rows(first.game.events)
    assert state_json(again.game.state, again.game.pool, len(again.game.events)) == \
        {**state_json(first.game.state, first.game.pool, len(first.game.events)), "game": again.game.game_id}


def test_json_export_replays_too(tmp_path: Path) -> None:
    first = replay_file(GAMES / "trig_mana_flare_two_types.toml", None)
    exported = export_game(first.game.events, first.game.pool, keep_file=False)   # rebuilt from the events
    path = _write(exported, tmp_path, "again.json", as_json=True)
    assert json.loads(path.read_text())["actions"] == [
        {"player": "Alice", "activate": "ravine", "ability": 1}, {"player": "Bob", "choose": "G"}]
    assert (tmp_path / "cards" / "trig_cards.toml").read_text() == \
        (GAMES / "cards" / "trig_cards.toml").read_text()
    assert _rows(replay_file(path, None).game.events) == _rows(first.game.events)


def test_export_names_the_choices_the_log_recorded() -> None:
    """City of Brass's colour (`mana`), Hangarback's X, a sacrifice cost: read back from the log."""
    first = replay_file(GAMES / "explore_spelunker_x2.toml", None)
    actions = export_game(first.game.events, first.game.pool, keep_file=False).game["actions"]
    assert any(a.get("x") == 2 for a in actions)


def test_export_at_a_seq_is_a_starting_position(tmp_path: Path) -> None:
    """--at SEQ: the position after that event, no actions; the mana in the pool is part of it
    (`mana_pool`, issue 23: it was dropped with a warning); what format 1 cannot hold is listed."""
    from simulator.game.state import GameState, project
    first = replay_file(GAMES / "trig_mana_flare_two_types.toml", None)
    log = first.game.events
    produced = next(e.seq for e in log if e.type == "ManaAdded")
    exported = export_game(log, first.game.pool, at=produced)
    assert "actions" not in exported.game
    assert not any("mana pool" in w for w in exported.warnings)
    alice = exported.game["players"][0]
    assert alice["battlefield"] == [{"card": "Test Ravine", "id": "ravine", "tapped": True}]
    there = state_json(project(log, GameState(game_id="x"), upto=produced), first.game.pool, produced)
    assert alice["mana_pool"] == there["players"][0]["mana_pool"] and alice["mana_pool"]
    puzzle = replay_file(_write(exported, tmp_path, "puzzle.toml"), None)
    view = state_json(puzzle.game.state, puzzle.game.pool, 0)
    ravine = next(b for b in view["battlefield"] if b["id"] == "ravine")
    assert ravine["tapped"] is True
    assert view["players"][0]["mana_pool"] == there["players"][0]["mana_pool"]


def test_export_at_does_not_write_restricted_mana_as_free(tmp_path: Path) -> None:
    """106.6: Ancient Ziggurat's {G} may be spent only on a creature spell; a starting
    position's `mana_pool` cannot say so. `export --at` writes the Forest's unrestricted {G} and
    not the Ziggurat's (it would then pay for anything), and says so in its warnings."""
    first = replay_file(GAMES / "mana_restricted_choice.toml", None)
    log = first.game.events
    both = [e.seq for e in log if e.type == "ManaAdded"][1]        # the Ziggurat's {G}, then the Forest's
    exported = export_game(log, first.game.pool, at=both)
    alice = exported.game["players"][0]
    assert alice["mana_pool"] == {"G": 1}
    (warning,) = [w for w in exported.warnings if "restricted" in w]
    assert warning.startswith("Alice's pool holds {G} of restricted mana (Spend this mana only to cast a creature spell.")
    puzzle = replay_file(_write(exported, tmp_path, "puzzle.toml"), None)
    view = state_json(puzzle.game.state, puzzle.game.pool, 0)
    assert view["players"][0]["mana_pool"] == {"G": 1}
    assert [u["restriction"] for u in view["players"][0]["mana_units"]] == [None]


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


def _strip_handles(game: dict) -> dict:
    """The export with every library/hand/graveyard/exile handle replaced by its card's name."""
    players = [{k: ([c["card"] if isinstance(c, dict) else c for c in v]
                    if k in ("library", "hand", "graveyard", "exile") else v) for k, v in p.items()}
               for p in game["players"]]
    return {**game, "players": players}


def test_identical_cards_keep_the_handles_that_tell_them_apart(tmp_path: Path) -> None:
    """Two Llanowar Elves in hand and two Forests in the library, one of each with a handle: the
    export writes the handles in the starting position and names the cards by them in `cast` and
    `play`; without the handles the same actions would move the other, identical card."""
    first = replay_file(GAMES / "handles_identical_cards.toml", None)
    exported = export_game(first.game.events, first.game.pool, keep_file=False)   # rebuilt from the events
    alice = exported.game["players"][0]
    assert alice["hand"] == ["Llanowar Elves", {"card": "Llanowar Elves", "id": "elf-b"}, "Forest"]
    assert alice["library"] == [{"card": "Forest", "id": "forest-l"}, "Forest"]
    named = [a.get("cast") or a.get("play") or a.get("activate") for a in exported.game["actions"]
             if "pass" not in a]
    assert named == ["forest-a", "elf-b", "forest-l", "forest-l", "elf-b", "Llanowar Elves"]
    again = replay_file(_write(exported, tmp_path), None)
    assert again.error is None and _rows(again.game.events) == _rows(first.game.events)
    # the control: with names only, "cast the Llanowar Elves" moves the other, identical card
    names = {**_strip_handles(exported.game), "actions": [*exported.game["actions"][:1],
                                                        {"player": "Alice", "cast": "Llanowar Elves"}]}
    stripped = replay_file(_write(type(exported)(names), tmp_path, "names.toml"), None)

    def cast(events: list) -> str:
        return next(e.event.object_id for e in events if e.type == "SpellCast")
    assert (cast(first.game.events), cast(again.game.events), cast(stripped.game.events)) == \
        ("elf-b", "elf-b", "llanowar-elves-1")


def test_cli_export_writes_handles_as_tables(tmp_path: Path) -> None:
    """Through the CLI: the TOML written by `simulator export` holds `{ card, id }` tables and
    replays (exit 0) to the same final state."""
    db = tmp_path / "g.sqlite"
    game = GAMES / "handles_explore_defossilize.toml"
    first = cli("replay", str(game), "--db", str(db), "--json")
    assert first.code == 0, first.err
    out = tmp_path / "again.toml"
    assert cli("export", "--db", str(db), "-o", str(out)).code == 0
    players = tomllib.loads(out.read_text())["players"]
    assert players[0]["library"] == [{"card": "Grizzly Bears", "id": "bears"}, {"card": "Forest", "id": "f-lib"},
                                     {"card": "Llanowar Elves", "id": "elf"}]
    again = cli("replay", str(out), "--db", str(tmp_path / "again.sqlite"), "--json")
    assert again.code == 0, again.err
    assert {**json.loads(again.out), "game": None} == {**json.loads(first.out), "game": None}


def _seen(state) -> dict:
    """A position as a user sees it: per player the zones (cards with the handle that names them,
    if any) and the permanents they control (shown id, card, tapped, counters)."""
    from simulator.tools.export import _zone_card
    from simulator.session.view import shown_id
    out = {}
    for name in state.order:
        p = state.players[name]
        zones = {z: [_zone_card(state, oid) for oid in getattr(p, z)] for z in ("library", "hand", "graveyard", "exile")}
        zones["battlefield"] = [(shown_id(state, oid), state.objects[oid].card, state.objects[oid].tapped,
                                 {k: v for k, v in dict(state.objects[oid].counters).items() if v})
                                for oid in state.battlefield if state.objects[oid].controller == name]
        out[name] = zones
    return out


@pytest.mark.parametrize("name", ["handles_identical_cards", "handles_explore_defossilize", "answers_target_bug",
                                  "answers_legend_gc", "answers_activate_ids"])
def test_export_at_every_decision_keeps_the_handles(name: str, tmp_path: Path) -> None:
    """--at SEQ after each decision: the puzzle, replayed, starts from the same cards in every zone
    with the same handles (a card moved from the library to the graveyard is still `bears`), and
    the same permanents under the ids users saw; a handle format 1 cannot hold (a card exiled
    with a permanent: `exiled` lists names) is named in the warnings."""
    from simulator.game.state import GameState, evolve
    first = replay_file(GAMES / f"{name}.toml", None)
    log = first.game.events
    state = GameState(game_id="x")
    ends = {e.seq for i, e in enumerate(log) if i + 1 == len(log) or log[i + 1].decision_seq != e.decision_seq}
    checked = 0
    for env in log:
        state = evolve(state, env)
        if env.seq not in ends:
            continue
        exported = export_game(log, first.game.pool, at=env.seq)
        puzzle = replay_file(_write(exported, tmp_path, f"at{env.seq}.toml"), None)
        assert puzzle.error is None
        start = puzzle.game.state
        expected = _seen(state)
        lost = [w for w in exported.warnings if "is not kept" in w]
        assert _seen(start) == expected or lost, (env.seq, exported.warnings)
        for player, zones in expected.items():
            for zone in ("library", "hand", "graveyard"):
                assert _seen(start)[player][zone] == zones[zone], (env.seq, player, zone)
        checked += 1
    assert checked == len(ends) > 2


def test_export_at_keeps_the_chosen_color(tmp_path: Path) -> None:
    """Issue 23: `export --at` dropped Utopia Sprawl's chosen color, and the puzzle then made
    {G}{G} instead of {G}{U} (614.12: the color is chosen as it enters, and stays)."""
    example = GAMES.parent.parent / "examples" / "utopia_sprawl_color.toml"
    first = replay_file(example, None)
    log = first.game.events
    chosen = next(e.seq for e in log if e.type == "ChoiceMade")
    exported = export_game(log, first.game.pool, at=chosen + 3)
    sprawl = next(b for b in exported.game["players"][0]["battlefield"] if b["card"] == "Utopia Sprawl")
    assert sprawl["chosen"] == {"color": "U"}
    puzzle = _write(exported, tmp_path, "puzzle.toml")
    g = tmp_path / "tap.toml"
    g.write_text(puzzle.read_text() + '\n[[actions]]\nplayer = "Alice"\nactivate = "forest-b"\n')
    done = replay_file(g, None)
    assert done.error is None
    assert state_json(done.game.state, done.game.pool, 0)["players"][0]["mana_pool"] == {"U": 1, "G": 1}


def test_export_at_keeps_the_chosen_creature_type(tmp_path: Path) -> None:
    """Issue 23, a position keeps everything: Cavern of Souls' creature type, chosen as it
    entered (614.12, 205.3m), is written by `export --at` as `chosen = { creature_type = "Elf" }`
    and read back by the starting position, so the puzzle's Cavern mana still pays for an Elf
    spell (106.6); with another type written there, the same cast is refused (106.6)."""
    first = replay_file(GAMES / "mana_cavern_of_souls_elf.toml", None)
    log = first.game.events
    chosen = next(e.seq for e in log if e.type == "ChoiceMade")
    entered = next(e.seq for e in log if e.seq > chosen and e.type == "PriorityReceived")   # on the battlefield
    exported = export_game(log, first.game.pool, at=entered)
    cavern = next(b for b in exported.game["players"][0]["battlefield"] if b["card"] == "Cavern of Souls")
    assert cavern["chosen"] == {"creature_type": "Elf"}
    puzzle = _write(exported, tmp_path, "puzzle.toml").read_text()
    written = tomllib.loads(puzzle)["players"][0]["battlefield"]
    assert [b.get("chosen") for b in written if b["card"] == "Cavern of Souls"] == [{"creature_type": "Elf"}]
    cast = ('\n[[actions]]\nplayer = "Alice"\nactivate = "Cavern of Souls"\nability = 2\nmana = "G"\n'
            '\n[[actions]]\nplayer = "Alice"\ncast = "Llanowar Elves"\n')
    g = tmp_path / "cast.toml"
    g.write_text(puzzle + cast)
    done = replay_file(g, None)
    assert done.error is None
    view = state_json(done.game.state, done.game.pool, 0)
    assert next(b for b in view["battlefield"] if b["card"] == "Cavern of Souls")["chosen"] == {"creature_type": "Elf"}
    assert view["stack"][0]["card"] == "Llanowar Elves"
    assert puzzle.count('creature_type = "Elf"') == 1
    g.write_text(puzzle.replace('creature_type = "Elf"', 'creature_type = "Human"') + cast)
    refused = replay_file(g, None)
    assert refused.error is not None and refused.error.rule == "106.6"


def test_export_keeps_goal_description_and_expectations(tmp_path: Path) -> None:
    """A puzzle's `goal` and `description` survive both exports; a whole-game export carries the
    `[[expect]]` tables over (the actions map one to one), and `check` passes on it."""
    src = tmp_path / "p.toml"
    src.write_text('''format = 1
title = "Puzzle"
goal = "Make {G}{G} with one Forest"
description = """Alice has a Forest and a Wild Growth in hand.
Win this turn."""
[[players]]
name = "Alice"
  [[players.battlefield]]
  card = "Forest"
  id = "fa"
[[players]]
name = "Bob"
[[actions]]
player = "Alice"
activate = "fa"
[[expect]]
after = 1
player = "Alice"
mana_pool = { G = 1 }
[[expect]]
permanent = "fa"
tapped = true
counters = {}
''')
    db = str(tmp_path / "g.sqlite")
    assert cli("replay", str(src), "--db", db).code == 0
    out = tmp_path / "again.toml"
    r = cli("export", "--db", db, "-o", str(out))
    assert r.code == 0, r.err
    data = tomllib.loads(out.read_text())
    assert data["goal"] == "Make {G}{G} with one Forest" and data["description"].startswith("Alice has")
    assert data["expect"] == tomllib.loads(src.read_text())["expect"]
    assert cli("check", str(out)).code == 0
    r = cli("export", "--db", db, "--at", "3", "-o", str(tmp_path / "at.toml"))
    assert r.code == 0, r.err
    at = tomllib.loads((tmp_path / "at.toml").read_text())
    assert at["goal"] == data["goal"] and "expect" not in at


REAL_CARDS_GAME = """format = 1
title = "real cards by name"

[[players]]
name = "Alice"
hand = ["Fyndhorn Elves"]
  [[players.battlefield]]
  card = "Gilded Lotus"
  id = "lotus"

[[players]]
name = "Bob"

[[actions]]
player = "Alice"
activate = "lotus"
mana = "GGG"

[[actions]]
player = "Alice"
cast = "Fyndhorn Elves"

[[actions]]
resolve = true
"""


@pytest.mark.parametrize("keep_file", [True, False], ids=["the stored file", "rebuilt from the events"])
def test_export_writes_the_real_cards_the_log_stored(tmp_path: Path, keep_file: bool,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 22: a game naming real cards (Gilded Lotus, Fyndhorn Elves: neither is built in)
    stores their Oracle texts in its log (`oracle_cards`); the export writes them as a card file
    of its own, cards/oracle-cards.toml, named by `cards`, so the exported file replays to the same
    events and state on a machine with no Oracle data at all (or a newer one)."""
    from simulator.cards import oracle
    from simulator.cards.pool import CardPool
    from simulator.tools.export import ORACLE_CARDS_FILE
    assert "Gilded Lotus" not in CardPool.builtin() and "Fyndhorn Elves" not in CardPool.builtin()
    game = tmp_path / "real.toml"
    game.write_text(REAL_CARDS_GAME)
    first = replay_file(game, None)
    assert first.error is None
    stored = first.game.events[0].event.source["oracle_cards"]
    exported = export_game(first.game.events, first.game.pool, keep_file=keep_file)
    out = tmp_path / "out"
    out.mkdir()
    path = _write(exported, out)
    assert tomllib.loads(path.read_text())["cards"] == [f"cards/{ORACLE_CARDS_FILE}"]
    written = (out / "cards" / ORACLE_CARDS_FILE).read_text()
    assert written.startswith("# ") and written.endswith(stored if stored.endswith("\n") else stored + "\n")
    assert 'name = "Gilded Lotus"' in written and 'name = "Fyndhorn Elves"' in written
    monkeypatch.setattr(oracle, "oracle_record", lambda name: None)     # no Oracle data on this machine
    again = replay_file(path, None)
    assert again.error is None
    assert _rows(again.game.events) == _rows(first.game.events)
    assert state_json(again.game.state, again.game.pool, len(again.game.events)) == \
        {**state_json(first.game.state, first.game.pool, len(first.game.events)), "game": again.game.game_id}
    assert "oracle_cards" not in again.game.events[0].event.source     # the card file holds them now


def test_an_export_of_a_game_without_real_cards_writes_no_oracle_file(tmp_path: Path) -> None:
    """Only cards the game took from the Oracle data are written: a built-in-only game names no
    card file."""
    from simulator.tools.export import ORACLE_CARDS_FILE
    first = replay_file(EXAMPLES / "city_of_brass.toml", None)
    assert "oracle_cards" not in first.game.events[0].event.source
    exported = export_game(first.game.events, first.game.pool)
    assert ORACLE_CARDS_FILE not in [c["file"] for c in exported.card_files]
