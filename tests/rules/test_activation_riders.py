"""602.5b: "Activate only if <condition>." on real cards (tests/games/cards/real_activation_riders.toml):
the condition is checked as the ability is activated; an ability word (207.2c) changes nothing."""
from __future__ import annotations

import pytest

from scenario import play


@pytest.mark.parametrize("game, pool", [
    ("act_tainted_field_swamp", {"B": 1}),
    ("act_mox_opal_three", {"U": 1}),
])
def test_condition_met(tmp_path, game: str, pool: dict) -> None:
    p = play(game, tmp_path)
    assert p.error is None
    assert p.pool("Alice") == pool and p.perm("a0")["tapped"] is True


@pytest.mark.parametrize("game, words", [
    ("act_tainted_field_no_swamp", "only if you control a Swamp"),
    ("act_mox_opal_two", "only if you control 3 or more artifacts"),
])
def test_condition_not_met_is_illegal(tmp_path, game: str, words: str) -> None:
    p = play(game, tmp_path)
    assert p.error is not None and p.error.rule == "602.5b"
    assert words in str(p.error)
    assert p.pool("Alice") == {} and p.perm("a0")["tapped"] is False


def test_vivid_crag_enters_tapped_with_counters_and_pays_one(tmp_path) -> None:
    """614.1c-d: the new Vivid Crag enters tapped with two charge counters (CountersPlaced after
    it moved, 107.3m-style); the old one pays its only counter (CountersPaid, 602.2h) for {G}."""
    p = play("act_vivid_crag_counters", tmp_path)
    assert p.error is None
    new = next(b for b in p.on_battlefield("Vivid Crag") if b["id"] != "old-crag")
    assert (new["tapped"], new["counters"]) == (True, {"charge": 2})
    old = p.perm("old-crag")
    assert (old["tapped"], old["counters"]) == (True, {})
    [paid] = p.events("CountersPaid")
    assert (paid.event.object_id, paid.event.counter, paid.event.amount, paid.rule) == ("old-crag", "charge", 1, "602.2h")
    assert p.pool("Alice") == {"G": 1}


def test_a_counter_cost_needs_the_counter(tmp_path) -> None:
    """118.3: no charge counter on Gemstone Array: the cost can't be paid, nothing happens."""
    p = play("act_gemstone_array_no_counter", tmp_path)
    assert p.error is not None and p.error.rule == "118.3"
    assert p.pool("Alice") == {} and p.events("CountersPaid") == []


def test_only_during_your_upkeep(tmp_path) -> None:
    """602.5b: legal in Alice's upkeep (the counter lands on the target), illegal in her main phase."""
    p = play("act_weaponsmith_upkeep", tmp_path)
    assert p.error is None
    assert p.perm("smith")["counters"] == {"+1/+1": 1} and p.on_battlefield("Ornithopter") == []
    p = play("act_weaponsmith_main", tmp_path / "main")
    assert p.error is not None and p.error.rule == "602.5b"
    assert "only during your upkeep" in str(p.error)
    assert p.on_battlefield("Ornithopter") and p.perm("smith")["counters"] == {}
