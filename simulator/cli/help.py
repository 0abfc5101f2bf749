"""What `simulator --help` and `simulator COMMAND --help` say beyond the arguments: an example
epilog per command, the arguments every command shares, `--version`, shell completion.

`polish(parser)` is applied to the finished parser: it adds the examples, the shared
``--color`` option, and help text for shared positionals that lack it. A command without an
example here still gets ``simulator CMD --help``-style usage, and tests/cli/test_cli_help.py
fails until it has one.
"""
from __future__ import annotations

import argparse
import os
import sys

TYPE_CHECKING = False   # typing is not imported at run time (start-up)
if TYPE_CHECKING:
    from typing import Any

__all__ = ["EXAMPLES", "MAIN_EPILOG", "GAME_HELP", "HelpFormatter", "Parser", "package_version", "polish",
           "completion_script"]

GAME_HELP = ("game id, or a unique prefix of one (default: the most recent game; "
             "`simulator games` lists them)")

MAIN_EPILOG = """\
examples:
  simulator replay examples/forest_and_elves.toml --db game.sqlite
  simulator triggers --db game.sqlite
  simulator why --db game.sqlite 16
  simulator state --db game.sqlite --at 12
  simulator cards "Wild Growth"

Every command has its own --help with examples. Formats: docs/recorded-games.md, docs/cards.md.
Exit status: 0 success, 1 verify found a problem or check an unmet expectation, 2 invalid input,
3 an illegal decision, 4 the database is unavailable or unusable, 70 internal error (a bug)."""

EXAMPLES: dict[str, list[tuple[str, str]]] = {
    "replay": [
        ("examples/forest_and_elves.toml --db game.sqlite", "replay into game.sqlite, print the final state"),
        ("examples/forest_and_elves.toml --json", "the final state as JSON"),
        ("my_game.toml --cards my_cards.toml", "with an extra card file"),
        ("examples/ --jobs 2 --db games.sqlite", "batch: every game of a directory, 2 worker processes"),
    ],
    "state": [
        ("--db game.sqlite", "the state now (the latest game)"),
        ("--db game.sqlite --at 12 --json", "just after event 12, as JSON"),
        ("--db game.sqlite 9d84 --at 1", "another game, by an id prefix"),
        ("--db game.sqlite --svg position.svg", "draw the position: the battlefield as cards"),
    ],
    "legal": [
        ("--db game.sqlite", "every decision a player may make now (the latest game)"),
        ("--db game.sqlite --at 12 --json", "just after event 12, as JSON (recorded-game actions)"),
    ],
    "mana": [
        ("--db game.sqlite", "what each permanent of the player with priority could produce now"),
        ("--db game.sqlite --player Bob --at 5 --json", "Bob's, just after event 5, as JSON"),
    ],
    "log": [
        ("--db game.sqlite", "every event"),
        ("--db game.sqlite --rule 106.12", "only the events under rule 106.12 (106.12a too)"),
        ("--db game.sqlite --type ManaAdded --json", "one event type, as JSON"),
    ],
    "verify": [
        ("--db game.sqlite", "check the latest game"),
        ("--db game.sqlite --all --json", "every game, the result as JSON"),
    ],
    "triggers": [
        ("--db game.sqlite", "every trigger with its cause chain"),
        ("--db game.sqlite --json", "the same as JSON"),
    ],
    "why": [
        ("--db game.sqlite 16", "why event 16 happened, in words"),
        ("--db game.sqlite 9d84 16 --json", "event 16 of another game, as JSON"),
        ("--db game.sqlite 16 --svg why.svg", "the causal graph as a picture"),
        ("--db game.sqlite 16 --dot | dot -Tsvg > why.svg", "the same with Graphviz installed"),
    ],
    "view": [
        ("--db game.sqlite -o game.html", "one self-contained page; open game.html#seq=16"),
    ],
    "games": [
        ("--db game.sqlite", "the games in a database"),
        ("--db game.sqlite --json", "the same as JSON"),
    ],
    "cards": [
        ("", "every supported card, one line each"),
        ('"Wild Growth"', "one card: Oracle text, parsed abilities, the games that test it"),
        ("--json", "every card as data"),
        ('"My Card" --cards my_cards.toml', "check a card file of your own"),
    ],
    "completion": [
        ("bash > ~/.local/share/bash-completion/completions/simulator", "install bash completion"),
        ("zsh > ~/.zfunc/_simulator", "zsh completion (with ~/.zfunc in fpath)"),
    ],
}


