"""State version 2 lets go of the records of objects that left the game for good (400.7) once
nothing in the state can name them, as a turn begins; version 1 (games stored before) keeps
every record. Same events, same answers: only the state's own records shrink."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import simulator.session.game as session_game
from scenario import GAMES
from simulator.base.abilityid import AbilityId
from simulator.game import events as ev
from simulator.game.codec import StateDigester, state_digest, state_from_dict, state_to_dict
from simulator.game.state import STATE_VERSION, GameState, evolve, free_object_id, project
from simulator.session.recorder import replay_file
from simulator.session.view import state_json


def _fold(events: list[ev.Event], version: int = 2, start: GameState | None = None) -> GameState:
    state = start or GameState(game_id="g")
    first = state.version + 1
    for i, e in enumerate(events):
        state = evolve(state, ev.Envelope.of(first + i, e, None, first + i, None))
    return state


def _created(version: int) -> ev.GameCreated:
    return ev.GameCreated(title="t", players=("Alice", "Bob"), life=(20, 20), turn=1, active="Alice",
                          step="main1", state_version=version)


def _elf_dies(*extra: ev.Event) -> list[ev.Event]:
    """An Elf on the battlefield dies (704.5g): `elf-1` becomes `elf-2` in the graveyard."""
    return [ev.CardPlaced(object_id="llanowar-elves-1", card="Llanowar Elves", owner="Alice", zone="battlefield"),
            ev.CardPlaced(object_id="forest-1", card="Forest", owner="Alice", zone="battlefield"),
            *extra,
            ev.ZoneChanged(object_id="llanowar-elves-1", new_id="llanowar-elves-2", card="Llanowar Elves",
                           owner="Alice", from_zone="battlefield", to_zone="graveyard", reason="died")]


def test_new_games_follow_the_new_version() -> None:
    assert STATE_VERSION == 4   # 3: version 2, and the facts of the turn in the digest; 4: the spells cast this turn too
    assert session_game.STATE_VERSION == STATE_VERSION


def test_a_record_that_nothing_names_is_let_go_of_as_the_next_turn_begins() -> None:
    """400.7: the Elf that died is a new object in the graveyard; its old record (last known
    information, 603.10a) stays for the rest of the turn and is let go of as the next begins."""
    s = _fold([_created(2), *_elf_dies()])
    assert s.objects["llanowar-elves-1"].zone == "moved"
    s = _fold([ev.TurnBegan(turn=2, active="Bob")], start=s)
    assert "llanowar-elves-1" not in s.objects
    assert s.objects["llanowar-elves-2"].zone == "graveyard"
    assert s.players["Alice"].graveyard == ["llanowar-elves-2"]
    # ids never repeat: the next Elf is elf-3, not the freed elf-1
    assert free_object_id(s, "llanowar-elves") == "llanowar-elves-3"
    assert free_object_id(s, "forest") == "forest-2"


def test_version_1_keeps_every_record_and_its_digest() -> None:
    """A game stored before version 2 (GameCreated without `state_version`) folds as it did:
    the record stays, and the state's JSON has neither new field (its digests unchanged)."""
    assert "state_version" not in _created(1).payload()
    s = _fold([_created(1), *_elf_dies(), ev.TurnBegan(turn=2, active="Bob")])
    assert s.objects["llanowar-elves-1"].zone == "moved"
    data = state_to_dict(s)
    assert "state_version" not in data and "next_ids" not in data
    assert free_object_id(s, "llanowar-elves") == "llanowar-elves-3"


@pytest.mark.parametrize("named_by", ["stack", "exiled with", "effect", "pool", "aura"])
def test_a_record_something_still_names_is_kept(named_by: str) -> None:
    """Kept while anything can name it: an ability on the stack whose source left (its last
    known information, 608.2h; 113.7a), a card exiled with it (607.2a), an effect locked in on it
    (611.2c), mana it made (106.4), an Aura attached to it (303.4) -- and let go of once nothing does."""
    extra: list[ev.Event] = []
    after: list[ev.Event] = []
    if named_by == "stack":
        after = [ev.AbilityPutOnStack(stack_id="ab-1", source="llanowar-elves-1", source_card="Llanowar Elves",
                                      controller="Alice", text="t", kind="activated",
                                      ability=AbilityId.printed("Llanowar Elves", 0))]
        gone = [ev.AbilityResolved(stack_id="ab-1")]
    elif named_by == "exiled with":
        extra = [ev.CardPlaced(object_id="island-1", card="Island", owner="Bob", zone="exile",
                               exiled_with="llanowar-elves-1")]
        gone = [ev.ZoneChanged(object_id="island-1", new_id="island-2", card="Island", owner="Bob",
                               from_zone="exile", to_zone="hand")]
    elif named_by == "effect":
        after = [ev.ContinuousEffectCreated(object_id="forest-1", source="llanowar-elves-1",
                                            source_card="Llanowar Elves", types=("Creature",),
                                            until_end_of_turn=False)]
        gone = [ev.ZoneChanged(object_id="forest-1", new_id="forest-2", card="Forest", owner="Alice",
                               from_zone="battlefield", to_zone="hand")]
    elif named_by == "pool":
        after = [ev.ManaAdded(player="Alice", mana={"G": 1}, source="llanowar-elves-1",
                              restriction={"text": "Spend this mana only to cast a creature spell."})]
        gone = [ev.ManaSpent(player="Alice", mana={"G": 1})]
    else:
        extra = [ev.CardPlaced(object_id="rancor-1", card="Rancor", owner="Alice", zone="battlefield",
                               attached_to="llanowar-elves-1")]
        gone = [ev.ZoneChanged(object_id="rancor-1", new_id="rancor-2", card="Rancor", owner="Alice",
                               from_zone="battlefield", to_zone="graveyard", reason="704.5m")]
    s = _fold([_created(2), *_elf_dies(*extra), *after, ev.TurnBegan(turn=2, active="Bob")])
    assert s.objects["llanowar-elves-1"].zone == "moved"
    s = _fold([*gone, ev.TurnBegan(turn=3, active="Alice")], start=s)
    assert "llanowar-elves-1" not in s.objects


