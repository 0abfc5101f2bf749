"""Exile (406.2; issue 22, pool-modes): the handler of `cards/model_exile`, registered in
`effects.EFFECTS` (imported by `resolution`, so every game has it)."""
from __future__ import annotations

from simulator.cards import model as m
from simulator.game.state import StackItem
from simulator.rules.context import Ctx, Frame
from simulator.rules.effects import handles, legal_targets


@handles(m.ExileTargetPermanent)
def _exile_target_permanent(ctx: Ctx, item: StackItem, spec: m.Targets | None, eff: m.ExileTargetPermanent,
                            that: str, cause: int | None) -> tuple[list[Frame], str]:
    """406.2: each legal target (608.2b: one no longer legal stays) moves from the battlefield
    to its owner's exile zone (400.3), linked to nothing (607)."""
    for t in legal_targets(ctx, item, spec):
        if ctx.state.on_battlefield(t):
            ctx.move(t, "exile", "exiled", "406.2", cause)
    return [], that
