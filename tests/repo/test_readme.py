"""README.md's command blocks, run as a newcomer would (doctest-style).

Every ```console block is a sequence of ``$ command`` lines, each followed by the output it
prints (standard output and standard error, in order). All blocks run in order, in one
temporary directory that has the repository's ``examples/`` and ``tests/`` (so databases the
README creates are fresh, and later blocks see earlier ones' files). In the expected output
``...`` matches any text within a line, and a line that is only ``...`` matches any number of
lines. A block preceded by ``<!-- readme-test: skip -->`` is not run (output that cannot be
deterministic). `.ci/run` must run exactly the README's test command."""
from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from clirun import run_merged

ROOT = Path(__file__).resolve().parents[2]
README = (ROOT / "README.md").read_text(encoding="utf-8")
BLOCK = re.compile(r"(<!-- readme-test: skip -->\n)?```console\n(.*?)```", re.S)


def _commands() -> list[tuple[str, str]]:
    """[(command, expected output)] of every console block not marked skip, in README order."""
    out: list[tuple[str, str]] = []
    for skip, body in BLOCK.findall(README):
        if skip:
            continue
        for chunk in re.split(r"^\$ ", body, flags=re.M)[1:]:
            command, _, expected = chunk.partition("\n")
            out.append((command, expected))
    return out


COMMANDS = _commands()


def _pattern(expected: str) -> re.Pattern[str]:
    parts = []
    for line in expected.rstrip("\n").split("\n"):
        if line.strip() == "...":
            parts.append(r"(?:.*\n)*?")
            continue
        parts.append(".*?".join(re.escape(p) for p in line.rstrip().split("...")) + r"[ \t]*\n")
    return re.compile("".join(parts) + r"\Z")


def test_readme_has_command_blocks() -> None:
    assert len(COMMANDS) >= 6


def _in_process(command: str) -> list[str] | None:
    """The arguments of a plain `simulator ...` command that can run in-process (no shell
    syntax, no worker processes), else None: it runs in a real shell."""
    if re.search(r"[|&;<>$`]", command) or "--jobs" in command:
        return None
    argv = shlex.split(command)
    return argv[1:] if argv[0] == "simulator" else None


def test_readme_commands_print_what_the_readme_says(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Commands with shell syntax (pipes, redirections) or worker processes run in a real shell
    through the installed `simulator` script; plain `simulator ...` commands run in-process
    (tests/clirun.py: a process each costs ~0.5 s; test_cli.py checks a real process prints
    exactly what the in-process runner sees), with the same environment and directory."""
    for name in ("examples", "tests"):
        (tmp_path / name).symlink_to(ROOT / name)
    env = {**os.environ, "PYTHONUNBUFFERED": "1", "COLUMNS": "100", "NO_COLOR": "1",
           "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}"}
    env.pop("SIMULATOR_DEBUG", None)
    for k in ("COLUMNS", "NO_COLOR"):
        monkeypatch.setenv(k, env[k])
    monkeypatch.delenv("SIMULATOR_DEBUG", raising=False)
    shell = 0
    for command, expected in COMMANDS:
        args = _in_process(command)
        if args is None:
            shell += 1
            proc = subprocess.run(command, shell=True, cwd=tmp_path, env=env, capture_output=False,
                                  stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, timeout=120)
            got = proc.stdout
        else:
            got = run_merged(*args, cwd=tmp_path)[1]
        got = got if got.endswith("\n") or not got else got + "\n"
        assert _pattern(expected).match(got), f"$ {command}\n--- README says:\n{expected}--- got:\n{got}"
    assert shell, "at least one README command runs through the installed script in a shell"


def test_pattern_matching_rules() -> None:
    assert _pattern("a ... c\n...\nz\n").match("a b c\n1\n2\nz\n")
    assert not _pattern("a\n").match("a\nb\n")
    assert _pattern("x\n...\n").match("x\n")


def _readme_test_command() -> str:
    m = re.search(r"Run the whole test suite.*?```sh\n(.*?)\n```", README, re.S)
    assert m, "the README's test command block"
    return m.group(1).strip()


def test_ci_runs_exactly_the_readme_test_command() -> None:
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    lines = [line.strip() for line in ci.splitlines()]
    assert _readme_test_command() in lines
