"""Every decision a player may make now: `legal_decisions(state, cards)`.

Legality is never re-implemented here. Candidates are generated from the
state (the cards in the hand of the player with priority, the activated
abilities of the permanents they control and those of the cards in their hand
that function there, e.g. cycling (113.6b, 602.1, 702.29a), the answers the pending choice's
kind offers: `rules.choices`, `Choice.candidates`) and each is kept only if `decide` (the rules) accepts it; the rules'
own checks are the single source of truth. Each kept decision converts to the
recorded-game action syntax of GAME_FORMAT.md (`LegalDecision.action`, a dict
that is a TOML inline table or a JSON object).

Bounds, so the list is finite and small:

- X ranges over 0..the largest X the mana in the pool, and one mana from each
  untapped mana source activated while paying, can pay (the engine never taps
  for mana on its own); values the rules refuse are not listed.
- A spell's cost is paid the default way (GAME_FORMAT.md: without `pay`);
  other exact payments of the same cost from the same pool are legal too but
  not listed separately.
- Orderings (`order`, `replacement`) list every permutation of up to
  `MAX_ORDER_OPTIONS` options; with more options only the first
  `MAX_ORDERINGS` permutations (lexicographic) are listed.
- Subsets (targets, discards) are listed up to `MAX_SUBSETS` per choice.
- Crew N (702.122a): the smallest sets of creatures with total power N or more (none of them
  not needed), at most `MAX_CREW_SETS`; larger sets are legal too but not listed separately.
- A spell with an additional sacrifice (118.8) is listed with each set of permanents that may
  pay it (at most `MAX_SUBSETS`); one with an alternative cost (118.9) for its mana cost and
  for the alternative cost with each permanent it may return.
- A spell with kicker is listed unkicked and kicked (702.33); with multikicker kicked up to
  three times, as far as the pool and one mana from each mana source could pay.
- Cards with the same name in one hand are one decision (casting by name
  picks the first of them, as a recorded game does).
- `pay_restricted = ""` (106.6) is listed beside the default payment when the
  pool holds restricted mana that may pay for the spell and unrestricted mana
  of the same type; other splits are legal too but not listed separately.
- `pay_with` (mana abilities activated while paying, 601.2g, 602.2b): for a
  spell or ability with a mana cost, sets of the player's mana abilities of
  distinct permanents, smallest first, as many as the cost has mana symbols at
  most, each with the `mana` answers that make mana the cost asks for; at most
  `MAX_PAY_WITH` sets per decision.
"""
from __future__ import annotations

import itertools
import json
from dataclasses import dataclass
from typing import Any, Callable, Iterable, Iterator

from simulator.cards import model as m
from simulator.game.layers import AbilityRef, all_characteristics, characteristics
from simulator.base.errors import IllegalAction
from simulator.game.could_produce import add_mana_effect
from simulator.rules import ActivateAbility, CastSpell, Choose, Decision, PassPriority, PlayLand, decide
from simulator.rules.choices import MAX_ORDERINGS, MAX_SUBSETS, pending_choice
from simulator.rules.payment import cast_purpose, may_pay, pool_units
from simulator.rules.casting import kicked_cost, kicker_of
from simulator.rules.cast_costs import additional_sacrifices, alternative_cost, base_cost
from simulator.game.selectors import select
from simulator.rules.reductions import ability_cost, reduced, spell_reduction
from simulator.rules.queries import target_candidates
from simulator.game.state import GameState

MAX_ORDER_OPTIONS = 5            # 5! = 120 orderings
MAX_PAY_WITH = 32                # pay_with sets tried per cast or activation

__all__ = ["LegalDecision", "legal_decisions", "decision_action", "action_toml", "candidates", "mana_choices"]


@dataclass(frozen=True)
class LegalDecision:
    """A decision the rules accept now, with its recorded-game action and a short label."""

    decision: Decision
    action: dict[str, Any]
    label: str

    def toml(self) -> str:
        """The action as a TOML inline table, e.g. `{player = "Alice", activate = "forest-a"}`."""
        return action_toml(self.action)


