"""Cards as data: TOML card files whose Oracle text is parsed by ``grammar.lark``
into the ability objects of :mod:`simulator.cards.model`.

    >>> pool = CardPool.builtin()
    >>> pool.get("Llanowar Elves").abilities[0].text
    '{T}: Add {G}.'
"""
from simulator.cards.parser import (
    GRAMMAR_PATH, parse_card_text, parse_mana_cost, parse_oracle, parse_spell, parse_type_line,
)
from simulator.cards.pool import DATA_DIR, CardFileError, CardPool, load_card_file

__all__ = [
    "CardFileError", "CardPool", "DATA_DIR", "GRAMMAR_PATH", "load_card_file",
    "parse_card_text", "parse_mana_cost", "parse_oracle", "parse_spell", "parse_type_line",
]
