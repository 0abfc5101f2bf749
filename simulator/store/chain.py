"""The hash chain: each event's hash is sha256(previous hash + canonical JSON of its envelope),
so any altered, removed or reordered event is found by recomputing it."""
from __future__ import annotations

import hashlib
import json
from typing import Any

from simulator.store.values import NewEvent, StoredEvent


def canonical_json(value: Any) -> str:
    """JSON with sorted keys and no whitespace: the byte-exact form hashed."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), allow_nan=False)


class JSONText:
    """A value already serialised to JSON: the engine's JSON serialiser writes ``text`` as it is
    (so an appended payload is serialised once, for its hash and its column alike)."""

    __slots__ = ("text",)

    def __init__(self, text: str) -> None:
        self.text = text


def _json_serializer(value: Any) -> str:
    """The engines' JSON column serialiser: pre-serialised JSONText verbatim, else json.dumps."""
    return value.text if type(value) is JSONText else json.dumps(value)


def _envelope_hash(previous_hash: str, game_id: str, event: NewEvent | StoredEvent,
                   payload_json: str) -> str:
    """:func:`event_hash` given the payload's canonical JSON: the envelope's canonical JSON
    written around it (keys in sorted order, as canonical_json would put them)."""
    dump = _dump
    body = (f'{{"cause_seq":{dump(event.cause_seq)},"decision_seq":{dump(event.decision_seq)},'
            f'"game_id":{dump(game_id)},"payload":{payload_json},"rule":{dump(event.rule)},'
            f'"seq":{dump(event.seq)},"type":{dump(event.type)},"version":{dump(event.version)}}}')
    return hashlib.sha256((previous_hash + body).encode("utf-8")).hexdigest()


_DUMPED: dict[str, str] = {}


def _dump(value: Any) -> str:
    """`json.dumps(value)` of an envelope field, faster for the ints, None and the few strings
    (types, rules, the game id) written for every event's hash."""
    if value is None:
        return "null"
    kind = type(value)
    if kind is int:
        return int.__repr__(value)   # what json.dumps writes for an int
    if kind is str:
        text = _DUMPED.get(value)
        if text is None:
            text = json.dumps(value)
            if len(_DUMPED) < 4096:
                _DUMPED[value] = text
        return text
    return json.dumps(value)


def event_hash(previous_hash: str, game_id: str, event: NewEvent | StoredEvent) -> str:
    """sha256 hex of ``previous_hash`` ("" for seq 1) + canonical JSON envelope.

    The envelope is the object ``{game_id, seq, type, version, payload,
    cause_seq, decision_seq, rule}``; store-assigned fields (position,
    event_id, recorded_at) are not part of it.
    """
    body = canonical_json(
        {
            "game_id": game_id,
            "seq": event.seq,
            "type": event.type,
            "version": event.version,
            "payload": event.payload,
            "cause_seq": event.cause_seq,
            "decision_seq": event.decision_seq,
            "rule": event.rule,
        }
    )
    return hashlib.sha256((previous_hash + body).encode("utf-8")).hexdigest()
