"""The counter effects of the model (122): counters removed from an object ("At the beginning of
your upkeep, remove a depletion counter from this land.", "Remove a -1/-1 counter from target
creature."), what a count of counters on the source decides ("If there are no depletion
counters on this land, sacrifice it.", "... doesn't untap during your untap step if it has a
depletion counter on it."), and the instructions those need: "sacrifice it" (701.21a) and "if
<condition>, <instruction>" (608.2c). Part of the model (`simulator.cards.model`); done by
`simulator.rules.counters`."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

# 122.1b: keyword counters: a permanent with one has that keyword (613.1f, layer 6). Only those of
# keywords these rules know (the others, decayed, exalted, shadow, ... stay refused as counter names).
KEYWORD_COUNTERS = ("flying", "first strike", "double strike", "deathtouch", "haste", "hexproof",
                    "indestructible", "lifelink", "menace", "reach", "trample", "vigilance")


def counter_keyword(kind: str) -> str | None:
    """The keyword a counter of the kind `kind` gives ("first strike" -> "First strike"), or None."""
    return kind.capitalize() if kind in KEYWORD_COUNTERS else None


@dataclass(frozen=True)
class RemoveCounters:
    """"remove a depletion counter from this land" (`on` "self") / "Remove a -1/-1 counter from
    target creature" (`on` "target") (122.1): as many of the kind `counter` as are there, up to
    `amount`; none there, nothing happens (609.3)."""

    counter: str
    amount: int = 1
    on: Literal["self", "target"] = "self"


@dataclass(frozen=True)
class SacrificeSelf:
    """"sacrifice it" / "sacrifice this land" (701.21a): the source, if it is still the
    permanent that had the ability (400.7); otherwise nothing happens."""


@dataclass(frozen=True)
class IfThen:
    """"If there are no depletion counters on this land, sacrifice it." (608.2c): the
    instruction `effect` is done only if `condition` is true as the ability gets to it."""

    condition: Any        # a model Condition
    effect: Any           # a model Effect


@dataclass(frozen=True)
class SelfHasNoCounters:
    """"there are no depletion counters on this land" (122.1): none of the kind `counter` on the
    source."""

    counter: str


@dataclass(frozen=True)
class PutCountersCounted:
    """"Put X +1/+1 counters on this creature, where X is its power" / "put X +1/+1 counters on
    target creature you control, where X is the number of +1/+1 counters on this creature" /
    "put a -1/-1 counter on target creature for each -1/-1 counter on this creature" (122.1):
    as many counters as `per` (a model Quantity) counts as the ability resolves (608.2h; the
    source's counters as it last existed once it left the battlefield, 603.10a)."""

    counter: str
    per: Any
    on: Literal["self", "target"] = "self"


@dataclass(frozen=True)
class PutItsCounters:
    """"When this creature dies, put its counters on target creature you control." (Star Pupil):
    a counter of each kind and number the source had as it last existed on the battlefield
    (603.10a) goes on the target."""


@dataclass(frozen=True)
class DrawCounted:
    """"When this creature dies, draw a card for each +1/+1 counter on it." (Marketback Walker;
    121.1): as many cards as `per` counts as the ability resolves (608.2h, 603.10a). `who`
    "active_player": "At the beginning of each player's upkeep, that player draws a card for each
    +1/+1 counter on this creature." (Walking Archive: the player whose upkeep it is)."""

    per: Any
    who: Literal["you", "active_player"] = "you"


@dataclass(frozen=True)
class EntersWithCounterOfChoice:
    """"This creature enters with your choice of a flying counter or a first strike counter on it."
    (614.1c, 614.12: chosen as it enters, by its controller): one counter of one of `kinds`."""

    kinds: tuple[str, ...]


@dataclass(frozen=True)
class PutCountersOnEach:
    """"Put a +1/+1 counter on each creature you control." (Gavony Township) / "... on each other
    creature" / "... on each green creature that entered this turn" (122.1): on every permanent
    `affected` (a model Selector, read as the ability resolves, 608.2h) describes."""

    counter: str
    amount: int
    affected: Any


@dataclass(frozen=True)
class DoubleCounters:
    """"Double the number of +1/+1 counters on this creature." (`affected` None: the source) /
    "... on each creature you control" (701.10e): each gets as many more counters of the kind
    `counter` as it has (none: nothing happens)."""

    counter: str
    affected: Any = None


@dataclass(frozen=True)
class PutCountersOnIt:
    """"Whenever a nontoken creature enters the battlefield under your control, put a +1/+1 counter
    on it." (The Alright Henge): the counters go on the permanent the trigger event named (603.2,
    `who` "entered"), if it is still on the battlefield as the ability resolves (400.7: a new
    object otherwise; 122.1)."""

    counter: str = "+1/+1"
    amount: int = 1
    who: Literal["entered"] = "entered"


@dataclass(frozen=True)
class EachEntersWithCounters:
    """"Each other Warrior creature you control enters with an additional +1/+1 counter on it."
    (Bramblewood Paragon; 614.1c, 614.12): a replacement effect of a permanent on the
    battlefield, on each permanent entering that fits one of `what` (`model.Selector`s, its
    controller "you": the source's controller's; `other` on them: never the source itself) as it
    would exist on the battlefield. `amount` counters of the kind `counter`, times `per` (a
    `model.Quantity` read as it would enter: "for each Angel you already control", Giada; or
    "a number of ... equal to this creature's power", Master Biomancer, `amount` 1); with
    `mana_value_at_most`, that many only if its mana value is at most it, else `otherwise`
    (Thunderous Velocipede); `add_subtypes`: it also enters as those subtypes "in addition to its
    other types" (Master Biomancer's Mutant: a type-changing effect from its entering on, 611.2a,
    613.1d)."""

    what: tuple[object, ...]
    counter: str = "+1/+1"
    amount: int = 1
    per: object | None = None
    mana_value_at_most: int | None = None
    otherwise: int = 0
    add_subtypes: tuple[str, ...] = ()


@dataclass(frozen=True)
class PutItsCountersOfKind:
    """"When this creature leaves the battlefield, put its +1/+1 counters on target creature you
    control." (Selfless Police Captain; 603.10a, 122.1): as many counters of the kind `counter`
    as the source had as it last existed, on each legal target."""

    counter: str = "+1/+1"


@dataclass(frozen=True)
class RemoveCountersIfYouDo:
    """"you may remove a +1/+1 counter from it. If you do, draw a card." (Ingenious Prodigy; the
    `may` is a `model.MayDo` around this): `amount` counters of the kind `counter` removed from the
    source, and only if that many were removed, `then` (an effect, 608.2c)."""

    counter: str
    amount: int
    then: object


@dataclass(frozen=True)
class PutCountersThatMany:
    """"put that many +1/+1 counters on it" (Hungering Hydra): as many `counter` counters on the
    source as the damage its trigger saw (603.2); gone from the battlefield, nothing happens (400.7:
    "It must survive the damage to get the counters.")."""

    counter: str = "+1/+1"


@dataclass(frozen=True)
class EntersWithXMore:
    """"This creature enters with X +1/+1 counters on it. If X is 5 or more, it enters with an
    additional X +1/+1 counters on it." (Apocalypse Hydra; 614.1c, 107.3m): X of the spell it was;
    `at_least` or more: twice X."""

    counter: str = "+1/+1"
    at_least: int = 5


@dataclass(frozen=True)
class RemoveAllCountersAndUntap:
    """"remove those counters and untap it" (Prize Pig, after "if there are three or more ribbon
    counters on this creature"): every `counter` counter on the source removed (122.1), then the
    source untapped (701.26b); gone from the battlefield, nothing happens (400.7)."""

    counter: str


@dataclass(frozen=True)
class GetPoison:
    """"You get two poison counters." (Mox Poison, Noxious Bayou; 122.1f): its controller gets that
    many poison counters; ten or more and they lose the game (704.5c)."""

    amount: int = 1
