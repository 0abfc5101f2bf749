"""Mana abilities whose mana depends on a condition read as they resolve: "{T}: Add {C}. If you
control an Urza's Power-Plant and an Urza's Tower, add {C}{C} instead." (the Tron lands),
"{T}: Add {G}. If you control four or more creatures, add {G}{G} instead." (Leafkin Druid),
"{T}: Add {U}. If you played a land this turn, add {B} instead." (River of Tears). The second
sentence is not a replacement effect of another object (106.12b) but part of the ability's own
effect: the condition is read as the mana ability resolves (605.3b, 608.2c), and what the
ability could produce (106.7) is what it would make now. Part of the model
(`simulator.cards.model`); made by `rules/mana_abilities.py`, could-produce in
`game/could_produce.py`, the conditions read by `game/conditions.py`."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class AddInstead:
    """"Add <base>. If <condition>, add <instead> instead.": `instead` when `condition` holds as
    the ability resolves, `base` otherwise (both simple mana kinds of `simulator.cards.model`)."""

    base: object
    instead: object
    condition: object


@dataclass(frozen=True)
class AllConditions:
    """"if you control an Urza's Power-Plant and an Urza's Tower": true when every one of
    `conditions` is (each "you control a ..." read on its own: one permanent with both subtypes
    satisfies both, as the rules read the sentence)."""

    conditions: tuple[object, ...]


@dataclass(frozen=True)
class YouPlayedLandThisTurn:
    """"if you played a land this turn" (River of Tears): its controller played a land this turn
    (305.1: a land play, the special action; a land put onto the battlefield by an effect was
    not played)."""
