"""The amounts card text counts ("where X is the number of Elves on the battlefield", "an amount
of {G} equal to this creature's power", "your devotion to green"): one reader per kind of
`cards.model.Quantity` in `QUANTITIES`, the table the rules read them through and the load-time
check (rules/support.py) asks.

Read now, as the ability resolves (608.2h; with last known information for a source that left,
608.2h); a calculation that gives a negative number gives 0 (107.1b).
"""
from __future__ import annotations

from collections import Counter
from typing import Any, Callable

from simulator.base.creature_types import CREATURE_TYPES
from simulator.base.errors import IntegrityError
from simulator.base.registry import Registry
from simulator.cards import model as m
from simulator.game.layers import all_characteristics, characteristics
from simulator.game.selectors import select
from simulator.game.state import GameState

Reader = Callable[[GameState, m.Cards, Any, str, str], int]   # (state, cards, quantity, source id, you)
QUANTITIES: Registry[Reader] = Registry("quantities")
reads = QUANTITIES.register


def quantity(state: GameState, cards: m.Cards, q: m.Quantity, *, source: str, you: str) -> int:
    """The number `q` stands for now, for the ability of `source` controlled by `you` (never negative)."""
    return max(0, QUANTITIES[type(q)](state, cards, q, source, you))


@reads(m.HalfSourceX)
def _half_source_x(state: GameState, cards: m.Cards, q: m.HalfSourceX, source: str, you: str) -> int:
    """Hydroid Krasis: half the X of the spell (its record as it last was, 608.2h), rounded down (107.1a)."""
    o = state.objects.get(source)
    return (o.x // 2) if o is not None else 0


@reads(m.Fixed)
def _fixed(state: GameState, cards: m.Cards, q: m.Fixed, source: str, you: str) -> int:
    return q.n


@reads(m.TriggerSpellColors)
def _trigger_spell_colors(state: GameState, cards: m.Cards, q: m.TriggerSpellColors, source: str, you: str) -> int:
    """Never read here: the spell is the trigger's (`rules.counters._counted` reads `StackItem.data`)."""
    raise IntegrityError("the colors of the spell cast are read from the triggered ability (rules/counters.py)")


@reads(m.CostX)
def _cost_x(state: GameState, cards: m.Cards, q: m.CostX, source: str, you: str) -> int:
    """Never read unbound: the rules replace it by `Fixed(X + plus)` as the ability is activated."""
    raise IntegrityError("the X of a cost is read as the ability is activated (planned_mana)")


@reads(m.SacrificedManaValue)
def _sacrificed(state: GameState, cards: m.Cards, q: m.SacrificedManaValue, source: str, you: str) -> int:
    """Never read unbound: the rules fix it from the permanent chosen to be sacrificed."""
    raise IntegrityError("the sacrificed permanent's mana value is read as the ability is activated")


def devotion(state: GameState, cards: m.Cards, color: str, you: str) -> int:
    """700.5: `you`'s devotion to `color`."""
    return _devotion(state, cards, m.Devotion(color), "", you)


@reads(m.CountOf)
def _count_of(state: GameState, cards: m.Cards, q: m.CountOf, source: str, you: str) -> int:
    return sum(1 for oid in select(state, cards, q.what, you=you, source=source) if not (q.other and oid == source))


@reads(m.SourceStat)
def _source_stat(state: GameState, cards: m.Cards, q: m.SourceStat, source: str, you: str) -> int:
    chars = characteristics(state, source, cards)
    return int(getattr(chars, q.stat) or 0)


@reads(m.CountersOnSource)
def _counters_on_source(state: GameState, cards: m.Cards, q: m.CountersOnSource, source: str, you: str) -> int:
    counters = state.objects[source].counters
    return sum(int(v) for v in counters.values()) if not q.counter else int(counters.get(q.counter, 0))


@reads(m.CountersOnSourcePlus)
def _counters_on_source_plus(state: GameState, cards: m.Cards, q: m.CountersOnSourcePlus, source: str, you: str) -> int:
    return q.plus + int(state.objects[source].counters.get(q.counter, 0))


@reads(m.Devotion)
def _devotion(state: GameState, cards: m.Cards, q: m.Devotion, source: str, you: str) -> int:
    """700.5: each mana symbol of that color in the mana costs of permanents you control; 700.5a:
    a hybrid symbol counts toward each of its colors (once). A token has no mana cost."""
    total = 0
    for oid in state.battlefield:
        o = state.objects[oid]
        if o.controller != you:
            continue
        cost = cards.get(o.card).mana_cost
        if cost is None:
            continue
        total += sum(1 for s in cost.symbols if s == q.color) + sum(1 for h in cost.hybrid if q.color in h.split("/"))
    return total


@reads(m.GreatestStat)
def _greatest(state: GameState, cards: m.Cards, q: m.GreatestStat, source: str, you: str) -> int:
    chars = all_characteristics(state, cards)
    values = [int(getattr(chars[oid], q.stat) or 0)
              for oid in select(state, cards, q.what, you=you, source=source) if not (q.other and oid == source)]
    return max(values, default=0)


@reads(m.BasicLandTypesAmong)
def _domain(state: GameState, cards: m.Cards, q: m.BasicLandTypesAmong, source: str, you: str) -> int:
    chars = all_characteristics(state, cards)
    found = {t for oid in state.battlefield if state.objects[oid].controller == you and chars[oid].is_land
             for t in chars[oid].subtypes if t in m.BASIC_LAND_MANA}
    return len(found)


@reads(m.CountWhere)
def _count_where(state: GameState, cards: m.Cards, q: m.CountWhere, source: str, you: str) -> int:
    """"for each tapped land your opponents control" and its kind (cards/model_amounts.py): the
    selected objects as they are now (613: on the battlefield; elsewhere as printed)."""
    chars = all_characteristics(state, cards)
    n = 0
    for oid in select(state, cards, q.what, you=you, source=source):
        c = chars[oid] if oid in chars else characteristics(state, oid, cards)
        if q.tapped is not None and state.objects[oid].tapped != q.tapped:
            continue
        if q.keyword and not c.has_keyword(q.keyword):
            continue
        if q.min_power is not None and int(c.power or 0) < q.min_power:
            continue
        if q.color and (bool(c.colors) if q.color == "colorless" else q.color not in c.colors):
            continue
        if q.name and c.name != q.name:
            continue
        n += 1
    return n


@reads(m.TotalPower)
def _total_power(state: GameState, cards: m.Cards, q: m.TotalPower, source: str, you: str) -> int:
    """"creatures you control have total power N or greater": their powers now (613), summed."""
    chars = all_characteristics(state, cards)
    return max(0, sum(int(chars[oid].power or 0) for oid in select(state, cards, q.what, you=you, source=source)
                      if oid in chars))


@reads(m.DifferentPowers)
def _different_powers(state: GameState, cards: m.Cards, q: m.DifferentPowers, source: str, you: str) -> int:
    """"for each different power among creatures you control" (Selvala, Eager Trailblazer): the
    distinct powers among them now (613)."""
    chars = all_characteristics(state, cards)
    return len({int(chars[oid].power or 0) for oid in select(state, cards, q.what, you=you, source=source)
                if oid in chars})


@reads(m.ActivePlayerCount)
def _active_player_count(state: GameState, cards: m.Cards, q: m.ActivePlayerCount, source: str, you: str) -> int:
    """"for each artifact they control": counted for the active player (whose phase it is, 102.1)."""
    return len(select(state, cards, q.what, you=state.active, source=source))


@reads(m.CardsDrawnThisTurn)
def _drawn_this_turn(state: GameState, cards: m.Cards, q: m.CardsDrawnThisTurn, source: str, you: str) -> int:
    """"for each card you've drawn this turn" (121.1; `GameState.turn_counts`)."""
    return state.turn_counts.drew.count(you) if state.turn_counts else 0


@reads(m.LifeGainedThisTurn)
def _life_gained_this_turn(state: GameState, cards: m.Cards, q: m.LifeGainedThisTurn, source: str, you: str) -> int:
    """"the amount of life you gained this turn" (119.3; `GameState.turn_counts`)."""
    gains = state.turn_counts.gained_life if state.turn_counts else ()
    return sum(int(g.rpartition("|")[2]) for g in gains if g.rpartition("|")[0] == you)


@reads(m.CardsInHand)
def _cards_in_hand(state: GameState, cards: m.Cards, q: m.CardsInHand, source: str, you: str) -> int:
    """"for each card in your hand": its controller's hand now (402.1)."""
    return len(state.players[you].hand)


@reads(m.OpponentsCount)
def _opponents(state: GameState, cards: m.Cards, q: m.OpponentsCount, source: str, you: str) -> int:
    """"for each opponent you have": the other players still in the game (102.3, 800.4a)."""
    return sum(1 for p, player in state.players.items() if p != you and not player.lost)


@reads(m.GreatestSharingCreatureType)
def _greatest_sharing_type(state: GameState, cards: m.Cards, q: m.GreatestSharingCreatureType, source: str,
                           you: str) -> int:
    """White Lotus Tile (205.3m): for each creature type, the creatures `you` control with it now
    (their layered subtypes: a changeling has every one); the largest count (0 with none)."""
    chars = all_characteristics(state, cards)
    counts: Counter[str] = Counter()
    for oid in state.battlefield:
        c = chars.get(oid)
        if c is None or not c.is_creature or state.objects[oid].controller != you:
            continue
        counts.update({t for t in c.subtypes if t in CREATURE_TYPES})
    return max(counts.values(), default=0)
