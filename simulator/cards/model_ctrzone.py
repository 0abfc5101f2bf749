"""Counters and zones (issue 22, pool-ctrzone): the kinds of the model for keyword abilities made
of counters (vanishing, 702.63a), the counters players get (poison, 122.1f) and costs and
effects that move cards between zones. Part of the model (`simulator.cards.model`)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar, Literal


@dataclass(frozen=True)
class LastCounterRemovedSelf:
    """"When the last time counter is removed from this permanent" (702.63a, vanishing's third
    ability): the source had at least one counter of the kind `counter` and now has none, however
    they were removed (an effect, a cost, 122.1)."""

    it: ClassVar[str | None] = "self"
    counter: str = "time"


@dataclass(frozen=True)
class GetPoison:
    """"You get two poison counters." (Mox Poison, Noxious Bayou; 122.1f): its controller gets that
    many poison counters; ten or more and they lose the game (704.5c)."""

    amount: int = 1


@dataclass(frozen=True)
class SelfWasKicked:
    """"When this creature enters, if it was kicked, ..." (702.33d, 603.4): the permanent was a
    spell cast with its kicker cost paid (kept as `GameObject.kicked`)."""


@dataclass(frozen=True)
class LookAtTopCardMay:
    """"Look at the top card of your library. If it's a land card, you may put it onto the
    battlefield tapped. If you don't put the card onto the battlefield, you may put it on the
    bottom of your library." (Lantern of Revealing) / "... If it's a Mount card, you may reveal it
    and put it into your hand. If you don't put it into your hand, you may put it on the bottom of
    your library." / "... If it's an instant or sorcery card, ... If you don't ..., you may put it
    into your graveyard." / "Look at the top card of your library. You may exile that card."

    Its controller looks at the top card of their own library (401.2; none: nothing happens) and
    chooses (the pending `top_card`): if it is a card of one of `qualities` (none listed: any
    card), put it `to` ("battlefield", `tapped`; "hand", `reveal`: shown first; "exile"); else, or
    instead, `otherwise` ("bottom" of the library, "graveyard"; "" no such option); or leave it on
    top (608.2d: each "you may" declined)."""

    qualities: tuple[Any, ...] = ()       # model CardQuality: the card fits one of them
    to: Literal["battlefield", "hand", "exile"] = "battlefield"
    tapped: bool = False
    reveal: bool = False
    otherwise: Literal["bottom", "graveyard", ""] = ""


@dataclass(frozen=True)
class ReturnDiedCardToHand:
    """"When Michelangelo dies, return this card to your hand." (400.7d: a trigger on a move finds
    the new object in the public zone it moved to): the card it became in its owner's graveyard,
    if it is still there, goes to its owner's hand (400.3)."""


@dataclass(frozen=True)
class SelfHadCounters:
    """"When this creature dies, if it had counters on it, ..." (603.10a, 603.4): the source had a
    counter of some kind as it last existed on the battlefield (its record keeps them, 400.7)."""


@dataclass(frozen=True)
class ReturnSelfFromGraveyard:
    """"{3}: Return this card from your graveyard to the battlefield tapped." (Drownyard Temple) /
    "... to your hand." (Abzan Devotee): an ability that functions in the graveyard (113.6k); the
    card, if it is still that object in its owner's graveyard (400.7), goes `to` the battlefield
    under its owner's control (`tapped`) or to its owner's hand."""

    to: Literal["battlefield", "hand"] = "hand"
    tapped: bool = False
