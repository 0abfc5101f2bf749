"""One name per object (issue 23): `Names` follows a handle along the events as the fold does.

`log` reads no state: it names objects by following the events (`Names.see`); `why` and the
state read the handles the fold kept (`Names.of_state`, `GameObject.handle`). Both must give
every object the same name, or a user would meet two names for one card (400.7: each zone
change makes a new object, and the handle follows the card)."""
from __future__ import annotations

import re

import pytest

from simulator.game import events as ev
from simulator.game.names import MOVES, Names
from simulator.session.recorder import replay_file
from scenario import GAMES

HANDLED = sorted(p.stem for p in GAMES.glob("*.toml") if re.search(r"\{ *card *=[^}]*\bid *=", p.read_text()))


def test_there_are_games_whose_handled_cards_move() -> None:
    assert "handles_one_name" in HANDLED and len(HANDLED) >= 5


@pytest.mark.parametrize("stem", HANDLED)
def test_names_along_the_events_are_the_handles_the_fold_kept(stem: str) -> None:
    game = replay_file(GAMES / f"{stem}.toml", None).game
    along = Names()
    for env in game.events:
        along.see(env)
    kept = Names.of_state(game.state)
    assert along.as_dict() == kept.as_dict()
    for oid, o in game.state.objects.items():
        assert along.name(oid) == (o.handle or oid)


def test_a_moved_handled_card_is_named_by_its_handle_and_nothing_else_is_renamed() -> None:
    """`walker` cast (601.2: a new object on the stack) and resolved (608.3: another on the
    battlefield); the plain Forest keeps the engine's id; words that are not ids stay."""
    game = replay_file(GAMES / "handles_one_name.toml", None).game
    names = Names.of_state(game.state)
    cast = next(e.event for e in game.events if isinstance(e.event, ev.SpellCast))
    entered = next(e.event for e in game.events if isinstance(e.event, ev.ZoneChanged) and e.event.to_zone == "battlefield"
                   and e.event.card == "Merfolk Branchwalker")
    assert names.name(cast.spell_id) == names.name(entered.new_id) == "walker"
    assert cast.spell_id != "walker" and entered.new_id != "walker"
    forest = next(e.event for e in game.events if isinstance(e.event, ev.ZoneChanged) and e.event.card == "Forest").new_id
    assert names.name(forest) == forest
    assert names.text(f"{entered.new_id} explores; {forest} is tapped; Walker-1 isn't") == \
        f"walker explores; {forest} is tapped; Walker-1 isn't"


def test_every_event_that_makes_a_new_object_is_followed() -> None:
    """The events the fold moves an object with (`state._move`) are exactly `MOVES`: one more
    (a new zone-changing event) and `log` would lose the handle there."""
    import inspect
    from simulator.game import state as st

    source = inspect.getsource(st)
    moving = set(re.findall(r"@_on\(ev\.(\w+)\)\ndef \w+\([^)]*\)[^:]*:\n(?:(?!\n@_on).)*?_move\(", source, re.S))
    assert moving == {cls.__name__ for cls in MOVES}
