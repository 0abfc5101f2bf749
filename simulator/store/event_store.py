"""The event store: an append-only, hash-chained log of game events.

SQLAlchemy 2 Core (no ORM) over SQLite (the embedded default, a plain file
path) or PostgreSQL (any URL containing ``://``). The schema belongs to the
Alembic migrations in ``migrations/`` at the repository root; opening a store
upgrades its database to head, so code and schema never disagree.

Guarantees, and where each one lives:

* one ``append`` is one transaction: all of a decision's events or none;
* optimistic concurrency: ``append`` names the version it read; a conditional
  ``UPDATE games ... WHERE version = expected`` lets exactly one of two racing
  writers win, and ``UNIQUE(game_id, seq)`` is the second guard. The loser gets
  ``ConcurrencyError`` and has written nothing;
* append-only: database triggers (second migration) reject UPDATE and DELETE
  on ``events``, whoever issues them;
* tamper evidence: each event's ``hash`` is
  ``sha256(previous hash + canonical JSON of its envelope)`` (see
  :func:`event_hash`), and :meth:`EventStore.verify_chain` recomputes it.

Snapshots (third migration) are a cache beside the log: the folded state of a
game after some seq, with its digest. They are not part of the hash chain and
are never required; the store only keeps and finds them (what a state is and
how it is checked belongs to ``simulator.session.recorder``).
"""
from __future__ import annotations


from simulator.store.chain import event_hash
from simulator.store.write import WritePath
from simulator.store.read import ReadPath
from simulator.store.values import UndecodablePayload
from simulator.store.snapshots import SnapshotPath


class EventStore(WritePath, ReadPath, SnapshotPath):
    """An event store on one database (SQLite file/URL or PostgreSQL URL).

    Thread-safe: every method takes its own pooled connection. ``read`` pages
    through a game in keyset batches of ``READ_BATCH`` events, so it never
    holds a whole game in memory nor a connection between batches.
    """

    def __enter__(self) -> "EventStore":
        return self

    def __exit__(self, *_exc: object) -> None:
        self.close()

    def verify_chain(self, game_id: str) -> list[str]:
        """Recompute a game's hash chain; one line per problem, [] if intact.

        Reports altered events ("hash mismatch"), gaps in seq, and a game
        version that disagrees with the log. Each stored hash is checked
        against its own predecessor's stored hash, so a single altered row is
        reported at its own seq.
        """
        info = self.game(game_id)
        problems: list[str] = []
        prev_hash = ""
        expected = 1
        for ev in self._stream(game_id, None, 0):
            if ev.seq != expected:
                missing = (f"seq {expected} missing" if ev.seq == expected + 1
                           else f"seqs {expected}..{ev.seq - 1} missing")
                problems.append(f"game {game_id} seq {ev.seq}: gap in the log ({missing})")
            elif isinstance(ev.payload, UndecodablePayload):
                problems.append(f"game {game_id} seq {ev.seq}: payload does not decode (not a JSON object)")
            elif event_hash(prev_hash, game_id, ev) != ev.hash:
                problems.append(
                    f"game {game_id} seq {ev.seq}: hash mismatch (payload or envelope altered)"
                )
            prev_hash = ev.hash
            expected = ev.seq + 1
        last = expected - 1
        if last != info.version:
            current = self.game(game_id).version  # an append may have landed meanwhile
            if last != current:
                problems.append(
                    f"game {game_id}: version {current} but the log ends at seq {last}"
                )
        return problems
