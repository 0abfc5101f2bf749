"""Life gained or lost in a counted amount as the ability resolves (119.3, 608.2h): "You gain 1
life for each creature you control.", "You gain life equal to the greatest toughness among other
creatures you control.", "You gain 1 life for each credit counter on this creature." (the kinds
are `simulator.cards.model_amounts`). The handlers are registered in `effects.EFFECTS`
(imported by `resolution` and `support`, so every game has them)."""
from __future__ import annotations

from simulator.cards import model as m
from simulator.game import events as ev
from simulator.game.state import StackItem
from simulator.rules.context import Ctx, Frame
from simulator.rules.counters import _counted as counted       # what "for each" counts now (608.2h)
from simulator.rules.damage import lose_life
from simulator.rules.effects import _opponents as opponents    # each opponent in the game, APNAP order
from simulator.rules.effects import SPELL_MANA, handles


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
        for player in [item.controller] if eff.who == "you" else opponents(ctx, item.controller):
            if eff.gain:
                ctx.emit(ev.LifeGained(player=player, amount=n), "119.3", cause)
            else:
                lose_life(ctx, player, n, cause)
    return [], that
