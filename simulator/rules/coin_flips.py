"""Flipping a coin (705): the game's seeded randomness decides; the flip and its result are events.
Each handler is registered in `rules/effects` (or the registry it names) when this module is
imported (by `rules/resolution`, so every game has them)."""
from __future__ import annotations

import random

from simulator.cards import model as m
from simulator.game import events as ev
from simulator.game.state import StackItem
from simulator.rules.context import Ctx, Frame
from simulator.rules.effects import do_effect, handles


@handles(m.FlipCoin)
def _flip_coin(ctx: Ctx, item: StackItem, spec: m.Targets | None, eff: m.FlipCoin, that: str,
               cause: int | None) -> tuple[list[Frame], str]:
    """705.1: the ability's controller flips a coin (won or lost from the game's seed and the
    event's place in the log, 705.2); then the instruction for that result (608.2c)."""
    won = random.Random(f"{ctx.state.seed}:{ctx.state.version + 1}:coin").random() < 0.5
    ctx.emit(ev.CoinFlipped(player=item.controller, won=won), "705.1", cause)
    then = eff.win if won else eff.lose
    if then is None:
        return [], that
    return do_effect(ctx, item, spec, then, that, cause)
