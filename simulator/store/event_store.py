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


import hashlib
from typing import Any, Iterator

from simulator.store.chain import _dump, event_hash
from simulator.store.read import _FOLD_COLUMNS
from simulator.store.write import WritePath
from simulator.store.read import ReadPath
from simulator.store.values import NewEvent, UndecodablePayload, parse_payload
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
        problems: list[str] = []
        for _ in self.checked_rows(game_id, problems):
            pass
        return problems

    def checked_rows(self, game_id: str, problems: list[str]) -> Iterator[tuple[Any, ...]]:
        """The game's rows while checking its hash chain as `verify_chain` does:
        ``(seq, type, version, payload text, cause_seq, decision_seq, rule, hash)`` streamed in
        seq order (the fold's columns first: `game.state.fold_rows` reads them), each problem
        appended to `problems` as its row goes by (the game's version against the log's end
        once the last row is read). One read of the log for `verify`, which folds the rows as
        they come: a row that does not decode stops its fold, not this check of the rows after.

        A payload stored as its canonical JSON (what the store writes) is hashed as the text it is:
        if that gives the stored hash, the text is the canonical JSON that was hashed; otherwise
        (another engine's text form, an edited row) the payload is parsed and its canonical JSON
        hashed, as `event_hash` does."""
        info = self.game(game_id)
        return self._checked(game_id, info.version, problems)

    def _checked(self, game_id: str, version: int, problems: list[str]) -> Iterator[tuple[Any, ...]]:
        prev_hash, expected = "", 1
        sha, dump = hashlib.sha256, _dump
        head = f'"game_id":{dump(game_id)},"payload":'
        tails: dict[tuple[Any, Any], str] = {}   # '"type":..,"version":..}' of each (type, version)
        rules: dict[Any, str] = {}               # '},"rule":..,"seq":' of each rule
        for rows in self._pages(game_id, None, 0, _FOLD_COLUMNS + ", hash"):
            for row in rows:
                seq, type_name, ver, text, cause, decision, rule, stored = row
                if seq != expected:
                    missing = (f"seq {expected} missing" if seq == expected + 1
                               else f"seqs {expected}..{seq - 1} missing")
                    problems.append(f"game {game_id} seq {seq}: gap in the log ({missing})")
                else:
                    tail = tails.get((type_name, ver))
                    if tail is None:
                        tail = tails[(type_name, ver)] = f',"type":{dump(type_name)},"version":{dump(ver)}}}'
                    middle = rules.get(rule)
                    if middle is None:
                        middle = rules[rule] = f',"rule":{dump(rule)},"seq":'
                    # the canonical envelope around the stored text (a mismatch: the exact check)
                    before = (f'{prev_hash}{{"cause_seq":{"null" if cause is None else cause},"decision_seq":'
                              f'{"null" if decision is None else decision},{head}')
                    if type(text) is str and len(text) > _LONG:   # (the first event: the recorded file)
                        digest = _long_hash(before, text, f'{middle}{seq}{tail}')
                    else:
                        digest = sha(f'{before}{text}{middle}{seq}{tail}'.encode()).hexdigest()
                    if type(seq) is not int or digest != stored:
                        self._check_row(game_id, prev_hash, row, problems)
                prev_hash = stored
                expected = seq + 1
                yield row
        last = expected - 1
        if last != version:
            current = self.game(game_id).version  # an append may have landed meanwhile
            if last != current:
                problems.append(f"game {game_id}: version {current} but the log ends at seq {last}")

    @staticmethod
    def _check_row(game_id: str, prev_hash: str, row: tuple[Any, ...], problems: list[str]) -> None:
        """The exact check of a row whose stored text did not hash to its hash as it is."""
        seq, type_name, ver, text, cause, decision, rule, stored = row
        payload = parse_payload(text)
        if isinstance(payload, UndecodablePayload):
            problems.append(f"game {game_id} seq {seq}: payload does not decode ({payload.why})")
        elif event_hash(prev_hash, game_id, NewEvent(seq, type_name, ver, payload, cause, decision, rule)) != stored:
            problems.append(f"game {game_id} seq {seq}: hash mismatch (payload or envelope altered)")


_LONG = 1 << 16   # a payload text longer than this is hashed a slice at a time


def _long_hash(before: str, text: str, after: str) -> str:
    """sha256 hex of ``(before + text + after)`` in UTF-8, `text` encoded a slice at a time: a
    long game's first event holds its recorded file (megabytes), not copied twice to be hashed."""
    h = hashlib.sha256(before.encode())
    for i in range(0, len(text), _LONG):
        h.update(text[i:i + _LONG].encode())
    h.update(after.encode())
    return h.hexdigest()
