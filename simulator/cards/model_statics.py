"""Static abilities read by the rules outside the layers ("You have no maximum hand size.",
402.2), and conditions of static abilities about their own source (611.3a: a static ability's effect
applies whenever its condition is true, read continuously): "as long as it's untapped" (Paradise
Druid), "as long as it has three or more oil counters on it". Part of the model
(`simulator.cards.model.Condition`); read by `simulator.game.layers` (`STATIC_CONDITIONS`) where
a static ability applies and by `simulator.game.conditions` elsewhere."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class SelfUntapped:
    """"as long as it's untapped": the source is an untapped permanent (110.5)."""


@dataclass(frozen=True)
class SelfHasCounters:
    """"as long as it has a charge counter on it" / "... three or more oil counters on it"
    (122.1): at least `at_least` counters of the kind `counter` on the source."""

    counter: str
    at_least: int = 1


@dataclass(frozen=True)
class NoMaximumHandSize:
    """"You have no maximum hand size." (Reliquary Tower, Thought Vessel; 402.2): its
    controller does not discard in the cleanup step (514.1)."""
