"""`bulk_allocation()`: no cyclic garbage collection while a large acyclic structure is built.

Setting up a starting position allocates one record per card; writing it allocates the
events' payloads, their JSON texts and rows, and the state's plain-data snapshot. None of
these make reference cycles (reference counting frees them), but each collection rescans
every container still alive, so with collection on, set-up and its first write of a library
of n cards grow faster than n (100,000 cards: about 30% of the time). Collection is back on
(if it was on) when the block ends, and then finds whatever cycles the block did leave.
"""
from __future__ import annotations

import gc
from contextlib import contextmanager
from typing import Iterator

__all__ = ["bulk_allocation"]


@contextmanager
def bulk_allocation() -> Iterator[None]:
    """Cyclic garbage collection off for the block (see the module docstring)."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()
