"""Benchmark: "could produce" (106.7) on boards of N reflecting permanents, sizes doubling.

Each board: both players hold Reflecting Pools and Exotic Orchards (a cycle that reflects
itself) plus one Plains on Alice's side that grounds it, so white travels through the cycle.
The time to compute `could_produce` from scratch is compared with a baseline measured in
the same run: one plain Python pass over the same N permanents (a dict of sets) — the
cheapest linear work over that board. Printed: time per size, the ratio to the previous size
(≈2 per doubling means linear), and the ratio to the baseline.

    python bench/could_produce.py [--max 4096] [--repeat 5]
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.workloads import timed  # noqa: E402

from simulator.cards import CardPool
from simulator.game.layers import all_characteristics
from simulator.session.game import Game
from simulator.game.could_produce import could_produce
from simulator.formats.recorded import parse_recorded_game


def board(n: int):
    half = n // 2
    alice = [{"card": "Plains"}] + [{"card": "Reflecting Pool" if i % 2 else "Exotic Orchard"} for i in range(half - 1)]
    bob = [{"card": "Exotic Orchard" if i % 2 else "Reflecting Pool"} for i in range(n - half)]
    data = {"format": 1, "players": [{"name": "Alice", "battlefield": alice}, {"name": "Bob", "battlefield": bob}]}
    pool = CardPool.builtin()
    rec, pool = parse_recorded_game(data, "bench.toml", pool)
    game = Game(pool)
    game.setup(rec)
    return game.state, pool


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--min", type=int, default=64)
    ap.add_argument("--max", type=int, default=4096)
    ap.add_argument("--repeat", type=int, default=5)
    args = ap.parse_args()
    print(f"{'N':>6} {'could_produce':>14} {'per doubling':>13} {'baseline':>10} {'x baseline':>11}")
    prev = None
    n = args.min
    while n <= args.max:
        state, pool = board(n)

        def run() -> None:
            state._cache.clear()
            all_characteristics(state, pool)
            result = could_produce(state, pool)
            assert result[state.battlefield[-1]] == frozenset({"W"})

        def baseline() -> None:
            sets = {oid: set() for oid in state.battlefield}
            union: set[str] = set()
            for oid in state.battlefield:
                sets[oid].add(state.objects[oid].card[0])
                union |= sets[oid]

        t = timed(run, args.repeat)
        b = timed(baseline, args.repeat)
        ratio = f"{t / prev:13.2f}" if prev else f"{'-':>13}"
        print(f"{n:>6} {t * 1000:12.2f}ms {ratio} {b * 1000:8.3f}ms {t / b:11.1f}")
        prev = t
        n *= 2


if __name__ == "__main__":
    main()
