"""A permanent's own prevention effects (issue 22; cards/model_damage.py): the
Phantoms' "If damage would be dealt to this creature, prevent that damage. Remove a +1/+1 counter
from this creature.", Oathsworn Knight's and Ugin's Conjurant's "... while it has a +1/+1 counter
on it, prevent that damage and remove a +1/+1 counter / that many +1/+1 counters from it.", Rock
Hydra's "For each 1 damage ..., if it has a +1/+1 counter on it, remove a +1/+1 counter from it and
prevent that 1 damage." The damage prevented is never dealt (615.1a: none marked), the counters
are removed right after (615.5); with a prevention shield too (615.7), the creature's controller
orders the two (616.1). Recorded games: tests/games/dmgtrig_*.toml."""
from __future__ import annotations

from pathlib import Path

import pytest

from scenario import play
from simulator.base.errors import CardDataError
from simulator.cards import model as m
from simulator.cards.parser import parse_card_text


def _prevented(p) -> list[tuple[str, int, str]]:
    return [(e.event.to, e.event.amount, e.rule) for e in p.events("DamagePreventedByAbility")]


def _removed(p) -> list[tuple[str, dict, str]]:
    return [(e.event.object_id, dict(e.event.counters), e.rule) for e in p.events("CountersRemoved")]


def test_a_phantom_prevents_each_ping_and_loses_a_counter(tmp_path: Path) -> None:
    """615.1a / 615.5: each 1 damage is prevented, then a counter removed; none is marked. With
    no counter left the 0/0 Nomad dies (704.5f), not from damage."""
    p = play("dmgtrig_phantom_nomad_pinged", tmp_path)
    assert p.error is None
    assert _prevented(p) == [("nomad", 1, "615.1a"), ("nomad", 1, "615.1a")]
    assert _removed(p) == [("nomad", {"+1/+1": 1}, "615.5"), ("nomad", {"+1/+1": 1}, "615.5")]
    assert p.events("DamageDealtToPermanent") == []
    assert p.on_battlefield("Phantom Nomad") == []
    [died] = [e for e in p.events("ZoneChanged") if e.event.card == "Phantom Nomad"]
    assert died.rule == "704.5f"


def test_a_phantom_prevents_damage_with_no_counter_left(tmp_path: Path) -> None:
    """The Phantoms' ruling: the damage is prevented even with no +1/+1 counter to remove; the
    second prevention removes nothing (609.3)."""
    p = play("dmgtrig_phantom_tiger_no_counter", tmp_path)
    assert p.error is None
    assert _prevented(p) == [("tiger", 1, "615.1a"), ("tiger", 1, "615.1a")]
    assert _removed(p) == [("tiger", {"+1/+1": 1}, "615.5")]
    tiger = p.perm("tiger")
    assert (tiger["power"], tiger["toughness"], tiger.get("damage", 0)) == (4, 3, 0)


def test_that_many_counters_are_removed(tmp_path: Path) -> None:
    """Ugin's Conjurant: all 3 damage prevented, three of its five counters removed (615.5)."""
    p = play("dmgtrig_ugins_conjurant_bolt", tmp_path)
    assert p.error is None
    assert _prevented(p) == [("conjurant", 3, "615.1a")]
    assert _removed(p) == [("conjurant", {"+1/+1": 3}, "615.5")]
    c = p.perm("conjurant")
    assert (c["counters"], c.get("damage", 0), c["power"]) == ({"+1/+1": 2}, 0, 2)


def test_all_the_damage_is_prevented_even_beyond_the_counters(tmp_path: Path) -> None:
    """Ugin's Conjurant with two counters: all 3 damage prevented (it has a counter as the damage
    would be dealt), both counters removed; the 0/0 dies (704.5f)."""
    p = play("dmgtrig_ugins_conjurant_fewer", tmp_path)
    assert p.error is None
    assert _prevented(p) == [("conjurant", 3, "615.1a")]
    assert _removed(p) == [("conjurant", {"+1/+1": 2}, "615.5")]
    assert p.events("DamageDealtToPermanent") == []
    assert p.on_battlefield("Ugin's Conjurant") == []


def test_rock_hydra_prevents_one_damage_per_counter(tmp_path: Path) -> None:
    """Rock Hydra: 2 of Lightning Bolt's 3 damage prevented, a counter removed for each; the third
    is marked (120.3e)."""
    p = play("dmgtrig_rock_hydra_bolt", tmp_path)
    assert p.error is None
    assert _prevented(p) == [("hydra", 2, "615.1a")]
    assert _removed(p) == [("hydra", {"+1/+1": 2}, "615.5")]
    [dealt] = p.events("DamageDealtToPermanent")
    assert (dealt.event.object_id, dealt.event.amount, dealt.rule) == ("hydra", 1, "120.3e")
    hydra = p.perm("hydra")
    assert (hydra["damage"], hydra["toughness"]) == (1, 3)


