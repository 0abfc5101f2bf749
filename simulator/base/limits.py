"""Documented limits on untrusted input, and decoding TOML/JSON documents safely.

Recorded games and card files come from anyone. Whatever they hold, reading
them must end quickly with either a valid document or an exit-2 error naming
the file, the key and the limit: never a RecursionError, a 4,300-digit integer
ValueError, a string that cannot be stored (a lone surrogate), a read that
never ends (``/dev/zero``, a FIFO), or a set-up that takes hours.

The limits are generous for real games (README "Limits"):
"""
from __future__ import annotations

import json
import os
import re
import stat
from pathlib import Path
from typing import Any, Callable

__all__ = ["MAX_FILE_BYTES", "MAX_DEPTH", "MAX_TEXT", "MAX_INTEGER", "MAX_PLAYERS", "MAX_CARDS",
           "MAX_ACTIONS", "MAX_CARD_FILES", "MAX_AMOUNT", "MAX_CARD_DEFINITIONS", "LIMITS", "read_document", "read_bounded", "decode_document", "check_document",
           "regular_file_problem", "DocumentProblem", "control_character"]

MAX_FILE_BYTES = 32 * 1024 * 1024   #: size of one recorded-game or card file
MAX_DEPTH = 32                      #: nesting of tables/lists in one file
MAX_TEXT = 10_000                   #: characters in one string (a title, a name, an ability's text)
MAX_INTEGER = 2**63 - 1             #: magnitude of any integer (TOML's own range)
MAX_PLAYERS = 16                    #: players in one game
MAX_CARDS = 250_000                 #: cards in all zones of all players at the start
MAX_ACTIONS = 1_000_000             #: actions in one recorded game
MAX_CARD_FILES = 100                #: card files named by one recorded game
MAX_AMOUNT = 1_000                  #: an X value, a number of counters on one permanent
MAX_CARD_DEFINITIONS = 2_000        #: [[card]] and [[token]] tables in one card file

#: (what, limit) in the order the README lists them; a test checks the README against it.
LIMITS: tuple[tuple[str, int], ...] = (
    ("bytes in one recorded-game or card file", MAX_FILE_BYTES),
    ("levels of nesting in one file", MAX_DEPTH),
    ("characters in one string", MAX_TEXT),
    ("magnitude of any integer", MAX_INTEGER),
    ("players in one game", MAX_PLAYERS),
    ("cards in all starting zones together", MAX_CARDS),
    ("actions in one recorded game", MAX_ACTIONS),
    ("card files named by one recorded game", MAX_CARD_FILES),
    ("X of a spell, counters of one kind on one permanent", MAX_AMOUNT),
    ("card and token definitions in one card file", MAX_CARD_DEFINITIONS),
)


class DocumentProblem(Exception):
    """What is wrong with an untrusted document: `key` (dotted path, 1-based list
    indexes, "" for the whole file), `problem`, and the `line` when known."""

    def __init__(self, key: str, problem: str, line: int | None = None,
                 text: str | None = None) -> None:
        super().__init__(problem)
        self.key = key
        self.problem = problem
        self.line = line
        self.text = text   # the decoded source, when there is one (to find a key's line)


def regular_file_problem(path: Path) -> str | None:
    """Why `path` cannot be read as a document (None: it is a regular file of allowed size)."""
    try:
        st = path.stat()
    except FileNotFoundError:
        return "file not found"
    except NotADirectoryError:
        return "file not found (a parent is not a directory)"
    except PermissionError:
        return "cannot read file: permission denied"
    except OSError as e:
        return f"cannot read file: {e.strerror or e}"
    if stat.S_ISDIR(st.st_mode):
        return "is a directory, not a file"
    if not stat.S_ISREG(st.st_mode):
        return "exists but is not a regular file (a device, FIFO or socket)"
    if st.st_size > MAX_FILE_BYTES:
        return f"is {st.st_size} bytes, over the limit of {MAX_FILE_BYTES} bytes"
    return None


def _key(base: str, part: str | int) -> str:
    if isinstance(part, int):
        return f"{base}[{part + 1}]"
    if re.match(r"^[A-Za-z_][A-Za-z0-9_]*$", part):
        return f"{base}.{part}" if base else part
    return f"{base}[{json.dumps(part, ensure_ascii=False)}]"


def _surrogate_problem(value: str) -> str | None:
    try:
        value.encode("utf-8")
    except UnicodeEncodeError as e:
        return (f"contains a lone surrogate (U+{ord(value[e.start]):04X} at character {e.start + 1}):"
                " not a Unicode character")
    return None


def _text_problem(value: str) -> str | None:
    if len(value) > MAX_TEXT:
        return f"text of {len(value)} characters, over the limit of {MAX_TEXT}"
    bad = _surrogate_problem(value)
    if bad:
        return bad
    if "\x00" in value:
        return "contains a NUL character"
    at = control_character(value)
    if at is not None:
        return (f"contains the control character U+{ord(value[at]):04X} at character {at + 1} "
                "(only tab and newline may appear in text: a control character would drive the "
                "terminal of whoever reads the game)")
    return None


_CONTROL = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]")


def control_character(value: str) -> int | None:
    """The index of the first C0 or C1 control character (or DEL) in `value`, None if there is
    none; tab, newline and carriage return are text."""
    m = _CONTROL.search(value)
    return None if m is None else m.start()


