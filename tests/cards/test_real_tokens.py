"""Real cards of the tokens family (issue 22, pool-tokens), checked by hand: tokens created
tapped, X of them, counted as the effect resolves, named, predefined (111.1, 111.4, 111.10).
Each is a real card outside the built-in pool, taken from the Oracle data by the game that names
it, with the Oracle text its scenario games assume (tests/rules/test_token_forms.py plays them).
Chosen as the cards each new form alone made playable, one per form."""
from __future__ import annotations

from pathlib import Path

import pytest

from real_sample import check_real_sample
from scenario import play
from simulator.cards import CardPool
from simulator.cards import model as m

ORACLE_TEXT = {
    'Treasure Vault': '{T}: Add {C}.\n{X}{X}, {T}, Sacrifice this land: Create X Treasure tokens.',
    'Hall of Tagsin': '{T}: Add {C}.\n{1}, {T}: Add one mana of any color.\n{4}, {T}: Create a tapped Powerstone token. (It\'s an artifact with "{T}: Add {C}. This mana can\'t be spent to cast a nonartifact spell.")',
    'Spore Burst': 'Domain — Create a 1/1 green Saproling creature token for each basic land type among lands you control.',
    'Kher Keep': '{T}: Add {C}.\n{1}{R}, {T}: Create a 0/1 red Kobold creature token named Kobolds of Kher Keep.',
    'Twitching Doll': '{T}: Add one mana of any color. Put a nest counter on this creature.\n{T}, Sacrifice this creature: Create a 2/2 green Spider creature token with reach for each counter on this creature. Activate only as a sorcery.',
    'Charisma Bobblehead': '{T}: Add one mana of any color.\n{4}, {T}: Create X 1/1 white Soldier creature tokens, where X is the number of Bobbleheads you control. Activate only as a sorcery.',
    "Urza's Factory": '{T}: Add {C}.\n{7}, {T}: Create a 2/2 colorless Assembly-Worker artifact creature token.',
    'Gingerbread Cabin': '({T}: Add {G}.)\nThis land enters tapped unless you control three or more other Forests.\nWhen this land enters untapped, create a Food token. (It\'s an artifact with "{2}, {T}, Sacrifice this token: You gain 3 life.")',
    'Dwarven Mine': '({T}: Add {R}.)\nThis land enters tapped unless you control three or more other Mountains.\nWhen this land enters untapped, create a 1/1 red Dwarf creature token.',
    'Big Apple, 3 a.m.': 'This land enters tapped. As it enters, choose a color.\n{T}: Add one mana of the chosen color.\n{5}, {T}: Create a 1/1 black Rat creature token for each opponent you have.',
    'Skemfar Elderhall': "This land enters tapped.\n{T}: Add {G}.\n{2}{B}{B}{G}, {T}, Sacrifice this land: Up to one target creature you don't control gets -2/-2 until end of turn. Create two 1/1 green Elf Warrior creature tokens. Activate only as a sorcery.",
    'Abstruse Interference': 'Devoid (This card has no color.)\nCounter target spell unless its controller pays {1}. You create a 1/1 colorless Eldrazi Scion creature token. It has "Sacrifice this token: Add {C}." ({C} represents colorless mana.)',
    'Crowded Crypt': "{T}: Add {B}.\nWhenever a creature you control dies, put a corpse counter on this artifact.\n{4}{B}{B}, {T}, Sacrifice this artifact: Create a 2/2 black Zombie creature token with decayed for each corpse counter on this artifact. (A creature with decayed can't block. When it attacks, sacrifice it at end of combat.)",
    'Hellion Crucible': '{T}: Add {C}.\n{1}{R}, {T}: Put a pressure counter on this land.\n{1}{R}, {T}, Remove two pressure counters from this land and sacrifice it: Create a 4/4 red Hellion creature token with haste. (It can attack and {T} as soon as it comes under your control.)',
    'Great Hall of Starnheim': 'This land enters tapped.\n{T}: Add {B}.\n{W}{W}{B}, {T}, Sacrifice this land and a creature you control: Create a 4/4 white Angel Warrior creature token with flying and vigilance. Activate only as a sorcery.',
    'Transmogrifying Wand': 'This artifact enters with three charge counters on it.\n{1}, {T}, Remove a charge counter from this artifact: Destroy target creature. Its controller creates a 2/4 white Ox creature token. Activate only as a sorcery.',
    'Llanowar Mentor': '{G}, {T}, Discard a card: Create a 1/1 green Elf Druid creature token named Llanowar Elves. It has "{T}: Add {G}."',
}


@pytest.mark.parametrize("name", sorted(ORACLE_TEXT))
def test_the_sample_is_real_cards_with_this_oracle_text(name: str) -> None:
    check_real_sample(name, ORACLE_TEXT[name])


@pytest.mark.parametrize("game", ["token_x_treasure_vault", "token_tapped_hall_of_tagsin", "token_domain_spore_burst",
                                  "token_named_kher_keep", "token_per_counter_twitching_doll",
                                  "token_enters_untapped_gingerbread", "token_per_opponent_big_apple",
                                  "cost_remove_and_sacrifice_hellion_crucible", "cost_sacrifice_self_and_great_hall",
                                  "token_its_controller_transmogrifying_wand"])
def test_the_games_take_the_real_cards_from_the_oracle_data(game: str, tmp_path: Path) -> None:
    p = play(game, tmp_path)
    assert p.log[1].event.source.get("oracle_cards"), "the game took its real cards from the Oracle data"


def test_llanowar_mentor_makes_an_elf_named_llanowar_elves() -> None:
    """111.4: a 1/1 green Elf Druid creature token named Llanowar Elves with "{T}: Add {G}." — not
    the card Llanowar Elves (a token of its own definition, a mana ability of its own)."""
    pool = CardPool().with_real_card("Llanowar Mentor")
    [ability] = pool.get("Llanowar Mentor").abilities
    [create] = [e for e in ability.effects if isinstance(e, m.CreateTokens)]
    assert create.token == "Llanowar Elves" and create.described is not None
    token = pool.get('Llanowar Elves (1/1 green Elf Druid creature, "{T}: Add {G}.")')
    assert token.is_token and token.subtypes == ("Elf", "Druid") and token.abilities[0].is_mana_ability
    assert ability.cost.discard == 1
