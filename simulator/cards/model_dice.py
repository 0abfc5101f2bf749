"""Rolling dice (706; issue 22, pool-keywords): "Roll a d20." with its table of results (706.2:
"1—9 | Put a component counter on this artifact."), "roll a six-sided die and put a number of
+1/+1 counters on this creature equal to the result" (Jumbo Imp), "As this creature enters, roll
a six-sided die. This creature enters with a number of +1/+1 counters on it equal to the result."
(614.1c), "roll X six-sided dice ... equal to the total of those results" (Hydradoodle), "Whenever
you roll a die" (Hammer Jammer). A die's result is drawn from the game's seed and the event's
place in the log (as a coin flip, 705), recorded as `events.DieRolled`, so a replay rolls the
same. Part of the model (`cards.model` puts these in its unions); resolved by
`simulator.rules.dice`. Also here, beside the dice: "remove a funk counter from this creature.
If you can't, sacrifice it." (Temp of the Damned)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar, Literal


@dataclass(frozen=True)
class DieResult:
    """One row of a result table (706.2): the results from `low` to `high` (both included) have
    the instruction `effect` (an Effect of `cards.model`)."""

    low: int
    high: int
    effect: Any

    def describe(self) -> str:
        return f"{self.low}" if self.low == self.high else f"{self.low}-{self.high}"


@dataclass(frozen=True)
class RollDie:
    """"Roll a d20." / "roll a six-sided die" (706.1: a number from 1 to `sides`, at random). Then
    the instruction of the `table` row its result is in, if any (706.2); or, with `counters`, a
    number of counters of that kind equal to the result put on the ability's source ("put a
    number of +1/+1 counters on this creature equal to the result"), removed from it instead with
    `remove` (as many as it has, at most; 122.1)."""

    sides: int
    table: tuple[DieResult, ...] = ()
    counters: str | None = None
    remove: bool = False

    def describe(self) -> str:
        return f"roll a d{self.sides}"


@dataclass(frozen=True)
class EntersWithRolledCounters:
    """614.1c: "As this creature enters, roll a six-sided die. This creature enters with a number
    of +1/+1 counters on it equal to the result." / "..., roll X six-sided dice. ... equal to the
    total of those results." (`dice` "X": the X of the spell it was, 107.3m; 0 otherwise): the
    dice are rolled as it would enter (706.1), before it is on the battlefield."""

    sides: int
    dice: int | Literal["X"] = 1
    counter: str = "+1/+1"


@dataclass(frozen=True)
class YouRollDie:
    """"Whenever you roll a die" (603.2): each die its controller rolls (706.1) is one event; the
    ability sees that die's result ("the result")."""

    it: ClassVar[str | None] = None


@dataclass(frozen=True)
class CountersBecomeResult:
    """"remove all +1/+1 counters from this creature, then put a number of +1/+1 counters on it
    equal to the result" (Hammer Jammer): the result of the die its trigger saw (706.1)."""

    counter: str = "+1/+1"


@dataclass(frozen=True)
class RemoveCounterOrSacrifice:
    """"Remove a funk counter from this creature. If you can't, sacrifice it." (Temp of the
    Damned; 122.1, 701.21a): a counter removed if it has one; none: it is sacrificed."""

    counter: str
