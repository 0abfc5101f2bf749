"""Events: registry, JSON round trip, and the upcaster hook for old schema versions."""
from __future__ import annotations

import json
from pathlib import Path
from dataclasses import dataclass
from typing import ClassVar

import pytest

from simulator.game import events as ev
from simulator.session.recorder import replay_file


def test_every_logged_event_round_trips_through_json(tmp_path):
    """What the store keeps (type, version, JSON payload) rebuilds an equal event."""
    game = replay_file(Path(__file__).resolve().parents[2] / "examples" / "forest_and_elves.toml", None).game
    for env in game.events:
        text = json.dumps(env.event.payload())
        again = ev.event_from_payload(env.type, env.event.version, json.loads(text))
        assert again.payload() == env.event.payload()
        assert type(again) is type(env.event)


def test_upcaster_turns_an_old_payload_into_the_current_version():
    """A stored v1 payload of an event now at v2 is upcast on reading; rows are never rewritten."""

    @dataclass(frozen=True)
    class LifeTotalChangedForTest(ev.Event):
        version: ClassVar[int] = 2
        player: str
        amount: int
        reason: str

    @ev.upcaster("LifeTotalChangedForTest", 1)
    def _v1_to_v2(payload: dict) -> dict:
        return {**payload, "reason": "unknown (recorded before v2)"}

    try:
        old = ev.event_from_payload("LifeTotalChangedForTest", 1, {"player": "Alice", "amount": -1})
        assert old == LifeTotalChangedForTest("Alice", -1, "unknown (recorded before v2)")
        current = ev.event_from_payload("LifeTotalChangedForTest", 2, {"player": "Bob", "amount": 3, "reason": "x"})
        assert current.reason == "x"
    finally:
        ev.EVENT_TYPES.pop("LifeTotalChangedForTest", None)
        ev.UPCASTERS.pop(("LifeTotalChangedForTest", 1), None)


def test_unknown_event_type_is_refused():
    with pytest.raises(KeyError):
        ev.event_from_payload("NoSuchEvent", 1, {})
