"""A disk cache of parsed card files, so a command does not re-run the lark parser on every
start (parsing the built-in pool is most of a small command's time).

One entry per card file: a pickle of what loading it produced, named by the sha256 of the
file's bytes, its path (error messages name it), the source of every module and grammar of
`simulator.cards` and of the `simulator.base` modules it reads, and the Python version, so any change to the file, the grammar or the
parser is a new key: a stale entry is never read. The directory is
`$SIMULATOR_CACHE_DIR`, else `$XDG_CACHE_HOME/mtg-mana-simulator/cards`, else
`~/.cache/mtg-mana-simulator/cards`; deleting it (or any file in it) is always safe.
`SIMULATOR_CACHE_DIR=""` switches the cache off. A file that fails to load is not
cached (its error is raised every time), and a cache that cannot be read or written is
ignored."""
from __future__ import annotations

import hashlib
import os
import pickle
import sys
from functools import cache
from pathlib import Path
from typing import Callable, TypeVar

T = TypeVar("T")

_PACKAGE = Path(__file__).resolve().parent


def cache_dir() -> Path | None:
    """Where entries live (None: caching is off)."""
    explicit = os.environ.get("SIMULATOR_CACHE_DIR")
    if explicit is not None:
        return Path(explicit) if explicit else None
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "mtg-mana-simulator" / "cards"


def fingerprinted_files() -> list[Path]:
    """The sources a parsed card depends on: `simulator/cards` and `simulator/base`."""
    base = _PACKAGE.parent / "base"
    return sorted(_PACKAGE.glob("*.py")) + sorted(_PACKAGE.glob("*.lark")) + sorted(base.glob("*.py"))


@cache
def _code_fingerprint() -> bytes:
    """What the parsed result depends on besides the file: the parser's code and grammar, and
    the base modules it reads (the creature types a changeling has, the land types, symbols)."""
    h = hashlib.sha256(sys.version.encode())
    for path in fingerprinted_files():
        h.update(path.parent.name.encode() + b"/" + path.name.encode() + b"\0" + path.read_bytes() + b"\0")
    return h.digest()


def cached_load(path: str | Path, data: bytes, load: Callable[[], T]) -> T:
    """`load()` (which parses `data`, the bytes read from the card file at `path`), or its
    result from the cache. The caller reads the file, once and within the limits: the key is
    made of the very bytes `load` parses."""
    return _cached(os.fsencode(str(path)) + b"\0" + data, load)


def cached_text(text: str, source: str, load: Callable[[], T]) -> T:
    """`load()` (which parses a card file's `text`, named `source` in its errors), or its result
    from the cache: a stored game's card files and the Oracle cards are parsed once, not on
    every command that reads the game."""
    return _cached(b"text\0" + source.encode("utf-8") + b"\0" + text.encode("utf-8"), load)


def _cached(key: bytes, load: Callable[[], T]) -> T:
    folder = cache_dir()
    if folder is None:
        return load()
    h = hashlib.sha256(_code_fingerprint())
    h.update(key)
    entry = folder / f"{h.hexdigest()}.pickle"
    try:
        with open(entry, "rb") as f:
            return pickle.load(f)   # noqa: S301 - the user's own cache directory
    except FileNotFoundError:
        pass
    except Exception:   # a truncated or foreign entry: parse again and overwrite it
        pass
    result = load()
    try:
        folder.mkdir(parents=True, exist_ok=True)
        import tempfile   # (with shutil and its compressors) only to write an entry
        fd, tmp = tempfile.mkstemp(dir=folder, suffix=".tmp")
        with os.fdopen(fd, "wb") as f:
            pickle.dump(result, f, protocol=pickle.HIGHEST_PROTOCOL)
        os.replace(tmp, entry)   # atomic: a concurrent reader sees the whole entry or none
    except OSError:
        pass
    return result
