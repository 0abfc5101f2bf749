"""Skips for want of a server or a browser do not bury pytest's summary (issue 23, point 10).

Without PostgreSQL (`SIMULATOR_PG_URL` unset) and without Chromium, each of those tests is
skipped with its reason; `-ra` (the project's addopts) then lists skips, and the conftest hook
folds each reason into ONE line (PostgreSQL's at the fixture's line, a fixture's skip once per
module), so the counts line is right below a short summary, not under one line per test."""
from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_one_summary_line_per_missing_service(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items()
           if k not in ("SIMULATOR_PG_URL", "SIMULATOR_REQUIRE_PG", "CI", "PYTEST_ADDOPTS")}
    env["SIMULATOR_CHROMIUM"] = str(tmp_path / "no-chromium")
    r = subprocess.run([sys.executable, "-m", "pytest", "-q", "-n", "0", "-p", "no:cacheprovider",
                        "tests/viewer/test_viewer_browser.py", "tests/store/test_append.py"],
                       cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stdout[-3000:] + r.stderr[-3000:]
    lines = r.stdout.strip().splitlines()
    skipped = [line for line in lines if line.startswith("SKIPPED")]
    assert len(skipped) == 2, skipped
    pg = next(line for line in skipped if "PostgreSQL not available" in line)
    browser = next(line for line in skipped if "no Chromium at" in line)
    assert pg.startswith("SKIPPED [") and "tests/conftest.py:" in pg
    assert re.match(r"SKIPPED \[\d\d+\] tests/viewer/test_viewer_browser\.py: ", browser), browser
    assert lines[-1].endswith(("s", ")")) and " passed, " in lines[-1] and " skipped in " in lines[-1]
    assert lines[-2] == skipped[-1] and lines[-4].startswith("=") and "short test summary" in lines[-4]
