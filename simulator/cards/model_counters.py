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
