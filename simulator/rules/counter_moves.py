"""Moving counters (122.5; issue 22, pool-poolB2): the handler of `cards/model_counter_moves`,
registered in `effects.EFFECTS` (imported by `resolution`, so every game has it)."""
from __future__ import annotations

from simulator.cards import model as m
from simulator.game import events as ev
from simulator.game.state import StackItem
from simulator.rules.context import Ctx, Frame
from simulator.rules.effects import handles, legal_targets


@handles(m.MoveCounterFromSelf)
def _move_counter_from_self(ctx: Ctx, item: StackItem, spec: m.Targets | None, eff: m.MoveCounterFromSelf,
                            that: str, cause: int | None) -> tuple[list[Frame], str]:
    """122.5: one `counter` counter leaves the source and goes on the target: nothing happens if
    the source left the battlefield or has no such counter (the target gets none), if the target
    is no longer legal (608.2b: the counter stays), or if the two are the same object."""
    source = item.source
    if not ctx.state.on_battlefield(source) or ctx.state.objects[source].counters.get(eff.counter, 0) <= 0:
        return [], that
    for t in legal_targets(ctx, item, spec):
        if t == source:
            continue
        seq = ctx.emit(ev.CountersRemoved(object_id=source, counters={eff.counter: 1}), "122.5", cause)
        ctx.emit(ev.CountersPlaced(object_id=t, counter=eff.counter, amount=1), "122.5", seq)
    return [], that
