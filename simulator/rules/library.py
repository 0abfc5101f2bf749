"""Looking at the top of a library and choosing where the card goes: scry 1 (701.22a: top or
bottom) and surveil 1 (701.25a: top or graveyard). Each asks its player (pending `scry` /
`surveil`, options "top" and "bottom"/"graveyard", or their numbers 1 and 2); an empty library
is looked at and nothing is asked (the card count is then 0: 701.22b, 701.25b)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from simulator.game import events as ev
from simulator.rules import choices as ch
from simulator.rules.context import Ctx, Frame, Pause

RULES = {"scry": "701.22a", "surveil": "701.25a"}


@dataclass(frozen=True)
class LookAtTopFrame(Frame):
    """`player` scries or surveils 1 (`action`): looks at the top card and is asked."""

    player: str
    action: str
    cause: int | None

    def run(self, ctx: Ctx) -> list[Frame]:
        library = ctx.state.players[self.player].library
        rule = RULES[self.action]
        if not library:
            return []
        top = ctx.state.objects[library[0]]
        seq = ctx.emit(ev.CardLookedAt(player=self.player, object_id=top.id, card=top.card, action=self.action),
                       rule, self.cause)
        asked = ch.Scry.ask(self.player, top.card) if self.action == "scry" else ch.Surveil.ask(self.player, top.card)
        raise Pause(asked, PlaceLookedAt(self.player, self.action, top.id, seq), rule, seq)


@dataclass(frozen=True)
class PlaceLookedAt(Frame):
    """Pending: where the card looked at goes (701.22a / 701.25a)."""

    player: str
    action: str
    card: str
    cause: int

    def answer(self, ctx: Ctx, player: str, value: Any) -> list[Frame]:
        """`value`: "top", "bottom" or "graveyard" (rules/choices.py `Scry`, `Surveil`)."""
        choice = value
        rule = RULES[self.action]
        o = ctx.state.objects[self.card]
        if choice == "bottom":
            ctx.emit(ev.CardPutOnBottom(player=self.player, object_id=o.id, card=o.card), rule, self.cause)
        elif choice == "graveyard":
            ctx.move(o.id, "graveyard", "surveilled", rule, self.cause)
        return []
