"""The state view of a stored game (`state_json`: what `simulator state` prints, as text, JSON or
a picture), kept on disk so that asking again does not load the card pool and the rules
(`simulator replay` keeps its final state's: the first `state` after it reads that).

A view is a pure function of the log up to its event and of the code: an entry is named by the
sha256 of the package's files (`package_fingerprint`), the game id, the event's seq and that
event's stored hash, which names every event before it (the hash chain). So a changed log,
rule, card or renderer is a new name, and a kept entry is never stale. Only views that depend
on nothing else are kept: the pool must come from the log alone (no `--cards`, not an old game
whose card files are read from its recorded file's path). Like a snapshot, the stored hash is
trusted, not checked (`verify` checks the chain). Entries live in `cache_folder("views")`; the
oldest are removed beyond `KEEP`; a folder that cannot be read or written is ignored."""
from __future__ import annotations

import hashlib
import json
import os
from typing import TYPE_CHECKING, Any, Callable, Iterable

from simulator.base.kept import cache_folder, package_fingerprint

if TYPE_CHECKING:
    from simulator.store import EventStore

KEEP = 256   # entries kept in the folder (a view of a long game is a few hundred kB)
_FORMAT = b"simulator state view 1\0"


def state_view(store: EventStore, game_id: str, seq: int, upto: int | None = None,
               card_files: Iterable[str] = (), note: Callable[[str], None] | None = None) -> dict[str, Any]:
    """`state_json` of the game just after event `seq` (`upto`: None for the whole log, as
    `state_from_store` takes it), kept or made. `note(text)` is told when the pool is not the game's
    own (`game_pool`'s note), before the state is made."""
    card_files = tuple(card_files)
    entry = kept_entry(store, game_id, seq) if not card_files and seq > 0 else None
    if entry is not None:
        kept = _read(entry)
        if kept is not None:
            return kept
    from simulator.session.recorder import game_pool, state_from_store
    from simulator.session.view import state_json
    found = game_pool(store, game_id, card_files)   # first: decoding the recorded file is over before the state is made
    if found.note and note is not None:
        note(found.note)
    view = state_json(state_from_store(store, game_id, upto), found.pool, seq)
    if entry is not None and found.note is None:
        _write(entry, view)
    return view


def keep_view(game_id: str, head: tuple[int, str], view: dict[str, Any]) -> None:
    """Keep `view`, the state after the stored event `head` = (seq, its stored hash) made with the
    pool the log rebuilds (`simulator replay` of a file, with its `--cards`: they are stored in its
    log), so that the first `state` of a replayed game reads it."""
    seq, digest = head
    entry = _entry(game_id, seq, digest) if seq > 0 and digest else None
    if entry is not None:
        _write(entry, view)


def kept_entry(store: EventStore, game_id: str, seq: int) -> str | None:
    """The file the view after `seq` is kept in (None: keeping is off, or there is no such event);
    `python -m bench` removes it to time a view made."""
    if cache_folder("views") is None:
        return None
    digest = store.hash_at(game_id, seq)
    return None if digest is None else _entry(game_id, seq, digest)


def _entry(game_id: str, seq: int, digest: str) -> str | None:
    folder = cache_folder("views")
    if folder is None:
        return None
    h = hashlib.sha256(_FORMAT + package_fingerprint())
    h.update(f"{game_id}\0{seq}\0{digest}".encode())
    return os.path.join(folder, f"{h.hexdigest()}.json")


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
