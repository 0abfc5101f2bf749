"""Moving counters (122.5; issue 22, pool-poolB2): "Move a +1/+1 counter from this artifact onto
target creature." (Weapon Rack, Explorer's Cache). Handled by `rules/counter_moves`."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class MoveCounterFromSelf:
    """"Move a +1/+1 counter from this artifact onto target creature." (122.5): one `counter`
    counter is removed from the source and put on the target as the ability resolves. The source
    gone from the battlefield or without such a counter: nothing happens (the target gets none);
    the target illegal: the ability does nothing (608.2b) and the counter stays; the source its
    own target: nothing happens."""

    counter: str = "+1/+1"
