"""The repository is self-contained: no file names a path of a build machine (a home or work
directory outside the checkout)."""
from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
MACHINE_PATH = re.compile(r"/(work|root)/")
SKIP_DIRS = {".git", ".venv", "node_modules", "__pycache__", ".pytest_cache", ".mypy_cache"}


def _files() -> list[Path]:
    try:
        out = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True)
        return [ROOT / f for f in out.stdout.decode().split("\0") if f]
    except (OSError, subprocess.CalledProcessError):   # not a git checkout: every file
        return [p for p in ROOT.rglob("*")
                if p.is_file() and not SKIP_DIRS.intersection(p.relative_to(ROOT).parts)]


def test_no_file_names_a_machine_path() -> None:
    files = _files()
    if not files:
        pytest.skip("no files found")
    found = []
    for path in files:
        try:
            text = path.read_text(encoding="utf-8")
        except (UnicodeDecodeError, OSError):
            continue            # binary files (SQLite fixtures, pictures)
        for n, line in enumerate(text.splitlines(), 1):
            if MACHINE_PATH.search(line):
                found.append(f"{path.relative_to(ROOT)}:{n}: {line.strip()[:100]}")
    assert not found, "\n".join(found)
