"""Immutable game state and `evolve`, the pure fold over events.

`evolve(state, envelope)` applies what an event says happened and nothing
else: it never consults the rules, so an old log replays the same way even
after rules code changes. What a permanent *is* right now (types, abilities,
power) is not stored here; `characteristics` derives it.

Objects follow 400.7: a card that changes zones becomes a new object with a
new id. The old object's record stays in `objects` (with `zone` "moved" and
`moved_to` naming the new object), which is exactly the last known information that
"dies" triggers and an explorer that left the battlefield need. From state version 2
(`STATE_VERSION`, what new games follow) those records are let go of as a turn begins once
nothing in the state can name them any more (`_prune`), so a long game's state does not
keep every object a card ever was; games stored before keep them all (version 1).
"""
from __future__ import annotations

import dataclasses
import sys
from dataclasses import dataclass, field
from typing import Any, Callable, Hashable, Iterable, Iterator

from pyrsistent import PMap, PSet, PVector, pmap, pset, pvector

from simulator.base import generated
from simulator.game import events as ev
from simulator.base.abilityid import AbilityId
from simulator.base.bulk import bulk_allocation
from simulator.base.records import made
from simulator.base.registry import Registry

from simulator.base.steps import STEPS  # noqa: F401  (the steps of a turn, 500.1: `step` is one of them)

# Fields added after the first stored games: written into the canonical dict (and the state
# digest) only when they differ from their default, so the digests recorded for old games,
# which never set them, stay the same; a snapshot without them restores to the default.
ADDED_LATER = {"added_later": True}
ADDED = "added_later"   # the metadata key of ADDED_LATER

# The state version new games follow (`GameCreated.state_version`, `GameState.state_version`):
# 1 keeps the record of every object a card ever was (400.7) for the whole game; 2 lets go of
# the records of objects that left the game for good once nothing can name them (`_prune`),
# and keeps the next free object ids in the state (`GameState.next_ids`), which can no longer
# be worked out from the objects; 3 also puts the facts of the turn (`this_turn`, `turn_counts`)
# in the state digest, so a snapshot that restores other facts fails `verify` (the digests of
# the games of versions 1 and 2 leave them out, as they were recorded); 4 also puts the spells
# cast this turn (`TurnCounts.spells`) in it (version 3 games leave them out, as they were recorded).
STATE_VERSION = 4


_compiled = generated.compiling(__name__)   # dataclasses' methods, compiled once (start-up)


@dataclass(frozen=True)
class GameObject:
    """A card or token in a zone (109). `control_since` is the turn number in
    which its controller gained control (302.6); -1: before the game's start."""

    id: str
    card: str
    owner: str
    zone: str
    controller: str
    tapped: bool = False
    counters: PMap[str, int] = pmap()
    control_since: int = -1
    timestamp: int = 0
    attached_to: str | None = None
    exiled_with: str | None = None
    is_token: bool = False
    x: int = 0
    moved_to: str | None = None        # the new object it became (400.7)
    chosen_color: str | None = field(default=None, metadata=ADDED_LATER)   # "As ... enters, choose a color"
    # "As ... enters, choose a creature type" (614.12, 205.3m)
    chosen_creature_type: str | None = field(default=None, metadata=ADDED_LATER)
    # "As ... enters, choose a basic land type" (614.12, 205.3i)
    chosen_land_type: str | None = field(default=None, metadata=ADDED_LATER)
    # the id the recorded game gave the card; kept when it moves (added after v0.1)
    handle: str | None = field(default=None, metadata=ADDED_LATER)
    # "doesn't untap during your next untap step": the player whose next untap step it skips (502.3)
    skips_untap_of: str | None = field(default=None, metadata=ADDED_LATER)
    # "During your next untap step, ..., return this land to its owner's hand": whose step (502.3)
    returns_in_untap_of: str | None = field(default=None, metadata=ADDED_LATER)
    # abilities limited each turn (602.5b) activated this turn: "<turn>|<activation key>", one per activation
    activations: tuple[str, ...] | None = field(default=None, metadata=ADDED_LATER)
    damage: int = field(default=0, metadata=ADDED_LATER)             # marked damage (120.3e, 704.5g)
    deathtouched: bool = field(default=False, metadata=ADDED_LATER)   # dealt damage by deathtouch (704.5h)
    regeneration: int = field(default=0, metadata=ADDED_LATER)       # regeneration shields this turn (701.19a)
    prevention: int = field(default=0, metadata=ADDED_LATER)         # damage prevented this turn (615.7)
    # a permanent that was a kicked spell: how many times (702.33d: "When ... enters, if it was kicked")
    kicked: int = field(default=0, metadata=ADDED_LATER)


@dataclass(frozen=True)
class ManaUnit:
    """Mana in a pool with what it knows (106.4, 106.6): `amount` mana of `type` from `source`
    (an object id; None when unknown: mana of a game stored before units), spendable as
    `restriction` allows (None: any way; else the JSON of a `cards.model` restriction, with
    its `text`)."""

    type: str
    amount: int
    source: str | None = None
    restriction: Any = None


@dataclass(frozen=True)
class Player:
    """A player: life, mana pool (106.4), zones and what this turn allowed (305.2, 302.6)."""

    name: str
    life: int = 20
    pool: PMap[str, int] = pmap()                # mana type letter -> amount (106.4)
    library: PVector[str] = pvector()       # top first
    hand: PVector[str] = pvector()
    graveyard: PVector[str] = pvector()     # oldest first
    exile: PVector[str] = pvector()
    lands_played: int = 0
    land_plays: int = 1                # 305.2
    last_turn: int = 0                 # turn number their most recent turn began (302.6)
    drew_from_empty: bool = False      # 704.5b
    lost: bool = False
    # the pool in units (106.4); `pool` keeps the totals by type. Mana of a game stored before
    # units has none: what `pool` holds beyond the units is unrestricted, of unknown source.
    mana_units: tuple[ManaUnit, ...] = field(default=(), metadata=ADDED_LATER)
    prevention: int = field(default=0, metadata=ADDED_LATER)   # the next damage prevented this turn (615.7)
    energy: int = field(default=0, metadata=ADDED_LATER)       # energy counters (107.14, 122.1)
    poison: int = field(default=0, metadata=ADDED_LATER)       # poison counters (122.1f; 704.5c)


@dataclass(frozen=True)
class StackItem:
    """An object on the stack (405): a spell (its card object) or an ability."""

    id: str
    kind: str                          # spell | ability
    source: str
    source_card: str
    controller: str
    text: str
    targets: tuple[str, ...] = ()
    x: int = 0
    ability: AbilityId | None = None   # abilities: which one (None for a spell)
    ability_kind: str = ""             # activated | triggered
    data: PMap[str, Any] = pmap()
    cause: int = 0                     # seq of the event that put it on the stack
    # a spell: the colored mana spent to cast it ("WWG"), when its card counts it (Converge, Adamant; 601.2h)
    colors_spent: str = field(default="", metadata=ADDED_LATER)
    kicked: int = field(default=0, metadata=ADDED_LATER)    # a spell: how many times it was kicked (702.33)
    # a spell: mana spent to cast it said "that spell can't be countered" (Cavern of Souls, 101.2)
    uncounterable: bool = field(default=False, metadata=ADDED_LATER)


@dataclass(frozen=True)
class PTChange:
    """A power/toughness change from a resolved ability, locked in on one object (611.2a),
    until end of turn (514.2)."""

    object_id: str
    power: int
    toughness: int
    source: str
    timestamp: int


@dataclass(frozen=True)
class ContinuousEffect:
    """An "until end of turn" effect on one object (611.2a/c: locked in on it; ended in the
    cleanup step, 514.2), with its own timestamp (613.7a), in each layer it names (613.1,
    613.6: one effect, applied in every layer it has a part in, with the same timestamp):

    * layer 4 (613.1d): `types` / `subtypes` added ("It's still a land.": nothing removed);
    * layer 5 (613.1e): `colors` set (None: unchanged; () would make it colorless);
    * layer 6 (613.1f): `keywords` added ("Haste") and `abilities` added (`AbilityId`s whose
      definition `layers.ability_definition` finds: quoted abilities an effect grants);
    * layer 7b (613.4b): base `power` / `toughness` set (None: unchanged).

    An effect on a spell follows it to the permanent it becomes (400.7a)."""

    object_id: str
    source: str                        # the object whose spell, ability or mana made it
    source_card: str
    timestamp: int
    types: tuple[str, ...] = ()
    subtypes: tuple[str, ...] = ()
    colors: tuple[str, ...] | None = None
    keywords: tuple[str, ...] = ()
    abilities: tuple[AbilityId, ...] = ()
    power: int | None = None
    toughness: int | None = None
    # False: an effect with no end ("it gains haste.": until the object leaves, 400.7)
    until_end_of_turn: bool = field(default=True, metadata=ADDED_LATER)
    # layer 4: its land type set to this basic land type (305.7), "becomes the basic land type
    # of your choice until end of turn" (Mystic Compass)
    land_type: str | None = field(default=None, metadata=ADDED_LATER)
    # layer 4: every creature type added too (205.3m: "with all creature types")
    all_creature_types: bool = field(default=False, metadata=ADDED_LATER)


