"""The fold's shortcuts (issue 10: a fold near the raw read) give exactly what the plain fold
gives: `state.project` changes one private copy in place instead of copying the state per event,
readers fetch the fold's columns only and decode a repeated payload once. Every test compares
with the long way (`evolve` one event at a time, `decode_stored` on every stored row); timings
live in `python -m bench`."""
from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Callable

import pytest

from scenario import GAMES as GAMES_DIR, migrated_db
from simulator.store import decoding
from simulator.base.errors import CorruptEvent
from simulator.store.decoding import decode_stored
from simulator.session.recorder import read_envelopes, replay_file, state_from_store, verify
from simulator.game.state import GameState, evolve, project
from simulator.game.codec import state_digest, state_to_dict
from simulator.store import EventStore


GAMES = sorted(p.name for p in GAMES_DIR.glob("*.toml"))[::16]   # a sample: the suite stays fast
FIRST = "spine_tapped_land.toml"


def _long_game(tmp_path: Path, turns: int = 3) -> tuple[str, str]:
    """The bench's constant-board game: turns of priority passes, taps, casts."""
    import json
    from bench.workloads import constant_board_game
    path = tmp_path / "long.json"
    path.write_text(json.dumps(constant_board_game(turns)))
    db = str(tmp_path / "long.sqlite")
    return db, replay_file(path, db).game.game_id


def _stored_game(tmp_path: Path, name: str) -> tuple[str, str]:
    db = migrated_db(tmp_path / "g.sqlite")
    result = replay_file(GAMES_DIR / name, db)
    return db, result.game.game_id


def _one_by_one(envelopes: list, initial: GameState) -> GameState:
    state = initial
    for env in envelopes:
        state = evolve(state, env)
    return state


@pytest.mark.parametrize("name", GAMES)
def test_replay_gives_the_state_evolve_gives_and_leaves_its_start_alone(name: str, tmp_path: Path) -> None:
    db, gid = _stored_game(tmp_path, name)
    with EventStore(db) as store:
        envelopes = list(read_envelopes(store, gid))
    half = len(envelopes) // 2
    start = _one_by_one(envelopes[:half], GameState(game_id=gid))
    before = state_to_dict(start)
    folded = project(envelopes[half:], start)
    assert state_digest(folded) == state_digest(_one_by_one(envelopes[half:], start))
    assert state_to_dict(start) == before
    assert type(folded.objects).__name__ == "PMap" and type(folded.players).__name__ == "PMap"
    assert "_draft" not in folded.__dict__
    # the result is an ordinary state: evolving it makes a new state and leaves it as it was
    if envelopes:
        again = evolve(folded, envelopes[-1])
        assert again is not folded and state_to_dict(folded) == state_to_dict(project(envelopes[half:], start))


def test_a_fold_that_fails_midway_changes_nothing_it_was_given(tmp_path: Path) -> None:
    db, gid = _stored_game(tmp_path, FIRST)
    with EventStore(db) as store:
        envelopes = list(read_envelopes(store, gid))
    start = _one_by_one(envelopes[:3], GameState(game_id=gid))
    before = state_to_dict(start)

    def broken():   # a log that stops with an error part way through
        yield from envelopes[3:6]
        raise RuntimeError("disk gone")

    with pytest.raises(RuntimeError):
        project(broken(), start)
    assert state_to_dict(start) == before


@pytest.mark.parametrize("name", GAMES[:6])
def test_read_envelopes_equal_the_stored_rows_decoded_one_by_one(name: str, tmp_path: Path) -> None:
    db, gid = _stored_game(tmp_path, name)
    with EventStore(db) as store:
        fast = list(read_envelopes(store, gid))
        slow = [decode_stored(row) for row in store.read(gid)]
        assert fast == slow
        assert list(read_envelopes(store, gid, upto=5)) == slow[:5]
        assert list(read_envelopes(store, gid, upto=9, after=4)) == slow[4:9]
        assert state_digest(state_from_store(store, gid, snapshots=False)) == \
            state_digest(_one_by_one(slow, GameState(game_id=gid)))


def test_a_repeated_payload_is_decoded_once_per_read(tmp_path: Path) -> None:
    db, gid = _long_game(tmp_path)
    with EventStore(db) as store:
        envelopes = list(read_envelopes(store, gid))
        again = list(read_envelopes(store, gid))
    passes = [e for e in envelopes if e.type == "PriorityPassed"]
    by_player: dict[str, set[int]] = {}
    for e in passes:
        by_player.setdefault(e.event.player, set()).add(id(e.event))
    assert by_player and all(len(ids) == 1 for ids in by_player.values())   # one object per payload
    assert {id(e.event) for e in again}.isdisjoint({id(e.event) for e in envelopes})   # per read


