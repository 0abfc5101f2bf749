"""Crashes and concurrent writers (docs/reliability.md), with real processes:

* N processes append decisions to one game at once (SQLite and PostgreSQL): every committed
  decision is in the log exactly once, whole (all its events, contiguous), none lost, none
  duplicated, and the hash chain verifies;
* `simulator replay` killed with SIGKILL at random points: every partial game in the database
  is an exact prefix of the full replay, ending on a decision boundary, and verifies.

Bounded: a small number of writers/kills by default, more under `pytest -m fuzz`."""
from __future__ import annotations

import json
import os
import random
import signal
import sqlite3
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

import pytest

from reliability_stats import record
from simulator.session.recorder import replay_file
from simulator.store import EventStore

ROOT = Path(__file__).resolve().parents[2]
WORKER = str(ROOT / "tests" / "crash_worker.py")
sys.path.insert(0, str(ROOT))
from bench.workloads import lands_game  # noqa: E402

pytestmark = pytest.mark.fuzz   # a small budget by default, a long one under `pytest -m fuzz`


def test_concurrent_writers_lose_and_duplicate_nothing(store_url, fuzz_budget):
    writers, decisions = (8, 40) if fuzz_budget.long else (3, 10)
    with EventStore(store_url) as store:
        store.create_game("g", "contended")
    procs = [subprocess.Popen([sys.executable, WORKER, "append", store_url, "g", f"w{w}", str(decisions)],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
             for w in range(writers)]
    committed = []
    for p in procs:
        out, err = p.communicate(timeout=300)
        assert p.returncode == 0, err
        committed += [tuple(line.split()) for line in out.splitlines()]
    assert len(committed) == writers * decisions
    with EventStore(store_url) as store:
        rows = list(store.read("g"))
        assert store.verify_chain("g") == []
        assert store.game("g").version == len(rows) == writers * decisions * 3
    seen = Counter((r.payload["writer"], r.payload["i"]) for r in rows)
    assert set(seen.values()) == {3}, "a decision lost events or was written twice"
    assert len(seen) == writers * decisions
    for start in range(0, len(rows), 3):   # each decision whole and contiguous
        batch = rows[start:start + 3]
        assert [r.payload["part"] for r in batch] == [0, 1, 2]
        assert len({(r.payload["writer"], r.payload["i"]) for r in batch}) == 1
        assert all(r.decision_seq == batch[0].seq for r in batch)
    assert {(w, int(i), int(s)) for w, i, s in committed} == \
        {(r.payload["writer"], r.payload["i"], r.seq) for r in rows if r.payload["part"] == 0}
    record("concurrency", backend=store_url.split(":")[0], writers=writers,
           decisions=writers * decisions, lost=0, duplicated=0)


def _events(db: Path) -> int:
    """Events in the database so far (a raw WAL reader: it never blocks the writer)."""
    if not db.exists():
        return 0
    try:
        con = sqlite3.connect(f"file:{db}?mode=ro", uri=True, timeout=1)
        try:
            return con.execute("select count(*) from events").fetchone()[0]
        finally:
            con.close()
    except sqlite3.Error:
        return 0


def test_kill_9_during_replay_leaves_exact_prefixes(tmp_path, fuzz_budget):
    kills = 35 if fuzz_budget.long else 4
    game = tmp_path / "long.json"
    game.write_text(json.dumps(lands_game(40)))
    reference = replay_file(game, None).game.events
    total = len(reference)
    db = tmp_path / "killed.sqlite"
    rng = random.Random(1234)
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = 0
    start = time.monotonic()

    def replay_until_written(into: Path) -> tuple[subprocess.Popen[bytes], float]:
        """A replay process, once it has written (start-up takes seconds on a loaded machine)."""
        before = _events(into)
        proc = subprocess.Popen([sys.executable, "-m", "simulator", "replay", str(game), "--db", str(into)],
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
        deadline = time.monotonic() + 120
        while _events(into) <= before and proc.poll() is None and time.monotonic() < deadline:
            time.sleep(0.02)
        return proc, time.monotonic()

    # Kill within the time a whole replay writes for, measured here: a fixed window would let
    # a faster replay finish before most kills and test nothing.
    proc, writing = replay_until_written(tmp_path / "timed.sqlite")
    proc.wait()
    window = max(time.monotonic() - writing, 0.05)
    for _ in range(kills):
        proc, _ = replay_until_written(db)
        time.sleep(rng.uniform(0.0, 0.8 * window))
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        done += 1
    assert time.monotonic() - start < 600
    assert db.exists()
    partial = 0
    with EventStore(db, readonly=True) as store:
        for info in store.games():
            rows = list(store.read(info.game_id))
            n = len(rows)
            assert n == info.version and store.verify_chain(info.game_id) == []
            for row, ref in zip(rows, reference):
                assert (row.seq, row.type, row.payload) == (ref.seq, ref.type, ref.event.payload())
            if n < total:
                partial += 1
                if n:
                    nxt = reference[n]
                    assert nxt.decision_seq == nxt.seq, f"game cut inside a decision at seq {n}"
    record("kill9", kills=done, partial_games=partial, events_in_reference=total, lost=0)
