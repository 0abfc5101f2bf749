"""Real cards of the counters-and-zones family (issue 22, pool-ctrzone), checked by hand: each is a
real card outside the built-in pool with exactly this Oracle text, accepted by the rules. The games
of tests/rules/test_ctrzone.py play them against their rules: vanishing (702.63a-b: Omenpath to
Naya, Ravaging Riftwurm, Tidewalker), sunburst (702.44a: Pentad Prism), the older "enters the
battlefield with" (614.1c: Bag of Stroopwafels), poison counters (122.1f, 704.5c: Mox Poison,
Noxious Bayou), "Discard your hand" and "Activate only as an instant" (701.9a, 602.5e: Lion's Eye
Diamond, Diamond Lion), "return it to its owner's hand" after an intervening "if" about the source
(603.4: Mana Bloom), "for each hatchling counter on it, create ..." (603.10a: Eumidian Hatchery)
and a target card from any graveyard put on the bottom of its owner's library (115.1, 401.2:
Vessel of Endless Rest)."""
from __future__ import annotations

import pytest

from real_sample import check_real_sample

SAMPLE = [
    ('Omenpath to Naya',
     'Vanishing 4 (This land enters the battlefield with four time counters on it. At the beginning of your upkeep, remove a time counter from it. When the last is removed, sacrifice it.)\n{T}: Add {R}, {G}, or {W}.'),
    ('Ravaging Riftwurm',
     'Kicker {4} (You may pay an additional {4} as you cast this spell.)\nVanishing 2 (This creature enters with two time counters on it. At the beginning of your upkeep, remove a time counter from it. When the last is removed, sacrifice it.)\nIf this creature was kicked, it enters with three additional time counters on it.'),
    ('Tidewalker',
     "This creature enters with a time counter on it for each Island you control.\nVanishing (At the beginning of your upkeep, remove a time counter from this creature. When the last is removed, sacrifice it.)\nTidewalker's power and toughness are each equal to the number of time counters on it."),
    ('Pentad Prism',
     'Sunburst (This artifact enters with a charge counter on it for each color of mana spent to cast it.)\nRemove a charge counter from this artifact: Add one mana of any color.'),
    ('Bag of Stroopwafels',
     'Bag of Stroopwafels enters the battlefield with eight stroopwafel counters on it.\n{3}, {T}, Remove a stroopwafel counter from Bag of Stroopwafels: You gain 3 life and draw a card.'),
    ('Mox Poison',
     '{T}: Add one mana of any color. You get two poison counters.'),
    ('Noxious Bayou',
     '{T}: Add {B} or {G}. You get a poison counter.'),
    ("Lion's Eye Diamond",
     'Discard your hand, Sacrifice this artifact: Add three mana of any one color. Activate only as an instant.'),
    ('Diamond Lion',
     '{T}, Discard your hand, Sacrifice this creature: Add three mana of any one color. Activate only as an instant.'),
    ('Mana Bloom',
     "This enchantment enters with X charge counters on it.\nRemove a charge counter from this enchantment: Add one mana of any color. Activate only once each turn.\nAt the beginning of your upkeep, if this enchantment has no charge counters on it, return it to its owner's hand."),
    ('Eumidian Hatchery',
     '{T}, Pay 1 life: Add {B}. Put a hatchling counter on this land.\nWhen this land is put into a graveyard from the battlefield, for each hatchling counter on it, create a 1/1 black Insect creature token with flying.'),
    ('Vessel of Endless Rest',
     "When this artifact enters, put target card from a graveyard on the bottom of its owner's library.\n{T}: Add one mana of any color."),
]


@pytest.mark.parametrize("name, oracle_text", SAMPLE, ids=[n for n, _ in SAMPLE])
def test_real_card_is_accepted(name: str, oracle_text: str) -> None:
    check_real_sample(name, oracle_text)
