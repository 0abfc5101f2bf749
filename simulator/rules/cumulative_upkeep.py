"""Cumulative upkeep (702.24; issue 22, pool-keywords; cards/model_cumulative_upkeep.py): the
upkeep trigger's instruction (702.24a). If its source is still on the battlefield (the intervening
"if this permanent is on the battlefield": otherwise nothing), an age counter is put on it; then
its controller answers the `pay_unless` choice (608.2c): "pay" pays the cost once for each age
counter on it now (702.24b: every age counter, whichever ability put it there) -- mana from their
pool (mana abilities may be activated first, 605.3a), or, for "Add {R}", that mana added to their
pool -- and "sacrifice" sacrifices it (701.21a)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from simulator.cards import model as m
from simulator.game import events as ev
from simulator.game.state import StackItem
from simulator.rules import choices as ch
from simulator.rules.actions import sacrifice_permanent
from simulator.rules.context import Ctx, Frame, Pause
from simulator.rules.effects import handles, pay_for_effect


@handles(m.CumulativeUpkeep)
def _cumulative_upkeep(ctx: Ctx, item: StackItem, spec: m.Targets | None, eff: m.CumulativeUpkeep, that: str,
                       cause: int | None) -> tuple[list[Frame], str]:
    """702.24a: the age counter, then the payment asked (the source gone: nothing, 400.7)."""
    if not ctx.state.on_battlefield(item.source):
        return [], that
    ctx.emit(ev.CountersPlaced(object_id=item.source, counter="age", amount=1), "702.24a", cause)
    return [PayCumulativeUpkeep(item.source, item.controller, eff.generic, tuple(eff.symbols), eff.add, cause)], that


@dataclass(frozen=True)
class PayCumulativeUpkeep(Frame):
    """702.24a: "you may pay [cost] for each age counter on it. If you don't, sacrifice it." (the
    `pay_unless` choice of its controller)."""

    source: str
    player: str
    generic: int
    symbols: tuple[str, ...]
    add: bool
    cause: int | None

    def _ages(self, ctx: Ctx) -> int:
        return ctx.state.objects[self.source].counters.get("age", 0) if ctx.state.on_battlefield(self.source) else 0

    def _total(self, n: int) -> m.ManaCost:
        return m.ManaCost(generic=self.generic * n, symbols=tuple(self.symbols) * n)

    def run(self, ctx: Ctx) -> list[Frame]:
        if not ctx.state.on_battlefield(self.source):
            return []
        total = self._total(self._ages(ctx)).text()
        cost = f"the cumulative upkeep \"add {total}\"" if self.add else total
        raise Pause(ch.PayUnless.ask(self.player, ctx.state.objects[self.source].card, cost), self, "702.24a",
                    self.cause)

    def answer(self, ctx: Ctx, player: str, value: Any) -> list[Frame]:
        """`value`: "pay" or "sacrifice" (rules/choices.py `PayUnless`)."""
        if not ctx.state.on_battlefield(self.source):
            return []
        n = self._ages(ctx)
        card = ctx.state.objects[self.source].card
        if value != "pay":
            sacrifice_permanent(ctx, self.source, self.cause)
        elif self.add:
            mana: dict[str, int] = {}
            for letter in tuple(self.symbols) * n:
                mana[letter] = mana.get(letter, 0) + 1
            if mana:
                ctx.emit(ev.ManaAdded(player=self.player, mana=mana, source=self.source), "702.24a", self.cause)
        else:
            pay_for_effect(ctx, self.player, self._total(n), card, self.cause)
        return []
