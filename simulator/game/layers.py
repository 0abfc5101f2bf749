"""What a permanent is right now: its card plus continuous effects in layers (613).

Only the layers this card pool needs are modelled:

* layer 4, type-changing effects (613.1d): Blood Moon, Urborg, Spreading Seas.
  Setting a land's subtype replaces its land types and removes the abilities
  from its rules text (305.7); dependencies (613.8) come before timestamps, so
  Blood Moon or Spreading Seas applied to Urborg switches Urborg's effect off.
  Basic land types bring their intrinsic mana ability (305.6).
* layer 6, ability-adding effects (613.1f): Chromatic Lantern, Gift of
  Paradise, Cryptolith Rite, Mirari's Wake's trample, Steward of the Harvest
  (607: abilities of land cards exiled *with* it; only activated ones, a name
  in the text now names the creature).
* layer 7, power/toughness: +1/+1 counters and modifications such as Mirari's
  Wake's +1/+1 or Lurking Chupacabra's -2/-2 until end of turn (613.4c).
* "until end of turn" effects locked in on one object (`state.continuous_effects`, 611.2c):
  types and subtypes added (layer 4), colors set (5), keywords and abilities added (6), base
  power/toughness set (7b, 613.4b), each part in its layer by the effect's timestamp (613.6,
  613.7a). They exist whatever happens to their source.

Which objects an effect affects is its `Selector` (`Selector.matches` on the
object as it is in that layer).

Results are cached per state object, which is immutable.
"""
from __future__ import annotations

import re

import dataclasses
from dataclasses import dataclass, field, replace
from functools import cache, partial
from typing import Any, Callable, Mapping

from pyrsistent import pmap

from simulator.base import generated
from simulator.base.abilityid import (ALL_LAND_TYPES, BASIC_LAND_TYPES as LAND_TYPES, DELAYED, QUOTED, REFLEXIVE, SPENT,
                                      AbilityId)
from simulator.base.creature_types import CREATURE_TYPES
from simulator.base.registry import Registry
from simulator.cards import model as m
from simulator.game.state import ContinuousEffect, GameState, GameObject, change_mark, changed_since


_compiled = generated.compiling(__name__)   # dataclasses' methods, compiled once (start-up)


@dataclass(frozen=True)
class AbilityRef:
    """An ability an object has now: its definition, its `AbilityId` (printed | intrinsic |
    granted, where its text is) and, when granted, the object whose effect grants it."""

    ability: Any              # an m.Ability; callers select the kind they need
    id: AbilityId
    text: str                 # as the object shows it now
    granted_by: str | None = None   # object id of the effect's source (613.1f)

    @property
    def origin(self) -> str:
        """printed | intrinsic | granted (the GAME_FORMAT numbering groups; a quoted ability an
        effect gives, Spawning Pool's, is granted: 613.1f)."""
        return "granted" if self.id.kind == QUOTED else self.id.kind


@dataclass(frozen=True)
class Characteristics:
    """An object's characteristics now, after every continuous effect (613: layers 4, 6, 7)."""

    name: str
    supertypes: tuple[str, ...]
    types: tuple[str, ...]
    subtypes: tuple[str, ...]
    abilities: tuple[AbilityRef, ...]
    power: int | None
    toughness: int | None
    colors: tuple[str, ...] = ()

    def has_type(self, t: str) -> bool:
        return t in self.types

    @property
    def is_creature(self) -> bool:
        return "Creature" in self.types

    @property
    def is_land(self) -> bool:
        return "Land" in self.types

    def activated(self) -> list[AbilityRef]:
        """Activated abilities, numbered as GAME_FORMAT.md says: printed, intrinsic, granted; not
        those that function only in a hand (cycling, 113.6)."""
        return [a for a in self.abilities if isinstance(a.ability, m.ActivatedAbility) and a.ability.zone == "battlefield"]

    def activated_in_hand(self) -> list[AbilityRef]:
        """The activated abilities that function while the card is in its owner's hand (702.29a)."""
        return [a for a in self.abilities if isinstance(a.ability, m.ActivatedAbility) and a.ability.zone == "hand"]

    def activated_in_graveyard(self) -> list[AbilityRef]:
        """The activated abilities that function while the card is in its owner's graveyard (113.6k:
        "Exile this card from your graveyard", "Return this card from your graveyard to ...")."""
        return [a for a in self.abilities if isinstance(a.ability, m.ActivatedAbility) and a.ability.zone == "graveyard"]

    def activated_in_zone(self, zone: str) -> list[AbilityRef]:
        """The activated abilities that function where the object is, numbered as an `activate`
        action numbers them there."""
        return (self.activated() if zone == "battlefield" else self.activated_in_hand() if zone == "hand"
                else self.activated_in_graveyard() if zone == "graveyard" else [])

    def statics(self, kind: type) -> list[AbilityRef]:
        return [a for a in self.abilities
                if isinstance(a.ability, m.StaticAbilityLine) and isinstance(a.ability.effect, kind)]

    def has_keyword(self, name: str) -> bool:
        """Whether it has the keyword ability `name` now ("Haste"; printed or granted, 702)."""
        for a in self.abilities:
            if isinstance(a.ability, m.StaticAbilityLine):
                eff = a.ability.effect
                if (isinstance(eff, m.Keyword) and eff.name == name) or (
                        isinstance(eff, m.Keywords) and name in eff.names):
                    return True
        return False

    def keywords(self) -> list[str]:
        """Its keyword abilities now, printed and granted, in order, each once (702)."""
        out: list[str] = []
        for a in self.abilities:
            if isinstance(a.ability, m.StaticAbilityLine):
                eff = a.ability.effect
                names = (eff.name,) if isinstance(eff, m.Keyword) else eff.names if isinstance(eff, m.Keywords) else ()
                out += [n for n in names if n not in out]
        return out

    def replacements(self, kind: type) -> list[AbilityRef]:
        return [a for a in self.abilities
                if isinstance(a.ability, m.ReplacementAbility) and isinstance(a.ability.effect, kind)]


@cache   # one ability per basic land type, shared like a card's printed abilities (it is frozen)
def intrinsic_ability(land_type: str) -> m.ActivatedAbility:
    """305.6: "{T}: Add [mana symbol]." of a basic land type."""
    letter = m.BASIC_LAND_MANA[land_type]
    return m.ActivatedAbility(cost=m.Cost(tap=True), effects=(m.AddMana(m.AddFixed((letter,))),),
                              text="{T}: Add {%s}." % letter)


