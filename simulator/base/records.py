"""`made(cls, fields)`: a frozen dataclass record built without its generated `__init__`.

A frozen dataclass's `__init__` sets each field through `object.__setattr__` (the frozen
guard): a third to half of the cost of making a small record. The fold makes one per object
that appears or moves, the store one per event it returns; they build them the way `_replace`
copies a record: a new instance whose `__dict__` gets every field, the defaults first, in field
order. For classes without `__post_init__`; input that does not fit (an unknown field, a
required one missing) goes to `cls(**fields)` itself, for its TypeError.
"""
from __future__ import annotations

import dataclasses
from typing import Any, Callable, TypeVar

__all__ = ["made"]

_R = TypeVar("_R")
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
        found = _SPECS[cls] = (
            frozenset(f.name for f in fields),
            frozenset(f.name for f in fields
                      if f.default is dataclasses.MISSING and f.name not in factories),
            {f.name: None if f.default is dataclasses.MISSING else f.default for f in fields},
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
