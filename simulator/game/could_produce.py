"""Mana: what abilities produce, "could produce" (106.7), and replacement effects on mana (106.12b).

`could_produce` is the least fixpoint over the "reflects" graph. Each
reflecting ability reads one aggregate ("the types lands player P could
produce"), so the graph has O(N) edges; every set only grows and holds at most
six types, so the worklist does O(N) work in all. A cycle of reflecting
permanents with nothing outside grounding it stays empty, which is 106.7's
"no type of mana can be defined this way".
"""
from __future__ import annotations

from dataclasses import dataclass
from itertools import permutations
from typing import Any, Callable, Iterable, Sequence

from simulator.base.registry import Registry
from simulator.cards import model as m
from simulator.game.layers import AbilityRef, Characteristics, all_characteristics, characteristics
from simulator.game.conditions import holds
from simulator.game.quantities import devotion, quantity
from simulator.game.quantities import QUANTITIES   # pool-miscb
from simulator.game.selectors import select
from simulator.game.state import GameState
from simulator.base.symbols import mana_text  # noqa: F401  (re-exported: the rules and views write mana with it)

Mana = dict[str, int]  # type letter -> amount


def mana_ability_refs(chars: Characteristics) -> list[AbilityRef]:
    return [a for a in chars.activated() if a.ability.is_mana_ability]


def add_mana_effect(ability: m.ActivatedAbility | m.TriggeredAbility) -> m.AddMana | None:
    for e in ability.effects:
        if isinstance(e, m.AddMana):
            return e
    return None


def mana_effect_of(ability: m.ActivatedAbility | m.TriggeredAbility) -> m.AddMana:
    """The AddMana of a mana ability (605.1a: a mana ability adds mana)."""
    eff = add_mana_effect(ability)
    if eff is None:
        raise ValueError(f"{ability.text!r} is not a mana ability")
    return eff


def count_for(state: GameState, cards: m.Cards, eff: m.AddPerCount, player: str) -> int:
    """How many objects "for each <...>" counts now for `player` ("creature you control")."""
    return len(select(state, cards, eff.per, you=player))


# --------------------------------------------------------------------------- replacement effects

def _replacement_sources(state: GameState, cards: m.Cards) -> list[tuple[str, AbilityRef]]:
    """Every mana replacement ability on the battlefield, in timestamp order (cached)."""
    key = ("mana_replacements", cards)   # the pool itself, never id(): see all_characteristics
    if key not in state._cache:
        chars = all_characteristics(state, cards)
        found = [(oid, r) for oid in chars.replacing for kind in MANA_REPLACEMENTS
                 for r in chars[oid].replacements(kind)]
        found.sort(key=lambda f: state.objects[f[0]].timestamp)   # stable: ties keep their order
        state._cache[key] = found
    return state._cache[key]


def mana_replacements(state: GameState, cards: m.Cards, source_id: str, player: str,
                      ability: m.ActivatedAbility) -> list[tuple[str, AbilityRef]]:
    """Replacement effects that apply when `player` taps `source_id` for mana with `ability`
    (106.12b: only a mana ability with {T} in its cost), in timestamp order of their sources."""
    if not ability.cost.tap:
        return []
    sources = _replacement_sources(state, cards)
    if not sources:
        return []
    # A source that left paying its own cost ("{T}, Sacrifice Crystal Vein") was still a land
    # tapped for mana (608.2h); nothing in this pool changes whether it is a land, so the
    # printed card stands for its last known information.
    src_chars = characteristics(state, source_id, cards) if source_id in state.objects else None
    return [(oid, ref) for oid, ref in sources
            if MANA_REPLACEMENTS[type(ref.ability.effect)].applies(state, oid, player, src_chars)]


def _multiplied(effect: m.ManaMultiplier, mana: Mana) -> Mana:
    """"... produces N times as much of that mana instead" (106.12b)."""
    return {k: v * effect.factor for k, v in mana.items()}


def _multiplied_basic(effect: m.BasicLandManaMultiplier, mana: Mana) -> Mana:
    """"... produces three times as much of that mana instead" (106.12b)."""
    return {k: v * effect.factor for k, v in mana.items()}


