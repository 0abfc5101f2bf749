"""Progress bars for long commands (replay, batch replay, verify): drawn with rich on standard
error, only when standard error is a terminal, only when the output is not `--json`, and only
once the work has taken longer than a second (`SIMULATOR_PROGRESS_AFTER` seconds), so quick
commands and piped output look exactly as before."""
from __future__ import annotations

import os
import sys
import time
from contextlib import contextmanager
TYPE_CHECKING = False   # typing is not imported at run time: `simulator --help` start-up
if TYPE_CHECKING:
    from typing import Any, Iterator

    from simulator.session.batch import Advance

AFTER_SECONDS = 1.0


def wanted(json_output: bool = False) -> bool:
    """A bar may be drawn: stderr is a terminal and the output is for people."""
    return not json_output and sys.stderr.isatty()



def _no_progress(n: int = 1) -> None:
    """The advance callback when no progress is shown."""


@contextmanager
def bar(description: str, total: int | None, enabled: bool) -> Iterator[Advance]:
    """`advance(n)` callback for `n` more units of `total`; the bar appears only after
    `AFTER_SECONDS` (or `$SIMULATOR_PROGRESS_AFTER`) and is removed when done."""
    if not enabled:
        yield _no_progress
        return
    after = float(os.environ.get("SIMULATOR_PROGRESS_AFTER", AFTER_SECONDS))
    start = time.monotonic()
    state: dict[str, Any] = {"progress": None, "task": None, "done": 0}

    def advance(n: int = 1) -> None:
        state["done"] += n
        progress = state["progress"]
        if progress is None:
            if time.monotonic() - start < after:
                return
            from rich.console import Console
            from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

            progress = Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                                TimeElapsedColumn(), console=Console(stderr=True), transient=True)
            state["task"] = progress.add_task(description, total=total, completed=state["done"])
            state["progress"] = progress
            progress.start()
        else:
            progress.update(state["task"], completed=state["done"])

    try:
        yield advance
    finally:
        if state["progress"] is not None:
            state["progress"].stop()
