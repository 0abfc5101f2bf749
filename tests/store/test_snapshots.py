"""State snapshots (DESIGN.md, Store): a cache of folded states that makes `state --at N`
and replays of long games cheap, never a second source of truth.

- `state_from_dict` is the exact inverse of `state_to_dict` (also through JSON), and a
  restored state works with the rules exactly like the original (`decide` gives the same
  events, a pending choice included);
- the recorder saves a snapshot whenever a batch takes the game's version across a multiple
  of `snapshot_every`; `state_from_store` at any N equals a plain fold of the log;
- a game continued from a snapshot writes the same events as the live game did;
- `verify` (which still folds from the first event) names a corrupted snapshot's game and
  seq, and `state_from_store` does not use a snapshot whose state disagrees with its digest;
- migration 0003 adds and drops the table, keeping every event.

Store-level tests run on both backends (`store_url`).
"""
from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from alembic import command
from pyrsistent import PMap, PVector

from bench.workloads import lands_game
from clirun import run as cli   # in-process; the subprocess contract: test_cli.py, test_exit_status.py
from scenario import GAMES, game_path, migrated_db
from simulator.cards import CardPool
from simulator.session.game import Game
from simulator.base.errors import IllegalAction, NotFound, StoreError
from simulator.formats.recorded import load_recorded_game
from simulator.store.decoding import to_new_event
from simulator.session.recorder import (SNAPSHOT_EVERY, Recorder, decisions_for, read_envelopes, replay_file,
                              restore_snapshot, state_from_store, verify)
from simulator.rules import Choose, decide
from simulator.game.state import GameState, evolve
from simulator.game.codec import state_digest, state_from_dict, state_to_dict
from simulator.store import NewEvent, EventStore, alembic_config, make_engine
from simulator.session.view import state_json

REPO = Path(__file__).resolve().parents[2]
EXAMPLE = REPO / "examples" / "forest_and_elves.toml"
PENDING = "explore_branchwalker_pending_choice"


# --------------------------------------------------------------------------- helpers

def game_files() -> list[Path]:
    """Every recorded game in tests/games (not card files, not tests/games/invalid) + the example."""
    out = []
    for f in sorted(GAMES.glob("*.toml")):
        if "format" in f.read_text():
            out.append(f)
    return out + [EXAMPLE]


def long_game(path: Path, turns: int) -> Path:
    """The benchmarks' long game of `turns` turns (bench/workloads.py), written to `path`."""
    path.write_text(json.dumps(lands_game(turns)))
    return path


def record(path: Path, store: EventStore | None, snapshot_every: int | None = None,
           spacing: str | None = None):
    """Play a recorded game through a Recorder, as `replay_file` does, and keep each
    decision with the events it made: (game, pool, [(decision, envelopes)])."""
    recorded, pool = load_recorded_game(path, CardPool.builtin())
    game = Game(pool)
    if store is not None:
        store.create_game(game.game_id, recorded.title, source=str(path))
    rec = Recorder(game, store, snapshot_every, spacing=spacing)
    setup = game.setup(recorded)
    rec.commit(setup)
    batches: list[tuple[Any, list]] = [(None, setup)]
    for action in recorded.actions:
        try:
            for d in decisions_for(action, game):
                batches.append((d, rec.apply(d)))
        except IllegalAction:
            break
    rec.finish()
    return game, pool, batches


def rows(envs: list) -> list:
    return [to_new_event(e) for e in envs]


def round_trip(state: GameState) -> GameState:
    return state_from_dict(json.loads(json.dumps(state_to_dict(state))))


def plain_fold_states(store: EventStore, game_id: str) -> list[GameState]:
    """states[n] = the log folded from its first event up to seq n (no snapshots)."""
    state = GameState(game_id=game_id)
    out = [state]
    for env in read_envelopes(store, game_id):
        state = evolve(state, env)
        out.append(state)
    return out


def execute(raw_connect: Callable[[str], Any], url: str, sql: str, *params: Any) -> None:
    """One statement as whoever can write the database: the snapshot triggers (migration 0008)
    dropped first, as such a writer can."""
    conn = raw_connect(url)
    try:
        if not isinstance(conn, sqlite3.Connection):
            sql = sql.replace("?", "%s")
            conn.execute("DROP TRIGGER IF EXISTS trg_snapshots_insert_only ON snapshots")
        else:
            conn.execute("DROP TRIGGER IF EXISTS trg_snapshots_no_update")
            conn.execute("DROP TRIGGER IF EXISTS trg_snapshots_no_delete")
        conn.execute(sql, params)
    finally:
        conn.close()


