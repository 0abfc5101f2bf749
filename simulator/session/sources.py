"""A game's source, stored in its log: the recorded file and the card files it used.

`GameCreated.source` (event version 2) holds the recorded file's text and
format version and the full text of every card file the game was replayed
with (the file's own `cards` and any `--cards`), so a database alone is
enough to read a game back anywhere: the card pool is rebuilt from the log,
never from paths on the machine that recorded it. The hash chain covers it.

A game stored before this (GameCreated version 1) has no source: its card
pool is the built-in one, and `game_pool` says so.

`builtin` (added later, absent in older sources) names the edition of the built-in card pool
the game was played with (`cards.pool.EDITIONS`); a source without it, or no source at all, was
played with edition 1 (the hand-typed cards before the Oracle texts), so it is read with that
edition and answers as it did. `oracle_cards` (added later) is the text of a card file of the
real cards the game took from the Oracle data (not in the built-in pool or a card file), so the
log alone still rebuilds the pool, whatever Oracle data the reading machine has.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Iterable

from simulator.base.errors import CardDataError, IntegrityError, InvalidInput
from simulator.base.limits import DocumentProblem, read_bounded

if TYPE_CHECKING:   # the card pool is imported where a card is read (`log` and `why` read none)
    from simulator.cards import CardPool

SOURCE_VERSION = 1       # the layout of the `source` payload below

__all__ = ["source_payload", "pool_from_source", "builtin_edition", "PoolFromLog", "SOURCE_VERSION"]

OLD_EDITION = 1          # the built-in edition of a game whose source names none


def _text(path: str | Path) -> str:
    """A file's text read once more within the limits (only for a file no loader read)."""
    try:
        return read_bounded(Path(path)).decode("utf-8")
    except DocumentProblem as e:
        raise InvalidInput(f"{path}: {e.problem}") from None
    except UnicodeDecodeError:
        raise InvalidInput(f"{path}: not UTF-8 text") from None


def builtin_edition(source: dict[str, Any] | None) -> int:
    """The edition of the built-in card pool a stored game was played with."""
    edition = source.get("builtin", OLD_EDITION) if source is not None else OLD_EDITION
    return edition if isinstance(edition, int) and not isinstance(edition, bool) else OLD_EDITION


def _builtin_edition() -> int:
    from simulator.cards.pool import BUILTIN_EDITION
    return BUILTIN_EDITION


def source_payload(path: str | Path | None, card_files: Iterable[str | Path], *, fmt: int = 1,
                   text: str | None = None, name: str | None = None,
                   oracle_cards: str | None = None,
                   texts: Callable[[str], str | None] | None = None) -> dict[str, Any]:
    """The `source` of GameCreated: {"version", "format", "file", "media", "text", "card_files":
    [{"file", "text"}], "builtin", and "oracle_cards" when the game took real cards from the
    Oracle data}. `text`/`name` stand in for a file that exists only in memory; `text` and
    `texts(card_file)` (the pool's `file_text`) give the text that was read and validated, so
    what the log keeps is what was played, even if the file changed since."""
    def card_text(f: str) -> str:
        found = texts(f) if texts is not None else None
        return found if found is not None else _text(f)

    file_name = name or (Path(path).name if path is not None else "game.toml")
    extra: dict[str, Any] = {"oracle_cards": oracle_cards} if oracle_cards else {}
    return {
        "version": SOURCE_VERSION,
        "format": fmt,
        "file": file_name,
        "media": "json" if file_name.lower().endswith(".json") else "toml",
        "text": text if text is not None else (_text(path) if path is not None else ""),
        "card_files": [{"file": Path(f).name, "text": card_text(f)} for f in dict.fromkeys(map(str, card_files))],
        "builtin": _builtin_edition(),
        **extra,
    }


@dataclass(frozen=True)
class PoolFromLog:
    """The card pool a stored game reads with, and a note when it is not the game's own."""

    pool: CardPool
    note: str | None = None


def pool_from_source(source: dict[str, Any] | None, game_id: str,
                     base: CardPool | None = None) -> PoolFromLog:
    """The built-in cards (of the game's edition) plus the card files and Oracle cards stored in
    the log (`base` instead of the built-in pool, e.g. with `--cards` files added). No stored
    source: the base pool, with a note."""
    if base is None:
        from simulator.cards import CardPool
        base = CardPool.builtin(builtin_edition(source))
    pool = base
    if source is None:
        return PoolFromLog(pool, f"game {game_id} was stored before logs kept their card files: "
                                 "reading it with the built-in card pool")
    for i, entry in enumerate(source.get("card_files") or (), 1):
        try:
            pool = pool.with_text(entry["text"], f"card file {entry['file']} stored in game {game_id}")
        except CardDataError as e:
            raise IntegrityError(f"game {game_id}: stored card file {i} does not load: {e}") from e
    if source.get("oracle_cards"):
        try:
            pool = pool.with_text(source["oracle_cards"], f"the Oracle cards stored in game {game_id}")
        except CardDataError as e:
            raise IntegrityError(f"game {game_id}: its stored Oracle cards do not load: {e}") from e
    return PoolFromLog(pool)
