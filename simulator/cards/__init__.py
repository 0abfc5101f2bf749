"""Cards as data: TOML card files whose Oracle text is parsed by ``grammar.lark``
into the ability objects of :mod:`simulator.cards.model`.

    >>> pool = CardPool.builtin()
    >>> pool.get("Llanowar Elves").abilities[0].text
    '{T}: Add {G}.'
"""
from __future__ import annotations

from importlib import import_module

from simulator.cards.pool import DATA_DIR, CardFileError, CardPool, load_card_file

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from simulator.cards.parser import (
        GRAMMAR_PATH, parse_card_text, parse_mana_cost, parse_oracle, parse_spell, parse_type_line,
    )

__all__ = [
    "CardFileError", "CardPool", "DATA_DIR", "GRAMMAR_PATH", "load_card_file",
    "parse_card_text", "parse_mana_cost", "parse_oracle", "parse_spell", "parse_type_line",
]

_FROM_PARSER = frozenset({"GRAMMAR_PATH", "parse_card_text", "parse_mana_cost", "parse_oracle",
                          "parse_spell", "parse_type_line"})


def __getattr__(name: str) -> Any:
    """The parser's names, imported on first use (PEP 562): reading games with a cached card
    pool never loads the parser nor lark."""
    if name not in _FROM_PARSER:
        raise AttributeError(f"module 'simulator.cards' has no attribute {name!r}")
    value = getattr(import_module("simulator.cards.parser"), name)
    globals()[name] = value
    return value
