"""Searches whose stated quality is a card type or a subtype (701.23b; 205.2a, 205.3): "Search
your library for an artifact card / an Eldrazi card / a Dragon creature card, reveal it, put it
into your hand, then shuffle." (tests/games/search_from_beyond_*, search_test_seeker_*.toml)."""
from __future__ import annotations

from pathlib import Path

import pytest

from scenario import play
from simulator.base.errors import CardDataError
from simulator.cards.model import CardQuality, SearchLibrary
from simulator.cards.parser import parse_oracle


def _zone(p, player: str, zone: str) -> list[str]:
    return [c["card"] if isinstance(c, dict) else c for c in p.player(player).get(zone, [])]


def test_from_beyond_finds_an_eldrazi(tmp_path: Path) -> None:
    """701.23a-d: only Eldrazi Devastator (an Eldrazi) is offered; it is revealed, put into the hand,
    then the library is shuffled (701.24a)."""
    p = play("search_from_beyond_eldrazi", tmp_path)
    assert p.error is None
    [req] = p.events("ChoiceRequested")
    assert req.event.kind == "search" and len(req.event.options) == 1
    [shown] = p.events("CardRevealed")
    assert (shown.event.card, shown.rule) == ("Eldrazi Devastator", "701.23d")
    assert _zone(p, "Alice", "hand") == ["Eldrazi Devastator"]
    assert sorted(_zone(p, "Alice", "library")) == ["Forest", "Grizzly Bears"]
    assert len(p.events("LibraryShuffled")) == 1


def test_from_beyond_cannot_find_a_bear(tmp_path: Path) -> None:
    """701.23b: Grizzly Bears does not have the stated quality: the answer is refused."""
    p = play("search_from_beyond_not_eldrazi", tmp_path)
    assert p.error is not None and p.error.rule == "701.23a"
    assert _zone(p, "Alice", "hand") == []


def test_an_artifact_card(tmp_path: Path) -> None:
    """205.2a: "an artifact card": Sol Ring is the one option; the Forest and the Bears are not."""
    p = play("search_test_seeker_artifact", tmp_path)
    assert p.error is None
    [req] = p.events("ChoiceRequested")
    assert len(req.event.options) == 1
    assert _zone(p, "Alice", "hand") == ["Sol Ring"]


@pytest.mark.parametrize("what, quality", [
    ("an artifact card", CardQuality(types=("Artifact",))),
    ("a creature card", CardQuality(types=("Creature",))),
    ("an Eldrazi card", CardQuality(subtypes_any=("Eldrazi",))),
    ("a Dragon creature card", CardQuality(types=("Creature",), subtypes_any=("Dragon",))),
    ("an Equipment card", CardQuality(subtypes_any=("Equipment",))),
    ("a Forest card", CardQuality(subtypes_any=("Forest",))),
])
def test_the_qualities(what: str, quality: CardQuality) -> None:
    [ability] = parse_oracle("Test Card", f"{{T}}: Search your library for {what}, reveal it, put it into your hand, then shuffle.")
    assert ability.effects == (SearchLibrary((quality,), "hand", reveal=True),)   # type: ignore[union-attr]


@pytest.mark.parametrize("text, phrase", [
    ("{T}: Search your library for a Frob card, reveal it, put it into your hand, then shuffle.", "Frob"),
    ("{T}: Search your library for an Aura card, put it onto the battlefield, then shuffle.", "303.4f"),
    ("{T}: Search your library for an instant card, put it onto the battlefield, then shuffle.", "303.4f"),
    # an enchantment card may be an Aura, "a card" an instant: never a card the rules cannot put there
    ("{T}: Search your library for an enchantment card, put it onto the battlefield, then shuffle.", "303.4f"),
    ("{T}: Search your library for a card, put it onto the battlefield, then shuffle.", "307.4"),
])
def test_refused(text: str, phrase: str) -> None:
    """An unknown subtype; an Aura (303.4f: what it enters attached to) or a card that cannot be a
    permanent put onto the battlefield: refused at load, naming the problem."""
    with pytest.raises(CardDataError, match=phrase):
        parse_oracle("Test Card", text)


@pytest.mark.parametrize("what", ["a land card", "a creature card", "an artifact card", "a Desert card",
                                  "an Equipment card", "a Forest or Plains card", "a basic land card"])
def test_onto_the_battlefield_accepted(what: str) -> None:
    """Every card of these qualities is a permanent card that is not an Aura (205.3i: only lands
    have land types; 205.3g: only artifacts are Equipment): it may be put onto the battlefield."""
    [ability] = parse_oracle("Test Card", f"{{T}}: Search your library for {what}, put it onto the battlefield, then shuffle.")
    [search] = ability.effects   # type: ignore[union-attr]
    assert isinstance(search, SearchLibrary) and search.to == "battlefield"


def test_the_article_of_a_capitalised_subtype() -> None:
    """The prompt reads "an Eldrazi card", not "a Eldrazi card"."""
    assert SearchLibrary((CardQuality(subtypes_any=("Eldrazi",)),), "hand").describe() == "an Eldrazi card"
    assert SearchLibrary((CardQuality(types=("Land",)),), "hand").describe() == "a land card"


def test_from_beyond_may_find_nothing(tmp_path: Path) -> None:
    """701.23b: with a stated quality the player may find nothing although an Eldrazi is there:
    nothing revealed, the hand empty, the library still shuffled (701.24a)."""
    p = play("search_from_beyond_finds_none", tmp_path)
    assert p.error is None
    assert not p.events("CardRevealed") and _zone(p, "Alice", "hand") == []
    assert sorted(_zone(p, "Alice", "library")) == ["Eldrazi Devastator", "Forest", "Grizzly Bears"]
    assert len(p.events("LibraryShuffled")) == 1
