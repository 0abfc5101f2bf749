"""Run the command line in-process (fast) and capture what a user would see.

`run(*args)` calls `simulator.cli.main` with stdout/stderr captured and returns
a `CliRun` like `tests.scenario.cli` (which runs a real subprocess): the exit
status is exactly what `python -m simulator` would return, since the console
script is `sys.exit(main())`.
"""
from __future__ import annotations

import contextlib
import io
import logging

from simulator.cli import main
from scenario import CliRun


def run(*args: str) -> CliRun:
    out, err = io.StringIO(), io.StringIO()
    logging.disable(logging.WARNING)   # snapshot warnings go to logging, not to the user's stderr
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = main(list(args))
    finally:
        logging.disable(logging.NOTSET)
    return CliRun(code, out.getvalue(), err.getvalue())
