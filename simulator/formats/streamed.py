"""A recorded game's JSON decoded with its actions left as text until they are read (issue 25,
goal 3: memory flat in game length).

`json.loads` of a long game's file builds a dict for each of its actions at once: 90,000 actions
(a 4 MB file) weigh about 40 MiB of parsed values, for a moment, beside everything else. Here the
file's top-level object is read member by member; its ``actions`` array is checked an element at
a time (decoded, checked within the limits, let go of) and kept as the positions of its
elements in the text (`JSONItems`), each decoded again when the validator reads it.

Only a file that decodes cleanly takes this way: `stream_game` returns None for anything else
(a syntax error, a duplicate key, a value beyond the limits, a top level that is not an object
with an ``actions`` array, ...), and the caller decodes the file the plain way, which gives the
same data and raises the very same errors as before."""
from __future__ import annotations

import json
import re
from array import array
from collections.abc import Callable, Iterator, Sequence
from typing import Any, overload

from simulator.base.limits import check_document

_WS = re.compile(r"[ \t\n\r]*")


class JSONItems(Sequence[Any]):
    """The elements of a JSON array, kept as their positions in the document's text and decoded
    (by the document's own decoder) each time one is read."""

    __slots__ = ("_text", "_starts", "_decode")

    def __init__(self, text: str, starts: array[int], decode: Callable[[str, int], tuple[Any, int]]) -> None:
        self._text, self._starts, self._decode = text, starts, decode

    def __len__(self) -> int:
        return len(self._starts)

    @overload
    def __getitem__(self, i: int) -> Any: ...

    @overload
    def __getitem__(self, i: slice) -> list[Any]: ...

    def __getitem__(self, i: int | slice) -> Any:
        if isinstance(i, slice):
            return [self._decode(self._text, self._starts[p])[0] for p in range(*i.indices(len(self)))]
        return self._decode(self._text, self._starts[i])[0]

    def __iter__(self) -> Iterator[Any]:
        text, decode = self._text, self._decode
        for start in self._starts:
            yield decode(text, start)[0]


def stream_game(text: str, hook: Callable[[list[tuple[str, Any]]], dict[str, Any]]) -> dict[str, Any] | None:
    """The top-level object of `text` with its ``actions`` a `JSONItems`, every value decoded
    as ``json.loads(text, object_pairs_hook=hook)`` decodes it and the whole checked by
    `check_document`; None when the text is anything but a clean JSON object with an
    ``actions`` array (the plain decoding then says what is wrong)."""
    try:
        return _stream(text, hook)
    except Exception:   # not JSON, beyond a limit, the hook's refusal: the plain way says it
        return None


class _NotStreamed(Exception):
    pass


def _stream(text: str, hook: Callable[[list[tuple[str, Any]]], dict[str, Any]]) -> dict[str, Any]:
    raw = json.JSONDecoder(object_pairs_hook=hook).raw_decode
    ws = _WS.match

    def skip(pos: int) -> int:
        return ws(text, pos).end()   # type: ignore[union-attr]

    def expect(pos: int, char: str) -> int:
        if text[pos:pos + 1] != char:
            raise _NotStreamed
        return skip(pos + 1)

    pairs: list[tuple[str, Any]] = []
    items: JSONItems | None = None
    pos = expect(skip(0), "{")
    while text[pos:pos + 1] != "}":
        if text[pos:pos + 1] != '"':
            raise _NotStreamed
        key, pos = raw(text, pos)
        pos = expect(skip(pos), ":")
        if key == "actions" and text[pos:pos + 1] == "[":
            if items is not None:
                raise _NotStreamed       # a repeated key: the plain way refuses it
            starts: array[int] = array("Q")
            pos = skip(pos + 1)
            while text[pos:pos + 1] != "]":
                starts.append(pos)
                element, pos = raw(text, pos)
                check_document({"actions": [element]})   # at its depth in the document
                pos = skip(pos)
                if text[pos:pos + 1] == ",":
                    pos = skip(pos + 1)
                    if text[pos:pos + 1] == "]":
                        raise _NotStreamed   # a trailing comma
                elif text[pos:pos + 1] != "]":
                    raise _NotStreamed
            pos += 1
            items = JSONItems(text, starts, raw)
            pairs.append((key, []))
        else:
            value, pos = raw(text, pos)
            pairs.append((key, value))
        pos = skip(pos)
        if text[pos:pos + 1] == ",":
            pos = skip(pos + 1)
            if text[pos:pos + 1] != '"':
                raise _NotStreamed
        elif text[pos:pos + 1] != "}":
            raise _NotStreamed
    if skip(pos + 1) != len(text) or items is None:
        raise _NotStreamed
    top = hook(pairs)                # duplicate keys refused as the plain way refuses them
    check_document(top)
    top["actions"] = items
    return top
