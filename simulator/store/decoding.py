"""The event <-> row mapping: events to the rows the store appends (`to_new_event`), and stored
rows back to events, refusing what does not decode.

A stored payload can be anything once someone edits the database: not an
object, a field missing, a field of the wrong type, an unknown `type`. The
readers (log, why, triggers, state) must then say "event N of game G is
corrupt; run verify" (`CorruptEvent`, exit 4), and `verify` must name the
seq, instead of failing somewhere later with an internal error.
`decode_stored` is the one place that turns a `StoredEvent` into an
`Envelope` and checks the payload's shape against the event class's fields.
"""
from __future__ import annotations

import dataclasses
import types
import typing
from typing import Any, Callable, Iterable, Iterator

from simulator.base import generated
from simulator.game import events as ev
from simulator.base.errors import CorruptEvent
from simulator.store.values import UndecodablePayload, parse_payload
from simulator.store.values import NewEvent, StoredEvent

__all__ = ["to_new_event", "decode_stored", "decode_event", "decode_rows", "row_decoder", "event_decoder", "payload_problem",
           "MEMO_PAYLOAD", "MEMO_ENTRIES"]

def to_new_event(env: ev.Envelope) -> NewEvent:
    """The row the store appends for an event: its type, payload version and JSON payload, and the
    envelope's seq, causes and rule (the hash chain is the store's)."""
    return NewEvent(seq=env.seq, type=env.type, version=env.event.version, payload=env.event.payload(),
                    cause_seq=env.cause_seq, decision_seq=env.decision_seq, rule=env.rule)


_PLAIN = {int: (int,), str: (str,), bool: (bool,), float: (int, float), dict: (dict,),
          tuple: (list, tuple), list: (list, tuple)}


def _accepts(annotation: Any, value: Any) -> bool:
    """A shallow check of a JSON value against a field annotation (Any, X | None, int, str,
    bool, dict[...], tuple[...]); unknown annotations accept anything."""
    if annotation is Any:
        return True
    origin = typing.get_origin(annotation)
    if origin in (typing.Union, types.UnionType):
        return any(_accepts(a, value) for a in typing.get_args(annotation))
    if annotation is type(None):
        return value is None
    base = origin or annotation
    kinds = _PLAIN.get(base)
    if kinds is None:
        return True
    if base is int and isinstance(value, bool):
        return False
    return isinstance(value, kinds)


_FIELDS: dict[str, tuple[tuple[str, Any, bool], ...]] = {}


def _fields(cls: type) -> tuple[tuple[str, Any, bool], ...]:
    """(name, annotation, required) of each init field of an event class (cached by name)."""
    known = _FIELDS.get(cls.__name__)
    if known is not None:
        return known
    hints = typing.get_type_hints(cls)
    out = []
    for f in dataclasses.fields(cls):
        if not f.init:
            continue
        required = f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING
        out.append((f.name, hints.get(f.name, Any), required))
    _FIELDS[cls.__name__] = tuple(out)
    return _FIELDS[cls.__name__]


def payload_problem(type_name: str, payload: Any) -> str | None:
    """What is wrong with a (current-version) payload for `type_name`, or None: the first field
    missing or of the wrong type (the check `_builder` makes as it builds the event)."""
    cls = ev.EVENT_TYPES.get(type_name)
    if cls is None:
        return f"unknown event type {type_name!r}"
    if not isinstance(payload, dict):
        return f"the payload is {type(payload).__name__}, not an object"
    built = _builder(cls)(payload)
    return built if isinstance(built, str) else None


_JSON_TYPES = frozenset((str, int, bool, float, list, dict, tuple, type(None)))


_Builder = Callable[[dict[str, Any]], "ev.Event | str"]
_BUILDERS: dict[type, _Builder] = {}
_MISSING = object()


_SAMPLES = {str: "", int: 0, bool: False, float: 0.0, list: [], dict: {}, tuple: (), type(None): None}


