"""The instructions of a resolving spell or ability (608.2c), one kind of effect at a time:
explore (701.44), counters (122.1), life (119.3), draw (121.1), damage (120.3a), tokens (111.1),
exile (607.2a), return to the battlefield, extra land plays (305.2), sacrifice-unless (701.21a)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .. import events as ev
from ..cards import model as m
from ..characteristics import all_characteristics
from ..errors import IllegalAction
from ..state import StackItem
from .actions import draw_cards, enter_battlefield, sacrifice_permanent
from .context import Ctx, Frame, Pause
from .explore import ExploreFrame
from .queries import resolve_in_zone, still_legal


def _legal_targets(g: Ctx, item: StackItem, spec: m.Targets | None) -> list[str]:
    if spec is None:
        return []
    return [t for t in item.targets if still_legal(g.state, g.pool, spec, item.controller, t)]


def do_effect(g: Ctx, item: StackItem, spec: m.Targets | None, eff: Any, that: str,
              cause: int | None) -> tuple[list[Frame], str]:
    s = g.state
    if isinstance(eff, m.Explore):
        if eff.who == "self":
            explorer = item.source
        elif eff.who == "target":
            legal = _legal_targets(g, item, spec)
            if not legal:
                return [], that
            explorer = legal[0]
        else:
            explorer = that
        if not explorer:
            return [], that
        times = item.x if eff.times == "X" else int(eff.times)
        return [ExploreFrame(explorer, cause) for _ in range(times)], that
    if isinstance(eff, m.PutCounters):
        if s.on_battlefield(item.source):
            g.emit(ev.CountersPlaced(object_id=item.source, counter=eff.counter, amount=eff.amount), "122.1", cause)
        return [], that
    if isinstance(eff, m.GainLife):
        g.emit(ev.LifeGained(player=item.controller, amount=eff.amount), "119.3", cause)
        return [], that
    if isinstance(eff, m.DrawCards):
        draw_cards(g, item.controller, eff.amount, "121.1", cause)
        return [], that
    if isinstance(eff, m.DealDamage):
        g.emit(ev.DamageDealt(source=item.source, source_card=item.source_card, player=item.controller,
                              amount=eff.amount), "120.3a", cause)
        return [], that
    if isinstance(eff, m.CreateTokens):
        n = eff.amount
        if isinstance(n, str) and n.startswith("counters:"):
            n = int(dict(item.data.get("counters", {})).get(n.split(":", 1)[1], 0))   # 603.10a LKI
        for _ in range(int(n)):
            g.emit(ev.TokenCreated(object_id=g.new_id(eff.token), token=eff.token, controller=item.controller),
                   "111.1", cause)
        return [], that
    if isinstance(eff, m.ExileTargets):
        for t in _legal_targets(g, item, spec):
            g.move(t, "exile", "exiled", "607.2a", cause, exiled_with=item.source)
        return [], that
    if isinstance(eff, m.ReturnToBattlefield):
        legal = _legal_targets(g, item, spec)
        if not legal:
            return [], that
        # 107.3m: not cast, so X is 0
        new_id = enter_battlefield(g, legal[0], item.controller, cause, "608.2c", "returned", 0)
        return [], new_id
    if isinstance(eff, m.AdditionalLandPlay):
        g.emit(ev.LandPlayAdded(player=item.controller, amount=eff.amount), "305.2", cause)
        return [], that
    if isinstance(eff, m.SacrificeSelfUnless):
        return [SacrificeUnless(item.id, item.source, item.controller, eff.unless_sacrifice, cause)], that
    raise IllegalAction(f"unsupported effect {eff!r}", "608.2c")


@dataclass(frozen=True)
class SacrificeUnless(Frame):
    """"sacrifice <self> unless you sacrifice a creature" (Contamination)."""

    stack_id: str
    source: str
    player: str
    kind: str
    cause: int | None

    def _candidates(self, g: Ctx) -> list[str]:
        chars = all_characteristics(g.state, g.pool)
        return [o for o in g.state.battlefield
                if g.state.objects[o].controller == self.player and chars[o].has_type(self.kind.capitalize())]

    def run(self, g: Ctx) -> list[Frame]:
        options = self._candidates(g)
        if not options:
            if g.state.on_battlefield(self.source):
                sacrifice_permanent(g, self.source, self.cause)
            return []
        raise Pause(self.player, "sacrifice", options,
                    f"{self.player}: sacrifice a {self.kind} (its id), or choose nothing ([]) to "
                    f"sacrifice {g.state.objects[self.source].card}", self, "701.21a", self.cause)

    def answer(self, g: Ctx, player: str, value: Any) -> list[Frame]:
        refs = [value] if isinstance(value, str) else list(value or [])
        if not refs:
            if g.state.on_battlefield(self.source):
                sacrifice_permanent(g, self.source, self.cause)
            return []
        victim = resolve_in_zone(g.state, str(refs[0]), self._candidates(g)) if len(refs) == 1 else None
        if victim is None:
            raise IllegalAction(f"choose one {self.kind} {self.player} controls, or []", "701.21a")
        sacrifice_permanent(g, victim, self.cause)
        return []
