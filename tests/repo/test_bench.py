"""`python -m bench --quick` runs every figure and prints the table (no timing is asserted:
ratios are the benchmark's output, not the test's)."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]


def test_bench_quick_prints_every_figure_with_baseline_ratio_and_goal(tmp_path: Path) -> None:
    env = {**os.environ, "SIMULATOR_CACHE_DIR": str(tmp_path / "cache")}
    done = subprocess.run([sys.executable, "-m", "bench", "--quick", "--json"], cwd=REPO, env=env,
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    rows = json.loads(done.stdout)
    whats = " | ".join(r["what"] for r in rows)
    for figure in ("replay per event", "fold of", "eventsourcing", "append", "simulator --help",
                   "simulator state", "snapshots on disk", "library set-up", "simulator replay, library", "could-produce",
                   "board set-up", "PostgreSQL", "batch replay", "test suite", "verify of", "simulator why 50",
                   "peak RSS", "state --at mid-game", "growing board"):
        assert figure in whats, figure
    measured = [r for r in rows if r["ratio"] is not None]
    assert len(measured) >= 10
    for r in measured:
        assert r["value"] and r["baseline"] and r["goal"] and r["ratio"] > 0, r


def test_bench_table_is_markdown() -> None:
    sys.path.insert(0, str(REPO))
    from bench.__main__ import table
    from bench.figures import Row

    text = table([Row("a figure", "1.0 ms", "2.0 ms", 2.0, ">= 0.5x", True),
                  Row("skipped", "-", "-", None, "<= 60 s", None, "not run")])
    lines = text.splitlines()
    assert lines[0].startswith("| what") and set(lines[1]) <= {"|", "-"}
    assert "| 2.00 " in lines[2] and "yes" in lines[2] and "- (not run)" in lines[3]