@dataclass(frozen=True)
class TurnFacts:
    """What happened this turn that card text asks about afterwards, folded from this turn's
    events and dropped as the next turn begins: the players who lost life (119.3; paying life
    is losing it, 119.4), the objects that left the battlefield (their old ids: the records
    kept as last known information, 400.7, name card, owner and controller) and, of those,
    the ones put into a graveyard (700.4: "dies" for a creature) and the ones an until end of
    turn effect had made a creature as they left (603.10a: what they were then; the printed
    card says the rest). Derived from the log like the rest of the state, but left out of the
    digest (`codec.dict_digest`): games stored before it keep their digests."""

    lost_life: tuple[str, ...] = ()
    left_battlefield: tuple[str, ...] = ()
    to_graveyard: tuple[str, ...] = ()
    animated: tuple[str, ...] = ()


@dataclass(frozen=True)
class TurnCounts:
    """How much happened this turn, for amounts card text counts ("for each card you've drawn this
    turn", "the amount of life you gained this turn"): dropped as the next turn begins, left out
    of the digest before state version 3 like `TurnFacts`, and apart from it because the layers never read it (a draw
    a turn must not make every permanent's characteristics be computed again)."""

    drew: tuple[str, ...] = ()          # the player of each card drawn (121.1), one entry a card
    gained_life: tuple[str, ...] = ()   # "player|amount" of each life gain (119.3)
    # "player|spell id|zone cast from|card" of each spell cast this turn (601.2, 601.2i), in the
    # order cast: "if you cast it from your hand", "if you've cast two or more spells this turn",
    # "for each other spell cast this turn", "your first spell each turn" (cards/model_casting.py)
    spells: tuple[str, ...] | None = field(default=None, metadata=ADDED_LATER)
    # "player|kind|types|cast|source card" of each effect on casting for the rest of the turn (611.2a, 601.3;
    # `events.CastingEffectCreated`): "flash" (the card types allowed, "" every spell),
    # "next_uncounterable", "one_more" (the spells the player had cast then)
    effects: tuple[str, ...] | None = field(default=None, metadata=ADDED_LATER)


@dataclass(frozen=True)
class WaitingTrigger:
    """A triggered ability that triggered and waits to be put on the stack (603.3)."""

    id: str
    source: str
    source_card: str
    controller: str
    ability: AbilityId
    text: str
    data: PMap[str, Any]
    seq: int                           # its AbilityTriggered event
    timestamp: int                     # of its source, for ordering options


@dataclass(frozen=True)
class DelayedTrigger:
    """A delayed triggered ability waiting for its event (603.7a): created in `turn`; it
    triggers once (603.7b), then is gone."""

    id: str
    ability: AbilityId
    controller: str
    source: str
    source_card: str
    text: str
    turn: int
    amount: int = field(default=0, metadata=ADDED_LATER)   # "that spell's mana value" (Mana Drain, 603.7c)


@dataclass(frozen=True)
class GameState:
    """The whole game at one point of its log: players, objects, stack, turn, step and
    priority."""

    game_id: str = ""
    title: str = ""
    version: int = 0                   # seq of the last event folded in
    order: tuple[str, ...] = ()                  # player names, turn order
    players: PMap[str, Player] = pmap()
    objects: PMap[str, GameObject] = pmap()
    battlefield: PVector[str] = pvector()   # object ids, in the order they entered
    stack: PVector[StackItem] = pvector()         # StackItem, bottom first
    waiting: PVector[WaitingTrigger] = pvector()       # WaitingTrigger
    turn: int = 1
    active: str = ""
    step: str = "main1"
    priority: str | None = None
    passed: tuple[str, ...] = ()                 # players who passed in succession (117.4)
    pending: PMap[str, Any] | None = None        # the ChoiceRequested payload, while a choice is open
    next_timestamp: int = 1
    game_over: bool = False
    winner: str | None = None
    seed: int = 0
    pt_changes: PVector[PTChange] = field(default=pvector(), metadata=ADDED_LATER)   # PTChange, until end of turn
    # the other "until end of turn" effects (types, colors, abilities, base P/T), oldest first
    continuous_effects: PVector[ContinuousEffect] = field(default=pvector(), metadata=ADDED_LATER)
    # what happened this turn that card text asks about (None: nothing yet this turn)
    this_turn: TurnFacts | None = field(default=None, metadata=ADDED_LATER)
    # how much was drawn and gained this turn (None: nothing yet this turn)
    turn_counts: TurnCounts | None = field(default=None, metadata=ADDED_LATER)
    state_version: int = field(default=1, metadata=ADDED_LATER)   # see STATE_VERSION
    # delayed triggered abilities not triggered yet (603.7), oldest first
    delayed: PVector[DelayedTrigger] = field(default=pvector(), metadata=ADDED_LATER)
    # version 2: `<stem>` -> the smallest n >= 1 that no object `<stem>-<n>` ever had
    # (`free_object_id`); None in version 1, where the objects themselves say it
    next_ids: PMap[str, int] | None = field(default=None, metadata=ADDED_LATER)
    _cache: dict[Hashable, Any] = field(default_factory=dict, init=False, compare=False, repr=False)
    # Indexes evolve keeps up to date once built (see `free_object_id`, `live_tokens`); not
    # part of the state's value, its digest or its snapshot (None: not built yet).
    _free_ids: PMap[str, Any] | None = field(default=None, init=False, compare=False, repr=False)
    _tokens: PSet[str] | None = field(default=None, init=False, compare=False, repr=False)
    # version 2: the ids of the records without a handle of objects that left the game for good
    # (moved on, ceased to exist, left with their owner) not let go of yet (`_prune`), a few a
    # turn (a tuple: cheaper to extend than a set); None: not built yet
    _dead: tuple[str, ...] | None = field(default=None, init=False, compare=False, repr=False)
    # The objects changed since some earlier state (see `changed_since`): None until asked for.
    _changes: tuple[Any, ...] | None = field(default=None, init=False, compare=False, repr=False)

    # ---------------------------------------------------------------- queries
    def player(self, name: str) -> Player:
        return self.players[name]

    def obj(self, object_id: str) -> GameObject:
        return self.objects[object_id]

    def on_battlefield(self, object_id: str | None) -> bool:
        return object_id is not None and object_id in self.objects and \
            self.objects[object_id].zone == "battlefield"

    def current_id(self, ref: str) -> str:
        """The object a reference names now. A handle (an id the recorded game gave a card)
        follows the card from zone to zone (each move makes a new object, 400.7); any other
        id names its one object; anything else is returned unchanged."""
        o = self.objects.get(ref)
        if o is None or o.handle != ref:
            return ref
        while o.moved_to is not None and o.moved_to in self.objects:
            o = self.objects[o.moved_to]
        return o.id

    def loss_rule(self, name: str) -> str | None:
        """The state-based action a player lost by, as the state shows it: 704.5a (life 0 or
        less) is checked before 704.5b (drew from an empty library), as the rules engine does."""
        p = self.players[name]
        if not p.lost:
            return None
        if p.life <= 0:
            return "704.5a"
        if p.drew_from_empty:
            return "704.5b"
        if p.poison >= 10:
            return "704.5c"
        return None

    def opponents(self, name: str) -> list[str]:
        return [p for p in self.order if p != name]

    def apnap(self) -> list[str]:
        """Players in APNAP order (101.4): active first, then turn order."""
        i = self.order.index(self.active)
        return list(self.order[i:] + self.order[:i])

    def top_of_stack(self) -> StackItem | None:
        return self.stack[-1] if self.stack else None

    def stack_item(self, stack_id: str) -> StackItem | None:
        for item in self.stack:
            if item.id == stack_id:
                return item
        return None


# --------------------------------------------------------------------------- evolve

_FIELDS: dict[type, frozenset[str]] = {}


def pool_units(p: Player) -> list[ManaUnit]:
    """The player's pool as units: `mana_units`, and as unrestricted units of unknown source
    what the totals hold beyond them (mana of a game stored before units)."""
    units = list(p.mana_units)
    for t, n in p.pool.items():
        extra = n - sum(u.amount for u in units if u.type == t)
        if extra > 0:
            units.append(ManaUnit(t, extra, None, None))
    return units


def _replace(obj: Any, **changes: Any) -> Any:
    """`dataclasses.replace` for the state's records, as one dict copy: they are frozen
    dataclasses without `__post_init__`, so the copy is the same record `replace` would
    build (a GameState gets a fresh, empty `_cache`), at a fraction of the cost (evolve
    makes a few of these per event). An unknown field is still a TypeError."""
    attrs = obj.__dict__
    if _DRAFT in attrs:   # a fold's private GameState (see `project`): changed in place
        if not _STATE_FIELDS.issuperset(changes):
            raise TypeError(f"GameState has no field(s) {sorted(set(changes) - _STATE_FIELDS)}")
        attrs.update(changes)
        if attrs["_cache"]:
            attrs["_cache"] = {}
        return obj
    cls = type(obj)
    names = _FIELDS.get(cls)
    if names is None:
        names = _FIELDS[cls] = frozenset(f.name for f in dataclasses.fields(cls) if f.init)
    if not names.issuperset(changes):
        raise TypeError(f"{cls.__name__} has no field(s) {sorted(set(changes) - names)}")
    new = object.__new__(cls)
    attrs = new.__dict__
    attrs.update(obj.__dict__)
    attrs.update(changes)
    if "_cache" in attrs:
        attrs["_cache"] = {}
    return new


