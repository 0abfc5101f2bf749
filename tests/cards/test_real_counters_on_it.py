"""Real cards whose counters are named "on it" (issue 22, pool-c5), checked by hand: each is a real
card outside the built-in pool with exactly this Oracle text, accepted by the rules. "it" is the
source itself: the subject of a static "+1/+1 for each ... counter on it" (613.4c), or the dying
source of a dies trigger, whose counters are those it had as it last existed (603.10a). Creakwood
Safewright's intervening "if" reads the subtypes of the cards in the graveyard and its own -1/-1
counters (603.4). The games of tests/rules/test_counters_on_it.py play all eight against
their rulings (The Monumental Facade: a target artifact or creature; Maga, Traitor to Mortals: its
target loses life for its counters; Famous Museum: one {C} plus one for each art counter)."""
from __future__ import annotations

import pytest

from real_sample import check_real_sample

SAMPLE = [
    ('Trawler Drake',
     'Flying\nThis creature enters with an oil counter on it.\nThis creature gets +1/+1 for each oil counter on it.\n'
     'Whenever you cast a noncreature spell, put an oil counter on this creature.'),
    ('Watchful Blisterzoa',
     'Flying\nThis creature enters with an oil counter on it.\n'
     'When this creature dies, draw cards equal to the number of oil counters on it.'),
    ('Kinsbaile Borderguard',
     'This creature enters with a +1/+1 counter on it for each other Kithkin you control.\n'
     'When this creature dies, create a 1/1 white Kithkin Soldier creature token for each counter on it.'),
    ("Boss's Chauffeur",
     'This creature enters with a number of +1/+1 counters on it equal to one plus the number of other creatures '
     'you control.\nAlliance — Whenever another creature you control enters, put a +1/+1 counter on this creature.\n'
     'When this creature dies, create a 1/1 green and white Citizen creature token for each +1/+1 counter on it.'),
    ('Creakwood Safewright',
     'This creature enters with three -1/-1 counters on it.\nAt the beginning of your end step, if there is an Elf '
     'card in your graveyard and this creature has a -1/-1 counter on it, remove a -1/-1 counter from this creature.'),
    ('Famous Museum',
     'Whenever a creature you control dies, put an art counter on Famous Museum.\n{T}: Add {C}, plus an additional '
     '{C} for each art counter on Famous Museum.'),
    ('Maga, Traitor to Mortals',
     'Maga enters with X +1/+1 counters on it.\nWhen Maga enters, target player loses life equal to the number of '
     '+1/+1 counters on it.'),
    ('The Monumental Facade',
     'This land enters with two oil counters on it.\n{T}: Add {C}.\n{T}, Remove an oil counter from this land: Put an '
     'oil counter on target artifact or creature you control. Activate only as a sorcery.'),
]


@pytest.mark.parametrize("name, oracle_text", SAMPLE, ids=[n for n, _ in SAMPLE])
def test_real_card_is_accepted(name: str, oracle_text: str) -> None:
    check_real_sample(name, oracle_text)
