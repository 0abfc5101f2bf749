"""Conditions of "Activate only if ..." (602.5b) and of intervening "if" clauses (603.4) beyond
those of `simulator.cards.model`: "it's not your turn" (Ghost Town), "an opponent controls four
or more lands" (one opponent, not all of them together: Tectonic Edge), "you control a creature
with toughness 4 or greater" (Baxter Building). Part of the model (`Condition`); read by
`simulator.game.conditions`."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar


@dataclass(frozen=True)
class NotYourTurn:
    """"Activate only if it's not your turn." (602.5b): another player is the active player."""


@dataclass(frozen=True)
class AnOpponentControlsAtLeast:
    """"an opponent controls four or more lands": some one opponent of the ability's controller
    controls `at_least` or more of `what` (`what.controller` is "opponent"; counted per opponent,
    800.4a: a player who left controls nothing)."""

    what: Any                   # a Selector
    at_least: int = 1


@dataclass(frozen=True)
class YouControlToughnessAtLeast:
    """"you control a creature with toughness 4 or greater": read on the layered toughness
    (613.4) of the creatures the ability's controller controls."""

    toughness: int = 4


@dataclass(frozen=True)
class EntersSelfUntapped:
    """"When this land enters untapped" (603.6a; Mystic Sanctuary, Witch's Cottage, Idyllic
    Grange): it triggers only if the permanent entered untapped, as the `ZoneChanged` that put
    it onto the battlefield says (614.1c-d: an "enters tapped" replacement applied first)."""

    it: ClassVar[str | None] = "self"