def test_a_full_memo_starts_again_and_decodes_the_same(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The memo is bounded (MEMO_ENTRIES distinct payloads): once full it is emptied, and the
    envelopes are still the stored rows decoded one by one; the fold of the rows (`fold_rows`,
    the same memo) still gives the state of folding those one by one, and verify passes."""
    db, gid = _long_game(tmp_path)
    monkeypatch.setattr(decoding, "MEMO_ENTRIES", 3)
    with EventStore(db) as store:
        fast = list(read_envelopes(store, gid))
        slow = [decode_stored(row) for row in store.read(gid)]
        folded = state_from_store(store, gid, snapshots=False)
        problems = verify(store, gid)
    assert fast == slow
    assert state_digest(folded) == state_digest(_one_by_one(slow, GameState(game_id=gid)))
    assert problems == []
    passes = {id(e.event) for e in fast if e.type == "PriorityPassed"}
    assert len(passes) > 2   # decoded again after the memo started over


def test_a_corrupt_repeat_of_a_good_payload_is_still_named(tmp_path: Path) -> None:
    """Memoising by payload text never hides a corrupt row: a row whose text differs is
    decoded (and refused) on its own, at its own seq."""
    db, gid = _long_game(tmp_path)
    with EventStore(db) as store:
        rows = list(store.read_rows(gid))
    seq = next(r[0] for r in rows[5:] if r[1] == "PriorityPassed")
    bad = [r if r[0] != seq else (r[0], r[1], r[2], '{"player": 7}', r[4], r[5], r[6]) for r in rows]
    with pytest.raises(CorruptEvent) as caught:
        list(decoding.decode_rows(gid, bad))
    assert caught.value.seq == seq


def test_read_rows_refuses_an_unknown_game(tmp_path: Path) -> None:
    from simulator.base.errors import NotFound
    db, _ = _stored_game(tmp_path, FIRST)
    with EventStore(db) as store, pytest.raises(NotFound):
        store.read_rows("no-such-game")


def test_the_snapshot_fold_and_the_full_fold_agree_on_a_long_game(tmp_path: Path) -> None:
    db, gid = _long_game(tmp_path, 12)
    with EventStore(db) as store:
        full = state_from_store(store, gid, snapshots=False)
        cached = state_from_store(store, gid)
        slow = _one_by_one([decode_stored(r) for r in store.read(gid)], GameState(game_id=gid))
    assert state_digest(full) == state_digest(cached) == state_digest(slow)
    con = sqlite3.connect(db)
    try:
        assert con.execute("SELECT state_digest FROM games WHERE game_id = ?", (gid,)).fetchone()[0] == \
            state_digest(full)
    finally:
        con.close()


def _first_problem(cls: type, payload: dict) -> str | None:
    """The payload check as GAME_FORMAT's readers need it, written plainly: each field in order,
    the first one missing (and required) or whose value `_accepts` (not remembered) refuses."""
    for name, annotation, required in decoding._fields(cls):
        if name not in payload:
            if required:
                return f"field {name!r} is missing"
        elif not decoding._accepts(annotation, payload[name]):
            return f"field {name!r} has the wrong type ({type(payload[name]).__name__})"
    return None


@pytest.mark.parametrize("name", GAMES[:6])
def test_the_one_pass_decoder_gives_what_the_check_and_the_constructor_give(name: str, tmp_path: Path) -> None:
    """`decoding._builder` (check and event in one pass, each field's type check remembered per
    value type, no dataclass `__init__`) against the plain check and `event_from_payload`: the
    same event for every stored event of six games, and the same first problem in the same words
    when a field is missing or holds a value of another type (every JSON type tried)."""
    from simulator.game import events as ev
    db, gid = _stored_game(tmp_path, name)
    with EventStore(db) as store:
        rows = list(store.read(gid))
    others: list[object] = [None, 0, True, 1.5, "x", [], ["x"], {}, {"not": "this"}]
    for row in rows:
        cls = ev.EVENT_TYPES[row.type]
        if row.version != cls.version:
            continue
        built = decoding._builder(cls)(row.payload)
        assert built == ev.event_from_payload(row.type, row.version, row.payload)
        assert vars(built) == vars(ev.event_from_payload(row.type, row.version, row.payload))
        for field in row.payload:
            variants = [{k: v for k, v in row.payload.items() if k != field}]
            variants += [dict(row.payload, **{field: other}) for other in others]
            for payload in variants:
                expected = _first_problem(cls, payload)
                constructed = _outcome(lambda: ev.event_from_payload(row.type, row.version, payload))
                assert _outcome(lambda: decoding._builder(cls)(payload)) == (expected or constructed)
                problem = _outcome(lambda: decoding.payload_problem(row.type, payload))
                # no problem, or a decoder's own error (a malformed ability id) as the constructor raises it
                assert problem == expected if expected else problem in (None, constructed)


def _outcome(make: Callable[[], object]) -> object:
    """What `make` returns, or the type and text of what it raises."""
    try:
        return make()
    except Exception as exc:   # the decoders' ValueError on a malformed ability id, both ways
        return (type(exc), str(exc))


def test_a_record_made_without_init_equals_the_dataclass_one() -> None:
    """`records.made` against the dataclass's own `__init__`: the same record (defaults and
    default factories included), fields in the same order, and its TypeErrors."""
    from simulator.game import events as ev
    from simulator.base.records import made
    from simulator.game.state import GameObject
    from simulator.store import StoredEvent
    fields = dict(id="forest-1", card="Forest", owner="Alice", zone="battlefield", controller="Alice",
                  tapped=True, handle="f")
    for cls, given in ((GameObject, fields), (GameObject, dict(fields, tapped=False, counters={"+1/+1": 2})),
                       (ev.CardPlaced, dict(object_id="f", card="Forest", owner="Alice", zone="library")),
                       (ev.CardPlaced, dict(object_id="f", card="Forest", owner="Alice", zone="battlefield",
                                            counters={"+1/+1": 1})),
                       (StoredEvent, dict(position=1, game_id="g", seq=1, event_id="e", type="T", version=1,
                                          payload={}, cause_seq=None, decision_seq=None, rule=None,
                                          recorded_at="now", hash="h"))):
        record = made(cls, given)
        assert record == cls(**given) and list(vars(record)) == list(vars(cls(**given)))
    with pytest.raises(TypeError):
        made(GameObject, dict(fields, colour="green"))
    with pytest.raises(TypeError):
        made(GameObject, {"id": "x"})


@pytest.mark.parametrize("name", GAMES)
def test_the_digester_gives_state_digest_at_every_step_of_a_fold(name: str, tmp_path: Path) -> None:
    """verify's StateDigester digests every state of a fold, one after another, as state_digest
    does (objects moved, tapped, created), and `state_text` (what a replay's snapshot stores,
    written from the records) is that digest and the canonical JSON of `state_to_dict`."""
    import hashlib

    from simulator.game.codec import StateDigester, state_text, state_to_dict
    from simulator.store.chain import canonical_json
    db, gid = _stored_game(tmp_path, name)
    with EventStore(db) as store:
        envelopes = list(read_envelopes(store, gid))
    digester = StateDigester()
    state = GameState(game_id=gid)
    for env in envelopes:
        state = evolve(state, env)
        assert digester.digest(state) == state_digest(state), env.seq
        if env.seq % 7 == 0 or env.seq == len(envelopes):
            digest, text = state_text(state)
            assert (digest, text) == (state_digest(state), canonical_json(state_to_dict(state))), env.seq
            assert digester.digests(state)[1] == hashlib.sha256(text.encode()).hexdigest()
    state = project(envelopes[: len(envelopes) // 2], GameState(game_id=gid))   # in place, then on
    assert digester.digest(state) == state_digest(state)


def test_the_digester_keeps_a_bounded_number_of_object_texts_between_digests(tmp_path: Path) -> None:
    """StateDigester reuses an object's text from its last digest when the record is the same
    one (records are immutable): the same digests as state_digest whether it keeps every
    object's text, a few or none, from states made one by one and folded in place, and never
    more than `KEPT` texts (memory flat in game length)."""
    from simulator.game.codec import StateDigester
    db, gid = _stored_game(tmp_path, GAMES[0])
    with EventStore(db) as store:
        envelopes = list(read_envelopes(store, gid))
    digesters = [StateDigester() for _ in range(3)]
    digesters[1].KEPT, digesters[2].KEPT = 2, 0
    state = GameState(game_id=gid)
    for env in envelopes:
        state = evolve(state, env)
        if env.seq % 3 == 0:
            for d in digesters:
                assert d.digests(state) == digesters[0].digests(state), env.seq
            assert digesters[0].digest(state) == state_digest(state)
            assert len(digesters[1]._kept) <= 2 and not digesters[2]._kept
    assert digesters[0]._kept and len(digesters[0]._kept) == min(len(state.objects), StateDigester.KEPT)
    for upto in (len(envelopes) // 3, len(envelopes) // 2, len(envelopes)):   # in place, then on
        folded = project(envelopes[:upto], GameState(game_id=gid))
        assert [d.digest(folded) for d in digesters] == [state_digest(folded)] * 3


def test_an_objects_json_written_field_by_field_is_the_plain_json() -> None:
    """The digester writes a GameObject's JSON field by field (`codec._record_json`): the same
    text `json.dumps(_plain(record), sort_keys=True, ...)` writes, for the defaults left out
    (ADDED_LATER), set ones kept, counters, activations, odd strings, floats and None."""
    import json
    from pyrsistent import pmap
    from simulator.game.codec import _plain, _record_json
    from simulator.game.state import GameObject
    base = dict(id="forest-1", card="Forest", owner="Alice", zone="battlefield", controller="Alice")
    variants = [
        {}, {"tapped": True}, {"counters": pmap({"+1/+1": 2, "charge": 0})}, {"control_since": -1},
        {"attached_to": "elf-2", "exiled_with": "x", "is_token": True, "x": 3, "moved_to": "forest-2"},
        {"chosen_color": "G", "chosen_creature_type": "Elf", "handle": "f1", "skips_untap_of": "Bob"},
        {"activations": ("3|a",), "damage": 2, "deathtouched": True}, {"activations": ()},
        {"card": 'Jötun "Grunt"\\', "owner": "Ålice\u2028"}, {"x": 2.5}, {"damage": 0, "deathtouched": False},
    ]
    for changes in variants:
        record = GameObject(**{**base, **changes})
        assert _record_json(record) == json.dumps(_plain(record), sort_keys=True, separators=(",", ":"),
                                                  default=str), changes


def test_a_fold_with_stops_hands_over_the_state_at_each_stop(tmp_path: Path) -> None:
    """`project_with_stops` (verify's one fold): at each stop the state `project` gives up to that
    seq (a stop the log has no event for is passed over), and the end the same as `project`;
    an event that does not apply is a FoldError naming its seq and the handler's exception."""
    from simulator.game.state import FoldError, project_with_stops
    db, gid = _long_game(tmp_path)
    with EventStore(db) as store:
        envelopes = list(read_envelopes(store, gid))
    last = envelopes[-1].seq
    stops = [1, 7, 50, 50, last // 2, last + 5]
    seen: dict[int, str] = {}

    def at_stop(env: object, state: GameState) -> None:
        assert state.version not in seen and env.seq == state.version   # type: ignore[attr-defined]
        seen[state.version] = state_digest(state)

    gaps = [e for e in envelopes if e.seq != 50]   # no event 50: passed over
    end = project_with_stops(gaps, GameState(game_id=gid), stops, at_stop)
    assert sorted(seen) == [1, 7, last // 2]
    for seq in seen:
        assert seen[seq] == state_digest(project([e for e in gaps if e.seq <= seq], GameState(game_id=gid)))
    assert state_digest(end) == state_digest(project(gaps, GameState(game_id=gid)))
    tapped = next(e for e in envelopes if e.type == "PermanentTapped")
    broken = decoding.decode_event(gid, tapped.seq, "PermanentTapped", 1, {"object_id": "nobody-1"})
    from simulator.game import events as ev
    bad = [*envelopes[:10], ev.Envelope.of(11, broken, None, None, None)]
    with pytest.raises(FoldError) as caught:
        project_with_stops(bad, GameState(game_id=gid), [], at_stop)
    assert caught.value.seq == 11 and isinstance(caught.value.cause, KeyError)


def test_a_text_stored_under_two_types_decodes_as_each(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The read memo is kept per event type: 'Alice' receives and passes priority in the same
    words, each decoded once per read as its own event class (not one evicting the other)."""
    db, gid = _long_game(tmp_path)
    calls: list[str] = []
    real = decoding.decode_event

    def counting(game_id: str, seq: int, type_name: str, *rest: object) -> object:
        calls.append(type_name)
        return real(game_id, seq, type_name, *rest)   # type: ignore[arg-type]

    with EventStore(db) as store:
        rows = list(store.read_rows(gid))
        monkeypatch.setattr(decoding, "decode_event", counting)
        envelopes = list(decoding.decode_rows(gid, rows))
        monkeypatch.undo()
        assert [type(e.event).__name__ for e in envelopes] == [r[1] for r in rows]
        texts = {(r[1], r[3]) for r in rows if r[1] in ("PriorityReceived", "PriorityPassed")}
        assert calls.count("PriorityReceived") + calls.count("PriorityPassed") == len(texts)
        assert [decode_stored(r).event for r in store.read(gid)] == [e.event for e in envelopes]
