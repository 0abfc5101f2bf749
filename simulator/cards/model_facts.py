"""What a permanent is beyond its card types, as a `Selector` may ask of it: "with a +1/+1 counter
on it" (122.1), "green creature" (105.2), "a token" (111.1), "that entered this turn", "1/1
creature" (Pendelhaven), "attacking" (506.4: nothing here, there is no combat). Part of the
model (`simulator.cards.model`); the rules read them off the object (`game.selectors.facts_of`)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping


@dataclass(frozen=True)
class ObjectFacts:
    """One permanent's counters, colors (after layer 5), whether it is a token and whether it
    entered (came under its controller's control) this turn."""

    counters: Mapping[str, int]
    colors: tuple[str, ...]
    token: bool
    entered_this_turn: bool
    power: int | None = None            # its power and toughness now (None: not known here)
    toughness: int | None = None
    keywords: tuple[str, ...] | None = None   # its keyword abilities now (None: not known here)

    def fit(self, sel: Any) -> bool:
        """Whether these facts are what the selector `sel` asks beyond types."""
        if sel.with_counter and self.counters.get(sel.with_counter, 0) <= 0:
            return False
        if sel.colors and not any(c in self.colors for c in sel.colors):
            return False
        if sel.colorless and self.colors:
            return False
        if sel.token and not self.token:
            return False
        if sel.attacking:               # 506.4: no combat here, so no creature is attacking
            return False
        if sel.pt is not None and (self.power, self.toughness) != tuple(sel.pt):
            return False
        if sel.nontoken and self.token:
            return False
        if sel.non_colors and any(c in self.colors for c in sel.non_colors):
            return False
        if sel.keyword and (self.keywords is None or sel.keyword not in self.keywords):
            return False
        if sel.power_at_most is not None and (self.power is None or self.power > sel.power_at_most):
            return False
        n = getattr(sel, "power_or_toughness_at_most", None)     # pool-modes (Warping Wail)
        if n is not None and not ((self.power is not None and self.power <= n)
                                  or (self.toughness is not None and self.toughness <= n)):
            return False
        return not (sel.entered_this_turn and not self.entered_this_turn)
