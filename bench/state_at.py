"""Benchmark: `state_from_store` at the last event of a long game, with and without snapshots.

The workload is a long recorded game built here: `--turns` turns in which the active player
plays a land and taps two lands for mana, then the players pass to the next turn's first
main phase (about 54 events a turn: steps, priority, draws, mana emptying). It is replayed
into a fresh SQLite file (or `--db URL`) with snapshots every `--every` events (default
SNAPSHOT_EVERY). The baseline, measured in the same run on the same database, is the plain
fold from the first event (`snapshots=False`, what `state --at N` did before snapshots).
Printed: both medians and the ratio baseline / with snapshots, at the last event and at
the event just before the latest snapshot (the most events left to fold); the states are
checked to have the same digest.

    python bench/state_at.py [--turns 100] [--every 200] [--repeat 7] [--db URL]
"""
from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.workloads import lands_game, timed  # noqa: E402

from simulator.session.recorder import SNAPSHOT_EVERY, replay_file, state_from_store
from simulator.game.codec import state_digest
from simulator.store import EventStore


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--turns", type=int, default=100)
    ap.add_argument("--every", type=int, default=SNAPSHOT_EVERY)
    ap.add_argument("--repeat", type=int, default=7)
    ap.add_argument("--db", default=None, help="database URL or path (default: a temporary SQLite file)")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        game_file = Path(tmp) / "long.json"
        game_file.write_text(json.dumps(lands_game(args.turns)))
        db = args.db or str(Path(tmp) / "state_at.sqlite")
        t = time.perf_counter()
        result = replay_file(game_file, db, snapshot_every=args.every)
        t_replay = time.perf_counter() - t
        assert result.error is None, result.error
        gid = result.game.game_id
        with EventStore(db) as store:
            last = store.game(gid).version
            snaps = store.snapshots(gid)
            plain = state_from_store(store, gid, last, snapshots=False)
            cached = state_from_store(store, gid, last)
            assert state_digest(plain) == state_digest(cached) == state_digest(result.game.state)
            base = timed(lambda: state_from_store(store, gid, last, snapshots=False), args.repeat)
            fast = timed(lambda: state_from_store(store, gid, last), args.repeat)
            # the worst place for the cache: just before a snapshot, ~`every` events to fold
            worst_at = snaps[-1][0] - 1 if snaps else last
            worst_base = timed(lambda: state_from_store(store, gid, worst_at, snapshots=False), args.repeat)
            worst = timed(lambda: state_from_store(store, gid, worst_at), args.repeat)
    print(f"game: {args.turns} turns, {last} events, {len(snaps)} snapshots "
          f"(every {args.every}; latest at seq {snaps[-1][0] if snaps else '-'}), "
          f"replayed in {t_replay:.1f}s")
    print(f"state_from_store at event {last}:")
    print(f"  fold from the first event (baseline) {base * 1000:9.2f} ms")
    print(f"  from the latest snapshot             {fast * 1000:9.2f} ms")
    print(f"  ratio baseline / snapshot            {base / fast:9.1f}x")
    print(f"state_from_store at event {worst_at} (just before the latest snapshot: the most events to fold):")
    print(f"  fold from the first event (baseline) {worst_base * 1000:9.2f} ms")
    print(f"  from the snapshot before it          {worst * 1000:9.2f} ms")
    print(f"  ratio baseline / snapshot            {worst_base / worst:9.1f}x")


if __name__ == "__main__":
    main()
