"""Flipping a coin (705): "Flip a coin. If you lose the flip, ...", "If you win the flip, ...".
Handled by `rules/coin_flips`; part of the model (`simulator.cards.model`)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class FlipCoin:
    """"Flip a coin. If you lose the flip, this artifact deals 3 damage to you." (Mana Crypt) /
    "... If you win the flip, put a +1/+1 counter on this creature. If you lose the flip, remove a
    +1/+1 counter from this creature." (Chaotic Goo): its controller flips (705.1, 705.2: won or
    lost at random), then the instruction for that result, if any (608.2c)."""

    win: Any = None           # an Effect (model.py), or None
    lose: Any = None
