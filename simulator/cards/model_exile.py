"""Exile (406.2): "Exile target creature with power or toughness 1 or less." (Warping Wail): a
permanent put into the exile zone, not linked to anything (607: no "exiled with"). Part of the
model (`cards.model` puts `ExileTargetPermanent` in its `Effect` union); resolved by
`simulator.rules.exile`."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class ExileTargetPermanent:
    """"Exile target creature ...": each legal target permanent (608.2b) is put into its owner's
    exile zone (406.2, 400.3); it becomes a new object (400.7)."""

    def describe(self) -> str:
        return "exile the target permanent"
