"""Sacrifice costs of a kind (701.21a, 602.2): "Sacrifice another creature" (109.2: not the source),
"Sacrifice a token" (111.1), "Sacrifice a Cleric creature", "... a green creature", "... a creature
or land". Games: tests/games/sacrifice_*.toml (real cards: Legion Vanguard, Fountainport)."""
from __future__ import annotations

import pytest

from scenario import play
from simulator.cards import model as m
from simulator.cards.parser import parse_oracle


def test_legion_vanguard_cannot_sacrifice_itself(tmp_path) -> None:
    """701.21a, 109.2: "another creature" is never the source; illegal, nothing written."""
    p = play("sacrifice_legion_vanguard_self", tmp_path)
    assert p.error is not None and p.error.rule == "701.21a"
    assert "vanguard is not another creature Alice controls" in str(p.error)
    assert p.perm("vanguard")["counters"] == {} and p.player("Alice")["graveyard"] == []


def test_legion_vanguard_sacrifices_another_creature_and_explores(tmp_path) -> None:
    """701.21a then 701.44a: the Bears are sacrificed as the cost is paid, the Vanguard explores:
    the land on top goes to Alice's hand, no counter."""
    p = play("sacrifice_legion_vanguard_bears", tmp_path)
    assert p.error is None
    assert p.player("Alice")["graveyard"] == ["Grizzly Bears"]
    assert p.player("Alice")["hand"] == ["Forest"] and p.perm("vanguard")["counters"] == {}


def test_fountainport_sacrifices_a_token_not_a_card(tmp_path) -> None:
    """111.1: a Treasure token is a token (it ceases to exist, 111.7, and Alice draws); Grizzly
    Bears is not: illegal, nothing written."""
    p = play("sacrifice_fountainport_treasure", tmp_path)
    assert p.error is None and p.player("Alice")["hand"] == ["Island"]
    assert [b for b in p.state["battlefield"] if b["id"] == "treasure"] == []
    bad = play("sacrifice_fountainport_bears", tmp_path / "bad")
    assert bad.error is not None and bad.error.rule == "701.21a"
    assert "bears is not a token Alice controls" in str(bad.error)
    assert bad.player("Alice")["hand"] == [] and bad.perm("bears")["tapped"] is False


@pytest.mark.parametrize(("text", "selector"), [
    ("{T}, Sacrifice a Cleric creature: Draw a card.", m.Selector(types=("Creature",), subtypes=("Cleric",), controller="you")),
    ("{T}, Sacrifice a green creature: Draw a card.", m.Selector(types=("Creature",), colors=("G",), controller="you")),
    ("Sacrifice a creature or land: Draw a card.", m.Selector(any_of=("Creature", "Land"), controller="you")),
    ("{1}, Sacrifice another Thopter: Draw a card.", m.Selector(subtypes=("Thopter",), controller="you", other=True)),
    ("Sacrifice a Gizmo token: Draw a card.", None),
])
def test_sacrifice_kinds_read_as_selectors(text: str, selector: m.Selector | None) -> None:
    """The kind a sacrifice cost names becomes one Selector; an unknown subtype is refused."""
    from simulator.base.errors import CardDataError
    if selector is None:
        with pytest.raises(CardDataError, match="Gizmo"):
            parse_oracle("Test Card", text)
        return
    [ab] = parse_oracle("Test Card", text)
    assert ab.cost.sacrifice == selector


def test_orcish_lumberjack_adds_three_in_any_combination(tmp_path) -> None:
    """106.1, 605.3a: "Add three mana in any combination of {R} and/or {G}": the answer "GRG" (any
    order) is one {R} and two {G}, the Forest sacrificed to pay the cost (701.21a); four mana is
    none of the combinations: illegal (608.2d), nothing written, the Forest stays."""
    p = play("mana_orcish_lumberjack_grg", tmp_path)
    assert p.error is None and p.pool("Alice") == {"R": 1, "G": 2}
    assert p.player("Alice")["graveyard"] == ["Forest"]
    bad = play("mana_orcish_lumberjack_rrgg", tmp_path / "bad")
    assert bad.error is not None and bad.error.rule == "608.2d" and "not RRGG" in str(bad.error)
    assert bad.pool("Alice") == {} and bad.perm("f1")["tapped"] is False
    [ab] = parse_oracle("Test Card", "{T}: Add two mana in any combination of {W} and/or {U}.")
    assert ab.effects[0].mana == m.AddOneOfCombos(("WW", "WU", "UU"))
