"""Cost reductions of the model (601.2f): "This spell costs {1} less to cast for each basic land
type among lands you control." (Stratadon: a static ability of the card, read as its total cost
is determined) and "This ability costs {1} less to activate for each pressure counter on this
artifact." (Exploding Barrel: part of the activated ability). Part of the model
(`simulator.cards.model`); applied by `simulator.rules.reductions`."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class CostReduction:
    """{`generic`} less for each thing `per` (a model Quantity) counts as the total cost is
    determined (601.2f): it reduces only the generic mana of the cost, never below zero."""

    generic: int
    per: Any


@dataclass(frozen=True)
class SpellCostReduction:
    """"This spell costs {1} less to cast for each ..." (601.2f): a static ability that
    functions on the stack as the card is cast (its text says "this spell")."""

    reduction: CostReduction
