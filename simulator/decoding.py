"""Stored rows back to events, refusing what does not decode.

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
from typing import Any

from . import events as ev
from .errors import CorruptEvent
from .store import StoredEvent, UndecodablePayload

__all__ = ["decode_stored", "payload_problem"]

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
    """What is wrong with a (current-version) payload for `type_name`, or None."""
    cls = ev.EVENT_TYPES.get(type_name)
    if cls is None:
        return f"unknown event type {type_name!r}"
    if not isinstance(payload, dict):
        return f"the payload is {type(payload).__name__}, not an object"
    for name, annotation, required in _fields(cls):
        if name not in payload:
            if required:
                return f"field {name!r} is missing"
            continue
        if not _accepts(annotation, payload[name]):
            return f"field {name!r} has the wrong type ({type(payload[name]).__name__})"
    return None


def decode_stored(row: StoredEvent) -> ev.Envelope:
    """The envelope of a stored event; CorruptEvent naming game and seq if it does not decode."""
    if isinstance(row.payload, UndecodablePayload):
        raise CorruptEvent(row.game_id, row.seq, "the payload is not a JSON object")
    if not isinstance(row.version, int) or row.version < 1:
        raise CorruptEvent(row.game_id, row.seq, f"schema version {row.version!r}")
    cls = ev.EVENT_TYPES.get(row.type)
    try:
        if cls is not None and row.version >= cls.version:
            problem = payload_problem(row.type, row.payload)
            if problem:
                raise CorruptEvent(row.game_id, row.seq, problem)
        event = ev.event_from_payload(row.type, row.version, row.payload)
        if cls is not None and row.version < cls.version:   # upcast: check what it became
            problem = payload_problem(row.type, event.payload())
            if problem:
                raise CorruptEvent(row.game_id, row.seq, problem)
    except CorruptEvent:
        raise
    except Exception as e:   # KeyError (unknown type, upcaster), TypeError, ValueError...
        raise CorruptEvent(row.game_id, row.seq, f"{type(e).__name__}: {e}") from None
    return ev.Envelope(row.seq, event, row.cause_seq, row.decision_seq, row.rule)
