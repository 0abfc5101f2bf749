"""A CLI that explains itself: help on every argument, examples on every command, --version,
help when called alone, exclusive output options, --json everywhere, clear answers about games,
shell completion."""
from __future__ import annotations

import argparse
import json
from pathlib import Path

import pytest

from clirun import run as cli   # in-process; the subprocess contract: test_cli.py, test_exit_status.py

from simulator.cli.main import build_parser

EXAMPLE = str(Path(__file__).resolve().parents[2] / "examples" / "legend_rule.toml")
PARSER = build_parser()
COMMANDS = next(a for a in PARSER._actions if isinstance(a, argparse._SubParsersAction)).choices


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_every_argument_has_help(name: str) -> None:
    missing = [a.dest for a in COMMANDS[name]._actions if not a.help]
    assert not missing, f"simulator {name}: no help for {missing}"


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_every_command_help_shows_an_example(name: str) -> None:
    text = COMMANDS[name].format_help()   # an epilog of its own, or simulator/cli_help.EXAMPLES
    assert "example" in text and f"simulator {name}" in text.split("example", 1)[1], \
        f"simulator {name} --help shows no example: add one to simulator/cli_help.py EXAMPLES"


def test_help_of_each_command_from_outside() -> None:
    for name in ("replay", "why", "cards"):
        r = cli(name, "--help")
        assert r.code == 0 and "examples:" in r.out, name


def test_simulator_alone_prints_help_and_version() -> None:
    r = cli()
    assert r.code == 0 and "usage: simulator" in r.out and "examples:" in r.out and not r.err
    v = cli("--version")
    assert v.code == 0 and v.out.startswith("simulator ")


def test_output_options_are_exclusive(tmp_path: Path) -> None:
    r = cli("why", "--db", str(tmp_path / "g.sqlite"), "1", "--json", "--dot")
    assert r.code == 2 and "not allowed with argument" in r.err


def test_json_on_games_and_verify(tmp_path: Path) -> None:
    db = str(tmp_path / "g.sqlite")
    out = cli("replay", EXAMPLE, "--db", db, "--json").json()
    games = cli("games", "--db", db, "--json")
    assert games.code == 0
    assert [(g["game"], g["events"]) for g in games.json()] == [(out["game"], out["events"])]
    v = cli("verify", "--db", db, "--json")
    assert v.code == 0
    assert v.json() == [{"game": out["game"], "title": out["title"], "events": out["events"],
                         "ok": True, "problems": []}]


def test_ambiguous_and_unknown_games(tmp_path: Path) -> None:
    db = str(tmp_path / "g.sqlite")
    a = cli("replay", EXAMPLE, "--db", db, "--json").json()["game"]
    b = cli("replay", EXAMPLE, "--db", db, "--json").json()["game"]
    r = cli("state", "--db", db, "")           # the empty prefix matches every game
    assert r.code == 2 and "ambiguous" in r.err and a in r.err and b in r.err
    r = cli("state", "--db", db, "zzzz")
    assert r.code == 2 and "no game 'zzzz'" in r.err and "simulator games" in r.err


def test_a_directory_is_not_a_game_file() -> None:
    r = cli("replay", str(Path(EXAMPLE).parent), "--db", "unused.sqlite")
    assert r.code == 2 and "is a directory" in r.err and ".toml" in r.err
    assert "unsupported file type" not in r.err


def test_completion_script_is_generated_from_the_parser() -> None:
    r = cli("completion", "bash")
    assert r.code == 0
    for name in COMMANDS:
        assert name in r.out
    assert "--at" in r.out


def test_why_takes_one_event() -> None:
    usage = COMMANDS["why"].format_usage()
    assert "[GAME] SEQ" in usage and "..." not in usage
