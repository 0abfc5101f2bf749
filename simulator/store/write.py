"""The write path: one decision's events appended in one transaction."""
from __future__ import annotations

import json
import os
from collections.abc import Sequence
from typing import Any, NamedTuple

from simulator.base.errors import ConcurrencyError, IntegrityError, NotFound, StoreError
from simulator.base.records import made
from simulator.store.values import iso, NewEvent, StoredEvent, utcnow
from simulator.store.chain import canonical_json, _envelope_hash
from simulator.store.database import Database


def _check_version(expected_version: int) -> None:
    """`expected_version` is a version (an int >= 0)."""
    if isinstance(expected_version, bool) or not isinstance(expected_version, int) \
            or expected_version < 0:
        raise StoreError(f"expected_version must be an int >= 0, not {expected_version!r}")


def _check_seqs(game_id: str, events: Sequence[NewEvent], expected_version: int, first: int = 0) -> None:
    """The events' seqs continue from `expected_version` without gaps (`events` those of the
    write from its event `first` on)."""
    for i, ev in enumerate(events, first):
        want = expected_version + 1 + i
        if ev.seq != want:
            raise StoreError(
                f"game {game_id!r}: event {i} ({ev.type}) has seq {ev.seq}, expected "
                f"{want} (seqs continue from expected_version {expected_version}, no gaps)"
            )


def _payload_texts(game_id: str, events: Sequence[NewEvent]) -> list[str]:
    """Each payload serialised once, now: unserialisable input fails before any write, and the
    same text is hashed and stored (and parsed back for what `append` returns, so that it equals
    what `read` gives)."""
    try:
        return [canonical_json(ev.payload) for ev in events]
    except (TypeError, ValueError) as exc:
        raise StoreError(f"game {game_id!r}: payload is not JSON-serialisable: {exc}") from exc


#: events of one write made into rows and inserted at a time (`write` of more than this many)
WRITE_PART = 2048


class _Row(NamedTuple):
    """One event's row as the INSERT takes it (the payload as its canonical JSON text)."""

    game_id: str
    seq: int
    event_id: str
    type: str
    version: int
    payload: str
    cause_seq: int | None
    decision_seq: int | None
    rule: str | None
    recorded_at: str
    hash: str


_INSERT_COLUMNS = ", ".join(_Row._fields)


def _insert_rows(game_id: str, events: Sequence[NewEvent], texts: Sequence[str], prev: str,
                 recorded_at: str) -> list[_Row]:
    """The rows of `events`, each hash chained after the one before (`prev` before the first)."""
    import uuid   # here: the reading commands do not import it (start-up)
    rows: list[_Row] = []
    random = os.urandom(16 * len(events))   # the event ids' randomness, read once (uuid4 reads it per id)
    for i, (ev, text) in enumerate(zip(events, texts)):
        prev = _envelope_hash(prev, game_id, ev, text)
        event_id = uuid.UUID(bytes=random[16 * i:16 * i + 16], version=4).hex
        rows.append(_Row(game_id, ev.seq, event_id, ev.type, ev.version, text, ev.cause_seq,
                         ev.decision_seq, ev.rule, recorded_at, prev))
    return rows


def _previous_hash(cursor: Any, mark: str, game_id: str, expected_version: int) -> str:
    """The hash of the game's event `expected_version` ("" before the first), read in the
    append's transaction; IntegrityError if the version names an event the log lacks."""
    if expected_version == 0:
        return ""
    cursor.execute(f"SELECT hash FROM events WHERE game_id = {mark} AND seq = {mark}",
                   (game_id, expected_version))
    found = cursor.fetchone()
    if found is None:
        raise IntegrityError(
            f"game {game_id!r} is at version {expected_version} but its event "
            f"seq {expected_version} is missing; run verify_chain"
        )
    return str(found[0])




