"""Damage and life in amounts counted as the spell or ability resolves (120.3, 119.3, 608.2h;
cards/model_amounts.py): "deals X damage to any target, where X is ...", "deals damage to each
opponent equal to ...", "Each opponent gains 1 life." in a mana ability (605.3a), and the
condition "Activate only if you control two or more green permanents." (602.5b)."""
from __future__ import annotations

import pytest

from scenario import play
from simulator.base.errors import SimulatorError
from simulator.cards import model as m
from simulator.cards.parser import parse_oracle


def test_tribal_flames_domain_damage_to_target_player(tmp_path):
    """120.3a, 608.2h: three basic land types among Alice's lands (tapped ones too): 3 damage
    to Bob; Bob's Plains does not count for Alice."""
    p = play("damage_counted_tribal_flames", tmp_path)
    assert p.error is None
    assert [(e.event.amount) for e in p.events("DamageDealt")] == [3]
    assert p.player("Bob")["life"] == 17 and p.player("Alice")["life"] == 20


def test_meria_outrider_damages_each_opponent(tmp_path):
    """120.3a: each opponent (Bob and Carol) is dealt 2 (Mountain, Plains); not Alice."""
    p = play("damage_counted_meria_outrider", tmp_path)
    assert p.error is None
    assert [p.player(n)["life"] for n in ("Alice", "Bob", "Carol")] == [20, 18, 18]


def test_grove_of_the_burnwillows_each_opponent_gains_life_as_the_mana_ability_resolves(tmp_path):
    """605.3a, 119.3: the mana ability adds {G} and each opponent gains 1 life at once (no stack)."""
    p = play("mana_grove_burnwillows", tmp_path)
    assert p.error is None and p.pool("Alice") == {"G": 1}
    assert sorted((e.event.player, e.event.amount) for e in p.events("LifeGained")) == [("Bob", 1), ("Carol", 1)]
    assert p.player("Alice")["life"] == 20 and p.state["stack"] == []


def test_sapseep_forest_needs_two_green_permanents(tmp_path):
    """602.5b, 105.2c: one green creature (the lands are colorless): the activation is illegal;
    with two it resolves and Alice gains 1 life."""
    p = play("cond_colored_sapseep_one", tmp_path)
    assert p.error is not None and p.error.rule == "602.5b"
    assert "you control 2 or more green permanents" in str(p.error)
    q = play("cond_colored_sapseep_two", tmp_path / "two")
    assert q.error is None and q.player("Alice")["life"] == 21


def test_damage_equal_to_the_sources_own_power_is_refused():
    """608.2h: the source's last known power is not kept: "deals damage equal to its power" is
    refused at load rather than read wrong once the source left."""
    with pytest.raises(SimulatorError) as err:
        parse_oracle("Test", "{2}, {T}: This creature deals damage equal to this creature's power to any target.")
    assert "power" in str(err.value)


def test_readings():
    (ability,) = parse_oracle("Test", "{T}: This artifact deals X damage to target player, where X is the number "
                                      "of artifacts you control.")
    assert isinstance(ability, m.ActivatedAbility)
    (eff,) = ability.effects
    assert eff == m.DealDamageCounted(m.CountOf(m.Selector(types=("Artifact",), controller="you")), "target")
