"""Real cards with cumulative upkeep (702.24; issue 22, pool-keywords), checked by hand: each is a
real card outside the built-in pool with exactly this Oracle text, accepted by the rules. The games
tests/games/cumulative_upkeep_*.toml play them (tests/rules/test_cumulative_upkeep.py)."""
from __future__ import annotations

import pytest

from real_sample import check_real_sample

_REMINDER = ("(At the beginning of your upkeep, put an age counter on this permanent, then sacrifice it unless you "
             "pay its upkeep cost for each age counter on it.)")
SAMPLE = [
    ("Mystic Might", "Enchant land you control\nCumulative upkeep {1}{U} " + _REMINDER + "\nEnchanted land has "
                     "\"{T}: Target creature gets +2/+2 until end of turn.\""),
    ("Braid of Fire", "Cumulative upkeep—Add {R}. " + _REMINDER),
]


@pytest.mark.parametrize("name, oracle_text", SAMPLE, ids=[n for n, _ in SAMPLE])
def test_real_card_is_accepted(name: str, oracle_text: str) -> None:
    check_real_sample(name, oracle_text)