NO_COLOR = frozenset({"completion"})     # commands whose output is never for a person's eyes


def _epilog(command: str, current: str | None) -> str | None:
    rows = EXAMPLES.get(command)
    if not rows:
        return current
    width = max([len(f"simulator {command} {a}".rstrip()) for a, _ in rows
                 if len(f"simulator {command} {a}".rstrip()) <= 60] or [0])
    lines = ["examples:"]
    for args, what in rows:
        cmd = f"simulator {command} {args}".rstrip()
        lines.append(f"  {cmd:<{width}}   # {what}" if len(cmd) <= 60 else f"  {cmd}\n      # {what}")
    return "\n".join(lines) + (f"\n\n{current}" if current and "example" not in current else "")


def _subparsers(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            return dict(action.choices)
    return {}


def terminal_columns() -> int:
    """What `shutil.get_terminal_size().columns` says ($COLUMNS, else the terminal's width, else
    80), without importing shutil (and its compression modules) at start-up."""
    try:
        columns = int(os.environ["COLUMNS"])
    except (KeyError, ValueError):
        columns = 0
    if columns <= 0:
        try:
            # sys.__stdout__ is None without a console: the AttributeError below says 80
            columns = os.get_terminal_size(sys.__stdout__.fileno()).columns   # type: ignore[union-attr]
        except (AttributeError, ValueError, OSError):
            columns = 0
    return columns or 80


class HelpFormatter(argparse.RawDescriptionHelpFormatter):
    """argparse's RawDescriptionHelpFormatter at the terminal's width, measured as argparse does."""

    def __init__(self, prog: str, indent_increment: int = 2, max_help_position: int = 24,
                 width: int | None = None) -> None:
        super().__init__(prog, indent_increment, max_help_position,
                         terminal_columns() - 2 if width is None else width)


class Parser(argparse.ArgumentParser):
    """An ArgumentParser whose formatter is `HelpFormatter` unless told otherwise (its
    subcommands' parsers too): argparse makes a formatter as soon as an argument is added."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", HelpFormatter)
        super().__init__(*args, **kwargs)


def polish(parser: argparse.ArgumentParser) -> argparse.ArgumentParser:
    """Examples on every command, the shared options, help on shared positionals."""
    parser.formatter_class = HelpFormatter
    parser.epilog = MAIN_EPILOG
    for name, sp in _subparsers(parser).items():
        sp.formatter_class = HelpFormatter
        sp.epilog = _epilog(name, sp.epilog)
        for action in sp._actions:
            if action.dest == "game" and not action.help:
                action.help = GAME_HELP
        if name not in NO_COLOR and not any(a.dest == "color" for a in sp._actions):
            sp.add_argument("--color", choices=("auto", "always", "never"), default="auto",
                            help="colour and tables: auto (on a terminal), always, never "
                                 "(NO_COLOR also turns it off)")
    return parser


def package_version() -> str:
    """The installed distribution's version (the source tree's pyproject if not installed)."""
    try:
        from importlib.metadata import version
        return version("mtg-mana-simulator")
    except Exception:   # running from a checkout without installing
        return "unknown"


def completion_script(parser: Any, shell: str) -> str:
    """A completion script for `shell` generated from the parser itself (shtab)."""
    import shtab
    return str(shtab.complete(parser, shell=shell))
