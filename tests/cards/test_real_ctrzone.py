"""Real cards of the counters-and-zones family (issue 22, pool-ctrzone), checked by hand: each is a
real card outside the built-in pool with exactly this Oracle text, accepted by the rules. The games
of tests/rules/test_ctrzone.py play them against their rules: vanishing (702.63a-b: Omenpath to
Naya, Ravaging Riftwurm, Tidewalker), sunburst (702.44a: Pentad Prism), the older "enters the
battlefield with" (614.1c: Bag of Stroopwafels), poison counters (122.1f, 704.5c: Mox Poison,
Noxious Bayou), "Discard your hand" and "Activate only as an instant" (701.9a, 602.5e: Lion's Eye
Diamond, Diamond Lion), "return it to its owner's hand" after an intervening "if" about the source
(603.4: Mana Bloom), "for each hatchling counter on it, create ..." (603.10a: Eumidian Hatchery)
a target card from any graveyard put on the bottom of its owner's library (115.1, 401.2:
Vessel of Endless Rest), a search by the controller of the target land (608.2h, 608.2d: Ghost
Quarter, Demolition Field, Volatile Fault), "if it was kicked" (702.33d: Sprouting Goblin) and the
top card looked at and put where the ability allows (401.2, 608.2d: Lantern of Revealing, Bucolic
Ranch, The Biblioplex, Puresight Merrow) and "Remove a counter from this creature" (counters of any
kinds, 122.1, 602.2h: Burdened Stoneback, Moonlit Lamenter, Brambleback Brute, Hovel Hurler,
Gnarlbark Elm), counted and remembered counters (614.1c, 603.10a: Avatar of the Resolute, Walking
Archive, Iron Apprentice), a dying card found in the graveyard (400.7d: Michelangelo, On the Scene)
a planeswalker type in a spending restriction (205.3j: Chandra's Embercat) and abilities that
function in a graveyard (113.6k: Drownyard Temple, Abzan Devotee, Gravestone Strider,
Jack-o'-Lantern)."""
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
    ('Ghost Quarter',
     '{T}: Add {C}.\n{T}, Sacrifice this land: Destroy target land. Its controller may search their library for a basic land card, put it onto the battlefield, then shuffle.'),
    ('Demolition Field',
     "{T}: Add {C}.\n{2}, {T}, Sacrifice this land: Destroy target nonbasic land an opponent controls. That land's controller may search their library for a basic land card, put it onto the battlefield, then shuffle. You may search your library for a basic land card, put it onto the battlefield, then shuffle."),
    ('Volatile Fault',
     '{T}: Add {C}.\n{1}, {T}, Sacrifice this land: Destroy target nonbasic land an opponent controls. That player may search their library for a basic land card, put it onto the battlefield, then shuffle. You create a Treasure token.'),
    ('Sprouting Goblin',
     'Kicker {G} (You may pay an additional {G} as you cast this spell.)\nWhen this creature enters, if it was kicked, search your library for a land card with a basic land type, reveal it, put it into your hand, then shuffle.\n{R}, {T}, Sacrifice a land: Draw a card.'),
    ('A-Sprouting Goblin',
     'Kicker {G} (You may pay an additional {G} as you cast this spell.)\nWhen Sprouting Goblin enters, if it was kicked, search your library for a land card with a basic land type, reveal it, put it into your hand, then shuffle.\n{T}, Sacrifice a land: Draw a card.'),
    ('Lantern of Revealing',
     "{T}: Add one mana of any color.\n{4}, {T}: Look at the top card of your library. If it's a land card, you may put it onto the battlefield tapped. If you don't put the card onto the battlefield, you may put it on the bottom of your library."),
    ('A-Lantern of Revealing',
     "{T}: Add one mana of any color.\n{3}, {T}: Look at the top card of your library. If it's a land card, you may put it onto the battlefield tapped. If you don't put the card onto the battlefield, you may put it on the bottom of your library."),
    ('Bucolic Ranch',
     "{T}: Add {C}.\n{T}: Add one mana of any color. Spend this mana only to cast a Mount spell.\n{3}, {T}: Look at the top card of your library. If it's a Mount card, you may reveal it and put it into your hand. If you don't put it into your hand, you may put it on the bottom of your library."),
    ('The Biblioplex',
     "{T}: Add {C}.\n{2}, {T}: Look at the top card of your library. If it's an instant or sorcery card, you may reveal it and put it into your hand. If you don't put the card into your hand, you may put it into your graveyard. Activate only if you have exactly zero or seven cards in hand."),
    ('Puresight Merrow',
     '{W/U}, {Q}: Look at the top card of your library. You may exile that card. ({Q} is the untap symbol.)'),
    ('Burdened Stoneback',
     'This creature enters with two -1/-1 counters on it.\n{1}{W}, Remove a counter from this creature: Target creature gains indestructible until end of turn. Activate only as a sorcery. (Damage and effects that say "destroy" don\'t destroy it. If its toughness is 0 or less, it still dies.)'),
    ('Moonlit Lamenter',
     'This creature enters with a -1/-1 counter on it.\n{1}{W}, Remove a counter from this creature: Draw a card. Activate only as a sorcery.'),
    ('Brambleback Brute',
     "This creature enters with two -1/-1 counters on it.\n{1}{R}, Remove a counter from this creature: Target creature can't block this turn. Activate only as a sorcery."),
    ('Hovel Hurler',
     'This creature enters with two -1/-1 counters on it.\n{R/W}{R/W}, Remove a counter from this creature: Another target creature you control gets +1/+0 and gains flying until end of turn. Activate only as a sorcery.'),
    ('Gnarlbark Elm',
     'This creature enters with two -1/-1 counters on it.\n{2}{B}, Remove two counters from this creature: Target creature gets -2/-2 until end of turn. Activate only as a sorcery.'),
    ('Avatar of the Resolute',
     'Reach, trample\nThis creature enters with a +1/+1 counter on it for each other creature you control with a +1/+1 counter on it.'),
    ('Walking Archive',
     "Defender (This creature can't attack.)\nThis creature enters with a +1/+1 counter on it.\nAt the beginning of each player's upkeep, that player draws a card for each +1/+1 counter on this creature.\n{2}{W}{U}: Put a +1/+1 counter on this creature."),
    ('Michelangelo, On the Scene',
     "Trample (This creature can deal excess combat damage to the player it's attacking.)\nMichelangelo enters with a +1/+1 counter on him for each land you control.\nWhen Michelangelo dies, return this card to your hand."),
    ('Iron Apprentice',
     'This creature enters with a +1/+1 counter on it.\nWhen this creature dies, if it had counters on it, put those counters on target creature you control.'),
    ("Chandra's Embercat",
     '{T}: Add {R}. Spend this mana only to cast an Elemental spell or a Chandra planeswalker spell.'),
    ('Drownyard Temple',
     '{T}: Add {C}.\n{3}: Return this card from your graveyard to the battlefield tapped.'),
    ('Abzan Devotee',
     '{1}: Add {W}, {B}, or {G}. Activate only once each turn.\n{2}{B}: Return this card from your graveyard to your hand.'),
    ('Gravestone Strider',
     '{1}: Add one mana of any color. Activate only once each turn.\n{2}, Exile this card from your graveyard: Exile target card from a graveyard.'),
    ("Jack-o'-Lantern",
     '{1}, {T}, Sacrifice this artifact: Exile up to one target card from a graveyard. Draw a card.\n{1}, Exile this card from your graveyard: Add one mana of any color.'),
]


@pytest.mark.parametrize("name, oracle_text", SAMPLE, ids=[n for n, _ in SAMPLE])
def test_real_card_is_accepted(name: str, oracle_text: str) -> None:
    check_real_sample(name, oracle_text)
