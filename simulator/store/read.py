"""The read path: a game's events streamed back in pages, payloads parsed or left as text."""
from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from simulator.base.errors import NotFound
from simulator.store.values import StoredEvent, parse_payload
from simulator.store.database import PIECE, Database, _fetch, _sqlite_driver, _text_pieces


_EVENT_COLUMNS = ("position, game_id, seq, event_id, type, version, payload, cause_seq, "
                  "decision_seq, rule, recorded_at, hash")   # StoredEvent's fields, in order


_FOLD_COLUMNS = "seq, type, version, CAST(payload AS TEXT), cause_seq, decision_seq, rule"


def _stored(r: tuple[Any, ...]) -> StoredEvent:
    """A row of `_EVENT_COLUMNS` as the event it stores, its payload parsed (a payload that is
    not JSON is reported at its seq by the decoding, instead of failing the whole query)."""
    return StoredEvent(r[0], r[1], r[2], r[3], r[4], r[5], parse_payload(r[6]), r[7], r[8], r[9], r[10], r[11])


class ReadPath(Database):
    """Reading a game's events back: streamed in keyset pages, parsed or as the fold takes them."""

    def read(self, game_id: str, upto: int | None = None, after: int = 0) -> Iterator[StoredEvent]:
        """A game's events with ``after < seq <= upto``, in seq order, streamed.

        NotFound (raised here, not on first iteration) if there is no such game.
        """
        self.game(game_id)
        return self._stream(game_id, upto, after)

    def _stream(self, game_id: str, upto: int | None, after: int) -> Iterator[StoredEvent]:
        """`_pages` of every column, each payload parsed once here."""
        for rows in self._pages(game_id, upto, after, _EVENT_COLUMNS):
            yield from [_stored(r) for r in rows]

    def read_rows(self, game_id: str, upto: int | None = None, after: int = 0) -> Iterator[tuple[Any, ...]]:
        """What a fold needs of a game's events with ``after < seq <= upto``, in seq order,
        streamed: ``(seq, type, version, payload, cause_seq, decision_seq, rule)`` tuples, the
        payload as its stored JSON text, unparsed (`read` parses every payload and carries the
        store's own columns too). Keyset pages of ``READ_BATCH`` rows, each read with the
        driver's cursor of a pooled connection. NotFound if there is no such game."""
        self.game(game_id)
        return self._rows(game_id, upto, after)

    def _rows(self, game_id: str, upto: int | None, after: int) -> Iterator[tuple[Any, ...]]:
        for rows in self._pages(game_id, upto, after, _FOLD_COLUMNS):
            yield from rows

    def _pages(self, game_id: str, upto: int | None, after: int, columns: str) -> Iterator[list[tuple[Any, ...]]]:
        """The rows of `columns` of a game's events with ``after < seq <= upto`` in keyset pages:
        each page is the seqs (last, last + READ_BATCH], read by its own short query and
        connection with the driver's cursor (plain SQL, no per-row SQL-expression or type work).

        A seq range rather than ``LIMIT``: PostgreSQL, planning without statistics on a log just
        written, scanned and sorted every later row of the game for each page (reading a 100,000
        event game took 18 ms a page, growing with the game); a range reads one page's rows
        whatever the plan. `append` leaves no gaps in seqs; a gap (an edited database) is
        stepped over by asking where the next event is, so no event is ever left out."""
        last, size = after, int(self.READ_BATCH)
        with self._reads() as reading:   # (an engine's connection held for the pages: `_reads`)
            while upto is None or last < upto:
                high = last + size if upto is None else min(last + size, upto)
                with reading() as (conn, mark):
                    rows = _fetch(conn, f"SELECT {columns} FROM events WHERE game_id = {mark} AND seq > {mark} "
                                        f"AND seq <= {mark} ORDER BY seq", (game_id, last, high))
                    following = high + 1 if len(rows) == high - last else _fetch(
                        conn, f"SELECT MIN(seq) FROM events WHERE game_id = {mark} AND seq > {mark}",
                        (game_id, high))[0][0]   # the end of the log (None), or past a gap
                if rows:
                    yield rows
                if following is None:
                    return
                last = following - 1

    def get_event(self, game_id: str, seq: int) -> StoredEvent:
        """One event; NotFound if the game or that seq does not exist."""
        with self._reading() as (conn, mark):
            rows = _fetch(conn, f"SELECT {_EVENT_COLUMNS} FROM events WHERE game_id = {mark} AND seq = {mark}",
                          (game_id, seq))
        if not rows:
            self.game(game_id)  # NotFound for the game itself, if that is the problem
            raise NotFound(f"game {game_id!r} has no event seq {seq} in {self.url}")
        return _stored(rows[0])

    def head(self, game_id: str) -> tuple[int, str]:
        """``(seq, hash)`` of the game's last event (``(0, "")`` before any event): the
        value to keep outside the database and give back to ``verify --expect-head``."""
        self.game(game_id)
        with self._reading() as (conn, mark):
            rows = _fetch(conn, f"SELECT seq, hash FROM events WHERE game_id = {mark} ORDER BY seq DESC LIMIT 1",
                          (game_id,))
        return (0, "") if not rows else (rows[0][0], rows[0][1])

    def row_without(self, game_id: str, seq: int, path: tuple[str, ...]) -> tuple[Any, ...] | None:
        """`read_rows`'s row of event `seq` (None if there is none), its payload without the
        member at `path` (keys from the top: ("source", "text") is a GameCreated's recorded file,
        megabytes in a long game), left out by the database itself so that the text never
        reaches Python. A payload that is not JSON (an edited database) comes back whole, for
        its decoder to report. `path` is the caller's constant: plain keys only. NotFound if
        there is no such game.

        Memory: SQLite parses the whole payload to remove the member, so reading a 4.7 MB first
        event this way peaks higher by itself (+16 MiB RSS at 1M events vs +11 for reading and
        decoding it whole), but that memory goes back before the state is made: `simulator
        state` at 1M events peaks at 46.2 MiB this way, 48.0 reading the event whole."""
        self.game(game_id)
        if not path or not all(k.isidentifier() for k in path):
            raise ValueError(f"row_without: a path of plain keys, not {path!r}")
        with self._reading() as (conn, mark):
            if _sqlite_driver(conn) is None:   # PostgreSQL
                payload, key = f"CAST(CAST(payload AS jsonb) #- CAST({mark} AS text[]) AS TEXT)", "{" + ",".join(path) + "}"
            else:
                payload = f"CASE WHEN json_valid(payload) THEN json_remove(payload, {mark}) ELSE payload END"
                key = "$." + ".".join(path)
            rows = _fetch(conn, f"SELECT seq, type, version, {payload}, cause_seq, decision_seq, rule FROM events "
                                f"WHERE game_id = {mark} AND seq = {mark}", (key, game_id, seq))
        return rows[0] if rows else None

    @contextmanager
    def payload_pieces(self, game_id: str, seq: int, size: int = PIECE) -> Iterator[Iterator[str] | None]:
        """The stored payload text of event `seq` a slice of about `size` characters at a time while
        the context lasts (None: no such event): neither the driver nor Python holds it whole (a
        long game's first event is megabytes). As stored: not parsed, not checked."""
        with self._reading() as (conn, mark):
            rowid = ", rowid" if _sqlite_driver(conn) is not None else ""
            rows = _fetch(conn, f"SELECT seq{rowid} FROM events WHERE game_id = {mark} AND seq = {mark}", (game_id, seq))
            if not rows:
                yield None
                return
            pieces = _text_pieces(conn, mark, "events", "payload", (game_id, seq), rows[0][1:], size)
            try:
                yield pieces
            finally:
                pieces.close()   # the blob closed before the read transaction ends

    def hash_at(self, game_id: str, seq: int) -> str | None:
        """The stored hash of event `seq` (it names the log up to there: the chain), or None if
        the game has no such event. One indexed row; the hash is read, not checked (`verify`)."""
        with self._reading() as (conn, mark):
            rows = _fetch(conn, f"SELECT hash FROM events WHERE game_id = {mark} AND seq = {mark}", (game_id, seq))
        return rows[0][0] if rows else None

    def find_hash(self, game_id: str, prefix: str) -> list[int]:
        """The seqs of the game's events whose hash starts with ``prefix``."""
        import sqlalchemy as sa

        from simulator.store.schema import events_table
        e = events_table
        with self._read() as conn:
            rows = conn.execute(sa.select(e.c.seq).where(
                e.c.game_id == game_id, e.c.hash.startswith(prefix, autoescape=True))
                .order_by(e.c.seq)).all()
        return [r.seq for r in rows]
