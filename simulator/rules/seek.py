"""Seek (digital-only, cards/model_seek.py): "Seek a nonland card." puts a card with that quality
at random from its controller's library into their hand; none there: nothing happens. The card is
drawn from the game's seed and the event's place in the log (as shuffles are, rules/library.py),
so a replay seeks the same card; it is not a draw (121.1) and the library is not shuffled."""
from __future__ import annotations

import random

from simulator.cards import model as m
from simulator.game.state import StackItem
from simulator.rules.context import Ctx, Frame
from simulator.rules.effects import handles


def seekable(ctx: Ctx, player: str, what: m.CardQuality) -> list[str]:
    """The cards of `player`'s library that are `what` (printed characteristics, 109.1), in
    library order (top first)."""
    s = ctx.state
    out = []
    for oid in s.players[player].library:
        card = ctx.cards.get(s.objects[oid].card)
        if what.matches(card.types, card.supertypes, card.subtypes):
            out.append(oid)
    return out


@handles(m.Seek)
def _seek(ctx: Ctx, item: StackItem, spec: m.Targets | None, eff: m.Seek, that: str,
          cause: int | None) -> tuple[list[Frame], str]:
    """Each of `count` cards at random among those that fit, one after the other (608.2c: the
    instruction as written); fewer fit: all of them; none: nothing."""
    for _ in range(eff.count):
        options = seekable(ctx, item.controller, eff.what)
        if not options:
            break
        chosen = random.Random(f"{ctx.state.seed}:{ctx.state.version + 1}:seek").choice(options)
        that = ctx.move(chosen, "hand", "sought (put into hand at random)", "608.2c", cause)
    return [], that
