"""Target cards moved out of a graveyard (115.1; cards/model_graveyard.py): "Return target
artifact card from your graveyard to your hand." and "Put target creature card from your
graveyard on top of / on the bottom of your library." Each target still legal as the ability
resolves (608.2b) becomes a new object in its owner's zone (400.7)."""
from __future__ import annotations

from simulator.cards import model as m
from simulator.game import events as ev
from simulator.game.state import StackItem
from simulator.rules.context import Ctx, Frame
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