def ability_definition(cards: m.Cards, ability: AbilityId) -> m.Ability:
    """The ability an `AbilityId` names, from the card pool alone (a stack object or a waiting
    trigger is independent of its source, 113.7a): the basic land type's intrinsic ability
    (305.6), or the line of `card` at `index` — for a granting line ("... have "{T}: ...""), the
    ability it grants."""
    if ability.land_type is not None:
        return intrinsic_ability(ability.land_type)
    if ability.kind == QUOTED and ability.card and ability.index is not None and _is_spell_card(cards, ability.card):
        return _spell_quoted(cards, ability)      # pool-manaprod: a quoted ability an instant gives
    if ability.card is None or ability.index is None:
        raise ValueError(f"the log did not record where this ability is written: {ability}")
    if ability.kind == DELAYED:    # the delayed trigger an effect written there creates (603.7a)
        return _delayed_of(cards.get(ability.card), ability)
    a = cards.get(ability.card).abilities[ability.index]
    if ability.kind == REFLEXIVE:  # the reflexive trigger inside a replacement ability (603.12)
        reflexive = getattr(getattr(a, "effect", None), "reflexive", None)
        if not isinstance(reflexive, m.TriggeredAbility):
            raise ValueError(f"{ability}: that ability holds no reflexive trigger")
        return reflexive
    if isinstance(a, m.StaticAbilityLine) and isinstance(a.effect, m.GrantAbility):
        a = a.effect.ability
    if ability.kind == QUOTED:     # the quoted ability one of its effects gives (613.1f)
        quoted = next((e.granted_ability for e in getattr(a, "effects", ())
                       if getattr(e, "granted_ability", None) is not None), None)
        if quoted is None:
            raise ValueError(f"{ability}: that ability gives no quoted ability")
        return quoted
    if ability.kind == SPENT:      # the trigger a rider of that mana ability's mana creates (106.6)
        rider = _rider_of(a)
        if not isinstance(rider, m.SpentTrigger):
            raise ValueError(f"{ability}: that ability's mana has no \"When you spend this mana\" rider")
        return rider.ability
    return a


def _delayed_of(card: m.CardDefinition, ability: AbilityId) -> m.TriggeredAbility:
    """The delayed trigger (603.7a) of an instant's or sorcery's effect number `index`, or of the
    ability at line `index` of a permanent card (a granting line: the ability it grants)."""
    assert ability.index is not None
    if card.spell_effects:
        effects: tuple[Any, ...] = (card.spell_effects[ability.index],)
    else:
        a: Any = card.abilities[ability.index]
        if isinstance(a, m.StaticAbilityLine) and isinstance(a.effect, m.GrantAbility):
            a = a.effect.ability
        effects = getattr(a, "effects", ())
    found = next((e.ability for e in effects if isinstance(e, m.CreateDelayedTrigger)), None)
    if found is None:
        raise ValueError(f"{ability}: no effect there creates a delayed trigger")
    return found


def _is_spell_card(cards: m.Cards, name: str) -> bool:
    card = cards.get(name)
    return "Instant" in card.types or "Sorcery" in card.types


def _spell_quoted(cards: m.Cards, ability: AbilityId) -> m.Ability:
    """The quoted ability an instant's or sorcery's effect number `index` gives ("Until end of
    turn, lands you control gain "{T}: Add one mana of any color."", Divergent Growth; 613.1f)."""
    effects = cards.get(str(ability.card)).spell_effects
    index = int(ability.index or 0)
    quoted = getattr(effects[index], "granted_ability", None) if index < len(effects) else None
    if quoted is None:
        raise ValueError(f"{ability}: that spell effect gives no quoted ability")
    return quoted


def _rider_of(a: Any) -> m.ManaRider | None:
    return next((e.rider for e in getattr(a, "effects", ()) if isinstance(e, m.AddMana) and e.rider is not None),
                None)


def mana_rider(cards: m.Cards, restriction: Any) -> m.ManaRider | None:
    """The rider (106.6) of mana in the pool, from the JSON its unit keeps (`RiderMana`: the
    mana ability that made it), read in the card pool (113.7a: not from the source, which may
    be gone — Generator Servant is sacrificed to make it). None: the unit has no rider."""
    if restriction is None or restriction.get("kind") != "rider":
        return None
    r = m.restriction_from_json(restriction)
    assert isinstance(r, m.RiderMana)
    return _rider_of(ability_definition(cards, r.ability))


def _intrinsic_refs(subtypes: tuple[str, ...]) -> list[AbilityRef]:
    """Intrinsic abilities in W U B R G order (GAME_FORMAT numbering)."""
    refs = []
    for land_type in LAND_TYPES:
        if land_type in subtypes:
            a = intrinsic_ability(land_type)
            refs.append(AbilityRef(a, AbilityId.intrinsic(land_type), a.text))
    return refs


def printed_refs(card: m.CardDefinition) -> list[AbilityRef]:
    return [AbilityRef(a, AbilityId.printed(card.name, i), getattr(a, "text", ""))
            for i, a in enumerate(card.abilities)]


def card_characteristics(card: m.CardDefinition) -> Characteristics:
    """Characteristics of a card outside the battlefield: as printed (plus 305.6)."""
    refs = printed_refs(card)
    if "Land" in card.types:
        refs += _intrinsic_refs(card.subtypes)
    return Characteristics(card.name, card.supertypes, card.types, card.subtypes, tuple(refs),
                           card.power, card.toughness, printed_colors(card))


def printed_colors(card: m.CardDefinition) -> tuple[str, ...]:
    """Its colors from its mana cost (202.2), none with devoid (702.114a: a characteristic-
    defining ability, in every zone, layer 5)."""
    for a in card.abilities:
        if isinstance(a, m.StaticAbilityLine) and (a.effect == m.Keyword("Devoid") or (
                isinstance(a.effect, m.Keywords) and "Devoid" in a.effect.names)):
            return ()
    return card.colors


@dataclass
class _Partial:
    """An object's characteristics part-way through the layers."""

    card: m.CardDefinition
    obj: GameObject
    types: tuple[str, ...]
    subtypes: tuple[str, ...]
    lost_text: bool = False
    granted: list[AbilityRef] = field(default_factory=list)
    pt_change: tuple[int, int] = (0, 0)      # layer 7c (613.4c), summed: order doesn't matter
    colors: tuple[str, ...] = ()             # layer 5 (613.1e)
    base_pt: tuple[int | None, int | None] | None = None   # layer 7b (613.4b): set, latest wins
    turn: int = -1                           # the game's turn: what "entered this turn" reads

    def fits(self, sel: m.Selector, source: "_Partial") -> bool:
        """Whether `sel`, on `source`'s ability, affects this object now."""
        is_source = self.obj.id == source.obj.id
        facts = None
        if sel.needs_facts:
            facts = m.ObjectFacts(self.obj.counters, self.colors, self.obj.is_token,
                                  self.obj.control_since == self.turn)
        return sel.matches(zone="battlefield", types=self.types, subtypes=self.subtypes,
                           supertypes=self.card.supertypes, controller=self.obj.controller,
                           you=source.obj.controller, is_source=is_source,
                           related=is_source if sel.relation == "self" else self.obj.id == source.obj.attached_to,
                           colors=self.colors, chosen=chosen_value(sel, source.obj),
                           facts=facts)


