"""Effects of the damage and trigger phrases (issue 22, pool-dmgtrig; cards/model_dmgtrig.py):
"put that many +1/+1 counters on it" (Hungering Hydra: the damage its trigger saw, 603.2); "destroy
that land" (Price of Glory: the land its trigger saw tapped for mana, 106.12a)."""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

from simulator.base.abilityid import DELAYED, AbilityId
from simulator.cards import model as m
from simulator.cards.model_tokens import created_token
from simulator.game import events as ev
from simulator.game.conditions import holds
from simulator.game.layers import all_characteristics
from simulator.game.quantities import quantity
from simulator.game.state import StackItem
from simulator.rules.actions import draw_cards
from simulator.base.errors import IllegalAction
from simulator.base.symbols import COLORS
from simulator.rules import choices as ch
from simulator.rules.context import Ctx, Frame, Pause
from simulator.rules.damage import damage_to_each, destroy, lose_life
from simulator.rules.effects import handles, legal_targets, pay_for_effect
from simulator.rules.library import effect_index
from simulator.rules.mana_abilities import MANA_ABILITY_EXTRAS, ProduceMana
from simulator.rules.queries import stack_ability_id


@handles(m.PutCountersThatMany)
def _put_that_many(ctx: Ctx, item: StackItem, spec: m.Targets | None, eff: m.PutCountersThatMany, that: str,
                   cause: int | None) -> tuple[list[Frame], str]:
    """122.1: as many counters as the trigger's damage on the source, if it is still the permanent
    that was dealt the damage (400.7)."""
    n = int(item.data.get("amount") or 0)
    if n > 0 and ctx.state.on_battlefield(item.source):
        ctx.emit(ev.CountersPlaced(object_id=item.source, counter=eff.counter, amount=n), "122.1", cause)
    return [], that


@handles(m.DestroyThatLand)
def _destroy_that_land(ctx: Ctx, item: StackItem, spec: m.Targets | None, eff: m.DestroyThatLand, that: str,
                       cause: int | None) -> tuple[list[Frame], str]:
    """701.8a: the land the trigger saw tapped for mana (603.2), if it is still that permanent
    (400.7: one that left and came back is a new object)."""
    land = str(item.data.get("land") or "")
    if land and ctx.state.on_battlefield(land):
        destroy(ctx, land, "701.8a", cause)
    return [], that


@handles(m.LifeTotalsBecomeCreatures)
def _life_totals_become(ctx: Ctx, item: StackItem, spec: m.Targets | None, eff: m.LifeTotalsBecomeCreatures,
                        that: str, cause: int | None) -> tuple[list[Frame], str]:
    """119.5: each player's new total is the number of creatures they control, all counted first
    (608.2h); each gains or loses the difference (no event for none, 119.9), APNAP order (101.4)."""
    chars = all_characteristics(ctx.state, ctx.cards)
    players = [p for p in ctx.state.apnap() if not ctx.state.players[p].lost]
    totals = {p: sum(1 for oid, c in chars.items() if c.is_creature and ctx.state.objects[oid].controller == p)
              for p in players}
    for p in players:
        change = totals[p] - ctx.state.players[p].life
        if change > 0:
            ctx.emit(ev.LifeGained(player=p, amount=change), "119.5", cause)
        elif change < 0:
            lose_life(ctx, p, -change, cause, "119.5")
    return [], that


def _create_delayed(ctx: Ctx, ability: AbilityId, controller: str, source: str, source_card: str,
                    eff: m.CreateDelayedTrigger, cause: int | None, amount: int = 0) -> None:
    """603.7a: the delayed trigger, controlled by the creating spell's or ability's controller (603.7d)."""
    ctx.emit(ev.DelayedTriggerCreated(delayed_id=f"delayed-{ctx.state.version + 1}", ability=ability,
                                      controller=controller, source=source, source_card=source_card,
                                      text=eff.ability.text, amount=amount), "603.7a", cause)


def _target_mana_value(ctx: Ctx, item: StackItem) -> int:
    """202.3e: the mana value of the spell `item` targets, as it last existed on the stack (its X
    included; countered since, its record is kept, 400.7)."""
    if not item.targets:
        return 0
    spell = ctx.state.objects.get(item.targets[0])
    if spell is None:
        return 0
    cost = ctx.cards.get(spell.card).mana_cost or m.ManaCost()
    return cost.mana_value + spell.x * cost.x