def _as_type(effect: m.ManaBecomesType, mana: Mana) -> Mana:
    """"... produces <one mana of a type> instead of any other type": one of that type (106.12b)."""
    return {effect.mana: 1} if any(mana.values()) else {}


def _yours(state: GameState, replacing: str, player: str, tapped: Characteristics | None) -> bool:
    """"If you tap a permanent for mana": the replacement's controller taps it."""
    return state.objects[replacing].controller == player


def _yours_basic_land(state: GameState, replacing: str, player: str, tapped: Characteristics | None) -> bool:
    """"If you tap a basic land for mana": the replacement's controller taps a land with the
    supertype basic (205.4c)."""
    return (state.objects[replacing].controller == player and tapped is not None and tapped.is_land
            and "Basic" in tapped.supertypes)


def _a_land(state: GameState, replacing: str, player: str, tapped: Characteristics | None) -> bool:
    """"If a land is tapped for mana": whoever taps it."""
    return tapped is not None and tapped.is_land


@dataclass(frozen=True)
class ManaReplacement:
    """One kind of replacement effect on mana (106.12b): when it applies — (state, id of the
    permanent with the effect, the player tapping, the tapped permanent's characteristics or
    None when it is gone) — and the mana it makes instead."""

    applies: Callable[[GameState, str, str, Characteristics | None], bool]
    replace: Callable[[Any, Mana], Mana]


# The replacement effects on mana, by effect type. This table IS the dispatch: which effects
# apply (`mana_replacements`), what they make (`apply_mana_replacement`), and which cards the
# load-time check accepts (rules/support.py) are all read from it.
MANA_REPLACEMENTS: Registry[ManaReplacement] = Registry("mana replacements")
MANA_REPLACEMENTS.add(m.ManaMultiplier, ManaReplacement(_yours, _multiplied))
MANA_REPLACEMENTS.add(m.ManaBecomesType, ManaReplacement(_a_land, _as_type))
MANA_REPLACEMENTS.add(m.BasicLandManaMultiplier, ManaReplacement(_yours_basic_land, _multiplied_basic))


def apply_mana_replacement(effect: m.ReplacementEffect, mana: Mana) -> Mana:
    kind = MANA_REPLACEMENTS.get(type(effect))
    if kind is None:
        raise TypeError(f"not a mana replacement effect: {effect!r}")
    return kind.replace(effect, mana)


def _types_after_replacements(types: Iterable[str], effects: Sequence[m.ReplacementEffect]) -> set[str]:
    """106.7: the types each option yields with the effects applied in every possible order."""
    if not effects:
        return set(types)   # what the loop below gives with no effect to apply
    out: set[str] = set()
    orders = list(permutations(effects)) if len(effects) <= 5 else [tuple(effects)]
    for t in types:
        for order in orders:
            mana = {t: 1}
            for e in order:
                mana = apply_mana_replacement(e, mana)
            out |= {k for k, v in mana.items() if v}
    return out


# --------------------------------------------------------------------------- could produce (106.7)

def could_produce(state: GameState, cards: m.Cards) -> dict[str, frozenset[str]]:
    """For every permanent: the mana types it could produce now (106.7), cached per state."""
    key = ("could_produce", cards)      # the pool itself, never id()
    if key in state._cache:
        return state._cache[key]
    result = _fixpoint(state, cards)
    state._cache[key] = result
    return result


