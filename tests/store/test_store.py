"""Event store: append/read, optimistic concurrency, append-only, hash chain.

Every test runs on a fresh SQLite file and on a fresh PostgreSQL database
(the `store_url` fixture); PostgreSQL runs are skipped without a server.
"""
from __future__ import annotations

import hashlib
import json
import sqlite3
import threading
from collections.abc import Callable, Iterator
from datetime import datetime, timezone
from typing import Any

import pytest
import sqlalchemy as sa

import simulator.store.read as store_module
from simulator.base.errors import ConcurrencyError, NotFound, StoreError
from simulator.store import EventStore, GameInfo, NewEvent, StoredEvent, event_hash


@pytest.fixture
def store(store_url: str) -> Iterator[EventStore]:
    s = EventStore(store_url)
    yield s
    s.close()


def ev(seq: int, type: str = "ManaProduced", payload: dict | None = None, **kw: Any) -> NewEvent:
    return NewEvent(seq=seq, type=type, version=kw.pop("version", 1),
                    payload=payload if payload is not None else {"n": seq},
                    cause_seq=kw.pop("cause_seq", None), decision_seq=kw.pop("decision_seq", None),
                    rule=kw.pop("rule", None))


def batch(first: int, n: int, tag: str = "") -> list[NewEvent]:
    return [ev(s, payload={"n": s, "tag": tag}) for s in range(first, first + n)]


def tamper(raw_connect: Callable[[str], Any], url: str, *statements: str) -> None:
    """Run statements with the append-only triggers bypassed, as an attacker could."""
    conn = raw_connect(url)
    try:
        if isinstance(conn, sqlite3.Connection):
            conn.execute("DROP TRIGGER IF EXISTS trg_events_no_update")
            conn.execute("DROP TRIGGER IF EXISTS trg_events_no_delete")
        else:  # superuser: replica mode skips ordinary triggers
            conn.execute("SET session_replication_role = replica")
        for sql in statements:
            conn.execute(sql)
    finally:
        conn.close()


# -- round trip ------------------------------------------------------------


def test_append_read_round_trip(store: EventStore) -> None:
    store.create_game("g1", "Forest taps", source="games/forest.toml")
    events = [
        ev(1, "GameCreated", {"players": ["alice", "bob"], "seed": 7}),
        ev(2, "AbilityActivated", {"object": "forest#1", "ability": 0}, version=2),
        ev(3, "ManaProduced", {"mana": ["G"], "by": "forest#1", "ratio": 0.5},
           cause_seq=2, decision_seq=2, rule="106.12a"),
    ]
    stored = store.append("g1", events, expected_version=0, state_digest="abc123")

    assert [s.seq for s in stored] == [1, 2, 3]
    assert all(isinstance(s, StoredEvent) for s in stored)
    read = list(store.read("g1"))
    assert read == stored
    for new, got in zip(events, read):
        assert (got.game_id, got.seq, got.type, got.version, got.payload, got.cause_seq,
                got.decision_seq, got.rule) == (
            "g1", new.seq, new.type, new.version, new.payload, new.cause_seq,
            new.decision_seq, new.rule)
        assert len(got.event_id) == 32 and int(got.event_id, 16) >= 0
        assert len(got.hash) == 64 and int(got.hash, 16) >= 0
        when = datetime.fromisoformat(got.recorded_at)
        assert when.utcoffset() == timezone.utc.utcoffset(None)
    positions = [s.position for s in read]
    assert positions == sorted(positions) and len(set(positions)) == 3
    assert len({s.event_id for s in read}) == 3

    info = store.game("g1")
    assert info == GameInfo(game_id="g1", title="Forest taps", created_at=info.created_at,
                            version=3, state_digest="abc123", source="games/forest.toml", status="replaying")
    assert store.get_event("g1", 3) == read[2]
    assert list(store.read("g1", upto=2)) == read[:2]
    assert list(store.read("g1", after=1)) == read[1:]
    assert list(store.read("g1", after=1, upto=2)) == read[1:2]
    assert store.verify_chain("g1") == []


