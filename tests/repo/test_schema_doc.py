"""The README's "Browse the database" tables name exactly the columns of `games` and `events`
(simulator/store/schema.py), so the documented schema cannot drift from the real one."""
from __future__ import annotations

import re
from pathlib import Path

from simulator.store.schema import events_table, games_table

README = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")


def _documented(table: str) -> set[str]:
    section = README.split("## Browse the database", 1)[1].split("\n## ", 1)[0]
    block = section.split(f"`{table}`, one row per", 1)[1].split("\n\n", 2)[1]
    cells = [line.split("|")[1] for line in block.splitlines() if line.startswith("| `")]
    return {name for cell in cells for name in re.findall(r"`(\w+)`", cell)}


def test_games_columns_are_documented() -> None:
    assert _documented("games") == {c.name for c in games_table.columns}


def test_events_columns_are_documented() -> None:
    assert _documented("events") == {c.name for c in events_table.columns}
