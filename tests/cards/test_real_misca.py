"""Real cards of the miscellaneous phrases (issue 22, pool-misca), checked by hand: each is a real card
outside the built-in pool with exactly this Oracle text, accepted by the rules. The games of
tests/rules/test_misca.py play them against the rules they cite."""
from __future__ import annotations

import pytest

from real_sample import check_real_sample

SAMPLE = [
    ('Karstoderm',
     'This creature enters with five +1/+1 counters on it.\nWhenever an artifact enters, remove a +1/+1 counter from this creature.'),
    ('Carnival of Souls',
     'Whenever a creature enters, you lose 1 life and add {B}.'),
    ('Glaring Fleshraker',
     'Whenever you cast a colorless spell, create a 0/1 colorless Eldrazi Spawn creature token with "Sacrifice this token: Add {C}."\nWhenever another colorless creature you control enters, this creature deals 1 damage to each opponent.'),
    ('Undercellar Myconid',
     'Whenever this creature enters or dies, create a 1/1 green Saproling creature token.\n{T}: Add one mana of any color.'),
    ('Runaway Steam-Kin',
     'Whenever you cast a red spell, if this creature has fewer than three +1/+1 counters on it, put a +1/+1 counter on this creature.\nRemove three +1/+1 counters from this creature: Add {R}{R}{R}.'),
    ('Deathcap Cultivator',
     '{T}: Add {B} or {G}.\nDelirium — This creature has deathtouch as long as there are four or more card types among cards in your graveyard.'),
    ('Tower Worker',
     'Reach\n{T}: Add {C}. If you control creatures named Mine Worker and Power Plant Worker, add {C}{C}{C} instead.'),
    ('Turn to Dust',
     'Destroy target Equipment. Add {G}.'),
    ('Surtland Frostpyre',
     'This land enters tapped.\n{T}: Add {R}.\n{2}{U}{U}{R}, {T}, Sacrifice this land: Scry 2. This land deals 2 damage to each creature. Activate only as a sorcery.'),
    ('Conductor of Cacophony',
     'This creature enters with two +1/+1 counters on it.\n{B}, Remove a +1/+1 counter from this creature: It deals 1 damage to each other creature and each player.'),
    ('Noxious Field',
     'Enchant land\nEnchanted land has "{T}: This land deals 1 damage to each creature and each player."'),
    ('Barbed Field',
     'Enchant land\nEnchanted land has "{T}: This land deals 1 damage to any target."'),
    ('Plaza of Heroes',
     '{T}: Add {C}.\n{T}: Add one mana of any color. Spend this mana only to cast a legendary spell.\n{T}: Add one mana of any color among legendary permanents you control.\n{3}, {T}, Exile this land: Target legendary creature gains hexproof and indestructible until end of turn.'),
    ('Ominous Cemetery',
     "{T}: Add {C}.\n{5}, {T}, Exile this land: Target creature's owner shuffles it into their library."),
    ('Shatterskull Charger',
     "Kicker {2}\nTrample, haste\nIf this creature was kicked, it enters with a +1/+1 counter on it.\nAt the beginning of your end step, if this creature doesn't have a +1/+1 counter on it, return it to its owner's hand."),
    ('Heirloom Auntie',
     'This creature enters with two -1/-1 counters on it.\nWhenever another creature you control dies, surveil 1, then remove a -1/-1 counter from this creature. (To surveil 1, look at the top card of your library. You may put it into your graveyard.)'),
    ('Petalmane Baku',
     'Whenever you cast a Spirit or Arcane spell, you may put a ki counter on this creature.\n{1}, Remove X ki counters from this creature: Add X mana of any one color.'),
    ('Pentavus',
     'This creature enters with five +1/+1 counters on it.\n{1}, Remove a +1/+1 counter from this creature: Create a 1/1 colorless Pentavite artifact creature token with flying.\n{1}, Sacrifice a Pentavite: Put a +1/+1 counter on this creature.'),
    ('Diamond Kaleidoscope',
     '{3}, {T}: Create a 0/1 colorless Prism artifact creature token.\nSacrifice a Prism token: Add one mana of any color.'),
]


@pytest.mark.parametrize("name, oracle_text", SAMPLE, ids=[n for n, _ in SAMPLE])
def test_real_card_is_accepted(name: str, oracle_text: str) -> None:
    check_real_sample(name, oracle_text)