def test_while_it_has_a_counter(tmp_path: Path) -> None:
    """Oathsworn Knight: the first ping prevented (its counter removed); the second finds no
    counter, so the effect does not apply and the damage is marked (120.3e)."""
    p = play("dmgtrig_oathsworn_knight_no_counter", tmp_path)
    assert p.error is None
    assert _prevented(p) == [("knight", 1, "615.1a")]
    assert _removed(p) == [("knight", {"+1/+1": 1}, "615.5")]
    [dealt] = p.events("DamageDealtToPermanent")
    assert (dealt.event.object_id, dealt.event.amount) == ("knight", 1)
    assert p.perm("knight")["damage"] == 1


def test_the_controller_orders_the_shield_and_the_phantom_shield_first(tmp_path: Path) -> None:
    """616.1: two prevention effects would apply; Alice orders them. The shield first (615.7): it
    prevents the 1 damage, so the Phantom's effect no longer applies (616.1e): no counter lost."""
    p = play("dmgtrig_phantom_flock_shield_first", tmp_path)
    assert p.error is None
    [asked] = p.events("ChoiceRequested")
    assert (asked.event.kind, asked.event.player, asked.rule) == ("replacement", "Alice", "616.1")
    assert asked.event.options[0] == "the prevention shield on flock (615.7)"
    assert asked.event.options[1].startswith("If damage would be dealt to this creature, prevent that damage.")
    assert [(e.event.to, e.event.amount) for e in p.events("DamagePrevented")] == [("flock", 1)]
    assert _prevented(p) == [] and _removed(p) == []
    assert p.perm("flock")["counters"] == {"+1/+1": 3}


def test_the_controller_orders_the_shield_and_the_phantom_phantom_first(tmp_path: Path) -> None:
    """616.1: the Phantom's effect first: the damage prevented and a counter removed; the shield is
    not used, so the next ping asks again and the shield prevents it (615.7)."""
    p = play("dmgtrig_phantom_flock_phantom_first", tmp_path)
    assert p.error is None
    assert [e.event.kind for e in p.events("ChoiceRequested")] == ["replacement", "replacement"]
    assert _prevented(p) == [("flock", 1, "615.1a")]
    assert _removed(p) == [("flock", {"+1/+1": 1}, "615.5")]
    assert [(e.event.to, e.event.amount) for e in p.events("DamagePrevented")] == [("flock", 1)]
    assert p.perm("flock")["counters"] == {"+1/+1": 2}
    assert p.events("DamageDealtToPermanent") == []


@pytest.mark.parametrize("line, effect", [
    ("If damage would be dealt to this creature, prevent that damage. Remove a +1/+1 counter from this creature.",
     m.PreventDamageToSelf("+1/+1", "one")),
    ("If damage would be dealt to this creature while it has a +1/+1 counter on it, prevent that damage and remove "
     "a +1/+1 counter from it.", m.PreventDamageToSelf("+1/+1", "one", while_counter=True)),
    ("If damage would be dealt to this creature while it has a +1/+1 counter on it, prevent that damage and remove "
     "that many +1/+1 counters from this creature.", m.PreventDamageToSelf("+1/+1", "that_many", while_counter=True)),
    ("For each 1 damage that would be dealt to this creature, if it has a +1/+1 counter on it, remove a +1/+1 "
     "counter from it and prevent that 1 damage.", m.PreventDamageToSelf("+1/+1", "each", while_counter=True)),
])
def test_prevention_lines(line: str, effect: m.PreventDamageToSelf) -> None:
    [a] = parse_card_text("Test", line).abilities
    assert isinstance(a, m.ReplacementAbility) and a.effect == effect and a.text == line


def test_a_different_counter_removed_is_refused() -> None:
    """The counter removed must be the one the prevention depends on (no real card says otherwise)."""
    with pytest.raises(CardDataError, match="the counter removed"):
        parse_card_text("Test", "If damage would be dealt to this creature while it has a +1/+1 counter on it, "
                                "prevent that damage and remove a charge counter from it.")


def test_the_counters_removed_this_way_trigger_damage(tmp_path: Path) -> None:
    """Magma Pummeler: 3 damage prevented, three counters removed (615.5): its reflexive trigger
    (603.12) deals that much, 3, to Bob from the Pummeler as it last existed (it died, 704.5f)."""
    p = play("dmgtrig_magma_pummeler", tmp_path)
    assert p.error is None
    assert _prevented(p) == [("pummeler", 3, "615.1a")]
    [trig] = p.events("AbilityTriggered")
    assert (trig.event.source, trig.event.amount, trig.rule) == ("pummeler", 3, "603.12")
    assert trig.event.ability.kind == "reflexive"
    [dealt] = p.events("DamageDealt")
    assert (dealt.event.source, dealt.event.player, dealt.event.amount) == ("pummeler", "Bob", 3)
    assert p.player("Bob")["life"] == 17
    assert p.on_battlefield("Magma Pummeler") == []


def test_no_counter_removed_no_reflexive_trigger(tmp_path: Path) -> None:
    """603.12: Ugin's Conjurant has no such trigger; the Phantoms' removal triggers nothing either."""
    p = play("dmgtrig_phantom_nomad_pinged", tmp_path)
    assert p.events("AbilityTriggered") == []
