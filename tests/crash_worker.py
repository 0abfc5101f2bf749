"""Worker processes for tests/store/test_crash_concurrency.py (run as `python tests/crash_worker.py`).

append URL GAME WRITER DECISIONS: append DECISIONS decisions of 3 events each to GAME, every
one under optimistic concurrency (read the version, append at it, retry on ConcurrencyError).
Prints one line per committed decision: "<writer> <i> <first seq>".
"""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from simulator.base.errors import ConcurrencyError  # noqa: E402
from simulator.store import EventStore, NewEvent  # noqa: E402

BATCH = 3


def append(url: str, game: str, writer: str, decisions: int) -> None:
    with EventStore(url) as store:
        for i in range(decisions):
            while True:
                version = store.game(game).version
                events = [NewEvent(version + 1 + k, "Tick", 1, {"writer": writer, "i": i, "part": k},
                                   decision_seq=version + 1) for k in range(BATCH)]
                try:
                    store.append(game, events, version)
                except ConcurrencyError:
                    continue
                print(writer, i, version + 1, flush=True)
                break


if __name__ == "__main__":
    cmd, *rest = sys.argv[1:]
    if cmd == "append":
        append(rest[0], rest[1], rest[2], int(rest[3]))
    else:
        raise SystemExit(f"unknown command {cmd}")
