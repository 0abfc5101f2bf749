"""docs/recorded-games.md: every worked example is, line for line, in the game file it names
(and those files are replayed by tests/repo/test_examples.py); every pending kind and verb has one."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from simulator.formats.recorded import VERBS

ROOT = Path(__file__).resolve().parents[2]
DOC = (ROOT / "docs" / "recorded-games.md").read_text(encoding="utf-8")
EXAMPLE = re.compile(r"<!-- example: (\S+) -->\n```toml\n(.*?)```", re.S)
BLOCKS = EXAMPLE.findall(DOC)


def test_the_doc_has_worked_examples() -> None:
    assert len(BLOCKS) >= 20


@pytest.mark.parametrize("path,block", BLOCKS, ids=[f"{i}-{b[0]}" for i, b in enumerate(BLOCKS)])
def test_example_excerpt_is_in_its_file(path: str, block: str) -> None:
    assert path.startswith("examples/")
    text = (ROOT / path).read_text(encoding="utf-8")
    assert block.strip("\n") in text, f"the excerpt is no longer in {path}"


def test_every_verb_and_pending_kind_has_a_section() -> None:
    for verb in VERBS:
        assert f"### `{verb}`" in DOC, verb
    for kind in ("explore", "mana", "order", "target", "replacement", "pay_life", "sacrifice",
                 "legend", "discard", "color"):
        assert re.search(rf"^### `{kind}`", DOC, re.M), kind


def test_every_linked_file_exists() -> None:
    for link in re.findall(r"\]\(\.\./(examples/[^)#]+)\)", DOC):
        assert (ROOT / link).exists(), link
