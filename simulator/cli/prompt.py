"""`play`'s prompt: on a terminal a real line editor (the standard library's readline: the
arrow keys, Ctrl-A/E, history of this session's lines recalled with Up) with Tab completion
of commands, action words, players, ids and card names; elsewhere (a pipe, a file) plain
lines from standard input, so scripts and tests that feed `play` see no difference."""
from __future__ import annotations

import sys
from typing import Callable

__all__ = ["line_reader"]

PROMPT = "> "
DELIMS = " \t\n{}=,\"'[]"        # an id after `activate = "` completes on its own


def _completer(words: Callable[[], list[str]]) -> Callable[[str, int], str | None]:
    found: list[str] = []

    def complete(text: str, index: int) -> str | None:
        if index == 0:
            found[:] = [w for w in words() if w.startswith(text)]
        return found[index] if index < len(found) else None
    return complete


def line_reader(words: Callable[[], list[str]]) -> Callable[[], str | None]:
    """A function returning the next line typed (None at the end of input)."""
    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        def plain() -> str | None:
            sys.stdout.write(PROMPT)
            sys.stdout.flush()
            line = sys.stdin.readline()
            return line if line else None
        return plain
    try:
        import readline
    except ImportError:            # no readline on this platform: input() still edits the line
        readline = None            # type: ignore[assignment]
    if readline is not None:
        readline.set_completer(_completer(words))
        readline.set_completer_delims(DELIMS)
        if "libedit" in (readline.__doc__ or ""):
            readline.parse_and_bind("bind ^I rl_complete")
        else:
            readline.parse_and_bind("tab: complete")

    def edited() -> str | None:
        try:
            return input(PROMPT)
        except EOFError:
            return None
        except KeyboardInterrupt:
            sys.stdout.write("\n")
            return ""
    return edited
