"""Countering spells unless a counted cost is paid (701.6, 608.2h): "Counter target spell unless
its controller pays {1} for each basic land type among lands you control."
Each handler is registered in `rules/effects` (or the registry it names) when this module is
imported (by `rules/resolution`, so every game has them)."""
from __future__ import annotations

from simulator.cards import model as m
from simulator.game.quantities import quantity
from simulator.game.state import StackItem
from simulator.rules.context import Ctx, Frame
from simulator.rules.effects import PayOrCountered, cant_be_countered, handles, legal_targets


@handles(m.CounterUnlessPaysDomain)
def _counter_unless_domain(ctx: Ctx, item: StackItem, spec: m.Targets | None, eff: m.CounterUnlessPaysDomain,
                           that: str, cause: int | None) -> tuple[list[Frame], str]:
    """Evasive Action: {1} for each basic land type among the lands its controller controls now
    (608.2h), asked of the target spell's controller if it can be countered (101.2, 608.2b)."""
    n = quantity(ctx.state, ctx.cards, m.BasicLandTypesAmong(), source=item.source, you=item.controller)
    for t in legal_targets(ctx, item, spec):
        if not cant_be_countered(ctx, t):
            controller = ctx.state.stack_item(t).controller    # type: ignore[union-attr]
            return [PayOrCountered(t, controller, n, (), item.source_card, cause)], that
    return [], that