@dataclass(frozen=True)
class _TypeEffect:
    """A type-changing effect with its source and timestamp, for layer 4 (613.1d): a static
    one (Blood Moon's 305.7), or the layer-4 part of an effect locked in on one object
    (`locked_in`: a `ContinuousEffect`, 611.2c)."""

    source: str
    timestamp: int
    effect: Any            # a kind of `LAYER_4`, with its `affected` selector; or a ContinuousEffect
    locked_in: bool = False


class Board(dict[str, "Characteristics"]):
    """The characteristics of every permanent, by object id in battlefield order (what
    `all_characteristics` returns), with the permanents the rules look for among many kept
    apart, each in battlefield order: those with triggered abilities (`triggered`), with static
    abilities (`statics`), with replacement abilities (`replacing`), the ones state-based actions may act on (a creature with toughness 0
    or less, an Aura, an attached Equipment: `sba`; both kinds of counters: `annihilate`; damage marked,
    dealt damage by a deathtouch source, a planeswalker or a battle: `damaged`), the ones with a
    shield this turn (`shielded`: regeneration, 701.19a; prevention, 615.7), the ones an untap step
    acts on beyond untapping them (`untap_marks`: "doesn't untap during its controller's next untap
    step", "return this land during your next untap step", 502.3), the legendary ones
    (`legendary`) and the tapped ones (`tapped`). Read only: each index lets the rules look at
    the few permanents it holds, not at every permanent (an event's cost does not grow with the
    battlefield)."""

    effect_free: bool                     # no permanent has a static ability the layers apply to others
    records: dict[str, GameObject]        # the records they were computed from
    indexes: dict[str, dict[str, None]]   # in no particular order
    order: dict[str, int]                 # each permanent's place: increasing in battlefield order
    places: int                           # the next place

    def _in_order(self, name: str) -> list[str]:
        ix = self.indexes[name]
        return sorted(ix, key=self.order.__getitem__) if len(ix) > 1 else list(ix)

    @property
    def triggered(self) -> list[str]:
        return self._in_order("triggered")

    @property
    def statics(self) -> list[str]:
        return self._in_order("statics")

    @property
    def replacing(self) -> list[str]:
        return self._in_order("replacing")

    @property
    def sba(self) -> list[str]:
        return self._in_order("sba")

    @property
    def annihilate(self) -> list[str]:
        return self._in_order("annihilate")

    @property
    def damaged(self) -> list[str]:
        return self._in_order("damaged")

    @property
    def shielded(self) -> list[str]:
        return self._in_order("shielded")

    @property
    def untap_marks(self) -> list[str]:
        return self._in_order("untap_marks")

    @property
    def legendary(self) -> list[str]:
        return self._in_order("legendary")

    @property
    def tapped(self) -> list[str]:
        return self._in_order("tapped")


# What puts a permanent in each of `Board`'s indexes: from its characteristics and its record.
_INDEXES: dict[str, Callable[["Characteristics", GameObject], bool]] = {
    "triggered": lambda c, o: any(isinstance(a.ability, m.TriggeredAbility) for a in c.abilities),
    "statics": lambda c, o: any(isinstance(a.ability, m.StaticAbilityLine) for a in c.abilities),
    "replacing": lambda c, o: any(isinstance(a.ability, m.ReplacementAbility) for a in c.abilities),
    "sba": lambda c, o: ((c.is_creature and c.toughness is not None and c.toughness <= 0) or "Aura" in c.subtypes
                         or (o.attached_to is not None and "Equipment" in c.subtypes)),
    "annihilate": lambda c, o: o.counters.get("+1/+1", 0) > 0 and o.counters.get("-1/-1", 0) > 0,
    "damaged": lambda c, o: bool(o.damage or o.deathtouched) or "Planeswalker" in c.types or "Battle" in c.types,
    "shielded": lambda c, o: bool(o.regeneration or o.prevention),
    "untap_marks": lambda c, o: o.skips_untap_of is not None or o.returns_in_untap_of is not None,
    "legendary": lambda c, o: "Legendary" in c.supertypes,
    "tapped": lambda c, o: o.tapped,
}


def _affects_others(card: m.CardDefinition) -> bool:
    """Whether a permanent with this card's text may change other permanents' characteristics:
    a static ability of a kind the layers apply (`layer_statics`: every kind the load-time
    check lets a card have there), keywords aside (they are the object's own)."""
    if not _APPLIED:
        _APPLIED.append(frozenset(layer_statics() - {m.Keyword, m.Keywords}))
    kinds = _APPLIED[0]
    return any(isinstance(a, m.StaticAbilityLine) and type(a.effect) in kinds for a in card.abilities)


_APPLIED: list[frozenset[type]] = []


# The state fields `_compute` does not read while no permanent affects others
# (`Board.effect_free`), the objects aside: between two states that differ only in these and in
# some objects, the characteristics of the other objects are the same. Every other field
# (pt_changes, and any added later) must be the very same value for `all_characteristics` to
# update a board rather than recompute it.
_NOT_READ = frozenset({"game_id", "title", "version", "order", "players", "objects", "battlefield", "stack",
                       "waiting", "turn", "active", "step", "priority", "passed", "pending", "next_timestamp",
                       "game_over", "winner", "seed", "state_version", "next_ids", "turn_counts"})
_READ = tuple(f.name for f in dataclasses.fields(GameState) if f.init and f.name not in _NOT_READ)


@dataclass(frozen=True)
class _Computed:
    """A board and the state it was computed or updated for: what a later state's board is
    updated from (`_updated`)."""

    board: Board
    cards: m.Cards
    objects: Any
    battlefield: Any
    read: tuple[Any, ...]       # the state's `_READ` fields
    mark: Any                   # its change mark (`state.change_mark`)


def _read(state: GameState) -> tuple[Any, ...]:
    attrs = state.__dict__
    return tuple(attrs[k] for k in _READ)


def _same(a: tuple[Any, ...], b: tuple[Any, ...]) -> bool:
    return all(x is y for x, y in zip(a, b))


