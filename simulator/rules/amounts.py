"""Life gained or lost in a counted amount as the ability resolves (119.3, 608.2h): "You gain 1
life for each creature you control.", "You gain life equal to the greatest toughness among other
creatures you control.", "You gain 1 life for each credit counter on this creature." (the kinds
are `simulator.cards.model_amounts`). The handlers are registered in `effects.EFFECTS`
(imported by `resolution` and `support`, so every game has them)."""
from __future__ import annotations

from simulator.base.errors import IntegrityError
from simulator.cards import model as m
from simulator.game import events as ev
from simulator.game.state import StackItem
from simulator.rules.context import Ctx, Frame
from simulator.game.conditions import reads as reads_condition
from simulator.game.quantities import quantity
from simulator.game.state import GameState
from simulator.rules.counters import _counted as counted       # what "for each" counts now (608.2h)
from simulator.rules.damage import damage_to_each, lose_life
from simulator.rules.effects import _opponents as opponents    # each opponent in the game, APNAP order
from simulator.rules.effects import SPELL_MANA, handles, legal_targets
from simulator.rules.mana_abilities import MANA_ABILITY_EXTRAS, ProduceMana


def _spell_counted(ctx: Ctx, item: StackItem, eff: m.AddCounted, letters: str) -> dict[str, int] | None:
    """"Add {R} for each card in your hand." (Inner Fire; 608.2c): of one color (the parser
    refuses more), counted as the spell resolves (608.2h; the spell itself is on the stack)."""
    (color,) = eff.colors
    n = counted(ctx, item, eff.amount)
    return {color: n} if n else {}


SPELL_MANA.add(m.AddCounted, _spell_counted)


@handles(m.LifeCounted)
def _life_counted(ctx: Ctx, item: StackItem, spec: m.Targets | None, eff: m.LifeCounted, that: str,
                  cause: int | None) -> tuple[list[Frame], str]:
    """`times` life for each one counted now (608.2h); 0 life is no event (119.9)."""
    n = eff.times * counted(ctx, item, eff.per)
    if n:
        players = ([item.controller] if eff.who == "you" else legal_targets(ctx, item, spec) if eff.who == "target"
                   else opponents(ctx, item.controller))
        for player in players:
            if eff.gain:
                ctx.emit(ev.LifeGained(player=player, amount=n), "119.3", cause)
            else:
                lose_life(ctx, player, n, cause)
    return [], that


def _life_in_mana_ability(ctx: Ctx, p: ProduceMana, eff: m.LifeCounted) -> None:
    """"{T}: Add {R} or {G}. Each opponent gains 1 life." (Grove of the Burnwillows): done as the
    mana ability resolves (605.3b), counted then."""
    if eff.who == "target":
        raise IntegrityError("a mana ability has no target (605.1a)")
    n = eff.times * quantity(ctx.state, ctx.cards, eff.per, source=p.source, you=p.player)
    if n:
        for player in [p.player] if eff.who == "you" else opponents(ctx, p.player):
            if eff.gain:
                ctx.emit(ev.LifeGained(player=player, amount=n), "119.3", p.cause)
            else:
                lose_life(ctx, player, n, p.cause)


MANA_ABILITY_EXTRAS.add(m.LifeCounted, _life_in_mana_ability)


def _gain_life_in_mana_ability(ctx: Ctx, p: ProduceMana, eff: m.GainLife) -> None:
    """"{T}: Add {G}. If you control another Mutant, you gain 1 life." (Black Tom Cassidy): done as
    the mana ability resolves (605.3b), by its controller (119.3)."""
    ctx.emit(ev.LifeGained(player=p.player, amount=eff.amount), "119.3", p.cause)


MANA_ABILITY_EXTRAS.add(m.GainLife, _gain_life_in_mana_ability)


@handles(m.DealDamageCounted)
def _damage_counted(ctx: Ctx, item: StackItem, spec: m.Targets | None, eff: m.DealDamageCounted, that: str,
                    cause: int | None) -> tuple[list[Frame], str]:
    """120.3: the amount counted now (608.2h) to each legal target (608.2b) or each opponent;
    0 damage is no damage dealt (120.8)."""
    n = counted(ctx, item, eff.per)
    if n:
        to = legal_targets(ctx, item, spec) if eff.to == "target" else opponents(ctx, item.controller)
        return damage_to_each(ctx, item.source, item.source_card, item.controller, to, n, cause), that
    return [], that


@reads_condition(m.QuantityAtLeast)
def _quantity_at_least(state: GameState, cards: m.Cards, cond: m.QuantityAtLeast, you: str,
                       source: str | None) -> bool:
    """"Activate only if you control two or more green permanents." (602.5b): counted now."""
    return quantity(state, cards, cond.per, source=source or "", you=you) >= cond.n
