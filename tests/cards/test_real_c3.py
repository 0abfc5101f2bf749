"""Real cards of pool-c3 (issue 22), checked by hand: each is a real card outside the built-in pool
with exactly this Oracle text, accepted by the rules. The games of tests/rules/test_pool_c3.py play
Guy in the Chair, Sphere of the Suns, Network Terminal, Voracious Wurm and Diregraf Colossus."""
from __future__ import annotations

import pytest

from real_sample import check_real_sample

SAMPLE = [
    ('Network Terminal',
     '{T}: Add one mana of any color.\n{1}, {T}, Tap another untapped artifact you control: Draw a card, then discard a card.'),
    ('Voracious Wurm',
     "This creature enters with X +1/+1 counters on it, where X is the amount of life you've gained this turn."),
    ('Diregraf Colossus',
     'This creature enters with a +1/+1 counter on it for each Zombie card in your graveyard.\nWhenever you cast a Zombie spell, create a tapped 2/2 black Zombie creature token.'),
    ('Guy in the Chair',
     '{T}: Add one mana of any color.\nWeb Support — {2}{G}, {T}: Put a +1/+1 counter on target Spider. Activate only as a sorcery.'),
    ('Sphere of the Suns',
     'This artifact enters tapped and with three charge counters on it.\n{T}, Remove a charge counter from this artifact: Add one mana of any color.'),
    ("Noble's Purse",
     'This artifact enters tapped and with three coin counters on it.\n{T}, Remove a coin counter from this artifact: Create a Treasure token. (It\'s an artifact with "{T}, Sacrifice this token: Add one mana of any color.")'),
]


@pytest.mark.parametrize("name, oracle_text", SAMPLE)
def test_the_real_card_has_this_text_and_plays(name: str, oracle_text: str) -> None:
    check_real_sample(name, oracle_text)
