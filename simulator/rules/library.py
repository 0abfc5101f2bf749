"""Library effects. Looking at the top of a library and choosing where the card goes: scry 1
(701.22a: top or bottom) and surveil 1 (701.25a: top or graveyard). Each asks its player
(pending `scry` / `surveil`, options "top" and "bottom"/"graveyard", or their numbers 1 and 2);
an empty library is looked at and nothing is asked (the card count is then 0: 701.22b, 701.25b).
Searching a library (701.23: the pending `search` choice, the cards found) and shuffling it
(701.24: the new order drawn from the game's seed and recorded in `LibraryShuffled`). Milling
(701.17a)."""
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
from simulator.rules.queries import spell_effects, stack_ability

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

def _mana_value(card: m.CardDefinition) -> int:
    """202.3: the mana value of a card (a land's, or a card without a mana cost: 0)."""
    return card.mana_cost.mana_value if card.mana_cost is not None else 0


def _fits(quality: m.CardQuality, card: m.CardDefinition, source: m.CardDefinition | None = None) -> bool:
    """The card fits the quality; `source`: the card whose ability searches ("the same mana value
    as the discarded card", 702.53a)."""
    return quality.matches(card.types, card.supertypes, card.subtypes, _mana_value(card),
                           _mana_value(source) if source is not None else None)


