"""Conditions of activated abilities about colors and hands (602.5b), and two library effects
("Shuffle your library.", 701.24a; "Look at the top card of target player's library.", 401.2), on
the Shadowmoor hybrid lands and Resonating Lute (real Oracle text; tests/games/cond_*.toml)."""
from __future__ import annotations

from pathlib import Path

import pytest

from scenario import play
from simulator.cards import model as m
from simulator.cards.parser import parse_oracle


def _zone(p, player: str, zone: str) -> list[str]:
    return [c["card"] if isinstance(c, dict) else c for c in p.player(player).get(zone, [])]


def test_mistveil_plains_with_two_white_permanents(tmp_path: Path) -> None:
    """602.5b: two white Savannah Lions: it may be activated; the card goes to the bottom (401.2)."""
    p = play("cond_mistveil_plains_two_white", tmp_path)
    assert p.error is None
    assert _zone(p, "Alice", "library") == ["Forest", "Grizzly Bears"]


def test_mistveil_plains_with_one_white_permanent(tmp_path: Path) -> None:
    """105.2c: lands are colorless; Bob's white creature is not Alice's: one white permanent is too
    few, the activation is refused citing 602.5b; nothing moves."""
    p = play("cond_mistveil_plains_one_white", tmp_path)
    assert p.error is not None and p.error.rule == "602.5b"
    assert _zone(p, "Alice", "graveyard") == ["Grizzly Bears"]


def test_madblind_mountain_shuffles(tmp_path: Path) -> None:
    """701.24a: one shuffle of Alice's library, the same five cards."""
    p = play("cond_madblind_mountain_shuffles", tmp_path)
    assert p.error is None
    [shuffle] = p.events("LibraryShuffled")
    assert (shuffle.event.player, shuffle.rule) == ("Alice", "701.24a")
    assert sorted(_zone(p, "Alice", "library")) == ["Forest", "Island", "Mountain", "Plains", "Swamp"]


def test_moonring_island_looks_at_bobs_top_card(tmp_path: Path) -> None:
    """401.2: Alice looks at the Swamp on top of Bob's library; his library is unchanged."""
    p = play("cond_moonring_island_looks", tmp_path)
    assert p.error is None
    [look] = p.events("TopCardLookedAt")
    assert (look.event.player, look.event.owner, look.event.card, look.rule) == ("Alice", "Bob", "Swamp", "401.2")
    assert look.event.describe() == "Alice looks at the top card of Bob's library (Swamp)"
    assert _zone(p, "Bob", "library") == ["Swamp", "Forest"]


def test_resonating_lute_with_seven_cards(tmp_path: Path) -> None:
    p = play("cond_resonating_lute_seven", tmp_path)
    assert p.error is None
    assert len(_zone(p, "Alice", "hand")) == 8


def test_resonating_lute_with_six_cards(tmp_path: Path) -> None:
    """602.5b: six cards are fewer than seven: refused, nothing drawn."""
    p = play("cond_resonating_lute_six", tmp_path)
    assert p.error is not None and p.error.rule == "602.5b"
    assert len(_zone(p, "Alice", "hand")) == 6


@pytest.mark.parametrize("text, condition", [
    ("{T}: Draw a card. Activate only if you have seven or more cards in your hand.",
     m.CardsInYourZone("hand", at_least=7)),
    ("{T}: Draw a card. Activate only if you have one or fewer cards in hand.", m.CardsInYourZone("hand", at_most=1)),
])
def test_the_conditions(text: str, condition: object) -> None:
    [ability] = parse_oracle("Test Card", text)
    assert ability.condition == condition   # type: ignore[union-attr]
