"""Equipment (301.5): the equip ability's effect as it resolves (702.6a, 701.3) and the
state-based action that unattaches an Equipment from what it may no longer equip (704.5n). The
kinds are `simulator.cards.model_equipment`; the handler is registered in `effects.EFFECTS`
(this module is imported by `resolution`, so every game has it); `priority` calls
`must_unattach` with the other state-based actions."""
from __future__ import annotations

from simulator.cards import model as m
from simulator.game import events as ev
from simulator.game.layers import Board, all_characteristics
from simulator.game.state import GameState, StackItem
from simulator.rules.context import Ctx, Frame
from simulator.rules.effects import handles, legal_targets


@handles(m.AttachSelf)
def _attach_self(ctx: Ctx, item: StackItem, spec: m.Targets | None, eff: m.AttachSelf, that: str,
                 cause: int | None) -> tuple[list[Frame], str]:
    """702.6a, 701.3a: the Equipment becomes attached to the target creature, if that target is
    still legal (608.2b) and the Equipment is still that permanent (400.7); an Equipment that is
    also a creature can't equip a creature (301.5c), one already attached to it does nothing
    (701.3b): nothing happens then. Attaching gives it a new timestamp (613.7e)."""
    equipment = item.source
    s = ctx.state
    if not s.on_battlefield(equipment):
        return [], that
    chars = all_characteristics(s, ctx.cards)
    for target in legal_targets(ctx, item, spec):
        if chars[equipment].is_creature or s.objects[equipment].attached_to == target:
            continue
        ctx.emit(ev.AttachedTo(object_id=equipment, target=target), "701.3a", cause)
    return [], that


def must_unattach(state: GameState, chars: Board, oid: str) -> bool:
    """704.5n: an Equipment attached to an illegal permanent or to an object not on the
    battlefield (a creature that left it, 400.7) becomes unattached and stays on the
    battlefield; it may equip only a creature, and not while it is a creature itself (301.5c)."""
    target = state.objects[oid].attached_to
    if target is None or "Equipment" not in chars[oid].subtypes:
        return False
    return not state.on_battlefield(target) or not chars[target].is_creature or chars[oid].is_creature
