"""The facts of the turn (`this_turn`, `turn_counts`: "cards you drew this turn", "life you gained
this turn") are in the state digest of a game of state version 3 (`state.STATE_VERSION`), so a
snapshot that restores other facts fails `verify`; the digests of versions 1 and 2 leave them
out, as those games recorded them."""
from __future__ import annotations

import dataclasses

from simulator.game.codec import StateDigester, state_digest, state_text
from simulator.game.state import STATE_VERSION, GameState, TurnCounts


def _state(version: int, drew: tuple[str, ...]) -> GameState:
    s = GameState(game_id="g")
    if version > 1:
        s = dataclasses.replace(s, state_version=version)
    return dataclasses.replace(s, turn_counts=TurnCounts(drew=drew) if drew else None)


def test_new_games_digest_the_facts_of_the_turn() -> None:
    assert STATE_VERSION == 3
    one, two = _state(3, ("Alice",)), _state(3, ("Alice", "Alice"))
    assert state_digest(one) != state_digest(two)                    # drew one card / two cards
    assert StateDigester().digest(one) == state_digest(one) == state_text(one)[0]
    assert StateDigester().digest(two) == state_digest(two)


def test_older_games_keep_the_digests_they_recorded() -> None:
    for version in (1, 2):
        assert state_digest(_state(version, ("Alice",))) == state_digest(_state(version, ()))
        assert StateDigester().digest(_state(version, ("Alice",))) == state_digest(_state(version, ()))