def _with_player(state: GameState, name: str, **changes: Any) -> GameState:
    return _replace(state, players=state.players.set(name, _replace(state.players[name], **changes)))


def _units_added(units: tuple[ManaUnit, ...], mana: dict[str, Any], source: str | None,
                 restriction: Any) -> tuple[ManaUnit, ...]:
    """106.4: the units after `mana` is added: one unit per type, joined to a unit of the same
    type, source and restriction already there. The types in the order of their names: the
    order a stored event's mana comes back in (canonical JSON sorts keys), so that the live
    state and the fold of the log agree when one addition makes several new units.

    Mana added to a pool without units (the common case: a pool is emptied at every step) is
    made once per content (`_POOLS`: units are immutable, shared by the players that add
    the same mana from the same source)."""
    if not units and restriction is None:
        key = ("units", tuple(mana.items()), source)
        found = _POOLS.get(key)
        if found is None:
            found = _units_added_to((), mana, source, None)
            _remember(key, found)
        return found
    return _units_added_to(units, mana, source, restriction)


def _units_added_to(units: tuple[ManaUnit, ...], mana: dict[str, Any], source: str | None,
                    restriction: Any) -> tuple[ManaUnit, ...]:
    out = list(units)
    for t, n in sorted(mana.items()):
        if not n:
            continue
        i = next((i for i, u in enumerate(out) if (u.type, u.source, u.restriction) == (t, source, restriction)), None)
        if i is None:
            out.append(ManaUnit(t, int(n), source, restriction))
        else:
            out[i] = _replace(out[i], amount=out[i].amount + int(n))
    return tuple(out)


def _units_removed(units: tuple[ManaUnit, ...], mana: dict[str, Any], named: Any = None) -> tuple[ManaUnit, ...]:
    """The units after `mana` left the pool: first the units `named` (type, source,
    restriction, amount), then per type the rest from unrestricted units, oldest first, then
    from restricted ones (mana beyond the units is mana of unknown source: nothing to remove)."""
    out = list(units)

    def take(match: Any, t: str, n: int) -> int:
        for i, u in enumerate(out):
            if n and u.type == t and match(u):
                k = min(n, u.amount)
                out[i] = _replace(u, amount=u.amount - k)
                n -= k
        return n

    left = {t: int(n) for t, n in mana.items()}
    for spec in named or ():
        t, n = spec["type"], int(spec["amount"])
        key = (spec.get("source"), spec.get("restriction"))
        rest = take(lambda u, key=key: (u.source, u.restriction) == key, t, n)
        left[t] = left.get(t, 0) - (n - rest)
    for t, n in left.items():
        n = take(lambda u: u.restriction is None, t, n)
        take(lambda u: True, t, n)
    return tuple(u for u in out if u.amount)


_POOLS: dict[Any, Any] = {}   # content -> the pool (or units) it makes: see `_add_mana`
_POOLS_KEPT = 256


def _remember(key: Any, value: Any) -> None:
    if len(_POOLS) >= _POOLS_KEPT:   # (a few mana contents repeat all game long: bounded)
        _POOLS.clear()
    _POOLS[key] = value


def _add_mana(pool: PMap[str, Any], mana: dict[str, Any], sign: int = 1) -> PMap[str, Any]:
    """The pool after `mana` is added (`sign` -1: taken away). Mana added to an empty pool is
    made once per content and shared (`_POOLS`: maps are immutable), and mana taking away
    all of a pool leaves the empty map: the same maps as one `set` or `discard` a type
    made (the order a map lists its keys in is its keys' hashes', which change from run to run:
    nothing reads it)."""
    if not pool:
        if sign == 1:
            key = ("pool", tuple(mana.items()), tuple(map(type, mana.values())))   # (2.0 is not 2)
            found = _POOLS.get(key)
            if found is None:
                found = _add_mana_to(pool, mana, 1)
                _remember(key, found)
            return found
    elif sign == -1 and len(mana) == len(pool) and all(pool.get(k) == n for k, n in mana.items()):
        return _NO_MANA
    return _add_mana_to(pool, mana, sign)


_NO_MANA: PMap[str, Any] = pmap()


def _add_mana_to(pool: PMap[str, Any], mana: dict[str, Any], sign: int) -> PMap[str, Any]:
    for k, n in mana.items():
        v = pool.get(k, 0) + sign * n
        pool = pool.set(k, v) if v else pool.discard(k)
    return pool


def _remove_from_zone(state: GameState, o: GameObject) -> GameState:
    if o.zone == "battlefield":
        return _replace(state, battlefield=state.battlefield.remove(o.id))
    if o.zone == "stack":
        return _replace(state, stack=pvector(i for i in state.stack if i.id != o.id))
    if o.zone in ("library", "hand", "graveyard", "exile"):
        p = state.players[o.owner]
        zone = getattr(p, o.zone)
        if o.id in zone:
            return _with_player(state, o.owner, **{o.zone: zone.remove(o.id)})
    return state


_PLAYER_ZONES = frozenset(("library", "hand", "graveyard", "exile"))


def _shared(text: str) -> str:
    """One string object for each card name, player and zone an object record holds: an event's
    payload decodes a string of its own each time, and a long game's records would otherwise
    hold thousands of copies of the same few names (4 MiB of 18,000 objects at a million events
    folded from the first: issue 25, goal 3; a restored snapshot shares them already)."""
    return sys.intern(text) if type(text) is str else text


def _put_in_zone(state: GameState, o: GameObject, top: bool = False) -> GameState:
    """A new object `o` in its zone: one copy of the state (and of its owner's record when the
    zone is theirs)."""
    changes: dict[str, Any] = {"objects": state.objects.set(o.id, o)}
    zone = o.zone
    if zone == "battlefield":
        changes["battlefield"] = state.battlefield.append(o.id)
    elif zone in _PLAYER_ZONES:
        p = state.players[o.owner]
        cards = getattr(p, zone)
        cards = pvector([o.id]) + cards if (top and zone == "library") else cards.append(o.id)
        changes["players"] = state.players.set(o.owner, _replace(p, **{zone: cards}))
    state = _replace(state, **changes)
    _index_new_object(state, o)
    _touch(state, o.id)
    return state


def _stamp(state: GameState) -> tuple[int, GameState]:
    return state.next_timestamp, _replace(state, next_timestamp=state.next_timestamp + 1)


def _move(state: GameState, old_id: str, new_id: str, to_zone: str, **attrs: Any) -> GameState:
    """400.7: `old_id` leaves its zone (its record kept as LKI), `new_id` appears, with the next
    timestamp. One copy of the state, of the old object's record and (when a zone of theirs
    changes) of the owner's record: what leaving the zone, the old record, the timestamp and
    the new zone each copied before (the same state, made in one step)."""
    old = state.objects[old_id]
    owner, from_zone = old.owner, old.zone
    changes: dict[str, Any] = {}
    zones: dict[str, Any] = {}   # the owner's zones that change
    if from_zone == "battlefield":
        changes["battlefield"] = state.battlefield.remove(old_id)
    elif from_zone == "stack":
        changes["stack"] = pvector(i for i in state.stack if i.id != old_id)
    elif from_zone in _PLAYER_ZONES:
        cards = getattr(state.players[owner], from_zone)
        if old_id in cards:
            zones[from_zone] = cards.remove(old_id)
    ts = state.next_timestamp
    controller = attrs.get("controller")
    new = made(GameObject, dict(
        attrs, id=new_id, card=old.card, owner=owner, zone=_shared(to_zone),
        controller=owner if not controller else _shared(controller),
        timestamp=ts, control_since=state.turn, is_token=old.is_token, handle=old.handle))
    objects = state.objects.set(old_id, _replace(old, zone="moved", moved_to=new_id)).set(new_id, new)
    if to_zone == "battlefield":
        changes["battlefield"] = changes.get("battlefield", state.battlefield).append(new_id)
    elif to_zone in _PLAYER_ZONES:
        zones[to_zone] = zones.get(to_zone, getattr(state.players[owner], to_zone)).append(new_id)
    if zones:
        changes["players"] = state.players.set(owner, _replace(state.players[owner], **zones))
    state = _replace(state, objects=objects, next_timestamp=ts + 1, **changes)
    _unindex_token(state, old_id)
    _touch(state, old_id)
    _index_new_object(state, new)
    _touch(state, new_id)
    return state


# --------------------------------------------------------------------------- indexes
# Objects are never removed from `objects` (400.7 keeps the old record), so "the smallest
# free `<stem>-<n>`" only moves up and the live tokens are few: two indexes answer what a
# scan of every object ever created answered, identically. They are built on first use from
# `objects` and then kept up to date by evolve, on the fresh state each handler has just
# made (so no state anyone holds is changed).

