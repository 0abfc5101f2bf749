"""Mana of a color some objects have (106.1, 106.7): "{T}: Add one mana of any color among legendary
creatures and planeswalkers you control." (Mox Amber), "... among legendary permanents you control"
(Plaza of Heroes), "... among legendary creature cards in your graveyard" (The Grey Havens). The
colors are read as the mana ability resolves (605.3b): permanents' as they are now (613, layer
5), cards in a graveyard as printed; none is an undefined type: no mana (106.5). Part of the
model (`simulator.cards.model`); made by `rules/mana_abilities.py`, could-produce in
`game/could_produce.py`."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class AddColorAmong:
    """"Add one mana of any color among <what>": one mana of one of the colors the objects `what`
    (a `model.Selector`) selects have, its controller chooses."""

    what: Any
