"""Life gained in an amount counted as the ability resolves (119.3, 608.2h): "You gain 2 life
for each creature you control.", "... for each basic land type among lands you control." (Domain),
"You gain life equal to the greatest toughness among other creatures you control.", "... for each
credit counter on this creature." of a source sacrificed to pay the cost (its last known
information, 608.2h); 0 life is no life gained (119.9)."""
from __future__ import annotations

import pytest

from scenario import play
from simulator.base.errors import SimulatorError
from simulator.cards import model as m
from simulator.cards.parser import parse_oracle


def test_blighted_steppe_counts_your_creatures_only(tmp_path):
    """119.3, 608.2h: two creatures Alice controls, 2 life each: 4; Bob's creature is not counted."""
    p = play("life_counted_blighted_steppe", tmp_path)
    assert p.error is None
    assert [(e.event.player, e.event.amount) for e in p.events("LifeGained")] == [("Alice", 4)]
    assert p.player("Alice")["life"] == 24 and p.player("Bob")["life"] == 20


def test_moneychanger_counts_the_counters_it_had_when_sacrificed(tmp_path):
    """608.2h: sacrificed to pay the cost, Icatian Moneychanger is counted as it last existed on
    the battlefield: three credit counters, 3 life."""
    p = play("life_counted_moneychanger", tmp_path)
    assert p.error is None
    assert [e.event.amount for e in p.events("LifeGained")] == [3]
    assert p.player("Alice")["life"] == 23 and p.player("Alice")["graveyard"] == ["Icatian Moneychanger"]


def test_rancher_greatest_toughness_among_your_other_creatures(tmp_path):
    """608.2h: Grizzly Bears' toughness 2 is the greatest among Alice's other creatures (the
    Rancher itself is gone, Bob's Rancher is not hers): 2 life."""
    p = play("life_counted_rancher", tmp_path)
    assert p.error is None
    assert [e.event.amount for e in p.events("LifeGained")] == [2]
    assert p.player("Alice")["life"] == 22


def test_rancher_alone_gains_no_life(tmp_path):
    """119.9: the greatest toughness among no creatures is 0; gaining 0 life is no life gain
    event (no LifeGained)."""
    p = play("life_counted_rancher_alone", tmp_path)
    assert p.error is None
    assert p.events("AbilityResolved") and not p.events("LifeGained")
    assert p.player("Alice")["life"] == 20


def test_wandering_stream_domain(tmp_path):
    """119.3: Forest, Island, Plains: three basic land types among Alice's lands (tapped for mana
    to cast it, still counted), 2 life each: 6; Bob's Swamp is not counted."""
    p = play("life_counted_wandering_stream", tmp_path)
    assert p.error is None
    assert [e.event.amount for e in p.events("LifeGained")] == [6]
    assert p.player("Alice")["life"] == 26


def test_each_opponent_loses_life_for_each():
    """The reading of "Each opponent loses 1 life for each Vampire you control.": life loss, each
    opponent, counted (119.3)."""
    (ability,) = parse_oracle("Test", "{T}: Each opponent loses 1 life for each Vampire you control.")
    assert isinstance(ability, m.ActivatedAbility)
    (eff,) = ability.effects
    assert eff == m.LifeCounted(m.CountOf(m.Selector(subtypes=("Vampire",), controller="you")), 1,
                                gain=False, who="each_opponent")


def test_a_count_the_rules_do_not_know_is_refused():
    """"for each opponent you have" is not read: refused naming the phrase."""
    with pytest.raises(SimulatorError) as err:
        parse_oracle("Test", "{2}, {T}: You gain 1 life for each opponent you have.")
    assert "opponent you have" in str(err.value)
