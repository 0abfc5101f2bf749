"""Real cards of the amounts family (issue 22, pool-amounts), checked by hand: restricted mana
with several uses (106.6), life and mana counted as the spell or ability resolves (119.3, 608.2h).
Each is a real card outside the built-in pool, taken from the Oracle data by the game that names
it, with the Oracle text its scenario games assume (tests/rules/test_spend_uses.py,
test_life_counted.py, test_counted_amounts.py play them)."""
from __future__ import annotations

from pathlib import Path

import pytest

from real_sample import check_real_sample
from scenario import play
from simulator.cards import CardPool
from simulator.cards import model as m

ORACLE_TEXT = {
    'Soldevi Machinist': '{T}: Add {C}{C}. Spend this mana only to activate abilities of artifacts.',
    'Pillar of the Paruns': '{T}: Add one mana of any color. Spend this mana only to cast a multicolored spell.',
    'Eldrazi Temple': '{T}: Add {C}.\n{T}: Add {C}{C}. Spend this mana only to cast colorless Eldrazi spells or activate abilities of colorless Eldrazi.',
    'Base Camp': 'This land enters tapped.\n{T}: Add {C}.\n{T}: Add one mana of any color. Spend this mana only to cast a Cleric, Rogue, Warrior, or Wizard spell or to activate an ability of a Cleric, Rogue, Warrior, or Wizard.',
    'Guidelight Optimizer': '{T}: Add {U}. Spend this mana only to cast an artifact spell or activate an ability.',
    'Blighted Steppe': '{T}: Add {C}.\n{3}{W}, {T}, Sacrifice this land: You gain 2 life for each creature you control.',
    'Icatian Moneychanger': 'This creature enters with three credit counters on it.\nWhen this creature enters, it deals 3 damage to you.\nAt the beginning of your upkeep, put a credit counter on this creature.\nSacrifice this creature: You gain 1 life for each credit counter on this creature. Activate only during your upkeep.',
    'Bighorner Rancher': 'Vigilance\n{T}: Add an amount of {G} equal to the greatest power among creatures you control.\nSacrifice this creature: You gain life equal to the greatest toughness among other creatures you control.',
    'Wandering Stream': 'Domain — You gain 2 life for each basic land type among lands you control.',
    'Mana Geyser': 'Add {R} for each tapped land your opponents control.',
    'Overgrown Battlement': 'Defender\n{T}: Add {G} for each creature you control with defender.',
    'Inner Fire': 'Add {R} for each card in your hand.',
    'Cabal Stronghold': '{T}: Add {C}.\n{3}, {T}: Add {B} for each basic Swamp you control.',
    'Crypt of Agadeem': 'This land enters tapped.\n{T}: Add {B}.\n{2}, {T}: Add {B} for each black creature card in your graveyard.',
    'Mind Stone': '{T}: Add {C}.\n{1}, {T}, Sacrifice this artifact: Draw a card.',
    'Wall of Roots': 'Defender\nPut a -0/-1 counter on this creature: Add {G}. Activate only once each turn.',
    'Watery Grave': "({T}: Add {U} or {B}.)\nAs this land enters, you may pay 2 life. If you don't, it enters tapped.",
    'Castle Garenbrig': 'This land enters tapped unless you control a Forest.\n{T}: Add {G}.\n{2}{G}{G}, {T}: Add six {G}. Spend this mana only to cast creature spells or activate abilities of creatures.',
    'Tribal Flames': 'Domain — Tribal Flames deals X damage to any target, where X is the number of basic land types among lands you control.',
    "Meria's Outrider": 'Reach\nDomain — When this creature enters, it deals damage to each opponent equal to the number of basic land types among lands you control.',
    'Sapseep Forest': '({T}: Add {G}.)\nThis land enters tapped.\n{G}, {T}: You gain 1 life. Activate only if you control two or more green permanents.',
    'Grove of the Burnwillows': '{T}: Add {C}.\n{T}: Add {R} or {G}. Each opponent gains 1 life.',
}


@pytest.mark.parametrize("name", sorted(ORACLE_TEXT))
def test_the_sample_is_real_cards_with_this_oracle_text(name: str) -> None:
    check_real_sample(name, ORACLE_TEXT[name])


@pytest.mark.parametrize("game", [
    "mana_spend_uses_machinist", "mana_spend_uses_temple", "mana_spend_uses_pillar", "life_counted_blighted_steppe",
    "life_counted_moneychanger", "life_counted_rancher", "life_counted_wandering_stream", "amount_mana_geyser",
    "amount_overgrown_battlement", "amount_inner_fire", "amount_cabal_stronghold", "amount_crypt_of_agadeem",
    "damage_counted_tribal_flames", "damage_counted_meria_outrider", "cond_colored_sapseep_two", "mana_grove_burnwillows"])
def test_the_games_take_the_real_cards_from_the_oracle_data(game: str, tmp_path: Path) -> None:
    p = play(game, tmp_path)
    assert p.log[1].event.source.get("oracle_cards"), "the game took its real cards from the Oracle data"


def test_castle_garenbrig_adds_six_green_for_creatures():
    """106.4, 106.6: "Add six {G}." is six {G}; "Spend this mana only to cast creature spells or
    activate abilities of creatures.": a creature spell, or an ability of a creature."""
    pool = CardPool().with_real_card("Castle Garenbrig")
    assert pool is not None
    ability = pool.get("Castle Garenbrig").abilities[2]
    assert isinstance(ability, m.ActivatedAbility)
    (add,) = ability.effects
    assert isinstance(add, m.AddMana) and add.mana == m.AddFixed(("G",) * 6)
    assert add.restriction == m.SpendOnlyFor(
        "Spend this mana only to cast creature spells or activate abilities of creatures.",
        (m.SpellKind(("Creature",)),), (m.SourceKind(("Creature",)),))
