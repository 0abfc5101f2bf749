"""Effects that deal damage or destroy, as a resolving ability does them (120.3, 701.8): damage to
each creature (and each player), to a target player and what they control, to the active player,
"that much damage", a land's damage to the player who tapped it; "destroy that land".
Each handler is registered in `rules/effects` (or the registry it names) when this module is
imported (by `rules/resolution`, so every game has them)."""
from __future__ import annotations

from simulator.cards import model as m
from simulator.game.layers import all_characteristics
from simulator.game.selectors import select
from simulator.game.state import StackItem
from simulator.rules.context import Ctx, Frame
from simulator.rules.damage import damage_to_each, deal_damage, destroy
from simulator.rules.effects import handles, legal_targets


@handles(m.DealDamageToEach)
def _damage_each(ctx: Ctx, item: StackItem, spec: m.Targets | None, eff: m.DealDamageToEach, that: str,
                 cause: int | None) -> tuple[list[Frame], str]:
    """120.3: the source deals the damage to each creature (each other creature: not itself, 109.2)
    on the battlefield as the ability resolves, then to each player in the game in APNAP order
    (101.4); 120.3e / 120.3a. The state-based actions wait until it has resolved (704.3)."""
    creatures = select(ctx.state, ctx.cards, eff.creatures, you=item.controller, source=item.source)
    for oid in creatures:
        deal_damage(ctx, item.source, item.source_card, item.controller, oid, eff.amount, cause)
    if eff.players:
        for who in [p for p in ctx.state.apnap() if not ctx.state.players[p].lost]:
            deal_damage(ctx, item.source, item.source_card, item.controller, who, eff.amount, cause)
    return [], that


@handles(m.DamagePlayerAndTheirs)
def _damage_player_and_theirs(ctx: Ctx, item: StackItem, spec: m.Targets | None, eff: m.DamagePlayerAndTheirs,
                              that: str, cause: int | None) -> tuple[list[Frame], str]:
    """120.3: the target player (608.2b: if still legal), then each creature and planeswalker that
    player controls as it resolves (120.3e, 120.3c); the state-based actions wait (704.3)."""
    for player in legal_targets(ctx, item, spec):
        chars = all_characteristics(ctx.state, ctx.cards)
        theirs = [oid for oid in ctx.state.battlefield if ctx.state.objects[oid].controller == player
                  and oid in chars and ("Creature" in chars[oid].types or "Planeswalker" in chars[oid].types)]
        deal_damage(ctx, item.source, item.source_card, item.controller, player, eff.amount, cause)
        for oid in theirs:
            deal_damage(ctx, item.source, item.source_card, item.controller, oid, eff.amount, cause)
    return [], that


@handles(m.DamageActivePlayer)
def _damage_active(ctx: Ctx, item: StackItem, spec: m.Targets | None, eff: m.DamageActivePlayer, that: str,
                   cause: int | None) -> tuple[list[Frame], str]:
    """Collapsing Borders: its damage to the player whose upkeep it is (120.3a)."""
    player = ctx.state.active
    if ctx.state.players[player].lost:
        return [], that
    return damage_to_each(ctx, item.source, item.source_card, item.controller, [player], eff.amount, cause), that


@handles(m.DealThatMuchDamage)
def _deal_that_much(ctx: Ctx, item: StackItem, spec: m.Targets | None, eff: m.DealThatMuchDamage, that: str,
                    cause: int | None) -> tuple[list[Frame], str]:
    """Magma Pummeler's reflexive trigger (603.12): as much damage as counters were removed, from
    the source as it is or last was (120.3), to each legal target (608.2b)."""
    n = int(item.data.get("amount") or 0)
    return damage_to_each(ctx, item.source, item.source_card, item.controller, legal_targets(ctx, item, spec), n,
                          cause), that


@handles(m.LandDealsDamage)
def _land_deals_damage(ctx: Ctx, item: StackItem, spec: m.Targets | None, eff: m.LandDealsDamage,
                       that: str, cause: int | None) -> tuple[list[Frame], str]:
    """120.3: the land the trigger's event named deals the damage to the player who tapped it
    (written only in a triggered mana ability, where `TRIGGERED_MANA_EXTRAS` does it)."""
    land = ctx.state.objects.get(str(item.data.get("land") or ""))
    if land is not None and item.data.get("player"):
        deal_damage(ctx, land.id, land.card, land.controller, str(item.data["player"]), eff.amount, cause)
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