def _board(state: GameState, cards: m.Cards, chars: dict[str, "Characteristics"]) -> Board:
    """The `Board` of a full computation (`_compute`) of `state`."""
    board = Board(chars)
    records = {oid: state.objects[oid] for oid in chars}
    board.records = records
    board.indexes = {name: {oid: None for oid, c in chars.items() if test(c, records[oid])}
                     for name, test in _INDEXES.items()}
    board.order = {oid: i for i, oid in enumerate(chars)}
    board.places = len(chars)
    board.effect_free = not any(_affects_others(cards.get(o.card)) for o in records.values())
    return board


def _updated(prev: _Computed, state: GameState, cards: m.Cards, read: tuple[Any, ...]) -> Board | None:
    """`prev`'s board brought up to `state` by recomputing only the objects changed since (None
    when that would not give what `_compute` gives: recompute). Right while no permanent
    affects others, before or after, and nothing else `_compute` reads changed: then a
    permanent's characteristics depend on its own record and the effects locked in on it
    (`_compute` reads the sources of effects from the printed cards: `_affects_others`)."""
    old = prev.board
    if prev.cards is not cards or not old.effect_free or not _same(prev.read, read):
        return None
    changed = changed_since(state, prev.mark)
    if changed is None:
        return None
    objects = state.objects
    seen = dict.fromkeys(changed)          # oldest first: new permanents in the order they entered
    # (an id no longer in `objects`: a record let go of as a turn began, state version 2)
    present = [oid for oid in seen if oid in objects and objects[oid].zone == "battlefield"]
    if any(_affects_others(cards.get(objects[oid].card)) for oid in present):
        return None
    board = Board(old)
    records = dict(old.records)
    order = dict(old.order)
    places = old.places
    indexes = {name: dict(ix) for name, ix in old.indexes.items()}
    for oid in seen:
        if oid in board and (oid not in objects or objects[oid].zone != "battlefield"):
            del board[oid], records[oid], order[oid]
            for ix in indexes.values():
                ix.pop(oid, None)
    fresh = _compute(state, cards, [oid for oid in present if not _only_tapped(old.records.get(oid), objects[oid])])
    entered = []
    for oid in present:
        o = objects[oid]
        c = fresh[oid] if oid in fresh else old[oid]
        if oid not in board:
            entered.append(oid)
            order[oid] = places
            places += 1
        board[oid] = c
        records[oid] = o
        for name, test in _INDEXES.items():
            if test(c, o):
                indexes[name][oid] = None
            else:
                indexes[name].pop(oid, None)
    bf = state.battlefield
    if len(board) != len(bf) or (entered and list(bf[len(bf) - len(entered):]) != entered):
        return None
    board.records, board.indexes, board.order, board.places, board.effect_free = records, indexes, order, places, True
    return board


def _only_tapped(old: GameObject | None, new: GameObject) -> bool:
    """Whether the record changed in whether it is tapped at most (what the layers never read)."""
    if old is None:
        return False
    if old is new:
        return True
    a = dict(new.__dict__)
    a["tapped"] = old.tapped
    return a == old.__dict__


def all_characteristics(state: GameState, cards: m.Cards) -> Board:
    """Characteristics of every permanent on the battlefield (cached on the state).

    Every cache here is keyed by the card pool object itself, never by its id(): a key holds
    its pool, so no other pool can be taken for it (a freed pool's id goes to the next object
    made, and a new game would get the old pool's answers). A state evolve made from one
    computed recently gets that board with the objects changed since recomputed (`_updated`),
    when that gives the same; else every layer of every permanent is computed."""
    cache = state._cache
    key = ("chars", cards)
    if key in cache:
        return cache[key]
    read = _read(state)
    result = None
    for last in _LAST:
        if last.cards is cards and last.objects is state.objects and last.battlefield is state.battlefield \
                and _same(last.read, read):
            result = last.board    # the very same objects map and order: nothing _compute reads changed
            break
    if result is None:
        for last in _LAST:
            result = _updated(last, state, cards, read)
            if result is not None:
                break
    if result is None:
        inputs = (cards, _inputs(state))
        result = _RECENT.get(inputs)
        if result is None:
            result = _board(state, cards, _compute(state, cards))
            if len(_RECENT) >= _RECENT_MAX:
                _RECENT.pop(next(iter(_RECENT)))
            _RECENT[inputs] = result
    _LAST.insert(0, _Computed(result, cards, state.objects, state.battlefield, read, change_mark(state)))
    del _LAST[_LAST_MAX:]
    cache[key] = result
    return result


# Most events (a pass, mana added, a step) change nothing `_compute` reads: successive states
# then share one result, looked up by exactly those inputs (a fold over a long game would
# otherwise recompute every layer of every permanent at every event).
_RECENT: dict[tuple[Any, ...], Board] = {}
_RECENT_MAX = 64
_LAST: list[_Computed] = []    # the latest results, newest first: updated for the states made from theirs
_LAST_MAX = 4


def _inputs(state: GameState) -> tuple[Any, ...]:
    """Everything `_compute` reads: the permanents (in order), the cards exiled with something
    (all of it in `state.objects` and `state.battlefield`), the power/toughness changes of
    resolved abilities (layer 7c, `state.pt_changes`), the other effects locked in on one
    object (`state.continuous_effects`) and what the conditions of statics read beyond the
    battlefield (each player's graveyard and hand size, 611.3a). A graveyard is its vector itself
    (immutable, compared by its cards), not a copy: a long game's graveyards hold thousands of
    cards, and `_RECENT`'s keys would each hold copies of them (issue 25, goal 3)."""
    return (tuple(state.objects[oid] for oid in state.battlefield),
            tuple(o for o in _exiled(state) if o.exiled_with), tuple(state.pt_changes),
            tuple(state.continuous_effects),
            tuple((state.players[p].graveyard, len(state.players[p].hand)) for p in state.order))


def _exiled(state: GameState) -> list[GameObject]:
    return [state.objects[i] for name in state.order for i in state.players[name].exile]


def entering_characteristics(state: GameState, object_id: str, controller: str, cards: m.Cards,
                             attached_to: str | None = None) -> Characteristics:
    """614.12: the object as it would exist on the battlefield, for the replacement effects that
    modify how it enters ("As ~ enters, you may pay 2 life...", "enters with N counters"): its
    own abilities, with the continuous effects that would then apply to it (layer 4 type changes
    and the loss of rules-text abilities under 305.7 — Blood Moon, whoever controls it —, layer 6
    grants). It would be the newest object, so it gets the next timestamp (613.7d)."""
    o = state.objects[object_id]
    there = replace(o, zone="battlefield", controller=controller, tapped=False, counters=pmap(),
                    timestamp=state.next_timestamp, attached_to=attached_to, moved_to=None)
    would_be = replace(state, objects=state.objects.set(object_id, there),
                       battlefield=state.battlefield.append(object_id))
    if all_characteristics(state, cards).effect_free and not _affects_others(cards.get(o.card)):
        return _compute(would_be, cards, [object_id])[object_id]   # nothing else would change it
    return _compute(would_be, cards)[object_id]


