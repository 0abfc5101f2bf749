"""The references in a decision and in an answer: handles that follow their card.

An answer to a pending choice is read by its kind's one parser (`rules.choices`); GAME_FORMAT.md:
"a string is read as mana or color letters only for `mana` and `color`; for every other kind it
is an id (exact, case-sensitive), a card name, or one of the words the kind lists". So an id
such as ``gc`` or ``bug`` answers a `legend`, `target`, `sacrifice` or `discard` choice as that
id, never as mana.

Ids the recorded game gave to cards are handles that follow the card from zone
to zone (each move makes a new object, 400.7): `current` turns a handle into
the object the card is now, so a later action or answer can name it.
"""
from __future__ import annotations

from typing import Any

from simulator.game.state import GameState


def current(state: GameState, ref: Any) -> Any:
    """A reference as the object it names now: handles follow their card (see module doc);
    ids, card names, numbers and words are returned unchanged."""
    return state.current_id(ref) if isinstance(ref, str) else ref


def current_all(state: GameState, refs: Any) -> tuple[Any, ...]:
    return tuple(current(state, r) for r in (refs or ()))


__all__ = ["current", "current_all"]
