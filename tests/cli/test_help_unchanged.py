"""The package layout (issue 20) moved every module; what users see did not change: each
`--help` is byte for byte the text the flat layout printed (tests/data/help/, written by the
code before the move at COLUMNS=100). The one deliberate difference: `cards --help` names the
card-reference generator by its new module path (python -m simulator.cli.docs_gen), since the
old path no longer exists. Since issue 22, `cards --help` also lists the real-card options
(a real card by name, `import FILE`, --text/--type/--supported/--refused, --coverage). Changed on
purpose since (issue 23): the top-level help (the new commands `legal` and `mana`, every exit
status), `state` (`--svg`), `apply --json` (points to docs/recorded-games.md), `check --json` (its `stopped_at`);
`legal` and `mana` are new files; since issue 24, `verify --expect-head HEAD` and the `head`
example (the head kept must name its seq)."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

HELP = Path(__file__).resolve().parents[1] / "data" / "help"
COMMANDS = sorted(p.stem for p in HELP.glob("*.txt"))


def test_every_command_has_its_recorded_help() -> None:
    import argparse

    from simulator.cli.main import build_parser

    subs = next(a for a in build_parser()._actions if isinstance(a, argparse._SubParsersAction))
    assert set(COMMANDS) == set(subs.choices) | {"simulator"}


@pytest.mark.parametrize("name", COMMANDS)
def test_help_is_byte_identical(name: str) -> None:
    args = [] if name == "simulator" else [name]
    env = {**os.environ, "COLUMNS": "100"}
    out = subprocess.run([sys.executable, "-m", "simulator", *args, "--help"], capture_output=True,
                         env=env, check=True).stdout
    assert out == (HELP / f"{name}.txt").read_bytes()


def test_help_points_to_docs_in_the_repository() -> None:
    """Issue 23: the help names the repository's own reference (docs/recorded-games.md,
    docs/cards.md), which exists, never GAME_FORMAT.md (a file users do not have)."""
    import re

    root = HELP.parents[2]
    texts = {p.stem: p.read_text(encoding="utf-8") for p in HELP.glob("*.txt")}
    named = {m.rstrip(".,)") for t in texts.values() for m in re.findall(r"docs/[\w./-]+", t)}
    assert {"docs/recorded-games.md", "docs/cards.md"} <= named
    assert all((root / p).is_file() for p in named), named
    assert not [n for n, t in texts.items() if "GAME_FORMAT" in t]
