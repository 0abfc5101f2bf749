"""Real cards of the add-mana family (issue 22, pool-addmana), checked by hand against their
Oracle text and rulings: each is a real card outside the built-in pool, taken from the Oracle data
by the game that names it, with the text its scenario games assume (tests/rules/test_addmana_*.py
play them). Chosen as the cards each new phrase unlocks, one game or more each."""
from __future__ import annotations

from pathlib import Path

import pytest

from real_sample import check_real_sample
from scenario import play

ORACLE_TEXT = {
    'Elvish Spirit Guide': 'Exile this creature from your hand: Add {G}.',
    'Star Compass': 'This artifact enters tapped.\n{T}: Add one mana of any color that a basic land you control could produce.',
    'Firemind Vessel': 'This artifact enters tapped.\n{T}: Add two mana of different colors.',
    'Guild Globe': 'When this artifact enters, draw a card.\n{2}, {T}, Sacrifice this artifact: Add two mana of different colors.',
    'Axebane Guardian': 'Defender\n{T}: Add X mana in any combination of colors, where X is the number of creatures you control with defender.',
    'Kydele, Chosen of Kruphix': "{T}: Add {C} for each card you've drawn this turn.\nPartner (You can have two commanders if both have partner.)",
    'Accomplished Alchemist': '{T}: Add one mana of any color.\n{T}: Add X mana of any one color, where X is the amount of life you gained this turn.',
    'Black Tom Cassidy': '{T}: Add {G}. If you control another Mutant, you gain 1 life.',
    'Powerstone Shard': '{T}: Add {C} for each artifact you control named Powerstone Shard.',
    "Urza's Workshop": "{T}: Add {C}.\nMetalcraft — {T}: Add {C} for each Urza's land you control. Activate only if you control three or more artifacts.",
    'Lotus Blossom': 'At the beginning of your upkeep, you may put a petal counter on this artifact.\n{T}, Sacrifice this artifact: Add X mana of any one color, where X is the number of petal counters on this artifact.',
    'Glittering Stockpile': '{T}: Add {R}. Put a stash counter on this artifact.\n{T}, Sacrifice this artifact: Add X mana of any one color, where X is the number of stash counters on this artifact.',
    'Mox Amber': '{T}: Add one mana of any color among legendary creatures and planeswalkers you control.',
    'The Grey Havens': 'When The Grey Havens enters, scry 1.\n{T}: Add {C}.\n{T}: Add one mana of any color among legendary creature cards in your graveyard.',
    'Brightcap Badger': 'Each Fungus and Saproling you control has "{T}: Add {G}."\nAt the beginning of your end step, create a 1/1 green Saproling creature token.',
    'Circle of Elders': 'Vigilance\nFormidable — {T}: Add {C}{C}{C}. Activate only if creatures you control have total power 8 or greater.',
    'Sceptre of Eternal Glory': '{T}: Add one mana of any color.\n{T}: Add three mana of any one color. Activate only if you control three or more lands with the same name.',
}


@pytest.mark.parametrize("name", sorted(ORACLE_TEXT))
def test_the_sample_is_real_cards_with_this_oracle_text(name: str) -> None:
    check_real_sample(name, ORACLE_TEXT[name])


@pytest.mark.parametrize("game", [
    "addmana_elvish_spirit_guide", "addmana_star_compass_green", "addmana_firemind_vessel_ur", "addmana_guild_globe",
    "addmana_axebane_guardian", "addmana_kydele_two_draws", "addmana_accomplished_alchemist", "addmana_black_tom_with",
    "addmana_powerstone_shard", "addmana_urzas_workshop_three", "addmana_lotus_blossom", "addmana_glittering_stockpile",
    "addmana_mox_amber_blue", "addmana_grey_havens", "addmana_brightcap_saproling", "addmana_circle_of_elders_3",
    "addmana_sceptre_forests"])
def test_the_games_take_the_real_cards_from_the_oracle_data(game: str, tmp_path: Path) -> None:
    p = play(game, tmp_path)
    assert p.error is None
    assert p.log[1].event.source.get("oracle_cards"), "the game took its real cards from the Oracle data"
