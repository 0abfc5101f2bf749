"""Real cards of family C (issue 22, pool-poolC2) whose target is a card "with mana value N or less"
in a graveyard (202.3: the card's printed mana value, X as 0, 202.3e), checked by hand: each is a
real card outside the built-in pool with exactly this Oracle text, accepted by the rules. The games
of tests/rules/test_graveyard_mana_value.py play Order of Whiteclay (a card of mana value 3 returns;
one of mana value 4 is not a legal target, 115.1)."""
from __future__ import annotations

import pytest

from real_sample import check_real_sample

SAMPLE = [
    ('Order of Whiteclay',
     '{1}{W}{W}, {Q}: Return target creature card with mana value 3 or less from your graveyard to the '
     'battlefield. ({Q} is the untap symbol.)'),
    ('Reaping Willow',
     'Lifelink\nThis creature enters with two -1/-1 counters on it.\n{1}{W/B}, Remove two counters from this '
     'creature: Return target creature card with mana value 3 or less from your graveyard to the battlefield. '
     'Activate only as a sorcery.'),
]


@pytest.mark.parametrize("name, oracle_text", SAMPLE, ids=[n for n, _ in SAMPLE])
def test_real_card_is_accepted(name: str, oracle_text: str) -> None:
    check_real_sample(name, oracle_text)