def _assignable(slots: tuple[m.CardQuality, ...], cards: list[m.CardDefinition],
                source: m.CardDefinition | None = None) -> bool:
    """Each found card fits a slot of its own ("a Forest card and a Plains card": a Forest
    Plains fits either, but not both)."""
    return any(all(_fits(q, c, source) for q, c in zip(perm, cards))
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
        _, eff = _stack_effect(ctx, self.stack_id, self.effect)
        assert isinstance(eff, m.SearchLibrary), eff
        return eff

    def _source(self, ctx: Ctx) -> m.CardDefinition:
        item, _ = _stack_effect(ctx, self.stack_id, self.effect)
        return ctx.cards.get(item.source_card)

    def _options(self, ctx: Ctx, eff: m.SearchLibrary) -> list[str]:
        library = ctx.state.players[self.player].library
        source = self._source(ctx)
        return [oid for oid in library
                if any(_fits(q, ctx.cards.get(ctx.state.objects[oid].card), source) for q in eff.find)]

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
        if not _assignable(eff.find, defs, self._source(ctx)):
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


# --------------------------------------------------------------------------- mill (701.17)

def mill(ctx: Ctx, player: str, n: int, cause: int | None) -> None:
    """701.17a: `player` puts the top `n` cards of their library into their graveyard, top card
    first; a library with fewer cards is milled entirely (701.17b)."""
    for oid in list(ctx.state.players[player].library[:n]):
        ctx.move(oid, "graveyard", "milled", "701.17a", cause)


# --------------------------------------------------------------------------- scry N, surveil N (701.22a, 701.25a)

def look_at_top(ctx: Ctx, player: str, n: int, action: str, rule: str, cause: int | None) -> tuple[list[str], int]:
    """`player` looks at the top `n` cards of their library (fewer if it has fewer: 701.22b,
    701.25b): their ids, topmost first, and the seq of the `CardsLookedAt` (or `cause`)."""
    top = list(ctx.state.players[player].library[:n])
    if not top:
        return [], cause or 0
    cards = tuple(ctx.state.objects[o].card for o in top)
    seq = ctx.emit(ev.CardsLookedAt(player=player, object_ids=tuple(top), cards=cards, action=action), rule, cause)
    return top, seq


@dataclass(frozen=True)
class LookAtTopN(Frame):
    """Scry N / surveil N with N > 1 (701.22a, 701.25a): `player` looks at the top N cards, then
    chooses (pending `scry_bottom` / `surveil_graveyard`) which go to the bottom / into the
    graveyard; the rest go back on top, and each group in the order they choose (401.4). An
    empty library is looked at and nothing is asked (701.22b, 701.25b)."""

    player: str
    action: str
    n: int
    cause: int | None
    looked: tuple[str, ...] = ()

    def run(self, ctx: Ctx) -> list[Frame]:
        rule = RULES[self.action]
        top, seq = look_at_top(ctx, self.player, self.n, self.action, rule, self.cause)
        if not top:
            return []
        kind = ch.ScryBottom if self.action == "scry" else ch.SurveilGraveyard
        asked = kind.ask(self.player, top, [ctx.state.objects[o].card for o in top])
        raise Pause(asked, dataclasses.replace(self, cause=seq, looked=tuple(top)), rule, seq)

    def answer(self, ctx: Ctx, player: str, value: Any) -> list[Frame]:
        """`value`: the ids chosen among the cards looked at (rules/choices.py `LookedAt`)."""
        chosen = [str(v) for v in value]
        rest = tuple(o for o in self.looked if o not in chosen)
        moved = tuple(o for o in self.looked if o in chosen)      # library order, topmost first
        if self.action == "surveil":
            for oid in moved:
                ctx.move(oid, "graveyard", "surveilled", RULES["surveil"], self.cause)
            return [PutInOrder(self.player, rest, "top", RULES["surveil"], self.cause)]
        return [PutInOrder(self.player, rest, "top", RULES["scry"], self.cause),
                PutInOrder(self.player, moved, "bottom", RULES["scry"], self.cause)]


@dataclass(frozen=True)
class PutInOrder(Frame):
    """Cards of `player`'s library (`ids`) put on its top or bottom at once, in the order the
    player chooses (401.4; pending `library_order` when there are two or more), or in a random
    order (`at_random`: drawn from the game's seed and the event's place in the log, as a
    shuffle is, 701.24a, and recorded in the events)."""

    player: str
    ids: tuple[str, ...]
    where: str                  # "top" | "bottom"
    rule: str
    cause: int | None
    at_random: bool = False

    def run(self, ctx: Ctx) -> list[Frame]:
        if len(self.ids) >= 2 and not self.at_random:
            cards = [ctx.state.objects[o].card for o in self.ids]
            raise Pause(ch.LibraryOrder.ask(self.player, self.ids, cards, f"the {self.where}"), self, "401.4",
                        self.cause)
        order = list(self.ids)
        if self.at_random:
            random.Random(f"{ctx.state.seed}:{ctx.state.version + 1}").shuffle(order)
        self._place(ctx, order)
        return []

    def answer(self, ctx: Ctx, player: str, value: Any) -> list[Frame]:
        """`value`: every option number once, topmost first (rules/choices.py `LibraryOrder`)."""
        self._place(ctx, [self.ids[i - 1] for i in value])
        return []

    def _place(self, ctx: Ctx, order: list[str]) -> None:
        if not order:
            return
        if self.where == "bottom":
            for oid in order:
                o = ctx.state.objects[oid]
                ctx.emit(ev.CardPutOnBottom(player=self.player, object_id=oid, card=o.card), self.rule, self.cause)
        else:
            ctx.emit(ev.CardsPutOnTop(player=self.player, object_ids=tuple(order),
                                      cards=tuple(ctx.state.objects[o].card for o in order)), self.rule, self.cause)


# --------------------------------------------------------------------------- look at the top N (608.2c)

def unwrapped(eff: Any) -> Any:
    """The instruction an "if ..., <instruction>" (`IfThen`) or "you may <instruction>" (`MayDo`)
    stands for (608.2c, 608.2d); any other effect is itself."""
    while isinstance(eff, (m.IfThen, m.MayDo)):
        eff = eff.effect
    return eff


def effect_index(effects: tuple[Any, ...], eff: Any) -> int:
    """The number of the resolving object's effect that is `eff` or stands for it (`unwrapped`)."""
    return next(i for i, e in enumerate(effects) if e == eff or unwrapped(e) == eff)


def _stack_effect(ctx: Ctx, stack_id: str, index: int) -> tuple[Any, Any]:
    """The resolving object (`StackItem`) and its effect number `index` (a spell's or an ability's),
    the instruction itself where it is done only if a condition holds or its controller says so."""
    item = ctx.state.stack_item(stack_id)
    assert item is not None, stack_id
    effects = (spell_effects(ctx.cards, item)[0] if item.kind == "spell"
               else stack_ability(ctx.cards, item).effects)
    return item, unwrapped(effects[index])


@dataclass(frozen=True)
class LookAtTopCardsFrame(Frame):
    """`LookAtTopCards` (effect `effect` of the resolving `stack_id`): its controller looks at
    the top N cards (N counted by the rules as it resolves, 608.2h), chooses the cards to take
    (pending `look_pick`, among those that fit), puts them into their hand (608.2c; revealed
    first where it says so), and the rest where it says (`PutInOrder`, or the graveyard)."""

    stack_id: str
    effect: int
    player: str
    n: int
    cause: int | None
    looked: tuple[str, ...] = ()

    def _effect(self, ctx: Ctx) -> m.LookAtTopCards:
        _, eff = _stack_effect(ctx, self.stack_id, self.effect)
        assert isinstance(eff, m.LookAtTopCards), eff
        return eff

    def _options(self, ctx: Ctx, eff: m.LookAtTopCards) -> list[str]:
        return [o for o in self.looked if _fits(eff.quality, ctx.cards.get(ctx.state.objects[o].card))]

    def run(self, ctx: Ctx) -> list[Frame]:
        eff = self._effect(ctx)
        top, seq = look_at_top(ctx, self.player, self.n, "look", "608.2c", self.cause)
        here = dataclasses.replace(self, cause=seq, looked=tuple(top))
        options = here._options(ctx, eff)
        if not top or not eff.take or not options:
            return here._rest(ctx, eff, [])
        where = "put on top of your library" if eff.taken_to == "top" else "put into your hand"
        what = (f"choose {eff.describe()} to {where}" if eff.must or eff.take > 1
                else f"you may choose {_a(eff.quality.describe())} to reveal and {where}")
        raise Pause(ch.LookPick.ask(self.player, options, [ctx.state.objects[o].card for o in options], what),
                    here, "608.2c", seq)

    def answer(self, ctx: Ctx, player: str, value: Any) -> list[Frame]:
        """`value`: the ids chosen among the options (rules/choices.py `LookPick`)."""
        eff = self._effect(ctx)
        options = self._options(ctx, eff)
        chosen = [str(v) for v in value]
        if len(chosen) > eff.take:
            raise IllegalAction(f"choose at most {eff.take}: {eff.describe()}", "608.2c")
        if any(c not in options for c in chosen):
            raise IllegalAction(f"choose among {', '.join(options)}: {eff.describe()}", "608.2c")
        if eff.must and len(chosen) < min(eff.take, len(options)):
            raise IllegalAction(f"{eff.take} of the cards looked at must be chosen: {eff.describe()}", "608.2c")
        return self._rest(ctx, eff, chosen)

    def _rest(self, ctx: Ctx, eff: m.LookAtTopCards, chosen: list[str]) -> list[Frame]:
        for oid in [o for o in self.looked if o in chosen]:
            if eff.reveal:
                o = ctx.state.objects[oid]
                ctx.emit(ev.CardRevealed(player=self.player, object_id=oid, card=o.card), "608.2c", self.cause)
            if eff.taken_to == "hand":
                ctx.move(oid, "hand", "put into hand", "608.2c", self.cause)
        # "then put that card on top of your library and the rest on the bottom" (Fertile Thicket):
        # the card taken stays in the library; the rest go under it, so it ends on top (401.4)
        rest = tuple(o for o in self.looked if o not in chosen)
        if eff.rest == "graveyard":
            for oid in rest:
                ctx.move(oid, "graveyard", "put into graveyard", "608.2c", self.cause)
            return []
        where = "top" if eff.rest == "top_any" else "bottom"
        return [PutInOrder(self.player, rest, where, "401.4", self.cause, at_random=eff.rest == "bottom_random")]


# --------------------------------------------------------------------------- discard (701.9)

@dataclass(frozen=True)
class DiscardFrame(Frame):
    """701.9a: each of `players` (APNAP order, 101.4) chooses `n` cards of their hand (pending
    `discard_cards`; the whole hand without asking if it holds `n` or fewer); once every one has
    chosen, the cards are discarded."""

    players: tuple[str, ...]
    n: int
    cause: int | None
    chosen: tuple[tuple[str, ...], ...] = ()

    def run(self, ctx: Ctx) -> list[Frame]:
        chosen = list(self.chosen)
        while len(chosen) < len(self.players):
            player = self.players[len(chosen)]
            hand = list(ctx.state.players[player].hand)
            if len(hand) > self.n:
                names = [ctx.state.objects[o].card for o in hand]
                raise Pause(ch.DiscardCards.ask(player, hand, names, self.n),
                            dataclasses.replace(self, chosen=tuple(chosen)), "701.9a", self.cause)
            chosen.append(tuple(hand))
        for discarded in chosen:
            for oid in discarded:
                ctx.move(oid, "graveyard", "discarded", "701.9a", self.cause)
        return []

    def answer(self, ctx: Ctx, player: str, value: Any) -> list[Frame]:
        """`value`: the ids chosen in the hand (rules/choices.py `DiscardCards`)."""
        found = tuple(str(v) for v in value)
        if len(found) != self.n:
            raise IllegalAction(f"discard exactly {self.n} card(s), not {len(found)}", "701.9a")
        return [dataclasses.replace(self, chosen=(*self.chosen, found))]


def _a(noun: str) -> str:
    """"an Eldrazi card", "a land card": the indefinite article of the words that follow."""
    return ("an " if noun[:1].lower() in "aeiou" else "a ") + noun
