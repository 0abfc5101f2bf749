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


def constant_board_game(turns: int) -> dict:
    """A recorded game (GAME_FORMAT mapping) of `turns` turns whose board never grows: each turn
    the active player taps a Forest, casts the Llanowar Elves they drew, lets it resolve and
    sacrifices it to Ashnod's Altar. Each player's battlefield stays a Forest and an Altar and
    their hand one Elf; only the graveyard and the objects' history grow (what the engine must
    not be slowed down by). About 50 events a turn: 2,000 turns reach 100,000 events."""
    actions: list[dict] = []
    for t in range(turns):
        name, forest, altar = ("Alice", "a-forest", "a-altar") if t % 2 == 0 else ("Bob", "b-forest", "b-altar")
        actions += [{"player": name, "activate": forest},
                    {"player": name, "cast": "Llanowar Elves"},
                    {"resolve": True},
                    {"player": name, "activate": altar, "sacrifice": ["Llanowar Elves"]},
                    {"advance": "main1"}]

    def player(name: str, prefix: str) -> dict:
        return {"name": name, "library": ["Llanowar Elves"] * (turns // 2 + 2), "hand": ["Llanowar Elves"],
                "battlefield": [{"card": "Forest", "id": f"{prefix}-forest"},
                                {"card": "Ashnod's Altar", "id": f"{prefix}-altar"}]}

    return {"format": 1, "title": f"{turns} turns on a constant board",
            "players": [player("Alice", "a"), player("Bob", "b")], "actions": actions}
