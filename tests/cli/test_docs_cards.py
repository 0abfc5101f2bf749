"""docs/cards.md is what `python -m simulator.cli.docs_gen` generates from the pool and grammar.lark,
and its *tested by* lists only name games that use the card. `simulator cards` prints the same
model (the command line, in-process)."""
from __future__ import annotations

import re
from pathlib import Path

from clirun import run as cli   # in-process; the subprocess contract: test_cli.py, test_exit_status.py

from simulator.cards import CardPool
from simulator.cli.docs_gen import CARDS_MD, GAMES, cards_markdown, comparable, grammar_templates

POOL = CardPool.builtin()


def test_docs_cards_md_is_generated() -> None:
    assert comparable(CARDS_MD.read_text(encoding="utf-8")) == comparable(cards_markdown()), \
        "docs/cards.md is out of date: run  python -m simulator.cli.docs_gen"


def test_every_card_and_token_has_a_section() -> None:
    text = CARDS_MD.read_text(encoding="utf-8")
    for name in list(POOL.names()) + list(POOL.token_names()):
        assert f"\n### {name}\n" in text, name


def test_tested_by_names_only_games_that_use_the_card() -> None:
    text = CARDS_MD.read_text(encoding="utf-8")
    for section in text.split("\n### ")[1:]:
        name = section.splitlines()[0]
        for line in section.splitlines():
            if line.startswith("Tested by: "):
                for game in re.findall(r"`([^`]+\.toml)`", line):
                    assert f'"{name}"' in (GAMES / game).read_text(encoding="utf-8"), (name, game)


def test_grammar_templates_cover_every_alias_of_the_grammar() -> None:
    grammar = Path(__file__).resolve().parents[2] / "simulator" / "cards" / "grammar.lark"
    aliases = set(re.findall(r"->\s*([a-z_]+)", grammar.read_text(encoding="utf-8")))
    listed = {alias for _, rows in grammar_templates() for _, _, alias in rows if alias}
    assert aliases and aliases == listed


def test_cli_cards_one_card_shows_the_parsed_model() -> None:
    r = cli("cards", "Wild Growth")
    assert r.code == 0, r.err
    assert "Whenever enchanted land is tapped for mana, its controller adds an additional {G}." in r.out
    assert "EnchantedLandTappedForMana" in r.out and "mana ability (605.1b)" in r.out


def test_cli_cards_json_lists_every_card() -> None:
    r = cli("cards", "--json")
    assert r.code == 0, r.err
    names = {c["name"] for c in r.json()}
    assert names == set(POOL.names()) | set(POOL.token_names())
    forest = next(c for c in r.json() if c["name"] == "Forest")
    assert [a["text"] for a in forest["abilities"]] == ["{T}: Add {G}."]   # intrinsic, 305.6


def test_cli_cards_unknown_name_suggests() -> None:
    r = cli("cards", "Wild Grwoth")
    assert r.code == 2 and "did you mean 'Wild Growth'" in r.err


def test_cli_cards_with_a_card_file() -> None:
    cards = Path(__file__).resolve().parents[2] / "examples" / "cards" / "dual_lands.toml"
    r = cli("cards", "Cinder Glade Ravine", "--cards", str(cards))
    assert r.code == 0, r.err
    assert "AddFixed(mana=[R, G])" in r.out


def test_cli_cards_markdown_is_the_page() -> None:
    r = cli("cards", "--markdown")
    assert r.code == 0
    assert comparable(r.out) == comparable(cards_markdown())