def test_a_record_with_a_handle_is_kept() -> None:
    """The recorded game's id for a card follows it from object to object (`current_id`): the
    records on the way are kept, so the handle names the card for good."""
    s = _fold([_created(2),
               ev.CardPlaced(object_id="pet", card="Blood Pet", owner="Alice", zone="battlefield", handle=True),
               ev.ZoneChanged(object_id="pet", new_id="blood-pet-1", card="Blood Pet", owner="Alice",
                              from_zone="battlefield", to_zone="graveyard"),
               ev.ZoneChanged(object_id="blood-pet-1", new_id="blood-pet-2", card="Blood Pet", owner="Alice",
                              from_zone="graveyard", to_zone="exile"),
               ev.TurnBegan(turn=2, active="Bob")])
    assert {"pet", "blood-pet-1", "blood-pet-2"} <= set(s.objects)
    assert s.current_id("pet") == "blood-pet-2"


def test_a_restored_snapshot_lets_go_of_the_same_records() -> None:
    """The fold indexes the dead as they die; a state restored from a snapshot finds them by a
    scan: the same records go, the same digests follow (and `next_ids` comes back)."""
    s = _fold([_created(2), *_elf_dies()])
    restored = state_from_dict(json.loads(json.dumps(state_to_dict(s))))
    assert state_digest(restored) == state_digest(s)
    turn = [ev.TurnBegan(turn=2, active="Bob")]
    assert state_digest(_fold(turn, start=restored)) == state_digest(_fold(turn, start=s))
    assert set(_fold(turn, start=restored).objects) == set(_fold(turn, start=s).objects)


def _replayed(name: str, version: int, monkeypatch: pytest.MonkeyPatch) -> Any:
    monkeypatch.setattr(session_game, "STATE_VERSION", version)
    return replay_file(GAMES / name, None)


_LETS_GO = ("turn_morbid_last_turn.toml", "turn_gecko_last_turn.toml", "walker_next_turn.toml")


@pytest.mark.parametrize("name", [*_LETS_GO, "handles_explore_defossilize.toml", "turn_revolt_land.toml"])
def test_the_same_events_and_answers_in_both_versions(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Letting go of records changes neither what happens (the events, their ids: `next_ids`
    gives what the objects gave) nor what users see; the in-place fold of a version 2 log, and
    the digester beside it, reproduce the live state."""
    old, new = _replayed(name, 1, monkeypatch), _replayed(name, 2, monkeypatch)

    def log(game: Any) -> list[Any]:
        out = [(e.seq, e.type, e.event.payload(), e.cause_seq, e.rule) for e in game.events]
        out[0][2].pop("state_version", None)
        return out

    assert log(old.game) == log(new.game)
    assert str(old.error) == str(new.error)
    views = [state_json(r.game.state, r.game.pool, len(r.game.events)) for r in (old, new)]
    for view in views:
        view.pop("game")
    assert views[0] == views[1]
    assert set(new.game.state.objects) <= set(old.game.state.objects)
    if name in _LETS_GO:   # a creature died a turn before the last, or a card was played
        assert len(new.game.state.objects) < len(old.game.state.objects)
    folded = project(new.game.events, GameState(game_id=new.game.state.game_id))
    assert state_digest(folded) == state_digest(new.game.state)
    assert StateDigester().digest(folded) == state_digest(folded)


def test_a_long_game_keeps_a_bounded_number_of_records(tmp_path: Path) -> None:
    """A game whose board stays the same: the records kept grow with the graveyard only (one
    object per card there), not with every object each card ever was (five per Elf here)."""
    from bench.workloads import constant_board_game
    path = tmp_path / "long.json"
    path.write_text(json.dumps(constant_board_game(40)))
    state = replay_file(path, None).game.state
    graveyards = sum(len(state.players[n].graveyard) for n in state.order)
    assert graveyards == 40
    live = {oid for n in state.order for z in ("library", "hand", "graveyard", "exile")
            for oid in getattr(state.players[n], z)} | set(state.battlefield)
    assert len(state.objects) - len(live) <= 8   # this turn's records and the handles' own