def _builder(cls: type[ev.Event]) -> _Builder:
    """The check of a payload and its event in one pass: each field in order, the first one
    missing (and required) or whose value `_accepts` refuses is the problem (returned as text);
    else the event `event_from_payload` would make of a current-version payload.

    A log's unique payloads (ids, turn numbers) are decoded one by one, and the frozen
    dataclass's `__init__` (one `object.__setattr__` per field) was half of that: the event is
    made the way `Envelope.of` makes an envelope, with the defaults `__init__` would give the
    fields the payload leaves out (a class with a `__post_init__` still goes through `__init__`).

    The function is written for the class once (its source made by `_builder_source`, kept by
    the class). Compiling it was most of the time a reading command spent decoding a small log
    (a millisecond a class): the code comes from `_COMPILED`, the sources of every event class
    compiled in one go the first time one is missing."""
    found = _BUILDERS.get(cls)
    if found is not None:
        return found
    source, env = _builder_source(cls)
    code = _COMPILED.find(source)
    if code is None:
        if ev.EVENT_TYPES.get(cls.__name__) is cls:
            every = {_builder_source(c)[0]: f"<payload builder of {c.__name__}>" for c in ev.EVENT_TYPES.values()}
            code = _COMPILED.keep(every)[source]
        else:   # (a class the log cannot hold: not kept)
            code = compile(source, f"<payload builder of {cls.__name__}>", "exec")
    exec(code, env)
    build: _Builder = env["build"]
    _BUILDERS[cls] = build
    return build


_COMPILED = generated.CompiledSources(__name__ + ".builders")


def _builder_source(cls: type[ev.Event]) -> tuple[str, dict[str, Any]]:
    """`_builder`'s function for `cls` as source text, and the names it reads. What `_accepts`
    answers for a JSON value depends on its type alone (it never looks inside), so each field's
    JSON types accepted are worked out as the function is written; a value of another type (a
    payload built in memory) is asked of `_accepts` itself."""
    decoders = ev.field_decoders(cls)
    fields = {f.name: f for f in dataclasses.fields(cls)}
    env: dict[str, Any] = {"_MISSING": _MISSING, "_JSON": _JSON_TYPES, "_accepts": _accepts,
                           "_freeze": ev.freeze_json, "_new": object.__new__, "_cls": cls,
                           "_list": list, "_dict": dict, "_type": type}
    lines = [f"# the payload builder of {cls.__name__}", "def build(payload):", "    get = payload.get"]
    names = []
    for i, (name, annotation, required) in enumerate(_fields(cls)):
        f = fields[name]
        env[f"_ann{i}"] = annotation
        env[f"_ok{i}"] = frozenset(t for t, sample in _SAMPLES.items() if _accepts(annotation, sample))
        lines += [f"    v{i} = get({name!r}, _MISSING)",
                  f"    if v{i} is _MISSING:"]
        if required:
            lines.append(f"        return {f'field {name!r} is missing'!r}")
        elif f.default_factory is not dataclasses.MISSING:
            env[f"_factory{i}"] = f.default_factory
            lines.append(f"        v{i} = _factory{i}()")
        else:
            env[f"_default{i}"] = f.default
            lines.append(f"        v{i} = _default{i}")
        lines += ["    else:",
                  f"        k = _type(v{i})",
                  f"        if k not in _ok{i} and (k in _JSON or not _accepts(_ann{i}, v{i})):",
                  f"            return {f'field {name!r} has the wrong type ('!r} + k.__name__ + ')'"]
        if name in decoders:
            env[f"_decode{i}"] = decoders[name]
            lines.append(f"        v{i} = _decode{i}(v{i})")
        else:
            lines += ["        if k is _list or k is _dict:",
                      f"            v{i} = _freeze(v{i})"]
        names.append(f"{name!r}: v{i}")
    values = "{" + ", ".join(names) + "}"
    if hasattr(cls, "__post_init__"):   # none has one; if one ever does, its __init__ runs
        lines.append(f"    return _cls(**{values})")
    else:
        lines += ["    event = _new(_cls)", f"    event.__dict__.update({values})", "    return event"]
    return "\n".join(lines), env


def decode_stored(row: StoredEvent) -> ev.Envelope:
    """The envelope of a stored event; CorruptEvent naming game and seq if it does not decode."""
    event = decode_event(row.game_id, row.seq, row.type, row.version, row.payload)
    return ev.Envelope.of(row.seq, event, row.cause_seq, row.decision_seq, row.rule)


