"""Real cards whose mana ability makes other mana while a condition holds (issue 22, pool-misc):
"{T}: Add {C}. If you control an Urza's Power-Plant and an Urza's Tower, add {C}{C} instead."
(cards/model_instead.py). The condition is part of the ability's effect, read as the mana ability
resolves (605.3a, 608.2c); what it could produce (106.7) is what it would make now. Each card is a
real card outside the built-in pool, taken from the Oracle data by the game that names it."""
from __future__ import annotations

from pathlib import Path

import pytest

from real_sample import check_real_sample
from scenario import play
from simulator.cards import CardPool
from simulator.cards import model as m
from simulator.cards.parser import parse_oracle
from simulator.base.errors import CardDataError

ORACLE_TEXT = {
    "Urza's Mine": "{T}: Add {C}. If you control an Urza's Power-Plant and an Urza's Tower, add {C}{C} instead.",
    "Urza's Power Plant": "{T}: Add {C}. If you control an Urza's Mine and an Urza's Tower, add {C}{C} instead.",
    "Urza's Tower": "{T}: Add {C}. If you control an Urza's Mine and an Urza's Power-Plant, add {C}{C}{C} instead.",
    "Leafkin Druid": "{T}: Add {G}. If you control four or more creatures, add {G}{G} instead.",
    "River of Tears": "{T}: Add {U}. If you played a land this turn, add {B} instead.",
    "Raucous Audience": "{T}: Add {G}. If you control a creature with power 4 or greater, add {G}{G} instead.",
    "Ilysian Caryatid": "{T}: Add one mana of any color. If you control a creature with power 4 or greater, "
                        "add two mana of any one color instead.",
}


@pytest.mark.parametrize("name", sorted(ORACLE_TEXT))
def test_the_sample_is_real_cards_with_this_oracle_text(name: str) -> None:
    check_real_sample(name, ORACLE_TEXT[name])


def _mana(name: str) -> m.AddInstead:
    pool = CardPool().with_real_card(name)
    assert pool is not None
    ability = pool.get(name).abilities[0]
    assert isinstance(ability, m.ActivatedAbility) and ability.is_mana_ability
    eff = ability.effects[0]
    assert isinstance(eff, m.AddMana) and isinstance(eff.mana, m.AddInstead)
    return eff.mana


def test_urzas_tower_reads_two_lands_each_with_both_subtypes() -> None:
    """205.3i: "Urza's Power-Plant" is two land types, Urza's and Power-Plant: the condition asks
    for a land you control with both, and one with both Urza's and Mine."""
    eff = _mana("Urza's Tower")
    assert eff.base == m.AddFixed(("C",)) and eff.instead == m.AddFixed(("C", "C", "C"))
    assert eff.condition == m.AllConditions((
        m.YouControl((m.Selector(types=("Land",), subtypes=("Urza's", "Mine"), controller="you"),)),
        m.YouControl((m.Selector(types=("Land",), subtypes=("Urza's", "Power-Plant"), controller="you"),))))
    assert CardPool().with_real_card("Urza's Tower").get("Urza's Tower").subtypes == ("Urza's", "Tower")


def test_the_three_tron_lands_make_seven(tmp_path: Path) -> None:
    """608.2c: with Mine, Power Plant and Tower, each condition holds: {C}{C} + {C}{C} + {C}{C}{C}."""
    p = play("instead_tron_assembled", tmp_path)
    assert p.error is None
    assert p.pool("Alice") == {"C": 7}
    assert [e.event.mana for e in p.events("ManaProduced")] == [{"C": 2}, {"C": 2}, {"C": 3}]
    assert p.log[1].event.source.get("oracle_cards"), "the game took its real cards from the Oracle data"