def _id_parts(object_id: str) -> tuple[str, int] | None:
    stem, _, n = object_id.rpartition("-")
    if not stem or not n.isdigit() or str(int(n)) != n:
        return None
    return stem, int(n)


def free_object_id(state: GameState, stem: str) -> str:
    """`<stem>-<n>` for the smallest n >= 1 that no object (in any zone, ever) has: what
    probing `stem-1, stem-2, ...` gives, from an index instead. In state version 2 the index is
    the state's own `next_ids` (records are let go of: the objects no longer tell)."""
    kept = state.next_ids
    if kept is not None:
        return f"{stem}-{kept.get(stem, 1)}"
    free = state._free_ids
    if free is None:
        used: dict[str, set[int]] = {}
        for oid in state.objects:
            parts = _id_parts(oid)
            if parts is not None:
                used.setdefault(parts[0], set()).add(parts[1])
        built = {}
        for st, ns in used.items():
            n = 1
            while n in ns:
                n += 1
            built[st] = n
        free = pmap(built)
        object.__setattr__(state, "_free_ids", free)
    return f"{stem}-{free.get(stem, 1)}"


def live_tokens(state: GameState) -> list[GameObject]:
    """Every token that has not moved on (400.7), ceased to exist (111.7) nor left the game with
    its owner (800.4a), in no order."""
    tokens = state._tokens
    if tokens is None:
        tokens = pset(o.id for o in state.objects.values() if o.is_token and o.zone not in ("moved", "gone", "left"))
        object.__setattr__(state, "_tokens", tokens)
    return [state.objects[oid] for oid in tokens]


def _index_new_object(state: GameState, o: GameObject) -> None:
    """Keep the indexes of a freshly made state (from `_replace`) up to date with a new object."""
    attrs = state.__dict__
    kept = attrs.get("next_ids")
    if kept is not None:
        stem, dash, number = o.id.rpartition("-")
        if stem and dash:
            n = kept.get(stem, 1)
            if number == str(n):   # `<stem>-<n>`, the next free one (`_id_parts` of it is (stem, n))
                n += 1
                while f"{stem}-{n}" in state.objects:   # (`_prune` lets go of no id at or above it)
                    n += 1
                attrs["next_ids"] = kept.set(stem, n)
    free = attrs.get("_free_ids")
    if free is not None:
        parts = _id_parts(o.id)
        if parts is not None and free.get(parts[0], 1) == parts[1]:
            stem, n = parts[0], parts[1] + 1
            while f"{stem}-{n}" in state.objects:
                n += 1
            attrs["_free_ids"] = free.set(stem, n)
    if o.is_token and attrs.get("_tokens") is not None:
        attrs["_tokens"] = attrs["_tokens"].add(o.id)


def _unindex_token(state: GameState, object_id: str) -> None:
    """A token's object moved on or ceased to exist: no longer a live token (`state` is
    the fresh state the handler has just made); its record is one of the dead (`_prune`)."""
    attrs = state.__dict__
    tokens = attrs.get("_tokens")
    if tokens is not None and object_id in tokens:
        attrs["_tokens"] = tokens.remove(object_id)
    dead = attrs.get("_dead")
    if dead is not None and state.objects[object_id].handle is None:
        attrs["_dead"] = dead + (object_id,)


# The objects changed from one state to a later one, for what is derived from the objects
# and worth updating rather than recomputing (the characteristics of a large battlefield,
# `layers.all_characteristics`). Once a state is asked (`changed_since`), it holds a mark, and
# every state evolve makes from it a chain of marks back to it: (object id, previous mark,
# depth), one per object record set. The chain is cut every `_CHANGES_DEPTH` marks, so a state
# holds a bounded number of them and a question about a state further back answers None.
_CHANGES_DEPTH = 4096


def _touch(state: GameState, object_id: str) -> None:
    """Mark `object_id` changed on the fresh state a handler has just made (`_replace`)."""
    attrs = state.__dict__
    mark = attrs.get("_changes")
    if mark is not None:
        depth = mark[2] + 1
        attrs["_changes"] = (object_id, mark, depth) if depth < _CHANGES_DEPTH else (object_id, None, 0)


def change_mark(state: GameState) -> tuple[Any, ...]:
    """The state's mark in the chain of changes (made now if it has none): what
    `changed_since` is asked about later."""
    mark = state._changes
    if mark is None:
        mark = (None, None, 0)
        object.__setattr__(state, "_changes", mark)
    return mark


def changed_since(state: GameState, mark: tuple[Any, ...]) -> list[str] | None:
    """The ids of the objects whose records evolve set between the state that had `mark`
    (`change_mark`) and `state`, oldest first (with repeats); None if `state` is not made
    from it by evolve through at most `_CHANGES_DEPTH` records (then: recompute)."""
    node = state._changes
    out: list[str] = []
    while node is not None:
        if node is mark:
            out.reverse()
            return out
        out.append(node[0])
        node = node[1]
    return None


def evolve(state: GameState, env: ev.Envelope) -> GameState:
    """Fold one event into the state. Pure and total: unknown events change only `version`."""
    e = env.event
    handler = _HANDLERS.get(type(e))
    new = state if handler is None else handler(state, e, env)
    changes: dict[str, Any] = {"version": env.seq}
    if _breaks_passes(type(e)):
        changes["passed"] = ()
    if new is state:
        return _replace(state, **changes)
    new.__dict__.update(changes)   # made by the handler in this call: nobody else holds it yet
    return new


_BREAKS: dict[type, bool] = {}


def _breaks_passes(cls: type) -> bool:
    """Any player action (a decision other than passing) breaks a run of passes (117.4):
    answered once per event class."""
    found = _BREAKS.get(cls)
    if found is None:
        found = _BREAKS[cls] = bool(getattr(cls, "decision", False)) and not issubclass(
            cls, (ev.PriorityPassed, ev.GameCreated))
    return found


Handler = Callable[[GameState, Any, ev.Envelope], GameState]
_HANDLERS: Registry[Handler] = Registry("evolve")
_on = _HANDLERS.register


def _unchanged(s: GameState, e: ev.Event, env: ev.Envelope) -> GameState:
    """Events that record what happened without changing the state themselves (the
    change, if any, is its own event: a ManaProduced is followed by its ManaAdded)."""
    return s


for _informational in (ev.AbilityActivated, ev.ManaProduced, ev.ReplacementApplied, ev.CardRevealed,
                       ev.CreatureExplored, ev.CardLookedAt, ev.LibrarySearched, ev.CardsLookedAt,
                       ev.TopCardLookedAt, ev.UntapDeclined, ev.CoinFlipped, ev.DieRolled):
    _HANDLERS.add(_informational, _unchanged)


@_on(ev.GameCreated)
def _game_created(s: GameState, e: ev.GameCreated, env: ev.Envelope) -> GameState:
    players = pmap({n: Player(name=n, life=l, last_turn=(e.turn if n == e.active else 0))
                    for n, l in zip(e.players, e.life)})
    later = {} if e.state_version < 2 else {"state_version": e.state_version, "next_ids": pmap()}
    return _replace(s, title=e.title, order=tuple(e.players), players=players, turn=e.turn,
                    active=e.active, step=e.step, seed=e.seed, **later)


@_on(ev.CardPlaced)
def _card_placed(s: GameState, e: ev.CardPlaced, env: ev.Envelope) -> GameState:
    ts, s = _stamp(s)
    controller = e.controller or e.owner
    since = -1
    if e.sick:
        since = s.turn
    o = made(GameObject, dict(
        id=e.object_id, card=_shared(e.card), owner=_shared(e.owner), zone=_shared(e.zone),
        controller=_shared(controller),
        tapped=e.tapped, counters=pmap(e.counters), control_since=since, timestamp=ts,
        attached_to=e.attached_to, exiled_with=e.exiled_with, is_token=e.is_token,
        handle=e.object_id if e.handle else None,
        **({"chosen_color": e.chosen_color} if e.chosen_color else {}),
        **({"chosen_creature_type": e.chosen_creature_type} if e.chosen_creature_type else {}),
        **({"chosen_land_type": e.chosen_land_type} if e.chosen_land_type else {})))
    return _put_in_zone(s, o)


@_on(ev.TurnBegan)
def _turn_began(s: GameState, e: ev.TurnBegan, env: ev.Envelope) -> GameState:
    s = _replace(s, turn=e.turn, active=e.active, passed=(), priority=None, this_turn=None, turn_counts=None)
    players = s.players
    for name, p in players.items():
        players = players.set(name, _replace(p, lands_played=0, land_plays=e.land_plays,
                                             last_turn=e.turn if name == e.active else p.last_turn))
    s = _replace(s, players=players)
    return _prune(s) if s.state_version >= 2 else s


_DEAD_ZONES = ("moved", "gone", "left")


