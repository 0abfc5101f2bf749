"""Amounts counted as the spell or ability resolves (107.3, 608.2h; cards/model_amounts.py
CountWhere, CardsInHand): "Add {R} for each tapped land your opponents control.", "... for each
creature you control with defender", "... for each basic Swamp you control", "... for each black
creature card in your graveyard", "... for each card in your hand" -- each checked with the
objects that must NOT be counted beside those that are."""
from __future__ import annotations

import pytest

from scenario import play
from simulator.base.errors import SimulatorError
from simulator.cards import model as m
from simulator.cards.parser import parse_oracle, parse_spell


def test_mana_geyser_counts_the_opponents_tapped_lands(tmp_path):
    """608.2h: Bob's two tapped Forests, not his untapped one nor Alice's own tapped Mountains:
    {R}{R} (a spell's mana, 608.2c)."""
    p = play("amount_mana_geyser", tmp_path)
    assert p.error is None and p.pool("Alice") == {"R": 2}


def test_overgrown_battlement_counts_creatures_with_defender(tmp_path):
    """605.3a, 702.3: itself and Wall of Roots have defender; Llanowar Elves has not; Bob's Wall is
    not Alice's: {G}{G}."""
    p = play("amount_overgrown_battlement", tmp_path)
    assert p.error is None and p.pool("Alice") == {"G": 2}


def test_inner_fire_does_not_count_itself(tmp_path):
    """608.2h: as Inner Fire resolves it is on the stack: the two other cards in Alice's hand
    count ({R}{R}); Bob's hand does not."""
    p = play("amount_inner_fire", tmp_path)
    assert p.error is None and p.pool("Alice") == {"R": 2}
    assert p.player("Alice")["graveyard"] == ["Inner Fire"]


def test_cabal_stronghold_counts_basic_swamps_only(tmp_path):
    """205.4c: Watery Grave is a Swamp but not basic; Bob's Swamp is not Alice's: {B}{B}."""
    p = play("amount_cabal_stronghold", tmp_path)
    assert p.error is None and p.pool("Alice") == {"B": 2}


def test_crypt_of_agadeem_counts_black_creature_cards_in_your_graveyard(tmp_path):
    """105.2, 404: Vampire Nighthawk and Typhoid Rats; not Llanowar Elves (green), Dark Ritual
    (not a creature), nor Bob's Typhoid Rats: {B}{B}."""
    p = play("amount_crypt_of_agadeem", tmp_path)
    assert p.error is None and p.pool("Alice") == {"B": 2}


def test_the_readings():
    """The model each phrase becomes."""
    def mana(text: str) -> m.ManaEffect:
        (ability,) = parse_oracle("Test", text)
        assert isinstance(ability, m.ActivatedAbility)
        (add,) = ability.effects
        assert isinstance(add, m.AddMana)
        return add.mana
    assert mana("{T}: Add {G} for each creature with power 4 or greater you control.") == m.AddCounted(
        m.CountWhere(m.Selector(types=("Creature",), controller="you"), min_power=4), ("G",))
    assert mana("{T}: Add {C} for each colorless creature you control.") == m.AddCounted(
        m.CountWhere(m.Selector(types=("Creature",), controller="you"), color="colorless"), ("C",))
    assert mana("{T}: Add {R} for each untapped land an opponent controls.") == m.AddCounted(
        m.CountWhere(m.Selector(types=("Land",), controller="opponent"), tapped=False), ("R",))


def test_any_color_counted_on_a_spell_is_refused():
    """A spell adding "X mana in any combination of colors" counted: not read, refused at load."""
    with pytest.raises(SimulatorError):
        parse_spell("Test", "Add X mana in any combination of colors, where X is the number of creatures you control.")
