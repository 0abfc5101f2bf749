"""Run the command line in-process (fast) and capture what a user would see.

`run(*args)` calls `simulator.cli.main` with stdout/stderr captured and returns
a `CliRun` like `tests.scenario.cli` (which runs a real subprocess): the exit
status is exactly what `python -m simulator` would return, since the console
script is `sys.exit(main())`. `cwd` runs it from that directory (restored after).

A subprocess costs ~0.3-1 s of CPU (interpreter, imports, card pool) per call, so
tests that only need a command's output use this; the contract from outside (every
command and every exit status as a real process) is kept in the tests that use
`scenario.cli` (test_cli.py, test_exit_status.py and the fresh-process tests).
"""
from __future__ import annotations

import contextlib
import io
import logging
import os
from pathlib import Path

from simulator.cli.main import main
from scenario import CliRun


def run(*args: str, cwd: Path | str | None = None) -> CliRun:
    out, err = io.StringIO(), io.StringIO()
    code = _main(list(args), out, err, cwd)
    return CliRun(code, out.getvalue(), err.getvalue())


def run_merged(*args: str, cwd: Path | str | None = None) -> tuple[int, str]:
    """The exit status and standard output and error in the order they were written, as a
    terminal (or `2>&1`) shows them."""
    both = io.StringIO()
    code = _main(list(args), both, both, cwd)
    return code, both.getvalue()


def _main(argv: list[str], out: io.StringIO, err: io.StringIO, cwd: Path | str | None) -> int:
    logging.disable(logging.WARNING)   # snapshot warnings go to logging, not to the user's stderr
    here = os.getcwd()
    try:
        if cwd is not None:
            os.chdir(cwd)
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            return main(argv)
    finally:
        os.chdir(here)
        logging.disable(logging.NOTSET)