# --------------------------------------------------------------------------- state_from_dict

def test_every_state_of_every_game_round_trips_through_json():
    """state_from_dict inverts state_to_dict (through json.dumps/json.loads, with no
    `default=` fallback) on the state after every event of every recorded game."""
    n = 0
    for path in game_files():
        game = replay_file(path, None).game
        state = GameState(game_id=game.game_id)
        for env in game.events:
            state = evolve(state, env)
            assert state_digest(round_trip(state)) == state_digest(state), (path.name, env.seq)
            n += 1
        assert state_digest(round_trip(game.state)) == state_digest(game.state)
    assert n > 3000


@pytest.mark.parametrize("name", [PENDING, "trig_order_defossilize", "cast_hangarback_x2_dies",
                                  "explore_tracker_spelunker_x2", "mana_steam_vents_pay",
                                  "trig_apnap_both_order", "layer_aura_gift_cast", "forest_and_elves"])
def test_round_trip_is_exact_on_states_folded_from_the_store(name, tmp_path):
    """A state folded from stored events and its round trip are equal as values (not only
    by digest): same records, PMap/PVector/tuple exactly where evolve builds them."""
    path = EXAMPLE if name == "forest_and_elves" else game_path(name)
    db = migrated_db(tmp_path / "g.sqlite")
    gid = replay_file(path, db).game.game_id
    with EventStore(db) as store:
        states = plain_fold_states(store, gid)
    for s in states:
        back = round_trip(s)
        assert back == s, (name, s.version)
        assert state_digest(back) == state_digest(s)


def test_restored_containers_have_the_types_evolve_builds(tmp_path):
    """Types, field by field, on the pending explore (an object with a counter, a spell on
    the stack... and the pending choice with its agenda)."""
    result = replay_file(game_path(PENDING), None)
    live = result.game.state
    s = round_trip(live)
    assert isinstance(s.players, PMap) and isinstance(s.objects, PMap)
    assert isinstance(s.battlefield, PVector) and isinstance(s.stack, PVector)
    assert isinstance(s.waiting, PVector)
    assert isinstance(s.order, tuple) and isinstance(s.passed, tuple)
    for p in s.players.values():
        assert isinstance(p.pool, PMap)
        for zone in (p.library, p.hand, p.graveyard, p.exile):
            assert isinstance(zone, PVector)
    for o in s.objects.values():
        assert isinstance(o.counters, PMap)
    branchwalker = next(o for o in s.objects.values()
                        if o.card == "Merfolk Branchwalker" and o.zone == "battlefield")
    assert dict(branchwalker.counters) == {"+1/+1": 1}
    for item in s.stack:
        assert isinstance(item.targets, tuple) and isinstance(item.data, PMap)
    assert isinstance(s.pending, PMap)
    assert s.pending["kind"] == "explore" and s.pending["player"] == "Alice"
    assert s.pending["options"] == ("top", "graveyard")
    assert isinstance(s.pending["agenda"], tuple) and s.pending["agenda"]
    assert all(isinstance(f, dict) for f in s.pending["agenda"])
    assert json.loads(json.dumps(state_to_dict(s))) == state_to_dict(live)


def test_state_from_dict_refuses_data_of_another_shape():
    """Strict: a missing or unknown field is a ValueError naming it (a snapshot written by
    a build with other state records is refused, never completed with defaults)."""
    data = state_to_dict(replay_file(EXAMPLE, None).game.state)
    missing = dict(data)
    del missing["next_timestamp"]
    with pytest.raises(ValueError, match="GameState.*missing next_timestamp"):
        state_from_dict(missing)
    extra = json.loads(json.dumps(data))
    next(iter(extra["objects"].values()))["phased_out"] = False
    with pytest.raises(ValueError, match="GameObject.*unknown phased_out"):
        state_from_dict(extra)


def test_decide_on_a_restored_state_gives_the_same_events():
    """Before every decision of every recorded game, `decide` on the round-tripped state
    gives the same events and the same next state as on the live one — or the same
    IllegalAction (message and rule)."""
    decisions = illegal = 0
    for path in game_files():
        recorded, pool = load_recorded_game(path, CardPool.builtin())
        game = Game(pool)
        game.setup(recorded)
        try:
            for action in recorded.actions:
                for d in decisions_for(action, game):
                    restored = round_trip(game.state)
                    try:
                        after, out = decide(restored, d, pool)
                    except IllegalAction as e:
                        with pytest.raises(IllegalAction) as live_error:
                            game.apply(d)
                        assert (str(e), e.rule) == (str(live_error.value), live_error.value.rule)
                        illegal += 1
                        raise
                    live_out = game.apply(d)
                    assert rows(out) == rows(live_out), (path.name, d)
                    assert state_digest(after) == state_digest(game.state)
                    decisions += 1
        except IllegalAction:
            pass
    assert decisions > 800 and illegal > 30