def _prune(s: GameState) -> GameState:
    """State version 2, as a turn begins (this turn's facts just dropped): let go of the records
    of objects that left the game for good -- moved on (400.7), ceased to exist (111.7, 704.5d)
    or left with their owner (800.4a) -- that nothing in the state can still name: the stack and
    the waiting triggers (their sources, targets and data: last known information, 608.2h,
    603.10), the effects locked in on objects, the pending choice, mana in a pool, an Aura's or
    an Equipment's object, what a card was exiled with (607.2a). A record with a handle (the
    recorded game's id for the card, which follows it) is kept: it names the card for good.
    So is one whose id is not below its stem's next free id (`next_ids`): ids never repeat.
    Deterministic: the same state lets go of the same records, whether the dead were indexed
    along the fold or found by a scan of a restored snapshot's objects."""
    attrs = s.__dict__
    objects = s.objects
    dead = attrs.get("_dead")
    if dead is None:
        dead = tuple(oid for oid, o in objects.items() if o.zone in _DEAD_ZONES and o.handle is None)
    if not dead:
        attrs["_dead"] = ()
        return s
    named = _named_ids(s)
    kept_ids = s.next_ids or pmap()
    gone, kept = [], []
    for oid in dead:
        if oid not in objects:
            continue
        parts = _id_parts(oid)
        if oid in named or (parts is not None and parts[1] >= kept_ids.get(parts[0], 1)):
            kept.append(oid)
        else:
            gone.append(oid)
    if gone:
        if type(objects) is _DraftMap:   # a fold's draft: its own dict
            for oid in gone:
                del objects[oid]
        else:
            changes = objects.evolver()
            for oid in gone:
                changes.remove(oid)
            s = _replace(s, objects=changes.persistent())
    s.__dict__["_dead"] = tuple(kept)
    return s


def _named_ids(s: GameState) -> set[str]:
    """Every string the state holds outside the objects' own records and the zones (which
    name live objects only), and the objects an object on the battlefield, on the stack or in
    exile is attached to or was exiled with: what may name a record `_prune` would let go of."""
    out: set[str] = set()
    for part in (s.stack, s.waiting, s.pending, s.pt_changes, s.continuous_effects, s.this_turn, s.delayed):
        if part:   # (most are empty as a turn begins)
            _strings(part, out)
    objects = s.objects
    for name in s.order:
        p = s.players[name]
        if p.mana_units:
            _strings(p.mana_units, out)
        for oid in p.exile:
            o = objects.get(oid)
            if o is not None and o.exiled_with:
                out.add(o.exiled_with)
    for oid in s.battlefield:
        attached = objects[oid].attached_to
        if attached:
            out.add(attached)
    for item in s.stack:
        o = s.objects.get(item.id)
        if o is not None:
            out.update(x for x in (o.attached_to, o.exiled_with) if x)
    return out


def _strings(value: Any, out: set[str]) -> None:
    """Add every string in `value` (records, maps, sequences, nested) to `out`."""
    if isinstance(value, str):
        out.add(value)
    elif value is None or isinstance(value, (bool, int, float)):
        return
    elif isinstance(value, (PMap, dict)):
        for k, v in value.items():
            _strings(k, out)
            _strings(v, out)
    elif isinstance(value, (PVector, tuple, list, PSet, set, frozenset)):
        for v in value:
            _strings(v, out)
    elif dataclasses.is_dataclass(value):
        for f in dataclasses.fields(value):
            if not f.name.startswith("_"):
                _strings(getattr(value, f.name), out)


@_on(ev.StepBegan)
def _step_began(s: GameState, e: ev.StepBegan, env: ev.Envelope) -> GameState:
    return _replace(s, step=e.step, passed=(), priority=None)


@_on(ev.PriorityReceived)
def _priority_received(s: GameState, e: ev.PriorityReceived, env: ev.Envelope) -> GameState:
    return _replace(s, priority=e.player)


@_on(ev.PriorityPassed)
def _priority_passed(s: GameState, e: ev.PriorityPassed, env: ev.Envelope) -> GameState:
    return _replace(s, passed=s.passed + (e.player,), priority=None)


# Most of a log is these four events (117.3, 117.4, 500.1, 608.3: three in four of a long game's).
# A fold's private state (`_fold_in_place`) takes each as the change of its fields in place
# that `_replace` on that state makes for the handler above, without the two calls; the
# handlers stay what `evolve` runs (the fold and evolve agree: tests/game/test_fold.py).
def _priority_received_in_place(attrs: dict[str, Any], e: ev.PriorityReceived) -> None:
    attrs["priority"] = e.player


def _priority_passed_in_place(attrs: dict[str, Any], e: ev.PriorityPassed) -> None:
    attrs["passed"] = attrs["passed"] + (e.player,)
    attrs["priority"] = None


def _step_began_in_place(attrs: dict[str, Any], e: ev.StepBegan) -> None:
    attrs["step"] = e.step
    attrs["passed"] = ()
    attrs["priority"] = None


def _spell_resolved_in_place(attrs: dict[str, Any], e: ev.SpellResolved) -> None:
    attrs["passed"] = ()


_IN_PLACE: dict[type, Callable[[dict[str, Any], Any], None]] = {
    ev.PriorityReceived: _priority_received_in_place, ev.PriorityPassed: _priority_passed_in_place,
    ev.StepBegan: _step_began_in_place, ev.SpellResolved: _spell_resolved_in_place}


@_on(ev.ManaPoolEmptied)
def _pool_emptied(s: GameState, e: ev.ManaPoolEmptied, env: ev.Envelope) -> GameState:
    p = s.players[e.player]
    pool = _add_mana(p.pool, e.mana, -1)
    units = _units_removed(p.mana_units, e.mana) if pool else ()
    return _with_player(s, e.player, pool=pool, mana_units=units)


@_on(ev.LandPlayed)
def _land_played(s: GameState, e: ev.LandPlayed, env: ev.Envelope) -> GameState:
    p = s.players[e.player]
    return _with_player(s, e.player, lands_played=p.lands_played + 1)


@_on(ev.SpellCast)
def _spell_cast(s: GameState, e: ev.SpellCast, env: ev.Envelope) -> GameState:
    s = _move(s, e.object_id, e.spell_id, "stack", controller=e.player, x=e.x)
    card = s.objects[e.spell_id]
    item = StackItem(id=e.spell_id, kind="spell", source=e.spell_id, source_card=card.card,
                     controller=e.player, text=card.card, targets=tuple(e.targets), x=e.x,
                     cause=env.seq, kicked=e.kicked,
                     data=pmap({"modes": tuple(e.modes)}) if e.modes else pmap())   # 700.2a: read by queries.spell_effects
    counts = s.turn_counts or TurnCounts()
    cast = f"{e.player}|{e.spell_id}|hand|{e.card}"      # 601.2a: a SpellCast moves the card from the hand
    return _replace(s, stack=s.stack.append(item), turn_counts=_replace(counts, spells=(counts.spells or ()) + (cast,)))


@_on(ev.ChoiceRequested)
def _choice_requested(s: GameState, e: ev.ChoiceRequested, env: ev.Envelope) -> GameState:
    return _replace(s, pending=pmap({"player": e.player, "kind": e.kind, "options": e.options,
                                     "prompt": e.prompt, "agenda": e.agenda, "seq": env.seq,
                                     "rule": env.rule}))


@_on(ev.ChoiceMade)
def _choice_made(s: GameState, e: ev.ChoiceMade, env: ev.Envelope) -> GameState:
    return _replace(s, pending=None)


def _set_obj(s: GameState, object_id: str, **changes: Any) -> GameState:
    s = _replace(s, objects=s.objects.set(object_id, _replace(s.objects[object_id], **changes)))
    _touch(s, object_id)
    return s


@_on(ev.PermanentTapped)
def _tapped(s: GameState, e: ev.PermanentTapped, env: ev.Envelope) -> GameState:
    return _set_obj(s, e.object_id, tapped=True)


@_on(ev.ActivationCounted)
def _activation_counted(s: GameState, e: ev.ActivationCounted, env: ev.Envelope) -> GameState:
    """Kept for this turn only: entries of earlier turns are dropped as a new one is added; those of
    turn 0 ("Activate only once.", for good) are kept."""
    # this turn's entries stay, also when the entry added is one of turn 0 (602.5b: "Activate
    # only once." must not forget the "once each turn" count of another ability)
    kept = tuple(a for a in s.objects[e.object_id].activations or ()
                 if a.startswith(f"{s.turn}|") or a.startswith("0|"))
    return _set_obj(s, e.object_id, activations=kept + (f"{e.turn}|{e.ability}",))


@_on(ev.CastingEffectCreated)
def _casting_effect(s: GameState, e: ev.CastingEffectCreated, env: ev.Envelope) -> GameState:
    counts = s.turn_counts or TurnCounts()
    entry = f"{e.player}|{e.kind}|{','.join(e.types)}|{e.cast}|{e.source_card}"
    return _replace(s, turn_counts=_replace(counts, effects=(counts.effects or ()) + (entry,)))


