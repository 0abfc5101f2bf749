"""Output to a terminal or a pipe: `rich` colour and aligned tables on a terminal, plain text
otherwise (what scripts, files and tests read).

The choice: ``--color always|never|auto`` (auto: standard output is a terminal, ``NO_COLOR`` is
not set and ``TERM`` is not ``dumb``; ``FORCE_COLOR`` set means always).
"""
from __future__ import annotations

import os
import sys
from typing import Any, Sequence, TextIO

__all__ = ["COLOR_MODES", "use_rich", "print_state", "print_table"]

COLOR_MODES = ("auto", "always", "never")


def use_rich(mode: str = "auto", stream: TextIO | None = None) -> bool:
    """Whether output to `stream` (default stdout) is rendered with rich."""
    stream = stream or sys.stdout
    if mode == "always":
        return True
    if mode == "never":
        return False
    if os.environ.get("FORCE_COLOR"):
        return True
    if os.environ.get("NO_COLOR") or os.environ.get("TERM") == "dumb":
        return False
    isatty = getattr(stream, "isatty", None)
    return bool(isatty and isatty())


def _console(stream: TextIO | None = None) -> Any:
    from rich.console import Console
    return Console(file=stream or sys.stdout, force_terminal=True, highlight=False,
                   soft_wrap=True)


def print_state(j: dict[str, Any], events: int, mode: str = "auto") -> None:
    """The state: `statetext.rich_state` on a terminal, `statetext.plain_state` otherwise."""
    from simulator.session.statetext import plain_state, rich_state
    if use_rich(mode):
        _console().print(rich_state(j, events))
    else:
        print(plain_state(j, events))


def print_table(headers: Sequence[str], rows: Sequence[Sequence[Any]], mode: str = "auto",
                right: Sequence[int] = (), plain: str | None = None) -> None:
    """A table: rich on a terminal; otherwise `plain` (the caller's exact text) if given, else
    columns aligned with two spaces. `right`: indexes of right-aligned columns."""
    if use_rich(mode):
        from rich.table import Table
        table = Table(box=None, padding=(0, 2), header_style="bold", show_edge=False)
        for i, h in enumerate(headers):
            table.add_column(h, justify="right" if i in right else "left")
        for row in rows:
            table.add_row(*("" if v is None else str(v) for v in row))
        _console().print(table)
        return
    if plain is not None:
        print(plain, end="" if plain.endswith("\n") or not plain else "\n")
        return
    cells = [[str(h) for h in headers]] + [["" if v is None else str(v) for v in row] for row in rows]
    widths = [max(len(r[i]) for r in cells) for i in range(len(headers))]
    for r in cells:
        line = "  ".join(c.rjust(widths[i]) if i in right else c.ljust(widths[i]) for i, c in enumerate(r))
        print(line.rstrip())