def test_pending_choice_survives_a_round_trip():
    """608.2d/701.44a: the explore choice left pending; the restored state accepts either
    answer with the same events, and refuses Bob's answer with the same error."""
    result = replay_file(game_path(PENDING), None)
    live, pool = result.game.state, result.game.pool
    assert live.pending is not None
    restored = round_trip(live)
    for answer in ("top", "graveyard"):
        a_state, a_out = decide(restored, Choose("Alice", answer), pool)
        b_state, b_out = decide(live, Choose("Alice", answer), pool)
        assert rows(a_out) == rows(b_out)
        assert a_out[0].type == "ChoiceMade"
        assert state_digest(a_state) == state_digest(b_state)
        assert a_state.pending is None
    with pytest.raises(IllegalAction, match="Alice's") as wrong:
        decide(restored, Choose("Bob", "top"), pool)
    assert wrong.value.rule == "608.2d"


# --------------------------------------------------------------------------- the store

def test_save_and_find_snapshots(store_url):
    with EventStore(store_url) as store:
        store.create_game("g", "t")
        assert store.snapshot_at_or_before("g", None) is None
        # a snapshot is used only while the log has the event it was taken after (0006)
        store.append("g", [NewEvent(i, "T", 1, {"i": i}) for i in range(1, 41)], 0)
        store.save_snapshot("g", 10, {"at": 10}, "d10")
        store.save_snapshot("g", 30, {"at": 30, "nested": [1, {"x": None}]}, "d30")
        store.save_snapshot("g", 20, {"at": 20}, "d20")
        assert store.snapshot_at_or_before("g", None) == (30, {"at": 30, "nested": [1, {"x": None}]})
        assert store.snapshot_at_or_before("g", 29) == (20, {"at": 20})
        assert store.snapshot_at_or_before("g", 20) == (20, {"at": 20})
        assert store.snapshot_at_or_before("g", 9) is None
        assert store.snapshot_at_or_before("g", 0) is None
        assert store.latest_snapshot("g", 15) == (10, {"at": 10}, "d10")
        assert store.snapshots("g") == [(10, "d10"), (20, "d20"), (30, "d30")]
        # upsert-free: the first snapshot of a (game, seq) stays
        store.save_snapshot("g", 20, {"at": "other"}, "other")
        assert store.snapshot_at_or_before("g", 25) == (20, {"at": 20})
        # per game
        store.create_game("h", "t")
        assert store.snapshot_at_or_before("h", None) is None and store.snapshots("h") == []
        with pytest.raises(NotFound):
            store.save_snapshot("nope", 1, {}, "d")
        with pytest.raises(StoreError, match="seq must be an int >= 1"):
            store.save_snapshot("g", 0, {}, "d")
        with pytest.raises(StoreError, match="not JSON-serialisable"):
            store.save_snapshot("g", 40, {"x": object()}, "d")
        assert store.snapshots("g") == [(10, "d10"), (20, "d20"), (30, "d30")]


@pytest.mark.parametrize("readonly", [False, True])
def test_a_snapshot_is_read_a_slice_at_a_time(store_url, readonly):
    """`latest_snapshot_pieces` (issue 25, goal 3: a long game's snapshot never held whole):
    the pieces join to the text `latest_snapshot_text` gives, whatever the slice, characters
    of several bytes cut between slices included; the same snapshot, seq and digest; None
    where there is none. SQLite reads by incremental blob I/O (also through a read-only open's
    own driver connection), PostgreSQL by `substr`."""
    import hashlib

    from simulator.session.recorder import _pieces_hash
    state = {"at": 30, "text": "é\u2028\U0001f600" * 40 + "x" * 99, "nested": [1, {"x": None}]}
    with EventStore(store_url) as store:
        store.create_game("g", "t")
        store.append("g", [NewEvent(i, "T", 1, {"i": i}) for i in range(1, 41)], 0)
        store.save_snapshot("g", 10, {"at": 10}, "d10")
        store.save_snapshot("g", 30, state, "d30")
    with EventStore(store_url, readonly=readonly) as store:
        for upto in (None, 35, 30, 29, 9):
            whole = store.latest_snapshot_text("g", upto)
            for size in (1, 2, 3, 7, 1 << 18):
                with store.latest_snapshot_pieces("g", upto, size) as found:
                    if whole is None:
                        assert found is None
                        continue
                    seq, digest, pieces = found
                    got = list(pieces)
                assert (seq, "".join(got), digest) == whole
                assert all(0 < len(p) <= size for p in got)
        assert _pieces_hash(store, "g", 30) == hashlib.sha256(whole_30(store).encode()).hexdigest()
        assert _pieces_hash(store, "g", 20) is None
        with store.latest_snapshot_pieces("g", None, 5) as found:   # left unread: closed all the same
            next(found[2])
        assert store.latest_snapshot_text("g", None)[0] == 30


