"""Benchmark: the HTML viewer of a long game — file size, build time, time to open and to step.

The workload is `lands_game` (bench/workloads.py) long enough for `--events` events (default
10,000), replayed in memory. Measured in the same run:

* building the page (`page_data` + `render_page`) against its baseline, a plain fold of the
  same log (`state.project`): the ratio is the viewer's cost per event over the fold's;
* the file's size, and its size per event;
* in headless Chromium (tests/browser.py): time to open (navigation until the page says it is
  ready: data inflated, timeline and the last event's state drawn) against the same for the
  67-event example game (the ratio); then the median time to step one event (→), one
  decision (↓), and to jump to a random event (rebuilt from its snapshot and deltas).

    python bench/viewer.py [--events 10000] [--steps 40] [--out long.html]
"""
from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from bench.workloads import lands_game, timed  # noqa: E402

from simulator.session.recorder import replay_file  # noqa: E402
from simulator.game.state import GameState, project as fold  # noqa: E402
from simulator.viewer import page_data, render_page  # noqa: E402

EVENTS_PER_TURN = 52


def build(path: Path) -> tuple[str, float, float, int]:
    result = replay_file(path, None)
    assert result.error is None, result.error
    g = result.game
    base = timed(lambda: fold(g.events, GameState(game_id=g.game_id)), 1)
    t = time.perf_counter()
    page = render_page(page_data(g.events, g.pool, g.game_id))
    return page, time.perf_counter() - t, base, len(g.events)


def open_ms(browser, url: str) -> tuple[float, object]:
    from browser import open_page
    t = time.perf_counter()
    page, errors = open_page(browser, url, 1400, 900)
    wall = (time.perf_counter() - t) * 1000
    assert not errors, errors
    return wall, page


def step_ms(page, key: str, n: int) -> float:
    samples = []
    for _ in range(n):
        t = time.perf_counter()
        page.keyboard.press(key)
        page.evaluate("simView.current()")
        samples.append((time.perf_counter() - t) * 1000)
    return statistics.median(samples)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--events", type=int, default=10_000)
    ap.add_argument("--steps", type=int, default=40)
    ap.add_argument("--out", help="also keep the long game's page here")
    args = ap.parse_args()
    from browser import chromium, unavailable
    with tempfile.TemporaryDirectory() as tmp:
        game = Path(tmp) / "long.json"
        game.write_text(json.dumps(lands_game(args.events // EVENTS_PER_TURN + 1)))
        page, t_build, t_fold, n = build(game)
        html = Path(args.out) if args.out else Path(tmp) / "long.html"
        html.write_text(page, encoding="utf-8")
        small_page, _, _, small_n = build(ROOT / "examples" / "forest_and_elves.toml")
        small = Path(tmp) / "small.html"
        small.write_text(small_page, encoding="utf-8")
        size = html.stat().st_size
        print(f"events: {n}; file: {size / 1024:.0f} KB ({size / n:.0f} bytes per event); "
              f"example game: {small.stat().st_size / 1024:.0f} KB for {small_n} events")
        print(f"build: {t_build:.2f} s; plain fold of the log: {t_fold:.2f} s; ratio {t_build / t_fold:.1f}x")
        reason = unavailable()
        if reason:
            print(f"no browser timings: {reason}")
            return
        with chromium() as b:
            base_wall, p = open_ms(b, small.as_uri())
            p.close()
            wall, p = open_ms(b, html.as_uri())
            in_page = float(p.evaluate("document.body.dataset.openMs"))
            print(f"open in Chromium: {wall:.0f} ms (in the page: {in_page:.0f} ms); "
                  f"example game {base_wall:.0f} ms; ratio {wall / base_wall:.1f}x")
            p.evaluate("simView.select(1)")
            right = step_ms(p, "ArrowRight", args.steps)
            down = step_ms(p, "ArrowDown", args.steps)
            rng = random.Random(1)
            jumps = []
            for _ in range(args.steps):
                seq = rng.randint(1, n)
                t = time.perf_counter()
                p.evaluate(f"simView.select({seq})")
                jumps.append((time.perf_counter() - t) * 1000)
            print(f"step one event: {right:.1f} ms; one decision: {down:.1f} ms; "
                  f"jump to a random event: {statistics.median(jumps):.1f} ms (medians of {args.steps}, "
                  f"round trip through Playwright included)")
            p.close()


if __name__ == "__main__":
    main()
