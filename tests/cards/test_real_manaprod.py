"""Real cards of producing mana, tapping and untapping (issue 22, pool-manaprod), checked by hand:
each is a real card outside the built-in pool with exactly this Oracle text, accepted by the rules.
The games of tests/rules/test_manaprod.py play them against their rules: the storage lands'
"You may choose not to untap this land during your untap step." (502.3) and their intervening
"if this land is tapped" (603.4); "that land doesn't untap during its controller's next untap step"
(Vorinclex; Skyline Cascade's target; Adverse Conditions' "Those creatures", 502.3); War's Toll's
"tap all lands that player controls" (701.26a); Contaminated Ground's "Whenever enchanted land
becomes tapped" (603.2); Lavaleaper's basic land trigger (605.1b) and Virtue of Strength's
replacement (106.12b); Relic of Sauron's three-color combination, Selvala's different powers and
Astral Cornucopia's charge counters (106.1, 605.3a); Daily Bugle Building's flavor word (207.2d)."""
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
]


@pytest.mark.parametrize("name, oracle_text", SAMPLE, ids=[n for n, _ in SAMPLE])
def test_real_card_is_accepted(name: str, oracle_text: str) -> None:
    check_real_sample(name, oracle_text)
