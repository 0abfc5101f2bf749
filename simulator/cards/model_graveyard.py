"""The model of effects that move target cards out of a graveyard (115.1: a card in a graveyard
is a legal target): "Return target artifact card from your graveyard to your hand.", "Put target
creature card from your graveyard on top of your library." (400.7: each becomes a new object).
Part of the model (`cards.model` puts them in its `Effect` union); the rules are
`simulator.rules.graveyard`."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Literal


@dataclass(frozen=True)
class ReturnCardToHand:
    """"Return target creature card from your graveyard to your hand." / "Return up to two
    target land cards from your graveyard to your hand.": each target still legal as the
    ability resolves (608.2b) goes to its owner's hand; the cards are the ability's `Targets`."""


@dataclass(frozen=True)
class PutCardInLibrary:
    """"Put target artifact card from your graveyard on top of your library." / "... on the
    bottom of your library.": the target (one card) is put into its owner's library at that
    position (401.2: the top or the bottom; 608.2b: not if it is no longer legal)."""

    where: Literal["top", "bottom"] = "top"
