"""Snapshots of folded states, kept beside the log."""
from __future__ import annotations

from contextlib import contextmanager
from typing import Any, Generator, Iterator

from simulator.base.errors import StoreError
from simulator.store.values import iso, parse_payload, utcnow
from simulator.store.chain import JSONText, canonical_json
from simulator.store.database import PIECE, Database, _fetch, _sqlite_driver, _text_pieces


class SnapshotPath(Database):
    """Snapshots: a cache of folded states beside the log (not in the hash chain), each tied to
    the hash of the event it was taken after."""

    def save_snapshot(self, game_id: str, seq: int, state: dict[str, Any] | JSONText, digest: str) -> None:
        """Keep the state of ``game_id`` after event ``seq`` (``state`` is plain JSON data, or
        its canonical JSON already written, ``digest`` its state digest). Upsert-free: if that
        (game, seq) already has a snapshot, it is kept and this one is ignored. NotFound if
        there is no such game."""
        if isinstance(seq, bool) or not isinstance(seq, int) or seq < 1:
            raise StoreError(f"snapshot seq must be an int >= 1, not {seq!r}")
        try:   # serialised once, stored verbatim
            normalised = state if isinstance(state, JSONText) else JSONText(canonical_json(state))
        except (TypeError, ValueError) as exc:
            raise StoreError(f"game {game_id!r}: snapshot is not JSON-serialisable: {exc}") from exc
        import sqlalchemy as sa
        from sqlalchemy import exc as sa_exc

        from simulator.store.schema import events_table, snapshots_table
        sn = snapshots_table
        try:
            with self._write() as conn:
                exists = conn.execute(
                    sa.select(sn.c.seq).where(sn.c.game_id == game_id, sn.c.seq == seq)
                ).first()
                if exists is not None:
                    return
                e = events_table
                chain = conn.execute(
                    sa.select(e.c.hash).where(e.c.game_id == game_id, e.c.seq == seq)
                ).scalar()
                if chain is None:   # no such event (yet): kept, never used (verify reports it)
                    self.game(game_id)   # NotFound for the game itself
                conn.execute(sa.insert(sn).values(
                    game_id=game_id, seq=seq, state=normalised, digest=digest,
                    created_at=iso(utcnow()), event_hash=chain,
                ))
        except StoreError as exc:
            if isinstance(exc.__cause__, sa_exc.IntegrityError):
                self.game(game_id)  # NotFound when the foreign key was the problem
                return              # a concurrent writer saved the same snapshot first
            raise

    def snapshot_at_or_before(self, game_id: str, seq: int | None) -> tuple[int, dict[str, Any]] | None:
        """``(seq, state)`` of the latest snapshot with seq <= ``seq`` (the latest
        overall when None), or None if there is none."""
        found = self.latest_snapshot(game_id, seq)
        return None if found is None else (found[0], found[1])

    def latest_snapshot(self, game_id: str, seq: int | None = None) -> tuple[int, dict[str, Any], str] | None:
        """Like :meth:`snapshot_at_or_before`, with the digest saved with it:
        ``(seq, state, digest)`` or None."""
        found = self.latest_snapshot_text(game_id, seq)
        return None if found is None else (found[0], parse_payload(found[1]), found[2])

    def latest_snapshot_text(self, game_id: str, seq: int | None = None) -> tuple[int, str, str] | None:
        """Like :meth:`latest_snapshot`, the state as the JSON text stored (not parsed):
        ``(seq, text, digest)`` or None (a long game's state is parsed a piece at a time,
        `codec.state_from_text`)."""
        # Only a snapshot still tied to the chain: the event it was taken after is in the log
        # with the hash saved beside it (a rewritten or truncated log leaves it unused).
        with self._reading() as (conn, mark):
            upto = "" if seq is None else f" AND snapshots.seq <= {mark}"
            rows = _fetch(conn, "SELECT snapshots.seq, CAST(snapshots.state AS TEXT), snapshots.digest "
                                "FROM snapshots JOIN events ON events.game_id = snapshots.game_id "
                                "AND events.seq = snapshots.seq AND events.hash = snapshots.event_hash "
                                f"WHERE snapshots.game_id = {mark}{upto} ORDER BY snapshots.seq DESC LIMIT 1",
                          (game_id,) if seq is None else (game_id, seq))
        return None if not rows else (rows[0][0], rows[0][1], rows[0][2])

    @contextmanager
    def latest_snapshot_pieces(self, game_id: str, seq: int | None = None, size: int = PIECE
                               ) -> Iterator[tuple[int, str, Iterator[str]] | None]:
        """Like :meth:`latest_snapshot_text`, the stored text read a slice at a time while the
        context lasts: ``(seq, digest, pieces)`` or None, the pieces (about `size` characters
        each) joining to the text `latest_snapshot_text` gives. Neither the driver nor Python
        holds the whole text (a long game's latest snapshot is megabytes: issue 25, goal 3):
        SQLite's incremental blob reads, else `substr` a slice per query."""
        with self._reading() as (conn, mark):
            upto = "" if seq is None else f" AND snapshots.seq <= {mark}"
            rowid = ", snapshots.rowid" if _sqlite_driver(conn) is not None else ""
            rows = _fetch(conn, f"SELECT snapshots.seq, snapshots.digest{rowid} "
                                "FROM snapshots JOIN events ON events.game_id = snapshots.game_id "
                                "AND events.seq = snapshots.seq AND events.hash = snapshots.event_hash "
                                f"WHERE snapshots.game_id = {mark}{upto} ORDER BY snapshots.seq DESC LIMIT 1",
                          (game_id,) if seq is None else (game_id, seq))
            if not rows:
                yield None
                return
            found, digest = rows[0][0], rows[0][1]
            pieces = _text_pieces(conn, mark, "snapshots", "state", (game_id, found), rows[0][2:], size)
            try:
                yield found, digest, pieces
            finally:
                pieces.close()   # the blob closed before the read transaction ends

    def snapshot_links(self, game_id: str) -> list[tuple[int, str | None, str | None]]:
        """``(seq, event hash saved with the snapshot, hash of that event in the log now)``
        for every snapshot of a game (the last is None when the log has no such event)."""
        with self._reading() as (conn, mark):
            rows = _fetch(conn, "SELECT snapshots.seq, snapshots.event_hash, events.hash FROM snapshots "
                                "LEFT OUTER JOIN events ON events.game_id = snapshots.game_id "
                                "AND events.seq = snapshots.seq "
                                f"WHERE snapshots.game_id = {mark} ORDER BY snapshots.seq", (game_id,))
        return [(r[0], r[1], r[2]) for r in rows]

    def snapshots(self, game_id: str) -> list[tuple[int, str]]:
        """``(seq, digest)`` of every snapshot of a game, in seq order (states not loaded)."""
        with self._reading() as (conn, mark):
            rows = _fetch(conn, f"SELECT seq, digest FROM snapshots WHERE game_id = {mark} ORDER BY seq",
                          (game_id,))
        return [(r[0], r[1]) for r in rows]
