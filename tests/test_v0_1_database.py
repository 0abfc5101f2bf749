"""Old databases keep working: the v0.1 fixture replays, verifies and explains itself as it did.

`tests/data/v0_1_games.sqlite` was written by the code before the rules restructure
(see `tests/v0_1_fixture.py`), and `tests/data/v0_1_games.json` holds what that
code answered. Each test opens a COPY of the database with the current code.

Additive contract changes pass (a new key in `--json` output); a changed or
missing value fails. An event type whose stored payload is upcast to a new
version (the old rows are never rewritten) goes in `UPCAST_TYPES`: its `log`
payload is then not compared, its words and everything else still are.
"""
from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from tests.v0_1_fixture import FIXTURE_DB, FIXTURE_JSON, ROOT, observe, record

EXPECTED: dict[str, Any] = json.loads(FIXTURE_JSON.read_text())["games"]
UPCAST_TYPES: set[str] = {"AbilityTriggered"}   # event types whose payload an upcaster now changes


def contract_now(state: dict) -> dict:
    """A v0.1 `--json` state as the contract now says it (GAME_FORMAT.md, Output): `game_over`
    was a boolean and is null or {"winners", "losers", "rule"}; `priority` is null while a
    choice is pending or the game is over (v0.1 still named the player)."""
    state = dict(state)
    if state.get("game_over") is False:
        state["game_over"] = None
    elif state.get("game_over") is True:
        lost = [p["name"] for p in state["players"] if p.get("lost")]
        state["game_over"] = {"winners": [p["name"] for p in state["players"] if not p.get("lost")],
                              "losers": lost}
    if state.get("pending") is not None or state.get("game_over"):
        state["priority"] = None
    return state


@pytest.fixture(scope="module")
def old_db(tmp_path_factory: pytest.TempPathFactory) -> str:
    """A copy of the fixture (the committed file is never opened for writing)."""
    copy = tmp_path_factory.mktemp("v0_1") / "v0_1_games.sqlite"
    shutil.copyfile(FIXTURE_DB, copy)
    return str(copy)


def assert_contains(expected: Any, actual: Any, where: str = "") -> None:
    """`actual` says everything `expected` says (dicts may have gained keys)."""
    if isinstance(expected, dict):
        assert isinstance(actual, dict), f"{where}: expected an object, got {actual!r}"
        for k, v in expected.items():
            assert k in actual, f"{where}.{k}: missing"
            assert_contains(v, actual[k], f"{where}.{k}")
    elif isinstance(expected, list):
        assert isinstance(actual, list) and len(actual) == len(expected), \
            f"{where}: expected {len(expected)} items, got {actual!r}"
        for i, (e, a) in enumerate(zip(expected, actual)):
            assert_contains(e, a, f"{where}[{i}]")
    else:
        assert actual == expected, f"{where}: expected {expected!r}, got {actual!r}"


def _upcast(type_name: str, payload: dict) -> dict:
    """A v0.1 (version 1) payload as this build's upcasters turn it into the current version."""
    from simulator.events import EVENT_TYPES, UPCASTERS

    version = 1
    while version < EVENT_TYPES[type_name].version:
        payload = UPCASTERS[(type_name, version)](dict(payload))
        version += 1
    return payload


def test_fixture_covers_every_pending_kind_and_the_feature_areas() -> None:
    kinds = {info.get("kind") for info in EXPECTED.values()} - {None}
    assert kinds == {"explore", "order", "replacement", "target", "mana", "pay_life", "sacrifice",
                     "legend", "discard"}
    types = {e["type"] for info in EXPECTED.values() for e in info["observed"]["log"]}
    assert {"AbilityTriggered", "CreatureExplored", "ReplacementApplied", "ChoiceRequested",
            "SpellCast", "TokenCreated", "PlayerLost"} <= types
    assert any("illegal" in info for info in EXPECTED.values())


@pytest.mark.parametrize("game_id", sorted(EXPECTED))
def test_old_game_answers_as_before(game_id: str, old_db: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """state (now and at a mid point), verify, triggers, log and why are what v0.1 said."""
    monkeypatch.chdir(ROOT)   # the games rows name their source files relative to the root
    want = EXPECTED[game_id]["observed"]
    got = observe(old_db, game_id, [int(s) for s in want["why"]])
    assert got["verify_rc"] == want["verify_rc"] == 0
    assert got["events"] == want["events"]
    assert_contains(contract_now(want["state"]), got["state"], "state")
    assert_contains({**want["state_at"], "state": contract_now(want["state_at"]["state"])}, got["state_at"],
                    "state_at")
    for key in ("triggers", "why"):
        assert_contains(want[key], got[key], key)
    assert len(got["log"]) == len(want["log"])
    for w, g in zip(want["log"], got["log"]):
        if w["type"] in UPCAST_TYPES:
            w = {**w, "payload": _upcast(w["type"], w["payload"])}
        assert_contains(w, g, f"log #{w['seq']}")


@pytest.mark.parametrize("game_id", sorted(EXPECTED))
def test_old_game_replays_to_the_same_events(game_id: str, old_db: str,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    """Replaying the source file now writes the events v0.1 stored (old rows read through upcasters)."""
    from simulator.replay import read_envelopes
    from simulator.store import EventStore

    monkeypatch.chdir(ROOT)
    info = EXPECTED[game_id]
    stem = Path(info["source"]).stem
    now = record(None, game_id, stem, info.get("kind"))
    assert now.get("illegal") == info.get("illegal")
    assert now.get("answer") == info.get("answer")
    store = EventStore(old_db)
    try:
        stored = list(read_envelopes(store, game_id))
    finally:
        store.close()
    fresh = [_row(e) for e in now["game"].events]
    old = [_row(e) for e in stored]
    assert [r[1] for r in fresh] == [r[1] for r in old]
    for f, s in zip(fresh, old):
        assert f == s, f"event #{s[0]} {s[1]}: now {f}, stored {s}"


def _row(env: Any) -> tuple[Any, ...]:
    """An envelope as the store keeps it (the payload as JSON text), frames named by topic:
    v0.1 stored agendas with bare class names, which `LEGACY_FRAMES` resolves."""
    payload = json.dumps(_frame_topics(env.event.payload()), sort_keys=True, ensure_ascii=False)
    return (env.seq, env.type, env.event.version, payload, env.cause_seq, env.decision_seq, env.rule)


def _frame_topics(value: Any) -> Any:
    from simulator.rules.context import LEGACY_FRAMES

    if isinstance(value, dict):
        out = {k: _frame_topics(v) for k, v in value.items()}
        if set(out) == {"frame", "args"}:
            out["frame"] = LEGACY_FRAMES.get(out["frame"], out["frame"])
        return out
    if isinstance(value, list):
        return [_frame_topics(v) for v in value]
    return value
