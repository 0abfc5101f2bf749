"""Counters and zones (issue 22, pool-ctrzone): the kinds of the model for keyword abilities made
of counters (vanishing, 702.63a), the counters players get (poison, 122.1f) and costs and
effects that move cards between zones. Part of the model (`simulator.cards.model`)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar


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