@handles(m.CreateDelayedTrigger)
def _delayed(ctx: Ctx, item: StackItem, spec: m.Targets | None, eff: m.CreateDelayedTrigger, that: str,
             cause: int | None) -> tuple[list[Frame], str]:
    """"Draw a card at the beginning of the next turn's upkeep." of an instant (Jinx: its effect's
    number) or an ability (its line)."""
    if item.kind == "spell":
        index = effect_index(ctx.cards.get(item.source_card).spell_effects, eff)
        ability = AbilityId(DELAYED, item.source_card, index)
    else:
        ability = stack_ability_id(item).delayed()
    amount = _target_mana_value(ctx, item) if eff.remember == "target_mana_value" else 0
    _create_delayed(ctx, ability, item.controller, item.source, item.source_card, eff, cause, amount)
    return [], that


@handles(m.AddThatSpellsManaValue)
def _add_that_spells_mana_value(ctx: Ctx, item: StackItem, spec: m.Targets | None, eff: m.AddThatSpellsManaValue,
                                that: str, cause: int | None) -> tuple[list[Frame], str]:
    """Mana Drain's delayed trigger: {C} as much as the mana value it kept (0: no mana, 106.5);
    not a mana ability (605.1b), added as it resolves (608.2c)."""
    n = int(item.data.get("amount") or 0)
    if n > 0 and eff.any_colors:
        return [ManaOfColorsChosen(item.controller, item.source, item.source_card, n, cause)], that
    if n > 0:
        ctx.emit(ev.ManaAdded(player=item.controller, mana={"C": n}, source=item.source), "608.2c", cause)
    return [], that


@dataclass(frozen=True)
class ManaOfColorsChosen(Frame):
    """Plasm Capture's delayed trigger: `amount` mana in any combination of colors, the colors chosen
    by its controller as it resolves (608.2d: the `mana` choice, `amount` letters among W U B R G)."""

    player: str
    source: str
    source_card: str
    amount: int
    cause: int | None

    def run(self, ctx: Ctx) -> list[Frame]:
        raise Pause(ch.ManaType.ask(self.player, self.source_card, COLORS, f"{self.amount} colors"), self,
                    "608.2d", self.cause)

    def answer(self, ctx: Ctx, player: str, value: Any) -> list[Frame]:
        """`value`: mana letters (rules/choices.py `ManaType`): exactly `amount` of them, each a color."""
        letters = str(value)
        if len(letters) != self.amount or any(c not in COLORS for c in letters):
            raise IllegalAction(f"X is {self.amount}: choose {self.amount} mana letters among W U B R G, not {letters}",
                                "608.2d")
        chosen = Counter(letters)
        ctx.emit(ev.ManaAdded(player=self.player, mana={c: chosen[c] for c in COLORS if chosen[c]}, source=self.source),
                 "608.2c", self.cause)
        return []


def _delayed_in_mana_ability(ctx: Ctx, p: ProduceMana, eff: m.CreateDelayedTrigger) -> None:
    """Barbed Sextant: "{1}, {T}, Sacrifice this artifact: Add one mana of any color. Draw a card at
    the beginning of the next turn's upkeep.": the delayed trigger is created as the mana ability
    resolves (605.3b, 603.7a)."""
    _create_delayed(ctx, p.ability.delayed(), p.player, p.source, p.source_card, eff, p.cause)


MANA_ABILITY_EXTRAS.add(m.CreateDelayedTrigger, _delayed_in_mana_ability)


@handles(m.ActivePlayerGainsPerDomain)
def _active_gains_domain(ctx: Ctx, item: StackItem, spec: m.Targets | None, eff: m.ActivePlayerGainsPerDomain,
                         that: str, cause: int | None) -> tuple[list[Frame], str]:
    """Collapsing Borders: the player whose upkeep it is (102.1) gains life for each basic land
    type among the lands they control (305.6), counted now (608.2h); 0 is no event (119.9)."""
    player = ctx.state.active
    n = eff.times * quantity(ctx.state, ctx.cards, m.BasicLandTypesAmong(), source=item.source, you=player)
    if n and not ctx.state.players[player].lost:
        ctx.emit(ev.LifeGained(player=player, amount=n), "119.3", cause)
    return [], that


@handles(m.DamageActivePlayer)
def _damage_active(ctx: Ctx, item: StackItem, spec: m.Targets | None, eff: m.DamageActivePlayer, that: str,
                   cause: int | None) -> tuple[list[Frame], str]:
    """Collapsing Borders: its damage to the player whose upkeep it is (120.3a)."""
    player = ctx.state.active
    if ctx.state.players[player].lost:
        return [], that
    return damage_to_each(ctx, item.source, item.source_card, item.controller, [player], eff.amount, cause), that


