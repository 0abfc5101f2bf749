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
from typing import Any

from .. import events as ev
from ..cards import model as m
from ..characteristics import all_characteristics
from ..errors import IllegalAction
from ..characteristics import characteristics
from .queries import option_order
from .context import Ctx, Frame, Pause

RULE = "701.44a"


def _trackers(g: Ctx, controller: str, applied: tuple) -> list[tuple[str, Any]]:
    """ExploreTwiceInstead effects of `controller`'s permanents not yet applied (614.5)."""
    s = g.state
    out = []
    chars = all_characteristics(s, g.pool)
    for oid in sorted(chars, key=lambda o: s.objects[o].timestamp):
        if s.objects[oid].controller != controller or oid in applied:
            continue
        for ref in chars[oid].replacements(m.ExploreTwiceInstead):
            out.append((oid, ref))
    return out


@dataclass(frozen=True)
class ExploreFrame(Frame):
    explorer: str
    cause: int | None
    applied: tuple = ()

    def run(self, g: Ctx) -> list[Frame]:
        o = g.state.objects[self.explorer]
        # "If a creature you control would explore": checked on the explorer as it is (or last was).
        if characteristics(g.state, self.explorer, g.pool).is_creature:
            trackers = _trackers(g, o.controller, self.applied)
            if len(trackers) >= 2:
                raise Pause(o.controller, "replacement", [f"{r.text} ({oid})" for oid, r in trackers],
                            f"{o.controller}: order the replacement effects on {self.explorer} exploring",
                            ExploreReplacementOrder(self, tuple(oid for oid, _ in trackers)), "616.1", self.cause)
            if trackers:
                return self.replace(g, trackers[0][0])
        return explore_once(g, self.explorer, self.cause)

    def replace(self, g: Ctx, tracker: str) -> list[Frame]:
        ref = next(r for oid, r in _trackers(g, g.state.objects[self.explorer].controller, self.applied)
                   if oid == tracker)
        seq = g.emit(ev.ReplacementApplied(source=tracker, source_card=g.state.objects[tracker].card,
                                           effect=ref.text, applies_to="explore",
                                           before=f"{self.explorer} explores",
                                           after=f"{self.explorer} explores, then explores again"),
                     "614.1a", self.cause)
        applied = self.applied + (tracker,)
        return [ExploreFrame(self.explorer, seq, applied), ExploreFrame(self.explorer, seq, applied)]


@dataclass(frozen=True)
class ExploreReplacementOrder(Frame):
    explore: ExploreFrame
    options: tuple

    def answer(self, g: Ctx, player: str, value: Any) -> list[Frame]:
        order = option_order(value, len(self.options), "replacement")
        return self.explore.replace(g, self.options[order[0] - 1])


def explore_once(g: Ctx, explorer: str, cause: int | None) -> list[Frame]:
    s = g.state
    o = s.objects[explorer]
    controller = o.controller
    library = s.players[controller].library
    if not library:
        if s.on_battlefield(explorer):
            g.emit(ev.CountersPlaced(object_id=explorer, counter="+1/+1", amount=1), RULE, cause)
        g.emit(_explored(g, explorer, None, "none"), "701.44b", cause)
        return []
    top = s.objects[library[0]]
    seq = g.emit(ev.CardRevealed(player=controller, object_id=top.id, card=top.card), RULE, cause)
    if "Land" in g.pool.get(top.card).types:
        g.move(top.id, "hand", "explored", RULE, seq)
        g.emit(_explored(g, explorer, top.card, "hand"), "701.44b", seq)
        return []
    if s.on_battlefield(explorer):
        g.emit(ev.CountersPlaced(object_id=explorer, counter="+1/+1", amount=1), RULE, seq)
    raise Pause(controller, "explore", ["top", "graveyard"],
                f"{controller}: {explorer} revealed {top.card}: leave it on top (\"top\") or put it "
                f"into the graveyard (\"graveyard\")", ExploreChoice(explorer, top.id, seq), RULE, seq)


@dataclass(frozen=True)
class ExploreChoice(Frame):
    explorer: str
    revealed: str
    cause: int

    def answer(self, g: Ctx, player: str, value: Any) -> list[Frame]:
        v = value[0] if isinstance(value, (list, tuple)) and len(value) == 1 else value
        choice = str(v).lower()
        if choice not in ("top", "graveyard"):
            raise IllegalAction("answer \"top\" or \"graveyard\"", RULE)
        top = g.state.objects[self.revealed]
        if choice == "graveyard":
            g.move(top.id, "graveyard", "explored", RULE, self.cause)
        g.emit(_explored(g, self.explorer, top.card, choice), "701.44b", self.cause)
        return []


def _explored(g: Ctx, explorer: str, revealed: str | None, result: str) -> ev.CreatureExplored:
    o = g.state.objects[explorer]
    return ev.CreatureExplored(object_id=explorer, card=o.card, controller=o.controller, revealed=revealed,
                               result=result, on_battlefield=g.state.on_battlefield(explorer))
