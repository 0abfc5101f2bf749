"""Library effects of resolving abilities (401, 701.24, 121.1): "Target creature's owner shuffles it
into their library", draws and discards per domain, draws by each player who controls a named
permanent, "Look at the top card of your library. If it's a land card, you may put it onto the
battlefield tapped ..." (608.2d: the pending `top_card`).
Each handler is registered in `rules/effects` (or the registry it names) when this module is
imported (by `rules/resolution`, so every game has them)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from simulator.cards import model as m
from simulator.game import events as ev
from simulator.game.layers import all_characteristics
from simulator.game.quantities import quantity
from simulator.game.state import StackItem
from simulator.rules import choices as ch
from simulator.rules.actions import EnterBattlefield, draw_cards
from simulator.rules.context import Ctx, Frame, Pause
from simulator.rules.effects import handles, legal_targets
from simulator.rules.library import DiscardFrame, ShuffleLibrary


@handles(m.OwnerShufflesIntoLibrary)
def _owner_shuffles(ctx: Ctx, item: StackItem, spec: m.Targets | None, eff: m.OwnerShufflesIntoLibrary, that: str,
                    cause: int | None) -> tuple[list[Frame], str]:
    """701.24a: the target (608.2b: if still legal) is put into its owner's library, then that
    player shuffles it (a token put there ceases to exist, 111.7)."""
    frames: list[Frame] = []
    for t in legal_targets(ctx, item, spec):
        owner = ctx.state.objects[t].owner
        ctx.move(t, "library", "shuffled into its owner's library", "701.24a", cause)
        frames.append(ShuffleLibrary(owner, cause))
    return frames, that


@handles(m.TargetPlayerPerDomain)
def _target_per_domain(ctx: Ctx, item: StackItem, spec: m.Targets | None, eff: m.TargetPlayerPerDomain, that: str,
                       cause: int | None) -> tuple[list[Frame], str]:
    """Domain (305.6): the basic land types among lands the target (or the controller) controls,
    counted as it resolves (608.2h); the target player, if still legal (608.2b), draws that many
    (121.1) or discards that many (701.9a); none counted: nothing."""
    frames: list[Frame] = []
    for player in legal_targets(ctx, item, spec):
        whose = player if eff.whose == "target" else item.controller
        n = quantity(ctx.state, ctx.cards, m.BasicLandTypesAmong(), source=item.source, you=whose)
        if n <= 0:
            continue
        if eff.action == "draw":
            draw_cards(ctx, player, n, "121.1", cause)
        else:
            frames.append(DiscardFrame((player,), n, cause))
    return frames, that


@handles(m.EachPlayerWithNamedDraws)
def _each_player_with_named_draws(ctx: Ctx, item: StackItem, spec: m.Targets | None,
                                  eff: m.EachPlayerWithNamedDraws, that: str,
                                  cause: int | None) -> tuple[list[Frame], str]:
    """Bonder's Ornament: the players who control a permanent with the source's name now (201.2,
    its name as it is: layers), each draws, in turn order from the active player (101.4, 121.1)."""
    chars = all_characteristics(ctx.state, ctx.cards)
    name = ctx.cards.get(item.source_card).name
    drawing = [p for p in ctx.state.apnap() if not ctx.state.players[p].lost
               and any(ctx.state.objects[o].controller == p and o in chars and chars[o].name == name
                       for o in ctx.state.battlefield)]
    for player in drawing:
        draw_cards(ctx, player, eff.amount, "121.1", cause)
    return [], that


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
