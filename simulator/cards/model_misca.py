"""Miscellaneous phrases of the model (issue 22, pool-misca), each a small exact kind:

- `EntersOrDiesSelf`: "Whenever this creature enters or dies" (603.6a, 603.6c; one ability that
  triggers on either event, 603.2);
- `DealDamageToEach`: "This land deals 2 damage to each creature.", "... to each creature and each
  player", "It deals 1 damage to each other creature and each player." (120.3; the objects and
  players as the ability resolves, 608.2h);
- `OwnerShufflesIntoLibrary`: "Target creature's owner shuffles it into their library." (701.24a);
- the conditions `SelfHasFewerCounters` ("if this creature has fewer than three +1/+1 counters on
  it", 603.4), `YouControlNamed` ("If you control creatures named Mine Worker and Power Plant
  Worker", 201.2) and `CardTypesInGraveyardAtLeast` (delirium's "four or more card types among
  cards in your graveyard", 205.2a);
- `BecomesLandTypeLasting`: "Target land becomes a Forest." (305.7, with no end: "This effect
  lasts indefinitely.", 611.2c), `ExileSourceCard`: "When this creature dies, ... Exile this card."
  (the card in the graveyard, 400.7), `SetLandTypes`: "Enchanted land is a Mountain, Forest, and
  Plains." (305.7, layer 4).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar, Literal

from simulator.cards.model_miscb import LeavesSelf, RemoveCountersIfYouDo  # noqa: F401  (one kind each: 603.6c, 609.3)


@dataclass(frozen=True)
class EntersOrDiesSelf:
    """"Whenever this creature enters or dies" (603.6a entering, 603.6c dying: a
    leaves-the-battlefield trigger that looks back in time, 603.10a)."""

    it: ClassVar[str | None] = "self"


@dataclass(frozen=True)
class DealDamageToEach:
    """"<source> deals N damage to each creature" (`creatures` the permanents dealt damage, as
    the ability resolves; `other`: not the source itself, 109.2) "and each player" (`players`)
    (120.3: to each of them; 120.3e marked on a creature, 120.3a a player loses that much life)."""

    amount: int
    creatures: Any            # a Selector (model.py) of the permanents dealt damage
    players: bool = False


@dataclass(frozen=True)
class OwnerShufflesIntoLibrary:
    """"Target creature's owner shuffles it into their library." (701.24a: the card is put into
    its owner's library, then that library is shuffled; 608.2b: an illegal target is not moved,
    and nothing is shuffled)."""


@dataclass(frozen=True)
class SelfHasFewerCounters:
    """"if this creature has fewer than three +1/+1 counters on it" (122.1): fewer than `fewer_than`
    counters of the kind `counter` on the source."""

    counter: str
    fewer_than: int


@dataclass(frozen=True)
class YouControlNamed:
    """"If you control creatures named Mine Worker and Power Plant Worker" (201.2: each name, on
    a creature its controller controls)."""

    names: tuple[str, ...]


@dataclass(frozen=True)
class CardTypesInGraveyardAtLeast:
    """"as long as there are four or more card types among cards in your graveyard" (delirium;
    205.2a: the card types, a card of two types counting both)."""

    at_least: int


@dataclass(frozen=True)
class BecomesLandTypeLasting:
    """"Target land becomes a Forest." (Thelonite Monk; "This effect lasts indefinitely."): locked
    in on the target as it resolves (611.2c), its land type set (305.7: old land types and
    rules-text abilities gone, the new type's mana ability, 305.6), with no end."""

    land_type: str


@dataclass(frozen=True)
class ExileSourceCard:
    """"When this creature dies, ... Exile this card." (Cyclopean Giant): the card the source
    became in its owner's graveyard is exiled (400.7: if it left the graveyard, it is a new
    object and nothing happens)."""


@dataclass(frozen=True)
class SetLandTypes:
    """"Enchanted land is a Mountain, Forest, and Plains." (Lush Growth; 305.7, layer 4): its land
    types are these (every old land type and its rules-text abilities gone, 305.6: it has the
    mana ability of each)."""

    affected: Any             # a Selector (model.py)
    subtypes: tuple[str, ...]


@dataclass(frozen=True)
class ReturnRandomCardToHand:
    """"Return a creature card at random from your graveyard to your hand." (Haunted Fengraf): one
    card of that quality (`what`, a `CardQuality`) among those in its controller's graveyard,
    chosen at random (from the game's seed and the event's place in the log, as a shuffle,
    701.24a); none: nothing happens (608.2c)."""

    what: Any


@dataclass(frozen=True)
class TargetPlayerPerDomain:
    """"Target player draws a card for each basic land type among lands they control." (Allied
    Strategies: `action` "draw", `whose` "target") / "Target player discards a card for each basic
    land type among lands you control." (Voices from the Void: "discard", "you"): the count read
    as it resolves (608.2h; 305.6 basic land types), then 121.1 / 701.9a."""

    action: Literal["draw", "discard"]
    whose: Literal["you", "target"]


@dataclass(frozen=True)
class YouDiscard:
    """"Whenever you discard a creature card" / "... a noncreature, nonland card" (`whose` "you") /
    "Whenever an opponent discards a land card" ("opponent"): one card of that quality (`what`, a
    `CardQuality`: its printed types, as in the hand, 109.1) put from its owner's hand into their
    graveyard as a discard (701.9a: an effect's, a cost's, or the cleanup step's, 514.1)."""

    it: ClassVar[str | None] = None
    whose: Literal["you", "opponent"]
    what: Any


@dataclass(frozen=True)
class EnchantedIsBasicLandType:
    """"As long as enchanted land is a basic Mountain" (611.3a): the permanent the source Aura is
    attached to has the Basic supertype (205.4) and that land type (205.3i), as it is now."""

    land_type: str


@dataclass(frozen=True)
class PumpTargetIfCreature:
    """"Untap target Griffin. If it's a creature, it gets +1/+1 until end of turn." (Griffin
    Canyon): each legal target (608.2b) that is a creature as it resolves gets +N/+N until end of
    turn (611.2c, 613.4c, 514.2)."""

    power: int
    toughness: int


@dataclass(frozen=True)
class FlipCoin:
    """"Flip a coin. If you lose the flip, this artifact deals 3 damage to you." (Mana Crypt) /
    "... If you win the flip, put a +1/+1 counter on this creature. If you lose the flip, remove a
    +1/+1 counter from this creature." (Chaotic Goo): its controller flips (705.1, 705.2: won or
    lost at random), then the instruction for that result, if any (608.2c)."""

    win: Any = None           # an Effect (model.py), or None
    lose: Any = None


@dataclass(frozen=True)
class DamagePlayerAndTheirs:
    """"Chandra deals 10 damage to target player and each creature and planeswalker they control."
    (120.3: to the target player, if still legal, 608.2b, and to each creature and planeswalker
    that player controls as it resolves; 120.3c loyalty counters removed)."""

    amount: int


@dataclass(frozen=True)
class CreaturesColorLandsType:
    """"Until end of turn, all creatures become black and all lands become Swamps." (Nightcreep):
    one effect on each creature (its color set, layer 5, 105.2) and on each land (its land type
    set, 305.7, layer 4) on the battlefield as it resolves (611.2c: locked in), until the cleanup
    step (514.2)."""

    color: str
    land_type: str
