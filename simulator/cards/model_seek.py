"""Seek, a digital-only action (MTG Arena's Alchemy cards; not in the Comprehensive Rules): "Seek
a nonland card." puts a card with that quality AT RANDOM from its controller's library into their
hand; with no such card, nothing happens. It is not a draw (121.1: nothing that counts draws sees
it) and the library is not shuffled. Part of the model (`cards.model` puts it in its `Effect`
union); resolved by `simulator.rules.seek`."""
from __future__ import annotations

from dataclasses import dataclass

from simulator.cards.model_library import CardQuality


@dataclass(frozen=True)
class Seek:
    """"Seek a nonland card." / "Seek a creature card." / "Seek two land cards.": `count` cards,
    each one at random among the library's cards that are `what` (as printed, 109.1: a card in a
    library has its printed characteristics) and not already sought by this instruction."""

    what: CardQuality
    count: int = 1

    def describe(self) -> str:
        what = self.what.describe()
        return ("seek " + (("an " if what[0].lower() in "aeiou" else "a ") + what if self.count == 1
                           else f"{self.count} {what}s"))
