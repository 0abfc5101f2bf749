"""Reading a player's answer, and the references in a decision, by what is asked.

GAME_FORMAT.md: "An answer is read according to the pending kind: a string is
read as mana or color letters only for `mana` and `color`; for every other kind
it is an id (exact, case-sensitive), a card name, or one of the words the kind
lists." So an id such as ``gc`` or ``bug`` answers a `legend`, `target`,
`sacrifice` or `discard` choice as that id, never as mana.

Ids the recorded game gave to cards are handles that follow the card from zone
to zone (each move makes a new object, 400.7): `current` turns a handle into
the object the card is now, so a later action or answer can name it.
"""
from __future__ import annotations

from typing import Any

from simulator.game.state import GameState

LETTER_KINDS = frozenset({"mana", "color"})                         # answers are mana/color letters
ID_KINDS = frozenset({"target", "sacrifice", "legend", "discard"})  # answers name objects


def current(state: GameState, ref: Any) -> Any:
    """A reference as the object it names now: handles follow their card (see module doc);
    ids, card names, numbers and words are returned unchanged."""
    return state.current_id(ref) if isinstance(ref, str) else ref


def current_all(state: GameState, refs: Any) -> tuple[Any, ...]:
    return tuple(current(state, r) for r in (refs or ()))


def read_answer(state: GameState, kind: str, value: Any) -> Any:
    """The answer to a pending choice of `kind`, read the way that kind reads it.

    `mana`/`color`: strings are letters, upper-cased. Kinds that name objects: strings are
    exact ids (a handle becomes the card's object now) or card names. Any other kind gets the
    value as written (its frame reads its own words or option numbers)."""
    if kind in LETTER_KINDS:
        if isinstance(value, str):
            return value.strip().upper()
        if isinstance(value, (list, tuple)):
            return [v.strip().upper() if isinstance(v, str) else v for v in value]
        return value
    if kind in ID_KINDS:
        if isinstance(value, (list, tuple)):
            return [current(state, v) for v in value]
        return current(state, value)
    return value


__all__ = ["LETTER_KINDS", "ID_KINDS", "current", "current_all", "read_answer"]
