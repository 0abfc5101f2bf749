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
  cards in your graveyard", 205.2a).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar


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