def characteristics(state: GameState, object_id: str, cards: m.Cards) -> Characteristics:
    """What the object is now: layers for a permanent, the printed card elsewhere."""
    return last_known_characteristics(object_id, cards, state)


def last_known_characteristics(object_id: str, cards: m.Cards, *states: GameState) -> Characteristics:
    """The object as it is in the first of `states` that has it on the battlefield (last known
    information, 608.2h / 603.10a: pass the state before it left); else as printed."""
    for s in states:
        chars = all_characteristics(s, cards)
        if object_id in chars:
            return chars[object_id]
    return card_characteristics(cards.get(states[0].objects[object_id].card))


def _compute(state: GameState, cards: m.Cards, only: list[str] | None = None) -> dict[str, Characteristics]:
    """Every permanent through the layers this pool needs (613.1): 4, 6, 7c, then 7 assembled
    (`only`: those permanents alone, which is the same when no permanent affects others)."""
    partials: dict[str, _Partial] = {}
    for oid in (state.battlefield if only is None else only):
        o = state.objects[oid]
        card = cards.get(o.card)
        partials[oid] = _Partial(card, o, card.types, card.subtypes, colors=printed_colors(card), turn=state.turn)
    locked = sorted((c for c in state.continuous_effects if c.object_id in partials), key=lambda c: c.timestamp)
    _layer_4_types(partials, locked)
    for c in locked:                       # layer 5 (613.1e): colors set, in timestamp order
        if c.colors is not None:
            partials[c.object_id].colors = c.colors
    _layer_6_abilities(state, cards, partials, locked)
    _layer_7a_characteristic_pt(state, partials)
    for c in locked:                       # layer 7b (613.4b): base power/toughness set
        if c.power is not None or c.toughness is not None:
            partials[c.object_id].base_pt = (c.power, c.toughness)
    _layer_7c_power_toughness(state, cards, partials)
    return {oid: _assembled(p) for oid, p in partials.items()}


def chosen_value(sel: m.Selector, source: GameObject | None) -> str | None:
    """What `sel`'s "of the chosen color / type" reads: the value `source` chose as it entered."""
    if not sel.chosen or source is None:
        return None
    return source.chosen_color if sel.chosen == "color" else source.chosen_creature_type


def _with_chosen_type(effect: Any, obj: GameObject) -> Any:
    """"... is the chosen type" (614.12): the effect with the basic land type its source chose as
    it entered; none chosen (put onto the battlefield without the choice): no effect (None)."""
    if not getattr(effect, "chosen", False):
        return effect
    if isinstance(effect, m.IsChosenCreatureType):     # Metallic Mimic: the creature type chosen
        return replace(effect, subtype=obj.chosen_creature_type) if obj.chosen_creature_type else None
    return replace(effect, subtype=obj.chosen_land_type) if obj.chosen_land_type else None


def _layer_4_types(partials: dict[str, _Partial], locked: list[ContinuousEffect]) -> None:
    """Layer 4: type-changing effects, dependency order then timestamp (613.8, 613.7)."""
    effects = [_TypeEffect(c.source, c.timestamp, c, locked_in=True) for c in locked
               if c.types or c.subtypes or c.land_type or c.all_creature_types]
    for oid, p in partials.items():
        for a in p.card.abilities:
            if isinstance(a, m.StaticAbilityLine) and type(a.effect) in LAYER_4:
                effect = _with_chosen_type(a.effect, p.obj)
                if effect is not None:
                    effects.append(_TypeEffect(oid, p.obj.timestamp, effect))
    effects.sort(key=lambda e: e.timestamp)
    remaining = list(effects)
    while remaining:
        chosen = next((a for a in remaining
                       if not any(_depends(a, b, partials) for b in remaining if b is not a)),
                      remaining[0])
        remaining.remove(chosen)
        if _exists(chosen, partials):
            for oid in _applies_to(chosen, partials):
                _apply_4(chosen, partials[oid])


# Layer 6 (613.1f), by static effect type: (state, cards, source, ability index, effect, every
# permanent) -> grants abilities to those it affects.
Layer6 = Callable[[GameState, m.Cards, _Partial, int, Any, dict[str, _Partial]], None]


def _affected(sel: m.Selector, src: _Partial, partials: dict[str, _Partial]) -> list[_Partial]:
    return [t for t in partials.values() if t.fits(sel, src)]


def _grant_ability(state: GameState, cards: m.Cards, src: _Partial, index: int, eff: m.GrantAbility,
                   partials: dict[str, _Partial]) -> None:
    for target in _affected(eff.affected, src, partials):
        target.granted.append(AbilityRef(eff.ability, AbilityId.printed(src.card.name, index).granted(),
                                         eff.ability.text, src.obj.id))


def _grant_keywords(state: GameState, cards: m.Cards, src: _Partial, index: int, eff: m.ModifyPTStatic,
                    partials: dict[str, _Partial]) -> None:
    """Mirari's Wake's "... get +1/+1 and have trample": the keywords (its P/T part is layer 7c)."""
    for target in _affected(eff.affected, src, partials):
        for word in eff.keywords:
            target.granted.append(AbilityRef(m.StaticAbilityLine(m.Keyword(word), word),
                                             AbilityId.printed(src.card.name, index).granted(), word, src.obj.id))


_THIS_LAND = re.compile(r"\b[Tt]his land\b")


def _grant_linked(state: GameState, cards: m.Cards, src: _Partial, index: int,
                  eff: m.GrantLinkedExiledAbilities, partials: dict[str, _Partial]) -> None:
    """Steward of the Harvest: the activated abilities of the cards exiled with it (607); a name
    in their text, or "this land" (today's Oracle wording of it), now names the creature."""
    lands = _linked_cards(state, cards, eff.linked, src)
    for target in _affected(eff.affected, src, partials):
        for land in lands:
            for ref in card_characteristics(land).activated():
                text = (_THIS_LAND.sub(target.card.name, ref.text.replace(land.name, target.card.name))
                        if ref.origin == "printed" else ref.text)
                target.granted.append(replace(ref, id=ref.id.granted(), text=text, granted_by=src.obj.id))


