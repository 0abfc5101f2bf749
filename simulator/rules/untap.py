"""Tapping and untapping by resolving abilities (502.3, 701.26): a permanent that doesn't untap
during its controller's next untap step, "tap all lands that player controls", a land returned
to its owner's hand during its controller's next untap step.
Each handler is registered in `rules/effects` (or the registry it names) when this module is
imported (by `rules/resolution`, so every game has them)."""
from __future__ import annotations

from simulator.cards import model as m
from simulator.game import events as ev
from simulator.game.layers import all_characteristics
from simulator.game.state import StackItem
from simulator.rules.actions import return_during_next_untap, skip_next_untap
from simulator.rules.context import Ctx, Frame
from simulator.rules.effects import handles, legal_targets


@handles(m.SkipsNextUntap)
def _skips_next_untap(ctx: Ctx, item: StackItem, spec: m.Targets | None, eff: m.SkipsNextUntap, that: str,
                      cause: int | None) -> tuple[list[Frame], str]:
    """502.3: each named permanent still on the battlefield skips the next untap step of the player
    controlling it now; one that left is a new object (400.7), untouched."""
    if eff.who == "that_land":
        named = [str(item.data.get("land") or "")]
    else:
        named = legal_targets(ctx, item, spec)
    for oid in named:
        if oid and ctx.state.on_battlefield(oid):
            skip_next_untap(ctx, oid, ctx.state.objects[oid].controller, cause)
    return [], that


@handles(m.TapLandsOfThatPlayer)
def _tap_lands_of_that_player(ctx: Ctx, item: StackItem, spec: m.Targets | None, eff: m.TapLandsOfThatPlayer,
                              that: str, cause: int | None) -> tuple[list[Frame], str]:
    """701.26a: each untapped land the player who tapped a land for mana (the trigger's event,
    603.2) controls as it resolves is tapped; a tapped one is left as it is."""
    player = str(item.data.get("player") or "")
    chars = all_characteristics(ctx.state, ctx.cards)
    for oid in list(ctx.state.battlefield):
        o = ctx.state.objects[oid]
        if o.controller == player and oid in chars and chars[oid].is_land and not o.tapped:
            ctx.emit(ev.PermanentTapped(object_id=oid), "701.26a", cause)
    return [], that


@handles(m.ReturnDuringNextUntap)
def _return_during_next_untap(ctx: Ctx, item: StackItem, spec: m.Targets | None, eff: m.ReturnDuringNextUntap,
                              that: str, cause: int | None) -> tuple[list[Frame], str]:
    """502.3: the source returns to its owner's hand in its controller's next untap step."""
    return_during_next_untap(ctx, item.source, item.controller, cause)
    return [], that
