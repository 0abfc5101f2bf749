"""Old databases keep working: each release fixture replays, verifies and explains itself as it did.

`tests/data/<release>_games.sqlite` was written by that release's code (see
`tests/release_fixture.py`: v0.1 before the rules restructure, v0.2 after the
reliability work), and `tests/data/<release>_games.json` holds what that code
answered. Each test opens a COPY of the database with the current code.

Additive contract changes pass (a new key in `--json` output); a changed or
missing value fails. An event payload stored at an older version than the
current one (the old rows are never rewritten) is compared after the current
upcasters turned it into the current version; its words and everything else
are compared as they were.
"""
from __future__ import annotations

import json
import re
import shutil
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from simulator.game.events import completed_by
from simulator.game.state import STATE_VERSION
from tests.release_fixture import RELEASES, ROOT, Release, observe, record

FIXTURES: dict[str, dict[str, Any]] = {name: json.loads(r.json.read_text()) for name, r in RELEASES.items()}
CASES = [(name, gid) for name, data in FIXTURES.items() for gid in sorted(data["games"])]


def contract_now(state: dict) -> dict:
    """A v0.1 `--json` state as the contract now says it (GAME_FORMAT.md, Output): `game_over`
    was a boolean and is null or {"winners", "losers", "rule"}; `priority` is null while a
    choice is pending or the game is over (v0.1 still named the player); a player's `lost` was a
    boolean and is null or {"rule": ...} (the rule, not recorded in v0.1's view, is checked by
    the scenario tests)."""
    state = dict(state)
    state["players"] = [{**p, "lost": {} if p["lost"] else None} if isinstance(p.get("lost"), bool) else p
                        for p in state.get("players", [])]
    if state.get("game_over") is False:
        state["game_over"] = None
    elif state.get("game_over") is True:
        lost = [p["name"] for p in state["players"] if p.get("lost") is not None]
        state["game_over"] = {"winners": [p["name"] for p in state["players"] if p.get("lost") is None],
                              "losers": lost}
    if state.get("pending") is not None or state.get("game_over"):
        state["priority"] = None
    return state


_COPIES: dict[str, str] = {}


def old_db(release: Release, tmp_path_factory: pytest.TempPathFactory) -> str:
    """A copy of the release's fixture, one per worker (the committed file is never opened for writing)."""
    if release.name not in _COPIES:
        copy = tmp_path_factory.mktemp(release.prefix) / release.db.name
        shutil.copyfile(release.db, copy)
        _COPIES[release.name] = str(copy)
    return _COPIES[release.name]


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


def _upcast(type_name: str, version: int, payload: dict) -> dict:
    """A payload stored at `version` as this build's upcasters turn it into the current version."""
    from simulator.game.events import EVENT_TYPES, UPCASTERS

    while version < EVENT_TYPES[type_name].version:
        payload = UPCASTERS[(type_name, version)](dict(payload))
        version += 1
    return payload


V0_1_KINDS = {"explore", "order", "replacement", "target", "mana", "pay_life", "sacrifice", "legend",
              "discard"}
V0_1_TYPES = {"AbilityTriggered", "CreatureExplored", "ReplacementApplied", "ChoiceRequested", "SpellCast",
              "TokenCreated", "PlayerLost"}


@pytest.mark.parametrize("name,kinds,types", [
    ("v0.1", V0_1_KINDS, V0_1_TYPES),
    ("v0.2", V0_1_KINDS | {"color"}, V0_1_TYPES | {"CountersRemoved", "GameCreated"}),
])
def test_fixture_covers_every_pending_kind_and_the_feature_areas(name: str, kinds: set[str],
                                                                 types: set[str]) -> None:
    games = FIXTURES[name]["games"]
    assert {info.get("kind") for info in games.values()} - {None} == kinds
    assert types <= {e["type"] for info in games.values() for e in info["observed"]["log"]}
    assert any("illegal" in info for info in games.values())


def test_v0_2_fixture_has_every_card_added_since_v0_1() -> None:
    """Each card of issue 9 appears in some v0.2 game, so its events are kept answering."""
    text = " ".join((ROOT / "tests" / "games" / f"{stem}.toml").read_text() for stem in RELEASES["v0.2"].games)
    for card in ("Birds of Paradise", "Elvish Mystic", "Sol Ring", "Arcane Signet", "Fertile Ground",
                 "Utopia Sprawl", "Cryptolith Rite", "Lotus Cobra", "Mirari's Wake", "Lurking Chupacabra",
                 "Seekers' Squire", "Tishana's Wayfinder"):
        assert card in text, card


def _stored_version(name: str, type_name: str) -> int:
    return int(FIXTURES[name].get("event_versions", {}).get(type_name, 1))


