"""Explore (701.44), with Topography Tracker's replacement (614.1a).

The whole explore happens inside one resolution (no player acts in the
middle): its controller reveals the top card of their library; a land goes
to their hand; otherwise the explorer gets a +1/+1 counter *if it is still
on the battlefield as the same object* and its controller chooses to leave
the card on top or put it into the graveyard. An empty library reveals
nothing and the explorer gets the counter. The permanent has explored after
all of that, even if parts were impossible — so "whenever a creature you
control explores" sees an explorer that already left (last known information).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from simulator.game import events as ev
from simulator.cards import model as m
from simulator.game.layers import all_characteristics
from simulator.base.registry import Registry
from simulator.game.layers import characteristics
from simulator.rules import choices as ch
from simulator.rules.context import Ctx, Frame, Pause

RULE = "701.44a"


# The replacement effects on exploring (614.1a, 614.5: each applied once per explore), by effect
# type: (the explore, ctx, id of the permanent with the effect, its ability) -> the frames to run
# instead. This table IS the dispatch: which effects are found (`_trackers`), what applying one
# does (`ExploreFrame.replace`) and which cards the load-time check accepts (rules/support.py).
ExploreReplacement = Callable[["ExploreFrame", Ctx, str, Any], list[Frame]]
EXPLORE_REPLACEMENTS: Registry[ExploreReplacement] = Registry("explore replacements")


def _trackers(ctx: Ctx, controller: str, applied: tuple[Any, ...]) -> list[tuple[str, Any]]:
    """ExploreTwiceInstead effects of `controller`'s permanents not yet applied (614.5)."""
    s = ctx.state
    out = []
    chars = all_characteristics(s, ctx.cards)
    for oid in sorted(chars, key=lambda o: s.objects[o].timestamp):
        if s.objects[oid].controller != controller or oid in applied:
            continue
        for kind in EXPLORE_REPLACEMENTS:
            out += [(oid, ref) for ref in chars[oid].replacements(kind)]
    return out


@dataclass(frozen=True)
class ExploreFrame(Frame):
    """A permanent explores (701.44a): reveal the top card, then a land to hand or a +1/+1
    counter."""

    explorer: str
    cause: int | None
    applied: tuple[Any, ...] = ()

    def run(self, ctx: Ctx) -> list[Frame]:
        o = ctx.state.objects[self.explorer]
        # "If a creature you control would explore": checked on the explorer as it is (or last was).
        if characteristics(ctx.state, self.explorer, ctx.cards).is_creature:
            trackers = _trackers(ctx, o.controller, self.applied)
            if len(trackers) >= 2:
                raise Pause(ch.Replacement.ask(o.controller, [f"{r.text} ({oid})" for oid, r in trackers],
                                               f"{self.explorer} exploring"),
                            ExploreReplacementOrder(self, tuple(oid for oid, _ in trackers)), "616.1", self.cause)
            if trackers:
                return self.replace(ctx, trackers[0][0])
        return explore_once(ctx, self.explorer, self.cause)

    def replace(self, ctx: Ctx, tracker: str) -> list[Frame]:
        ref = next(r for oid, r in _trackers(ctx, ctx.state.objects[self.explorer].controller, self.applied)
                   if oid == tracker)
        return EXPLORE_REPLACEMENTS[type(ref.ability.effect)](self, ctx, tracker, ref)


@EXPLORE_REPLACEMENTS.register(m.ExploreTwiceInstead)
def _explore_twice(explore: ExploreFrame, ctx: Ctx, tracker: str, ref: Any) -> list[Frame]:
    """"... instead it explores, then it explores again" (614.1a)."""
    seq = ctx.emit(ev.ReplacementApplied(source=tracker, source_card=ctx.state.objects[tracker].card,
                                         effect=ref.text, applies_to="explore",
                                         before=f"{explore.explorer} explores",
                                         after=f"{explore.explorer} explores, then explores again"),
                   "614.1a", explore.cause)
    applied = explore.applied + (tracker,)
    return [ExploreFrame(explore.explorer, seq, applied), ExploreFrame(explore.explorer, seq, applied)]


@dataclass(frozen=True)
class ExploreReplacementOrder(Frame):
    """Pending: which replacement effect applies first to an explore (616.1)."""

    explore: ExploreFrame
    options: tuple[Any, ...]

    def answer(self, ctx: Ctx, player: str, value: Any) -> list[Frame]:
        """`value`: the option numbers, first applied first (rules/choices.py `Replacement`)."""
        return self.explore.replace(ctx, self.options[value[0] - 1])


def explore_once(ctx: Ctx, explorer: str, cause: int | None) -> list[Frame]:
    s = ctx.state
    o = s.objects[explorer]
    controller = o.controller
    library = s.players[controller].library
    if not library:
        if s.on_battlefield(explorer):
            ctx.emit(ev.CountersPlaced(object_id=explorer, counter="+1/+1", amount=1), RULE, cause)
        ctx.emit(_explored(ctx, explorer, None, "none"), "701.44b", cause)
        return []
    top = s.objects[library[0]]
    seq = ctx.emit(ev.CardRevealed(player=controller, object_id=top.id, card=top.card), RULE, cause)
    if "Land" in ctx.cards.get(top.card).types:
        ctx.move(top.id, "hand", "explored", RULE, seq)
        ctx.emit(_explored(ctx, explorer, top.card, "hand"), "701.44b", seq)
        return []
    if s.on_battlefield(explorer):
        ctx.emit(ev.CountersPlaced(object_id=explorer, counter="+1/+1", amount=1), RULE, seq)
    raise Pause(ch.Explore.ask(controller, explorer, top.card), ExploreChoice(explorer, top.id, seq), RULE, seq)


@dataclass(frozen=True)
class ExploreChoice(Frame):
    """Pending: a nonland card revealed by exploring stays on top or goes to the graveyard
    (701.44a)."""

    explorer: str
    revealed: str
    cause: int

    def answer(self, ctx: Ctx, player: str, value: Any) -> list[Frame]:
        """`value`: "top" or "graveyard" (rules/choices.py `Explore`)."""
        choice = value
        top = ctx.state.objects[self.revealed]
        if choice == "graveyard":
            ctx.move(top.id, "graveyard", "explored", RULE, self.cause)
        ctx.emit(_explored(ctx, self.explorer, top.card, choice), "701.44b", self.cause)
        return []


def _explored(ctx: Ctx, explorer: str, revealed: str | None, result: str) -> ev.CreatureExplored:
    o = ctx.state.objects[explorer]
    return ev.CreatureExplored(object_id=explorer, card=o.card, controller=o.controller, revealed=revealed,
                               result=result, on_battlefield=ctx.state.on_battlefield(explorer))