def test_hash_chain_is_as_specified(store: EventStore) -> None:
    """hash = sha256(previous hash or "" + canonical JSON of the envelope)."""
    store.create_game("g", "t")
    a, b = store.append("g", [ev(1, "GameCreated", {"z": 1, "a": [True, None]}),
                              ev(2, rule="605.1a", cause_seq=1, decision_seq=1)], 0)

    def canonical(e: StoredEvent) -> str:
        return json.dumps({"game_id": "g", "seq": e.seq, "type": e.type, "version": e.version,
                           "payload": e.payload, "cause_seq": e.cause_seq,
                           "decision_seq": e.decision_seq, "rule": e.rule},
                          sort_keys=True, separators=(",", ":"))

    assert a.hash == hashlib.sha256(canonical(a).encode()).hexdigest()
    assert b.hash == hashlib.sha256((a.hash + canonical(b)).encode()).hexdigest()
    assert event_hash(a.hash, "g", b) == b.hash
    # The chain continues across appends.
    (c,) = store.append("g", [ev(3)], 2)
    assert c.hash == hashlib.sha256((b.hash + canonical(c)).encode()).hexdigest()


def test_read_streams_in_batches(store: EventStore) -> None:
    store.create_game("long", "2000 events")
    for start in range(1, 2001, 400):
        store.append("long", batch(start, 400), expected_version=start - 1)

    selects: list[str] = []
    fetch = store_module._fetch

    def count(conn: Any, statement: str, params: Any) -> Any:
        if statement.startswith("SELECT") and "FROM events" in statement and "MIN(" not in statement:
            selects.append(statement)
        return fetch(conn, statement, params)

    store_module._fetch = count
    try:
        it = store.read("long")
        first = next(it)
        assert first.seq == 1
        assert len(selects) == 1  # one page fetched, not the whole game
        seqs = [first.seq] + [e.seq for e in it]
    finally:
        store_module._fetch = fetch
    assert seqs == list(range(1, 2001))
    assert len(selects) >= 2000 // EventStore.READ_BATCH
    assert [e.seq for e in store.read("long", after=1499, upto=1502)] == [1500, 1501, 1502]
    assert store.verify_chain("long") == []


def test_a_read_of_many_pages_takes_one_connection_and_gives_it_back_as_it_was(store: EventStore) -> None:
    """`Database._reads`: an engine's connection is checked out once for all of a read's pages
    (on PostgreSQL one pre-ping for the read, each page's query its own transaction in
    autocommit: one round trip a page instead of five), and goes back to the pool as it came:
    not in autocommit, so an append is still one transaction."""
    from sqlalchemy import event

    store.create_game("long", "2000 events")
    for start in range(1, 2001, 400):
        store.append("long", batch(start, 400), expected_version=start - 1)
    checkouts: list[int] = []

    def checked_out(*_: Any) -> None:
        checkouts.append(1)

    event.listen(store.engine, "checkout", checked_out)
    try:
        assert [r[0] for r in store.read_rows("long")] == list(range(1, 2001))   # 2+ pages
        assert len(checkouts) == 2   # the game's row, then every page
        del checkouts[:]
        assert store.verify_chain("long") == []
        assert len(checkouts) == 2   # (the chain checked as it is read)
    finally:
        event.remove(store.engine, "checkout", checked_out)
    raws = [store.engine.raw_connection() for _ in range(2)]
    try:
        for raw in raws:
            if store.engine.dialect.name == "postgresql":
                assert raw.driver_connection.autocommit is False
    finally:
        for raw in raws:
            raw.close()
    with pytest.raises(ConcurrencyError):   # the write path is as transactional as before
        store.append("long", batch(2000, 3), expected_version=1999)
    assert store.game("long").version == 2000
    store.append("long", batch(2001, 1), expected_version=2000)
    assert [r[0] for r in store.read_rows("long", after=1998)] == [1999, 2000, 2001]


