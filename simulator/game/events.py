"""Events: frozen, past-tense facts; a registry by type name; upcasters.

Every game action is one of these classes. An `Envelope` wraps an event with
its place in the game's log (`seq`), the event it follows from (`cause_seq`),
the decision that started its batch (`decision_seq`) and the Comprehensive
Rules number behind it (`rule`). Payloads are JSON: str, int, bool, None,
lists (tuples in memory) and string-keyed dicts.

Old logs must replay after code changes: each class has a schema `version`;
`UPCASTERS[(type, version)]` turns a stored payload of that version into the
next one, so stored rows are never rewritten.
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any, Callable, ClassVar, Iterable, Iterator

from simulator.base import generated
from simulator.base.abilityid import ABILITY_ID, DECODE, SPENT, AbilityId, from_legacy, from_legacy_activation
from simulator.base.creature_types import CREATURE_TYPES
from simulator.base.symbols import mana_text
from simulator.game.citations import current_citation

EVENT_TYPES: dict[str, type["Event"]] = {}
ADDED = "added"   # field metadata: an optional field added later (see Event.payload)
UPCASTERS: dict[tuple[str, int], Callable[[dict[str, Any]], dict[str, Any]]] = {}


_compiled = generated.compiling(__name__)   # dataclasses' methods, compiled once (start-up)


def freeze_json(value: Any) -> Any:
    """JSON lists become tuples so events stay hashable-ish and comparable."""
    if isinstance(value, list):
        return tuple(freeze_json(v) for v in value)
    if isinstance(value, dict):
        return {k: freeze_json(v) for k, v in value.items()}
    return value



def _thaw(value: Any) -> Any:
    if isinstance(value, AbilityId):
        return value.to_json()
    if isinstance(value, tuple):
        return [_thaw(v) for v in value]
    if isinstance(value, dict):
        return {k: _thaw(v) for k, v in value.items()}
    return value


@dataclass(frozen=True)
class Event:
    """Base of all events. Subclasses are registered by class name."""

    version: ClassVar[int] = 1
    decision: ClassVar[bool] = False   # True: a player's decision, first of its batch

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        EVENT_TYPES[cls.__name__] = cls

    @property
    def type(self) -> str:
        return type(self).__name__

    def payload(self) -> dict[str, Any]:
        """The JSON body. A field marked `ADDED` (a later, optional addition) is left out while it
        holds its default, so events without it keep the exact payload older builds stored."""
        out = {name: _thaw(getattr(self, name)) for name in _field_names(type(self))}
        for name, default in _added_fields(type(self)):
            if out[name] == default:
                del out[name]
        return out

    def describe(self) -> str:
        """The event in words (the audit's `log` and `why`); every event type says its own."""
        raise NotImplementedError(f"{self.type} has no describe()")


def upcaster(type_name: str, from_version: int) -> Callable[[Callable[[dict[str, Any]], dict[str, Any]]], Callable[[dict[str, Any]], dict[str, Any]]]:
    """Register a function turning a `type_name` payload of `from_version` into version+1."""
    def register(fn: Callable[[dict[str, Any]], dict[str, Any]]) -> Callable[[dict[str, Any]], dict[str, Any]]:
        UPCASTERS[(type_name, from_version)] = fn
        return fn
    return register


def event_from_payload(type_name: str, version: int, payload: dict[str, Any]) -> Event:
    """Rebuild an event from its stored form, upcasting old schema versions first."""
    cls = EVENT_TYPES.get(type_name)
    if cls is None:
        raise KeyError(f"unknown event type {type_name!r}")
    while version < cls.version:
        payload = UPCASTERS[(type_name, version)](dict(payload))
        version += 1
    names = _field_names(cls)
    decoders = field_decoders(cls)
    return cls(**{k: (decoders[k](v) if k in decoders else freeze_json(v)) for k, v in payload.items() if k in names})


def _mana_words(mana: Any) -> str:
    return mana_text(dict(mana)) or "no mana"


_FIELD_NAMES: dict[type, tuple[str, ...]] = {}


_ADDED_FIELDS: dict[type, tuple[tuple[str, Any], ...]] = {}


def _added_fields(cls: type) -> tuple[tuple[str, Any], ...]:
    """(name, default) of the class's fields marked ADDED (looked up once per class)."""
    found = _ADDED_FIELDS.get(cls)
    if found is None:
        found = _ADDED_FIELDS[cls] = tuple((f.name, f.default) for f in dataclasses.fields(cls)
                                           if f.metadata.get(ADDED))
    return found


_DECODERS: dict[type, dict[str, Callable[[Any], Any]]] = {}


def field_decoders(cls: type) -> dict[str, Callable[[Any], Any]]:
    """Fields whose stored JSON is decoded into a value (`metadata=ABILITY_ID`: an AbilityId)."""
    found = _DECODERS.get(cls)
    if found is None:
        found = _DECODERS[cls] = {f.name: f.metadata[DECODE] for f in dataclasses.fields(cls)
                                  if DECODE in f.metadata}
    return found


def _field_names(cls: type) -> tuple[str, ...]:
    """An event class's payload fields, in order (looked up once per class, not per event)."""
    names = _FIELD_NAMES.get(cls)
    if names is None:
        names = _FIELD_NAMES[cls] = tuple(f.name for f in dataclasses.fields(cls))
    return names


@dataclass(frozen=True)
class Envelope:
    """An event in its game's log."""

    seq: int
    event: Event
    cause_seq: int | None
    decision_seq: int | None
    rule: str | None

    @property
    def type(self) -> str:
        return self.event.type

    @property
    def cited(self) -> str | None:
        """The rule in the Comprehensive Rules' current numbering (`game.citations`): what the
        reading commands show; `rule` is the number as stored."""
        return current_citation(self.rule, self.event.type, self.event)

    @classmethod
    def of(cls, seq: int, event: Event, cause_seq: int | None, decision_seq: int | None,
           rule: str | None) -> "Envelope":
        """`Envelope(seq, event, cause_seq, decision_seq, rule)`, built without the frozen
        dataclass's per-field `object.__setattr__` (a third of the cost; readers make one per
        stored event)."""
        env = object.__new__(cls)
        attrs = env.__dict__   # item by item: half the cost of update(**fields)
        attrs["seq"] = seq
        attrs["event"] = event
        attrs["cause_seq"] = cause_seq
        attrs["decision_seq"] = decision_seq
        attrs["rule"] = rule
        return env


def decision_batches(envelopes: Iterable[Envelope]) -> Iterator[list[Envelope]]:
    """The log cut at each decision event (seq == decision_seq): the set-up first, then each
    decision with every event it caused (what export turns into actions, resimulate re-decides)."""
    batch: list[Envelope] = []
    for env in envelopes:
        if batch and env.seq == env.decision_seq:
            yield batch
            batch = []
        batch.append(env)
    if batch:
        yield batch


# --------------------------------------------------------------------------- setup

@dataclass(frozen=True)
class GameCreated(Event):
    """The game begins from a starting position (recorded-game `start`).

    Version 2 adds `source`: the recorded file's text and format version and the
    text of every card file it used (see `simulator/sources.py`), so the log alone
    holds everything needed to read the game back (covered by the hash chain).
    Version 1 payloads (older databases) upcast to `source=None`."""

    version: ClassVar[int] = 2
    decision: ClassVar[bool] = True
    title: str
    players: tuple[str, ...]            # names in turn order
    life: tuple[int, ...]               # starting life, same order
    turn: int
    active: str
    step: str
    seed: int = 0
    source: dict[str, Any] | None = None
    # the state version its fold follows (`state.STATE_VERSION`): 1 (games stored before 2)
    # keeps every object's record for good; 2 lets go of the records of objects that left the
    # game for good once nothing can name them (`state._pruned`)
    state_version: int = field(default=1, metadata={ADDED: True})

    def describe(self) -> str:
        return f"game {self.title!r} begins: {', '.join(self.players)}"


@upcaster("GameCreated", 1)
def _game_created_v1(payload: dict[str, Any]) -> dict[str, Any]:
    """Before self-contained logs: no stored source (the built-in card pool is used)."""
    return {**payload, "source": None}


@dataclass(frozen=True)
class CardPlaced(Event):
    """Setup: a card (or token) put into a zone of the starting position."""

    object_id: str
    card: str
    owner: str
    zone: str                 # library hand battlefield graveyard exile
    controller: str | None = None
    tapped: bool = False
    sick: bool = False        # 302.6: not controlled continuously since its controller's turn began
    counters: dict[str, Any] = field(default_factory=dict)
    attached_to: str | None = None
    exiled_with: str | None = None
    is_token: bool = False
    # object_id is the id the recorded game gave a card in a library, hand, graveyard or exile:
    # it follows the card as it moves (a permanent's id names that one permanent, 400.7)
    handle: bool = field(default=False, metadata={ADDED: True})
    # "As this enters, choose a color" (614.12) of a permanent of the starting position
    chosen_color: str | None = field(default=None, metadata={ADDED: True})
    # "As this enters, choose a creature type" (614.12, 205.3m) of one (Cavern of Souls)
    chosen_creature_type: str | None = field(default=None, metadata={ADDED: True})
    # "As this enters, choose a basic land type" (614.12, 205.3i) of one (Phantasmal Terrain)
    chosen_land_type: str | None = field(default=None, metadata={ADDED: True})

    def describe(self) -> str:
        color = f", color chosen: {self.chosen_color}" if self.chosen_color else ""
        kind = f", creature type chosen: {self.chosen_creature_type}" if self.chosen_creature_type else ""
        land = f", basic land type chosen: {self.chosen_land_type}" if self.chosen_land_type else ""
        return f"{self.card} placed in {self.owner}'s {self.zone} as {self.object_id}{color}{kind}{land}"


# --------------------------------------------------------------------------- turns and priority

@dataclass(frozen=True)
class TurnBegan(Event):
    """A turn began (500.1): its number, the active player and how many lands each may play
    (305.2)."""

    turn: int
    active: str
    land_plays: int = 1       # lands each player may play this turn (305.2), set by the rules

    def describe(self) -> str:
        return f"turn {self.turn} begins ({self.active})"


@dataclass(frozen=True)
class StepBegan(Event):
    """A step (or main phase) of the turn began (500.1)."""

    step: str

    def describe(self) -> str:
        return f"the {self.step} step begins"


@dataclass(frozen=True)
class PriorityReceived(Event):
    """A player received priority (117.3)."""

    player: str

    def describe(self) -> str:
        return f"{self.player} receives priority"


@dataclass(frozen=True)
class PriorityPassed(Event):
    """A player passed priority (117.3d); a run of passes by all players ends a step or
    resolves the top of the stack (117.4)."""

    decision: ClassVar[bool] = True
    player: str

    def describe(self) -> str:
        return f"{self.player} passes priority"


@dataclass(frozen=True)
class ManaPoolEmptied(Event):
    """106.4: unspent mana empties from a pool as a step or phase ends."""

    player: str
    mana: dict[str, Any]

    def describe(self) -> str:
        return f"{self.player}'s unspent {_mana_words(self.mana)} empties from their pool"


# --------------------------------------------------------------------------- decisions

@dataclass(frozen=True)
class LandPlayed(Event):
    """305.1: a special action; the card moves by the ZoneChanged that follows."""

    decision: ClassVar[bool] = True
    player: str
    card: str
    object_id: str

    def describe(self) -> str:
        return f"{self.player} plays {self.card}"


@dataclass(frozen=True)
class AbilityActivated(Event):
    """602.2 / 605.3a: a player activates an activated ability of an object.

    Version 2: `ability` is its `AbilityId` (kind printed | intrinsic | granted, the card whose
    text holds it, 0-based index there) and `number` the 1-based GAME_FORMAT number the object
    gave it then (the recorded game's `ability`). Version 1 kept that number in `ability`, with
    `origin`: the upcaster keeps the number and makes the id from what v1 recorded."""

    version: ClassVar[int] = 2
    decision: ClassVar[bool] = True
    player: str
    source: str               # object id
    source_card: str
    ability: AbilityId = field(metadata=ABILITY_ID)
    number: int               # 1-based activated-ability number as the object had it (GAME_FORMAT)
    text: str
    mana_ability: bool
    granted_by: str | None = None   # object id whose effect grants the ability (613.1f)
    targets: tuple[str, ...] = ()
    x: int = 0
    granted_by_card: str | None = None   # that source's card name, for the audit

    def describe(self) -> str:
        granted = ""
        if self.granted_by:
            by = f"{self.granted_by_card} ({self.granted_by})" if self.granted_by_card else self.granted_by
            granted = f" (granted by {by})"
        return f"{self.player} activates {self.source} ({self.source_card}): {self.text}{granted}"


def completed_by(stored: Event, now: Event) -> Event:
    """`stored` with what its version did not record taken from `now`, when `now` agrees with
    everything it did record: a v1 AbilityActivated's id lacks card/index (`AbilityId.refines`).
    Otherwise `stored` unchanged. For comparing stored events with the same decision made now."""
    if (isinstance(stored, AbilityActivated) and isinstance(now, AbilityActivated)
            and not stored.ability.recorded and now.ability.refines(stored.ability)):
        return dataclasses.replace(stored, ability=now.ability)
    return stored


@upcaster("AbilityActivated", 1)
def _ability_activated_v1(payload: dict[str, Any]) -> dict[str, Any]:
    """v1 -> v2: `ability` was the 1-based number; the id is made from `origin` and the text."""
    number = payload.pop("ability")
    origin = payload.pop("origin", "printed")
    ability = from_legacy_activation(origin, str(payload.get("text", "")), str(payload["source_card"]))
    return {**payload, "ability": ability.to_json(), "number": number}


@dataclass(frozen=True)
class SpellCast(Event):
    """601.2: the card moves from hand to the stack as a spell."""

    decision: ClassVar[bool] = True
    player: str
    card: str
    object_id: str            # the card in hand
    spell_id: str             # the new object on the stack (400.7)
    x: int = 0
    targets: tuple[str, ...] = ()
    # how many times its kicker was paid (702.33; added later: left out when 0)
    kicked: int = field(default=0, metadata={ADDED: True})
    # cast for its alternative cost (118.9; added later: left out when False)
    alternative: bool = field(default=False, metadata={ADDED: True})
    # a modal spell's chosen modes, 1-based as printed (601.2b, 700.2a; added later: left out when none)
    modes: tuple[int, ...] = field(default=(), metadata={ADDED: True})

    def describe(self) -> str:
        x = f" with X={self.x}" if self.x else ""
        tg = f" targeting {', '.join(self.targets)}" if self.targets else ""
        kick = "" if not self.kicked else " kicked" if self.kicked == 1 else f" kicked {self.kicked} times"
        alt = " for its alternative cost" if self.alternative else ""
        modes = f" choosing mode {', '.join(map(str, self.modes))}" if self.modes else ""
        return f"{self.player} casts {self.card}{alt}{kick}{modes}{x}{tg}"


@dataclass(frozen=True)
class ChoiceMade(Event):
    """A player's answer to the pending choice."""

    decision: ClassVar[bool] = True
    player: str
    kind: str
    answer: Any

    def describe(self) -> str:
        return f"{self.player} chooses {self.answer!r} ({self.kind})"


# --------------------------------------------------------------------------- costs and mana

@dataclass(frozen=True)
class PermanentTapped(Event):
    """A permanent became tapped (for example to pay {T}, 107.5)."""

    object_id: str

    def describe(self) -> str:
        return f"{self.object_id} becomes tapped"


@dataclass(frozen=True)
class PermanentUntapped(Event):
    """A permanent untapped (for example in its controller's untap step, 502.3)."""

    object_id: str

    def describe(self) -> str:
        return f"{self.object_id} untaps"


@dataclass(frozen=True)
class ManaSpent(Event):
    """Mana left a player's mana pool to pay a cost (106.4, 601.2h)."""

    player: str
    mana: dict[str, Any]
    # the restricted units it spent, each {type, amount, source, restriction} (106.6); the rest
    # was unrestricted. Added later: left out when None, so older rows keep their payloads.
    units: tuple[dict[str, Any], ...] | None = field(default=None, metadata={ADDED: True})
    # the spell it paid for (601.2h; None: an ability's cost, or a row stored before), which the
    # riders of spent mana read (106.6) and a spell that counts the mana spent to cast it (Converge,
    # Adamant). Added later: left out when None.
    spell: str | None = field(default=None, metadata={ADDED: True})

    def describe(self) -> str:
        restricted = "".join(f" ({_mana_words({u['type']: u['amount']})} of it from {u['source']}: "
                             f"{u['restriction']['text']})" for u in self.units or ())
        on = f" on {self.spell}" if self.spell else ""
        return f"{self.player} spends {_mana_words(self.mana)}{on}{restricted}"


@dataclass(frozen=True)
class LifePaid(Event):
    """A player paid life as a cost (119.4)."""

    player: str
    amount: int

    def describe(self) -> str:
        return f"{self.player} pays {self.amount} life"


@dataclass(frozen=True)
class ManaProduced(Event):
    """A mana ability's effect produced this mana (after replacement effects).

    `tapped_for_mana` is 106.12: the ability had {T} in its cost. An empty
    `mana` records 106.5 (undefined type) or an amount of zero.
    """

    player: str
    source: str
    source_card: str
    mana: dict[str, Any]
    tapped_for_mana: bool
    ability_text: str = ""

    def describe(self) -> str:
        if not any(self.mana.values()):
            return f"{self.source_card} ({self.source}) produces no mana"
        how = "is tapped for mana and produces" if self.tapped_for_mana else "produces"
        return f"{self.source_card} ({self.source}) {how} {_mana_words(self.mana)}"


@dataclass(frozen=True)
class ManaAdded(Event):
    """Mana was added to a player's mana pool (106.4), from `source` when an object produced it."""

    player: str
    mana: dict[str, Any]
    source: str | None = None
    # how the mana may be spent (106.6): a `cards.model.restriction_json`. Added later: left out
    # when None (an old row, or mana without a restriction), so payloads stay as stored.
    restriction: dict[str, Any] | None = field(default=None, metadata={ADDED: True})

    def describe(self) -> str:
        return (f"{self.player} adds {_mana_words(self.mana)}" + (f" (from {self.source})" if self.source else "")
                + (f"; {self.restriction['text']}" if self.restriction else ""))


@dataclass(frozen=True)
class ReplacementApplied(Event):
    """614/616: one replacement effect modified one event."""

    source: str               # object id of the effect's source
    source_card: str
    effect: str               # the replacement ability's text
    applies_to: str           # what was replaced: "mana", "explore", "enter"
    before: Any
    after: Any

    def describe(self) -> str:
        before = _mana_words(self.before) if self.applies_to == "mana" else self.before
        after = _mana_words(self.after) if self.applies_to == "mana" else self.after
        return f"{self.source_card} ({self.source}) replaces the event: {before} becomes {after} — {self.effect}"


@dataclass(frozen=True)
class ChoiceRequested(Event):
    """Resolution stopped for a player's choice; `agenda` is what remains to do."""

    player: str
    kind: str
    options: tuple[Any, ...]
    prompt: str
    agenda: tuple[Any, ...] = ()

    def describe(self) -> str:
        return f"{self.player} must choose ({self.kind}): {self.prompt}"


# --------------------------------------------------------------------------- triggers and the stack

@dataclass(frozen=True)
class AbilityTriggered(Event):
    """603.2: a triggered ability triggered; `cause_seq` is the event it saw.

    Version 2 names the objects that made it trigger in typed fields (version 1 kept them in
    a `data` dict; the upcaster below moves them). A field is None when it doesn't apply.
    Version 3: `ability` is its `AbilityId` (versions 1-2: the 0-based index of a printed
    ability in the source's card)."""

    version: ClassVar[int] = 3
    trigger_id: str
    source: str
    source_card: str
    controller: str
    ability: AbilityId = field(metadata=ABILITY_ID)
    text: str
    mana_ability: bool        # 605.1b: resolves at once, never waits for the stack
    # "tapped for mana" (106.12a): who tapped what, and the mana it produced
    player: str | None = None
    land: str | None = None
    land_card: str | None = None
    produced: dict[str, int] | None = None
    enchanted: bool | None = None       # the tapped permanent is the one the source enchants
    counters: dict[str, int] | None = None        # "dies" (603.10a): the creature's last known counters
    spell: str | None = None            # "whenever you cast": the spell and its card
    card: str | None = None
    explorer: str | None = None         # "whenever a creature you control explores"
    entered: str | None = None          # "whenever a land you control enters" (landfall)
    amount: int | None = field(default=None, metadata={ADDED: True})   # "is dealt damage": how much (120.3)
    delayed: str | None = field(default=None, metadata={ADDED: True})  # the delayed trigger it was (603.7b)
    power: int | None = field(default=None, metadata={ADDED: True})    # "dies": its last known power (603.10a)

    def trigger_data(self) -> dict[str, Any]:
        """The fields that apply, as the waiting trigger and the stack object keep them."""
        return {k: getattr(self, k) for k in TRIGGER_FIELDS if getattr(self, k) is not None}

    def describe(self) -> str:
        return f"{self.source_card} ({self.source}) triggers: {self._reason()}"

    def _reason(self) -> str:
        """Why it triggered, in words (from what made it trigger)."""
        if self.land and self.player:
            produced = _mana_words(self.produced or {})
            if self.enchanted:
                return f"enchanted {self.land_card} ({self.land}) was tapped for mana ({produced})"
            return f"{self.player} tapped {self.land_card} ({self.land}) for mana ({produced})"
        if self.explorer:
            return f"{self.explorer}, a creature {self.controller} controls, explored"
        if self.spell and self.ability.kind == SPENT:
            return f"{self.controller} spent its mana on {self.card} ({self.spell})"
        if self.spell:
            return f"{self.controller} cast {self.card} ({self.spell})"
        if self.power is not None:
            return f"it died (last known power: {self.power})"
        if self.counters is not None:
            return f"it died (last known counters: {dict(self.counters) or 'none'})"
        if self.entered:
            return f"{self.entered} entered under {self.controller}'s control"
        if self.delayed is not None:
            return f"its delayed trigger {self.delayed}: {self.text}"
        if self.amount is not None:     # "is dealt damage", "you gain life": how much (603.2)
            return f"{self.text} (that much: {self.amount})"
        return self.text


TRIGGER_FIELDS = ("player", "land", "land_card", "produced", "enchanted", "counters", "spell", "card",
                  "explorer", "entered", "amount", "delayed", "power")


@upcaster("AbilityTriggered", 1)
def _ability_triggered_v1(payload: dict[str, Any]) -> dict[str, Any]:
    """v1 -> v2: the `data` dict becomes typed fields. v1 never recorded whether the tapped
    land was the enchanted one: only "Whenever enchanted ... is tapped for mana" saw it."""
    data = dict(payload.pop("data", None) or {})
    if "land" in data and str(payload.get("text", "")).lower().startswith("whenever enchanted"):
        data["enchanted"] = True
    payload.update({k: v for k, v in data.items() if k in TRIGGER_FIELDS})
    return payload


@upcaster("AbilityTriggered", 2)
def _ability_triggered_v2(payload: dict[str, Any]) -> dict[str, Any]:
    """v2 -> v3: the index of a printed ability of the source's card becomes its AbilityId
    (before ids every triggered ability was looked up on the source's own card)."""
    index = payload["ability"]
    return {**payload, "ability": AbilityId.printed(str(payload["source_card"]), int(index)).to_json()}


@dataclass(frozen=True)
class AbilityPutOnStack(Event):
    """602.2a / 603.3: an activated or triggered ability becomes an object on the stack.

    Version 2: `ability` is its `AbilityId`; version 1 had `ability_card` and a 0-based index
    (-1 for an intrinsic ability), read back by `abilityid.from_legacy`."""

    version: ClassVar[int] = 2
    stack_id: str
    source: str
    source_card: str
    controller: str
    text: str
    kind: str                 # activated | triggered
    ability: AbilityId = field(metadata=ABILITY_ID)
    targets: tuple[str, ...] = ()
    x: int = 0
    data: dict[str, Any] = field(default_factory=dict)
    trigger_id: str | None = None

    def describe(self) -> str:
        tg = f" targeting {', '.join(self.targets)}" if self.targets else ""
        modes = self.data.get("modes") if isinstance(self.data, dict) else None
        chosen = f" (mode {', '.join(map(str, modes))} chosen, 700.2b)" if modes else ""
        return f"{self.source_card}'s ability goes on the stack ({self.stack_id}){tg}{chosen}: {self.text}"


@upcaster("AbilityPutOnStack", 1)
def _ability_put_on_stack_v1(payload: dict[str, Any]) -> dict[str, Any]:
    """v1 -> v2: (ability_card, index) becomes the AbilityId."""
    card = str(payload.pop("ability_card"))
    ability = from_legacy(card, int(payload["ability"]), str(payload["text"]), str(payload["source_card"]))
    return {**payload, "ability": ability.to_json()}


@dataclass(frozen=True)
class TriggerRemoved(Event):
    """603.3d: a waiting triggered ability that needs targets and has no legal choice is
    removed instead of being put on the stack."""

    trigger_id: str
    source: str
    source_card: str
    controller: str
    text: str
    reason: str = ""

    def describe(self) -> str:
        return f"{self.source_card}'s triggered ability is removed ({self.reason or 'cannot be put on the stack'}): {self.text}"


@dataclass(frozen=True)
class AbilityResolved(Event):
    """An ability on the stack resolved, or was countered on resolution for want of a legal
    target (608.2b)."""

    stack_id: str
    countered: bool = False   # 608.2b: every target illegal
    # 603.4: its intervening "if" condition is false as it resolves: removed, it does nothing
    condition_false: bool = field(default=False, metadata={ADDED: True})

    def describe(self) -> str:
        if self.condition_false:
            return f"{self.stack_id} is removed from the stack: its \"if\" condition is false (603.4)"
        return f"{self.stack_id} resolves" + (" (countered: no legal targets)" if self.countered else "")


@dataclass(frozen=True)
class SpellResolved(Event):
    """A spell on the stack resolved, or was countered on resolution for want of a legal target
    (608.2b)."""

    spell_id: str
    countered: bool = False

    def describe(self) -> str:
        return f"{self.spell_id} resolves" + (" (countered: no legal targets)" if self.countered else "")


# --------------------------------------------------------------------------- objects and zones

@dataclass(frozen=True)
class ZoneChanged(Event):
    """400.7: the object becomes a new object (`new_id`) in the new zone."""

    object_id: str
    new_id: str
    card: str
    owner: str
    from_zone: str
    to_zone: str
    controller: str | None = None       # on the battlefield
    tapped: bool = False                # enters tapped
    attached_to: str | None = None      # an Aura entering attached
    exiled_with: str | None = None      # 607: linked to the exiling permanent
    x: int = 0                          # 107.3m: X of the spell it was
    reason: str = ""                    # played, resolved, sacrificed, died, explored, ...
    chosen_color: str | None = None     # "As ... enters, choose a color" (614.12)
    # "As ... enters, choose a creature type" (614.12, 205.3m); added later: left out when None
    chosen_creature_type: str | None = field(default=None, metadata={ADDED: True})
    # "As ... enters, choose a basic land type" (614.12, 205.3i); added later: left out when None
    chosen_land_type: str | None = field(default=None, metadata={ADDED: True})

    def describe(self) -> str:
        why = f" ({self.reason})" if self.reason else ""
        color = f", color chosen: {self.chosen_color}" if self.chosen_color else ""
        kind = f", creature type chosen: {self.chosen_creature_type}" if self.chosen_creature_type else ""
        land = f", basic land type chosen: {self.chosen_land_type}" if self.chosen_land_type else ""
        return f"{self.card} moves from {self.from_zone} to {self.to_zone} as {self.new_id}{why}{color}{kind}{land}"


@dataclass(frozen=True)
class CardDrawn(Event):
    """A player drew a card (121.1): it moved from library to hand as a new object (400.7)."""

    player: str
    object_id: str
    new_id: str
    card: str

    def describe(self) -> str:
        return f"{self.player} draws {self.card}"


@dataclass(frozen=True)
class DrawFailed(Event):
    """121.4: a player was told to draw from an empty library (704.5b later)."""

    player: str

    def describe(self) -> str:
        return f"{self.player} tries to draw from an empty library"


@dataclass(frozen=True)
class LibrarySearched(Event):
    """701.23a: a player searched their library (`searched_for`: the words of what for); what they
    found follows (the `search` choice answered, then each card's move)."""

    player: str
    searched_for: str

    def describe(self) -> str:
        return f"{self.player} searches their library for {self.searched_for}"


@dataclass(frozen=True)
class LibraryShuffled(Event):
    """701.24a: a player's library was shuffled; `order` is its new order, top first (drawn from
    the game's seed as the rules shuffled it; the fold only sets it)."""

    player: str
    order: tuple[str, ...]

    def describe(self) -> str:
        return f"{self.player} shuffles their library ({len(self.order)} cards)"


@dataclass(frozen=True)
class CardRevealed(Event):
    """A card was revealed (for example the top card of a library while exploring, 701.44a)."""

    player: str
    object_id: str
    card: str

    def describe(self) -> str:
        return f"{self.player} reveals {self.card}"


@dataclass(frozen=True)
class CardLookedAt(Event):
    """A player looked at the top card of their library to scry or surveil (701.22a, 701.25a);
    only they see it, the log keeps it for `why`."""

    player: str
    object_id: str
    card: str
    action: str          # "scry" | "surveil"

    def describe(self) -> str:
        return f"{self.player} looks at the top card of their library ({self.card}) to {self.action}"


@dataclass(frozen=True)
class CardsLookedAt(Event):
    """A player looked at the top cards of their library (`object_ids` topmost first) to scry or
    surveil N (701.22a, 701.25a) or as an effect says ("Look at the top five cards of your
    library", `action` "look"); only they see them, the log keeps them for `why`."""

    player: str
    object_ids: tuple[str, ...]
    cards: tuple[str, ...]
    action: str          # "scry" | "surveil" | "look"

    def describe(self) -> str:
        what = f"to {self.action}" if self.action != "look" else ""
        return (f"{self.player} looks at the top {len(self.cards)} card(s) of their library "
                f"({', '.join(self.cards)}) {what}").rstrip()


@dataclass(frozen=True)
class CoinFlipped(Event):
    """A player flipped a coin (705.1; pool-misca): won or lost, from the game's seed and the
    event's place in the log (a replay flips the same way)."""

    player: str
    won: bool

    def describe(self) -> str:
        return f"{self.player} flips a coin and {'wins' if self.won else 'loses'} the flip"


@dataclass(frozen=True)
class TopCardLookedAt(Event):
    """A player looked at the top card of a player's library ("Look at the top card of target
    player's library.", 401.2); only they see it, the log keeps it for `why`."""

    player: str
    owner: str
    object_id: str
    card: str

    def describe(self) -> str:
        whose = "their" if self.owner == self.player else f"{self.owner}'s"
        return f"{self.player} looks at the top card of {whose} library ({self.card})"


@dataclass(frozen=True)
class CardPutOnBottom(Event):
    """A card of a library was put on the bottom of it (scry, 701.22a)."""

    player: str
    object_id: str
    card: str

    def describe(self) -> str:
        return f"{self.player} puts {self.card} on the bottom of their library"


@dataclass(frozen=True)
class CardsPutOnTop(Event):
    """Cards of a library looked at were put back on top of it in the order their player chose
    (scry and surveil N, 701.22a, 701.25a; "put them back in any order", 401.4): `object_ids`
    topmost first."""

    player: str
    object_ids: tuple[str, ...]
    cards: tuple[str, ...]

    def describe(self) -> str:
        return f"{self.player} puts {', '.join(self.cards)} on top of their library (in that order, topmost first)"


@dataclass(frozen=True)
class CountersPlaced(Event):
    """Counters were put on a permanent (122.1), for example a +1/+1 counter from exploring
    (701.44a)."""

    object_id: str
    counter: str
    amount: int

    def describe(self) -> str:
        return f"{self.amount} {self.counter} counter(s) placed on {self.object_id}"


@dataclass(frozen=True)
class PowerToughnessChanged(Event):
    """A resolving ability gave one object +N/+N or -N/-N until end of turn (611.2a: locked in
    on that object; layer 7c, 613.4c)."""

    object_id: str
    power: int
    toughness: int
    source: str
    source_card: str

    def describe(self) -> str:
        return (f"{self.object_id} gets {self.power:+d}/{self.toughness:+d} until end of turn "
                f"({self.source_card}, {self.source})")


@dataclass(frozen=True)
class RegenerationShieldCreated(Event):
    """A resolving ability regenerated a permanent (701.19a): a shield that replaces the next
    time it would be destroyed this turn (614.8); unused, it ends in the cleanup step (514.2)."""

    object_id: str
    source: str
    source_card: str

    def describe(self) -> str:
        return f"{self.object_id} gets a regeneration shield this turn ({self.source_card}, {self.source})"


@dataclass(frozen=True)
class Regenerated(Event):
    """A permanent that would have been destroyed was regenerated instead (701.19a, 614.8): one
    of its shields used up, all damage removed from it (its controller taps it: its own
    `PermanentTapped`)."""

    object_id: str

    def describe(self) -> str:
        return f"{self.object_id} is regenerated instead of destroyed: its damage is removed"


@dataclass(frozen=True)
class PreventionShieldCreated(Event):
    """A resolving ability made a shield that prevents the next `amount` damage that would be
    dealt to `to` (a permanent's id or a player's name) this turn (615.7); it ends in the
    cleanup step (514.2)."""

    to: str
    amount: int
    source: str
    source_card: str

    def describe(self) -> str:
        return (f"the next {self.amount} damage that would be dealt to {self.to} this turn is prevented "
                f"({self.source_card}, {self.source})")


@dataclass(frozen=True)
class DamagePrevented(Event):
    """Damage `source` would have dealt to `to` was prevented by its shield (615.7): that much
    of the shield is used up, and that damage is not dealt (615.1)."""

    to: str
    amount: int
    source: str
    source_card: str

    def describe(self) -> str:
        return f"{self.amount} damage {self.source_card} ({self.source}) would deal to {self.to} is prevented"


@dataclass(frozen=True)
class DelayedTriggerCreated(Event):
    """A resolving spell or ability created a delayed triggered ability (603.7a): `delayed_id`,
    the ability (`AbilityId` of kind "delayed"), its controller (603.7d) and the object whose
    spell or ability created it (its source, 603.7e); it waits in `GameState.delayed` until it
    triggers, once (603.7b)."""

    delayed_id: str
    ability: AbilityId = field(metadata=ABILITY_ID)
    controller: str
    source: str
    source_card: str
    text: str
    amount: int = field(default=0, metadata={ADDED: True})   # what it remembers: "that spell's mana value"

    def describe(self) -> str:
        kept = f" (that spell's mana value: {self.amount})" if self.amount else ""
        return f"{self.source_card} ({self.source}) creates a delayed trigger for {self.controller}: {self.text}{kept}"


@dataclass(frozen=True)
class DamagePreventedByAbility(Event):
    """Damage `source` would have dealt to `to` was prevented by a prevention effect of the static
    ability `effect` of `by` (615.1a: the Phantoms' "If damage would be dealt to this creature,
    prevent that damage."): that damage is not dealt; the effect's additional part, removing
    counters, is its own `CountersRemoved` (615.5)."""

    to: str
    amount: int
    source: str
    source_card: str
    by: str
    by_card: str
    effect: str

    def describe(self) -> str:
        return (f"{self.amount} damage {self.source_card} ({self.source}) would deal to {self.to} is prevented "
                f"by {self.by_card} ({self.by}) — {self.effect}")


@dataclass(frozen=True)
class UntilEndOfTurnEffectsEnded(Event):
    """514.2: in the cleanup step, "until end of turn" effects end."""

    count: int

    def describe(self) -> str:
        return f'{self.count} "until end of turn" effect(s) end'


@dataclass(frozen=True)
class ContinuousEffectCreated(Event):
    """An "until end of turn" effect began on one object (611.2a/c; ended in cleanup, 514.2):
    the parts it has in layers 4 (types and subtypes added), 5 (colors set), 6 (keywords and
    abilities added) and 7b (base power/toughness set), 613.1. Its timestamp is its place in
    the log (613.7a). On a spell, it follows the spell to the permanent it becomes (400.7a)."""

    object_id: str
    source: str
    source_card: str
    types: tuple[str, ...] = ()
    subtypes: tuple[str, ...] = ()
    colors: tuple[str, ...] | None = None
    keywords: tuple[str, ...] = ()
    abilities: tuple[Any, ...] = ()     # AbilityId JSON of granted quoted abilities
    power: int | None = None
    toughness: int | None = None
    # False: no end ("it gains haste.", Hall of the Bandit Lord); added later, left out when True
    until_end_of_turn: bool = field(default=True, metadata={ADDED: True})
    # layer 4: its land type SET to this basic land type (305.7: old land types and rules-text
    # abilities lost); added later: left out when None
    land_type: str | None = field(default=None, metadata={ADDED: True})
    # layer 4: every creature type added too (205.3m, "with all creature types": Mutavault), one
    # flag instead of the ~300 names; added later: left out when False
    all_creature_types: bool = field(default=False, metadata={ADDED: True})

    def describe(self) -> str:
        parts = []
        if self.land_type is not None:
            parts.append(f"land type {self.land_type} (305.7)")
        if self.power is not None or self.toughness is not None:
            parts.append(f"base power/toughness {self.power}/{self.toughness}")
        if self.colors is not None:
            parts.append("colorless" if not self.colors else "colors " + "".join(self.colors))
        if self.types or self.subtypes or self.all_creature_types:
            # 205.3m: Mutavault (the flag; a log written before it listed every type)
            every = self.all_creature_types or (len(self.subtypes) >= len(CREATURE_TYPES)
                                                and set(CREATURE_TYPES) <= set(self.subtypes))
            subtypes = ("every creature type",) if every else self.subtypes
            parts.append("also " + " ".join((*subtypes, *self.types)))
        if self.keywords:
            parts.append("gains " + ", ".join(k.lower() for k in self.keywords))
        if self.abilities:
            parts.append(f"gains {len(self.abilities)} ability(ies)")
        what = "; ".join(parts) or "no change"
        until = ", until end of turn" if self.until_end_of_turn else ""
        return f"{self.object_id}: {what}{until} ({self.source_card}, {self.source})"


@dataclass(frozen=True)
class ActivationCounted(Event):
    """An ability that may be activated only so many times each turn (602.5b: "Activate only
    once each turn.") was activated by `object_id` in `turn`; `ability` names it (its id and
    the granting object, `activation_key`)."""

    object_id: str
    ability: str
    turn: int

    def describe(self) -> str:
        if not self.turn:      # "Activate only once."
            return f"{self.object_id}'s ability ({self.ability}) counted as activated (only once)"
        return f"{self.object_id}'s ability ({self.ability}) counted as activated in turn {self.turn}"


@dataclass(frozen=True)
class CastingEffectCreated(Event):
    """An effect of a resolving ability on the spells `player` casts for the rest of the turn
    (611.2a, 601.3; cards/model_casting.py): `kind` "flash" ("You may cast [creature] spells this
    turn as though they had flash.", `types` the card types it allows, none: every spell),
    "next_uncounterable" ("The next spell you cast this turn can't be countered.") or "one_more"
    ("You can cast only one more spell this turn.", `cast` the spells they had cast this turn
    then). Kept in `GameState.turn_counts.effects`, dropped as the next turn begins."""

    player: str
    kind: str
    source: str
    source_card: str
    types: tuple[str, ...] = ()
    cast: int = 0

    def describe(self) -> str:
        what = {"flash": f"may cast {' or '.join(t.lower() for t in self.types) or 'any'} spells this turn as "
                         "though they had flash",
                "next_uncounterable": "'s next spell this turn can't be countered",
                "one_more": " can cast only one more spell this turn"}.get(self.kind, self.kind)
        return f"{self.player}{'' if what.startswith(chr(39)) else ' '}{what} ({self.source_card})"


@dataclass(frozen=True)
class SpellMadeUncounterable(Event):
    """The spell `spell_id` can't be countered (101.2): mana spent on it said so ("If that mana is
    spent on an instant or sorcery spell, that spell can't be countered.", Boseiju, Who Shelters
    All; 106.6), or it is the next spell its controller cast this turn after "The next spell you
    cast this turn can't be countered." (`next_spell`: those effects are used up)."""

    spell_id: str
    source: str
    source_card: str
    next_spell: bool = False

    def describe(self) -> str:
        return f"{self.spell_id} can't be countered ({self.source_card})"


@dataclass(frozen=True)
class UntapSkipScheduled(Event):
    """"This land doesn't untap during your next untap step.": `object_id` stays tapped through
    `player`'s next untap step (502.3)."""

    object_id: str
    player: str

    def describe(self) -> str:
        return f"{self.object_id} doesn't untap during {self.player}'s next untap step"


@dataclass(frozen=True)
class ReturnInUntapScheduled(Event):
    """"During your next untap step, as you untap your permanents, return this land to its
    owner's hand.": `object_id` goes to its owner's hand in `player`'s next untap step (502.3)."""

    object_id: str
    player: str

    def describe(self) -> str:
        return f"{self.object_id} returns to its owner's hand during {self.player}'s next untap step"


@dataclass(frozen=True)
class UntapDeclined(Event):
    """In `player`'s untap step, `object_id`, with "You may choose not to untap this land during
    your untap step.", was chosen to stay tapped (502.3)."""

    object_id: str
    player: str

    def describe(self) -> str:
        return f"{self.player} chooses not to untap {self.object_id} during their untap step"


@dataclass(frozen=True)
class UntapSkipped(Event):
    """`player`'s untap step came: `object_id` did not untap in it (502.3), and the effect that
    said so ("... during your next untap step") is over."""

    object_id: str
    player: str
    was_untapped: bool = field(default=False, metadata={ADDED: True})   # already untapped: the effect ends unused

    def describe(self) -> str:
        if self.was_untapped:
            return (f"{self.object_id} was already untapped in {self.player}'s untap step: "
                    "its \"doesn't untap during its next untap step\" ends unused")
        return f"{self.object_id} doesn't untap during {self.player}'s untap step (its next untap step)"


@dataclass(frozen=True)
class CountersPaid(Event):
    """602.2h, 118.3: counters removed from a permanent to pay a cost ("Remove a charge counter
    from this artifact")."""

    object_id: str
    counter: str
    amount: int

    def describe(self) -> str:
        return f"{self.amount} {self.counter} counter(s) removed from {self.object_id} to pay a cost"


@dataclass(frozen=True)
class CountersRemoved(Event):
    """Counters were removed from a permanent (`counters`: kind -> number removed): 704.5q (it
    had both +1/+1 and -1/-1 counters; N of each, N the smaller count), damage to a planeswalker
    or battle (120.3c, 120.3h), or an effect ("remove a depletion counter from this land", 122.1)."""

    object_id: str
    counters: dict[str, int]
    # removed by the permanent's own prevention effect (615.5): the text of that ability (Magma
    # Pummeler's reflexive trigger sees it, 603.12)
    prevention: str | None = field(default=None, metadata={ADDED: True})

    def describe(self) -> str:
        removed = " and ".join(f"{n} {kind}" for kind, n in sorted(self.counters.items()))
        if set(self.counters) == {"+1/+1", "-1/-1"}:
            return f"{removed} counter(s) removed from {self.object_id}: +1/+1 and -1/-1 counters annihilate"
        return f"{removed} counter(s) removed from {self.object_id}"


@dataclass(frozen=True)
class CreatureExplored(Event):
    """701.44: the permanent explored (after the whole process, even if parts were impossible)."""

    object_id: str
    card: str
    controller: str
    revealed: str | None       # card name, or None when the library was empty
    result: str                # hand | top | graveyard | none
    on_battlefield: bool

    def describe(self) -> str:
        where = {"hand": "to hand", "top": "kept on top", "graveyard": "to graveyard",
                 "none": "nothing revealed"}[self.result]
        left = "" if self.on_battlefield else ", after it left the battlefield"
        return f"{self.object_id} ({self.card}) explores: {self.revealed or 'empty library'} {where}{left}"


@dataclass(frozen=True)
class TokenCreated(Event):
    """A token was created on the battlefield under a player's control (111.1)."""

    object_id: str
    token: str
    controller: str
    tapped: bool = field(default=False, metadata={ADDED: True})   # "create a tapped ... token"

    def describe(self) -> str:
        tapped = "tapped " if self.tapped else ""
        return f"{self.controller} creates a {tapped}{self.token} token ({self.object_id})"


@dataclass(frozen=True)
class TokenCeasedToExist(Event):
    """111.7 / 704.5d: a token in a zone other than the battlefield ceases to exist."""

    object_id: str
    zone: str

    def describe(self) -> str:
        return f"token {self.object_id} in the {self.zone} ceases to exist"


@dataclass(frozen=True)
class AttachedTo(Event):
    """An Aura or Equipment became attached to an object (701.3a: equip, 702.6a), or unattached
    (target None: 704.5n)."""

    object_id: str
    target: str | None

    def describe(self) -> str:
        if self.target is None:
            return f"{self.object_id} becomes unattached"
        return f"{self.object_id} becomes attached to {self.target}"


@dataclass(frozen=True)
class DamageDealt(Event):
    """A source dealt damage to a player (120.3a): that player loses that much life."""

    source: str
    source_card: str
    player: str
    amount: int

    def describe(self) -> str:
        return f"{self.source_card} ({self.source}) deals {self.amount} damage to {self.player}"


@dataclass(frozen=True)
class DamageDealtToPermanent(Event):
    """A source dealt damage to a permanent (120.3): marked on it if it is a creature
    (`marked`, 120.3e; `deathtouch`: from a source with deathtouch, 702.2b, for 704.5h); a
    planeswalker's or battle's damage removes counters, their own `CountersRemoved` (120.3c,
    120.3h)."""

    source: str
    source_card: str
    object_id: str
    amount: int
    marked: bool = True
    deathtouch: bool = False

    def describe(self) -> str:
        how = " (deathtouch)" if self.deathtouch else ""
        return f"{self.source_card} ({self.source}) deals {self.amount} damage to {self.object_id}{how}"


@dataclass(frozen=True)
class LifeLost(Event):
    """A player lost life that was not paid nor dealt as damage (119.3: "target player loses 3 life")."""

    player: str
    amount: int

    def describe(self) -> str:
        return f"{self.player} loses {self.amount} life"


@dataclass(frozen=True)
class DeathtouchChecked(Event):
    """702.2b / 704.5h: the state-based actions were checked and these permanents, dealt damage
    by a deathtouch source since the last check, were not destroyed (indestructible): that
    damage no longer destroys them at a later check (the damage itself stays marked)."""

    objects: tuple[str, ...]

    def describe(self) -> str:
        return f"deathtouch damage checked on {', '.join(self.objects)}"


@dataclass(frozen=True)
class DamageRemoved(Event):
    """514.2: in the cleanup step, all damage marked on permanents is removed."""

    objects: tuple[str, ...]

    def describe(self) -> str:
        return f"damage is removed from {', '.join(self.objects)}"


@dataclass(frozen=True)
class EnergyReceived(Event):
    """A player got energy counters ("you get {E}{E}", 107.14; a player's counters, 122.1)."""

    player: str
    amount: int

    def describe(self) -> str:
        return f"{self.player} gets {'{E}' * self.amount} ({self.amount} energy)"


@dataclass(frozen=True)
class PoisonCountersReceived(Event):
    """A player got poison counters ("You get two poison counters.", 122.1f; ten or more: they lose,
    704.5c)."""

    player: str
    amount: int

    def describe(self) -> str:
        return f"{self.player} gets {self.amount} poison counter(s)"


@dataclass(frozen=True)
class EnergyPaid(Event):
    """A player paid energy as a cost ("Pay {E}": removing that many energy counters, 107.14)."""

    player: str
    amount: int

    def describe(self) -> str:
        return f"{self.player} pays {'{E}' * self.amount}"


@dataclass(frozen=True)
class LifeGained(Event):
    """A player gained life (119.3)."""

    player: str
    amount: int

    def describe(self) -> str:
        return f"{self.player} gains {self.amount} life"


@dataclass(frozen=True)
class LandPlayAdded(Event):
    """A player may play additional lands this turn (305.2)."""

    player: str
    amount: int = 1

    def describe(self) -> str:
        return f"{self.player} may play {self.amount} additional land(s) this turn"


@dataclass(frozen=True)
class PlayerLost(Event):
    """A player lost the game, for example by a state-based action (704.5a, 704.5b)."""

    player: str
    reason: str

    def describe(self) -> str:
        return f"{self.player} loses the game: {self.reason}"


@dataclass(frozen=True)
class PlayerLeftGame(Event):
    """800.4a: a player who lost a multiplayer game leaves it while the others play on. Named
    here, in the order 800.4a takes them: `objects`, every object the player owned (in any
    zone, spells on the stack too), leave the game; `abilities`, the abilities on the stack
    they controlled, and `triggers`, their triggered abilities waiting to be put on the stack,
    cease to exist. (Objects they controlled but did not own are then exiled: their own events.)"""

    player: str
    objects: tuple[str, ...] = ()
    abilities: tuple[str, ...] = ()
    triggers: tuple[str, ...] = ()

    def describe(self) -> str:
        gone = []
        if self.objects:
            gone.append(f"{len(self.objects)} object(s) they owned leave with them ({', '.join(self.objects)})")
        if self.abilities or self.triggers:
            gone.append(f"{len(self.abilities) + len(self.triggers)} ability(ies) they controlled cease to exist "
                        f"({', '.join(self.abilities + self.triggers)})")
        return f"{self.player} leaves the game" + (": " + "; ".join(gone) if gone else "")


@dataclass(frozen=True)
class GameEnded(Event):
    """The game ended (104.1): the winner, or None for a draw."""

    winner: str | None

    def describe(self) -> str:
        return f"the game ends: {self.winner + ' wins' if self.winner else 'a draw'}"


_compiled.close()