def _fixpoint(state: GameState, cards: m.Cards) -> dict[str, frozenset[str]]:
    chars = all_characteristics(state, cards)
    cp: dict[str, set[str]] = {oid: set() for oid in chars}
    lands_of: dict[str, set[str]] = {p: set() for p in state.order}   # aggregate U_p
    basics_of: dict[str, set[str]] = {p: set() for p in state.order}  # of p's basic lands (Star Compass)
    # (permanent, kind, replacement effects, basic lands only) for each reflecting ability
    readers: dict[str, list[tuple[str, str, tuple[m.ReplacementEffect, ...], bool]]] = {p: [] for p in state.order}

    objects = state.objects
    controller_of = {oid: objects[oid].controller for oid in chars}   # one lookup each, not three
    for oid, c in chars.items():
        controller = controller_of[oid]
        for ref in mana_ability_refs(c):
            ability = ref.ability
            reps = tuple(r.ability.effect for _, r in mana_replacements(state, cards, oid, controller, ability))
            eff = mana_effect_of(ability).mana
            if isinstance(eff, m.AddReflected):
                sources = [controller] if eff.whose == "you" else state.opponents(controller)
                for p in sources:
                    readers[p].append((oid, eff.kind, reps, eff.basic))
                continue
            cp[oid] |= _types_after_replacements(_base_types(state, cards, controller, eff, oid), reps)

    def lands(p: str) -> set[str]:
        return lands_of[p]

    basic = {oid for oid, c in chars.items() if c.is_land and "Basic" in c.supertypes}
    for oid, c in chars.items():
        if c.is_land:
            lands_of[controller_of[oid]] |= cp[oid]
            if oid in basic:
                basics_of[controller_of[oid]] |= cp[oid]

    colors = frozenset(m.COLORS)
    work = list(state.order)
    while work:
        p = work.pop()
        # What p's lands offer, as of this pass: if a reader below adds to them, p is queued
        # again, so the fixpoint (the least one: every step only adds) is the same.
        by_type = frozenset(lands(p))
        by_color = by_type & colors
        basic_colors = frozenset(basics_of[p]) & colors
        for oid, kind, reps, of_basics in readers[p]:
            offered = basic_colors if of_basics else by_type if kind == "type" else by_color
            yields = _types_after_replacements(offered, reps)
            if yields <= cp[oid]:   # nothing new (the usual case once a pass has run): no new set
                continue
            new = yields - cp[oid]
            cp[oid] |= new
            if chars[oid].is_land:
                owner = controller_of[oid]
                before = len(lands_of[owner]) + len(basics_of[owner])
                lands_of[owner] |= new
                if oid in basic:
                    basics_of[owner] |= new
                if len(lands_of[owner]) + len(basics_of[owner]) != before and owner not in work:
                    work.append(owner)
    shared: dict[frozenset[str], frozenset[str]] = {}   # one object per distinct answer (a board
    result = {}                                          # has few): less to keep and to collect
    for oid, found in cp.items():
        answer = frozenset(found)
        result[oid] = shared.setdefault(answer, answer)
    return result


def _base_types(state: GameState, cards: m.Cards, controller: str, eff: m.ManaEffect, source: str) -> set[str]:
    """Types a non-reflecting mana effect of `source` would produce now, before replacement effects."""
    return BASE_TYPES[type(eff)](state, cards, controller, eff, source)


def _per_count_types(state: GameState, cards: m.Cards, controller: str, eff: m.AddPerCount, source: str) -> set[str]:
    return {eff.mana} if count_for(state, cards, eff, controller) > 0 else set()


def _chosen_color_types(state: GameState, cards: m.Cards, controller: str, eff: m.AddChosenColor,
                        source: str) -> set[str]:
    """"one mana of the chosen color": the color chosen as `source` entered (614.12); none: no
    type can be defined (106.5)."""
    color = state.objects[source].chosen_color
    return {color} if color else set()


# What each kind of mana effect of an activated mana ability could produce (106.7), by kind:
# the dispatch of `could_produce`, and read by the load-time check (rules/support.py), so an
# activated mana kind without an entry here is refused, never silently "could produce nothing".
# AddReflected's types come from the fixpoint over what lands could produce (`_fixpoint`).
BASE_TYPES: Registry[Callable[..., set[str]]] = Registry("could produce")
BASE_TYPES.add(m.AddFixed, lambda state, cards, controller, eff, source: set(eff.mana))
BASE_TYPES.add(m.AddOneOf, lambda state, cards, controller, eff, source: set(eff.choices))
BASE_TYPES.add(m.AddOneOfCombos, lambda state, cards, controller, eff, source: set("".join(eff.options)))
BASE_TYPES.add(m.AddAnyColor, lambda state, cards, controller, eff, source: set(m.COLORS))
BASE_TYPES.add(m.AddPerCount, _per_count_types)
BASE_TYPES.add(m.AddReflected, lambda state, cards, controller, eff, source: set())
BASE_TYPES.add(m.AddCommanderColor, lambda state, cards, controller, eff, source: set())   # no commander (106.5)
BASE_TYPES.add(m.AddChosenColor, _chosen_color_types)
BASE_TYPES.add(m.AddFixedOrChosenColor, lambda state, cards, controller, eff, source: {eff.mana} | (
    {state.objects[source].chosen_color} if state.objects[source].chosen_color else set()))