@pytest.mark.parametrize("name,game_id", CASES)
def test_old_game_answers_as_before(name: str, game_id: str, tmp_path_factory: pytest.TempPathFactory,
                                    monkeypatch: pytest.MonkeyPatch) -> None:
    """state (now and at a mid point), verify, triggers, log and why are what the release said."""
    monkeypatch.chdir(ROOT)   # the games rows name their source files relative to the root
    want = FIXTURES[name]["games"][game_id]["observed"]
    got = observe(old_db(RELEASES[name], tmp_path_factory), game_id, [int(s) for s in want["why"]])
    assert got["verify_rc"] == want["verify_rc"] == 0
    assert got["events"] == want["events"]
    assert_contains(contract_now(want["state"]), got["state"], "state")
    assert_contains({**want["state_at"], "state": contract_now(want["state_at"]["state"])}, got["state_at"],
                    "state_at")
    names = handle_names(name, want["log"])
    for key in ("triggers", "why"):
        assert_contains(named(want[key], names), got[key], key)
    assert len(got["log"]) == len(want["log"])
    for w, g in zip(want["log"], got["log"]):
        w = {**w, "payload": _upcast(w["type"], _stored_version(name, w["type"]), w["payload"]),
             "text": named(w["text"], names)}
        assert_contains(w, g, f"log #{w['seq']}")


# the events that make a new object of a card (400.7): (old id, new id) in their payloads
_MOVES = {"ZoneChanged": ("object_id", "new_id"), "CardDrawn": ("object_id", "new_id"),
          "SpellCast": ("object_id", "spell_id")}


def handle_names(name: str, log: list[dict]) -> dict[str, str]:
    """Engine id -> handle, from a release's `log --json`: the words of `log`, `why` and
    `triggers` now name the objects of a card the file gave a handle by that handle, as the
    state always did (issue 23: one name per object); the release named them by the engine's
    ids. Worked out here from the payloads, apart from the code that does it."""
    handled: set[str] = set()
    out: dict[str, str] = {}
    for e in log:
        p = _upcast(e["type"], _stored_version(name, e["type"]), e["payload"])
        if e["type"] == "CardPlaced" and p.get("handle"):
            handled.add(p["object_id"])
        elif e["type"] in _MOVES:
            old, new = (p[k] for k in _MOVES[e["type"]])
            handle = out.get(old, old if old in handled else None)
            if handle is not None and handle != new:
                out[new] = handle
    return out


def named(value: Any, names: dict[str, str]) -> Any:
    """`value` (words or JSON of them) with each engine id in `names` written as its handle."""
    if isinstance(value, str):
        return re.sub(r"[A-Za-z0-9_][\w-]*", lambda mt: names.get(mt.group(), mt.group()), value)
    if isinstance(value, dict):
        return {k: named(v, names) for k, v in value.items()}
    if isinstance(value, list):
        return [named(v, names) for v in value]
    return value


@pytest.mark.parametrize("name,game_id", CASES)
def test_old_game_replays_to_the_same_events(name: str, game_id: str, tmp_path_factory: pytest.TempPathFactory,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    """Replaying the source file now, with the built-in cards the game was played with (the
    edition its stored source names; these releases': edition 1), writes the events the release
    stored (old rows read through upcasters)."""
    from simulator.session.recorder import read_envelopes
    from simulator.session.sources import builtin_edition
    from simulator.store import EventStore

    monkeypatch.chdir(ROOT)
    info = FIXTURES[name]["games"][game_id]
    stem = Path(info["source"]).stem
    store = EventStore(old_db(RELEASES[name], tmp_path_factory))
    try:
        stored = list(read_envelopes(store, game_id))
    finally:
        store.close()
    edition = builtin_edition(getattr(stored[0].event, "source", None))
    assert edition == 1
    now = record(None, game_id, stem, info.get("kind"), edition)
    assert now.get("illegal") == info.get("illegal")
    assert now.get("answer") == info.get("answer")
    fresh = [_row(e) for e in now["game"].events]
    assert [r[1] for r in fresh] == [e.type for e in stored]
    # a new game follows the current state version (GameCreated.state_version, which a game of
    # these releases, state version 1, leaves out): the one field a fresh replay adds
    created = json.loads(fresh[0][3])
    assert created.pop("state_version") == STATE_VERSION == 4
    fresh[0] = (*fresh[0][:3], json.dumps(created, sort_keys=True, ensure_ascii=False), *fresh[0][4:])
    # a v0.1 AbilityActivated did not record where its ability's text is: the fresh event must
    # agree with every part it recorded (`completed_by`), and is then compared whole
    old = [_row(replace(e, event=completed_by(e.event, n.event))) for e, n in zip(stored, now["game"].events)]
    for f, s in zip(fresh, old):
        assert f == s, f"event #{s[0]} {s[1]}: now {f}, stored {s}"


def _row(env: Any) -> tuple[Any, ...]:
    """An envelope as the store keeps it (the payload as JSON text), each frame of an agenda as
    this build reads it back and writes it: v0.1 stored agendas with bare class names, which
    `LEGACY_FRAMES` resolves, and frames whose fields changed since (`Frame.legacy_args`)."""
    payload = json.dumps(_frames_now(env.event.payload()), sort_keys=True, ensure_ascii=False)
    return (env.seq, env.type, env.event.version, payload, env.cause_seq, env.decision_seq, env.rule)


def _frames_now(value: Any) -> Any:
    from simulator.rules.context import decode_frame

    if isinstance(value, dict):
        if set(value) == {"frame", "args"}:
            return decode_frame(value).encode()
        return {k: _frames_now(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_frames_now(v) for v in value]
    return value
