"""Target cards moved out of your graveyard (115.1; cards/model_graveyard.py, rules/graveyard.py):
"Return target artifact card from your graveyard to your hand.", "Put target artifact card from
your graveyard on top of your library.", "... on the bottom of your library." (401.2), on real
cards taken from the Oracle data (tests/games/grave_*.toml)."""
from __future__ import annotations

from pathlib import Path

import pytest

from scenario import play
from simulator.cards import model as m
from simulator.cards.parser import parse_oracle
from simulator.base.errors import CardDataError


def _zone(p, player: str, zone: str) -> list[str]:
    return [c["card"] if isinstance(c, dict) else c for c in p.player(player).get(zone, [])]


def test_buried_ruin_returns_the_artifact(tmp_path: Path) -> None:
    """608.2c: Sol Ring goes from the graveyard to Alice's hand as a new object (400.7); Buried
    Ruin was sacrificed to pay the cost (601.2h); the Grizzly Bears stay."""
    p = play("grave_buried_ruin_returns_artifact", tmp_path)
    assert p.error is None
    [back] = [e for e in p.events("ZoneChanged") if e.event.reason == "returned"]
    assert (back.event.card, back.event.from_zone, back.event.to_zone, back.rule) == (
        "Sol Ring", "graveyard", "hand", "608.2c")
    assert back.event.new_id != "ring"
    assert _zone(p, "Alice", "hand") == ["Sol Ring"]
    assert _zone(p, "Alice", "graveyard") == ["Grizzly Bears", "Buried Ruin"]


def test_buried_ruin_cannot_target_a_creature_card(tmp_path: Path) -> None:
    """115.1 / 601.2c: "target artifact card": Grizzly Bears is no legal target; nothing happens."""
    p = play("grave_buried_ruin_not_creature", tmp_path)
    assert p.error is not None and "target" in str(p.error).lower()
    assert _zone(p, "Alice", "hand") == [] and p.on_battlefield("Buried Ruin")


def test_petrified_field_cannot_target_itself(tmp_path: Path) -> None:
    """601.2c before 601.2h: targets are chosen while Petrified Field is still on the battlefield,
    so it is not a land card in the graveyard and cannot be the target of its own ability."""
    p = play("grave_petrified_field_itself", tmp_path)
    assert p.error is not None and p.error.rule == "115.1"     # named as a user names it: by its name
    assert "Petrified Field is not a legal target" in str(p.error)
    assert p.on_battlefield("Petrified Field") and _zone(p, "Alice", "hand") == []


def test_academy_ruins_puts_the_card_on_top(tmp_path: Path) -> None:
    """401.2: Sol Ring becomes the top card of Alice's library, above the cards already there."""
    p = play("grave_academy_ruins_on_top", tmp_path)
    assert p.error is None
    assert _zone(p, "Alice", "library")[0] == "Sol Ring"
    assert sorted(_zone(p, "Alice", "library")[1:]) == ["Forest", "Island"]
    assert _zone(p, "Alice", "graveyard") == []
    [top] = p.events("CardsPutOnTop")
    assert (top.event.player, top.event.cards, top.rule) == ("Alice", ("Sol Ring",), "401.2")


def test_a_card_put_on_the_bottom(tmp_path: Path) -> None:
    """401.2: "on the bottom of your library": under the cards already there; the Swamp stays."""
    p = play("grave_bottom_test_sifter", tmp_path)
    assert p.error is None
    assert _zone(p, "Alice", "library") == ["Forest", "Island", "Grizzly Bears"]
    assert _zone(p, "Alice", "graveyard") == ["Swamp"]
    assert not p.events("CardsPutOnTop")


def test_atzocan_seer_returns_a_dinosaur(tmp_path: Path) -> None:
    """205.3: "target Dinosaur card": Colossal Dreadmaw (a Dinosaur) returns to the hand."""
    p = play("grave_atzocan_seer_dinosaur", tmp_path)
    assert p.error is None
    assert _zone(p, "Alice", "hand") == ["Colossal Dreadmaw"]
    assert sorted(_zone(p, "Alice", "graveyard")) == ["Atzocan Seer", "Grizzly Bears"]


def test_atzocan_seer_cannot_return_a_bear(tmp_path: Path) -> None:
    """115.1: Grizzly Bears (a Bear) is not a Dinosaur card: no legal target, nothing is sacrificed."""
    p = play("grave_atzocan_seer_not_dinosaur", tmp_path)
    assert p.error is not None
    assert p.on_battlefield("Atzocan Seer") and _zone(p, "Alice", "hand") == []


@pytest.mark.parametrize("text, effect, selector, count", [
    ("{T}: Return target creature card from your graveyard to your hand.", m.ReturnCardToHand(),
     m.Selector(zone="graveyard", types=("Creature",), controller="you"), (1, 1)),
    ("{T}: Return up to two target land cards from your graveyard to your hand.", m.ReturnCardToHand(),
     m.Selector(zone="graveyard", types=("Land",), controller="you"), (0, 2)),
    ("{T}: Return target card from your graveyard to your hand.", m.ReturnCardToHand(),
     m.Selector(zone="graveyard", controller="you"), (1, 1)),
    ("{T}: Return target Dragon creature card from your graveyard to your hand.", m.ReturnCardToHand(),
     m.Selector(zone="graveyard", types=("Creature",), subtypes=("Dragon",), controller="you"), (1, 1)),
    ("{T}: Put target Zombie card from your graveyard on top of your library.", m.PutCardInLibrary("top"),
     m.Selector(zone="graveyard", subtypes=("Zombie",), controller="you"), (1, 1)),
    ("{T}: Put target card from your graveyard on the bottom of your library.", m.PutCardInLibrary("bottom"),
     m.Selector(zone="graveyard", controller="you"), (1, 1)),
])
def test_the_phrases(text: str, effect: object, selector: m.Selector, count: tuple[int, int]) -> None:
    [ability] = parse_oracle("Test Card", text)
    assert ability.effects == (effect,)   # type: ignore[union-attr]
    assert ability.targets == m.Targets(selector, *count)   # type: ignore[union-attr]


@pytest.mark.parametrize("text, phrase", [
    ("{T}: Return target Frob card from your graveyard to your hand.", "Frob"),
    ("{T}: Return two target land card from your graveyard to your hand.", "agree"),
    ("{T}: Put up to two target land cards from your graveyard on top of your library.", "401.4"),
])
def test_refused(text: str, phrase: str) -> None:
    """Not a subtype the rules know, a count that disagrees with "card", or several cards put
    into a library at once (401.4: their order is not modelled): refused naming the problem."""
    with pytest.raises(CardDataError, match=phrase):
        parse_oracle("Test Card", text)
