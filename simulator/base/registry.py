"""One handler per kind: the registry every dispatch table of the engine is made of.

A `Registry` is a dict from a model or event type to the one function that handles it (an
effect, a kind of mana, an event's evolve step ...), filled by a decorator where the function
is written. Registering a kind twice is a programming error caught at import, not a silent
replacement; a kind with no handler is found by the load-time checks (`rules/support.py`)."""
from __future__ import annotations

from typing import Callable, TypeVar

F = TypeVar("F")   # a handler: a function, or a record of the functions one kind needs


class Registry(dict[type, F]):
    """`kind -> handler`, a plain dict for lookups (the fold reads it on every event)."""

    def __init__(self, what: str) -> None:
        super().__init__()
        self.what = what

    def register(self, *kinds: type) -> Callable[[F], F]:
        """Decorator: `fn` handles each of `kinds`."""
        def add(fn: F) -> F:
            for kind in kinds:
                self.add(kind, fn)
            return fn
        return add

    def add(self, kind: type, fn: F) -> None:
        """`fn` handles `kind` (refused if something already does)."""
        if kind in self:
            raise TypeError(f"{self.what}: {kind.__name__} already has a handler "
                            f"({getattr(self[kind], '__qualname__', repr(self[kind]))})")
        self[kind] = fn
