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
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
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


def test_readme_commands_print_what_the_readme_says(tmp_path: Path) -> None:
    for name in ("examples", "tests"):
        (tmp_path / name).symlink_to(ROOT / name)
    env = {**os.environ, "PYTHONUNBUFFERED": "1", "COLUMNS": "100", "NO_COLOR": "1",
           "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}"}
    env.pop("SIMULATOR_DEBUG", None)
    for command, expected in COMMANDS:
        proc = subprocess.run(command, shell=True, cwd=tmp_path, env=env, capture_output=False,
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, timeout=120)
        got = proc.stdout if proc.stdout.endswith("\n") or not proc.stdout else proc.stdout + "\n"
        assert _pattern(expected).match(got), f"$ {command}\n--- README says:\n{expected}--- got:\n{got}"


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
