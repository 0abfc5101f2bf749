"""Sacrifices of chosen permanents (701.21): "sacrifice two lands", "Target opponent sacrifices a
creature of their choice", "As this enchantment enters, sacrifice all lands you control" (614.1c),
"sacrifice it unless you tap an untapped artifact or land you control". Handled by
`rules/sacrifice`; part of the model (`simulator.cards.model`)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Literal


@dataclass(frozen=True)
class ChosenPermanents:
    """"When this land enters, sacrifice two lands." (Lotus Field), "Target opponent sacrifices a
    creature of their choice." (Blighted Fen; `who` "target"), "When this artifact enters, return
    two lands you control to their owner's hand." (Khalni Gem; `action` "return"): `amount`
    permanents that fit `what` (a `model.Selector`, "you": the player's), chosen by the player
    as it resolves (608.2c; pending `choose_permanents`); with as many or fewer, all of them
    (701.21a: as many as possible)."""

    what: object
    amount: int = 1
    action: Literal["sacrifice", "return"] = "sacrifice"
    who: Literal["you", "target"] = "you"


@dataclass(frozen=True)
class SacrificeAsEnters:
    """"As this enchantment enters, sacrifice all lands you control." (Overlaid Terrain; 614.1c)
    / "If this land would enter, instead sacrifice each other permanent named Sheltered Valley you
    control, then put this land onto the battlefield." (614.1a; `same_name`): as the permanent
    enters, its controller sacrifices every permanent they control that fits `what` (a
    `model.Selector`; `same_name`: with the entering card's name, 201.2), all at once (701.21a)."""

    what: object
    same_name: bool = False


@dataclass(frozen=True)
class SacrificeUnlessTap:
    """"When this land enters, sacrifice it unless you tap an untapped artifact or land you
    control." (Public Thoroughfare) / "... an untapped permanent you control." (Command Bridge;
    608.2c, 701.21a): as the ability resolves its controller may tap one untapped permanent they
    control with one of `types` (none: any permanent), the source itself included (tapping by an
    effect is no {T} cost: 302.6 does not apply); if they don't, the source is sacrificed."""

    types: tuple[str, ...] = ()

    def describe(self) -> str:
        """"an untapped artifact or land you control"."""
        words = " or ".join(t.lower() for t in self.types) or "permanent"
        return f"an untapped {words} you control"