def decode_event(game_id: str, seq: int, type_name: str, version: Any, payload: Any) -> ev.Event:
    """The event a stored row holds (`parse_payload`'s result as `payload`), upcast to its
    class's version; CorruptEvent naming game and seq if it does not decode."""
    if isinstance(payload, UndecodablePayload):
        raise CorruptEvent(game_id, seq, "the payload is not a JSON object" if payload.why == "not a JSON object"
                           else f"the payload does not decode: {payload.why}")
    if not isinstance(version, int) or version < 1:
        raise CorruptEvent(game_id, seq, f"schema version {version!r}")
    cls = ev.EVENT_TYPES.get(type_name)
    try:
        if cls is not None and version == cls.version and isinstance(payload, dict):
            built = _builder(cls)(payload)   # the check and the event in one pass
            if isinstance(built, str):
                raise CorruptEvent(game_id, seq, built)
            return built
        if cls is not None and version >= cls.version:
            problem = payload_problem(type_name, payload)
            if problem:
                raise CorruptEvent(game_id, seq, problem)
        event = ev.event_from_payload(type_name, version, payload)
        if cls is not None and version < cls.version:   # upcast: check what it became
            problem = payload_problem(type_name, event.payload())
            if problem:
                raise CorruptEvent(game_id, seq, problem)
    except CorruptEvent:
        raise
    except Exception as e:   # KeyError (unknown type, upcaster), TypeError, ValueError...
        raise CorruptEvent(game_id, seq, f"{type(e).__name__}: {e}") from None
    return event


MEMO_PAYLOAD = 256   # payloads up to this many characters are decoded once per read
MEMO_ENTRIES = 4096  # ... among the last few thousand distinct ones (a long log's memory stays flat)


def event_decoder(game_id: str) -> Callable[[Any, Any, Any, Any], ev.Event]:
    """`decode(seq, type, version, payload text)`: the event of a stored row of `game_id`, for
    one read of the game's rows in seq order (`row_decoder`, and `game.state.fold_rows`, which
    folds the rows without envelopes); CorruptEvent naming game and seq if it does not decode
    (`parse_payload`, `decode_event`).

    Events are immutable, and most of a log is a few short payloads repeated word for word
    ("Alice receives priority"): a payload of up to `MEMO_PAYLOAD` characters is parsed, checked
    and decoded once per read, and its event shared by its repeats (the same type, version and
    text always decode to equal events). Most distinct payloads of a long log name one object
    each and never come back: the memo starts again once it holds `MEMO_ENTRIES` of them (the
    repeated ones are back after one decode each), so it does not grow with the log. (One memo
    per event type, keyed by the text: "Alice" passes and receives priority in the same words;
    each entry remembers the version it was decoded as.)"""
    memos: dict[Any, dict[Any, tuple[Any, ev.Event]]] = {}
    size = 0
    limit, entries = MEMO_PAYLOAD, MEMO_ENTRIES

    def decode(seq: Any, type_name: Any, version: Any, text: Any) -> ev.Event:
        nonlocal size
        memo = memos.get(type_name)
        if memo is None:
            memo = memos[type_name] = {}
        known = memo.get(text) if type(text) is str else None
        if known is not None and known[0] == version:
            return known[1]
        event = decode_event(game_id, seq, type_name, version, parse_payload(text))
        if type(text) is str and len(text) <= limit:
            if size >= entries:
                for m in memos.values():
                    m.clear()
                size = 0
            memo[text] = (version, event)
            size += 1
        return event

    return decode


def decode_rows(game_id: str, rows: Iterable[tuple[Any, ...]]) -> Iterator[ev.Envelope]:
    """Envelopes of `EventStore.read_rows` rows; CorruptEvent at the first that does not decode
    (`row_decoder`'s memo: a repeated payload decoded once per read)."""
    decode = row_decoder(game_id)
    for seq, type_name, version, text, cause, decision, rule in rows:
        yield decode(seq, type_name, version, text, cause, decision, rule)


def row_decoder(game_id: str) -> Callable[[Any, Any, Any, Any, Any, Any, Any], ev.Envelope]:
    """The envelope of a stored row's seven fields (`EventStore.read_rows`: seq, type, version,
    payload text, cause_seq, decision_seq, rule), for one read of a game's rows in seq order;
    CorruptEvent if it does not decode. The event comes from `event_decoder` (a repeated short
    payload decoded once per read, its event shared by the envelopes of its repeats)."""
    event_of = event_decoder(game_id)
    new, envelope = object.__new__, ev.Envelope

    def decode(seq: Any, type_name: Any, version: Any, text: Any, cause: Any, decision: Any,
               rule: Any) -> ev.Envelope:
        env = new(envelope)   # Envelope.of, inlined (one per stored event)
        attrs = env.__dict__
        attrs["seq"] = seq
        attrs["event"] = event_of(seq, type_name, version, text)
        attrs["cause_seq"] = cause
        attrs["decision_seq"] = decision
        attrs["rule"] = rule
        return env

    return decode