# --------------------------------------------------------------------------- the action syntax

def decision_action(d: Decision) -> dict[str, Any]:
    """The recorded-game action (GAME_FORMAT.md `[[actions]]` entry) standing for `d`."""
    return _TO_ACTION[type(d)](d)


def _activate_action(d: Any) -> dict[str, Any]:
    out: dict[str, Any] = {"player": d.player, "activate": d.source}
    out.update(_activation_keys(d))
    return out


def _activation_keys(d: Any) -> dict[str, Any]:
    out: dict[str, Any] = {}
    if d.ability is not None:
        out["ability"] = d.ability
    if d.sacrifice:
        out["sacrifice"] = list(d.sacrifice)
    if d.mana:
        out["mana"] = d.mana
    if d.targets:
        out["targets"] = list(d.targets)
    if d.x:
        out["x"] = d.x
    if d.tap:
        out["tap"] = list(d.tap)
    if d.discard:
        out["discard"] = list(d.discard)
    if getattr(d, "counters", ()):
        out["counters"] = list(d.counters)
    if d.pay_with:
        out["pay_with"] = [{"activate": p.source, **_activation_keys(p)} for p in d.pay_with]
    return out


def _cast_action(d: Any) -> dict[str, Any]:
    out: dict[str, Any] = {"player": d.player, "cast": d.card}
    if d.x:
        out["x"] = d.x
    if d.pay is not None:
        out["pay"] = d.pay
    if d.pay_restricted is not None:
        out["pay_restricted"] = d.pay_restricted
    if d.kicked:
        out["kicked"] = d.kicked
    if d.sacrifice:
        out["sacrifice"] = list(d.sacrifice)
    if d.alternative:
        out["alternative"] = True
    if d.returned:
        out["return"] = list(d.returned)
    if d.mode:
        out["mode"] = d.mode
    if d.targets:
        out["targets"] = list(d.targets)
    if d.pay_with:
        out["pay_with"] = [{"activate": p.source, **_activation_keys(p)} for p in d.pay_with]
    return out


def _choose_value(answer: Any) -> Any:
    return list(answer) if isinstance(answer, tuple) else answer


_TO_ACTION: dict[type, Callable[[Any], dict[str, Any]]] = {
    ActivateAbility: _activate_action,
    CastSpell: _cast_action,
    PlayLand: lambda d: {"player": d.player, "play": d.card},
    PassPriority: lambda d: {"player": d.player, "pass": True},
    Choose: lambda d: {"player": d.player, "choose": _choose_value(d.answer)},
}


def _toml_value(v: Any) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int):
        return str(v)
    if isinstance(v, str):
        return json.dumps(v, ensure_ascii=False)   # a JSON string is a valid TOML basic string
    if isinstance(v, (list, tuple)):
        return "[" + ", ".join(_toml_value(x) for x in v) + "]"
    if isinstance(v, dict):
        return action_toml(v)
    raise TypeError(f"no TOML form for {v!r}")


def _toml_key(k: str) -> str:
    return k if k.replace("_", "").replace("-", "").isalnum() else json.dumps(k, ensure_ascii=False)


def action_toml(action: dict[str, Any]) -> str:
    """An action dict as a TOML inline table."""
    return "{" + ", ".join(f"{_toml_key(k)} = {_toml_value(v)}" for k, v in action.items()) + "}"


# --------------------------------------------------------------------------- candidates

def candidates(state: GameState, cards: m.Cards) -> Iterator[Decision]:
    """Every decision worth asking the rules about now (a superset of the legal ones)."""
    if state.game_over:
        return
    if state.pending is not None:
        choice = pending_choice(state.pending)
        for answer in _unique(choice.candidates(state)):   # each kind's own answers (rules/choices.py)
            yield Choose(choice.player, answer)
        if choice.asks_mana_payment:        # 605.3a: mana abilities while asked to pay
            yield from (d for d in _activations(state, cards, choice.player)
                        if isinstance(d, ActivateAbility) and not d.pay_with)
        return
    player = state.priority
    if player is None:
        return
    yield PassPriority(player)
    yield from _hand_decisions(state, cards, player)
    yield from _activations(state, cards, player)


