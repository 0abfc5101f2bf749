"""Real cards of producing mana, tapping and untapping (issue 22, pool-manaprod), checked by hand:
each is a real card outside the built-in pool with exactly this Oracle text, accepted by the rules.
The games of tests/rules/test_manaprod.py play them against their rules: the storage lands'
"You may choose not to untap this land during your untap step." (502.3) and their intervening
"if this land is tapped" (603.4); "that land doesn't untap during its controller's next untap step"
(Vorinclex; Skyline Cascade's target; Adverse Conditions' "Those creatures", 502.3); War's Toll's
"tap all lands that player controls" (701.26a); Contaminated Ground's "Whenever enchanted land
becomes tapped" (603.2); Lavaleaper's basic land trigger (605.1b) and Virtue of Strength's
replacement (106.12b); Relic of Sauron's three-color combination, Selvala's different powers and
Astral Cornucopia's charge counters (106.1, 605.3a); Daily Bugle Building's flavor word (207.2d);
"You can't spend this mana to cast spells [from your hand]." (Karolina Dean, Thran Turbine's "you
may add", 106.6, 608.2d); Tangleroot's caster and Blinkmoth Urn's active player (605.1b); the
Temple of the Dragon Queen's "or you control a Dragon" (614.1c); "Whenever you tap this ... for
mana" (Zhur-Taa Druid, Forbidden Orchard, 106.12a); Jiang Yanggu's grant (613.1f); Undiscovered
Paradise's return in the next untap step (502.3); "sacrifice it unless you tap an untapped artifact
or land you control" (Public Thoroughfare, Command Bridge: the `tap_unless` choice, 608.2c);
Winter's Night's and Barbflare Gremlin's triggered mana abilities with more instructions (605.3b);
"sacrifice two untapped lands instead" (Lotus Vale, Scorched Ruins, 614.1a); Urban Burgeoning's
granted untap (613.1f, 502.3); Rite of Flame's count of named cards in every graveyard (608.2h);
Cabal Ritual's threshold "instead" on a line of its own (608.2c); Ignition Team's "tapped lands on
the battlefield" (614.1c); Encumbered Reejerey's "becomes tapped while it has a -1/-1 counter on it"
(603.2); Divergent Growth's and Rain of Filth's quoted abilities until end of turn (611.2c, 613.1f);
Evasive Action's "{1} for each basic land type among lands you control" (608.2c, 608.2h)."""
from __future__ import annotations

import pytest

from real_sample import check_real_sample

