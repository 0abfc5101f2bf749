"""Real cards that move counters or return themselves as a cost (issue 22, pool-poolB2), checked by
hand: each is a real card outside the built-in pool with exactly this Oracle text, accepted by the
rules. Weapon Rack and Explorer's Cache move a +1/+1 counter from themselves onto a target
creature (122.5); Explorer's Cache sees a creature die with a +1/+1 counter as it last existed
(603.10a); Grinning Ignus returns itself to its owner's hand to pay its mana ability's cost
(602.2h). The games tests/games/counter_moves_*.toml and zones_grinning_ignus.toml play them
(tests/rules/test_counter_moves.py)."""
from __future__ import annotations

import pytest

from real_sample import check_real_sample

SAMPLE = [
    ("Grinning Ignus", "{R}, Return this creature to its owner's hand: Add {C}{C}{R}. Activate only as a sorcery."),
    ("Weapon Rack", "This artifact enters with three +1/+1 counters on it.\n{T}: Move a +1/+1 counter from this "
                    "artifact onto target creature. Activate only as a sorcery."),
    ("Explorer's Cache", "This artifact enters with two +1/+1 counters on it.\nWhenever a creature you control with "
                         "a +1/+1 counter on it dies, put a +1/+1 counter on this artifact.\n{T}: Move a +1/+1 counter "
                         "from this artifact onto target creature. Activate only as a sorcery."),
]


@pytest.mark.parametrize("name, oracle_text", SAMPLE, ids=[n for n, _ in SAMPLE])
def test_real_card_is_accepted(name: str, oracle_text: str) -> None:
    check_real_sample(name, oracle_text)
