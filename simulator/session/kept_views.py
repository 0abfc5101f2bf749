"""The state view of a stored game (`state_json`: what `simulator state` prints, as text, JSON or
a picture), kept on disk so that asking again does not load the card pool and the rules
(`simulator replay` keeps its final state's: the first `state` after it reads that).

A view is a pure function of the code and of what making it reads from the database, so an
entry is named by exactly that: the sha256 of the package's files (`package_fingerprint`), the
game id, the event's seq and stored hash, and, as stored, the game's first event (with the card
files its pool is rebuilt from), the latest snapshot at or before the event (its seq, digest and text)
and every event after that snapshot up to the event (`read_rows`' columns). Reading those is
cheap (no JSON is decoded, nothing is folded); an edited event, snapshot or card file, a changed
rule, card or renderer is a new name, so a kept entry never answers for another database or
code, and a reader still finds a corrupt event exactly where making the view would (README,
"Threat model"). Only views that depend on nothing else are kept: the pool must come from the log
alone (no `--cards`, not an old game whose card files are read from its recorded file's path),
made from that very snapshot (none skipped: its warning is said again next time). Entries live in
`cache_folder("views")`; the oldest are removed beyond `KEEP`; a folder that cannot be read or
written is ignored."""
from __future__ import annotations

import hashlib
import json
import os
from typing import TYPE_CHECKING, Any, Callable, Iterable

from simulator.base.kept import cache_folder, package_fingerprint

if TYPE_CHECKING:
    from simulator.store import EventStore

KEEP = 256   # entries kept in the folder (a view of a long game is a few hundred kB)
_FORMAT = b"simulator state view 2\0"


def state_view(store: EventStore, game_id: str, seq: int, upto: int | None = None,
               card_files: Iterable[str] = (), note: Callable[[str], None] | None = None) -> dict[str, Any]:
    """`state_json` of the game just after event `seq` (`upto`: None for the whole log, as
    `state_from_store` takes it), kept or made. `note(text)` is told when the pool is not the game's
    own (`game_pool`'s note), before the state is made."""
    card_files = tuple(card_files)
    named = _named(store, game_id, seq) if not card_files and seq > 0 else None
    if named is not None:
        kept = _read(named[0])
        if kept is not None:
            return kept
    from simulator.session.recorder import fold_after, game_pool, restore_snapshot
    from simulator.session.view import state_json
    found = game_pool(store, game_id, card_files)   # first: decoding the recorded file is over before the state is made
    if found.note and note is not None:
        note(found.note)
    start = restore_snapshot(store, game_id, upto)
    used = 0 if start is None else start.version
    view = state_json(fold_after(store, game_id, start, upto), found.pool, seq)
    if named is not None and found.note is None and used == named[1]:
        _write(named[0], view)
    return view


def keep_view(store: EventStore, game_id: str, seq: int, view: dict[str, Any]) -> None:
    """Keep `view`, the state just after stored event `seq` made with the pool the log rebuilds
    (`simulator replay` of a file, with its `--cards`: they are stored in its log), so that the
    first `state` of a replayed game reads it."""
    named = _named(store, game_id, seq) if seq > 0 else None
    if named is not None:
        _write(named[0], view)


def kept_entry(store: EventStore, game_id: str, seq: int) -> str | None:
    """The file the view after `seq` is kept in (None: keeping is off, or there is no such event);
    `python -m bench` removes it to time a view made."""
    named = _named(store, game_id, seq)
    return None if named is None else named[0]


def _named(store: EventStore, game_id: str, seq: int) -> tuple[str, int] | None:
    """(the entry's file, the seq of the snapshot the view is made from: 0 for none), or None when
    keeping is off or there is no event `seq`. What is read: see the module docstring."""
    folder = cache_folder("views")
    if folder is None:
        return None
    digest = store.hash_at(game_id, seq)
    if digest is None:
        return None
    h = hashlib.sha256(_FORMAT + package_fingerprint())
    h.update(f"{game_id}\0{seq}\0{digest}\0".encode())
    with store.payload_pieces(game_id, 1) as first:   # the card files the pool is made from (read whole,
        for piece in first or ():                    # a slice at a time: megabytes in a long game)
            h.update(piece.encode())
    with store.latest_snapshot_pieces(game_id, seq) as found:
        snapshot = 0
        if found is not None:
            snapshot, state_digest, pieces = found
            h.update(f"snapshot {snapshot} {state_digest}\0".encode())
            for piece in pieces:
                h.update(piece.encode())
    for row in store.read_rows(game_id, seq, after=snapshot):
        h.update(f"\0{row!r}".encode())
    return os.path.join(folder, f"{h.hexdigest()}.json"), snapshot


def _read(entry: str) -> dict[str, Any] | None:
    try:
        with open(entry, encoding="utf-8") as f:
            found = json.load(f)
    except (OSError, ValueError):   # none yet, or a truncated or foreign file: made again and overwritten
        return None
    return found if isinstance(found, dict) else None


def _write(entry: str, view: dict[str, Any]) -> None:
    """Keep `view` whole or not at all (atomic rename), then remove the oldest entries beyond KEEP."""
    folder = os.path.dirname(entry)
    try:
        os.makedirs(folder, exist_ok=True)
        tmp = f"{entry}.{os.getpid()}.tmp"
        with open(tmp, "w", encoding="utf-8") as f:
            json.dump(view, f, ensure_ascii=False, separators=(",", ":"))
        os.replace(tmp, entry)
        kept = [e for e in os.scandir(folder) if e.name.endswith(".json")]
        if len(kept) > KEEP:
            kept.sort(key=lambda e: e.stat().st_mtime_ns)
            for old in kept[:len(kept) - KEEP]:
                os.remove(old.path)
    except OSError:
        pass
