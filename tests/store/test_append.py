"""EventStore.append on the driver's cursor (issue 10: append near raw sqlite3): the same rows,
hashes and errors as before, and the previous hash it remembers never hides another writer."""
from __future__ import annotations

from pathlib import Path

import pytest

from simulator.base.errors import ConcurrencyError, DatabaseUnavailable
from simulator.store import EventStore, NewEvent, event_hash


def _events(first: int, n: int) -> list[NewEvent]:
    return [NewEvent(s, "ManaAdded", 1, {"player": "Alice", "mana": {"G": s}}, s - 1 or None, first, "106.4")
            for s in range(first, first + n)]


def test_two_stores_taking_turns_on_one_game_keep_one_chain(store_url: str) -> None:
    """Each store remembers the last hash it appended; when the other store appended since,
    the game's version says so and the hash is read from the log."""
    with EventStore(store_url) as a, EventStore(store_url) as b:
        a.create_game("g", "turns")
        version = 0
        for i in range(6):
            store = (a, b)[i % 2]
            stored = store.append("g", _events(version + 1, 3), version)
            version = stored[-1].seq
        with pytest.raises(ConcurrencyError):   # a's remembered head is stale, and says nothing
            a.append("g", _events(4, 1), 3)
        assert a.verify_chain("g") == [] and b.verify_chain("g") == []
        assert a.game("g").version == 18


def test_append_returns_what_read_gives_back(store_url: str) -> None:
    with EventStore(store_url) as store:
        store.create_game("g", "same rows")
        appended = store.append("g", _events(1, 4), 0) + store.append("g", _events(5, 2), 4)
        assert appended == list(store.read("g"))
        prev = ""
        for row in appended:
            assert row.hash == event_hash(prev, "g", row)
            prev = row.hash


def test_append_to_a_read_only_store_is_refused_plainly(tmp_path: Path) -> None:
    db = str(tmp_path / "ro.sqlite")
    with EventStore(db) as store:
        store.create_game("g", "read only")
    with EventStore(db, readonly=True) as store, pytest.raises(DatabaseUnavailable):
        store.append("g", _events(1, 1), 0)
    with EventStore(db) as store:
        assert list(store.read("g")) == [] and store.game("g").version == 0


def test_positions_and_ids_of_interleaved_games_are_what_read_gives(store_url: str) -> None:
    """Two stores appending to two games in turns on one database: each append's positions
    (SQLite: counted back from last_insert_rowid under the write lock) are the stored ones, and
    every event id is a distinct random version-4 UUID."""
    import uuid
    with EventStore(store_url) as a, EventStore(store_url) as b:
        appended: dict[str, list] = {"g1": [], "g2": []}
        for gid in appended:
            a.create_game(gid, gid)
        for i in range(8):
            store, gid = (a, b)[i % 2], ("g1", "g2")[(i // 2) % 2]
            version = appended[gid][-1].seq if appended[gid] else 0
            appended[gid] += store.append(gid, _events(version + 1, 1 + i % 3), version)
        for gid, rows in appended.items():
            assert rows == list(a.read(gid))
        ids = [r.event_id for rows in appended.values() for r in rows]
        assert len(set(ids)) == len(ids)
        assert all(uuid.UUID(i).version == 4 and uuid.UUID(i).variant == uuid.RFC_4122 for i in ids)


def test_write_answers_the_head_read_gives_and_stores_what_append_stores(store_url: str) -> None:
    """`write` (what the recorder uses) stores the same rows as `append` and answers only the
    new head: the last event's seq and hash as `read` gives them (None for no events)."""
    with EventStore(store_url) as store:
        store.create_game("w", "write")
        store.create_game("a", "append")
        head = store.write("w", _events(1, 3), 0)
        head2 = store.write("w", _events(4, 2), 3, state_digest="digest-5")
        store.append("a", _events(1, 3), 0)
        store.append("a", _events(4, 2), 3, state_digest="digest-5")
        written, appended = list(store.read("w")), list(store.read("a"))
        assert head == (3, written[2].hash) and head2 == (5, written[-1].hash)
        assert store.write("w", [], 5, state_digest="again") is None
        assert store.game("w").state_digest == "again" and store.game("w").version == 5
        assert store.verify_chain("w") == []
        strip = lambda rows: [(r.seq, r.type, r.version, r.payload, r.cause_seq, r.decision_seq, r.rule)
                              for r in rows]
        assert strip(written) == strip(appended)
        with pytest.raises(ConcurrencyError):
            store.write("w", _events(5, 1), 4)
