"""Fight (701.14; issue 22, pool-modes): the handler of `cards/model_fight`, registered in
`effects.EFFECTS` (imported by `resolution`, so every game has it)."""
from __future__ import annotations

from simulator.cards import model as m
from simulator.game.layers import all_characteristics
from simulator.game.state import StackItem
from simulator.rules.context import Ctx, Frame
from simulator.rules.damage import DamageEach
from simulator.rules.effects import handles, legal_targets


@handles(m.Fights)
def _fights(ctx: Ctx, item: StackItem, spec: m.Targets | None, eff: m.Fights, that: str,
            cause: int | None) -> tuple[list[Frame], str]:
    """701.14a: the source and the target each deal damage equal to its power to the other, both
    powers read before any damage is dealt (the damage is dealt at once, 701.14a; not combat
    damage, 701.14d). 701.14b: no damage at all if the source is no longer on the battlefield or
    no longer a creature, or the target is illegal (608.2b) or no longer a creature. A power of 0
    or less deals no damage (120.8). Each damage goes through `damage.DamageEach` (616.1: two or
    more prevention effects on one recipient ask their order)."""
    source = item.source
    targets = [t for t in legal_targets(ctx, item, spec) if t != source]
    if not targets or not ctx.state.on_battlefield(source):
        return [], that
    chars = all_characteristics(ctx.state, ctx.cards)
    target = targets[0]
    if not (chars[source].is_creature and chars[target].is_creature):
        return [], that
    mine, theirs = chars[source].power or 0, chars[target].power or 0
    other = ctx.state.objects[target]
    return [DamageEach(source, item.source_card, item.controller, (target,), mine, cause),
            DamageEach(target, other.card, other.controller, (source,), theirs, cause)], that
