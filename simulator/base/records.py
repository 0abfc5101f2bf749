"""`made(cls, fields)`: a frozen dataclass record built without its generated `__init__`.

A frozen dataclass's `__init__` sets each field through `object.__setattr__` (the frozen
guard): a third to half of the cost of making a small record. The fold makes one per object
that appears or moves, the store one per event it returns; they build them the way `_replace`
copies a record: a new instance whose `__dict__` gets every field, the defaults first, in field
order. For classes without `__post_init__`; input that does not fit (an unknown field, a
required one missing) goes to `cls(**fields)` itself, for its TypeError.

The defaults come from a prototype instance's own `__dict__`, not from a plain dict: copied
into a new instance, a plain dict's table is cloned whole (a dict of its own, 832 bytes for a
`GameObject`), an instance's keeps sharing the class's keys (288 bytes), and every record
`_replace` copies from it shares them too. A long game's state holds tens of thousands of
object records: this halves what each one weighs (issue 25, goal 3), and is faster.
"""
from __future__ import annotations

import dataclasses
from typing import Any, Callable, TypeVar

__all__ = ["made"]

_R = TypeVar("_R")
# (field names, required names, the prototype's dict: every field's default in field order
# (None for a required one), default factories, has __post_init__)
_Spec = tuple[frozenset[str], frozenset[str], dict[str, Any], dict[str, Callable[[], Any]], bool]
_SPECS: dict[type, _Spec] = {}


def _spec(cls: type) -> _Spec:
    """(field names, required names, plain defaults of every field in order, default
    factories, has __post_init__) of a dataclass, worked out once per class."""
    found = _SPECS.get(cls)
    if found is None:
        fields = [f for f in dataclasses.fields(cls) if f.init]
        factories: dict[str, Callable[[], Any]] = {
            f.name: f.default_factory for f in fields   # set: not MISSING
            if f.default_factory is not dataclasses.MISSING}
        prototype: dict[str, Any] = object.__new__(cls).__dict__   # an instance's dict: the class's shared keys
        for f in fields:
            prototype[f.name] = None if f.default is dataclasses.MISSING else f.default
        found = _SPECS[cls] = (
            frozenset(f.name for f in fields),
            frozenset(f.name for f in fields
                      if f.default is dataclasses.MISSING and f.name not in factories),
            prototype,
            factories,
            hasattr(cls, "__post_init__"))
    return found


def made(cls: type[_R], fields: dict[str, Any]) -> _R:
    """`cls(**fields)` for a frozen dataclass record (see the module docstring)."""
    names, required, defaults, factories, post_init = _spec(cls)
    if post_init or not names.issuperset(fields) or not required.issubset(fields):
        return cls(**fields)
    record: _R = object.__new__(cls)
    attrs = record.__dict__
    attrs.update(defaults)
    for name, factory in factories.items():
        if name not in fields:
            attrs[name] = factory()
    attrs.update(fields)
    return record
