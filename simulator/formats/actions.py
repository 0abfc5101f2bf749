"""A recorded game's actions held compactly (issue 25, goal 3: memory flat in game length).

A long game repeats a few decisions over and over (tap the Forest, cast the Elves, pass): its
actions differ mostly by their position. `ActionList` keeps each distinct action once, without
its position (`index` 0, `key` ""), and one small integer per action naming it; an action is
made again, with its `index` and its `key` (``actions[N]``), when it is read. It reads as the
tuple of actions it was made from: the same length, items, order and equality."""
from __future__ import annotations

import dataclasses
from array import array
from collections.abc import Iterable, Iterator, Sequence
from typing import Any, Generic, TypeVar, overload

A = TypeVar("A")


class ActionList(Sequence[A], Generic[A]):
    """The actions of a file, in order: item i is the action at index i + 1 (key
    ``actions[i + 1]``). `A` is a frozen dataclass with the fields `index` and `key`."""

    __slots__ = ("_shapes", "_order")

    def __init__(self, actions: Iterable[A] = ()) -> None:
        shapes: list[A] = []
        known: dict[Any, int] = {}
        order = array("I")
        for position, action in enumerate(actions, 1):
            index, key = getattr(action, "index"), getattr(action, "key")
            if index != position or key != f"actions[{position}]":
                raise ValueError(f"action {index} ({key!r}) is not action {position}")
            shape = dataclasses.replace(action, index=0, key="")  # type: ignore[type-var]
            try:
                at = known.setdefault(shape, len(shapes))
            except TypeError:   # an unhashable value: kept on its own
                at = len(shapes)
            if at == len(shapes):
                shapes.append(shape)
            order.append(at)
        self._shapes: tuple[A, ...] = tuple(shapes)
        self._order = order

    def _at(self, position: int) -> A:
        n = position + 1
        return dataclasses.replace(self._shapes[self._order[position]],  # type: ignore[type-var]
                                   index=n, key=f"actions[{n}]")

    def __len__(self) -> int:
        return len(self._order)

    @overload
    def __getitem__(self, i: int) -> A: ...

    @overload
    def __getitem__(self, i: slice) -> tuple[A, ...]: ...

    def __getitem__(self, i: int | slice) -> A | tuple[A, ...]:
        if isinstance(i, slice):
            return tuple(self._at(p) for p in range(*i.indices(len(self._order))))
        if i < 0:
            i += len(self._order)
        if not 0 <= i < len(self._order):
            raise IndexError("action index out of range")
        return self._at(i)

    def __iter__(self) -> Iterator[A]:
        for position in range(len(self._order)):
            yield self._at(position)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, ActionList):
            return self._shapes == other._shapes and self._order == other._order or tuple(self) == tuple(other)
        if isinstance(other, tuple):
            return tuple(self) == other
        return NotImplemented

    def __hash__(self) -> int:
        return hash(tuple(self))

    def __repr__(self) -> str:
        return f"ActionList({list(self)!r})"