def whole_30(store):
    return store.latest_snapshot_text("g", 30)[1]


def test_snapshots_are_outside_the_hash_chain(store_url, raw_connect):
    """Snapshots may be added, changed or deleted without touching the log's chain."""
    with EventStore(store_url) as store:
        game, _, _ = record(EXAMPLE, store, snapshot_every=10, spacing="fixed")
        gid = game.game_id
        assert len(store.snapshots(gid)) >= 5
        assert store.verify_chain(gid) == [] and verify(store, gid) == []
    execute(raw_connect, store_url, "DELETE FROM snapshots WHERE seq > ?", 30)
    with EventStore(store_url) as store:
        assert store.verify_chain(gid) == [] and verify(store, gid) == []
        assert state_digest(state_from_store(store, gid)) == state_digest(game.state)


# --------------------------------------------------------------------------- the recorder

def test_recorder_snapshots_when_the_version_crosses_a_multiple(store_url, tmp_path):
    """One snapshot at the end of each batch that crosses snapshot_every × 2^k (doubling
    intervals: 25, 50, 100, ...) and one at the end (the latest), each holding the live state
    after that batch and its digest."""
    every = 25
    points = [every * 2 ** k for k in range(20)]
    with EventStore(store_url) as store:
        game, _, batches = record(long_game(tmp_path / "long.json", 3), store, snapshot_every=every)
        expected = [b[-1].seq for _, b in batches
                    if b and any(b[0].seq <= p <= b[-1].seq for p in points)]
        assert expected[-1] != game.state.version
        expected.append(game.state.version)
        assert len(expected) >= 4
        snaps = store.snapshots(game.game_id)
        assert [seq for seq, _ in snaps] == expected
        states = plain_fold_states(store, game.game_id)
        for seq, digest in snaps:
            assert digest == state_digest(states[seq])
            at, data = store.snapshot_at_or_before(game.game_id, seq)
            assert at == seq and state_from_dict(data) == states[seq]


def test_snapshot_every_default_and_off(tmp_path):
    """The default is SNAPSHOT_EVERY (200): the example game (67 events) has none, a long
    game one at 200, 400, 800, ... events and one at its end; 0 turns snapshots off."""
    assert SNAPSHOT_EVERY == 200 and Recorder.snapshot_every == SNAPSHOT_EVERY
    db = str(tmp_path / "g.sqlite")
    small = replay_file(EXAMPLE, db).game.game_id
    big = replay_file(long_game(tmp_path / "long.json", 10), db).game
    off = replay_file(long_game(tmp_path / "long.json", 10), db, snapshot_every=0).game.game_id
    with EventStore(db) as store:
        assert store.snapshots(small) == [] and store.snapshots(off) == []
        seqs = [seq for seq, _ in store.snapshots(big.game_id)]
        assert 400 < len(big.events) < 800
        # replay_file writes up to REPLAY_BATCH decisions per transaction: a snapshot comes
        # at the end of the write that crosses 200 (400), a little after it
        assert len(seqs) == 3 and 200 <= seqs[0] < 400 <= seqs[1] < seqs[2] == len(big.events)


# --------------------------------------------------------------------------- state --at N

