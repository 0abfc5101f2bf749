"""Benchmark: appending a game's events through the EventStore vs raw sqlite3, same run.

The workload is a real log: the example game's events replayed `--games` times as separate
games, one transaction per decision batch (as `simulator replay` does). The baseline writes
the same rows with the standard library's sqlite3 (one transaction per batch, no hash chain,
no concurrency check). Printed: both times and the ratio (what SQLAlchemy, the optimistic
check and the hash chain cost), and the read-back ratio (stream vs raw SELECT).

    python bench/store_append.py [--games 20]
"""
from __future__ import annotations

import argparse
import json
import sqlite3
import tempfile
import time
import uuid
from pathlib import Path

from simulator.store.decoding import to_new_event
from simulator.session.recorder import replay_file
from simulator.store import EventStore

EXAMPLE = Path(__file__).parent.parent / "examples" / "forest_and_elves.toml"


def batches(events):
    out, cur = [], []
    for e in events:
        if cur and e.decision_seq != cur[-1].decision_seq:
            out.append(cur)
            cur = []
        cur.append(e)
    return out + ([cur] if cur else [])


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=20)
    args = ap.parse_args()
    game = replay_file(EXAMPLE, None).game
    groups = [[to_new_event(e) for e in b] for b in batches(game.events)]
    n_events = sum(len(g) for g in groups) * args.games
    with tempfile.TemporaryDirectory() as tmp:
        store = EventStore(str(Path(tmp) / "store.sqlite"))
        t = time.perf_counter()
        ids = []
        for _ in range(args.games):
            gid = uuid.uuid4().hex
            ids.append(gid)
            store.create_game(gid, "bench")
            version = 0
            for g in groups:
                store.append(gid, g, version)
                version = g[-1].seq
        t_store = time.perf_counter() - t
        t = time.perf_counter()
        for gid in ids:
            sum(1 for _ in store.read(gid))
        r_store = time.perf_counter() - t
        store.close()

        con = sqlite3.connect(str(Path(tmp) / "raw.sqlite"), isolation_level=None)
        con.execute("PRAGMA journal_mode=WAL")
        con.execute("create table events (position integer primary key, game_id text, seq int, type text, "
                    "version int, payload text, cause_seq int, decision_seq int, rule text, unique(game_id, seq))")
        t = time.perf_counter()
        raw_ids = []
        for _ in range(args.games):
            gid = uuid.uuid4().hex
            raw_ids.append(gid)
            for g in groups:
                con.execute("begin")
                con.executemany("insert into events (game_id, seq, type, version, payload, cause_seq, decision_seq, rule) "
                                "values (?,?,?,?,?,?,?,?)",
                                [(gid, e.seq, e.type, e.version, json.dumps(e.payload), e.cause_seq,
                                  e.decision_seq, e.rule) for e in g])
                con.execute("commit")
        t_raw = time.perf_counter() - t
        t = time.perf_counter()
        for gid in raw_ids:
            sum(1 for _ in con.execute("select * from events where game_id=? order by seq", (gid,)))
        r_raw = time.perf_counter() - t
        con.close()
    print(f"{n_events} events in {len(groups) * args.games} transactions")
    print(f"append: EventStore {t_store:.3f}s, raw sqlite3 {t_raw:.3f}s, ratio {t_store / t_raw:.1f}x")
    print(f"read:   EventStore {r_store:.3f}s, raw sqlite3 {r_raw:.3f}s, ratio {r_store / r_raw:.1f}x")


if __name__ == "__main__":
    main()
