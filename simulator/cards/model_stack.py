"""Spells on the stack as card text acts on them (701.6 counter): "Counter target spell [unless
its controller pays {1}]." and "This spell can't be countered." Part of the model (`cards.model`
puts the effect in its `Effect` union and the static in its statics); kept apart so each family
of card text has its own module."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class CounterTargetSpell:
    """"Counter target spell." (701.6a: it is removed from the stack, doesn't resolve, and goes
    to its owner's graveyard; its costs are not refunded, 701.6b) / "Counter target spell unless
    its controller pays {1}." (608.2c: that player chooses as it resolves: pay the mana from
    their pool, or the spell is countered). A spell that can't be countered (101.2) stays."""

    unless_generic: int = 0
    unless_symbols: tuple[str, ...] = ()
    unless: bool = False

    def text(self) -> str:
        """The mana the controller may pay: "{1}"."""
        generic = f"{{{self.unless_generic}}}" if self.unless_generic or not self.unless_symbols else ""
        return generic + "".join(f"{{{s}}}" for s in self.unless_symbols)


@dataclass(frozen=True)
class CantBeCountered:
    """"This spell can't be countered." (101.2: a "can't" wins over an effect that would counter
    it): a static ability that functions while the card is a spell on the stack (113.6)."""


@dataclass(frozen=True)
class CounterUnlessPaysDomain:
    """"Counter target spell unless its controller pays {1} for each basic land type among lands
    you control." (Evasive Action; 608.2c, 608.2h): the amount is the domain of the counterspell's
    controller as it resolves; that spell's controller chooses to pay it (`counter_unless`)."""
