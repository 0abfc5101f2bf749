"""Cumulative upkeep (702.24; issue 22, pool-keywords): "Cumulative upkeep {1}{U}" (Mystic Might) /
"Cumulative upkeep—Add {R}." (Braid of Fire) is a triggered ability (702.24a): "At the beginning of
your upkeep, if this permanent is on the battlefield, put an age counter on this permanent. Then
you may pay [cost] for each age counter on it. If you don't, sacrifice it." The parser makes the
line a `TriggeredAbility` at the beginning of its controller's upkeep with a `CumulativeUpkeep`
instruction; resolved by `simulator.rules.cumulative_upkeep`. Other costs ("Pay {B} and 1 life",
"Sacrifice a land", ...) are refused."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class CumulativeUpkeep:
    """702.24a: an age counter put on the source, then the cost paid once for each age counter on
    it (702.24b: all of them, whichever ability put them there), or it is sacrificed. The cost is
    mana (`generic`, `symbols`) or, with `add`, adding that mana ("Add {R}", Braid of Fire: paying
    it adds that much mana to its controller's pool)."""

    generic: int = 0
    symbols: tuple[str, ...] = ()
    add: bool = False

    def describe(self) -> str:
        cost = (f"{{{self.generic}}}" if self.generic else "") + "".join(f"{{{s}}}" for s in self.symbols)
        return f"cumulative upkeep: {'add ' + cost if self.add else cost} for each age counter, or sacrifice it"