@_on(ev.SpellMadeUncounterable)
def _made_uncounterable(s: GameState, e: ev.SpellMadeUncounterable, env: ev.Envelope) -> GameState:
    item = s.stack_item(e.spell_id)
    if item is None:
        return s
    s = _replace(s, stack=pvector(_replace(i, uncounterable=True) if i.id == e.spell_id else i for i in s.stack))
    counts = s.turn_counts
    if e.next_spell and counts is not None and counts.effects:
        kept = tuple(x for x in counts.effects if not x.startswith(f"{item.controller}|next_uncounterable|"))
        s = _replace(s, turn_counts=_replace(counts, effects=kept or None))
    return s


@_on(ev.UntapSkipScheduled)
def _untap_skip_scheduled(s: GameState, e: ev.UntapSkipScheduled, env: ev.Envelope) -> GameState:
    return _set_obj(s, e.object_id, skips_untap_of=e.player)


@_on(ev.ReturnInUntapScheduled)
def _return_in_untap_scheduled(s: GameState, e: ev.ReturnInUntapScheduled, env: ev.Envelope) -> GameState:
    return _set_obj(s, e.object_id, returns_in_untap_of=e.player)


@_on(ev.UntapSkipped)
def _untap_skipped(s: GameState, e: ev.UntapSkipped, env: ev.Envelope) -> GameState:
    return _set_obj(s, e.object_id, skips_untap_of=None)


@_on(ev.PermanentUntapped)
def _untapped(s: GameState, e: ev.PermanentUntapped, env: ev.Envelope) -> GameState:
    return _set_obj(s, e.object_id, tapped=False)


@_on(ev.ManaSpent)
def _mana_spent(s: GameState, e: ev.ManaSpent, env: ev.Envelope) -> GameState:
    p = s.players[e.player]
    pool = _add_mana(p.pool, e.mana, -1)
    units = _units_removed(p.mana_units, e.mana, e.units) if pool else ()
    s = _with_player(s, e.player, pool=pool, mana_units=units)
    if e.spell:       # the colored mana spent to cast the spell (Converge, Adamant read it; 601.2h)
        colors = "".join(c * int(e.mana.get(c, 0)) for c in "WUBRG")
        # mana whose restriction says "that spell can't be countered" makes it so (101.2)
        never = any((u.get("restriction") or {}).get("uncounterable") for u in e.units or ())
        s = _replace(s, stack=pvector(_replace(i, colors_spent=colors, uncounterable=i.uncounterable or never)
                                      if i.id == e.spell else i for i in s.stack))
    return s


@_on(ev.ManaAdded)
def _mana_added(s: GameState, e: ev.ManaAdded, env: ev.Envelope) -> GameState:
    p = s.players[e.player]
    return _with_player(s, e.player, pool=_add_mana(p.pool, e.mana),
                        mana_units=_units_added(p.mana_units, e.mana, e.source, e.restriction))


def _facts(s: GameState) -> TurnFacts:
    return s.this_turn or TurnFacts()


def _lost_life(s: GameState, player: str, amount: int) -> GameState:
    """119.3: losing 0 life is not losing life."""
    facts = _facts(s)
    if amount <= 0 or player in facts.lost_life:
        return s
    return _replace(s, this_turn=_replace(facts, lost_life=facts.lost_life + (player,)))


def _left_battlefield(s: GameState, e: ev.ZoneChanged) -> GameState:
    facts = _facts(s)
    animated = any(c.object_id == e.object_id and "Creature" in c.types for c in s.continuous_effects)
    return _replace(s, this_turn=_replace(
        facts, left_battlefield=facts.left_battlefield + (e.object_id,),
        to_graveyard=facts.to_graveyard + ((e.object_id,) if e.to_zone == "graveyard" else ()),
        animated=facts.animated + ((e.object_id,) if animated else ())))


@_on(ev.EnergyReceived)
def _energy_received(s: GameState, e: ev.EnergyReceived, env: ev.Envelope) -> GameState:
    return _with_player(s, e.player, energy=s.players[e.player].energy + e.amount)


@_on(ev.PoisonCountersReceived)
def _poison_received(s: GameState, e: ev.PoisonCountersReceived, env: ev.Envelope) -> GameState:
    return _with_player(s, e.player, poison=s.players[e.player].poison + e.amount)


@_on(ev.EnergyPaid)
def _energy_paid(s: GameState, e: ev.EnergyPaid, env: ev.Envelope) -> GameState:
    return _with_player(s, e.player, energy=s.players[e.player].energy - e.amount)


@_on(ev.LifePaid)
def _life_paid(s: GameState, e: ev.LifePaid, env: ev.Envelope) -> GameState:
    return _lost_life(_with_player(s, e.player, life=s.players[e.player].life - e.amount), e.player, e.amount)


@_on(ev.DamageDealt)
def _damage(s: GameState, e: ev.DamageDealt, env: ev.Envelope) -> GameState:
    return _lost_life(_with_player(s, e.player, life=s.players[e.player].life - e.amount), e.player, e.amount)


@_on(ev.DamageDealtToPermanent)
def _damage_to_permanent(s: GameState, e: ev.DamageDealtToPermanent, env: ev.Envelope) -> GameState:
    o = s.objects[e.object_id]
    if not e.marked:    # wither (120.3d): -1/-1 counters instead; deathtouch still counts (704.5h)
        return _set_obj(s, e.object_id, deathtouched=True) if e.deathtouch and not o.deathtouched else s
    return _set_obj(s, e.object_id, damage=o.damage + e.amount, deathtouched=o.deathtouched or e.deathtouch)


@_on(ev.LifeLost)
def _life_lost(s: GameState, e: ev.LifeLost, env: ev.Envelope) -> GameState:
    return _lost_life(_with_player(s, e.player, life=s.players[e.player].life - e.amount), e.player, e.amount)


@_on(ev.DeathtouchChecked)
def _deathtouch_checked(s: GameState, e: ev.DeathtouchChecked, env: ev.Envelope) -> GameState:
    for oid in e.objects:
        s = _set_obj(s, oid, deathtouched=False)
    return s


@_on(ev.DamageRemoved)
def _damage_removed(s: GameState, e: ev.DamageRemoved, env: ev.Envelope) -> GameState:
    for oid in e.objects:
        s = _set_obj(s, oid, damage=0, deathtouched=False)
    return s


@_on(ev.LifeGained)
def _life_gained(s: GameState, e: ev.LifeGained, env: ev.Envelope) -> GameState:
    s = _with_player(s, e.player, life=s.players[e.player].life + e.amount)
    if e.amount <= 0:
        return s
    counts = s.turn_counts or TurnCounts()
    return _replace(s, turn_counts=_replace(counts, gained_life=counts.gained_life + (f"{e.player}|{e.amount}",)))


@_on(ev.AbilityTriggered)
def _triggered(s: GameState, e: ev.AbilityTriggered, env: ev.Envelope) -> GameState:
    if e.delayed is not None:   # 603.7b: a delayed trigger triggers only once
        s = _replace(s, delayed=pvector(d for d in s.delayed if d.id != e.delayed))
    if e.mana_ability:          # 605.4a: resolves at once, never waits
        return s
    src = s.objects.get(e.source)
    w = WaitingTrigger(id=e.trigger_id, source=e.source, source_card=e.source_card,
                       controller=e.controller, ability=e.ability, text=e.text,
                       data=pmap(e.trigger_data()), seq=env.seq, timestamp=src.timestamp if src else 0)
    return _replace(s, waiting=s.waiting.append(w))


_HANDLERS.add(ev.DamagePreventedByAbility, _unchanged)   # pool-dmgtrig: the shield-less prevention records only


@_on(ev.DelayedTriggerCreated)
def _delayed_created(s: GameState, e: ev.DelayedTriggerCreated, env: ev.Envelope) -> GameState:
    d = DelayedTrigger(id=e.delayed_id, ability=e.ability, controller=e.controller, source=e.source,
                       source_card=e.source_card, text=e.text, turn=s.turn, amount=e.amount)
    return _replace(s, delayed=s.delayed.append(d))


@_on(ev.AbilityPutOnStack)
def _put_on_stack(s: GameState, e: ev.AbilityPutOnStack, env: ev.Envelope) -> GameState:
    item = StackItem(id=e.stack_id, kind="ability", source=e.source, source_card=e.source_card,
                     controller=e.controller, text=e.text, targets=tuple(e.targets), x=e.x,
                     ability=e.ability, ability_kind=e.kind,
                     data=pmap(e.data), cause=env.seq)
    waiting = s.waiting
    if e.trigger_id is not None:
        waiting = pvector(w for w in waiting if w.id != e.trigger_id)
    return _replace(s, stack=s.stack.append(item), waiting=waiting, passed=())


@_on(ev.TriggerRemoved)
def _trigger_removed(s: GameState, e: ev.TriggerRemoved, env: ev.Envelope) -> GameState:
    return _replace(s, waiting=pvector(w for w in s.waiting if w.id != e.trigger_id))


@_on(ev.AbilityResolved)
def _ability_resolved(s: GameState, e: ev.AbilityResolved, env: ev.Envelope) -> GameState:
    return _replace(s, stack=pvector(i for i in s.stack if i.id != e.stack_id), passed=())


