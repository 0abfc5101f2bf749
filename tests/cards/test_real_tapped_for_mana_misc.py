"""Real cards (issue 22, pool-misc): "Whenever a Forest is tapped for mana, its controller adds an
additional {G}." (Vernal Bloom; 106.12a: a triggered mana ability, resolving at once, 605.1b; the
tapped land's controller is the player who tapped it) and "Activate no more than three times each
turn." (Manaforge Cinder, 602.5b)."""
from __future__ import annotations

from pathlib import Path

import pytest

from real_sample import check_real_sample
from scenario import play
from simulator.base.errors import CardDataError
from simulator.cards import model as m
from simulator.cards.parser import parse_oracle

TEXT = {
    "Vernal Bloom": "Whenever a Forest is tapped for mana, its controller adds an additional {G}.",
    "Manaforge Cinder": "{1}: Add {B} or {R}. Activate no more than three times each turn.",
}


@pytest.mark.parametrize("name", sorted(TEXT))
def test_the_sample_is_real_cards_with_this_text(name: str) -> None:
    check_real_sample(name, TEXT[name])


def test_vernal_bloom_is_a_triggered_mana_ability_of_any_players_forest() -> None:
    (ability,) = parse_oracle("Vernal Bloom", TEXT["Vernal Bloom"])
    assert isinstance(ability, m.TriggeredAbility) and ability.is_mana_ability
    assert ability.condition == m.LandTappedForMana("any", "Forest")
    assert ability.effects == (m.AddMana(m.AddFixed(("G",)), to=m.Recipient.TAPPING_PLAYER),)


def test_bobs_forest_makes_two_green_his_island_one_blue(tmp_path: Path) -> None:
    """106.12a: Alice's Vernal Bloom gives Bob, who tapped his Forest, another {G}; not for the Island."""
    p = play("trig_vernal_bloom_bobs_forest", tmp_path)
    assert p.error is None
    assert p.pool("Bob") == {"G": 2, "U": 1} and p.pool("Alice") == {}
    (trig,) = p.events("AbilityTriggered")
    assert trig.event.source == "bloom" and trig.rule == "106.12a"
    assert p.log[1].event.source.get("oracle_cards"), "the game took its real cards from the Oracle data"


def test_manaforge_cinder_three_times_then_refused(tmp_path: Path) -> None:
    """602.5b: three activations this turn; the fourth is refused, nothing paid for it."""
    p = play("act_manaforge_cinder_three_times", tmp_path)
    assert p.error is not None and p.error.rule == "602.5b"
    assert "can be activated only 3 times each turn" in str(p.error)
    assert p.pool("Alice") == {"B": 2, "R": 1, "C": 1}


def test_no_more_than_once_is_not_this_form() -> None:
    with pytest.raises(CardDataError, match="fewer than two times"):
        parse_oracle("Odd", "{1}: Add {B}. Activate no more than one times each turn.")