@handles(m.RemoveAllCountersAndUntap)
def _remove_all_and_untap(ctx: Ctx, item: StackItem, spec: m.Targets | None, eff: m.RemoveAllCountersAndUntap,
                          that: str, cause: int | None) -> tuple[list[Frame], str]:
    """Prize Pig: every counter of the kind removed (122.1), then it untaps (701.26b)."""
    if not ctx.state.on_battlefield(item.source):
        return [], that
    n = ctx.state.objects[item.source].counters.get(eff.counter, 0)
    if n:
        ctx.emit(ev.CountersRemoved(object_id=item.source, counters={eff.counter: n}), "122.1", cause)
    if ctx.state.objects[item.source].tapped:
        ctx.emit(ev.PermanentUntapped(object_id=item.source), "701.26b", cause)
    return [], that


@handles(m.DealThatMuchDamage)
def _deal_that_much(ctx: Ctx, item: StackItem, spec: m.Targets | None, eff: m.DealThatMuchDamage, that: str,
                    cause: int | None) -> tuple[list[Frame], str]:
    """Magma Pummeler's reflexive trigger (603.12): as much damage as counters were removed, from
    the source as it is or last was (120.3), to each legal target (608.2b)."""
    n = int(item.data.get("amount") or 0)
    return damage_to_each(ctx, item.source, item.source_card, item.controller, legal_targets(ctx, item, spec), n,
                          cause), that


@handles(m.LifeTotalBecomes)
def _life_total_becomes(ctx: Ctx, item: StackItem, spec: m.Targets | None, eff: m.LifeTotalBecomes, that: str,
                        cause: int | None) -> tuple[list[Frame], str]:
    """119.5: its controller's life total becomes the amount counted now (608.2h; the source's
    counters as it last existed if it left, 608.2h): the difference gained or lost."""
    player = item.controller
    if ctx.state.players[player].lost:
        return [], that
    change = quantity(ctx.state, ctx.cards, eff.per, source=item.source, you=player) - ctx.state.players[player].life
    if change > 0:
        ctx.emit(ev.LifeGained(player=player, amount=change), "119.5", cause)
    elif change < 0:
        lose_life(ctx, player, -change, cause, "119.5")
    return [], that


@handles(m.GainLifeAndDrawPower)
def _gain_draw_power(ctx: Ctx, item: StackItem, spec: m.Targets | None, eff: m.GainLifeAndDrawPower, that: str,
                     cause: int | None) -> tuple[list[Frame], str]:
    """Lifeblood Hydra: its last known power (603.10a) in life (119.3), then in cards (121.1)."""
    n = max(0, int(item.data.get("power") or 0))
    if n:
        ctx.emit(ev.LifeGained(player=item.controller, amount=n), "119.3", cause)
        draw_cards(ctx, item.controller, n, "121.1", cause)
    return [], that


@handles(m.AddManaIf)
def _add_mana_if(ctx: Ctx, item: StackItem, spec: m.Targets | None, eff: m.AddManaIf, that: str,
                 cause: int | None) -> tuple[list[Frame], str]:
    """Dark Petition's spell mastery: the condition read as the spell gets there (608.2c; the spell
    itself is on the stack, not in the graveyard); true, the mana is added (106.4; no mana ability,
    605.1a)."""
    if holds(ctx.state, ctx.cards, eff.condition, you=item.controller, source=item.source):
        ctx.emit(ev.ManaAdded(player=item.controller, mana=dict(eff.mana), source=item.id), "608.2c", cause)
    return [], that


@handles(m.CreateTokenWithCounters)
def _create_with_counters(ctx: Ctx, item: StackItem, spec: m.Targets | None, eff: m.CreateTokenWithCounters,
                          that: str, cause: int | None) -> tuple[list[Frame], str]:
    """Paradox Zone: the token (111.1, as its text describes it, 111.4), then X counters on it, X
    counted now (608.2h); a 0/0 then is no state-based action's yet (704.3: checked after)."""
    token = created_token(ctx.cards, eff.create)
    oid = ctx.new_id(eff.create.token)
    ctx.emit(ev.TokenCreated(object_id=oid, token=token, controller=item.controller), "111.1", cause)
    n = quantity(ctx.state, ctx.cards, eff.per, source=item.source, you=item.controller)
    if n and ctx.state.on_battlefield(oid):
        ctx.emit(ev.CountersPlaced(object_id=oid, counter=eff.counter, amount=n), "122.1", cause)
    return [], that


@handles(m.PayThenGainLife)
def _pay_then_gain(ctx: Ctx, item: StackItem, spec: m.Targets | None, eff: m.PayThenGainLife, that: str,
                   cause: int | None) -> tuple[list[Frame], str]:
    """Farmstead: "If you do": the cost paid from the pool now (608.2c; too little mana: an illegal
    answer, nothing written), then the life gained (119.3)."""
    pay_for_effect(ctx, item.controller, eff.cost, item.source_card, cause)
    ctx.emit(ev.LifeGained(player=item.controller, amount=eff.life), "119.3", cause)
    return [], that