def _grant_static(state: GameState, cards: m.Cards, src: _Partial, index: int, eff: m.GrantStatic,
                  partials: dict[str, _Partial]) -> None:
    """Urban Burgeoning: "Enchanted land has "Untap this land during each other player's untap step.""."""
    for target in _affected(eff.affected, src, partials):
        target.granted.append(AbilityRef(eff.ability, AbilityId.printed(src.card.name, index).granted(),
                                         eff.ability.text, src.obj.id))


LAYER_6: dict[type, Layer6] = {
    m.GrantAbility: _grant_ability,
    m.GrantStatic: _grant_static,
    m.GrantAbilityIf: _grant_ability,      # "As long as this creature is modified, it has ..." (611.3a)
    m.ModifyPTStatic: _grant_keywords,
    m.GrantLinkedExiledAbilities: _grant_linked,
}


def _layer_6_abilities(state: GameState, cards: m.Cards, partials: dict[str, _Partial],
                       locked: list[ContinuousEffect]) -> None:
    """Layer 6: ability-adding effects in timestamp order (613.1f, 613.7): statics by their
    source's timestamp, effects locked in on one object by their own."""
    work: list[tuple[int, Callable[[], None]]] = []
    for src in partials.values():
        if src.lost_text:
            continue
        for index, a in enumerate(src.card.abilities):
            if not isinstance(a, m.StaticAbilityLine):
                continue
            grant = LAYER_6.get(type(a.effect))
            if grant is not None and condition_holds(state, cards, partials, src, a.effect):
                work.append((src.obj.timestamp, partial(grant, state, cards, src, index, a.effect, partials)))
    for c in locked:
        if c.keywords or c.abilities:
            work.append((c.timestamp, partial(_grant_locked_in, cards, partials[c.object_id], c)))
    for _, run in sorted(work, key=lambda w: w[0]):
        run()
    for p in partials.values():      # 122.1b: keyword counters (no effect here removes abilities)
        for kind, n in sorted(p.obj.counters.items()):
            word = m.counter_keyword(kind) if n > 0 else None
            if word is not None:
                p.granted.append(AbilityRef(m.StaticAbilityLine(m.Keyword(word), word),
                                            AbilityId.printed(p.card.name, 0).granted(), word, p.obj.id))


def _grant_locked_in(cards: m.Cards, target: _Partial, c: ContinuousEffect) -> None:
    """Layer 6 of an "until end of turn" effect: its keywords ("gains haste"), then its quoted
    abilities, on the one object it is locked in on (611.2c)."""
    by = AbilityId.printed(c.source_card, 0).granted()
    for word in c.keywords:
        target.granted.append(AbilityRef(m.StaticAbilityLine(m.Keyword(word), word), by, word, c.source))
    for ability in c.abilities:
        definition = ability_definition(cards, ability)
        target.granted.append(AbilityRef(definition, ability, getattr(definition, "text", ""), c.source))


def _layer_7a_characteristic_pt(state: GameState, partials: dict[str, _Partial]) -> None:
    """Layer 7a (613.4a): characteristic-defining abilities that define power and/or toughness
    ("~'s power is equal to the number of basic land types among lands you control.", 604.3),
    counted on the objects as layer 4 left them; printed only (604.3a: never granted)."""
    for p in partials.values():
        if p.lost_text:
            continue
        for a in p.card.abilities:
            if isinstance(a, m.StaticAbilityLine) and type(a.effect) in LAYER_7A:
                p.base_pt = LAYER_7A[type(a.effect)](state, partials, p, a.effect)


def _characteristic_pt(state: GameState, partials: dict[str, _Partial], p: _Partial,
                       eff: m.CharacteristicPT) -> tuple[int | None, int | None]:
    n = eff.times * LAYER_COUNTS[type(eff.per)](state, partials, p, eff.per)
    power, toughness = p.base_pt if p.base_pt is not None else (p.card.power, p.card.toughness)
    return (n if eff.power else power, n if eff.toughness else toughness)


# Layer 7a (613.4a), the characteristic-defining abilities of power and toughness, by kind:
# (state, every permanent, the object, the effect) -> its power and toughness so defined.
LAYER_7A: Registry[Callable[[GameState, dict[str, _Partial], _Partial, Any], tuple[int | None, int | None]]] = \
    Registry("layer 7a")
LAYER_7A.add(m.CharacteristicPT, _characteristic_pt)


def _layer_7c_power_toughness(state: GameState, cards: m.Cards, partials: dict[str, _Partial]) -> None:
    """Layer 7c: power/toughness modifications (613.4c): statics, then effects of resolved
    abilities (611.2a: they affect the objects they were locked in on)."""
    for src in sorted(partials.values(), key=lambda p: p.obj.timestamp):
        if src.lost_text:
            continue
        for a in src.card.abilities:
            if not isinstance(a, m.StaticAbilityLine):
                continue
            pt_of = LAYER_7C.get(type(a.effect))
            if pt_of is not None and condition_holds(state, cards, partials, src, a.effect):
                eff: Any = a.effect
                plus = pt_of(eff)
                per = getattr(eff, "per", None)
                if per is not None:          # "+1/+1 for each ...": counted now, as 7c applies
                    n = LAYER_COUNTS[type(per)](state, partials, src, per)
                    plus = (plus[0] * n, plus[1] * n)
                for target in partials.values():
                    if target.fits(eff.affected, src):
                        target.pt_change = _plus(target.pt_change, plus)
    for change in state.pt_changes:
        if change.object_id in partials:
            target = partials[change.object_id]
            target.pt_change = _plus(target.pt_change, (change.power, change.toughness))


def _assembled(p: _Partial) -> Characteristics:
    """The object's characteristics after the layers, with layer 7 (P/T and counters, 613.4)."""
    refs = [] if p.lost_text else printed_refs(p.card)
    if "Land" in p.types:
        refs += _intrinsic_refs(p.subtypes)
    refs += p.granted
    power, toughness = p.base_pt if p.base_pt is not None else (p.card.power, p.card.toughness)
    if "Creature" in p.types:
        plus = counters_pt(p.obj.counters)
        power = (power or 0) + plus[0] + p.pt_change[0]
        toughness = (toughness or 0) + plus[1] + p.pt_change[1]
    else:
        power = toughness = None
    return Characteristics(p.card.name, p.card.supertypes, p.types, p.subtypes, tuple(refs),
                           power, toughness, p.colors)


_PT_COUNTER = re.compile(r"([+-]\d+)/([+-]\d+)")


