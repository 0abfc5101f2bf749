"""Real cards of pool-c3 (issue 22), checked by hand: each is a real card outside the built-in pool
with exactly this Oracle text, accepted by the rules. The games of tests/rules/test_pool_c3.py play
Guy in the Chair, Sphere of the Suns, Network Terminal, Voracious Wurm, Diregraf Colossus, Pouncing
Kavu, Faerie Squadron, Academy Elite, Zombie Mob, Grim Poppet,
Terraformer, Elsewhere Flask, Energybending, Exotic Disease,
Haunted Screen and Voidpouncer."""
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
    ('Duskwalker',
     "Kicker {3}{B} (You may pay an additional {3}{B} as you cast this spell.)\nIf this creature was kicked, it enters with two +1/+1 counters on it and with fear. (It can't be blocked except by artifact creatures and/or black creatures.)"),
    ('Benalish Lancer',
     'Kicker {2}{W} (You may pay an additional {2}{W} as you cast this spell.)\nIf this creature was kicked, it enters with two +1/+1 counters on it and with first strike.'),
    ('Faerie Squadron',
     'Kicker {3}{U} (You may pay an additional {3}{U} as you cast this spell.)\nIf this creature was kicked, it enters with two +1/+1 counters on it and with flying.'),
    ('Pouncing Kavu',
     'Kicker {2}{R} (You may pay an additional {2}{R} as you cast this spell.)\nFirst strike\nIf this creature was kicked, it enters with two +1/+1 counters on it and with haste.'),
    ('Pouncing Wurm',
     'Kicker {2}{G} (You may pay an additional {2}{G} as you cast this spell.)\nIf this creature was kicked, it enters with three +1/+1 counters on it and with haste.'),
    ('Kavu Titan',
     'Kicker {2}{G} (You may pay an additional {2}{G} as you cast this spell.)\nIf this creature was kicked, it enters with three +1/+1 counters on it and with trample.'),
    ('Zombie Mob',
     'This creature enters with a +1/+1 counter on it for each creature card in your graveyard.\nWhen this creature enters, exile all creature cards from your graveyard.'),
    ('Academy Elite',
     'This creature enters with X +1/+1 counters on it, where X is the number of instant and sorcery cards in all graveyards.\n{2}{U}, Remove a +1/+1 counter from this creature: Draw a card, then discard a card.'),
    ('Grim Poppet',
     'This creature enters with three -1/-1 counters on it.\nRemove a -1/-1 counter from this creature: Put a -1/-1 counter on another target creature.'),
    ('Terraformer',
     '{1}: Choose a basic land type. Each land you control becomes that type until end of turn.'),
    ('Elsewhere Flask',
     'When this artifact enters, draw a card.\nSacrifice this artifact: Choose a basic land type. Each land you control becomes that type until end of turn.'),
    ('Energybending',
     'Lands you control gain all basic land types until end of turn.\nDraw a card.'),
    ('Exotic Disease',
     'Domain — Target player loses X life and you gain X life, where X is the number of basic land types among lands you control.'),
    ('Haunted Screen',
     '{T}: Add {W} or {B}.\n{T}, Pay 1 life: Add {G}, {U}, or {R}.\n{7}: Put seven +1/+1 counters on this artifact. It becomes a 0/0 Spirit creature in addition to its other types. Activate only once.'),
    ('Voidpouncer',
     'Devoid (This card has no color.)\nKicker {2}{C} (You may pay an additional {2}{C} as you cast this spell.)\nIf this creature was kicked, it enters with two +1/+1 counters and a trample counter on it and with haste.'),
]


@pytest.mark.parametrize("name, oracle_text", SAMPLE)
def test_the_real_card_has_this_text_and_plays(name: str, oracle_text: str) -> None:
    check_real_sample(name, oracle_text)