@_on(ev.AbilityCountered)
def _ability_countered(s: GameState, e: ev.AbilityCountered, env: ev.Envelope) -> GameState:
    """701.6a: the countered ability leaves the stack."""
    return _replace(s, stack=pvector(i for i in s.stack if i.id != e.stack_id))


@_on(ev.SpellResolved)
def _spell_resolved(s: GameState, e: ev.SpellResolved, env: ev.Envelope) -> GameState:
    return _replace(s, passed=())


@_on(ev.ZoneChanged)
def _zone_changed(s: GameState, e: ev.ZoneChanged, env: ev.Envelope) -> GameState:
    attrs: dict[str, Any] = {"x": e.x}
    if e.to_zone == "battlefield":
        attrs.update(controller=e.controller, tapped=e.tapped, attached_to=e.attached_to)
    if e.exiled_with:
        attrs["exiled_with"] = e.exiled_with
    if e.chosen_color:
        attrs["chosen_color"] = e.chosen_color
    if e.chosen_creature_type:
        attrs["chosen_creature_type"] = e.chosen_creature_type
    if e.chosen_land_type:
        attrs["chosen_land_type"] = e.chosen_land_type
    if e.from_zone == "stack" and e.to_zone == "battlefield":
        item = s.stack_item(e.object_id)
        if item is not None and item.kicked:    # 702.33d: the permanent remembers its spell was kicked
            attrs["kicked"] = item.kicked
    if e.from_zone == "battlefield":
        s = _left_battlefield(s, e)
    effects = s.continuous_effects
    moved = _move(s, e.object_id, e.new_id, e.to_zone, **attrs)
    if any(c.object_id == e.object_id for c in effects):
        # 400.7a: effects that changed the characteristics of a spell apply to the permanent it
        # becomes; any other move makes a new object they do not apply to (400.7)
        carried = e.from_zone == "stack" and e.to_zone == "battlefield"
        moved = _replace(moved, continuous_effects=pvector(
            dataclasses.replace(c, object_id=e.new_id) if c.object_id == e.object_id else c
            for c in effects if carried or c.object_id != e.object_id))
    return moved


@_on(ev.PowerToughnessChanged)
def _pt_changed(s: GameState, e: ev.PowerToughnessChanged, env: ev.Envelope) -> GameState:
    ts, s = _stamp(s)
    change = PTChange(object_id=e.object_id, power=e.power, toughness=e.toughness, source=e.source,
                      timestamp=ts)
    return _replace(s, pt_changes=s.pt_changes.append(change))


@_on(ev.UntilEndOfTurnEffectsEnded)
def _until_end_of_turn_ended(s: GameState, e: ev.UntilEndOfTurnEffectsEnded, env: ev.Envelope) -> GameState:
    for oid in [oid for oid in s.battlefield if s.objects[oid].regeneration or s.objects[oid].prevention]:
        s = _set_obj(s, oid, regeneration=0, prevention=0)    # 701.19a, 615.7: shields "this turn"
    for name in [n for n in s.order if s.players[n].prevention]:
        s = _with_player(s, name, prevention=0)
    return _replace(s, pt_changes=pvector(),
                    continuous_effects=pvector(c for c in s.continuous_effects if not c.until_end_of_turn))


@_on(ev.RegenerationShieldCreated)
def _regeneration_shield(s: GameState, e: ev.RegenerationShieldCreated, env: ev.Envelope) -> GameState:
    return _set_obj(s, e.object_id, regeneration=s.objects[e.object_id].regeneration + 1)


def _shield(s: GameState, to: str, change: int) -> GameState:
    """A prevention shield on a player (by name) or a permanent (by id) grows or is used (615.7)."""
    if to in s.players and to not in s.objects:
        return _with_player(s, to, prevention=max(0, s.players[to].prevention + change))
    return _set_obj(s, to, prevention=max(0, s.objects[to].prevention + change))


@_on(ev.PreventionShieldCreated)
def _prevention_shield(s: GameState, e: ev.PreventionShieldCreated, env: ev.Envelope) -> GameState:
    return _shield(s, e.to, e.amount)


@_on(ev.DamagePrevented)
def _damage_prevented(s: GameState, e: ev.DamagePrevented, env: ev.Envelope) -> GameState:
    return _shield(s, e.to, -e.amount)


@_on(ev.Regenerated)
def _regenerated(s: GameState, e: ev.Regenerated, env: ev.Envelope) -> GameState:
    o = s.objects[e.object_id]
    return _set_obj(s, e.object_id, regeneration=max(0, o.regeneration - 1), damage=0, deathtouched=False)


@_on(ev.ContinuousEffectCreated)
def _continuous_effect(s: GameState, e: ev.ContinuousEffectCreated, env: ev.Envelope) -> GameState:
    ts, s = _stamp(s)
    effect = ContinuousEffect(
        object_id=e.object_id, source=e.source, source_card=e.source_card, timestamp=ts,
        types=tuple(e.types), subtypes=tuple(e.subtypes),
        colors=None if e.colors is None else tuple(e.colors), keywords=tuple(e.keywords),
        abilities=tuple(AbilityId.from_json(a) for a in e.abilities), power=e.power, toughness=e.toughness,
        until_end_of_turn=e.until_end_of_turn, land_type=e.land_type or None,
        all_creature_types=e.all_creature_types)
    return _replace(s, continuous_effects=s.continuous_effects.append(effect))


@_on(ev.CardDrawn)
def _drawn(s: GameState, e: ev.CardDrawn, env: ev.Envelope) -> GameState:
    s = _move(s, e.object_id, e.new_id, "hand")
    counts = s.turn_counts or TurnCounts()
    return _replace(s, turn_counts=_replace(counts, drew=counts.drew + (e.player,)))


@_on(ev.DrawFailed)
def _draw_failed(s: GameState, e: ev.DrawFailed, env: ev.Envelope) -> GameState:
    return _with_player(s, e.player, drew_from_empty=True)


@_on(ev.CountersPlaced)
def _counters(s: GameState, e: ev.CountersPlaced, env: ev.Envelope) -> GameState:
    o = s.objects[e.object_id]
    return _set_obj(s, e.object_id, counters=o.counters.set(e.counter, o.counters.get(e.counter, 0) + e.amount))


@_on(ev.LibraryShuffled)
def _library_shuffled(s: GameState, e: ev.LibraryShuffled, env: ev.Envelope) -> GameState:
    return _with_player(s, e.player, library=pvector(e.order))


@_on(ev.CardPutOnBottom)
def _put_on_bottom(s: GameState, e: ev.CardPutOnBottom, env: ev.Envelope) -> GameState:
    p = s.players[e.player]
    library = p.library.remove(e.object_id).append(e.object_id)
    return _with_player(s, e.player, library=library)


@_on(ev.CardsPutOnTop)
def _put_on_top(s: GameState, e: ev.CardsPutOnTop, env: ev.Envelope) -> GameState:
    library = [oid for oid in s.players[e.player].library if oid not in e.object_ids]
    return _with_player(s, e.player, library=pvector([*e.object_ids, *library]))


@_on(ev.CountersPaid)
def _counters_paid(s: GameState, e: ev.CountersPaid, env: ev.Envelope) -> GameState:
    counters = s.objects[e.object_id].counters
    left = counters.get(e.counter, 0) - e.amount
    return _set_obj(s, e.object_id, counters=counters.set(e.counter, left) if left > 0 else counters.discard(e.counter))


@_on(ev.CountersRemoved)
def _counters_removed(s: GameState, e: ev.CountersRemoved, env: ev.Envelope) -> GameState:
    counters = s.objects[e.object_id].counters
    for kind, n in e.counters.items():
        left = counters.get(kind, 0) - n
        counters = counters.set(kind, left) if left > 0 else counters.discard(kind)
    return _set_obj(s, e.object_id, counters=counters)


@_on(ev.TokenCreated)
def _token_created(s: GameState, e: ev.TokenCreated, env: ev.Envelope) -> GameState:
    ts, s = _stamp(s)
    controller = _shared(e.controller)
    o = made(GameObject, dict(id=e.object_id, card=_shared(e.token), owner=controller, zone="battlefield",
                              controller=controller, control_since=s.turn, timestamp=ts, is_token=True,
                              tapped=e.tapped))
    return _put_in_zone(s, o)


@_on(ev.TokenCeasedToExist)
def _token_gone(s: GameState, e: ev.TokenCeasedToExist, env: ev.Envelope) -> GameState:
    o = s.objects[e.object_id]
    s = _set_obj(_remove_from_zone(s, o), e.object_id, zone="gone")
    _unindex_token(s, e.object_id)
    return s


@_on(ev.AttachedTo)
def _attached(s: GameState, e: ev.AttachedTo, env: ev.Envelope) -> GameState:
    ts, s = _stamp(s)
    return _set_obj(s, e.object_id, attached_to=e.target, timestamp=ts)


@_on(ev.LandPlayAdded)
def _land_play_added(s: GameState, e: ev.LandPlayAdded, env: ev.Envelope) -> GameState:
    p = s.players[e.player]
    return _with_player(s, e.player, land_plays=p.land_plays + e.amount)


@_on(ev.PlayerLost)
def _lost(s: GameState, e: ev.PlayerLost, env: ev.Envelope) -> GameState:
    return _with_player(s, e.player, lost=True)


