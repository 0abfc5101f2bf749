"""The model of effects that move target cards out of a graveyard (115.1: a card in a graveyard
is a legal target): "Return target artifact card from your graveyard to your hand.", "Put target
creature card from your graveyard on top of your library." (400.7: each becomes a new object).
Part of the model (`cards.model` puts them in its `Effect` union); the rules are
`simulator.rules.graveyard`."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal


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


@dataclass(frozen=True)
class ExileSourceCard:
    """"When this creature dies, ... Exile this card." (Cyclopean Giant): the card the source
    became in its owner's graveyard is exiled (400.7: if it left the graveyard, it is a new
    object and nothing happens)."""


@dataclass(frozen=True)
class ReturnRandomCardToHand:
    """"Return a creature card at random from your graveyard to your hand." (Haunted Fengraf): one
    card of that quality (`what`, a `CardQuality`) among those in its controller's graveyard,
    chosen at random (from the game's seed and the event's place in the log, as a shuffle,
    701.24a); none: nothing happens (608.2c)."""

    what: Any


@dataclass(frozen=True)
class ReturnDiedCardToHand:
    """"When Michelangelo dies, return this card to your hand." (400.7d: a trigger on a move finds
    the new object in the public zone it moved to): the card it became in its owner's graveyard,
    if it is still there, goes to its owner's hand (400.3)."""


@dataclass(frozen=True)
class ReturnSelfFromGraveyard:
    """"{3}: Return this card from your graveyard to the battlefield tapped." (Drownyard Temple) /
    "... to your hand." (Abzan Devotee): an ability that functions in the graveyard (113.6k); the
    card, if it is still that object in its owner's graveyard (400.7), goes `to` the battlefield
    under its owner's control (`tapped`) or to its owner's hand."""

    to: Literal["battlefield", "hand"] = "hand"
    tapped: bool = False
