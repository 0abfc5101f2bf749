"""Counters and zones (issue 22, pool-ctrzone; cards/model_ctrzone.py), as a resolving ability
does them: "Look at the top card of your library. If it's a land card, you may put it onto the
battlefield tapped. If you don't ..., you may put it on the bottom of your library." (401.2,
608.2d: the pending `top_card`). Registered in `effects.EFFECTS` (imported by `resolution`)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from simulator.cards import model as m
from simulator.game import events as ev
from simulator.game.state import StackItem
from simulator.rules import choices as ch
from simulator.rules.actions import EnterBattlefield
from simulator.rules.context import Ctx, Frame, Pause
from simulator.rules.effects import handles


def _fits(eff: m.LookAtTopCardMay, card: m.CardDefinition) -> bool:
    return not eff.qualities or any(q.matches(card.types, card.supertypes, card.subtypes) for q in eff.qualities)


@handles(m.LookAtTopCardMay)
def _look_at_top_card_may(ctx: Ctx, item: StackItem, spec: m.Targets | None, eff: m.LookAtTopCardMay, that: str,
                          cause: int | None) -> tuple[list[Frame], str]:
    """401.2: its controller looks at the top card of their library (an empty library: nothing);
    the options are the ability's (608.2d), leaving it on top always one of them."""
    player = item.controller
    library = ctx.state.players[player].library
    if not library:
        return [], that
    top = library[0]
    card = ctx.state.objects[top].card
    seq = ctx.emit(ev.TopCardLookedAt(player=player, owner=player, object_id=top, card=card), "401.2", cause)
    options = ([eff.to] if _fits(eff, ctx.cards.get(card)) else []) + ([eff.otherwise] if eff.otherwise else [])
    if not options:
        return [], that
    return [TopCardFrame(player, top, item.source_card, ",".join(options + ["top"]), eff.tapped, eff.reveal, seq)], that


@dataclass(frozen=True)
class TopCardFrame(Frame):
    """608.2d: `player` chooses where the top card of their library (`card`, looked at) goes among
    `options` (comma separated: "battlefield", "hand", "exile", "bottom", "graveyard", "top")."""

    player: str
    card: str
    source: str
    options: str
    tapped: bool
    reveal: bool
    cause: int | None

    def run(self, ctx: Ctx) -> list[Frame]:
        o = ctx.state.objects[self.card]
        raise Pause(ch.TopCard.ask(self.player, self.source, o.card, tuple(self.options.split(","))),
                    self, "608.2d", self.cause)

    def answer(self, ctx: Ctx, player: str, value: Any) -> list[Frame]:
        o = ctx.state.objects[self.card]
        if value == "battlefield":
            return [EnterBattlefield(self.card, self.player, self.cause or 0, "608.2c", "put onto the battlefield",
                                     tapped=self.tapped)]
        if value == "hand":
            if self.reveal:
                ctx.emit(ev.CardRevealed(player=self.player, object_id=self.card, card=o.card), "608.2c", self.cause)
            ctx.move(self.card, "hand", "put into hand", "608.2c", self.cause)
        elif value == "exile":
            ctx.move(self.card, "exile", "exiled", "608.2c", self.cause)
        elif value == "graveyard":
            ctx.move(self.card, "graveyard", "put into graveyard", "608.2c", self.cause)
        elif value == "bottom":
            ctx.emit(ev.CardPutOnBottom(player=self.player, object_id=self.card, card=o.card), "401.2", self.cause)
        return []


@handles(m.ReturnDiedCardToHand)
def _return_died_card(ctx: Ctx, item: StackItem, spec: m.Targets | None, eff: m.ReturnDiedCardToHand, that: str,
                      cause: int | None) -> tuple[list[Frame], str]:
    """400.7d: the dies trigger finds the card its source became in the graveyard; if that card has
    not moved again since (a new object then, 400.7), it goes to its owner's hand (400.3)."""
    source = ctx.state.objects.get(item.source)
    card = ctx.state.objects.get(source.moved_to or "") if source is not None else None
    if card is not None and card.zone == "graveyard":
        that = ctx.move(card.id, "hand", "returned", "400.7d", cause)
    return [], that


@handles(m.ReturnSelfFromGraveyard)
def _return_self_from_graveyard(ctx: Ctx, item: StackItem, spec: m.Targets | None, eff: m.ReturnSelfFromGraveyard,
                                that: str, cause: int | None) -> tuple[list[Frame], str]:
    """113.6k, 400.7: the card whose ability it is, if it is still that object in its owner's
    graveyard: onto the battlefield under its owner's control (tapped), or into its owner's hand."""
    card = ctx.state.objects.get(item.source)
    if card is None or card.zone != "graveyard":
        return [], that
    if eff.to == "battlefield":
        return [EnterBattlefield(card.id, card.owner, cause or 0, "608.2c", "returned", tapped=eff.tapped)], that
    that = ctx.move(card.id, "hand", "returned", "608.2c", cause)
    return [], that