def test_state_at_every_n_is_the_same_with_and_without_snapshots(store_url, tmp_path):
    """`state_from_store(.., N)` for every N equals the plain fold of events 1..N, and
    starts from the latest snapshot at or before N."""
    with EventStore(store_url) as store:
        game, _, _ = record(long_game(tmp_path / "long.json", 4), store, snapshot_every=16)
        gid = game.game_id
        states = plain_fold_states(store, gid)
        snap_seqs = [seq for seq, _ in store.snapshots(gid)]
        assert len(snap_seqs) >= 4
        for n in range(len(states)):
            with_snaps = state_from_store(store, gid, n)
            assert with_snaps == states[n], n
            assert state_digest(with_snaps) == state_digest(states[n])
            assert state_from_store(store, gid, n, snapshots=False) == states[n]
            base = restore_snapshot(store, gid, n)
            below = [s for s in snap_seqs if s <= n]
            assert (base.version if base else None) == (below[-1] if below else None)
        assert state_digest(state_from_store(store, gid)) == state_digest(game.state)
        assert store.game(gid).state_digest == state_digest(game.state)


def test_cli_state_at_uses_snapshots_and_agrees(tmp_path):
    db = str(tmp_path / "g.sqlite")
    result = replay_file(long_game(tmp_path / "long.json", 10), db, snapshot_every=20)
    gid = result.game.game_id
    with EventStore(db) as store:
        snaps = [seq for seq, _ in store.snapshots(gid)]
        states = plain_fold_states(store, gid)
    assert len(snaps) >= 2
    for n in (snaps[0], snaps[0] + 3, snaps[-1], len(states) - 1):
        out = cli("state", "--db", db, "--at", str(n), "--json")
        assert out.code == 0, out.err
        assert out.json() == json.loads(json.dumps(state_json(states[n], result.game.pool, n)))
    v = cli("verify", "--db", db)
    assert v.code == 0 and "hash chain intact" in v.out


# --------------------------------------------------------------------------- continuing

def _continue_from_snapshots(store: EventStore, game: Game, pool: Any, batches: list) -> int:
    """For each snapshot: restore the state from it, apply the decisions that followed it
    in the live game, and compare every event and the final state. Returns how many."""
    ends = {b[-1].seq: i for i, (_, b) in enumerate(batches) if b}
    checked = 0
    for seq, _ in store.snapshots(game.game_id):
        start = restore_snapshot(store, game.game_id, seq)
        assert start is not None and start.version == seq
        cont = Game(pool, game.game_id)
        cont.state = state_from_store(store, game.game_id, seq)
        for d, live_out in batches[ends[seq] + 1:]:
            assert rows(cont.apply(d)) == rows(live_out), (seq, d)
        assert state_digest(cont.state) == state_digest(game.state)
        checked += 1
    return checked


def test_continuing_from_a_snapshot_writes_the_live_games_events(store_url, tmp_path):
    with EventStore(store_url) as store:
        game, pool, batches = record(long_game(tmp_path / "long.json", 4), store, snapshot_every=40)
        assert _continue_from_snapshots(store, game, pool, batches) >= 4


def test_continuing_from_a_snapshot_with_a_choice_pending(store_url):
    """A snapshot after every batch of the explore game: the one taken with the explore
    choice pending (701.44a) resumes with Alice's "top" exactly as the live game did."""
    with EventStore(store_url) as store:
        game, pool, batches = record(game_path("explore_branchwalker_nonland_top"), store,
                                     snapshot_every=1, spacing="fixed")
        pending = [seq for seq, _ in store.snapshots(game.game_id)
                   if restore_snapshot(store, game.game_id, seq).pending is not None]
        assert len(pending) == 1
        assert isinstance(batches[-1][0], Choose)
        assert _continue_from_snapshots(store, game, pool, batches) == len(batches)


# --------------------------------------------------------------------------- verify

