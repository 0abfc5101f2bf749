"""Ward (702.21; issue 22, pool-keywords; cards/model_ward.py): the ward trigger's instruction,
"counter that spell or ability unless that player pays {2}" (702.21a). The spell or ability is the
one its trigger saw (`targeted_by`, game/triggers.py); gone from the stack by now, nothing happens.
Its controller answers the `counter_unless` choice (608.2c; mana abilities may be activated first,
605.3a): "pay" pays from their pool, "countered" counters it (701.6a: a spell to its owner's
graveyard, an ability removed from the stack, `AbilityCountered`). A spell that can't be countered
(101.2) stays, and nothing is asked."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from simulator.cards import model as m
from simulator.game import events as ev
from simulator.game.state import StackItem
from simulator.rules import choices as ch
from simulator.rules.context import Ctx, Frame, Pause
from simulator.rules.effects import cant_be_countered, counter_spell, handles, pay_for_effect


def _named(ctx: Ctx, item: StackItem) -> str:
    """The spell's card name, or "<card>'s ability (<id>)"."""
    if item.kind == "spell":
        return ctx.state.objects[item.id].card
    return f"{item.source_card}'s ability ({item.id})"


@handles(m.CounterUnlessPays)
def _counter_unless_pays(ctx: Ctx, item: StackItem, spec: m.Targets | None, eff: m.CounterUnlessPays, that: str,
                         cause: int | None) -> tuple[list[Frame], str]:
    """702.21a: the object that targeted the ward permanent, if it is still on the stack (608.2c);
    its controller chooses to pay or lets it be countered."""
    by = str(item.data.get("targeted_by") or "")
    target = ctx.state.stack_item(by) if by else None
    if target is None or (target.kind == "spell" and cant_be_countered(ctx, by)):
        return [], that
    return [PayOrCounteredByWard(by, target.controller, eff.generic, tuple(eff.symbols), item.source_card,
                                 item.id, cause)], that


@dataclass(frozen=True)
class PayOrCounteredByWard(Frame):
    """Ward's "unless that player pays {2}": a `counter_unless` choice of the controller of the
    spell or ability (608.2c): "pay" pays the mana from their pool now (106.6: restricted mana only
    where its restriction allows), "countered" counters it (701.6a)."""

    stack_id: str
    player: str
    generic: int
    symbols: tuple[str, ...]
    source_card: str
    ward: str
    cause: int | None

    def _cost(self) -> m.ManaCost:
        return m.ManaCost(generic=self.generic, symbols=tuple(self.symbols))

    def run(self, ctx: Ctx) -> list[Frame]:
        item = ctx.state.stack_item(self.stack_id)
        if item is None:
            return []
        raise Pause(ch.CounterUnless.ask(self.player, _named(ctx, item), self._cost().text()), self, "702.21a",
                    self.cause)

    def answer(self, ctx: Ctx, player: str, value: Any) -> list[Frame]:
        """`value`: "pay" or "countered" (rules/choices.py `CounterUnless`)."""
        if value == "pay":
            pay_for_effect(ctx, self.player, self._cost(), self.source_card, self.cause)
            return []
        item = ctx.state.stack_item(self.stack_id)
        if item is None:
            return []
        if item.kind == "spell":
            counter_spell(ctx, self.stack_id, "701.6a", self.cause)
        else:
            ctx.emit(ev.AbilityCountered(stack_id=self.stack_id, by=self.ward), "701.6a", self.cause)
        return []
