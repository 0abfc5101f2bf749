"""Life totals as resolving abilities change them (119): life totals that become a number (119.5),
life gained per domain or by a power kept by a dies trigger (603.10a), life paid for (608.2d), lost
by a land's controller, "the player with the highest life total wins the game" (104.2).
Each handler is registered in `rules/effects` (or the registry it names) when this module is
imported (by `rules/resolution`, so every game has them)."""
from __future__ import annotations

from simulator.cards import model as m
from simulator.game import events as ev
from simulator.game.layers import all_characteristics
from simulator.game.quantities import quantity
from simulator.game.state import StackItem
from simulator.rules.actions import draw_cards
from simulator.rules.context import Ctx, Frame
from simulator.rules.damage import lose_life
from simulator.rules.effects import handles, pay_for_effect


@handles(m.HighestLifeWins)
def _highest_life_wins(ctx: Ctx, item: StackItem, spec: m.Targets | None, eff: m.HighestLifeWins, that: str,
                       cause: int | None) -> tuple[list[Frame], str]:
    """Celestial Convergence: the player still in the game with the most life wins (104.2b); two or
    more tied for the most: a draw (104.4c). Either way the game ends at once (104.1)."""
    if ctx.state.game_over:
        return [], that
    players = [p for p in ctx.state.order if not ctx.state.players[p].lost]
    best = max(ctx.state.players[p].life for p in players)
    top = [p for p in players if ctx.state.players[p].life == best]
    if len(top) == 1:
        ctx.emit(ev.GameEnded(winner=top[0]), "104.2b", cause)
    else:
        ctx.emit(ev.GameEnded(winner=None), "104.4c", cause)
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


@handles(m.PayThenGainLife)
def _pay_then_gain(ctx: Ctx, item: StackItem, spec: m.Targets | None, eff: m.PayThenGainLife, that: str,
                   cause: int | None) -> tuple[list[Frame], str]:
    """Farmstead: "If you do": the cost paid from the pool now (608.2c; too little mana: an illegal
    answer, nothing written), then the life gained (119.3)."""
    pay_for_effect(ctx, item.controller, eff.cost, item.source_card, cause)
    ctx.emit(ev.LifeGained(player=item.controller, amount=eff.life), "119.3", cause)
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
