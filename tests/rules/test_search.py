"""Searching a library (701.23) and shuffling it (701.24): "Search your library for a basic land
card, put it onto the battlefield tapped, then shuffle." on real cards by their Oracle text.

The controller chooses what they find: a pending `search` choice lists the cards of their library
that fit (ids, answered by id, card name or option number); a card with a stated quality may be
not found (701.23b, `[]`), "a card" must be found if there is one (701.23c). The shuffle draws its
order from the game's `seed` and records it in `LibraryShuffled` (the fold only sets it), so a
recorded game gives the same events on every run."""
from __future__ import annotations

from pathlib import Path

import pytest

from scenario import game_path, play
from simulator.cards import model as m
from simulator.cards.pool import CardPool
from simulator.rules.support import unsupported


def library(p, player: str = "Alice") -> list[str]:
    return [c["card"] if isinstance(c, dict) else c for c in p.player(player).get("library", [])]


def test_warped_landscape_finds_a_basic_land_tapped_then_shuffles(tmp_path: Path) -> None:
    """701.23a: only the basic land cards are options (not the Grizzly Bears, not the nonbasic
    Cavern of Souls); the Forest enters tapped; 701.24a: the library is shuffled after, to the
    order LibraryShuffled records. 305.2: putting a land onto the battlefield is no land play:
    Alice still plays her Island."""
    p = play("search_warped_landscape_forest", tmp_path)
    assert p.error is None and p.state["pending"] is None
    [searched] = p.events("LibrarySearched")
    assert (searched.event.player, searched.event.searched_for, searched.rule) == (
        "Alice", "a basic land card", "701.23a")
    [req] = p.events("ChoiceRequested")
    assert req.event.kind == "search" and req.rule == "701.23a"
    assert sorted(o.rsplit("-", 1)[0] for o in req.event.options) == ["forest", "mountain", "plains", "swamp"]
    forest = p.perm("Forest")
    assert forest["tapped"] is True
    [shuffled] = p.events("LibraryShuffled")
    assert shuffled.rule == "701.24a" and shuffled.seq > p.events("ZoneChanged")[-2].seq
    assert sorted(library(p)) == ["Cavern of Souls", "Grizzly Bears", "Mountain", "Plains", "Swamp"]
    slugs = [oid.rsplit("-", 1)[0] for oid in shuffled.event.order]
    assert slugs == [c.lower().replace(" ", "-") for c in library(p)]     # the library is in that order
    assert p.perm("Island")["tapped"] is False and len(p.events("LandPlayed")) == 1
    assert p.on_battlefield("Warped Landscape") == [] and "Warped Landscape" in p.player("Alice")["graveyard"]


def test_the_shuffle_is_the_same_on_every_run_and_follows_the_seed(tmp_path: Path) -> None:
    """A recorded game gives the same events on every run (GAME_FORMAT.md: a shuffle uses
    `seed`): the same file shuffles to the same order; another seed to another one."""
    first = play("search_warped_landscape_forest", tmp_path / "a").events("LibraryShuffled")[0].event.order
    again = play("search_warped_landscape_forest", tmp_path / "b").events("LibraryShuffled")[0].event.order
    assert first == again
    text = game_path("search_warped_landscape_forest").read_text().replace("seed = 7", "seed = 8")
    other = tmp_path / "seed8.toml"
    other.write_text(text)
    orders = {play(str(other), tmp_path / "c").events("LibraryShuffled")[0].event.order, first}
    assert len(orders) == 2 and all(sorted(o) == sorted(first) for o in orders)


def test_a_stated_quality_may_be_not_found(tmp_path: Path) -> None:
    """701.23b: "a basic land card" states a quality: Alice answers [] although a Forest is
    there; nothing enters; the library is still shuffled (701.24a)."""
    p = play("search_warped_landscape_none", tmp_path)
    assert p.error is None and p.state["pending"] is None
    assert p.on_battlefield("Forest") == [] and sorted(library(p)) == ["Forest", "Grizzly Bears", "Plains"]
    assert len(p.events("LibraryShuffled")) == 1


def test_nothing_fits_nothing_is_asked(tmp_path: Path) -> None:
    p = play("search_warped_landscape_no_fit", tmp_path)
    assert p.error is None and p.state["pending"] is None
    assert p.events("ChoiceRequested") == [] and len(p.events("LibrarySearched")) == 1
    assert len(p.events("LibraryShuffled")) == 1 and p.state["battlefield"] == []


def test_a_card_that_does_not_fit_is_refused(tmp_path: Path) -> None:
    """Bant Panorama: a Mountain is not "a basic Forest, Plains, or Island card" (701.23a)."""
    p = play("search_panorama_wrong_type", tmp_path)
    assert p.error is not None and p.error.rule == "701.23a"
    assert "Mountain is not among the cards that fit: island-1" in str(p.error)
    assert p.state["pending"]["kind"] == "search"


def test_myriad_landscape_two_lands_that_share_a_land_type(tmp_path: Path) -> None:
    """Two basic Forests share the land type Forest: both enter tapped."""
    p = play("search_myriad_landscape_two_forests", tmp_path)
    assert p.error is None
    assert [b["tapped"] for b in p.on_battlefield("Forest")] == [True, True]
    assert sorted(library(p)) == ["Island", "Snow-Covered Forest"]


