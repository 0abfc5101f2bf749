"""Fight (701.14): "This creature fights target creature you don't control." (Voracious Hydra).
Part of the model (`cards.model` puts `Fights` in its `Effect` union); resolved by
`simulator.rules.fight`."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Fights:
    """"<self> fights target creature ...": the source and the one target creature each deal
    damage equal to its power to the other (701.14a), at once, not combat damage (701.14d)."""

    def describe(self) -> str:
        return "this creature fights the target creature"
