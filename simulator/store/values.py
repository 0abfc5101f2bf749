"""What the store takes and gives: an event to append, an event as stored, a game's row."""
from __future__ import annotations

import json
import re

from dataclasses import dataclass
from datetime import datetime, timezone
from typing import Any


@dataclass(frozen=True)
class NewEvent:
    """An event as the engine hands it to :meth:`EventStore.append`."""

    seq: int
    type: str
    version: int
    payload: dict[str, Any]
    cause_seq: int | None = None
    decision_seq: int | None = None
    rule: str | None = None


@dataclass(frozen=True)
class StoredEvent:
    """An event as stored: the engine's envelope plus what the store added."""

    position: int
    game_id: str
    seq: int
    event_id: str
    type: str
    version: int
    payload: dict[str, Any]
    cause_seq: int | None
    decision_seq: int | None
    rule: str | None
    recorded_at: str
    hash: str


@dataclass(frozen=True)
class GameInfo:
    """One game's row: ``version`` is its last seq (0 before any event)."""

    game_id: str
    title: str
    created_at: str
    version: int
    state_digest: str | None
    source: str | None
    status: str | None = None          # replaying | complete | waiting | stopped; None: older rows
    status_action: int | None = None   # stopped: the illegal action's 1-based number
    status_message: str | None = None  # stopped: the exit-3 message; waiting: who must choose what




def utcnow() -> datetime:
    return datetime.now(timezone.utc)


def iso(moment: datetime) -> str:
    """Fixed-width ISO-8601 UTC, so text order is time order."""
    return moment.astimezone(timezone.utc).isoformat(timespec="microseconds")


class UndecodablePayload(dict[str, Any]):
    """A stored payload that is not valid JSON (only possible by editing the database):
    an empty mapping that keeps the stored text and what is wrong with it, so readers and
    verify can name its seq."""

    def __init__(self, text: str, why: str = "not a JSON object") -> None:
        super().__init__()
        self.text = text
        self.why = why


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


def _has_lone_surrogate(text: str, value: Any) -> bool:
    """A JSON text (parsed: `value`) whose strings decode to a lone surrogate (written as a
    \\udXXX escape: only by editing the database), which no output can print."""
    if not text.isascii():   # (an ASCII text, as json.dumps writes by default, encodes)
        try:
            text.encode("utf-8")
        except UnicodeEncodeError:
            return True
    if "\\u" not in text or ("\\ud" not in text and "\\uD" not in text):
        return False
    try:
        json.dumps(value, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError:
        return True
    except (TypeError, ValueError, RecursionError):
        return False
    return False


_CONTROL = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]")
_ESCAPED_CONTROL = re.compile(r"\\(?:[bf]|u00)")   # where a text may escape one (or an escaped \\ precede b, f, u00)


def _has_control(text: str, value: Any) -> bool:
    """A JSON text (parsed: `value`) whose strings hold a C0/C1 control character other than
    tab and newline (escaped in the text: \\u001b, \\b...; only by editing the database).

    `text` parsed (json.loads is strict: it refuses a raw C0 character in a string, and outside
    strings allows only the whitespace), the raw characters to look for are DEL and C1, and an
    ASCII text (Python knows without reading it) holds only DEL of them: one quick scan instead
    of the pattern's, which on the first event of a long recorded game (its file: megabytes)
    cost more than parsing it."""
    if ("\x7f" in text) if text.isascii() else bool(_CONTROL.search(text)):
        return True
    if "\\" not in text or not _ESCAPED_CONTROL.search(text):   # (no backslash: no escape; one pass: the
        # text of a long game's file is megabytes)
        return False
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            if _CONTROL.search(item):
                return True
        elif isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return False


_DECODER = json.JSONDecoder(parse_constant=_no_constant)   # json.loads(text, parse_constant=...) makes one a call
_SCAN: Any = _DECODER.scan_once   # type: ignore[attr-defined]  # (what `_DECODER.decode` runs at the first character that is not whitespace)


def parse_payload(text: Any) -> dict[str, Any]:
    """A stored payload's JSON text as a dict (a dict as it is); `UndecodablePayload` keeping
    the text when it is not a JSON object, holds NaN or Infinity (not JSON: the chain's
    canonical JSON cannot hash it), or a lone surrogate (not Unicode: nothing can print it)."""
    if isinstance(text, dict):
        return text
    if type(text) is str and text[:1] == "{" and text.isascii() and "\\" not in text and "\x7f" not in text:
        # what the store writes (canonical JSON, ASCII): the object scanned as `decode` scans it,
        # without the whitespace it allows around it; no escape, so neither a lone surrogate nor
        # a control character (`_has_lone_surrogate`, `_has_control` say no)
        try:
            value, end = _SCAN(text, 0)
        except (StopIteration, ValueError, RecursionError):   # (the whole check below names it)
            pass
        else:
            if end == len(text):
                return value
    try:
        value = _DECODER.decode(text.decode(json.detect_encoding(text), "surrogatepass")   # as json.loads
                                if isinstance(text, (bytes, bytearray)) else text)
    except (TypeError, ValueError, RecursionError) as e:
        why = "it holds NaN or Infinity, which JSON has not" if "not a JSON number" in str(e) \
            else "not a JSON object"
        return UndecodablePayload(str(text), why)
    if isinstance(text, str) and _has_lone_surrogate(text, value):
        return UndecodablePayload(text, "it holds a lone surrogate (not a Unicode character)")
    if isinstance(text, str) and _has_control(text, value):
        return UndecodablePayload(text, "it holds a control character (it would drive the terminal "
                                        "of whoever reads it)")
    return value if isinstance(value, dict) else UndecodablePayload(str(text))