def test_tron_without_a_power_plant_of_yours_makes_one_each(tmp_path: Path) -> None:
    """Without an Urza's Power-Plant Alice controls (Bob's does not count), Mine and Tower add {C} each."""
    p = play("instead_tron_without_plant", tmp_path)
    assert p.error is None
    assert p.pool("Alice") == {"C": 2}
    assert [e.event.mana for e in p.events("ManaProduced")] == [{"C": 1}, {"C": 1}]


def test_leafkin_druid_counts_itself_among_four_creatures(tmp_path: Path) -> None:
    """"If you control four or more creatures": the Druid and three Bears are four: {G}{G}."""
    p = play("instead_leafkin_four_creatures", tmp_path)
    assert p.error is None and p.pool("Alice") == {"G": 2}


def test_leafkin_druid_with_three_creatures_adds_one(tmp_path: Path) -> None:
    """Three creatures of Alice's (Bob's Elves are not hers): the condition is false: {G}."""
    p = play("instead_leafkin_three_creatures", tmp_path)
    assert p.error is None and p.pool("Alice") == {"G": 1}


def test_river_of_tears_reads_the_land_play_as_it_resolves(tmp_path: Path) -> None:
    """605.3a, 608.2c: tapped before the land play, {U}; after it (305.1), the other adds {B}."""
    p = play("instead_river_of_tears_land_played", tmp_path)
    assert p.error is None
    assert [(e.event.source, e.event.mana) for e in p.events("ManaProduced")] == [("river-a", {"U": 1}), ("river-b", {"B": 1})]
    assert p.pool("Alice") == {"U": 1, "B": 1}


def test_river_of_tears_a_land_played_last_turn_does_not_count(tmp_path: Path) -> None:
    """"this turn": Alice's land play on turn 1 is not one of turn 2: {U}."""
    p = play("instead_river_of_tears_next_turn", tmp_path)
    assert p.error is None
    assert p.state["turn"] == 2 and p.pool("Alice") == {"U": 1}


def test_reflecting_pool_reads_what_the_river_would_make_now(tmp_path: Path) -> None:
    """106.7: before a land play River of Tears could produce {U} only, so Reflecting Pool cannot
    add {B}; after one it could produce {B}."""
    before = play("instead_reflecting_pool_river_before_land", tmp_path / "before")
    assert before.error is not None and before.error.rule == "106.7"
    assert "it can add only one of {U}, not B" in str(before.error)
    assert before.pool("Alice") == {}
    after = play("instead_reflecting_pool_river_after_land", tmp_path / "after")
    assert after.error is None and after.pool("Alice") == {"B": 1}


def test_ilysian_caryatid_beside_a_four_power_creature_adds_two_of_one_color(tmp_path: Path) -> None:
    """608.2c-d: the condition holds; two mana of one color, the letter standing for both."""
    p = play("instead_caryatid_with_giant", tmp_path)
    assert p.error is None and p.pool("Alice") == {"R": 2}


def test_ilysian_caryatid_alone_adds_one(tmp_path: Path) -> None:
    """608.2d: alone (1/1) it adds one mana of any color; two letters are refused."""
    p = play("instead_caryatid_alone", tmp_path)
    assert p.error is not None and p.error.rule == "608.2d"
    assert "choose 1 mana of any color" in str(p.error)
    assert p.pool("Alice") == {}


@pytest.mark.parametrize("text, phrase", [
    ("{T}: Add {G}. Spend this mana only to cast creature spells. If you control four or more creatures, "
     "add {G}{G} instead.", "after a restriction"),
    ("{T}: Add {G} for each Elf you control. If you control four or more creatures, add {G}{G} instead.",
     "counted or chosen"),
    ("{T}: Draw a card. If you control four or more creatures, add {G}{G} instead.", "must follow"),
])
def test_unsupported_instead_forms_are_refused_naming_the_phrase(text: str, phrase: str) -> None:
    """A form whose meaning these rules do not give is refused at load, never played wrong."""
    with pytest.raises(CardDataError, match=phrase) as err:
        parse_oracle("Test Instead", text)
    assert err.value.card == "Test Instead"
