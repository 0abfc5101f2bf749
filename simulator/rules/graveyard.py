"""Target cards moved out of a graveyard (115.1; cards/model_graveyard.py): "Return target
artifact card from your graveyard to your hand." and "Put target creature card from your
graveyard on top of / on the bottom of your library." Each target still legal as the ability
resolves (608.2b) becomes a new object in its owner's zone (400.7). Also the source's own card
after it died ("Exile this card.", "return this card to your hand", 400.7d), "Return a creature
card at random from your graveyard to your hand", and the abilities of a card in a graveyard
that return it (113.6k: "Return this card from your graveyard to the battlefield tapped.")."""
from __future__ import annotations

import random

from simulator.cards import model as m
from simulator.game import events as ev
from simulator.game.state import StackItem
from simulator.rules.context import Ctx, Frame
from simulator.rules.actions import EnterBattlefield
from simulator.rules.effects import handles, legal_targets


@handles(m.ReturnCardToHand)
def _return_card_to_hand(ctx: Ctx, item: StackItem, spec: m.Targets | None, eff: m.ReturnCardToHand,
                         that: str, cause: int | None) -> tuple[list[Frame], str]:
    """608.2c: each legal target goes to its owner's hand (400.3)."""
    for t in legal_targets(ctx, item, spec):
        that = ctx.move(t, "hand", "returned", "608.2c", cause)
    return [], that


@handles(m.PutCardInLibrary)
def _put_card_in_library(ctx: Ctx, item: StackItem, spec: m.Targets | None, eff: m.PutCardInLibrary,
                         that: str, cause: int | None) -> tuple[list[Frame], str]:
    """401.2: into its owner's library, on top or on the bottom (a card moved into a library
    goes to the bottom of the fold's list; "on top" is then put on top, `CardsPutOnTop`)."""
    for t in legal_targets(ctx, item, spec):
        o = ctx.state.objects[t]
        that = ctx.move(t, "library", "put on top of library" if eff.where == "top" else
                        "put on the bottom of library", "608.2c", cause)
        if eff.where == "top":
            ctx.emit(ev.CardsPutOnTop(player=o.owner, object_ids=(that,), cards=(o.card,)), "401.2", cause)
    return [], that


@handles(m.ExileSourceCard)
def _exile_source_card(ctx: Ctx, item: StackItem, spec: m.Targets | None, eff: m.ExileSourceCard, that: str,
                       cause: int | None) -> tuple[list[Frame], str]:
    """"When this creature dies, ... Exile this card.": the card it became in the graveyard (400.7);
    gone from there (a new object), nothing happens."""
    source = ctx.state.objects.get(item.source)
    card = (source.moved_to if source is not None else None) or ""
    o = ctx.state.objects.get(card)
    if o is not None and card in ctx.state.players[o.owner].graveyard:
        ctx.move(card, "exile", "exiled", "400.7", cause)
    return [], that


@handles(m.ReturnRandomCardToHand)
def _return_random_card(ctx: Ctx, item: StackItem, spec: m.Targets | None, eff: m.ReturnRandomCardToHand, that: str,
                        cause: int | None) -> tuple[list[Frame], str]:
    """One card of the kind at random from its controller's graveyard into their hand (drawn from
    the game's seed and the event's place in the log, so a replay returns the same card); none:
    nothing happens (608.2c)."""
    s = ctx.state
    options = [oid for oid in s.players[item.controller].graveyard
               if eff.what.matches(ctx.cards.get(s.objects[oid].card).types,
                                   ctx.cards.get(s.objects[oid].card).supertypes,
                                   ctx.cards.get(s.objects[oid].card).subtypes)]
    if options:
        chosen = random.Random(f"{s.seed}:{s.version + 1}:random").choice(options)
        that = ctx.move(chosen, "hand", "returned at random", "608.2c", cause)
    return [], that


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
