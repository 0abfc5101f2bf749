"""Real cards of the animate family (issue 22, pool-animate), checked by hand: each is a real card
outside the built-in pool with exactly this Oracle text, accepted by the rules. Chosen as the
cards whose one refused line each new phrase unlocked, one or more per phrase; the games of
tests/rules/test_animate.py play ten of them (Llanowar Loamspeaker, Mutavault, Spawning Pool,
Stalking Stones, Mimic, Blinkmoth Nexus, Pendelhaven, Mishra's Foundry, Liquimetal Torque, Mech
Hangar, Basilisk Gate, Kessig Wolf Run, Lavaclaw Reaches, Gauntlet of Might, Joraga Warcaller)
against their rulings."""
from __future__ import annotations

import pytest

from real_sample import check_real_sample

SAMPLE = [
    ('Llanowar Loamspeaker',
     "{T}: Add one mana of any color.\n{T}: Target land you control becomes a 3/3 Elemental creature with haste until end of turn. It's still a land. Activate only as a sorcery."),
    ('Mutavault',
     "{T}: Add {C}.\n{1}: This land becomes a 2/2 creature with all creature types until end of turn. It's still a land."),
    ('Spawning Pool',
     'This land enters tapped.\n{T}: Add {B}.\n{1}{B}: This land becomes a 1/1 black Skeleton creature with "{B}: Regenerate this creature" until end of turn. It\'s still a land. (If it regenerates, the next time it would be destroyed this turn, instead tap it, remove it from combat, and heal all damage on it.)'),
    ('Stalking Stones',
     "{T}: Add {C}.\n{6}: This land becomes a 3/3 Elemental artifact creature that's still a land. (This effect lasts indefinitely.)"),
    ('Mimic',
     '{T}, Sacrifice this artifact: Add one mana of any color.\n{2}: This artifact becomes a Shapeshifter artifact creature with base power and toughness 3/3 until end of turn.'),
    ('Blinkmoth Nexus',
     "{T}: Add {C}.\n{1}: This land becomes a 1/1 Blinkmoth artifact creature with flying until end of turn. It's still a land.\n{1}, {T}: Target Blinkmoth creature gets +1/+1 until end of turn."),
    ('Pendelhaven',
     '{T}: Add {G}.\n{T}: Target 1/1 creature gets +1/+2 until end of turn.'),
    ("Mishra's Foundry",
     "{T}: Add {C}.\n{2}: This land becomes a 2/2 Assembly-Worker artifact creature until end of turn. It's still a land.\n{1}, {T}: Target attacking Assembly-Worker gets +2/+2 until end of turn."),
    ('Liquimetal Torque',
     '{T}: Add {C}.\n{T}: Target nonland permanent becomes an artifact in addition to its other types until end of turn.'),
    ('Mech Hangar',
     '{T}: Add {C}.\n{T}: Add one mana of any color. Spend this mana only to cast a Pilot or Vehicle spell.\n{3}, {T}: Target Vehicle becomes an artifact creature until end of turn.'),
    ('Dimir Keyrune',
     "{T}: Add {U} or {B}.\n{U}{B}: This artifact becomes a 2/2 blue and black Horror artifact creature until end of turn and can't be blocked this turn."),
    ('Soulstone Sanctuary',
     "{T}: Add {C}.\n{4}: This land becomes a 3/3 creature with vigilance and all creature types. It's still a land."),
    ('Duergar Mine-Captain',
     '{1}{R/W}, {Q}: Attacking creatures get +1/+0 until end of turn. ({Q} is the untap symbol.)'),
    ('Merfolk Cave-Diver',
     "Whenever a creature you control explores, this creature gets +1/+0 until end of turn and can't be blocked this turn."),
    ('Dire Mimic',
     'Flash\n{T}, Sacrifice this artifact: Add one mana of any color.\n{3}: This artifact becomes a Shapeshifter artifact creature with base power and toughness 5/5 until end of turn.'),
    ('Gnarlroot Trapper',
     '{T}, Pay 1 life: Add {G}. Spend this mana only to cast an Elf creature spell.\n{T}: Target attacking Elf you control gains deathtouch until end of turn. (Any amount of damage it deals to a creature is enough to destroy it.)'),
    ('Balduvian Trading Post',
     "If this land would enter, sacrifice an untapped Mountain instead. If you do, put this land onto the battlefield. If you don't, put it into its owner's graveyard.\n{T}: Add {C}{R}.\n{1}, {T}: This land deals 1 damage to target attacking creature."),
    ('Basilisk Gate',
     '{T}: Add {C}.\n{2}, {T}: Target creature gets +X/+X until end of turn, where X is the number of Gates you control. Activate only as a sorcery.'),
    ('Kessig Wolf Run',
     '{T}: Add {C}.\n{X}{R}{G}, {T}: Target creature gets +X/+0 and gains trample until end of turn.'),
    ('Lavaclaw Reaches',
     'This land enters tapped.\n{T}: Add {B} or {R}.\n{1}{B}{R}: Until end of turn, this land becomes a 2/2 black and red Elemental creature with "{X}: This creature gets +X/+0 until end of turn." It\'s still a land.'),
    ('Gauntlet of Might',
     'Red creatures get +1/+1.\nWhenever a Mountain is tapped for mana, its controller adds an additional {R}.'),
    ('Joraga Warcaller',
     'Multikicker {1}{G} (You may pay an additional {1}{G} any number of times as you cast this spell.)\nThis creature enters with a +1/+1 counter on it for each time it was kicked.\nOther Elf creatures you control get +1/+1 for each +1/+1 counter on this creature.'),
    ('Endless Scream',
     'Enchant creature\nThis Aura enters with X scream counters on it.\nEnchanted creature gets +1/+0 for each scream counter on this Aura.'),
    ("Night of the Sweets' Revenge",
     'When this enchantment enters, create a Food token. (It\'s an artifact with "{2}, {T}, Sacrifice this token: You gain 3 life.")\nFoods you control have "{T}: Add {G}."\n{5}{G}{G}, Sacrifice this enchantment: Creatures you control get +X/+X until end of turn, where X is the number of Foods you control. Activate only as a sorcery.'),
]


@pytest.mark.parametrize("name, oracle_text", SAMPLE)
def test_the_real_card_has_this_text_and_plays(name: str, oracle_text: str) -> None:
    check_real_sample(name, oracle_text)
