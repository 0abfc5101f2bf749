"""`simulator log --nl`: the event stream for other tools, one JSON object per line.

Each line is `{"seq", "type", "rule", "cause", "decision", "payload", "hash"}` in that
order, with the payload's keys sorted and no insignificant whitespace, so two logs
(this engine's and another's, or two versions of this one) diff line by line. The
payload is the event as this version reads it (old payloads go through their
upcasters); `hash` is the stored hash-chain link of the row. The keys are a stable
contract: new information would come as new keys, never as changed ones.
"""
from __future__ import annotations

import json
from typing import Any, Callable, Iterator

from simulator.game import events as ev
from simulator.store.decoding import decode_stored
from simulator.store.event_store import EventStore

NL_KEYS = ("seq", "type", "rule", "cause", "decision", "payload", "hash")

__all__ = ["NL_KEYS", "event_line", "event_lines"]


def _sorted(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _sorted(value[k]) for k in sorted(value)}
    if isinstance(value, list):
        return [_sorted(v) for v in value]
    return value


def event_line(env: ev.Envelope, hash_: str) -> str:
    """One event as one line of JSON (see the module docstring)."""
    record = {"seq": env.seq, "type": env.type, "rule": env.rule, "cause": env.cause_seq,
              "decision": env.decision_seq, "payload": _sorted(env.event.payload()), "hash": hash_}
    return json.dumps(record, ensure_ascii=False, separators=(",", ":"))


def event_lines(store: EventStore, game_id: str,
                keep: Callable[[ev.Envelope], bool] = lambda env: True) -> Iterator[str]:
    """Every kept event of the game, in seq order, as lines (streamed from the store)."""
    for row in store.read(game_id):
        env = decode_stored(row)
        if keep(env):
            yield event_line(env, row.hash)
