"""Ward (702.21; issue 22, pool-keywords): "Ward {2}" / "Flying, ward {2}" is a triggered ability
(702.21a): "Whenever this permanent becomes the target of a spell or ability an opponent
controls, counter that spell or ability unless that player pays {2}." The parser makes the line a
`TriggeredAbility` of these kinds (with its keywords, if any, a static line beside it); the trigger
is read by `game/triggers` (a spell cast, 601.2c / 601.2i, or an ability put on the stack, 602.2a
/ 603.3, naming the permanent among its targets), the effect by `simulator.rules.ward`. "Ward—Pay
N life" and other non-mana ward costs are refused."""
from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar


@dataclass(frozen=True)
class BecomesTargetOfOpponent:
    """702.21a: "Whenever this permanent becomes the target of a spell or ability an opponent
    controls": once for each spell or ability that names it among its targets as it is put on the
    stack (however many times it names it); the trigger keeps that object (`targeted_by`)."""

    it: ClassVar[str | None] = None


@dataclass(frozen=True)
class CounterUnlessPays:
    """702.21a: "counter that spell or ability unless that player pays {2}": the spell or ability
    its trigger saw, if still on the stack; its controller pays the mana or it is countered
    (701.6a; a spell that can't be countered stays, 101.2, and nothing is asked)."""

    generic: int = 0
    symbols: tuple[str, ...] = ()

    def describe(self) -> str:
        cost = (f"{{{self.generic}}}" if self.generic or not self.symbols else "") + "".join(
            f"{{{s}}}" for s in self.symbols)
        return f"counter that spell or ability unless its controller pays {cost}"