SAMPLE = [
    ('Relic of Sauron',
     '{T}: Add two mana in any combination of {U}, {B}, and/or {R}.\n{3}, {T}: Draw two cards, then discard a card.'),
    ('Astral Cornucopia',
     'This artifact enters with X charge counters on it.\n{T}: Choose a color. Add one mana of that color for each charge counter on this artifact.'),
    ('Selvala, Eager Trailblazer',
     'Vigilance\nWhenever you cast a creature spell, create a 1/1 red Mercenary creature token with "{T}: Target creature you control gets +1/+0 until end of turn. Activate only as a sorcery."\n{T}: Choose a color. Add one mana of that color for each different power among creatures you control.'),
    ('Virtue of Strength',
     'If you tap a basic land for mana, it produces three times as much of that mana instead.'),
    ('Lavaleaper',
     'All creatures have haste.\nWhenever a player taps a basic land for mana, that player adds one mana of any type that land produced.'),
    ('Vorinclex, Voice of Hunger',
     "Trample\nWhenever you tap a land for mana, add one mana of any type that land produced.\nWhenever an opponent taps a land for mana, that land doesn't untap during its controller's next untap step."),
    ('Skyline Cascade',
     "This land enters tapped.\nWhen this land enters, target creature an opponent controls doesn't untap during its controller's next untap step.\n{T}: Add {U}."),
    ('Adverse Conditions',
     'Devoid (This card has no color.)\nTap up to two target creatures. Those creatures don\'t untap during their controller\'s next untap step. Create a 1/1 colorless Eldrazi Scion creature token. It has "Sacrifice this token: Add {C}."'),
    ('Daily Bugle Building',
     '{T}: Add {C}.\n{1}, {T}: Add one mana of any color.\nSmear Campaign — {1}, {T}: Target legendary creature gains menace until end of turn. Activate only as a sorcery.'),
    ("War's Toll",
     'Whenever an opponent taps a land for mana, tap all lands that player controls.\nIf a creature an opponent controls attacks, all creatures that opponent controls attack if able.'),
    ('Contaminated Ground',
     'Enchant land\nEnchanted land is a Swamp.\nWhenever enchanted land becomes tapped, its controller loses 2 life.'),
    ('Bottomless Vault',
     'This land enters tapped.\nYou may choose not to untap this land during your untap step.\nAt the beginning of your upkeep, if this land is tapped, put a storage counter on it.\n{T}, Remove any number of storage counters from this land: Add {B} for each storage counter removed this way.'),
    ('Dwarven Hold',
     'This land enters tapped.\nYou may choose not to untap this land during your untap step.\nAt the beginning of your upkeep, if this land is tapped, put a storage counter on it.\n{T}, Remove any number of storage counters from this land: Add {R} for each storage counter removed this way.'),
    ('Hollow Trees',
     'This land enters tapped.\nYou may choose not to untap this land during your untap step.\nAt the beginning of your upkeep, if this land is tapped, put a storage counter on it.\n{T}, Remove any number of storage counters from this land: Add {G} for each storage counter removed this way.'),
    ('Icatian Store',
     'This land enters tapped.\nYou may choose not to untap this land during your untap step.\nAt the beginning of your upkeep, if this land is tapped, put a storage counter on it.\n{T}, Remove any number of storage counters from this land: Add {W} for each storage counter removed this way.'),
    ('Sand Silos',
     'This land enters tapped.\nYou may choose not to untap this land during your untap step.\nAt the beginning of your upkeep, if this land is tapped, put a storage counter on it.\n{T}, Remove any number of storage counters from this land: Add {U} for each storage counter removed this way.'),
    ('Karolina Dean, Runaway',
     "Flying\nAt the beginning of your first main phase, add {W}{U}{B}{R}{G}. You can't spend this mana to cast spells from your hand."),
    ('Thran Turbine',
     "At the beginning of your upkeep, you may add {C}{C}. You can't spend this mana to cast spells."),
    ('Tangleroot',
     'Whenever a player casts a creature spell, that player adds {G}.'),
    ('Blinkmoth Urn',
     "At the beginning of each player's first main phase, if this artifact is untapped, that player adds {C} for each artifact they control."),
    ('Temple of the Dragon Queen',
     'As this land enters, you may reveal a Dragon card from your hand. This land enters tapped unless you revealed a Dragon card this way or you control a Dragon.\nAs this land enters, choose a color.\n{T}: Add one mana of the chosen color.'),
    ('Fortified Beachhead',
     'As this land enters, you may reveal a Soldier card from your hand. This land enters tapped unless you revealed a Soldier card this way or you control a Soldier.\n{T}: Add {W} or {U}.\n{5}, {T}: Soldiers you control get +1/+1 until end of turn.'),
    ('Zhur-Taa Druid',
     '{T}: Add {G}.\nWhenever you tap this creature for mana, it deals 1 damage to each opponent.'),
    ('Forbidden Orchard',
     '{T}: Add one mana of any color.\nWhenever you tap this land for mana, target opponent creates a 1/1 colorless Spirit creature token.'),
    ('Jiang Yanggu, Wildcrafter',
     'Each creature you control with a +1/+1 counter on it has "{T}: Add one mana of any color."\n[−1]: Put a +1/+1 counter on target creature.'),
    ('Undiscovered Paradise',
     "{T}: Add one mana of any color. During your next untap step, as you untap your permanents, return this land to its owner's hand."),
    ('Public Thoroughfare',
     'This land enters tapped.\nWhen this land enters, sacrifice it unless you tap an untapped artifact or land you control.\n{T}: Add one mana of any color.'),
    ('Command Bridge',
     'This land enters tapped.\nWhen this land enters, sacrifice it unless you tap an untapped permanent you control.\n{T}: Add one mana of any color.'),
    ("Winter's Night",
     "Whenever a player taps a snow land for mana, that player adds one mana of any type that land produced. That land doesn't untap during its controller's next untap step."),
    ('Barbflare Gremlin',
     'First strike, haste\nWhenever a player taps a land for mana, if this creature is tapped, that player adds one mana of any type that land produced. Then that land deals 1 damage to that player.'),
    ('Lotus Vale',
     "If this land would enter, sacrifice two untapped lands instead. If you do, put this land onto the battlefield. If you don't, put it into its owner's graveyard.\n{T}: Add three mana of any one color."),
    ('Scorched Ruins',
     "If this land would enter, sacrifice two untapped lands instead. If you do, put this land onto the battlefield. If you don't, put it into its owner's graveyard.\n{T}: Add {C}{C}{C}{C}."),
    ('Urban Burgeoning',
     'Enchant land\nEnchanted land has "Untap this land during each other player\'s untap step."'),
    ('Rite of Flame',
     'Add {R}{R}, then add {R} for each card named Rite of Flame in each graveyard.'),
    ('Cabal Ritual',
     'Add {B}{B}{B}.\nThreshold — Add {B}{B}{B}{B}{B} instead if there are seven or more cards in your graveyard.'),
    ('Ignition Team',
     "This creature enters with X +1/+1 counters on it, where X is the number of tapped lands on the battlefield.\n{2}{R}, Remove a +1/+1 counter from this creature: Target land becomes a 4/4 red Elemental creature until end of turn. It's still a land."),
    ('Encumbered Reejerey',
     'This creature enters with three -1/-1 counters on it.\nWhenever this creature becomes tapped while it has a -1/-1 counter on it, remove a -1/-1 counter from it.'),
    ('Divergent Growth',
     'Until end of turn, lands you control gain "{T}: Add one mana of any color."'),
    ('Rain of Filth',
     'Until end of turn, lands you control gain "Sacrifice this land: Add {B}."'),
    ('Evasive Action',
     'Domain — Counter target spell unless its controller pays {1} for each basic land type among lands you control.'),
]


@pytest.mark.parametrize("name, oracle_text", SAMPLE, ids=[n for n, _ in SAMPLE])
def test_real_card_is_accepted(name: str, oracle_text: str) -> None:
    check_real_sample(name, oracle_text)
