"""The facts of the turn (`this_turn`, `turn_counts`: "cards you drew this turn", "life you gained
this turn") are in the state digest of a game of state version 3 (`state.STATE_VERSION`), so a
snapshot that restores other facts fails `verify`; the digests of versions 1 and 2 leave them
out, as those games recorded them."""
from __future__ import annotations

import dataclasses

from simulator.game.codec import StateDigester, state_digest, state_from_dict, state_text, state_to_dict
from simulator.game.state import STATE_VERSION, GameState, TurnCounts


def _state(version: int, drew: tuple[str, ...]) -> GameState:
    s = GameState(game_id="g")
    if version > 1:
        s = dataclasses.replace(s, state_version=version)
    return dataclasses.replace(s, turn_counts=TurnCounts(drew=drew) if drew else None)


def test_new_games_digest_the_facts_of_the_turn() -> None:
    assert STATE_VERSION == 4
    one, two = _state(3, ("Alice",)), _state(3, ("Alice", "Alice"))
    assert state_digest(one) != state_digest(two)                    # drew one card / two cards
    assert StateDigester().digest(one) == state_digest(one) == state_text(one)[0]
    assert StateDigester().digest(two) == state_digest(two)


def test_older_games_keep_the_digests_they_recorded() -> None:
    for version in (1, 2):
        assert state_digest(_state(version, ("Alice",))) == state_digest(_state(version, ()))
        assert StateDigester().digest(_state(version, ("Alice",))) == state_digest(_state(version, ()))


def _cast(version: int, spells: tuple[str, ...], drew: tuple[str, ...] = ()) -> GameState:
    s = dataclasses.replace(GameState(game_id="g"), state_version=version)
    return dataclasses.replace(s, turn_counts=TurnCounts(drew=drew, spells=spells or None)
                               if spells or drew else None)


def test_version_4_digests_the_spells_cast_this_turn() -> None:
    """State version 4: the spells cast this turn (`TurnCounts.spells`, 601.2) are facts of the
    turn in the digest; a game of version 3 keeps the digest it recorded, where a turn with only
    spells cast had no `turn_counts` at all."""
    one = _cast(4, ("Alice|bears-2|hand|Grizzly Bears",))
    assert state_digest(one) != state_digest(_cast(4, ()))
    assert StateDigester().digest(one) == state_digest(one) == state_text(one)[0]
    assert state_from_dict(state_to_dict(one)) == one
    assert state_digest(_cast(3, ("Alice|bears-2|hand|Grizzly Bears",))) == state_digest(_cast(3, ()))
    assert StateDigester().digest(_cast(3, ("Alice|x-2|hand|X",))) == state_digest(_cast(3, ()))
    drew = _cast(3, ("Alice|x-2|hand|X",), ("Alice",))
    assert state_digest(drew) == state_digest(_cast(3, (), ("Alice",))) != state_digest(_cast(3, ()))