def test_read_steps_over_a_gap_in_seqs(store: EventStore, store_url: str,
                                        raw_connect: Callable[[str], Any]) -> None:
    """Pages are seq ranges (`_pages`); a log with a hole (rows deleted with the append-only
    triggers dropped: an edited database) is still read whole, page boundaries included."""
    store.create_game("holes", "gaps")
    for start in range(1, 2501, 500):
        store.append("holes", batch(start, 500), expected_version=start - 1)
    conn = raw_connect(store_url)
    try:
        if "://" in store_url:
            conn.execute("ALTER TABLE events DISABLE TRIGGER USER")
        else:
            conn.execute("DROP TRIGGER trg_events_no_delete")
        conn.execute("DELETE FROM events WHERE seq BETWEEN 990 AND 2203 OR seq = 2500")
    finally:
        conn.close()
    left = [s for s in range(1, 2501) if not (990 <= s <= 2203 or s == 2500)]
    assert [e.seq for e in store.read("holes")] == left
    assert [r[0] for r in store.read_rows("holes")] == left
    assert [e.seq for e in store.read("holes", after=500, upto=2300)] == [s for s in left if 500 < s <= 2300]
    assert [r[0] for r in store.read_rows("holes", after=2203)] == [s for s in left if s > 2203]


# -- optimistic concurrency ------------------------------------------------


def test_stale_expected_version_writes_nothing(store: EventStore) -> None:
    store.create_game("g", "t")
    store.append("g", batch(1, 2), 0, state_digest="d2")
    before = list(store.read("g"))

    with pytest.raises(ConcurrencyError) as err:
        store.append("g", [ev(2), ev(3)], expected_version=1, state_digest="other")
    message = str(err.value)
    assert "'g'" in message and "expected version 1" in message and "version 2" in message

    assert list(store.read("g")) == before
    info = store.game("g")
    assert (info.version, info.state_digest) == (2, "d2")
    assert store.verify_chain("g") == []


