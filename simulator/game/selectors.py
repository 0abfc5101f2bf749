"""`select`: the objects a `Selector` describes, in a stable order.

One function for every place the rules ask "which objects does this phrase mean": legal
targets (115.1), what a "Sacrifice a creature" cost or a sacrifice choice may take (701.21a),
what a trigger watches, what an Aura may enchant (303.4a, 704.5m). The layers (613) use
`Selector.matches` directly on objects part-way through the layers.

On the battlefield an object is read with its layered characteristics; in a graveyard or
in exile as its printed card. `you` is the controller of the selector's source; `source` is
the source's object id (needed for "enchanted ..." and "exiled with ...").
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from simulator.cards.model import CardDefinition, Cards, ObjectFacts, Selector
from simulator.game.layers import all_characteristics, chosen_value
from simulator.game.state import GameState


def select(state: GameState, cards: Cards, sel: Selector, *, you: str, source: str | None = None) -> list[str]:
    """Ids of the objects `sel` describes now: battlefield in the order permanents entered,
    graveyards oldest first in turn order of their owners, exile by timestamp."""
    if sel.zone == "battlefield":
        chars = all_characteristics(state, cards)
        src = state.objects.get(source) if source else None
        enchanted = src.attached_to if src is not None else None
        return [oid for oid in state.battlefield
                if sel.matches(zone="battlefield", types=chars[oid].types, subtypes=chars[oid].subtypes,
                               supertypes=chars[oid].supertypes, controller=state.objects[oid].controller,
                               you=you, is_source=oid == source,
                               related=oid == source if sel.relation == "self" else oid == enchanted,
                               colors=chars[oid].colors, chosen=chosen_value(sel, src),
                               facts=facts_of(state, oid, chars[oid].colors, chars[oid].power,
                                              chars[oid].toughness, tuple(chars[oid].keywords()))
                               if sel.needs_facts else None)]
    if sel.zone == "stack":       # spells (405.1), their controller's, top of the stack last
        return [i.id for i in state.stack if i.kind == "spell" and _spell_matches(state, cards, sel, i.id, you)]
    if sel.zone == "graveyard":
        ids = [oid for p in state.order for oid in state.players[p].graveyard]
    else:
        ids = [o.id for o in sorted(state.objects.values(), key=lambda o: o.timestamp) if o.zone == "exile"]
    out = []
    for oid in ids:
        o = state.objects[oid]
        card = cards.get(o.card)
        if sel.matches(zone=o.zone, types=card.types, subtypes=card.subtypes, supertypes=card.supertypes,
                       controller=o.owner, you=you, related=source is not None and o.exiled_with == source) \
                and _mana_value_fits(sel, card):
            out.append(oid)
    return out


def facts_of(state: GameState, oid: str, colors: tuple[str, ...], power: int | None = None,
             toughness: int | None = None, keywords: tuple[str, ...] | None = None) -> ObjectFacts:
    """What a selector may ask of a permanent beyond its types (`ObjectFacts`): its counters, its
    colors now, whether it is a token, whether it entered this turn (the turn it came under its
    controller's control: no effect here changes control, see `conditions._entered_this_turn`)."""
    o = state.objects[oid]
    return ObjectFacts(o.counters, colors, o.is_token, o.control_since == state.turn, power, toughness, keywords)


def is_selected(state: GameState, cards: Cards, sel: Selector, oid: str, *, you: str,
                source: str | None = None) -> bool:
    """Whether one object fits `sel` now (608.2b checks a target again this way; 704.5m an Aura's
    "Enchant ..."): ``oid in select(...)``, reading that one object instead of listing all."""
    o = state.objects.get(oid)
    if o is None:
        return False
    if sel.zone == "battlefield":
        if oid not in state.battlefield:
            return False
        c = all_characteristics(state, cards)[oid]
        src = state.objects.get(source) if source else None
        enchanted = src.attached_to if src is not None else None
        return sel.matches(zone="battlefield", types=c.types, subtypes=c.subtypes, supertypes=c.supertypes,
                           controller=o.controller, you=you, is_source=oid == source,
                           related=oid == source if sel.relation == "self" else oid == enchanted,
                           colors=c.colors, chosen=chosen_value(sel, src),
                           facts=facts_of(state, oid, c.colors, c.power, c.toughness, tuple(c.keywords()))
                           if sel.needs_facts else None)
    if sel.zone == "stack":
        return o.zone == "stack" and _spell_matches(state, cards, sel, oid, you)
    if sel.zone == "graveyard":
        if not any(oid in state.players[p].graveyard for p in state.order):
            return False
    elif o.zone != "exile":
        return False
    card = cards.get(o.card)
    return sel.matches(zone=o.zone, types=card.types, subtypes=card.subtypes, supertypes=card.supertypes,
                       controller=o.owner, you=you, related=source is not None and o.exiled_with == source) \
        and _mana_value_fits(sel, card)


def _mana_value_fits(sel: Selector, card: CardDefinition) -> bool:
    """"... card with mana value 3 or less" (202.3): a card's printed mana value (its mana cost's
    symbols, X as 0, 202.3e; no mana cost: 0)."""
    if sel.mana_value_at_most is None:
        return True
    mv = card.mana_cost.mana_value if card.mana_cost is not None else 0
    return mv <= sel.mana_value_at_most


def died_this_turn(state: GameState, cards: Cards) -> list[str]:
    """The creatures that died this turn (700.4: put into a graveyard from the battlefield),
    as the ids they had on the battlefield, in the order they died. Whether each was a
    creature is read as it last existed (603.10a): its printed card, or an until end of turn
    effect that made it one (`TurnFacts.animated`; no static ability of these rules adds the
    creature type, and none removes it)."""
    facts = state.this_turn
    if facts is None:
        return []
    return [oid for oid in facts.to_graveyard
            if oid in facts.animated or "Creature" in cards.get(state.objects[oid].card).types]


@dataclass(frozen=True)
class CastThisTurn:
    """A spell cast this turn (601.2; `TurnCounts.spells`): who cast it, the id it had on the
    stack, the zone it was cast from and its card."""

    player: str
    spell: str
    zone: str
    card: str


def spells_cast_this_turn(state: GameState) -> list[CastThisTurn]:
    """The spells cast this turn, by every player, in the order they were cast."""
    counts = state.turn_counts
    out = []
    for entry in (counts.spells or ()) if counts is not None else ():
        player, spell, zone, card = entry.split("|", 3)
        out.append(CastThisTurn(player, spell, zone, card))
    return out


def cast_as(state: GameState, oid: str) -> CastThisTurn | None:
    """The casting of this turn that made `oid`: the spell itself (an object entering from the
    stack, 614.1c) or the permanent the spell became as it resolved (608.3; 400.7: the spell's
    record's `moved_to`: the permanent, also once it left the battlefield, as it last existed,
    603.4 at resolution); None: not a spell cast this turn (a card that went from the stack to a
    graveyard, and came back, is a new object, 400.7)."""
    cast = {c.spell: c for c in spells_cast_this_turn(state)}
    if oid in cast:
        return cast[oid]
    record = state.objects.get(oid)
    if record is None or record.zone not in ("battlefield", "moved"):
        return None     # a card in a graveyard, a hand, ...: not a spell (one countered into a graveyard is a new object)
    return next((cast[sid] for sid in cast if state.objects.get(sid) is not None
                 and state.objects[sid].moved_to == oid), None)


@dataclass(frozen=True)
class CastingEffect:
    """An effect on the spells `player` casts for the rest of the turn (611.2a, 601.3;
    `TurnCounts.effects`): its kind, the card types it allows ("flash"), the spells its player
    had cast as it began ("one_more") and the card whose ability made it."""

    player: str
    kind: str
    types: tuple[str, ...]
    cast: int
    source_card: str


def casting_effects(state: GameState, player: str) -> list[CastingEffect]:
    """`player`'s effects on casting this turn, oldest first."""
    counts = state.turn_counts
    out = []
    for entry in (counts.effects or ()) if counts is not None else ():
        who, kind, types, cast, source_card = entry.split("|", 4)
        if who == player:
            out.append(CastingEffect(who, kind, tuple(t for t in types.split(",") if t), int(cast), source_card))
    return out


def _spell_matches(state: GameState, cards: Cards, sel: Selector, oid: str, you: str) -> bool:
    """A spell on the stack fits `sel` by its card's characteristics and its controller (the
    stack item's, 110.2 for spells)."""
    item = state.stack_item(oid)
    if item is None or item.kind != "spell":
        return False
    card = cards.get(state.objects[oid].card)
    return sel.matches(zone="stack", types=card.types, subtypes=card.subtypes, supertypes=card.supertypes,
                       controller=item.controller, you=you, related=False)