def _counted_types(state: GameState, cards: m.Cards, controller: str, eff: m.AddCounted, source: str) -> set[str]:
    """Its colors while X is above 0 now; an X its controller announces (107.3) could be."""
    if isinstance(eff.amount, (m.CostX, m.SacrificedManaValue)):
        return set(eff.colors)
    return set(eff.colors) if quantity(state, cards, eff.amount, source=source, you=controller) else set()


BASE_TYPES.add(m.AddCounted, _counted_types)
BASE_TYPES.add(m.AddDevotionOfChosenColor, lambda state, cards, controller, eff, source:
               {c for c in m.COLORS if devotion(state, cards, c, controller)})


def _instead_types(state: GameState, cards: m.Cards, controller: str, eff: m.AddInstead, source: str) -> set[str]:
    """"Add {U}. If you played a land this turn, add {B} instead.": what it would make now (106.7)."""
    chosen = eff.instead if holds(state, cards, eff.condition, you=controller, source=source) else eff.base  # type: ignore[arg-type]
    return BASE_TYPES[type(chosen)](state, cards, controller, chosen, source)


BASE_TYPES.add(m.AddInstead, _instead_types)


def colors_among(state: GameState, cards: m.Cards, eff: m.AddColorAmong, controller: str, source: str) -> list[str]:
    """"one mana of any color among legendary creatures and planeswalkers you control" (Mox
    Amber): the colors (WUBRG order) of the objects selected now, permanents as they are (613),
    cards elsewhere as printed."""
    chars = all_characteristics(state, cards)
    found: set[str] = set()
    for oid in select(state, cards, eff.what, you=controller, source=source):
        c = chars[oid] if oid in chars else characteristics(state, oid, cards)
        found |= set(c.colors)
    return [c for c in m.COLORS if c in found]


BASE_TYPES.add(m.AddColorAmong, lambda state, cards, controller, eff, source:
               set(colors_among(state, cards, eff, controller, source)))
# "For each color among permanents you control, add one mana of that color." (Bloom Tender)
BASE_TYPES.add(m.AddEachColorAmong, lambda state, cards, controller, eff, source:
               set(colors_among(state, cards, m.AddColorAmong(eff.what), controller, source)))
# "Choose a color. Add an amount of mana of that color equal to ..." (Three Tree City): any color while it counts some
BASE_TYPES.add(m.AddChosenColorCounted, lambda state, cards, controller, eff, source:
               set(m.COLORS) if quantity(state, cards, eff.amount, source=source, you=controller) else set())


def reflected_options(state: GameState, cards: m.Cards, controller: str, eff: m.AddReflected) -> list[str]:
    """The types "a land you control / an opponent controls could produce" offers now."""
    cp = could_produce(state, cards)
    chars = all_characteristics(state, cards)
    players = [controller] if eff.whose == "you" else state.opponents(controller)
    offered: set[str] = set()
    for oid, c in chars.items():
        if c.is_land and state.objects[oid].controller in players and (not eff.basic or "Basic" in c.supertypes):
            offered |= cp[oid]
    if eff.kind == "color":
        offered &= set(m.COLORS)
    return [t for t in m.MANA_TYPES if t in offered]


def _lands_could_produce(state: GameState, cards: m.Cards, q: m.LandsCouldProduce, source: str, you: str) -> int:
    """"for each land your opponents control that could produce {C}" (Obsidian Charmaw; 106.7):
    the lands now, by what their mana abilities could make (`could_produce`)."""
    chars = all_characteristics(state, cards)
    made = could_produce(state, cards)
    return sum(1 for oid in state.battlefield
               if oid in chars and "Land" in chars[oid].types
               and (state.objects[oid].controller == you) == (q.controller == "you")
               and q.mana in made.get(oid, frozenset()))


QUANTITIES.add(m.LandsCouldProduce, _lands_could_produce)