def test_myriad_landscape_a_forest_and_an_island_share_no_land_type(tmp_path: Path) -> None:
    p = play("search_myriad_landscape_forest_island", tmp_path)
    assert p.error is not None and p.error.rule == "701.23a"
    assert "must share a land type" in str(p.error)
    assert p.state["pending"]["kind"] == "search" and p.on_battlefield("Forest") == []


def test_myriad_landscape_up_to_two_finds_one(tmp_path: Path) -> None:
    p = play("search_myriad_landscape_one_island", tmp_path)
    assert p.error is None and p.perm("Island")["tapped"] is True and p.on_battlefield("Forest") == []


def test_krosan_verge_a_forest_card_and_a_plains_card(tmp_path: Path) -> None:
    p = play("search_krosan_verge_forest_plains", tmp_path)
    assert p.error is None
    assert p.perm("Forest")["tapped"] is True and p.perm("Plains")["tapped"] is True


def test_krosan_verge_two_forests_do_not_fit_both_descriptions(tmp_path: Path) -> None:
    """Each card found fits a description of its own: a second Forest is no Plains card."""
    p = play("search_krosan_verge_two_forests", tmp_path)
    assert p.error is not None and p.error.rule == "701.23a"
    assert "those cards are not a Forest card and a Plains card" in str(p.error)


def test_krosan_verge_a_forest_plains_is_the_forest_card(tmp_path: Path) -> None:
    """Savannah (Land — Forest Plains) is the Forest card beside the Plains."""
    p = play("search_krosan_verge_savanna_both", tmp_path)
    assert p.error is None
    assert p.perm("Savannah")["tapped"] is True and p.perm("Plains")["tapped"] is True


def test_ring_of_three_wishes_finds_a_card_into_the_hand(tmp_path: Path) -> None:
    """"a card, put that card into your hand": not revealed (701.23d: no instruction to)."""
    p = play("search_ring_of_three_wishes_finds", tmp_path)
    assert p.error is None
    assert p.player("Alice")["hand"] == ["Grizzly Bears"] and library(p) == ["Forest"]
    assert p.events("CardRevealed") == []
    assert p.perm("Ring of Three Wishes")["counters"] == {"wish": 2}


def test_ring_of_three_wishes_must_find_a_card(tmp_path: Path) -> None:
    """701.23c: a search for "a card" states no quality: the player must find one."""
    p = play("search_ring_of_three_wishes_must_find", tmp_path)
    assert p.error is not None and p.error.rule == "701.23c"


@pytest.mark.parametrize("name, quality, to, tapped, slots", [
    ("Warped Landscape", m.CardQuality(types=("Land",), supertypes=("Basic",)), "battlefield", True, 1),
    ("Terminal Moraine", m.CardQuality(types=("Land",), supertypes=("Basic",)), "battlefield", True, 1),
    ("Bant Panorama", m.CardQuality(supertypes=("Basic",), subtypes_any=("Forest", "Plains", "Island")),
     "battlefield", True, 1),
    ("Contaminated Landscape", m.CardQuality(supertypes=("Basic",), subtypes_any=("Plains", "Island", "Swamp")),
     "battlefield", True, 1),
    ("Myriad Landscape", m.CardQuality(types=("Land",), supertypes=("Basic",)), "battlefield", True, 2),
    ("Blighted Woodland", m.CardQuality(types=("Land",), supertypes=("Basic",)), "battlefield", True, 2),
    ("Urza's Cave", m.CardQuality(types=("Land",)), "battlefield", True, 1),
    ("Perilous Forays", m.CardQuality(types=("Land",), basic_land_type=True), "battlefield", True, 1),
    ("Ring of Three Wishes", m.CardQuality(), "hand", False, 1),
    ("Evolving Wilds", m.CardQuality(types=("Land",), supertypes=("Basic",)), "battlefield", True, 1),
    ("Windswept Heath", m.CardQuality(subtypes_any=("Forest", "Plains")), "battlefield", False, 1),
])
def test_real_cards_read_by_their_oracle_text(name: str, quality: m.CardQuality, to: str, tapped: bool,
                                              slots: int) -> None:
    """The package's Oracle text of each card parses to the search it says, and the rules play it."""
    pool = CardPool.builtin().with_real_card(name)
    assert pool is not None
    card = pool.get(name)
    assert unsupported(card) == []
    [search] = [e for a in card.abilities if isinstance(a, m.ActivatedAbility) for e in a.effects
                if isinstance(e, m.SearchLibrary)]
    assert search.find == (quality,) * slots and (search.to, search.tapped) == (to, tapped)
    assert search.share_land_type is (name == "Myriad Landscape")


def test_several_cards_onto_the_battlefield_untapped_is_refused() -> None:
    """Cards put onto the battlefield at once enter simultaneously; untapped, their "enters
    tapped unless" conditions would see each other: not modelled, refused at load."""
    from simulator.base.errors import CardDataError
    from simulator.cards.parser import parse_oracle
    with pytest.raises(CardDataError, match="untapped at once is not supported"):
        parse_oracle("X", "{T}: Search your library for up to two basic land cards, put them onto the "
                          "battlefield, then shuffle.")