def counters_pt(counters: Mapping[str, int]) -> tuple[int, int]:
    """What the +X/+Y and -X/-Y counters on an object add to its power and toughness (122.1a,
    layer 7c): "+1/+1", "-0/-1", "+2/+2", "+1/+0" alike."""
    power = toughness = 0
    for kind, n in counters.items():
        pt = _PT_COUNTER.fullmatch(kind)
        if pt:
            power += int(pt.group(1)) * n
            toughness += int(pt.group(2)) * n
    return power, toughness


# Layer 7c (613.4c), by static effect type: the effect -> the (power, toughness) it adds to each
# permanent its `affected` selector fits.
LAYER_7C: Registry[Callable[[Any], tuple[int, int]]] = Registry("layer 7c")
LAYER_7C.add(m.ModifyPTStatic, lambda eff: (eff.power, eff.toughness))


# Conditions of static abilities (611.3a: "as long as ..."), read where the layers apply the
# ability, on the objects as they are after layer 4 (the types a "you control a Dinosaur" counts):
# (state, every permanent, the source, the condition) -> whether it holds now. A condition kind
# not here is refused at load (rules/support.py reads this table).
StaticCondition = Callable[[GameState, m.Cards, dict[str, _Partial], _Partial, Any], bool]
STATIC_CONDITIONS: Registry[StaticCondition] = Registry("conditions of static abilities")


def condition_holds(state: GameState, cards: m.Cards, partials: dict[str, _Partial], src: _Partial,
                    effect: Any) -> bool:
    """Whether a static ability's effect applies now: it has no condition, or it holds (611.3a)."""
    cond = getattr(effect, "condition", None)
    return cond is None or STATIC_CONDITIONS[type(cond)](state, cards, partials, src, cond)


def _you_control(state: GameState, cards: m.Cards, partials: dict[str, _Partial], src: _Partial,
                 cond: m.YouControl) -> bool:
    found = {oid for oid, p in partials.items() if any(p.fits(sel, src) for sel in cond.what)}
    if cond.other:
        found.discard(src.obj.id)
    return len(found) >= cond.at_least and (cond.at_most is None or len(found) <= cond.at_most)


def _cards_in_zone(state: GameState, cards: m.Cards, partials: dict[str, _Partial], src: _Partial,
                   cond: m.CardsInYourZone) -> bool:
    ids = getattr(state.players[src.obj.controller], cond.zone)
    n = len(ids) if not cond.card_type else sum(
        1 for oid in ids if cond.card_type in cards.get(state.objects[oid].card).types)
    return n >= cond.at_least and (cond.at_most is None or n <= cond.at_most)


STATIC_CONDITIONS.add(m.YouControl, _you_control)


def _self_modified(state: GameState, cards: m.Cards, partials: dict[str, _Partial], src: _Partial,
                   cond: m.SelfModified) -> bool:
    """700.9: a counter on it, an Equipment attached to it, or an Aura its controller controls."""
    return modified(src, partials.values())


def modified(p: "_Partial", partials: Any) -> bool:
    """700.9: whether the permanent `p` is modified, among the permanents `partials`."""
    if any(n > 0 for n in p.obj.counters.values()):
        return True
    return any(a.obj.attached_to == p.obj.id and ("Equipment" in a.subtypes or (
        "Aura" in a.subtypes and a.obj.controller == p.obj.controller)) for a in partials)


STATIC_CONDITIONS.add(m.SelfModified, _self_modified)
STATIC_CONDITIONS.add(m.CardsInYourZone, _cards_in_zone)
STATIC_CONDITIONS.add(m.SelfUntapped, lambda state, cards, partials, src, cond: not src.obj.tapped)
STATIC_CONDITIONS.add(m.SelfHasCounters, lambda state, cards, partials, src, cond:
                      src.obj.counters.get(cond.counter, 0) >= cond.at_least)
STATIC_CONDITIONS.add(m.SelfHasNoCounters, lambda state, cards, partials, src, cond:
                      not src.obj.counters.get(cond.counter, 0))


def graveyard_card_types(state: GameState, cards: m.Cards, player: str) -> int:
    """How many card types there are among the cards in `player`'s graveyard (205.2a; delirium):
    a card of two types counts both, each type once."""
    return len({t for oid in state.players[player].graveyard for t in cards.get(state.objects[oid].card).types})


STATIC_CONDITIONS.add(m.CardTypesInGraveyardAtLeast, lambda state, cards, partials, src, cond:
                      graveyard_card_types(state, cards, src.obj.controller) >= cond.at_least)



def _enchanted_is_basic(state: GameState, cards: m.Cards, partials: dict[str, _Partial], src: _Partial,
                        cond: m.EnchantedIsBasicLandType) -> bool:
    """"As long as enchanted land is a basic Mountain" (611.3a): the permanent the Aura is attached
    to, its land types as layer 4 left them (305.7), with the Basic supertype (205.4)."""
    p = partials.get(src.obj.attached_to or "")
    return p is not None and "Basic" in p.card.supertypes and cond.land_type in p.subtypes


STATIC_CONDITIONS.add(m.EnchantedIsBasicLandType, _enchanted_is_basic)


# What a static "+N/+N for each ..." counts (613.4c), on the objects as they are after layer 4:
# (state, every permanent, the source, the quantity) -> the count. A kind not here is refused at
# load (rules/support.py reads this table).
LayerCount = Callable[[GameState, dict[str, _Partial], _Partial, Any], int]
LAYER_COUNTS: Registry[LayerCount] = Registry("counts of static abilities")


def _domain(state: GameState, partials: dict[str, _Partial], src: _Partial, q: m.BasicLandTypesAmong) -> int:
    """Domain: the basic land types among lands the source's controller controls (305.6), their
    land types as layer 4 left them (Blood Moon's Mountains)."""
    found = {t for p in partials.values() if "Land" in p.types and p.obj.controller == src.obj.controller
             for t in p.subtypes if t in LAND_TYPES}
    return len(found)


LAYER_COUNTS.add(m.BasicLandTypesAmong, _domain)


def _count_of(state: GameState, partials: dict[str, _Partial], src: _Partial, q: m.CountOf) -> int:
    """"the number of lands you control" / "... Swamps on the battlefield": the permanents that
    fit, their types as layer 4 left them (`other`: not the source)."""
    return sum(1 for oid, p in partials.items() if p.fits(q.what, src) and not (q.other and oid == src.obj.id))


LAYER_COUNTS.add(m.CountOf, _count_of)


def _counters_on_source(state: GameState, partials: dict[str, _Partial], src: _Partial,
                        q: m.CountersOnSource) -> int:
    """"for each +1/+1 counter on this creature" / "... scream counter on this Aura" (122.1)."""
    return max(0, src.obj.counters.get(q.counter, 0))