class WritePath(Database):
    """Appending a decision's events: one transaction, optimistic concurrency on the game's
    version, each row's hash chained to the one before."""

    def append(
        self,
        game_id: str,
        events: Sequence[NewEvent],
        expected_version: int,
        state_digest: str | None = None,
    ) -> list[StoredEvent]:
        """Append one decision's events atomically, if the game is still at
        ``expected_version``; else ConcurrencyError and nothing is written.

        ``events[i].seq`` must be ``expected_version + 1 + i`` (StoreError
        otherwise). The game's ``version`` becomes the last seq and its
        ``state_digest`` becomes ``state_digest`` (None = unknown), in the same
        transaction. Returns the events as stored (what `read` gives back). An
        empty ``events`` only checks the version (and sets the digest).
        """
        rows, positions = self._insert(game_id, events, expected_version, state_digest, positions=True)
        return [made(StoredEvent, {"position": position, **row._asdict(), "payload": json.loads(row.payload)})
                for position, row in zip(positions, rows)]

    def write(
        self,
        game_id: str,
        events: Sequence[NewEvent],
        expected_version: int,
        state_digest: str | None = None,
    ) -> tuple[int, str] | None:
        """`append`, answering only the game's new head ``(seq, hash)`` (None for no events):
        what a writer going on from its own state needs (the recorder of a replay, `apply`,
        `play`). Nothing stored is read or parsed back."""
        rows, _ = self._insert(game_id, events, expected_version, state_digest, positions=False)
        return (rows[-1].seq, rows[-1].hash) if rows else None

    def _insert(self, game_id: str, events: Sequence[NewEvent], expected_version: int,
                state_digest: str | None, *, positions: bool) -> tuple[list[_Row], list[int]]:
        """The write of `append` and `write`: the rows inserted and, when asked, their positions."""
        # A long write whose rows are not asked for (a long game's set-up: a card placed for
        # each card of its libraries) makes and inserts its rows a part at a time, in the same
        # one transaction: its payloads' texts and rows are never all held at once (issue 25),
        # nor its events, if `events` is a sequence that makes each one as it is read (the
        # recorder's): each part is taken (and its seqs checked) as it is inserted.
        _check_version(expected_version)
        if not isinstance(events, Sequence):   # (an iterable: taken whole)
            events = list(events)
        parted = not positions and len(events) > WRITE_PART
        if not parted:
            events = list(events)
            _check_seqs(game_id, events, expected_version)
        texts = [] if parted else _payload_texts(game_id, events)
        new_version = expected_version + len(events)
        recorded_at = iso(utcnow())
        head = self._heads.get(game_id)
        known = head[1] if head is not None and head[0] == expected_version else None
        # The rows and their hashes are made before the transaction when the previous hash is
        # known (the last event this store appended: append-only, so still the log's), so the
        # write lock is held for the SQL alone.
        rows = _insert_rows(game_id, events, texts, known, recorded_at) \
            if known is not None and not parted else None
        found: list[int] = []
        try:
            # Plain SQL on the driver's cursor (`_driver_write`): a decision is a handful of rows,
            # and SQLAlchemy's statement machinery cost several times the work itself.
            with self._driver_write() as cursor:
                mark = "?" if self._engine.dialect.paramstyle == "qmark" else "%s"
                self._claim_version(cursor, mark, game_id, expected_version, new_version, state_digest)
                if not events:
                    return [], []
                insert = f"INSERT INTO events ({_INSERT_COLUMNS}) VALUES ({', '.join([mark] * len(_Row._fields))})"
                if parted:
                    prev = known if known is not None else _previous_hash(cursor, mark, game_id, expected_version)
                    made: list[_Row] = []
                    for at in range(0, len(events), WRITE_PART):
                        part = list(events[at:at + WRITE_PART])
                        _check_seqs(game_id, part, expected_version, at)
                        made = _insert_rows(game_id, part, _payload_texts(game_id, part), prev, recorded_at)
                        cursor.executemany(insert, made)
                        prev = made[-1].hash
                    rows = made[-1:]   # (the head is all a write answers)
                else:
                    if rows is None:
                        prev = _previous_hash(cursor, mark, game_id, expected_version)
                        rows = _insert_rows(game_id, events, texts, prev, recorded_at)
                    cursor.executemany(insert, rows)
                if positions:
                    found = self._positions(cursor, mark, game_id, expected_version, new_version)
            self._heads[game_id] = (new_version, rows[-1].hash)
        except StoreError as exc:
            from sqlalchemy import exc as sa_exc
            if isinstance(exc.__cause__, sa_exc.IntegrityError):
                raise ConcurrencyError(
                    f"game {game_id!r}: seq {expected_version + 1}.. already taken "
                    f"(another writer appended first); nothing written"
                ) from exc
            raise
        return rows, found

    def _positions(self, cursor: Any, mark: str, game_id: str, expected_version: int,
                   new_version: int) -> list[int]:
        """The positions the append's INSERT gave its rows, in seq order. SQLite: the rows just
        inserted under the write lock (BEGIN IMMEDIATE) into an AUTOINCREMENT key got
        consecutive rowids ending at last_insert_rowid(), so no index is searched;
        PostgreSQL's sequence may interleave with other writers': read back."""
        if self._engine.dialect.name == "sqlite":
            cursor.execute("SELECT last_insert_rowid()")
            last = int(cursor.fetchone()[0])
            return list(range(last - (new_version - expected_version) + 1, last + 1))
        cursor.execute(f"SELECT position FROM events WHERE game_id = {mark} AND seq > {mark} "
                       f"AND seq <= {mark} ORDER BY seq", (game_id, expected_version, new_version))
        return [r[0] for r in cursor.fetchall()]

    def _claim_version(self, cursor: Any, mark: str, game_id: str, expected_version: int,
                       new_version: int, state_digest: str | None) -> None:
        """Optimistic concurrency: move the game from `expected_version` to `new_version` (with
        its digest), or ConcurrencyError naming the version another writer left (NotFound: no game)."""
        cursor.execute(f"UPDATE games SET version = {mark}, state_digest = {mark} "
                       f"WHERE game_id = {mark} AND version = {mark}",
                       (new_version, state_digest, game_id, expected_version))
        if cursor.rowcount != 1:
            cursor.execute(f"SELECT version FROM games WHERE game_id = {mark}", (game_id,))
            found = cursor.fetchone()
            if found is None:
                raise NotFound(f"no game {game_id!r} in {self.url}")
            raise ConcurrencyError(
                f"game {game_id!r}: expected version {expected_version} but it is at "
                f"version {found[0]} (another writer appended first); nothing written"
            )
