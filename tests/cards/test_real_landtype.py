"""Real cards that make a target land a basic land type until end of turn (issue 22, pool-misc):
"{T}: Target land becomes an Island until end of turn." (Tidal Warrior, Streambed Aquitects,
Slimy Kavu, Kavu Recluse, Zombie Trailblazer) and "... becomes a Plains or an Island ..." (Tundra
Kavu: the type chosen as it resolves, 608.2d). 305.7: the land loses its old land types and the
abilities of its rules text and has the new type's mana ability; 611.2c: locked in on that land;
514.2: it ends in the cleanup step. Each card is real, outside the built-in pool."""
from __future__ import annotations

from pathlib import Path

import pytest

from scenario import play
from simulator.base.errors import CardDataError
from simulator.cards import CardPool
from simulator.cards import model as m
from simulator.cards.oracle import package_oracle
from simulator.cards.parser import parse_oracle

LINES = {
    "Tidal Warrior": "{T}: Target land becomes an Island until end of turn.",
    "Streambed Aquitects": "{T}: Target land becomes an Island until end of turn.",
    "Slimy Kavu": "{T}: Target land becomes a Swamp until end of turn.",
    "Kavu Recluse": "{T}: Target land becomes a Forest until end of turn.",
    "Tundra Kavu": "{T}: Target land becomes a Plains or an Island until end of turn.",
    "Zombie Trailblazer": "Tap an untapped Zombie you control: Target land becomes a Swamp until end of turn.",
}


@pytest.mark.parametrize("name", sorted(LINES))
def test_the_sample_is_real_cards_with_this_line(name: str) -> None:
    """Each card is real, not built in, has this line, and the rules accept it."""
    record = package_oracle().record(name)
    assert record is not None and LINES[name] in record.text.split("\n")
    assert name not in CardPool.builtin()
    assert CardPool().with_real_card(name) is not None


def test_the_line_names_the_types_in_order() -> None:
    (ability,) = parse_oracle("Tundra Kavu", LINES["Tundra Kavu"])
    assert isinstance(ability, m.ActivatedAbility) and not ability.is_mana_ability
    assert ability.effects == (m.BecomesBasicLandType(("Plains", "Island")),)
    assert ability.targets is not None and ability.targets.what.types == ("Land",)


def test_tidal_warrior_makes_a_forest_an_island(tmp_path: Path) -> None:
    """305.7: the Forest is an Island only; its "{T}: Add {G}" is gone, it taps for {U}."""
    p = play("landtype_tidal_warrior_forest_island", tmp_path)
    assert p.error is None
    forest = p.perm("forest")
    assert forest["subtypes"] == ["Island"] and forest["tapped"]
    assert p.pool("Alice") == {"U": 1}
    assert [e.event.object_id for e in p.events("ContinuousEffectCreated")] == ["forest"]
    assert p.log[1].event.source.get("oracle_cards"), "the game took its real cards from the Oracle data"


def test_the_island_is_a_forest_again_after_the_cleanup_step(tmp_path: Path) -> None:
    """514.2: "until end of turn" ends in the cleanup step: on Bob's turn it taps for {G}."""
    p = play("landtype_tidal_warrior_ends", tmp_path)
    assert p.error is None
    assert p.state["turn"] == 2 and p.perm("forest")["subtypes"] == ["Forest"]
    assert p.pool("Alice") == {"G": 1}


def test_tundra_kavu_asks_which_of_its_two_types(tmp_path: Path) -> None:
    """608.2d: chosen as it resolves, among the two it names: Bob's Mountain becomes an Island."""
    p = play("landtype_tundra_kavu_island", tmp_path)
    assert p.error is None
    assert p.perm("mountain")["subtypes"] == ["Island"]
    (asked,) = p.events("ChoiceRequested")
    assert asked.event.kind == "land_type" and list(asked.event.options) == ["plains", "island"]


def test_tundra_kavu_cannot_make_a_swamp(tmp_path: Path) -> None:
    """608.2d: a type it does not name is no choice; the land is unchanged."""
    p = play("landtype_tundra_kavu_not_swamp", tmp_path)
    assert p.error is not None and p.error.rule == "608.2d"
    assert "choose a basic land type: Plains or Island (or 1..2), not 'Swamp'" in str(p.error)
    assert p.perm("mountain")["subtypes"] == ["Mountain"]
    assert p.state["pending"] is not None


@pytest.mark.parametrize("text, why", [
    ("{T}: Target creature becomes an Island until end of turn.", "only a land"),
    ("{T}: Target land becomes an Island or an Island until end of turn.", "repeated"),
])
def test_what_it_cannot_mean_is_refused(text: str, why: str) -> None:
    with pytest.raises(CardDataError, match=why):
        parse_oracle("Odd", text)
