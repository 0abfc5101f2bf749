"""Moving counters (122.5) and returning the source to its owner's hand as a cost (602.2h)
(issue 22, pool-poolB2).

- "Move a +1/+1 counter from this artifact onto target creature." (Weapon Rack): one counter
  leaves the source and goes on the target; a source without such a counter moves none (122.5);
- "Whenever a creature you control with a +1/+1 counter on it dies" (Explorer's Cache): the
  counters of the creature as it last existed (603.10a); one without does not trigger it;
- "{R}, Return this creature to its owner's hand: Add {C}{C}{R}." (Grinning Ignus): a mana
  ability whose cost moves its source to the hand (602.2h, 605.1a).
"""
from __future__ import annotations

from pathlib import Path

import pytest

from scenario import play
from simulator.base.errors import CardDataError
from simulator.cards import model as m
from simulator.cards.parser import parse_oracle


def test_weapon_rack_moves_one_counter(tmp_path: Path) -> None:
    p = play("counter_moves_weapon_rack", tmp_path)
    assert p.error is None
    assert p.perm("bears")["counters"] == {"+1/+1": 1}
    assert p.perm("rack")["counters"] == {"+1/+1": 1}
    assert [e.rule for e in p.events("CountersRemoved")] == ["122.5"]


def test_weapon_rack_without_counters_moves_none(tmp_path: Path) -> None:
    p = play("counter_moves_weapon_rack_empty", tmp_path)
    assert p.error is None
    assert not p.perm("bears").get("counters")
    assert p.events("CountersPlaced") == []


def test_explorers_cache_triggers_only_for_a_creature_with_a_counter(tmp_path: Path) -> None:
    p = play("counter_moves_explorers_cache", tmp_path)
    assert p.error is None
    assert len(p.triggers()) == 1
    assert p.perm("cache")["counters"] == {"+1/+1": 3}


def test_grinning_ignus_returns_to_hand_for_its_mana(tmp_path: Path) -> None:
    p = play("zones_grinning_ignus", tmp_path)
    assert p.error is None
    assert p.player("Alice")["hand"] == ["Grinning Ignus"]
    assert p.pool("Alice") == {"C": 2, "R": 1}
    assert p.on_battlefield("Grinning Ignus") == []


def test_the_parse_of_the_move_and_the_cost() -> None:
    (rack,) = parse_oracle("Weapon Rack", "{T}: Move a +1/+1 counter from this artifact onto target creature.")
    assert isinstance(rack, m.ActivatedAbility)
    assert rack.effects == (m.MoveCounterFromSelf("+1/+1"),)
    (ignus,) = parse_oracle("Grinning Ignus", "{R}, Return this creature to its owner's hand: Add {C}{C}{R}.")
    assert isinstance(ignus, m.ActivatedAbility) and ignus.cost.return_self_to_hand


def test_a_cost_cannot_return_and_sacrifice_its_source() -> None:
    with pytest.raises(CardDataError):
        parse_oracle("X", "Sacrifice this creature, Return this creature to its owner's hand: Add {C}.")
