"""EventStore.append on the driver's cursor (issue 10: append near raw sqlite3): the same rows,
hashes and errors as before, and the previous hash it remembers never hides another writer."""
from __future__ import annotations

from pathlib import Path

import pytest

from simulator.errors import ConcurrencyError, DatabaseUnavailable
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
