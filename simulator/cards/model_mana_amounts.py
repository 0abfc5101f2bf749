"""Mana abilities and effects whose mana is counted or chosen as they resolve (106.1, 605.3a,
106.12b): one mana of each color among permanents, an amount of the chosen color, "that spell's
mana value", mana added only "If ...", basic lands producing three times as much. Handled by
`rules/mana_effects`; part of the model (`simulator.cards.model`)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class AddEachColorAmong:
    """"For each color among permanents you control, add one mana of that color." (Bloom Tender;
    106.1, 605.3a): one mana of each color the objects `what` (a `model.Selector`) have now;
    none: no mana (106.5)."""

    what: object


@dataclass(frozen=True)
class AddChosenColorCounted:
    """"Choose a color. Add an amount of mana of that color equal to the number of creatures you
    control of the chosen type." (Three Tree City; 605.3a, 608.2d): the color chosen as it
    resolves, as many as `amount` (a `model.Quantity`) counts then."""

    amount: object


@dataclass(frozen=True)
class AddThatSpellsManaValue:
    """"add an amount of {C} equal to that spell's mana value" (Mana Drain): the mana value of the
    spell the creating spell targeted, as it last existed on the stack (202.3e: with its X), kept
    with the delayed trigger as it was created (603.7c); not a mana ability (605.1b): added as the
    trigger resolves (608.2c). `any_colors`: "add X mana in any combination of colors, where X is
    that spell's mana value" (Plasm Capture: its controller chooses the colors as it resolves, 608.2d)."""

    any_colors: bool = False


@dataclass(frozen=True)
class AddManaIf:
    """"Spell mastery — If there are two or more instant and/or sorcery cards in your graveyard, add
    {B}{B}{B}." (Dark Petition): an instruction of a resolving spell (608.2c), done only if the
    condition holds as it gets there; the mana (`mana`, mana letters -> amount) is no mana ability's
    (605.1a)."""

    condition: Any
    mana: tuple[tuple[str, int], ...]


@dataclass(frozen=True)
class BasicLandManaMultiplier:
    """"If you tap a basic land for mana, it produces three times as much of that mana instead."
    (Virtue of Strength; 106.12b, 205.4c): only a permanent with the supertype basic that its
    controller taps for mana."""

    factor: int
