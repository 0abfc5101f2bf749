"""Effects of producing mana, tapping and untapping (issue 22, pool-manaprod), one handler
per kind in the registries of `rules/effects` (imported by `rules/resolution` to register them).

- "That land doesn't untap during its controller's next untap step." / "Target creature an
  opponent controls doesn't untap during its controller's next untap step." (502.3);
- "Whenever an opponent taps a land for mana, tap all lands that player controls." (701.26a);
- "Whenever enchanted land becomes tapped, its controller loses 2 life." (119.3);
- "During your next untap step, as you untap your permanents, return this land to its owner's
  hand." (502.3; written only in a mana ability, where `mana_abilities.MANA_ABILITY_EXTRAS` does it);
- "sacrifice it unless you tap an untapped artifact or land you control" (608.2c: `tap_unless`);
- "Until end of turn, lands you control gain "{T}: Add one mana of any color."" (611.2c, 613.1f);
- "Counter target spell unless its controller pays {1} for each basic land type among lands you
  control." (608.2c, 608.2h).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from simulator.base.abilityid import QUOTED, AbilityId
from simulator.base.errors import IllegalAction
from simulator.cards import model as m
from simulator.game import events as ev
from simulator.game.layers import all_characteristics
from simulator.game.selectors import select
from simulator.game.state import StackItem
from simulator.rules import choices as ch
from simulator.rules.actions import return_during_next_untap, sacrifice_permanent, skip_next_untap
from simulator.rules.context import Ctx, Frame, Pause
from simulator.rules.damage import deal_damage, lose_life
from simulator.game.quantities import quantity
from simulator.rules.effects import PayOrCountered, cant_be_countered, handles, legal_targets
from simulator.rules.library import effect_index, unwrapped
from simulator.rules.queries import stack_ability


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


@handles(m.ItsControllerLosesLife)
def _its_controller_loses_life(ctx: Ctx, item: StackItem, spec: m.Targets | None, eff: m.ItsControllerLosesLife,
                               that: str, cause: int | None) -> tuple[list[Frame], str]:
    """119.3: the controller of the land the trigger's event named (603.2), as it is now or as it
    last existed (608.2h)."""
    land = ctx.state.objects.get(str(item.data.get("land") or ""))
    if land is not None:
        lose_life(ctx, land.controller, eff.amount, cause)
    return [], that


@handles(m.ReturnDuringNextUntap)
def _return_during_next_untap(ctx: Ctx, item: StackItem, spec: m.Targets | None, eff: m.ReturnDuringNextUntap,
                              that: str, cause: int | None) -> tuple[list[Frame], str]:
    """502.3: the source returns to its owner's hand in its controller's next untap step."""
    return_during_next_untap(ctx, item.source, item.controller, cause)
    return [], that


@handles(m.SacrificeUnlessTap)
def _sacrifice_unless_tap(ctx: Ctx, item: StackItem, spec: m.Targets | None, eff: m.SacrificeUnlessTap,
                          that: str, cause: int | None) -> tuple[list[Frame], str]:
    ability = stack_ability(ctx.cards, item)
    return [TapOrSacrifice(item.id, effect_index(ability.effects, eff), item.source, item.controller, cause)], that


@dataclass(frozen=True)
class TapOrSacrifice(Frame):
    """"sacrifice it unless you tap an untapped artifact or land you control" (608.2c): a
    `tap_unless` choice among the untapped permanents that fit (none: the source is sacrificed
    without asking, 701.21a); one tapped (701.26a), the source stays. A source no longer on the
    battlefield is not sacrificed (400.7)."""

    stack_id: str
    effect: int
    source: str
    player: str
    cause: int | None

    def _effect(self, ctx: Ctx) -> m.SacrificeUnlessTap:
        item = ctx.state.stack_item(self.stack_id)
        eff = unwrapped(stack_ability(ctx.cards, item).effects[self.effect])
        assert isinstance(eff, m.SacrificeUnlessTap), eff
        return eff

    def _candidates(self, ctx: Ctx) -> list[str]:
        eff = self._effect(ctx)
        chars = all_characteristics(ctx.state, ctx.cards)
        return [oid for oid in ctx.state.battlefield
                if ctx.state.objects[oid].controller == self.player and oid in chars
                and not ctx.state.objects[oid].tapped
                and (not eff.types or any(t in chars[oid].types for t in eff.types))]

    def _sacrifice(self, ctx: Ctx) -> list[Frame]:
        if ctx.state.on_battlefield(self.source):
            sacrifice_permanent(ctx, self.source, self.cause)
        return []

    def run(self, ctx: Ctx) -> list[Frame]:
        options = self._candidates(ctx)
        if not options:
            return self._sacrifice(ctx)
        raise Pause(ch.TapUnless.ask(self.player, options, self._effect(ctx).describe(),
                                     ctx.state.objects[self.source].card), self, "608.2c", self.cause)

    def answer(self, ctx: Ctx, player: str, value: Any) -> list[Frame]:
        """`value`: [] or [the id of one of the options] (rules/choices.py `TapUnless`)."""
        if not value:
            return self._sacrifice(ctx)
        if value[0] not in self._candidates(ctx):
            raise IllegalAction(f"choose {self._effect(ctx).describe()}, or []", "608.2c")
        ctx.emit(ev.PermanentTapped(object_id=str(value[0])), "701.26a", self.cause)
        return []


@handles(m.LandDealsDamage)
def _land_deals_damage(ctx: Ctx, item: StackItem, spec: m.Targets | None, eff: m.LandDealsDamage,
                       that: str, cause: int | None) -> tuple[list[Frame], str]:
    """120.3: the land the trigger's event named deals the damage to the player who tapped it
    (written only in a triggered mana ability, where `TRIGGERED_MANA_EXTRAS` does it)."""
    land = ctx.state.objects.get(str(item.data.get("land") or ""))
    if land is not None and item.data.get("player"):
        deal_damage(ctx, land.id, land.card, land.controller, str(item.data["player"]), eff.amount, cause)
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
