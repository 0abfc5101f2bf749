"""`count_of`: an amount a card's text counts as it applies ("for each other creature you
control", "where X is the number of creature cards in all graveyards", "for each color of mana
spent to cast it", "for each time it was kicked"), read from the state now (614.1c: as the
permanent would enter, not on the battlefield yet, so "other" changes nothing then)."""
from __future__ import annotations

from simulator.base.symbols import COLORS
from simulator.cards import model as m
from simulator.game.layers import all_characteristics
from simulator.game.selectors import cast_as, died_this_turn, select, spells_cast_this_turn
from simulator.game.state import GameState


def count_of(state: GameState, cards: m.Cards, count: m.EnterCount, *, you: str, source: str) -> int:
    """The amount `count` describes for the object `source` controlled (or to be controlled) by
    `you`. Colors spent and kicks are the spell's that `source` is on the stack (601.2h, 702.33b);
    an object that was not cast has none."""
    if isinstance(count, m.EnterLifeTotal):    # 119.1: its controller's life total now (Eternity Vessel)
        return state.players[you].life
    if isinstance(count, m.EnterTappedCount):   # "the number of tapped lands on the battlefield" (110.5)
        return sum(1 for oid in select(state, cards, count.what or m.Selector(), you=you, source=source)
                   if state.objects[oid].tapped)
    if count.measure == "colors_spent":
        item = state.stack_item(source)
        return len({c for c in (item.colors_spent if item else "") if c in COLORS})
    if count.measure == "times_kicked":
        item = state.stack_item(source)
        return item.kicked if item else 0
    if count.measure == "died_this_turn":   # 700.4: any player's creatures, this turn
        return len(died_this_turn(state, cards))
    if isinstance(count, m.EnterCountMore) and count.more == "died_yours":   # 700.4: died under `you`'s control
        return sum(1 for oid in died_this_turn(state, cards) if state.objects[oid].controller == you)
    if isinstance(count, m.EnterCountMore) and count.more == "cards_in_hands":   # 402.1: a player who left has none
        return sum(len(p.hand) for name, p in state.players.items() if not p.lost)
    if count.measure == "life_gained_this_turn":   # 119.3: its controller's gains this turn
        gains = state.turn_counts.gained_life if state.turn_counts else ()
        return sum(int(g.rpartition("|")[2]) for g in gains if g.rpartition("|")[0] == you)
    if count.measure == "spells_cast_this_turn":   # 601.2: every player's, this turn
        mine = cast_as(state, source) if count.other else None
        return sum(1 for c in spells_cast_this_turn(state) if not (mine is not None and c.spell == mine.spell))
    assert count.what is not None, count
    found = [oid for oid in select(state, cards, count.what, you=you, source=source) if not (count.other and oid == source)]
    if count.measure == "different_mana_costs":   # 202.1: a card with no mana cost has none
        return len({cost for oid in found for cost in (cards.get(state.objects[oid].card).mana_cost,)
                    if cost is not None})
    if isinstance(count, m.EnterCountMore) and count.more == "toughness":   # 208.1: summed (Towering Titan)
        chars = all_characteristics(state, cards)
        return sum(max(0, int(chars[oid].toughness or 0)) for oid in found if oid in chars)
    if count.measure == "mana_value":      # 202.3: of the cards, as printed (not on the battlefield)
        total = 0
        for oid in found:
            cost = cards.get(state.objects[oid].card).mana_cost
            total += cost.mana_value if cost is not None else 0
        return total
    return len(found) + (count.plus if isinstance(count, m.EnterCountPlus) else 0)   # "one plus the number of ..."


__all__ = ["count_of"]