def _unique(values: Iterable[Any]) -> Iterator[Any]:
    seen: set[str] = set()
    for v in values:
        key = json.dumps(v, sort_keys=True)
        if key not in seen:
            seen.add(key)
            yield v


def _hand_decisions(state: GameState, cards: m.Cards, player: str) -> Iterator[Decision]:
    seen: set[str] = set()
    for oid in state.players[player].hand:
        name = state.objects[oid].card
        if name in seen:
            continue
        seen.add(name)
        card = cards.get(name)
        if "Land" in card.types:
            yield PlayLand(player, name)
            continue
        choice = m.modal(card.spell_effects)
        # 601.2b, 700.2a: a modal spell once per mode, with that mode's targets (700.2c)
        aimed = ([(0, _target_sets(state, cards, card.spell_targets, player))] if choice is None
                 else [(n, _target_sets(state, cards, choice.modes[n - 1].targets, player)) for n in range(1, len(choice.modes) + 1)])
        restricted = _restricted_choices(state, player, card)
        for sacrifice, alternative, returned in _cast_cost_choices(state, cards, card, oid, player):
            printed = base_cost(card, True) if alternative else card.mana_cost
            for kicked in _kick_counts(state, cards, card, player):
                cost = kicked_cost(card, printed or m.ManaCost(), kicked) if kicked else printed
                by = spell_reduction(state, cards, card, oid, player)     # 601.2f
                if by and cost is not None:
                    cost = reduced(cost, by)
                for x in _x_values(state, cards, card, player):
                    paying = _pay_with_sets(state, cards, player, cost, x, "")
                    for mode, target_sets in aimed:
                        for targets in target_sets:
                            for pay_with in paying:
                                for pay_restricted in restricted:
                                    yield CastSpell(player, name, x, None, targets, pay_with, pay_restricted, kicked,
                                                    sacrifice, alternative, returned, mode)


def _cast_cost_choices(state: GameState, cards: m.Cards, card: m.CardDefinition, oid: str, player: str
                       ) -> list[tuple[tuple[str, ...], bool, tuple[str, ...]]]:
    """What may pay the spell's additional and alternative costs (118.8, 118.9): sets of the
    permanents an additional sacrifice may take (at most `MAX_SUBSETS`; the rules check each),
    and the mana cost or the alternative cost with each permanent it may return."""
    sacrifices = additional_sacrifices(card)
    alternative = alternative_cost(card)
    sets: list[tuple[str, ...]] = [()]
    if sacrifices:
        need = sum(c.count for c in sacrifices)
        fits = list(dict.fromkeys(o for c in sacrifices for o in select(state, cards, c.what, you=player, source=oid)))
        sets = list(itertools.islice(itertools.combinations(fits, need), MAX_SUBSETS))
    ways: list[tuple[bool, tuple[str, ...]]] = [(False, ())]
    if alternative is not None:
        ways += [(True, (o,)) for o in select(state, cards, alternative.returned, you=player, source=oid)]
    return [(s, alt, back) for s in sets for alt, back in ways]


def _kick_counts(state: GameState, cards: m.Cards, card: m.CardDefinition, player: str) -> range:
    """0, and with a kicker (702.33) 1, or with multikicker up to what the pool and one mana from
    each mana source could pay beyond the mana cost (at most 3: see the module docstring)."""
    kicker = kicker_of(card)
    if kicker is None:
        return range(0, 1)
    if not kicker.multi:
        return range(0, 2)
    available = sum(state.players[player].pool.values()) + len(_mana_sources(state, cards, player, set(), ""))
    base = card.mana_cost.mana_value if card.mana_cost else 0
    most = (available - base) // max(1, kicker.cost.mana_value)
    return range(0, max(1, min(3, most) + 1))


