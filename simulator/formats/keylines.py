"""Where a key path sits in a TOML or JSON source text: the line an error points at.

Python's `tomllib` and `json` give line numbers only for syntax errors. A
recorded-game error found later names a key path (``players[1].battlefield[2].
card``); `line_of(text, suffix, key)` finds the line of that key in the file the
user wrote, so the message can say ``game.toml:14: at players[1]...``.

A small scanner, not a second parser: it runs only on text that already
decoded, records the line where every table, key and list element starts, and
falls back to the nearest enclosing element it found (the ``[[actions]]`` header
of an action whose required key is missing). List indexes are 1-based, as in the
key paths of `simulator.formats.recorded`.
"""
from __future__ import annotations

import bisect
import json
import re
from typing import Iterator

__all__ = ["Path", "parse_key_path", "key_lines", "line_of"]

Path = tuple[str | int, ...]

_PATH_PART = re.compile(r'\.?([A-Za-z_][A-Za-z0-9_]*)|\[(\d+)\]|\[("(?:[^"\\]|\\.)*")\]')
_BARE = re.compile(r"[A-Za-z0-9_-]+")


def parse_key_path(key: str) -> Path:
    """``'players[1].counters["+1/+1"]'`` -> ``('players', 1, 'counters', '+1/+1')``."""
    out: list[str | int] = []
    pos = 0
    while pos < len(key):
        m = _PATH_PART.match(key, pos)
        if not m:
            break
        if m.group(1) is not None:
            out.append(m.group(1))
        elif m.group(2) is not None:
            out.append(int(m.group(2)))
        else:
            out.append(json.loads(m.group(3)))
        pos = m.end()
    return tuple(out)


class _Scanner:
    """Walks the text once, recording ``path -> line`` for every key and element."""

    def __init__(self, text: str, toml: bool) -> None:
        self.s = text
        self.toml = toml
        self.i = 0
        self.lines: dict[Path, int] = {}
        # offsets of every newline: a line number is a binary search, not a count from the
        # start (counting made a 250,000-card one-line library quadratic: minutes)
        self.newlines = [m.start() for m in re.finditer("\n", text)]

    def line(self, pos: int | None = None) -> int:
        return bisect.bisect_left(self.newlines, self.i if pos is None else pos) + 1

    def note(self, path: Path, pos: int) -> None:
        self.lines.setdefault(path, self.line(pos))

    def peek(self, n: int = 1) -> str:
        return self.s[self.i:self.i + n]

    def skip_space(self, newlines: bool = True) -> None:
        while self.i < len(self.s):
            c = self.s[self.i]
            if c in " \t\r" or (newlines and c == "\n"):
                self.i += 1
            elif c == "#" and self.toml:
                end = self.s.find("\n", self.i)
                self.i = len(self.s) if end < 0 else end
            else:
                return

    def string(self) -> str:
        """Consume a quoted string; return its text (escapes kept for basic strings)."""
        s = self.s
        for quote in ('"""', "'''"):
            if s.startswith(quote, self.i):
                end = s.find(quote, self.i + 3)
                end = len(s) if end < 0 else end
                while s.startswith(quote[0], end + 3):   # up to two quotes may close it
                    end += 1
                text = s[self.i + 3:end]
                self.i = end + 3
                return text
        q = s[self.i]
        j = self.i + 1
        while j < len(s) and s[j] != q and s[j] != "\n":
            j += 2 if (q == '"' and s[j] == "\\") else 1
        text = s[self.i + 1:j]
        self.i = j + 1
        if q == '"':
            try:
                return str(json.loads(f'"{text}"'))
            except ValueError:
                return text
        return text

    def key(self) -> list[str]:
        """A (possibly dotted) key: bare or quoted parts."""
        parts: list[str] = []
        while True:
            self.skip_space(newlines=False)
            if self.peek() in ('"', "'"):
                parts.append(self.string())
            else:
                m = _BARE.match(self.s, self.i)
                if not m:
                    return parts
                parts.append(m.group(0))
                self.i = m.end()
            self.skip_space(newlines=False)
            if self.peek() != "." or not self.toml:
                return parts
            self.i += 1

    def _members(self, close: str) -> Iterator[None]:
        """Stops at each member of a bracketed list or table, up to `close` (consumed)."""
        self.i += 1
        while True:
            self.skip_space()
            if self.i >= len(self.s) or self.peek() == close:
                self.i += 1
                return
            if self.peek() == ",":
                self.i += 1
                continue
            yield

    def value(self, path: Path) -> None:
        self.skip_space()
        self.note(path, self.i)
        c = self.peek()
        if c == "[":
            for index, _ in enumerate(self._members("]"), 1):
                self.value(path + (index,))
        elif c == "{":
            for _ in self._members("}"):
                start = self.i
                parts = self.key()
                if not parts:          # not a key: give up on this table quietly
                    self.i += 1
                    continue
                self.note(path + tuple(parts), start)
                self.skip_space()
                if self.peek() in ("=", ":"):
                    self.i += 1
                self.value(path + tuple(parts))
        elif c in ('"', "'"):
            self.string()
        else:
            m = re.compile(r"[^,\]}\n#]*").match(self.s, self.i)
            self.i = m.end() if m else self.i + 1

    # ---- TOML documents: headers and key = value lines
    def toml_document(self) -> None:
        table: Path = ()
        counts: dict[Path, int] = {}
        while True:
            self.skip_space()
            if self.i >= len(self.s):
                return
            start = self.i
            if self.peek(2) == "[[" or self.peek() == "[":
                array = self.peek(2) == "[["
                self.i += 2 if array else 1
                parts = self.key()
                self.i = self._line_end()
                table = self._resolve(parts, table, counts, array)
                self.note(table, start)
                continue
            parts = self.key()
            if not parts:
                self.i = self._line_end()
                continue
            self.note(table + tuple(parts), start)
            self.skip_space(newlines=False)
            if self.peek() == "=":
                self.i += 1
            self.value(table + tuple(parts))

    def _line_end(self) -> int:
        end = self.s.find("\n", self.i)
        return len(self.s) if end < 0 else end

    @staticmethod
    def _resolve(parts: list[str], current: Path, counts: dict[Path, int], array: bool) -> Path:
        """The concrete path of a header: ``players.battlefield`` inside the 2nd player is
        ``('players', 2, 'battlefield', n)``."""
        path: list[str | int] = []
        for k, part in enumerate(parts):
            path.append(part)
            last = k == len(parts) - 1
            base = tuple(path)
            if last and array:
                counts[base] = counts.get(base, 0) + 1
                path.append(counts[base])
            elif not last and base in counts:
                path.append(counts[base])
        return tuple(path)


def key_lines(text: str, toml: bool) -> dict[Path, int]:
    """Every key path of the document -> the line where it starts (1-based)."""
    scanner = _Scanner(text, toml)
    try:
        if toml:
            scanner.toml_document()
        else:
            scanner.value(())
    except (IndexError, ValueError):   # text this scanner does not follow: what was found stays
        pass
    return scanner.lines


def line_of(text: str, suffix: str, key: str) -> int | None:
    """The line of `key` (a key path) in the source text, or of its nearest enclosing
    element; None when not even that is found (e.g. a missing top-level key)."""
    lines = key_lines(text, suffix.lower() == ".toml")
    path = parse_key_path(key)
    while path:
        if path in lines:
            return lines[path]
        path = path[:-1]
    return None
