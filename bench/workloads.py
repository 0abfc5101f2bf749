"""Workloads and timing shared by the benchmarks (and by the snapshot tests' long game)."""
from __future__ import annotations

import statistics
import time
from typing import Callable


def timed(fn: Callable[[], object], repeat: int) -> float:
    """Median wall time of `repeat` calls: only ever reported as a ratio to a baseline."""
    samples = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        samples.append(time.perf_counter() - t)
    return statistics.median(samples)


def lands_game(turns: int) -> dict:
    """A recorded game (GAME_FORMAT mapping) of `turns` turns: each turn the active player plays
    a land and taps two lands for mana (emptied at the end of the step), then the players pass
    to the next turn's first main phase. About 54 events a turn."""
    actions: list[dict] = []
    for t in range(turns):
        player, lands, land = (("Alice", ("a1", "a2"), "Forest") if t % 2 == 0
                               else ("Bob", ("b1", "b2"), "Island"))
        actions.append({"player": player, "play": land})
        actions += [{"player": player, "activate": oid} for oid in lands]
        actions.append({"advance": "main1"})
    return {"format": 1, "title": f"{turns} turns of lands",
            "players": [{"name": "Alice", "library": ["Forest"] * (turns + 5), "hand": ["Forest"],
                         "battlefield": [{"card": "Forest", "id": "a1"}, {"card": "Forest", "id": "a2"}]},
                        {"name": "Bob", "library": ["Island"] * (turns + 5), "hand": ["Island"],
                         "battlefield": [{"card": "Island", "id": "b1"}, {"card": "Island", "id": "b2"}]}],
            "actions": actions}
