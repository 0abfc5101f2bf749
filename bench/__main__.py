"""`python -m bench`: every figure of the performance table, each with its baseline measured
in the same run, the ratio and the goal (`--quick`: small workloads, a smoke run).

    python -m bench [--quick] [--skip GROUP ...] [--json] [--million]

Groups: replay, fold, append, postgres, startup, commands, board, cards, snapshots, library, library_cli,
could_produce, batch, suite. `python -m bench cards [FILE]` is the coverage report of the real card
pool instead (`simulator.tools.coverage`).
PostgreSQL figures need SIMULATOR_PG_URL (a server URL; a database is created and dropped);
the eventsourcing comparison needs `pip install -e '.[bench]'`.
"""
from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from dataclasses import asdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench import figures as f  # noqa: E402

GROUPS = ("replay", "fold", "append", "postgres", "startup", "commands", "board", "cards", "snapshots", "library",
          "library_cli", "could_produce", "batch", "suite")


def table(rows: list[f.Row]) -> str:
    """The rows as a Markdown table (docs/performance.md quotes it)."""
    head = ("what", "measured", "baseline", "ratio", "goal", "met")
    body = [(r.what, r.value, r.baseline, "-" if r.ratio is None else f"{r.ratio:.2f}", r.goal,
             {True: "yes", False: "NO", None: "-"}[r.met] + (f" ({r.note})" if r.note else ""))
            for r in rows]
    widths = [max(len(x[i]) for x in [head, *body]) for i in range(len(head))]
    line = lambda cells: "| " + " | ".join(c.ljust(w) for c, w in zip(cells, widths)) + " |"  # noqa: E731
    return "\n".join([line(head), "|" + "|".join("-" * (w + 2) for w in widths) + "|", *map(line, body)])


def run(quick: bool, skip: set[str], million: bool = False) -> list[f.Row]:
    size = f.Size.make(quick)
    rows: list[f.Row] = []
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)

        def group(name: str, fn: object, *args: object) -> None:
            if name in skip:
                return
            t = time.perf_counter()
            rows.extend(fn(*args))   # type: ignore[operator]
            print(f"[bench] {name}: {time.perf_counter() - t:.1f} s", file=sys.stderr)

        group("replay", f.replay_linearity, folder, size)
        long = None
        if not {"fold", "snapshots", "postgres"} <= skip:
            t = time.perf_counter()
            long = f.replay_long_game(folder, size)
            print(f"[bench] long game: {long.events} events replayed in {time.perf_counter() - t:.1f} s",
                  file=sys.stderr)
            group("fold", f.fold_figures, long, size)
            group("snapshots", f.snapshot_figures, long)
        group("append", f.append_figures, folder, size)
        if long is not None:
            group("postgres", f.postgres_figures, long, size)
        group("startup", f.startup_figures, folder, size)
        group("commands", f.command_figures, folder, size, million)
        group("board", f.board_figures, size)
        group("cards", f.cards_figures, folder, size)
        group("library", f.library_figures, size)
        group("library_cli", f.library_cli_figures, folder, size)
        group("could_produce", f.could_produce_figures, size)
        group("batch", f.batch_figures, folder, size)
        group("suite", f.suite_figures, size)
    return rows


def main() -> int:
    if sys.argv[1:2] == ["cards"]: return __import__("simulator.tools.coverage", fromlist=["main"]).main(sys.argv[2:])  # noqa: E701  `python -m bench cards [FILE]`: the real card pool's coverage
    ap = argparse.ArgumentParser(prog="python -m bench", description=__doc__.split("\n\n")[0])
    ap.add_argument("--quick", action="store_true", help="small workloads: checks that every figure runs")
    ap.add_argument("--skip", action="append", default=[], choices=GROUPS, help="leave a group out (repeatable)")
    ap.add_argument("--json", action="store_true", help="the rows as JSON instead of a table")
    ap.add_argument("--million", action="store_true",
                    help="the commands group on 100k and 1M events (replays a 1M-event game: minutes)")
    args = ap.parse_args()
    rows = run(args.quick, set(args.skip), args.million)
    if args.json:
        print(json.dumps([asdict(r) for r in rows], indent=2))
    else:
        print(table(rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
