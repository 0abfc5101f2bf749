"""Real cards of casting, spells and costs (issue 22, pool-casting), checked by hand: each is a
real card outside the built-in pool with exactly this Oracle text, accepted by the rules. The
games of tests/rules/test_casting_this_turn.py play them against their rulings: the spells cast
this turn (601.2; `GameState.turn_counts.spells`) read as a permanent enters (614.1c), as an
ability triggers and resolves (603.4) and as an ability is activated (602.5b); those of
tests/rules/test_casting_costs.py the costs and the effects on casting; those of
tests/rules/test_casting_spells.py the spells the triggers and counts read."""
from __future__ import annotations

import pytest

from real_sample import check_real_sample

SAMPLE = [
    ('Myojin of Seeing Winds',
     'Myojin of Seeing Winds enters with a divinity counter on it if you cast it from your hand.\nMyojin of Seeing '
     'Winds has indestructible as long as it has a divinity counter on it.\nRemove a divinity counter from Myojin of '
     'Seeing Winds: Draw a card for each permanent you control.'),
    ('Myojin of Blooming Dawn',
     'Myojin of Blooming Dawn enters with an indestructible counter on it if you cast it from your hand.\nRemove an '
     'indestructible counter from Myojin of Blooming Dawn: Create a 1/1 colorless Spirit creature token for each '
     'permanent you control.'),
    ('Coal Stoker',
     'When this creature enters, if you cast it from your hand, add {R}{R}{R}.'),
    ('Patched Plaything',
     'Double strike\nThis creature enters with two -1/-1 counters on it if you cast it from your hand.'),
    ('Iridescent Tiger',
     'When this creature enters, if you cast it, add {W}{U}{B}{R}{G}.'),
    ('Effortless Master',
     "Vigilance\nMenace (This creature can't be blocked except by two or more creatures.)\nThis creature enters with "
     "two +1/+1 counters on it if you've cast two or more spells this turn."),
    ('Hotheaded Giant',
     "Haste\nThis creature enters with two -1/-1 counters on it unless you've cast another red spell this turn."),
    ('Storm Entity',
     'Haste\nThis creature enters with a +1/+1 counter on it for each other spell cast this turn.'),
    ('H.E.R.B.I.E., Lovable Robot',
     "Flying\nAt the beginning of combat on your turn, if you've cast a noncreature spell this turn, surveil 1.\n"
     "{T}: Add {C}.\n{1}, {T}: Add one mana of any color."),
    ("Potioner's Trove",
     "{T}: Add one mana of any color.\n{T}: You gain 2 life. Activate only if you've cast an instant or sorcery "
     "spell this turn."),
    ('Hall of Oracles',
     "{T}: Add {C}.\n{1}, {T}: Add one mana of any color.\n{T}: Put a +1/+1 counter on target creature. Activate "
     "only as a sorcery and only if you've cast an instant or sorcery spell this turn."),
    ('Rodeo Pyromancers',
     'Whenever you cast your first spell each turn, add {R}{R}.'),
    # tests/rules/test_casting_costs.py: exhaust, exert, reinforce, transmute, effects on casting
    # this turn, "you can't cast", "you may pay {4}. If you do, ..."
    ('Loot, the Pathfinder',
     'Double strike, vigilance, haste\nExhaust — {G}, {T}: Add three mana of any one color. (Activate each exhaust ability only once.)\nExhaust — {U}, {T}: Draw three cards.\nExhaust — {R}, {T}: Loot deals 3 damage to any target.'),
    ('Boommobile',
     'When this Vehicle enters, add four mana of any one color. Spend this mana only to activate abilities.\nExhaust — {X}{2}{R}: This Vehicle deals X damage to any target. Put a +1/+1 counter on this Vehicle. (Activate each exhaust ability only once.)\nCrew 2'),
    ('Oasis Ritualist',
     "{T}: Add one mana of any color.\n{T}, Exert this creature: Add two mana of any one color. (An exerted creature won't untap during your next untap step.)"),
    ('Arena of Glory',
     "This land enters tapped unless you control a Mountain.\n{T}: Add {R}.\n{R}, {T}, Exert this land: Add {R}{R}. If that mana is spent on a creature spell, it gains haste until end of turn. (An exerted permanent won't untap during your next untap step.)"),
    ('Vivi Ornitier',
     "{0}: Add X mana in any combination of {U} and/or {R}, where X is Vivi Ornitier's power. Activate only during your turn and only once each turn.\nWhenever you cast a noncreature spell, put a +1/+1 counter on Vivi Ornitier and it deals 1 damage to each opponent."),
    ('A-Vivi Ornitier',
     "{T}: Add X mana in any combination of {U} and/or {R}, where X is Vivi Ornitier's power.\nWhenever you cast a noncreature spell, put a +1/+1 counter on Vivi Ornitier and it deals 1 damage to each opponent."),
    ("Alchemist's Refuge",
     '{T}: Add {C}.\n{G}{U}, {T}: You may cast spells this turn as though they had flash.'),
    ('Emergence Zone',
     '{T}: Add {C}.\n{1}, {T}, Sacrifice this land: You may cast spells this turn as though they had flash.'),
    ('Winding Canyons',
     '{T}: Add {C}.\n{2}, {T}: You may cast creature spells this turn as though they had flash.'),
    ('Mistrise Village',
     "This land enters tapped unless you control a Mountain or a Forest.\n{T}: Add {U}.\n{U}, {T}: The next spell you cast this turn can't be countered."),
    ('Boseiju, Who Shelters All',
     "Boseiju enters tapped.\n{T}, Pay 2 life: Add {C}. If that mana is spent on an instant or sorcery spell, that spell can't be countered."),
    ('Nikya of the Old Ways',
     "You can't cast noncreature spells.\nWhenever you tap a land for mana, add one mana of any type that land produced."),
    ('Irencrag Feat',
     'Add seven {R}. You can cast only one more spell this turn.'),
    ('Spell Satchel',
     'Magecraft — Whenever you cast or copy an instant or sorcery spell, put a book counter on this artifact.\n{T}, Remove a book counter from this artifact: Add {C}.\n{3}, {T}, Remove three book counters from this artifact: Draw a card.'),
    ('A-Spell Satchel',
     'Magecraft — Whenever you cast or copy an instant or sorcery spell, put a book counter on Spell Satchel.\n{T}, Remove a book counter from Spell Satchel: Add {C}.\n{2}, {T}, Remove two book counters from Spell Satchel: Draw a card.'),
    ('Rustic Clachan',
     "As this land enters, you may reveal a Kithkin card from your hand. If you don't, this land enters tapped.\n{T}: Add {W}.\nReinforce 1—{1}{W} ({1}{W}, Discard this card: Put a +1/+1 counter on target creature.)"),
    ("Wren's Run Hydra",
     'Reach\nThis creature enters with X +1/+1 counters on it.\nReinforce X—{X}{G}{G} ({X}{G}{G}, Discard this card: Put X +1/+1 counters on target creature.)'),
    ('Tolaria West',
     'This land enters tapped.\n{T}: Add {U}.\nTransmute {1}{U}{U} ({1}{U}{U}, Discard this card: Search your library for a card with mana value 0, reveal it, put it into your hand, then shuffle. Transmute only as a sorcery.)'),
    ('Mana Vault',
     "This artifact doesn't untap during your untap step.\nAt the beginning of your upkeep, you may pay {4}. If you do, untap this artifact.\nAt the beginning of your draw step, if this artifact is tapped, it deals 1 damage to you.\n{T}: Add {C}{C}{C}."),
    ('Jasconian Isle',
     '(Jasconian Isle isn\'t a spell, it\'s affected by summoning sickness, it\'s blue, and it has "{T}: Add {U}.")\nJasconian Isle enters tapped.\nJasconian Isle doesn\'t untap during your untap step.\nAt the beginning of your upkeep, you may pay {U}{U}. If you do, untap Jasconian Isle.'),
    # tests/rules/test_casting_spells.py: two trigger events, the spell a cast trigger names,
    # mana costs counted, a reduced upkeep cost, spells you don't own, a kindred sorcery
    ('Shrine of Boundless Growth',
     'At the beginning of your upkeep and whenever you cast a green spell, put a charge counter on this artifact.\n{T}, Sacrifice this artifact: Add {C} for each charge counter on this artifact.'),
    ('Eldrazi Repurposer',
     'Devoid (This card has no color.)\nWhen you cast this spell and when this creature dies, create a 0/1 colorless Eldrazi Spawn creature token with "Sacrifice this token: Add {C}."'),
    ('Embodiment of Agonies',
     'Flying, deathtouch\nThis creature enters with a +1/+1 counter on it for each different mana cost among nonland cards in your graveyard. (For example, {2}{B} and {1}{B}{B} are different mana costs.)'),
    ('Crystal, Inhuman Princess',
     'Flying\nWhenever you cast a noncreature spell, Crystal deals X damage to each opponent, where X is the number of colors that spell is.\n{T}: Add {R}, {G}, {W}, or {U}.'),
    ('Jenson Carthalion, Druid Exile',
     'Whenever you cast a multicolored spell, scry 1. If that spell was all colors, create a 4/4 white Angel creature token with flying and vigilance.\n{5}, {T}: Add {W}{U}{B}{R}{G}.'),
    ('Draco',
     'Domain — This spell costs {2} less to cast for each basic land type among lands you control.\nFlying\nDomain — At the beginning of your upkeep, sacrifice this creature unless you pay {10}. This cost is reduced by {2} for each basic land type among lands you control.'),
    ('Thieving Varmint',
     "Deathtouch, lifelink\n{T}, Pay 1 life: Add two mana of any one color. Spend this mana only to cast spells you don't own."),
    ('Skittering Invasion',
     'Create five 0/1 colorless Eldrazi Spawn creature tokens. They have "Sacrifice this token: Add {C}."'),
    ('Multiversal Passage',
     "As this land enters, choose a basic land type. Then you may pay 2 life. If you don't, it enters tapped.\nThis land is the chosen type."),
    ('Drownyard Lurker',
     'Vigilance\nWhen you cast or cycle Drownyard Lurker, create a 0/1 colorless Eldrazi Spawn creature token with "Sacrifice this token: Add {C}."\nCycling {2}{U} ({2}{U}, Discard this card: Draw a card.)'),
    ('Warped Tusker',
     'Reach\nWhen you cast or cycle Warped Tusker, create a 0/1 colorless Eldrazi Spawn creature token with "Sacrifice this token: Add {C}."\nCycling {2}{G} ({2}{G}, Discard this card: Draw a card.)'),
    ('Rosheen Meanderer',
     '{T}: Add {C}{C}{C}{C}. Spend this mana only on costs that contain {X}.'),
    ('Troyan, Gutsy Explorer',
     '{T}: Add {G}{U}. Spend this mana only to cast spells with mana value 5 or greater or spells with {X} in their mana costs.\n{U}, {T}: Draw a card, then discard a card.'),
    ("Elementalist's Palette",
     'Whenever you cast a spell with {X} in its mana cost, put two charge counters on this artifact.\n{T}: Add one mana of any color.\n{T}: Add {C} for each charge counter on this artifact. Spend this mana only on costs that contain {X}.'),
    ('Jeweled Lotus',
     '{T}, Sacrifice this artifact: Add three mana of any one color. Spend this mana only to cast your commander.'),
]


@pytest.mark.parametrize("name, oracle_text", SAMPLE, ids=[n for n, _ in SAMPLE])
def test_real_card_is_accepted(name: str, oracle_text: str) -> None:
    check_real_sample(name, oracle_text)
