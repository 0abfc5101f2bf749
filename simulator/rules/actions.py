"""Keyword actions and moves every part of the rules uses: a permanent enters the battlefield
(with its "as/enters" replacement effects, 614.1c), sacrifice (701.21a), draw (121.1), untap (502.3).

Below them all in the one-way layout: activation, casting, effects, resolution and
priority import this module; it imports only the decision context and the model.
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any

from .. import events as ev
from ..cards import model as m
from ..errors import IllegalAction
from ..state import ADDED_LATER
from .context import Ctx, Frame, Pause


@dataclass(frozen=True)
class EnterBattlefield(Frame):
    """An object moves onto the battlefield, asking for any "As ... enters" choice first."""

    object_id: str
    controller: str
    cause: int
    rule_no: str
    reason: str
    x: int = 0
    attached_to: str | None = None
    pay_life: str = ""          # "", "pay" or "tapped"
    color: str = field(default="", metadata=ADDED_LATER)   # "As ... enters, choose a color" (614.12)

    def _question(self, ctx: Ctx) -> str | None:
        """The "as it enters" choice still to make: "pay_life", "color" or None."""
        card = ctx.pool.get(ctx.state.objects[self.object_id].card)
        for a in card.abilities:
            if isinstance(a, m.ReplacementAbility) and isinstance(a.effect, m.EntersTappedUnlessPayLife):
                if not self.pay_life and ctx.state.players[self.controller].life >= a.effect.life:
                    return "pay_life"
        for a in card.abilities:
            if isinstance(a, m.ReplacementAbility) and isinstance(a.effect, m.ChooseColorAsEnters):
                if not self.color:
                    return "color"
        return None

    def run(self, ctx: Ctx) -> list[Frame]:
        card = ctx.pool.get(ctx.state.objects[self.object_id].card)
        question = self._question(ctx)
        if question == "pay_life":
            life = next(a.effect.life for a in card.abilities if isinstance(a, m.ReplacementAbility)
                        and isinstance(a.effect, m.EntersTappedUnlessPayLife))
            raise Pause(self.controller, "pay_life", ["pay", "tapped"],
                        f"{self.controller}: pay {life} life for {card.name} to enter "
                        f"untapped (\"pay\"), or let it enter tapped (\"tapped\")",
                        self, "614.1c", self.cause)
        if question == "color":
            raise Pause(self.controller, "color", list(m.COLORS),
                        f"{self.controller}: choose a color for {card.name} as it enters (W U B R G)",
                        self, "614.12", self.cause)
        enter_battlefield(ctx, self.object_id, self.controller, self.cause, self.rule_no, self.reason,
                          self.x, self.attached_to, self.pay_life == "pay", self.color or None)
        return []

    def answer(self, ctx: Ctx, player: str, value: Any) -> list[Frame]:
        v = value[0] if isinstance(value, (list, tuple)) and len(value) == 1 else value
        if self._question(ctx) == "color":
            color = str(v).strip().upper()
            if color not in m.COLORS:
                raise IllegalAction(f"choose a color: one of W U B R G, not {v!r} "
                                    f"(colorless is not a color)", "105.1")
            return [dataclasses.replace(self, color=color)]
        text = str(v).lower()
        if v is True or text in ("pay", "yes"):
            choice = "pay"
        elif v is False or text in ("tapped", "no", "decline"):
            choice = "tapped"
        else:
            raise IllegalAction("answer \"pay\" (pay the life) or \"tapped\" (enter tapped)", "614.1c")
        return [dataclasses.replace(self, pay_life=choice)]


def enter_battlefield(ctx: Ctx, object_id: str, controller: str, cause: int, rule: str, reason: str,
                      x: int = 0, attached_to: str | None = None, paid_life: bool = False,
                      color: str | None = None) -> str:
    """Move the object onto the battlefield with its own enters-replacement effects applied
    (614.1c); returns the new object's id. `x` is the X of the spell it was (107.3m), else 0."""
    o = ctx.state.objects[object_id]
    card = ctx.pool.get(o.card)
    tapped = False
    counters: list[tuple[str, int, int]] = []
    for a in card.abilities:
        if not isinstance(a, m.ReplacementAbility):
            continue
        eff = a.effect
        if isinstance(eff, m.EntersWithCounters):
            n = x if eff.amount == "X" else int(eff.amount)
            rseq = ctx.emit(ev.ReplacementApplied(source=object_id, source_card=o.card, effect=a.text,
                                                applies_to="enter", before={"counters": {}},
                                                after={"counters": {eff.counter: n}, "x": x}),
                          "614.1c", cause)
            counters.append((eff.counter, n, rseq))
        elif isinstance(eff, m.EntersTappedUnlessPayLife):
            if paid_life:
                ctx.emit(ev.LifePaid(player=controller, amount=eff.life), "614.1c", cause)
            else:
                tapped = True
                ctx.emit(ev.ReplacementApplied(source=object_id, source_card=o.card, effect=a.text,
                                             applies_to="enter", before={"tapped": False},
                                             after={"tapped": True}), "614.1c", cause)
    new_id = ctx.move(object_id, "battlefield", reason, rule, cause, controller=controller, tapped=tapped,
                    attached_to=attached_to, x=x, **({"chosen_color": color} if color else {}))
    for counter, n, rseq in counters:
        if n:
            ctx.emit(ev.CountersPlaced(object_id=new_id, counter=counter, amount=n), "107.3m", rseq)
    return new_id


def sacrifice_permanent(ctx: Ctx, oid: str, cause: int | None) -> None:
    """701.21a: move it from the battlefield to its owner's graveyard."""
    ctx.move(oid, "graveyard", "sacrificed", "701.21a", cause)


def untap_step(ctx: Ctx, cause: int | None) -> None:
    """502.3: the active player untaps all their permanents."""
    s = ctx.state
    for oid in s.battlefield:
        o = s.objects[oid]
        if o.controller == s.active and o.tapped:
            ctx.emit(ev.PermanentUntapped(object_id=oid), "502.3", cause)


def draw_cards(ctx: Ctx, player: str, n: int, rule: str, cause: int | None) -> None:
    for _ in range(n):
        lib = ctx.state.players[player].library
        if not lib:
            ctx.emit(ev.DrawFailed(player=player), "121.4", cause)
            continue
        top = ctx.state.objects[lib[0]]
        ctx.emit(ev.CardDrawn(player=player, object_id=top.id, new_id=ctx.new_id(top.card), card=top.card),
               rule, cause)