def _restricted_choices(state: GameState, player: str, card: m.CardDefinition) -> list[str | None]:
    """The default payment (None), and `pay_restricted = ""` when restricted mana that may pay
    for `card` sits beside unrestricted mana of its type (106.6: the player's choice)."""
    p = state.players[player]
    purpose = cast_purpose(card)
    units = pool_units(p)
    free = {u.type for u in units if u.restriction is None}
    if any(u.restriction is not None and u.type in free and may_pay(u.restriction, purpose) for u in units):
        return [None, ""]
    return [None]


def _x_values(state: GameState, cards: m.Cards, card: m.CardDefinition, player: str) -> range:
    """0, or 0..the largest X the pool and one mana from each mana source can pay (see the
    module docstring)."""
    cost = card.mana_cost
    if cost is None or not cost.x:
        return range(0, 1)
    available = sum(state.players[player].pool.values()) + len(_mana_sources(state, cards, player, set(), ""))
    fixed = cost.generic + len(cost.symbols) + len(cost.hybrid)
    most = max(0, (available - fixed) // cost.x)
    return range(0, most + 1)


def _target_sets(state: GameState, cards: m.Cards, spec: m.Targets | None, controller: str,
                 source: str | None = None) -> list[tuple[str, ...]]:
    if spec is None:
        return [()]
    legal = target_candidates(state, cards, spec, controller, source)
    out: list[tuple[str, ...]] = []
    for n in range(spec.min, min(spec.max, len(legal)) + 1):
        for combo in itertools.combinations(legal, n):
            out.append(tuple(combo))
            if len(out) >= MAX_SUBSETS:
                return out
    return out or [()]


def _activations(state: GameState, cards: m.Cards, player: str) -> Iterator[Decision]:
    for oid in state.battlefield:
        if state.objects[oid].controller != player:
            continue
        yield from _activations_of(state, cards, player, oid, characteristics(state, oid, cards).activated())
    seen: set[str] = set()
    for oid in state.players[player].hand:     # abilities that function in a hand (113.6b, 602.1)
        name = state.objects[oid].card
        if name in seen:
            continue
        seen.add(name)
        yield from _activations_of(state, cards, player, oid, characteristics(state, oid, cards).activated_in_hand())
    seen = set()
    for oid in state.players[player].graveyard:     # abilities that function in a graveyard (113.6k)
        name = state.objects[oid].card
        if name in seen:
            continue
        seen.add(name)
        yield from _activations_of(state, cards, player, oid, characteristics(state, oid, cards).activated_in_graveyard())


def _activations_of(state: GameState, cards: m.Cards, player: str, oid: str,
                    acts: list[AbilityRef]) -> Iterator[Decision]:
    """The activations worth trying of `acts`, the abilities of `oid` numbered as an `activate`
    action numbers them where the object is (a permanent's, or a card's in a hand)."""
    for number, ref in enumerate(acts, 1):
        ab = ref.ability
        assert isinstance(ab, m.ActivatedAbility)   # activated() lists only those
        sacrifices = _sacrifice_sets(state, player, ab.cost.sacrifice)
        taps = _crew_sets(state, cards, player, oid, ab.cost.crew) if ab.cost.crew else _tap_sets(state, player, oid, ab.cost)
        discards = _discard_sets(state, player, oid, ab.cost)
        kinds = _counter_sets(state, oid, ab.cost)
        for x in _activation_x_values(state, cards, player, oid, ab):
            paying = _pay_with_sets(state, cards, player, ability_cost(state, cards, ab, oid, player).mana, x, oid)
            # a loyalty ability's mana is chosen as it resolves (608.2d), not as it is activated
            for mana in _x_mana_choices(ab, x) or (mana_choices(ab) if ab.is_mana_ability else [None]):
                for sac in sacrifices:
                    for targets in _target_sets(state, cards, ab.targets, player, oid):
                        for pay_with in paying:
                            for tap in taps:
                                for discard in discards:
                                    for counters in kinds:
                                        yield ActivateAbility(player, oid, number, sac, mana, targets, pay_with,
                                                              x=x or None, tap=tap, discard=discard, counters=counters)


def _counter_sets(state: GameState, oid: str, cost: m.Cost) -> list[tuple[str, ...]]:
    """For "Remove a counter from this creature" (any kinds, 122.1): each choice of kinds the
    source's counters allow, when there is a choice (at most MAX_SUBSETS); else the rules decide."""
    if not cost.remove_counters or cost.remove_counters[0]:
        return [()]
    n = int(cost.remove_counters[1])
    have = {k: v for k, v in state.objects[oid].counters.items() if v > 0}
    if len(have) < 2 or sum(have.values()) <= n:
        return [()]
    pool = [k for k, v in sorted(have.items()) for _ in range(min(v, n))]
    return list(dict.fromkeys(itertools.combinations(pool, n)))[:MAX_SUBSETS]


def _discard_sets(state: GameState, player: str, oid: str, cost: m.Cost) -> list[tuple[str, ...]]:
    """For "Discard a card": one card of each name in the hand (any one of them is the same choice)."""
    if not cost.discard:
        return [()]
    first: dict[str, str] = {}
    for card in state.players[player].hand:
        if card != oid:
            first.setdefault(state.objects[card].card, card)
    return [(c,) for c in first.values()]


def _crew_sets(state: GameState, cards: m.Cards, player: str, oid: str, n: int) -> list[tuple[str, ...]]:
    """Crew N (702.122a): the smallest sets of the player's other untapped creatures with total
    power N or greater (no creature in them is needed less: a larger set is legal too, not
    listed), at most MAX_CREW_SETS."""
    chars = all_characteristics(state, cards)
    power = {o: max(chars[o].power or 0, 0) for o in state.battlefield
             if o in chars and chars[o].is_creature and o != oid
             and state.objects[o].controller == player and not state.objects[o].tapped}
    free = [o for o in power if power[o] > 0]
    out: list[tuple[str, ...]] = []
    for k in range(1, len(free) + 1):
        for combo in itertools.combinations(free, k):
            total = sum(power[o] for o in combo)
            if total >= n and all(total - power[o] < n for o in combo):
                out.append(combo)
                if len(out) >= MAX_CREW_SETS:
                    return out
    return out


MAX_CREW_SETS = 16


def _tap_sets(state: GameState, player: str, oid: str, cost: m.Cost) -> list[tuple[str, ...]]:
    """For "Tap an untapped creature you control": each untapped permanent of the player (the
    rules keep those of that kind)."""
    if not cost.tap_untapped:
        return [()]
    free = [o for o in state.battlefield if state.objects[o].controller == player
            and not state.objects[o].tapped
            and not ((cost.tap or any(k.other for k in cost.tap_untapped[1])) and o == oid)]
    return list(itertools.islice(itertools.combinations(free, cost.tap_untapped[0]), MAX_SUBSETS))


def _activation_x_values(state: GameState, cards: m.Cards, player: str, oid: str, ab: m.ActivatedAbility) -> range:
    """The Xs worth trying for an ability's cost (107.3): the counters it may remove, or what the
    pool and one mana from each mana source could pay for {X}."""
    cost = ab.cost
    if cost.remove_counters and cost.remove_counters[1] == "X":
        return range(0, state.objects[oid].counters.get(cost.remove_counters[0], 0) + 1)
    if cost.mana is not None and cost.mana.x:
        available = sum(state.players[player].pool.values()) + len(_mana_sources(state, cards, player, set(), oid))
        fixed = cost.mana.generic + len(cost.mana.symbols) + len(cost.mana.hybrid)
        return range(0, max(0, (available - fixed) // cost.mana.x) + 1)
    return range(0, 1)


def _x_mana_choices(ab: m.ActivatedAbility, x: int) -> list[str | None]:
    """The `mana` answers of "Add X mana in any combination of {B} and/or {R}" for this X (empty:
    the ability's mana does not depend on X)."""
    eff = add_mana_effect(ab)
    if eff is None or not isinstance(eff.mana, m.AddCounted) or not isinstance(eff.mana.amount, m.CostX):
        return []
    n = x + eff.mana.amount.plus
    if n == 0 or len(eff.mana.colors) == 1:
        return [None]
    if eff.mana.same:
        return list(eff.mana.colors)
    return ["".join(c) for c in itertools.islice(itertools.combinations_with_replacement(eff.mana.colors, n),
                                                 MAX_SUBSETS)]


def _pay_with_sets(state: GameState, cards: m.Cards, player: str, cost: m.ManaCost | None, x: int,
                   paying_for: str) -> list[tuple[ActivateAbility, ...]]:
    """() and the `pay_with` sets worth trying for a mana cost (see the module docstring)."""
    out: list[tuple[ActivateAbility, ...]] = [()]
    size = cost.mana_value + x * cost.x if cost is not None else 0
    if cost is None or not size:
        return out
    wanted = set(cost.symbols) | set(cost.colors)
    by_source = _mana_sources(state, cards, player, wanted, paying_for)
    for n in range(1, min(size, len(by_source)) + 1):
        for sources in itertools.combinations(by_source, n):
            for combo in itertools.product(*sources):
                out.append(tuple(combo))
                if len(out) > MAX_PAY_WITH:
                    return out
    return out


def _mana_sources(state: GameState, cards: m.Cards, player: str, wanted: set[str],
                  paying_for: str) -> list[list[ActivateAbility]]:
    """Per permanent of `player` with a mana ability without a mana cost, and per card in their
    hand with one that functions there (Elvish Spirit Guide, 113.6b): its activations worth
    trying while paying for a cost with the colored symbols `wanted`."""
    by_source: list[list[ActivateAbility]] = []
    mine = [oid for oid in state.battlefield if state.objects[oid].controller == player]
    for oid in [*mine, *state.players[player].hand]:
        if oid == paying_for:
            continue
        chars = characteristics(state, oid, cards)
        options = []
        for number, ref in enumerate(chars.activated_in_zone(state.objects[oid].zone), 1):
            ab = ref.ability
            if not (isinstance(ab, m.ActivatedAbility) and ab.is_mana_ability) or ab.cost.mana:
                continue
            choices = mana_choices(ab)
            useful = [c for c in choices if c is None or set(c) <= wanted] or choices[:1]
            for sac in _sacrifice_sets(state, player, ab.cost.sacrifice):
                if sac and sac[0] == paying_for:
                    continue
                options += [ActivateAbility(player, oid, number, sac, c) for c in useful]
        if options:
            by_source.append(options)
    return by_source


def _sacrifice_sets(state: GameState, player: str, kind: m.Selector | None) -> list[tuple[str, ...]]:
    """For "Sacrifice a <kind>": each permanent the player controls (the rules keep those of that kind)."""
    if not kind:
        return [()]
    return [(oid,) for oid in state.battlefield if state.objects[oid].controller == player]


def mana_choices(ab: m.ActivatedAbility) -> list[str | None]:
    """The `mana` answers an ability's effect lets its controller give (None: no choice)."""
    eff = add_mana_effect(ab)
    if eff is None:
        return [None]
    chooser = _MANA_CHOICES.get(type(eff.mana))
    if chooser is None:      # an effect this module does not know: ask about every single type
        return [None, *m.MANA_TYPES]
    return chooser(eff.mana)


def _any_color(eff: Any) -> list[str | None]:
    if eff.same:
        return list(m.COLORS)
    return ["".join(c) for c in itertools.combinations_with_replacement(m.COLORS, eff.amount)]


_MANA_CHOICES: dict[type, Callable[[Any], list[str | None]]] = {
    m.AddFixed: lambda eff: [None],
    m.AddOneOfCombos: lambda eff: list(eff.options),
    m.AddPerCount: lambda eff: [None],
    m.AddOneOf: lambda eff: list(eff.choices),
    m.AddAnyColor: _any_color,
    m.AddReflected: lambda eff: [None, *m.MANA_TYPES],   # None: no type can be defined (106.7)
    m.AddColorAmong: lambda eff: [None, *m.COLORS],       # None: no color among them (106.5)
    # X counted now: one letter for "any one color"; for a combination only X = 1 is offered here
    m.AddCounted: lambda eff: [None] if len(eff.colors) == 1 else [None, *eff.colors],
    m.AddDevotionOfChosenColor: lambda eff: list(m.COLORS),
    # either of the two it may make ("... add {C}{C} instead"), each answer once
    m.AddInstead: lambda eff: list(dict.fromkeys([*_MANA_CHOICES[type(eff.base)](eff.base),
                                                  *_MANA_CHOICES[type(eff.instead)](eff.instead)])),
}


# --------------------------------------------------------------------------- the list

def _paying(d: ActivateAbility | CastSpell) -> str:
    """The mana abilities activated while paying, in words (601.2g)."""
    if not d.pay_with:
        return ""
    return ", paying with " + ", ".join(p.source + (f" ({p.mana})" if p.mana else "")
                                        + (f" sacrificing {','.join(p.sacrifice)}" if p.sacrifice else "")
                                        for p in d.pay_with)


def _label(state: GameState, cards: m.Cards, d: Decision) -> str:
    if isinstance(d, ActivateAbility):
        chars = characteristics(state, d.source, cards)
        acts = chars.activated_in_zone(state.objects[d.source].zone)
        text = acts[int(d.ability) - 1].text if isinstance(d.ability, int) else str(d.ability)
        extra = "".join(f" {k}={v}" for k, v in (("mana", d.mana), ("sacrifice", ",".join(d.sacrifice)),
                                                  ("targets", ",".join(d.targets))) if v)
        from simulator.session.view import shown_id
        return (f"{d.player}: activate {shown_id(state, d.source)} ({state.objects[d.source].card}): "
                f"{text}{extra}{_paying(d)}")
    if isinstance(d, CastSpell):
        extra = ((f" X={d.x}" if d.x else "") + (f" choosing mode {d.mode}" if d.mode else "")
                 + (f" targeting {', '.join(d.targets)}" if d.targets else ""))
        if d.kicked:
            extra += " kicked" if d.kicked == 1 else f" kicked {d.kicked} times"
        if d.alternative:
            extra += " for its alternative cost" + (f" returning {','.join(d.returned)}" if d.returned else "")
        if d.sacrifice:
            extra += f" sacrificing {','.join(d.sacrifice)}"
        if d.pay_restricted is not None:
            extra += f" (restricted mana: {d.pay_restricted or 'none'})"
        return f"{d.player}: cast {d.card}{extra}{_paying(d)}"
    if isinstance(d, PlayLand):
        return f"{d.player}: play {d.card}"
    if isinstance(d, PassPriority):
        return f"{d.player}: pass priority"
    return f"{d.player}: choose {json.dumps(_choose_value(d.answer))}"


def legal_decisions(state: GameState, cards: m.Cards) -> list[LegalDecision]:
    """Every decision a player may make now, each accepted by `decide` (see the module docstring)."""
    out = []
    for d in candidates(state, cards):
        try:
            decide(state, d, cards)
        except IllegalAction:
            continue
        out.append(LegalDecision(d, _shown_action(state, decision_action(d)), _label(state, cards, d)))
    return out


def _shown_action(state: GameState, action: dict[str, Any]) -> dict[str, Any]:
    """The action naming each object by the id users see for it (`view.shown_id`: the
    recorded game's handle while it names the object, else the engine's id), the name the
    state, the log's `why` and the viewer show: one name per object (issue 23)."""
    from simulator.session.view import shown_id

    def name(v: Any) -> Any:
        return shown_id(state, v) if isinstance(v, str) and v in state.objects else v
    out = dict(action)
    for key in ("activate", "cast", "play"):
        if key in out:
            out[key] = name(out[key])
    for key in ("targets", "sacrifice"):
        if key in out:
            out[key] = [name(v) for v in out[key]]
    if "pay_with" in out:
        out["pay_with"] = [_shown_action(state, p) for p in out["pay_with"]]
    return out
