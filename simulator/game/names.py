"""One name per object: the handle a recorded game gave a card, else the engine's id.

A card the file names by a handle (`{ card = "Forest", id = "forest-h" }`) becomes a new
object each time it changes zones (400.7), with an id the engine chooses (`forest-1`); the
handle follows the card (`GameObject.handle`). The state already shows each object by its
handle; `Names` lets the words of `log`, `why`, `triggers` and the viewer's timeline say the
same, so a user meets one name per card (issue 23). Events keep the engine's ids: the log's
payloads, `log --nl` and the store are unchanged.

`Names.of_state` reads the handles the fold kept; `Names.see` follows them along the events
(what `log` reads without a fold): a handle is set by `CardPlaced` and kept by the events
that move an object (`MOVES`, the events `state._move` folds; a test checks both agree).
"""
from __future__ import annotations

import re
from typing import Any, Callable

from simulator.game import events as ev
from simulator.game.state import GameState

# Each event that makes a new object from an old one (400.7): (old id field, new id field).
MOVES: dict[type[ev.Event], tuple[str, str]] = {
    ev.ZoneChanged: ("object_id", "new_id"),
    ev.CardDrawn: ("object_id", "new_id"),
    ev.SpellCast: ("object_id", "spell_id"),
}

_TOKEN = re.compile(r"[A-Za-z0-9_][\w-]*")   # an id as it stands in words (`<slug>-<n>`, a handle)


class Names:
    """Engine id -> the handle of its card, for the objects whose card has one (and another id)."""

    def __init__(self, handles: dict[str, str] | None = None, handled: set[str] | None = None) -> None:
        self._handles: dict[str, str] = dict(handles or {})
        self._handled: set[str] = set(self._handles.values()) | set(handled or ())   # every handle

    @classmethod
    def of_state(cls, state: GameState) -> "Names":
        """The names of every object the state has known (moved ones are kept as LKI, 400.7)."""
        handled = {o.handle for o in state.objects.values() if o.handle}
        return cls({oid: o.handle for oid, o in state.objects.items() if o.handle and o.handle != oid}, handled)

    def copy(self) -> "Names":
        return Names(self._handles, self._handled)

    def see(self, env: ev.Envelope) -> None:
        """Follow one event (in log order): a handled card's new object keeps its handle."""
        e = env.event
        if isinstance(e, ev.CardPlaced):
            if e.handle:
                self._handled.add(e.object_id)
            return
        fields = MOVES.get(type(e))
        if fields is None:
            return
        old, new = getattr(e, fields[0]), getattr(e, fields[1])
        handle = self._handles.get(old, old if old in self._handled else None)
        if handle is not None and handle != new:
            self._handles[new] = handle

    def name(self, oid: Any) -> Any:
        """The name users see for `oid` (anything else is returned unchanged)."""
        return self._handles.get(oid, oid) if isinstance(oid, str) else oid

    def text(self, words: str) -> str:
        """`words` with every engine id of a handled card written as its handle."""
        if not self._handles:
            return words
        return renamed(words, lambda w: self._handles.get(w, w))

    def as_dict(self) -> dict[str, str]:
        return dict(self._handles)


def renamed(words: str, name: Callable[[str], str]) -> str:
    """`words` with each word that may be an id (`<slug>-<n>`, a handle) replaced by `name(word)`."""
    return _TOKEN.sub(lambda mt: name(mt.group()), words)
