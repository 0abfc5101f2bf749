"""Mana symbols: the types of mana (106.1b), the colors (105.1) and how an amount of mana is written.

At the bottom of the package (it imports nothing), so events can put mana in words.
"""
from __future__ import annotations

from collections.abc import Mapping

MANA_TYPES = ("W", "U", "B", "R", "G", "C")  # 106.1b: types; C is colorless
COLORS = ("W", "U", "B", "R", "G")            # 105.1: colors (colorless is not one)


def mana_letters(mana: Mapping[str, int] | None) -> str:
    """{"G": 2, "C": 1} -> "GGC": the letters of the recorded-game syntax (`pay`, `mana`), W U B R G C order."""
    mana = mana or {}
    return "".join(k * int(mana[k]) for k in MANA_TYPES if mana.get(k))


def mana_text(mana: Mapping[str, int]) -> str:
    """{"G": 2, "C": 1} -> "{C}{G}{G}" in W U B R G C order ("" for none)."""
    return "".join("{%s}" % k * mana[k] for k in MANA_TYPES if mana.get(k))