LAYER_COUNTS.add(m.CountersOnSource, _counters_on_source)


def _devotion(state: GameState, partials: dict[str, _Partial], src: _Partial, q: m.Devotion) -> int:
    """"your devotion to green" (700.5; Renata's power, a CDA of layer 7a): each {G} in the mana
    costs of permanents the source's controller controls, a hybrid symbol once (700.5a); a
    token has no mana cost."""
    total = 0
    for p in partials.values():
        cost = p.card.mana_cost
        if p.obj.controller != src.obj.controller or cost is None:
            continue
        total += sum(1 for s in cost.symbols if s == q.color) + sum(1 for h in cost.hybrid if q.color in h.split("/"))
    return total


LAYER_COUNTS.add(m.Devotion, _devotion)


def layer_statics() -> set[type]:
    """Every static ability kind the layers apply: read from the tables the layers dispatch
    through (`LAYER_4`, `LAYER_6`, `LAYER_7C`), so the load-time check (rules/support.py) accepts
    exactly the kinds that run; and keywords (702), present as abilities (granted ones are
    layer 6) and read by name where the rules need them. The others are in the rules
    (`rules.priority.STATICS_READ`)."""
    return set(LAYER_4) | set(LAYER_6) | set(LAYER_7A) | set(LAYER_7C) | {m.Keyword, m.Keywords}


def _plus(a: tuple[int, int], b: tuple[int, int]) -> tuple[int, int]:
    return a[0] + b[0], a[1] + b[1]


def _linked_cards(state: GameState, cards: m.Cards, linked: m.Selector, src: _Partial) -> list[m.CardDefinition]:
    """The cards `linked` describes for `src` ("land cards exiled with <src>", 607), by timestamp."""
    out = []
    for o in sorted(_exiled(state), key=lambda o: o.timestamp):
        card = cards.get(o.card)
        if linked.matches(zone=o.zone, types=card.types, subtypes=card.subtypes, supertypes=card.supertypes,
                          controller=o.owner, you=src.obj.controller, related=o.exiled_with == src.obj.id):
            out.append(card)
    return out


def _exists(e: _TypeEffect, partials: dict[str, _Partial]) -> bool:
    """The effect's source still has the ability that generates it; an effect locked in on an
    object exists whatever its source does (611.2c)."""
    if e.locked_in:
        return True
    p = partials.get(e.source)
    return p is not None and not p.lost_text


def _applies_to(e: _TypeEffect, partials: dict[str, _Partial]) -> list[str]:
    if e.locked_in:
        return [e.effect.object_id] if e.effect.object_id in partials else []
    src = partials[e.source]
    return [oid for oid, p in partials.items() if p.fits(e.effect.affected, src)]


def _apply_4(e: _TypeEffect, p: _Partial) -> None:
    if e.locked_in:
        if e.effect.land_type:      # 305.7: its land type set (Mystic Compass)
            _apply_type(p, m.SetLandType(m.Selector(types=("Land",)), e.effect.land_type))
        _add_types(p, e.effect)
    else:
        LAYER_4[type(e.effect)](p, e.effect)


def _add_types(p: _Partial, c: ContinuousEffect) -> None:
    """The layer-4 part of an "until end of turn" effect: card types and subtypes added, none
    removed ("becomes a 3/3 Elemental creature ... It's still a land.", 205.1b)."""
    p.types = p.types + tuple(t for t in c.types if t not in p.types)
    p.subtypes = p.subtypes + tuple(t for t in c.subtypes if t not in p.subtypes)
    if c.all_creature_types:     # 205.3m: every creature type, in the list's order
        p.subtypes = p.subtypes + tuple(t for t in CREATURE_TYPES if t not in p.subtypes)


def _apply_type(p: _Partial, eff: m.SetLandType) -> None:
    """305.7: "<lands> are <type>" / "... is a <type> in addition to its other types"."""
    if eff.additional:
        if eff.subtype not in p.subtypes:
            p.subtypes = p.subtypes + (eff.subtype,)
    else:
        # 305.7: the new land type replaces all old land types and the rules-text abilities are
        # lost; every other subtype stays (Dryad Arbor under Blood Moon: "Mountain Dryad").
        others = tuple(s for s in p.subtypes if s not in ALL_LAND_TYPES)
        p.subtypes = (eff.subtype,) + others
        p.lost_text = True


# Layer 4 (613.1d), by static effect type: (a permanent part-way through the layers, the effect)
# -> its types changed. Applied in dependency, then timestamp order (613.8, 613.7).
LAYER_4: Registry[Callable[[Any, Any], None]] = Registry("layer 4")
LAYER_4.add(m.SetLandType, _apply_type)


def _apply_every_basic_type(p: _Partial, eff: m.AddEveryBasicLandType) -> None:
    """"... are every basic land type in addition to their other types." (Prismatic Omen): the
    five basic land types added, nothing removed (305.6: the lands have their mana abilities)."""
    p.subtypes = p.subtypes + tuple(t for t in LAND_TYPES if t not in p.subtypes)


LAYER_4.add(m.AddEveryBasicLandType, _apply_every_basic_type)


def _apply_types(p: _Partial, eff: m.SetLandTypes) -> None:
    """305.7: "Enchanted land is a Mountain, Forest, and Plains." (Lush Growth): these land types
    replace all its old ones and its rules-text abilities are lost; other subtypes stay."""
    others = tuple(s for s in p.subtypes if s not in ALL_LAND_TYPES)
    p.subtypes = tuple(eff.subtypes) + others
    p.lost_text = True


LAYER_4.add(m.SetLandTypes, _apply_types)


def _add_chosen_creature_type(p: _Partial, eff: m.IsChosenCreatureType) -> None:
    """"This creature is the chosen type in addition to its other types." (Metallic Mimic)."""
    if eff.subtype and eff.subtype not in p.subtypes:
        p.subtypes = p.subtypes + (eff.subtype,)


LAYER_4.add(m.IsChosenCreatureType, _add_chosen_creature_type)




def _depends(a: _TypeEffect, b: _TypeEffect, partials: dict[str, _Partial]) -> bool:
    """613.8a: applying `b` would change whether `a` exists or what it applies to."""
    if not _exists(b, partials):
        return False
    trial = {oid: _Partial(p.card, p.obj, p.types, p.subtypes, p.lost_text, turn=p.turn) for oid, p in partials.items()}
    for oid in _applies_to(b, trial):
        _apply_4(b, trial[oid])
    return (_exists(a, partials) != _exists(a, trial)
            or set(_applies_to(a, partials)) != set(_applies_to(a, trial)))


_compiled.close()