def test_a_long_write_is_inserted_a_part_at_a_time_in_one_transaction(
        store: EventStore, store_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """`write` of more events than `WRITE_PART` (a long game's set-up) makes and inserts its
    rows a part at a time (issue 25: not all held at once): the same log, chain and head as
    `append` of the same events, each part chained to the one before; a payload that does not
    serialise in a later part writes nothing at all."""
    import simulator.store.write as write_module
    monkeypatch.setattr(write_module, "WRITE_PART", 3)
    for gid in ("parts", "whole", "cold"):
        store.create_game(gid, "t")
    events = batch(1, 10, "x")
    head = store.write("parts", events, 0)
    store.append("whole", events, 0)
    assert head == (10, store.get_event("parts", 10).hash)
    assert store.verify_chain("parts") == []
    assert [(e.seq, e.type, e.payload) for e in store.read("parts")] == \
        [(e.seq, e.type, e.payload) for e in store.read("whole")]
    assert store.write("parts", batch(11, 7, "y"), 10) == (17, store.get_event("parts", 17).hash)
    assert store.verify_chain("parts") == [] and store.game("parts").version == 17
    fresh = EventStore(store_url)
    try:   # a store that has not appended this game: the previous hash read in the transaction
        assert fresh.write("parts", batch(18, 5, "z"), 17) == (22, fresh.get_event("parts", 22).hash)
        assert fresh.verify_chain("parts") == []
    finally:
        fresh.close()
    bad = batch(1, 10, "b")
    bad[8] = ev(9, payload={"x": object()})
    with pytest.raises(StoreError, match="not JSON-serialisable"):
        store.write("cold", bad, 0)
    assert list(store.read("cold")) == [] and store.game("cold").version == 0
    gap = batch(1, 10, "g")
    gap[7] = ev(9)   # seqs checked part by part: a gap in the third part names the write's event 7
    with pytest.raises(StoreError, match=r"event 7 \(.*\) has seq 9, expected 8"):
        store.write("cold", gap, 0)
    assert list(store.read("cold")) == [] and store.game("cold").version == 0


def test_a_long_write_takes_its_events_a_part_at_a_time(store: EventStore, monkeypatch: pytest.MonkeyPatch) -> None:
    """A sequence that makes each event as it is read (the recorder's) is read a part of
    `WRITE_PART` at a time: never all of it at once; the log is the one of the plain list."""
    import simulator.store.write as write_module
    monkeypatch.setattr(write_module, "WRITE_PART", 4)
    events = batch(1, 10, "x")
    taken: list[int] = []

    class Lazy(list):   # a Sequence that reports how much of it each read takes
        def __getitem__(self, i):  # type: ignore[override]
            got = list.__getitem__(self, i)
            taken.append(len(got) if isinstance(i, slice) else 1)
            return got

        def __iter__(self):
            raise AssertionError("read whole")

    for gid in ("lazy", "plain"):
        store.create_game(gid, "t")
    store.write("lazy", Lazy(events), 0)
    store.write("plain", events, 0)
    assert taken == [4, 4, 2]
    assert [(e.seq, e.type, e.payload) for e in store.read("lazy")] == \
        [(e.seq, e.type, e.payload) for e in store.read("plain")] != []
    assert store.verify_chain("lazy") == []


def test_seq_must_continue_expected_version(store: EventStore) -> None:
    store.create_game("g", "t")
    with pytest.raises(StoreError, match="seq 2, expected 1"):
        store.append("g", [ev(2)], 0)
    with pytest.raises(StoreError, match="seq 3, expected 2"):
        store.append("g", [ev(1), ev(3)], 0)
    assert store.game("g").version == 0
    assert list(store.read("g")) == []


def test_unserialisable_payload_writes_nothing(store: EventStore) -> None:
    store.create_game("g", "t")
    with pytest.raises(StoreError, match="JSON"):
        store.append("g", [ev(1, payload={"x": object()})], 0)
    with pytest.raises(StoreError, match="JSON"):
        store.append("g", [ev(1, payload={"x": float("nan")})], 0)
    assert store.game("g").version == 0


def test_two_writers_sequential_same_expected_version(store_url: str) -> None:
    with EventStore(store_url) as a, EventStore(store_url) as b:
        a.create_game("g", "t")
        assert b.game("g").version == 0  # both "read" version 0
        a.append("g", batch(1, 3, "a"), 0)
        with pytest.raises(ConcurrencyError):
            b.append("g", batch(1, 2, "b"), 0)
        assert [e.payload["tag"] for e in b.read("g")] == ["a", "a", "a"]
        assert b.verify_chain("g") == []


def test_two_writers_racing_exactly_one_wins(store_url: str) -> None:
    """Two stores on one database append at the same expected version, in threads."""
    with EventStore(store_url) as a, EventStore(store_url) as b:
        a.create_game("race", "t")
        version = 0
        for round_no in range(10):
            barrier = threading.Barrier(2)
            outcome: dict[str, Any] = {}

            def write(store: EventStore, tag: str) -> None:
                barrier.wait()
                try:
                    store.append("race", batch(version + 1, 5, tag), version, state_digest=tag)
                    outcome[tag] = "won"
                except ConcurrencyError as exc:
                    outcome[tag] = exc
                except Exception as exc:  # pragma: no cover - reported below
                    outcome[tag] = f"unexpected {type(exc).__name__}: {exc}"

            threads = [threading.Thread(target=write, args=(s, f"{t}{round_no}"))
                       for s, t in ((a, "a"), (b, "b"))]
            for t in threads:
                t.start()
            for t in threads:
                t.join(60)
            winners = [tag for tag, r in outcome.items() if r == "won"]
            losers = [tag for tag, r in outcome.items() if isinstance(r, ConcurrencyError)]
            assert len(winners) == 1 and len(losers) == 1, outcome
            version += 5
            info = a.game("race")
            assert (info.version, info.state_digest) == (version, winners[0])
            assert {e.payload["tag"] for e in a.read("race", after=version - 5)} == {winners[0]}

    with EventStore(store_url) as c:
        assert [e.seq for e in c.read("race")] == list(range(1, 51))
        assert c.verify_chain("race") == []


def test_unique_seq_is_the_second_guard(store: EventStore, store_url: str,
                                        raw_connect: Callable[[str], Any]) -> None:
    """Even if games.version lags the log, a duplicate seq is a ConcurrencyError."""
    store.create_game("g", "t")
    store.append("g", batch(1, 2), 0, state_digest="d")
    conn = raw_connect(store_url)
    try:
        # the games-row triggers (migration 0005) refuse a lower version: drop them, as an
        # attacker with write access could, to make the version lag the log
        if "://" in store_url:
            conn.execute("DROP TRIGGER IF EXISTS trg_games_row_guard ON games")
        else:
            conn.execute("DROP TRIGGER IF EXISTS trg_games_no_update")
        conn.execute("UPDATE games SET version = 1 WHERE game_id = 'g'")
    finally:
        conn.close()
    with pytest.raises(ConcurrencyError, match="already taken"):
        store.append("g", [ev(2, payload={"evil": True})], 1)
    assert store.game("g").version == 1  # rolled back, not advanced
    assert [e.payload for e in store.read("g")] == [{"n": 1, "tag": ""}, {"n": 2, "tag": ""}]


# -- append-only and tamper evidence ----------------------------------------


def test_update_and_delete_rejected_by_database(store: EventStore, store_url: str,
                                                raw_connect: Callable[[str], Any]) -> None:
    store.create_game("g", "t")
    store.append("g", batch(1, 3), 0)
    for sql in ("UPDATE events SET payload = '{}' WHERE seq = 2",
                "UPDATE events SET type = 'Other'",
                "DELETE FROM events WHERE seq = 3",
                "DELETE FROM events"):
        with pytest.raises(sa.exc.DBAPIError, match="append-only"):
            with store.engine.begin() as conn:
                conn.execute(sa.text(sql))
        conn = raw_connect(store_url)  # outside SQLAlchemy too
        try:
            with pytest.raises(Exception, match="append-only"):
                conn.execute(sql)
        finally:
            conn.close()
    if "://" in store_url:
        conn = raw_connect(store_url)
        try:
            with pytest.raises(Exception, match="append-only"):
                conn.execute("TRUNCATE events CASCADE")
        finally:
            conn.close()
    assert [e.seq for e in store.read("g")] == [1, 2, 3]
    assert store.verify_chain("g") == []


def test_tampered_payload_is_reported_with_game_and_seq(
        store: EventStore, store_url: str, raw_connect: Callable[[str], Any]) -> None:
    store.create_game("victim", "t")
    store.create_game("bystander", "t")
    store.append("victim", batch(1, 5), 0)
    store.append("bystander", batch(1, 5), 0)
    tamper(raw_connect, store_url,
           "UPDATE events SET payload = '{\"n\": 999, \"tag\": \"\"}' "
           "WHERE game_id = 'victim' AND seq = 3")
    assert store.get_event("victim", 3).payload["n"] == 999
    problems = store.verify_chain("victim")
    assert problems == ["game victim seq 3: hash mismatch (payload or envelope altered)"]
    assert store.verify_chain("bystander") == []


def test_tampered_envelope_and_deleted_event_are_reported(
        store: EventStore, store_url: str, raw_connect: Callable[[str], Any]) -> None:
    store.create_game("g", "t")
    store.append("g", batch(1, 8), 0)
    tamper(raw_connect, store_url,
           "UPDATE events SET rule = '999.9' WHERE game_id = 'g' AND seq = 2",
           "DELETE FROM events WHERE game_id = 'g' AND seq IN (5, 6)")
    problems = store.verify_chain("g")
    assert problems[0] == "game g seq 2: hash mismatch (payload or envelope altered)"
    assert any(p.startswith("game g seq 7: gap") and "5..6" in p for p in problems), problems
    assert len(problems) == 2


def test_removed_tail_is_reported(store: EventStore, store_url: str,
                                  raw_connect: Callable[[str], Any]) -> None:
    store.create_game("g", "t")
    store.append("g", batch(1, 4), 0)
    tamper(raw_connect, store_url, "DELETE FROM events WHERE game_id = 'g' AND seq = 4")
    assert store.verify_chain("g") == ["game g: version 4 but the log ends at seq 3"]


# -- games -------------------------------------------------------------------


def test_games_and_latest_game(store: EventStore) -> None:
    with pytest.raises(NotFound, match="no games in"):
        store.latest_game()
    assert store.games() == []
    for gid in ("b-first", "a-second", "c-third"):
        store.create_game(gid, gid.upper())
    assert store.latest_game() == "c-third"
    infos = store.games()
    assert [g.game_id for g in infos] == ["b-first", "a-second", "c-third"]
    assert [g.created_at for g in infos] == sorted(g.created_at for g in infos)
    assert all(g.version == 0 and g.state_digest is None for g in infos)
    store.append("a-second", batch(1, 2), 0)
    assert store.latest_game() == "c-third"  # created, not written to, most recently
    assert {g.game_id: g.version for g in store.games()}["a-second"] == 2


def test_duplicate_game_is_refused(store: EventStore) -> None:
    store.create_game("g", "first")
    with pytest.raises(StoreError, match="already exists"):
        store.create_game("g", "second")
    assert store.game("g").title == "first"


def test_missing_things_are_not_found(store: EventStore) -> None:
    with pytest.raises(NotFound, match="no game 'nope'"):
        store.game("nope")
    with pytest.raises(NotFound):
        store.read("nope")
    with pytest.raises(NotFound):
        store.append("nope", [ev(1)], 0)
    with pytest.raises(NotFound):
        store.get_event("nope", 1)
    with pytest.raises(NotFound):
        store.verify_chain("nope")
    store.create_game("g", "t")
    with pytest.raises(NotFound, match="no event seq 1"):
        store.get_event("g", 1)


def test_reopen_keeps_everything(store_url: str) -> None:
    with EventStore(store_url) as s:
        s.create_game("g", "t")
        written = s.append("g", batch(1, 3), 0, state_digest="d")
    with EventStore(store_url) as s:
        assert list(s.read("g")) == written
        assert s.game("g").state_digest == "d"
        assert s.verify_chain("g") == []


def test_concurrent_open_of_a_fresh_database(store_url: str) -> None:
    """Several processes' first open races on migrations; all must succeed."""
    errors: list[BaseException] = []
    barrier = threading.Barrier(4)

    def open_it() -> None:
        barrier.wait()
        try:
            EventStore(store_url).close()
        except BaseException as exc:  # pragma: no cover - reported below
            errors.append(exc)

    threads = [threading.Thread(target=open_it) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(120)
    assert errors == []
    with EventStore(store_url) as s:
        s.create_game("g", "t")
        s.append("g", batch(1, 1), 0)


# -- SQLite specifics -------------------------------------------------------


def test_sqlite_plain_path_wal_and_foreign_keys(tmp_path: Any) -> None:
    path = tmp_path / "sub" / "dir" / "games.sqlite"
    with EventStore(str(path)) as s:
        assert path.is_file()
        assert s.url == f"sqlite+pysqlite:///{path}"
        with s.engine.connect() as conn:
            assert conn.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
            assert conn.exec_driver_sql("PRAGMA foreign_keys").scalar() == 1
            with pytest.raises(sa.exc.IntegrityError):
                conn.execute(sa.text(
                    "INSERT INTO events (game_id, seq, event_id, type, version, payload, "
                    "recorded_at, hash) VALUES ('ghost', 1, 'x', 'T', 1, '{}', 'now', 'h')"))


def test_sqlite_url_form_is_accepted(tmp_path: Any) -> None:
    url = f"sqlite:///{tmp_path / 'by-url.sqlite'}"
    with EventStore(url) as s:
        s.create_game("g", "t")
    with EventStore(str(tmp_path / "by-url.sqlite")) as s:
        assert s.latest_game() == "g"


def test_unopenable_database_is_a_store_error(tmp_path: Any) -> None:
    junk = tmp_path / "junk.sqlite"
    junk.write_bytes(b"this is not an sqlite database, not even close" * 100)
    with pytest.raises(StoreError, match="is not an SQLite database"):
        EventStore(str(junk))
