"""Library effects. Looking at the top of a library and choosing where the card goes: scry 1
(701.22a: top or bottom) and surveil 1 (701.25a: top or graveyard). Each asks its player
(pending `scry` / `surveil`, options "top" and "bottom"/"graveyard", or their numbers 1 and 2);
an empty library is looked at and nothing is asked (the card count is then 0: 701.22b, 701.25b).
Searching a library (701.23: the pending `search` choice, the cards found) and shuffling it
(701.24: the new order drawn from the game's seed and recorded in `LibraryShuffled`)."""
from __future__ import annotations

import dataclasses
import itertools
import random
from dataclasses import dataclass
from typing import Any

from simulator.base.errors import IllegalAction
from simulator.cards import model as m
from simulator.game import events as ev
from simulator.rules import choices as ch
from simulator.rules.actions import EnterBattlefield
from simulator.rules.context import Ctx, Frame, Pause
from simulator.rules.queries import stack_ability

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


# --------------------------------------------------------------------------- search (701.23), shuffle (701.24)

def _fits(quality: m.CardQuality, card: m.CardDefinition) -> bool:
    return quality.matches(card.types, card.supertypes, card.subtypes)


def _assignable(slots: tuple[m.CardQuality, ...], cards: list[m.CardDefinition]) -> bool:
    """Each found card fits a slot of its own ("a Forest card and a Plains card": a Forest
    Plains fits either, but not both)."""
    return any(all(_fits(q, c) for q, c in zip(perm, cards))
               for perm in itertools.permutations(slots, len(cards)))


def _share_land_type(cards: list[m.CardDefinition]) -> bool:
    """The cards share a land type (205.3i): one land subtype every one of them has."""
    if len(cards) < 2:
        return True
    common = set(cards[0].subtypes)
    for c in cards[1:]:
        common &= set(c.subtypes)
    return bool(common)


@dataclass(frozen=True)
class SearchLibraryFrame(Frame):
    """701.23a: the ability's controller (`player`) searches their library for the cards the
    `SearchLibrary` effect (`effect`, its index among the resolving object's effects) describes:
    a pending `search` choice lists the cards that fit; the answer is the cards found."""

    stack_id: str
    effect: int
    player: str
    cause: int | None

    def _effect(self, ctx: Ctx) -> m.SearchLibrary:
        item = ctx.state.stack_item(self.stack_id)
        assert item is not None, self.stack_id
        effects = (ctx.cards.get(item.source_card).spell_effects if item.kind == "spell"
                   else stack_ability(ctx.cards, item).effects)
        eff = effects[self.effect]
        assert isinstance(eff, m.SearchLibrary), eff
        return eff

    def _options(self, ctx: Ctx, eff: m.SearchLibrary) -> list[str]:
        library = ctx.state.players[self.player].library
        return [oid for oid in library
                if any(_fits(q, ctx.cards.get(ctx.state.objects[oid].card)) for q in eff.find)]

    def run(self, ctx: Ctx) -> list[Frame]:
        eff = self._effect(ctx)
        seq = ctx.emit(ev.LibrarySearched(player=self.player, searched_for=eff.describe()), "701.23a", self.cause)
        options = self._options(ctx, eff)
        if not options:                  # nothing fits: nothing is found (701.23b), then the shuffle
            return [ShuffleLibrary(self.player, seq)]
        raise Pause(ch.Search.ask(self.player, options, eff.describe(), len(eff.find),
                                  all(q.stated for q in eff.find)),
                    dataclasses.replace(self, cause=seq), "701.23a", seq)

    def answer(self, ctx: Ctx, player: str, value: Any) -> list[Frame]:
        """`value`: the ids of the cards found, among the options (rules/choices.py `Search`)."""
        eff = self._effect(ctx)
        options = self._options(ctx, eff)
        found = [str(v) for v in value]
        what = eff.describe()
        if len(set(found)) != len(found):
            raise IllegalAction(f"a card is named twice: {found}", "701.23a")
        if any(f not in options for f in found):
            raise IllegalAction(f"choose among {', '.join(options)}: {what}", "701.23a")
        if len(found) > len(eff.find):
            raise IllegalAction(f"at most {len(eff.find)} card(s) may be found: {what}", "701.23a")
        defs = [ctx.cards.get(ctx.state.objects[f].card) for f in found]
        if not _assignable(eff.find, defs):
            raise IllegalAction(f"those cards are not {what}", "701.23a")
        if eff.share_land_type and not _share_land_type(defs):
            raise IllegalAction(f"the cards found must share a land type: {what}", "701.23a")
        unstated = [q for q in eff.find if not q.stated]
        if unstated and len(found) < min(len(eff.find), len(options)):
            raise IllegalAction(f"a search for {what} with no stated quality must find one if the library "
                                f"has one", "701.23c")
        frames: list[Frame] = []
        for oid in found:
            o = ctx.state.objects[oid]
            if eff.reveal:
                ctx.emit(ev.CardRevealed(player=self.player, object_id=oid, card=o.card), "701.23d", self.cause)
            if eff.to == "hand":
                ctx.move(oid, "hand", "searched for", "701.23a", self.cause)
            else:
                frames.append(EnterBattlefield(oid, self.player, self.cause or 0, "701.23a", "searched for",
                                               tapped=eff.tapped))
        return frames + [ShuffleLibrary(self.player, self.cause)]


@dataclass(frozen=True)
class ShuffleLibrary(Frame):
    """701.24a: `player` shuffles their library. The order is drawn from the game's `seed` and
    the event's place in the log (a recorded game gives the same events on every run) and the
    new order is recorded in the event, so the fold never draws it again."""

    player: str
    cause: int | None

    def run(self, ctx: Ctx) -> list[Frame]:
        order = list(ctx.state.players[self.player].library)
        random.Random(f"{ctx.state.seed}:{ctx.state.version + 1}").shuffle(order)
        ctx.emit(ev.LibraryShuffled(player=self.player, order=tuple(order)), "701.24a", self.cause)
        return []