@_on(ev.PlayerLeftGame)
def _left_game(s: GameState, e: ev.PlayerLeftGame, env: ev.Envelope) -> GameState:
    """800.4a: the objects named leave every zone (their records stay, zone "left", as last
    known information); the abilities and waiting triggers named cease to exist."""
    for oid in e.objects:
        o = s.objects[oid]
        s = _remove_from_zone(s, o)
        s = _replace(s, objects=s.objects.set(oid, _replace(o, zone="left")))
        _unindex_token(s, oid)
        _touch(s, oid)
    if e.abilities:
        s = _replace(s, stack=pvector(i for i in s.stack if i.id not in e.abilities))
    if e.triggers:
        s = _replace(s, waiting=pvector(w for w in s.waiting if w.id not in e.triggers))
    return s


@_on(ev.GameEnded)
def _ended(s: GameState, e: ev.GameEnded, env: ev.Envelope) -> GameState:
    return _replace(s, game_over=True, winner=e.winner, priority=None)


_DRAFT = "_draft"   # instance key of a state that only the fold making it holds
_STATE_FIELDS = frozenset(f.name for f in dataclasses.fields(GameState) if f.init)


def project(envelopes: Iterable[ev.Envelope], initial: GameState | None = None, upto: int | None = None,
            visit: Callable[[ev.Envelope, GameState], None] | None = None) -> GameState:
    """The one fold: the state a log describes, `evolve` over `envelopes` from `initial` (the
    empty state, or a snapshot) up to and including event `upto` (None: all of them).
    `visit(envelope, state_after_it)` sees each event folded (load, audit and verify use it):
    then every state is an ordinary value the visitor may keep.

    Without `visit`, the same states `evolve` would make one by one, but the intermediate ones are
    never seen by anyone: the fold works on one private copy of `initial`, which `_replace`
    changes in place instead of copying (a "draft"), and hands it back as an ordinary state at
    the end. The records inside it (players, objects, ...) are still new values: only the
    GameState object itself is reused, so `initial` and every state shared before are untouched."""
    with bulk_allocation():   # records and events are acyclic: a long log's fold rescanned them
        if visit is not None:
            state = initial or GameState()
            for env in envelopes:
                if upto is not None and env.seq > upto:
                    break
                state = evolve(state, env)
                visit(env, state)
            return state
        return _fold_in_place(envelopes, initial, upto)


class FoldError(Exception):
    """An event of `project_with_stops` that does not apply to the state before it: its `seq`
    and the exception its handler raised (`cause`)."""

    def __init__(self, seq: int, cause: Exception) -> None:
        super().__init__(f"event {seq}: {type(cause).__name__}: {cause}")
        self.seq, self.cause = seq, cause


def project_with_stops(envelopes: Iterable[ev.Envelope], initial: GameState | None, stops: Iterable[int],
                       at_stop: Callable[[ev.Envelope, GameState], None]) -> GameState:
    """`project(envelopes, initial)` (in place, without a visitor) that hands the event and the
    state after it to `at_stop` right after each event whose seq is one of `stops` (ascending;
    repeats allowed; a seq the log does not have is passed over): verify digests the state at
    each snapshot's seq in one fold. `at_stop` sees the fold's private state (its maps plain
    dicts): it may read it, but neither keep nor change it. An event that does not apply raises `FoldError` (what `envelopes`
    raises passes through as it is)."""
    with bulk_allocation():
        return _fold_in_place(envelopes, initial, None, iter(stops), at_stop)


_FoldStep = tuple["Handler | None", bool, "Callable[[dict[str, Any], Any], None] | None"]


def _fold_step(cls: type) -> _FoldStep:
    """What the fold does with an event of class `cls`: its handler (None: the state does not
    change), whether it breaks a run of passes, and its change in place (`_IN_PLACE`)."""
    handler = _HANDLERS.get(cls)
    return (None if handler is _unchanged else handler, _breaks_passes(cls), _IN_PLACE.get(cls))


def fold_rows(rows: Iterable[tuple[Any, ...]], initial: GameState | None,
              decode: Callable[[Any, Any, Any, Any], ev.Event], upto: int | None = None,
              stops: Iterable[int] | None = None,
              at_stop: Callable[[ev.Envelope, GameState], None] | None = None) -> GameState:
    """`project` (or, with `stops`, `project_with_stops`) of a log read as stored rows
    ``(seq, type, version, payload, cause_seq, decision_seq, rule, ...)``, each event
    `decode(seq, type, version, payload)` (the store's `event_decoder`, which decodes a repeated
    payload once; what it raises passes through as it is).

    The readers of a stored log fold it this way rather than through envelopes: an event's
    envelope is made only where a handler or `at_stop` reads it (not for the commonest events,
    changed in place: `_IN_PLACE`)."""
    with bulk_allocation():
        return _fold_in_place(rows, initial, upto, None if stops is None else iter(stops), at_stop, decode)


def _fold_in_place(envelopes: Iterable[Any], initial: GameState | None, upto: int | None,
                   stops: Iterator[int] | None = None,
                   at_stop: Callable[[ev.Envelope, GameState], None] | None = None,
                   decode: Callable[[Any, Any, Any, Any], ev.Event] | None = None) -> GameState:
    """`project` without a visitor: one private draft state changed in place (and `at_stop`
    called at `stops`, a handler's exception a `FoldError`: `project_with_stops`).

    `decode` given (`fold_rows`): `envelopes` are stored rows ``(seq, type, version, payload,
    cause_seq, decision_seq, rule, ...)`` and `decode(seq, type, version, payload)` their event;
    an envelope is made only for an event whose handler or `at_stop` reads it."""
    state = _replace(initial or GameState())
    attrs = state.__dict__
    attrs[_DRAFT] = True
    attrs["objects"], attrs["players"] = _DraftMap(state.objects), _DraftMap(state.players)
    if attrs["next_ids"] is not None:
        attrs["next_ids"] = _DraftMap(attrs["next_ids"])
    draft_map = _DraftMap
    # each event class's handler, whether it breaks passes, and its change in place (`_IN_PLACE`)
    plan: dict[type, _FoldStep] = {}
    envelope_of = ev.Envelope.of
    stop = None if stops is None else next(stops, None)
    env: Any = None
    try:
        for item in envelopes:   # evolve(state, env), inlined
            if decode is None:
                env = item
                seq = env.seq
                if upto is not None and seq > upto:
                    break
                e = env.event
            else:
                seq = item[0]
                if upto is not None and seq > upto:
                    break
                env = None
                e = decode(seq, item[1], item[2], item[3])
            step = plan.get(type(e))
            if step is None:
                step = plan[type(e)] = _fold_step(type(e))
            handler, breaks, in_place = step
            if in_place is not None:
                in_place(attrs, e)
                if attrs["_cache"]:   # (as `_replace` does)
                    attrs["_cache"] = {}
            elif handler is not None:
                if env is None:
                    env = envelope_of(seq, e, item[4], item[5], item[6])
                try:
                    new = handler(state, e, env)
                except Exception as exc:
                    if stops is None:
                        raise
                    raise FoldError(seq, exc) from exc
                if new is not state:   # a handler that built a new state: the fold's from now on
                    attrs.pop(_DRAFT, None)
                    state, attrs = new, new.__dict__
                    attrs[_DRAFT] = True
                if type(attrs["players"]) is not draft_map:   # a handler set new maps (GameCreated)
                    attrs["players"] = draft_map(attrs["players"])
                if type(attrs["objects"]) is not draft_map:
                    attrs["objects"] = draft_map(attrs["objects"])
                if attrs["next_ids"] is not None and type(attrs["next_ids"]) is not draft_map:
                    attrs["next_ids"] = draft_map(attrs["next_ids"])
            attrs["version"] = seq   # as evolve does after the handler
            if breaks:
                attrs["passed"] = ()
            if stop is not None and seq >= stop:
                while stop is not None and stop < seq:
                    stop = next(stops, None)   # type: ignore[arg-type]
                if stop == seq:
                    if env is None:
                        env = envelope_of(seq, e, item[4], item[5], item[6])
                    at_stop(env, state)   # type: ignore[misc]
                    while stop is not None and stop <= seq:   # (and its repeats)
                        stop = next(stops, None)   # type: ignore[arg-type]
    finally:
        attrs.pop(_DRAFT, None)
        attrs["objects"], attrs["players"] = pmap(attrs["objects"]), pmap(attrs["players"])
        if attrs["next_ids"] is not None:
            attrs["next_ids"] = pmap(attrs["next_ids"])
    return state


class _DraftMap(dict[Any, Any]):
    """The objects or players of a fold's draft state: a dict that answers PMap's `set`,
    `discard` and `remove` by changing itself (made a PMap again when the fold ends)."""

    def set(self, key: Any, value: Any) -> "_DraftMap":
        self[key] = value
        return self

    def discard(self, key: Any) -> "_DraftMap":
        self.pop(key, None)
        return self

    def remove(self, key: Any) -> "_DraftMap":
        del self[key]
        return self


_compiled.close()