def check_document(data: Any) -> None:
    """Walk a decoded document (iteratively: no recursion) and raise DocumentProblem for
    nesting deeper than MAX_DEPTH, a string over MAX_TEXT or not encodable as UTF-8, an
    integer beyond MAX_INTEGER, or a float that is not finite."""
    stack: list[tuple[Any, str, int]] = [(data, "", 0)]
    while stack:
        value, key, depth = stack.pop()
        if isinstance(value, dict):
            if depth >= MAX_DEPTH:
                raise DocumentProblem(key, f"nested more than {MAX_DEPTH} levels deep")
            for k, v in value.items():
                bad = _text_problem(k) if isinstance(k, str) else None
                if bad:
                    raise DocumentProblem(key, f"a key {bad}")
                stack.append((v, _key(key, k), depth + 1))
        elif isinstance(value, list):
            if depth >= MAX_DEPTH:
                raise DocumentProblem(key, f"nested more than {MAX_DEPTH} levels deep")
            for i, v in enumerate(value):
                stack.append((v, _key(key, i), depth + 1))
        elif isinstance(value, str):
            bad = _text_problem(value)
            if bad:
                raise DocumentProblem(key, bad)
        elif isinstance(value, bool):
            continue
        elif isinstance(value, int):
            if abs(value) > MAX_INTEGER:
                raise DocumentProblem(key, f"integer out of range (magnitude over {MAX_INTEGER})")
        elif isinstance(value, float):
            if value != value or value in (float("inf"), float("-inf")):
                raise DocumentProblem(key, "number is not finite")


def _decode_text(raw: bytes) -> str:
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as e:
        raise DocumentProblem("", "not UTF-8 text", raw[: e.start].count(b"\n") + 1) from None


def read_bounded(path: Path) -> bytes:
    """The bytes of one untrusted file, read once: a regular file of at most MAX_FILE_BYTES,
    checked before reading (no read of `/dev/zero`, no wait on a FIFO: the file is opened
    without blocking and checked again on the open descriptor, so a swap to a device or a
    symlink to one after the first check is refused too), then at most the limit + 1 bytes
    read. Raises DocumentProblem."""
    bad = regular_file_problem(path)
    if bad:
        raise DocumentProblem("", bad)
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0))
    except OSError as e:
        raise DocumentProblem("", f"cannot read file: {e.strerror or e}") from None
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            raise DocumentProblem("", "exists but is not a regular file (a device, FIFO or socket)")
        if st.st_size > MAX_FILE_BYTES:
            raise DocumentProblem("", f"is {st.st_size} bytes, over the limit of {MAX_FILE_BYTES} bytes")
        chunks, size = [], 0
        while size <= MAX_FILE_BYTES:
            chunk = os.read(fd, min(1 << 20, MAX_FILE_BYTES + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
    except OSError as e:
        raise DocumentProblem("", f"cannot read file: {e.strerror or e}") from None
    finally:
        os.close(fd)
    raw = b"".join(chunks)
    if len(raw) > MAX_FILE_BYTES:
        raise DocumentProblem("", f"over the limit of {MAX_FILE_BYTES} bytes")
    return raw


def read_document(path: Path, kind: str,
                  json_hook: Callable[[list[tuple[str, Any]]], dict[str, Any]] | None = None
                  ) -> tuple[Any, str]:
    """Read and decode one untrusted TOML (`kind` "toml") or JSON ("json") file, then
    `check_document` it; return the data and the source text. Raises DocumentProblem
    (with the line for syntax errors)."""
    return decode_document(read_bounded(path), kind, json_hook)


def decode_document(raw: bytes | str, kind: str,
                    json_hook: Callable[[list[tuple[str, Any]]], dict[str, Any]] | None = None
                    ) -> tuple[Any, str]:
    """Decode untrusted TOML or JSON (bytes of a file, or text already decoded) within the
    limits, then `check_document` it; return the data and the text. Raises DocumentProblem."""
    if isinstance(raw, bytes):
        text = _decode_text(raw)
    else:
        if len(raw) > MAX_FILE_BYTES:
            raise DocumentProblem("", f"over the limit of {MAX_FILE_BYTES} characters")
        text = raw
        bad = _surrogate_problem(text)
        if bad:
            raise DocumentProblem("", bad)
    import tomllib   # here: a command that reads no document does not import it (start-up)
    try:
        if kind == "toml":
            data: Any = tomllib.loads(text)
        else:
            data = json.loads(text, object_pairs_hook=json_hook)
    except RecursionError:
        raise DocumentProblem("", f"nested too deeply (the limit is {MAX_DEPTH} levels)") from None
    except tomllib.TOMLDecodeError as e:
        m = re.search(r"\(at line (\d+), column \d+\)", str(e))
        line = int(m.group(1)) if m else None
        if line is None and "end of document" in str(e):
            line = text.count("\n") + 1
        raise DocumentProblem("", f"TOML syntax error: {e}", line) from None
    except json.JSONDecodeError as e:
        raise DocumentProblem("", f"JSON syntax error: {e.msg} (at line {e.lineno}, column {e.colno})",
                              e.lineno) from None
    except ValueError as e:   # Python's 4,300-digit limit on integer conversion, and the like
        if "digits" in str(e):
            raise DocumentProblem("", "an integer has too many digits (magnitude over "
                                      f"{MAX_INTEGER})") from None
        raise DocumentProblem("", f"cannot decode: {e}") from None
    try:
        check_document(data)
    except DocumentProblem as e:
        e.text = text
        raise
    return data, text


def describe_limits() -> str:
    """The README table of limits."""
    return "\n".join(f"| {what} | {limit:,} |" for what, limit in LIMITS)

