"""What users run, measured from outside (`python -m bench`, group `commands`): `simulator verify`,
`state` (its view made, and asked again: kept), `state --at` mid-game, `why 50` and `replay` of
the constant-board game, each as its own process,
with its CPU time and peak RSS, at two game lengths (10k and 100k events; `--million`: 100k and 1M).

Each command runs under a fresh wrapper process that waits for it alone, so the child's
`ru_maxrss` is that command's peak RSS (RUSAGE_CHILDREN of the bench itself would be the
largest child it ever waited for)."""
from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from bench.workloads import constant_board_game

REPO = Path(__file__).resolve().parent.parent

# Runs argv[1:] as its child, then prints that child's CPU seconds and peak RSS (KiB).
_WRAPPER = ("import resource, subprocess, sys\n"
            "done = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)\n"
            "u = resource.getrusage(resource.RUSAGE_CHILDREN)\n"
            "print(done.returncode, u.ru_utime + u.ru_stime, u.ru_maxrss)\n"
            "sys.stderr.write(done.stderr.decode(errors='replace')[-2000:])\n")


@dataclass(frozen=True)
class Run:
    """One command's CPU seconds and peak RSS in MiB."""

    cpu: float
    rss_mib: float


def measure(args: list[str], repeat: int = 1, before: Callable[[], None] | None = None) -> Run:
    """`args` (a command line) run `repeat` times, each under the wrapper (`before()` first, in
    the bench's own process): the least CPU time and the largest peak RSS."""
    env = {**{k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}, "PYTHONPATH": str(REPO)}
    cpu, rss = float("inf"), 0.0
    for _ in range(repeat):
        if before is not None:
            before()
        done = subprocess.run([sys.executable, "-c", _WRAPPER, *args], env=env, capture_output=True, text=True)
        code, seconds, kib = done.stdout.split()
        if code != "0":
            raise RuntimeError(f"{' '.join(args)}: exit {code}: {done.stderr}")
        cpu, rss = min(cpu, float(seconds)), max(rss, int(kib) / 1024)
    return Run(cpu, rss)


def simulator(*args: str) -> list[str]:
    return [sys.executable, "-m", "simulator", *args]


@dataclass(frozen=True)
class StoredGame:
    """A constant-board game replayed by `simulator replay` (its run measured too)."""

    db: str
    game_id: str
    events: int
    replay: Run


def replayed(folder: Path, turns: int) -> StoredGame:
    path = folder / f"commands-{turns}.json"
    path.write_text(json.dumps(constant_board_game(turns)))
    db = str(folder / f"commands-{turns}.sqlite")
    run = measure(simulator("replay", str(path), "--db", db))
    con = sqlite3.connect(db)
    try:
        gid, version = con.execute("SELECT game_id, version FROM games").fetchone()
    finally:
        con.close()
    return StoredGame(db, gid, version, run)


def unkept(db: str, game_id: str, seq: int) -> Callable[[], None]:
    """Removes the state view kept for `seq` (`simulator.session.kept_views`), so that the next
    `state` makes it: the cost of the first `state` of a position, not of asking again."""
    from simulator.session.kept_views import kept_entry
    from simulator.store import EventStore

    with EventStore(db, readonly=True) as store:
        entry = kept_entry(store, game_id, seq)

    def remove() -> None:
        if entry is not None and os.path.exists(entry):
            os.remove(entry)
    return remove


def runs(game: StoredGame, repeat: int) -> dict[str, Run]:
    """Each reading command on `game`: verify, state (latest) and state --at mid-game with their
    views made (none kept), state asked again (its view kept), why 50."""
    db = ["--db", game.db]
    mid = game.events // 2
    return {"replay": game.replay,
            "verify": measure(simulator("verify", *db), repeat),
            "state": measure(simulator("state", *db), repeat, unkept(game.db, game.game_id, game.events)),
            "state, view kept": measure(simulator("state", *db), repeat),
            "state --at mid-game": measure(simulator("state", "--at", str(mid), *db), repeat,
                                           unkept(game.db, game.game_id, mid)),
            "why 50": measure(simulator("why", "50", *db), repeat)}
