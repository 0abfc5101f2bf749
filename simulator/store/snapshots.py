"""Snapshots of folded states, kept beside the log."""
from __future__ import annotations

from typing import Any, Iterator

from simulator.base.errors import StoreError
from simulator.store.values import iso, parse_payload, utcnow
from simulator.store.chain import JSONText, canonical_json
from simulator.store.database import Database, _fetch



class SnapshotPath(Database):
    """Snapshots: a cache of folded states beside the log (not in the hash chain), each tied to
    the hash of the event it was taken after."""

    def save_snapshot(self, game_id: str, seq: int, state: dict[str, Any], digest: str) -> None:
        """Keep the state of ``game_id`` after event ``seq`` (``state`` is plain JSON data,
        ``digest`` its state digest). Upsert-free: if that (game, seq) already has a
        snapshot, it is kept and this one is ignored. NotFound if there is no such game."""
        if isinstance(seq, bool) or not isinstance(seq, int) or seq < 1:
            raise StoreError(f"snapshot seq must be an int >= 1, not {seq!r}")
        try:
            normalised = JSONText(canonical_json(state))   # serialised once, stored verbatim
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

    def snapshot_texts(self, game_id: str) -> Iterator[tuple[int, str]]:
        """``(seq, stored state as JSON text)`` of each snapshot still tied to the chain (the ones
        `latest_snapshot` would find), in seq order, one at a time: `verify` hashes the text as it
        is stored instead of parsing and restoring it."""
        import sqlalchemy as sa

        from simulator.store.schema import events_table, snapshots_table
        sn, e = snapshots_table, events_table
        query = (sa.select(sn.c.seq, sa.cast(sn.c.state, sa.Text).label("state"))
                 .join(e, sa.and_(e.c.game_id == sn.c.game_id, e.c.seq == sn.c.seq,
                                  e.c.hash == sn.c.event_hash))
                 .where(sn.c.game_id == game_id).order_by(sn.c.seq))
        with self._read() as conn:
            seqs = [r[0] for r in conn.execute(query.with_only_columns(sn.c.seq))]
        for seq in seqs:
            with self._read() as conn:
                row = conn.execute(query.where(sn.c.seq == seq)).first()
            if row is not None:
                yield row[0], row[1]

    def snapshot_links(self, game_id: str) -> list[tuple[int, str | None, str | None]]:
        """``(seq, event hash saved with the snapshot, hash of that event in the log now)``
        for every snapshot of a game (the last is None when the log has no such event)."""
        import sqlalchemy as sa

        from simulator.store.schema import events_table, snapshots_table
        sn, e = snapshots_table, events_table
        query = (sa.select(sn.c.seq, sn.c.event_hash, e.c.hash)
                 .select_from(sn.outerjoin(e, sa.and_(e.c.game_id == sn.c.game_id,
                                                      e.c.seq == sn.c.seq)))
                 .where(sn.c.game_id == game_id).order_by(sn.c.seq))
        with self._read() as conn:
            return [(r[0], r[1], r[2]) for r in conn.execute(query)]

    def snapshots(self, game_id: str) -> list[tuple[int, str]]:
        """``(seq, digest)`` of every snapshot of a game, in seq order (states not loaded)."""
        import sqlalchemy as sa

        from simulator.store.schema import snapshots_table
        sn = snapshots_table
        with self._read() as conn:
            rows = conn.execute(
                sa.select(sn.c.seq, sn.c.digest).where(sn.c.game_id == game_id).order_by(sn.c.seq)
            ).all()
        return [(r.seq, r.digest) for r in rows]
