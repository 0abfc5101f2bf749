"""Counters on each permanent of a kind, doubled, and what "with a +1/+1 counter on it" selects
(122.1, 701.10e, 613.1f, 704.5q): Gavony Township, Oran-Rief, Mikaeus, Primordial Hydra, Gnarlid
Colony (real cards). Games: tests/games/counters_gavony_township*.toml, counters_oran_rief.toml,
counters_primordial_hydra.toml."""
from __future__ import annotations

import pytest

from scenario import play
from simulator.base.errors import CardDataError
from simulator.cards import model as m
from simulator.cards.parser import parse_oracle


def test_gavony_township_counters_and_gnarlid_colony_trample(tmp_path) -> None:
    """122.1: "each creature you control": Alice's two creatures, not Bob's Bears, not the land.
    Alice's Bears had a -1/-1 counter: with the new +1/+1 counter both are removed (704.5q), so it
    has no +1/+1 counter and Gnarlid Colony does not give it trample (613.1f); the Colony, with
    its counter, has trample; Bob's Bears has neither."""
    p = play("counters_gavony_township", tmp_path)
    assert p.error is None
    placed = [(e.event.object_id, e.event.counter) for e in p.events("CountersPlaced")]
    assert placed == [("colony", "+1/+1"), ("bears-a", "+1/+1")]
    assert p.perm("colony")["counters"] == {"+1/+1": 1} and p.perm("colony")["keywords"] == ["Trample"]
    assert p.perm("bears-a")["counters"] == {} and p.perm("bears-a")["keywords"] == []
    assert (p.perm("bears-a")["power"], p.perm("bears-a")["toughness"]) == (2, 2)
    assert p.perm("bears-b")["counters"] == {} and p.perm("bears-b")["keywords"] == []
    assert p.perm("township")["counters"] == {}


def test_gnarlid_colony_gives_nothing_before_the_counters(tmp_path) -> None:
    """613.1f: with the ability still on the stack no creature of Alice's has a +1/+1 counter
    (the Bears' -1/-1 counter is another kind): none has trample."""
    p = play("counters_gavony_township_unresolved", tmp_path)
    assert p.error is None and len(p.state["stack"]) == 1
    assert [p.perm(i)["keywords"] for i in ("colony", "bears-a", "bears-b")] == [[], [], []]


def test_oran_rief_counts_green_creatures_that_entered_this_turn(tmp_path) -> None:
    """122.1, 105.2, 302.6: each green creature that entered this turn, whoever controls it: the
    new Elves and Bob's new Bears; not the Elves from before this turn, not the new colorless
    Phyrexian Walker."""
    p = play("counters_oran_rief", tmp_path)
    assert p.error is None
    assert sorted(e.event.object_id for e in p.events("CountersPlaced")) == ["bears-b", "elves-new"]
    assert p.perm("elves-old")["counters"] == {} and p.perm("walker")["counters"] == {}


def test_primordial_hydra_doubles_and_mikaeus_adds_to_each_other(tmp_path) -> None:
    """701.10e: at the beginning of Alice's upkeep the Hydra's three +1/+1 counters become six
    (three more placed); with fewer than ten it has no trample (611.3a). Mikaeus's cost removes
    one of his own (602.2h) and his ability puts one on each OTHER creature Alice controls: the
    Hydra (seven), not Mikaeus, not Bob's Bears."""
    p = play("counters_primordial_hydra", tmp_path)
    assert p.error is None
    doubled = [e for e in p.events("CountersPlaced") if e.rule == "701.10e"]
    assert [(e.event.object_id, e.event.amount) for e in doubled] == [("hydra", 3)]
    hydra = p.perm("hydra")
    assert (hydra["counters"], hydra["power"], hydra["keywords"]) == ({"+1/+1": 7}, 7, [])
    assert p.perm("mikaeus")["counters"] == {"+1/+1": 1}
    assert p.perm("bears-b")["counters"] == {}


def _effect(text: str) -> object:
    [ability] = parse_oracle("Test Card", text)
    return ability


def test_the_phrases_read_as_selectors() -> None:
    """What each phrase selects: controller, "other", color, subtype, "entered this turn"."""
    ab = _effect("{T}: Put a -1/-1 counter on each other creature.")
    [eff] = ab.effects
    assert eff == m.PutCountersOnEach("-1/-1", 1, m.Selector(types=("Creature",), other=True))
    ab = _effect("At the beginning of your upkeep, double the number of +1/+1 counters on each Elf creature you control.")
    [eff] = ab.effects
    assert eff == m.DoubleCounters("+1/+1", m.Selector(types=("Creature",), subtypes=("Elf",), controller="you"))
    ab = _effect("Each creature you control with a +1/+1 counter on it has menace.")
    assert ab.effect.affected.with_counter == "+1/+1" and ab.effect.keywords == ("Menace",)


@pytest.mark.parametrize("text", [
    "{T}: Put a +1/+1 counter on each Foo creature you control.",
    "Sacrifice another Foo: Draw a card.",
])
def test_unknown_subtypes_are_refused(text: str) -> None:
    """205.3: a subtype these rules do not know is refused at load, naming it."""
    with pytest.raises(CardDataError, match="Foo"):
        parse_oracle("Test Card", text)


def test_a_flying_counter_gives_flying(tmp_path) -> None:
    """122.1b, 613.1f: Recycla-bird dies (704.5g) and its trigger puts a flying counter on Alice's
    Bears: the Bears has flying; Bob's Bears has no counter and no flying."""
    p = play("counters_recycla_bird_flying", tmp_path)
    assert p.error is None
    assert p.perm("bears-a")["counters"] == {"flying": 1} and p.perm("bears-a")["keywords"] == ["Flying"]
    assert p.perm("bears-b")["keywords"] == []


def test_a_hexproof_counter_stops_an_opponents_target(tmp_path) -> None:
    """122.1b, 702.11b: Bob's Bears with a hexproof counter has hexproof; Alice's ability cannot
    target it (115.1): illegal, nothing written, the javelin counter stays."""
    p = play("counters_hexproof_counter", tmp_path)
    assert p.error is not None and p.error.rule == "115.1" and "bears-b is not a legal target" in str(p.error)
    assert p.perm("jav")["counters"] == {"javelin": 1} and p.perm("jav")["tapped"] is False
    assert p.perm("bears-b")["keywords"] == ["Hexproof"]


def test_helica_glider_enters_with_the_counter_chosen(tmp_path) -> None:
    """614.1c, 614.12: "enters with your choice of a flying counter or a first strike counter on
    it": asked as it enters (the `counter` choice); "first strike" gives it a first strike counter
    and first strike (122.1b). "trample" is none of the two: illegal (614.12), nothing written, the
    spell still on the stack with the choice pending."""
    p = play("counters_helica_glider_first_strike", tmp_path)
    assert p.error is None
    [glider] = p.on_battlefield("Helica Glider")
    assert glider["counters"] == {"first strike": 1} and glider["keywords"] == ["First strike"]
    bad = play("counters_helica_glider_trample", tmp_path / "bad")
    assert bad.error is not None and bad.error.rule == "614.12" and "not 'trample'" in str(bad.error)
    assert bad.on_battlefield("Helica Glider") == [] and bad.state["pending"]["kind"] == "counter"
