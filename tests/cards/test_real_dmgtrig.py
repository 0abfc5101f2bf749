"""Real cards of the damage, life, prevention and trigger phrases (issue 22, pool-dmgtrig), checked
by hand: each is a real card outside the built-in pool with exactly this Oracle text, accepted by
the rules. The permanent's own prevention effects (615.1a, 615.5, 616.1): the Phantoms, Oathsworn
Knight, Ugin's Conjurant, Rock Hydra (tests/rules/test_dmgtrig_prevention.py); life, damage and
trigger phrases (tests/rules/test_dmgtrig_phrases.py); delayed triggers, 603.7
(tests/rules/test_dmgtrig_delayed.py)."""
from __future__ import annotations

import pytest

from real_sample import check_real_sample

SAMPLE = [
    ('Phantom Nantuko',
     'Trample\nThis creature enters with two +1/+1 counters on it.\nIf damage would be dealt to this creature, prevent that damage. Remove a +1/+1 counter from this creature.\n{T}: Put a +1/+1 counter on this creature.'),
    ('Phantom Flock',
     'Flying\nThis creature enters with three +1/+1 counters on it.\nIf damage would be dealt to this creature, prevent that damage. Remove a +1/+1 counter from this creature.'),
    ('Phantom Tiger',
     'This creature enters with two +1/+1 counters on it.\nIf damage would be dealt to this creature, prevent that damage. Remove a +1/+1 counter from this creature.'),
    ('Phantom Nomad',
     'This creature enters with two +1/+1 counters on it.\nIf damage would be dealt to this creature, prevent that damage. Remove a +1/+1 counter from this creature.'),
    ('Phantom Wurm',
     'This creature enters with four +1/+1 counters on it.\nIf damage would be dealt to this creature, prevent that damage. Remove a +1/+1 counter from this creature.'),
    ('Oathsworn Knight',
     'This creature enters with four +1/+1 counters on it.\nThis creature attacks each combat if able.\nIf damage would be dealt to this creature while it has a +1/+1 counter on it, prevent that damage and remove a +1/+1 counter from it.'),
    ("Ugin's Conjurant",
     'This creature enters with X +1/+1 counters on it.\nIf damage would be dealt to this creature while it has a +1/+1 counter on it, prevent that damage and remove that many +1/+1 counters from this creature.'),
    ('Rock Hydra',
     'This creature enters with X +1/+1 counters on it.\nFor each 1 damage that would be dealt to this creature, if it has a +1/+1 counter on it, remove a +1/+1 counter from it and prevent that 1 damage.\n{R}: Prevent the next 1 damage that would be dealt to this creature this turn.\n{R}{R}{R}: Put a +1/+1 counter on this creature. Activate only during your upkeep.'),
    ('Trigon of Mending',
     'This artifact enters with three charge counters on it.\n{W}{W}, {T}: Put a charge counter on this artifact.\n{2}, {T}, Remove a charge counter from this artifact: Target player gains 3 life.'),
    ('Castle Locthwain',
     'This land enters tapped unless you control a Swamp.\n{T}: Add {B}.\n{1}{B}{B}, {T}: Draw a card, then you lose life equal to the number of cards in your hand.'),
    ('Fylgja',
     'Enchant creature\nThis Aura enters with four healing counters on it.\nRemove a healing counter from this Aura: Prevent the next 1 damage that would be dealt to enchanted creature this turn.\n{2}{W}: Put a healing counter on this Aura.'),
    ('Altar of Shadows',
     'At the beginning of your first main phase, add {B} for each charge counter on this artifact.\n{7}, {T}: Destroy target creature. Then put a charge counter on this artifact.'),
    ('Hungering Hydra',
     "This creature enters with X +1/+1 counters on it.\nThis creature can't be blocked by more than one creature.\nWhenever this creature is dealt damage, put that many +1/+1 counters on it. (It must survive the damage to get the counters.)"),
    ('Price of Glory',
     "Whenever a player taps a land for mana, if it's not that player's turn, destroy that land."),
    ('Wildwood Scourge',
     'This creature enters with X +1/+1 counters on it.\nWhenever one or more +1/+1 counters are put on another non-Hydra creature you control, put a +1/+1 counter on this creature.'),
    ("Wickersmith's Tools",
     'Whenever one or more -1/-1 counters are put on a creature, put a charge counter on this artifact.\n{T}: Add one mana of any color.\n{5}, {T}, Sacrifice this artifact: Create X tapped 2/2 colorless Scarecrow artifact creature tokens, where X is the number of charge counters on this artifact.'),
    ('Shaman of Forgotten Ways',
     "{T}: Add two mana in any combination of colors. Spend this mana only to cast creature spells.\nFormidable — {9}{G}{G}, {T}: Each player's life total becomes the number of creatures they control. Activate only if creatures you control have total power 8 or greater."),
    ('Roadside Reliquary',
     '{T}: Add {C}.\n{2}, {T}, Sacrifice this land: Draw a card if you control an artifact. Draw a card if you control an enchantment.'),
    ('Apocalypse Hydra',
     'This creature enters with X +1/+1 counters on it. If X is 5 or more, it enters with an additional X +1/+1 counters on it.\n{1}{R}, Remove a +1/+1 counter from this creature: It deals 1 damage to any target.'),
    ('Barbed Sextant',
     "{1}, {T}, Sacrifice this artifact: Add one mana of any color. Draw a card at the beginning of the next turn's upkeep."),
    ('Astrolabe',
     "{1}, {T}, Sacrifice this artifact: Add two mana of any one color. Draw a card at the beginning of the next turn's upkeep."),
    ('Jinx',
     "Target land becomes the basic land type of your choice until end of turn.\nDraw a card at the beginning of the next turn's upkeep."),
    ('Mana Drain',
     "Counter target spell. At the beginning of your next main phase, add an amount of {C} equal to that spell's mana value."),
    ('Morlun, Devourer of Spiders',
     'Lifelink\nMorlun enters with X +1/+1 counters on him.\nWhen Morlun enters, he deals X damage to target opponent.'),
    ('Hydroid Krasis',
     'When you cast this spell, you gain half X life and draw half X cards. Round down each time.\nFlying, trample\nThis creature enters with X +1/+1 counters on it.'),
    ('Collapsing Borders',
     "Domain — At the beginning of each player's upkeep, that player gains 1 life for each basic land type among lands they control. Then this enchantment deals 3 damage to that player."),
    ('Crawling Barrens',
     "{T}: Add {C}.\n{4}: Put two +1/+1 counters on this land. Then you may have it become a 0/0 Elemental creature until end of turn. It's still a land."),
    ('Prize Pig',
     'Whenever you gain life, put that many ribbon counters on this creature. Then if there are three or more ribbon counters on this creature, remove those counters and untap it.\n{T}: Add one mana of any color.'),
    ('Magma Pummeler',
     'This creature enters with X +1/+1 counters on it.\nIf damage would be dealt to this creature while it has a +1/+1 counter on it, prevent that damage and remove that many +1/+1 counters from it. When one or more counters are removed from this creature this way, it deals that much damage to any target.'),
    ('Alena, Kessig Trapper',
     'First strike\n{T}: Add an amount of {R} equal to the greatest power among creatures you control that entered this turn.\nPartner (You can have two commanders if both have partner.)'),
    ('Eternity Vessel',
     'This artifact enters with X charge counters on it, where X is your life total.\nLandfall — Whenever a land you control enters, you may have your life total become the number of charge counters on this artifact.'),
    ('Lifeblood Hydra',
     'Trample\nThis creature enters with X +1/+1 counters on it.\nWhen this creature dies, you gain life and draw cards equal to its power.'),
    ('Dark Petition',
     'Search your library for a card, put that card into your hand, then shuffle.\nSpell mastery — If there are two or more instant and/or sorcery cards in your graveyard, add {B}{B}{B}.'),
    ('Paradox Zone',
     'This enchantment enters with a growth counter on it.\nAt the beginning of your end step, double the number of growth counters on this enchantment. Then create a 0/0 green and blue Fractal creature token. Put X +1/+1 counters on it, where X is the number of growth counters on this enchantment.'),
    ('Sisterhood of Karn',
     'This creature enters with a +1/+1 counter on it.\nParadox — Whenever you cast a spell from anywhere other than your hand, double the number of +1/+1 counters on this creature.'),
    ('Valakut, the Molten Pinnacle',
     'This land enters tapped.\nWhenever a Mountain you control enters, if you control at least five other Mountains, you may have this land deal 3 damage to any target.\n{T}: Add {R}.'),
    ('Plasm Capture',
     "Counter target spell. At the beginning of your next first main phase, add X mana in any combination of colors, where X is that spell's mana value."),
    ('Farmstead',
     'Enchant land\nEnchanted land has "At the beginning of your upkeep, you may pay {W}{W}. If you do, you gain 1 life."'),
]


@pytest.mark.parametrize("name, oracle_text", SAMPLE, ids=[n for n, _ in SAMPLE])
def test_real_card_is_accepted(name: str, oracle_text: str) -> None:
    check_real_sample(name, oracle_text)