def test_verify_names_a_snapshot_that_disagrees_with_the_log(store_url, raw_connect, tmp_path):
    with EventStore(store_url) as store:
        game, _, _ = record(long_game(tmp_path / "long.json", 2), store, snapshot_every=20)
        gid = game.game_id
        snaps = store.snapshots(gid)
        assert verify(store, gid) == []
        truth = plain_fold_states(store, gid)
        (s0, _), (s1, _), (s2, _), (s3, _) = snaps[:4]
        _, data = store.snapshot_at_or_before(gid, s1)
        _, data3 = store.snapshot_at_or_before(gid, s3)

    # 1. the state is edited, its digest left alone
    data["players"]["Alice"]["life"] = 7
    execute(raw_connect, store_url, "UPDATE snapshots SET state = ? WHERE seq = ?", json.dumps(data), s1)
    # 2. something that is not a state at all
    execute(raw_connect, store_url, "UPDATE snapshots SET state = ? WHERE seq = ?",
            json.dumps({"not": "a state"}), s2)
    # 3. the state and its digest edited together: only the fold can tell
    data3["players"]["Bob"]["life"] = 3
    forged = state_digest(state_from_dict(data3))
    execute(raw_connect, store_url, "UPDATE snapshots SET state = ?, digest = ? WHERE seq = ?",
            json.dumps(data3), forged, s3)

    with EventStore(store_url) as store:
        problems = verify(store, gid)
        assert store.verify_chain(gid) == []        # the log itself is intact
        assert len(problems) == 3, problems
        assert problems[0] == f"game {gid} snapshot seq {s1}: its stored state does not match its digest"
        assert problems[1].startswith(f"game {gid} snapshot seq {s2}: its stored state does not restore "
                                      "(GameState: fields do not match; missing ")
        assert problems[2].startswith(f"game {gid} snapshot seq {s3}: snapshot digest {forged[:12]} != "
                                      f"the log folded to seq {s3}")
        # state_from_store skips the snapshots that do not match their digest...
        assert restore_snapshot(store, gid, s2).version == s0
        for n in (s1, s2, s2 + 1):
            assert state_from_store(store, gid, n) == truth[n]
        # ...but a consistent forgery is a cache lie that only verify can see
        assert state_from_store(store, gid, s3).players["Bob"].life == 3


def test_verify_reports_a_snapshot_beyond_the_log(store_url):
    with EventStore(store_url) as store:
        game, _, _ = record(EXAMPLE, store)
        gid = game.game_id
        data = state_to_dict(game.state)
        store.save_snapshot(gid, game.state.version + 5, data, state_digest(game.state))
        assert verify(store, gid) == [f"game {gid} snapshot seq {game.state.version + 5}: "
                                      f"the log has no event {game.state.version + 5}"]
        # a snapshot whose state is of another seq than its own is never used
        assert restore_snapshot(store, gid) is None
        assert state_digest(state_from_store(store, gid)) == state_digest(game.state)


def test_cli_verify_fails_on_a_corrupted_snapshot(tmp_path):
    db = str(tmp_path / "g.sqlite")
    gid = replay_file(EXAMPLE, db, snapshot_every=30).game.game_id
    con = sqlite3.connect(db)
    con.execute("DROP TRIGGER trg_snapshots_no_update")   # as whoever can write the file can
    seq, text = con.execute("SELECT seq, state FROM snapshots ORDER BY seq LIMIT 1").fetchone()
    data = json.loads(text)
    data["players"]["Alice"]["life"] = 1
    con.execute("UPDATE snapshots SET state = ? WHERE seq = ?", (json.dumps(data), seq))
    con.commit()
    con.close()
    v = cli("verify", "--db", db)
    assert v.code == 1
    assert f"game {gid} snapshot seq {seq}" in v.err


# --------------------------------------------------------------------------- migration 0003

def test_migration_0003_up_and_down_keeps_events(store_url, raw_connect, tmp_path):
    """Downgrading to 0002 drops the snapshots (a cache) and nothing else; upgrading again
    gives an empty table that fills on the next replay; the log verifies throughout."""
    with EventStore(store_url) as store:
        game, _, _ = record(long_game(tmp_path / "long.json", 2), store, snapshot_every=20)
        gid = game.game_id
        assert store.snapshots(gid)

    def dump() -> tuple[list, list]:
        conn = raw_connect(store_url)
        try:
            return ([tuple(r) for r in conn.execute("SELECT game_id, title, source, created_at, version, "
                                                    "state_digest FROM games ORDER BY game_id").fetchall()],
                    [tuple(r) for r in conn.execute("SELECT * FROM events ORDER BY position").fetchall()])
        finally:
            conn.close()

    def tables() -> set[str]:
        engine = make_engine(store_url)
        try:
            return set(sa.inspect(engine).get_table_names())
        finally:
            engine.dispose()

    before = dump()
    cfg = alembic_config(store_url)
    command.downgrade(cfg, "0002")
    assert "snapshots" not in tables() and {"games", "events"} <= tables()
    assert dump() == before
    command.upgrade(cfg, "head")
    assert "snapshots" in tables()
    assert dump() == before
    with EventStore(store_url) as store:
        assert store.snapshots(gid) == []
        assert verify(store, gid) == []
        assert state_digest(state_from_store(store, gid)) == state_digest(game.state)
        again, _, _ = record(long_game(tmp_path / "long.json", 2), store, snapshot_every=20)
        assert store.snapshots(again.game_id) and verify(store, again.game_id) == []
