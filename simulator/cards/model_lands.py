"""The model of land effects (issue 22's "lands" family): the bounce lands' "sacrifice it unless
you return an untapped Island you control to its owner's hand". Part of the model (`cards.model`
puts the effects in its `Effect` union); kept apart so each family of card text has its own
module."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class SacrificeUnlessReturn:
    """"sacrifice it unless you return an untapped Island you control to its owner's hand"
    (Coral Atoll; 701.21a, 608.2c) / "... unless you return a non-Lair land you control ..."
    (Crosis's Catacombs): as the ability resolves its controller may return one permanent they
    control with all of `types`, one of `subtypes` if any, untapped if `untapped`, without the
    subtype `not_subtype`; if they don't, the source is sacrificed (if still on the battlefield)."""

    types: tuple[str, ...] = ("Land",)
    subtypes: tuple[str, ...] = ()
    untapped: bool = False
    not_subtype: str | None = None

    def describe(self) -> str:
        """"an untapped Island you control", "a non-Lair land you control"."""
        words = (["untapped"] if self.untapped else []) + ([f"non-{self.not_subtype}"] if self.not_subtype else [])
        words += list(self.subtypes) or [t.lower() for t in self.types]
        text = " ".join(words)
        return ("an " if text[0] in "aeiouAEIOU" else "a ") + text + " you control"


# --------------------------------------------------------------------------- conditions (602.5b)

@dataclass(frozen=True)
class EnteredThisTurn:
    """"Activate only if this land entered this turn" (Dark Fortress, Mirrex): the object came
    onto the battlefield this turn (a new object each time it enters, 400.7)."""


@dataclass(frozen=True)
class AnyCondition:
    """"... if this land entered this turn or if you control a basic land": true when one of
    `conditions` is."""

    conditions: tuple[object, ...]
