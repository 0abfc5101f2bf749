"""Vehicles and Crew (issue 22, lands): "Crew N" means "Tap any number of other untapped
creatures you control with total power N or greater: This Vehicle becomes an artifact creature
until end of turn." (702.122a). A Vehicle has power and toughness but is not a creature until
crewed (301.7c); the effect is locked in on it (611.2c) and ends in the cleanup step (514.2).
Crewing taps creatures, but not with a {T} of their own abilities: a creature that came under its
controller's control this turn may crew (302.6); the crewed Vehicle is then a creature and its own
{T} abilities follow 302.6 (the judges' tip on Cultivator's Caravan)."""
from __future__ import annotations

from pathlib import Path

import pytest

from scenario import play
from simulator.base.errors import CardDataError
from simulator.cards import model as m
from simulator.cards.parser import parse_oracle
from simulator.cards.pool import CardPool, load_card_file


def test_an_uncrewed_vehicle_new_this_turn_taps_for_mana(tmp_path: Path) -> None:
    """301.7c, 302.6: not a creature, so summoning sickness does not apply to its {T}."""
    p = play("crew_caravan_new_taps_for_mana", tmp_path)
    assert p.error is None
    caravan = p.perm("caravan")
    assert caravan["types"] == ["Artifact"] and caravan["power"] is None and caravan["tapped"] is True
    assert p.pool("Alice") == {"G": 1}


def test_a_summoning_sick_creature_crews_and_the_crewed_vehicle_is_sick(tmp_path: Path) -> None:
    """302.6 stops only {T}/{Q} costs of a creature's own abilities: the new Craw Wurm crews the
    Caravan; the Caravan, new this turn, is then a 5/5 artifact creature and its {T} is refused."""
    p = play("crew_caravan_sick_crew_then_tap", tmp_path)
    assert p.error is not None and p.error.rule == "302.6"
    caravan = p.perm("caravan")
    assert (caravan["types"], caravan["power"], caravan["toughness"]) == (["Artifact", "Creature"], 5, 5)
    assert caravan["tapped"] is False and p.perm("wurm")["tapped"] is True
    [tapped] = [e for e in p.events("PermanentTapped") if e.event.object_id == "wurm"]
    assert tapped.rule == "602.2h"
    [made] = p.events("ContinuousEffectCreated")
    assert made.event.object_id == "caravan" and made.event.power is None


def test_total_power_below_n_is_refused(tmp_path: Path) -> None:
    """702.122a: Grizzly Bears alone has power 2, not 3 or greater; nothing is tapped."""
    p = play("crew_caravan_not_enough_power", tmp_path)
    assert p.error is not None and p.error.rule == "702.122a" and "total power 2" in str(p.error)
    assert p.perm("bears")["tapped"] is False and p.state["stack"] == []


def test_two_creatures_crew_and_the_old_caravan_taps(tmp_path: Path) -> None:
    """Two 2-power creatures crew Crew 3; the Caravan, Alice's since before this turn, is a
    creature that is not summoning sick: it taps for {W}."""
    p = play("crew_caravan_two_creatures", tmp_path)
    assert p.error is None
    assert p.perm("bears-a")["tapped"] and p.perm("bears-b")["tapped"]
    assert p.perm("caravan")["types"] == ["Artifact", "Creature"] and p.pool("Alice") == {"W": 1}


def test_the_crew_effect_ends_in_the_cleanup_step(tmp_path: Path) -> None:
    """514.2: on Bob's turn the Caravan is an artifact again, with no power shown."""
    p = play("crew_caravan_cleanup", tmp_path)
    assert p.error is None and p.state["active"] == "Bob"
    caravan = p.perm("caravan")
    assert caravan["types"] == ["Artifact"] and caravan["power"] is None


def test_a_vehicle_cannot_crew_itself(tmp_path: Path) -> None:
    """702.122a: "other untapped creatures": a crewed Quinjet may not tap itself to crew."""
    p = play("crew_quinjet_crews_itself", tmp_path)
    assert p.error is not None and p.error.rule == "702.122a" and "itself" in str(p.error)
    assert p.perm("quinjet")["tapped"] is False


def test_flywheel_racer_taps_for_mana_only_as_a_creature(tmp_path: Path) -> None:
    """"Activate only if this permanent is a creature." (602.5b): refused uncrewed ..."""
    p = play("crew_flywheel_racer", tmp_path)
    assert p.error is not None and p.error.rule == "602.5b"
    assert p.pool("Alice") == {}


def test_flywheel_racer_crewed_adds_mana(tmp_path: Path) -> None:
    """... and, crewed by Grizzly Bears (Crew 1), it adds {R}."""
    p = play("crew_flywheel_racer_crewed", tmp_path)
    assert p.error is None and p.pool("Alice") == {"R": 1}


def test_crew_parses_to_its_cost_and_effect() -> None:
    """702.122a: the keyword is an activated ability with the crew cost."""
    [crew] = parse_oracle("Cultivator's Caravan", "Crew 3")
    assert isinstance(crew, m.ActivatedAbility) and crew.cost == m.Cost(crew=3)
    assert crew.effects == (m.BecomesCreature(None, None, types=("Artifact", "Creature")),)


def test_power_and_toughness_on_a_non_vehicle_non_creature_are_refused(tmp_path: Path) -> None:
    """301.7c: only creatures and Vehicles have power and toughness; a Vehicle needs them."""
    bad = tmp_path / "bad.toml"
    bad.write_text('[[card]]\nname = "Odd Relic"\ntype = "Artifact"\ncost = "{1}"\npower = 1\ntoughness = 1\n')
    with pytest.raises(CardDataError, match="only creatures"):
        load_card_file(bad)
    bad.write_text('[[card]]\nname = "Odd Cart"\ntype = "Artifact — Vehicle"\ncost = "{1}"\ntext = "Crew 1"\n')
    with pytest.raises(CardDataError, match="a Vehicle needs power and toughness"):
        load_card_file(bad)
    assert CardPool().with_real_card("Dependable Quinjet") is not None
