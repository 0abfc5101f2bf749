"""Continuous effects created by resolving abilities (611.2): a land that becomes a Forest
(indefinitely, 611.2c), "all creatures become black and all lands become Swamps", "If it's a
creature, it gets +1/+1 until end of turn", a group that gains an ability until end of turn.
Each handler is registered in `rules/effects` (or the registry it names) when this module is
imported (by `rules/resolution`, so every game has them)."""
from __future__ import annotations

from simulator.base.abilityid import AbilityId, QUOTED
from simulator.base.errors import IllegalAction
from simulator.cards import model as m
from simulator.game import events as ev
from simulator.game.layers import all_characteristics
from simulator.game.selectors import select
from simulator.game.state import StackItem
from simulator.rules.context import Ctx, Frame
from simulator.rules.effects import handles, legal_targets
from simulator.rules.library import effect_index


@handles(m.BecomesLandTypeLasting)
def _becomes_land_type_lasting(ctx: Ctx, item: StackItem, spec: m.Targets | None, eff: m.BecomesLandTypeLasting,
                               that: str, cause: int | None) -> tuple[list[Frame], str]:
    """"Target land becomes a Forest." (611.2c: locked in on the target, 305.7: its land type set;
    "This effect lasts indefinitely.": no end)."""
    for t in legal_targets(ctx, item, spec):
        ctx.emit(ev.ContinuousEffectCreated(object_id=t, source=item.source, source_card=item.source_card,
                                            land_type=eff.land_type, until_end_of_turn=False), "611.2c", cause)
    return [], that


@handles(m.CreaturesColorLandsType)
def _creatures_color_lands_type(ctx: Ctx, item: StackItem, spec: m.Targets | None, eff: m.CreaturesColorLandsType,
                                that: str, cause: int | None) -> tuple[list[Frame], str]:
    """611.2c: the creatures and lands on the battlefield as it resolves, each locked in: a creature
    becomes that color (layer 5), a land that land type (305.7, layer 4), until end of turn."""
    chars = all_characteristics(ctx.state, ctx.cards)
    for oid in list(ctx.state.battlefield):
        c = chars.get(oid)
        if c is None:
            continue
        if c.is_creature:
            ctx.emit(ev.ContinuousEffectCreated(object_id=oid, source=item.source, source_card=item.source_card,
                                                colors=(eff.color,)), "611.2c", cause)
        if c.is_land:
            ctx.emit(ev.ContinuousEffectCreated(object_id=oid, source=item.source, source_card=item.source_card,
                                                land_type=eff.land_type), "611.2c", cause)
    return [], that


@handles(m.PumpTargetIfCreature)
def _pump_if_creature(ctx: Ctx, item: StackItem, spec: m.Targets | None, eff: m.PumpTargetIfCreature, that: str,
                      cause: int | None) -> tuple[list[Frame], str]:
    """"If it's a creature, it gets +1/+1 until end of turn.": the target, if still legal (608.2b)
    and a creature now (613), locked in (611.2c)."""
    chars = all_characteristics(ctx.state, ctx.cards)
    for t in legal_targets(ctx, item, spec):
        if t in chars and chars[t].is_creature:
            ctx.emit(ev.PowerToughnessChanged(object_id=t, power=eff.power, toughness=eff.toughness,
                                              source=item.source, source_card=item.source_card), "611.2c", cause)
    return [], that


@handles(m.GroupGainsUntilEndOfTurn)
def _group_gains(ctx: Ctx, item: StackItem, spec: m.Targets | None, eff: m.GroupGainsUntilEndOfTurn,
                 that: str, cause: int | None) -> tuple[list[Frame], str]:
    """611.2c: one "until end of turn" effect on each permanent the group selects now (a land that
    comes later is not affected), giving the quoted ability (layer 6, 613.1f): its `AbilityId` is
    of kind quoted at the spell's effect (`layers.ability_definition`); ended in cleanup (514.2)."""
    if item.kind != "spell":
        raise IllegalAction("only an instant's or sorcery's effect gives a group a quoted ability here", "613.1f")
    index = effect_index(ctx.cards.get(item.source_card).spell_effects, eff)
    quoted = AbilityId(QUOTED, item.source_card, index).to_json()
    for oid in select(ctx.state, ctx.cards, eff.group, you=item.controller, source=item.source):
        ctx.emit(ev.ContinuousEffectCreated(object_id=oid, source=item.source, source_card=item.source_card,
                                            abilities=(quoted,)), "611.2c", cause)
    return [], that
