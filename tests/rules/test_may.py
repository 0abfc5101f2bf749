"""Optional instructions, "you may <instruction>" (608.2d; cards/model_optional.py,
rules/optional.py): the ability's controller chooses as the ability resolves (the pending `may`,
"do" or "decline"); declined, nothing of the instruction happens (tests/games/may_*.toml)."""
from __future__ import annotations

from pathlib import Path

import pytest

from scenario import play
from simulator.base.errors import CardDataError
from simulator.cards import model as m
from simulator.cards.parser import parse_oracle


def _zone(p, player: str, zone: str) -> list[str]:
    return [c["card"] if isinstance(c, dict) else c for c in p.player(player).get(zone, [])]


def test_mortuary_mire_done(tmp_path: Path) -> None:
    """608.2d: asked as the trigger resolves (after its target was chosen, 603.3d); "do": the
    Grizzly Bears go on top of the library (401.2)."""
    p = play("may_mortuary_mire_does", tmp_path)
    assert p.error is None
    kinds = [(e.event.kind, e.rule) for e in p.events("ChoiceRequested")]
    assert kinds == [("target", kinds[0][1]), ("may", "608.2d")]
    assert _zone(p, "Alice", "library") == ["Grizzly Bears", "Forest"]


def test_mortuary_mire_declined(tmp_path: Path) -> None:
    """608.2d: "decline": the target stays in the graveyard, nothing moves."""
    p = play("may_mortuary_mire_declines", tmp_path)
    assert p.error is None
    assert _zone(p, "Alice", "graveyard") == ["Grizzly Bears"] and _zone(p, "Alice", "library") == ["Forest"]
    assert not p.events("CardsPutOnTop")


def test_a_search_declined_is_no_search_and_no_shuffle(tmp_path: Path) -> None:
    """701.23a / 701.24a: declining "you may search" is not a search that finds nothing: no
    LibrarySearched, no LibraryShuffled."""
    p = play("may_test_seeker_declines_search", tmp_path)
    assert p.error is None
    assert not p.events("LibrarySearched") and not p.events("LibraryShuffled")
    assert _zone(p, "Alice", "library") == ["Forest", "Grizzly Bears"]


def test_a_search_done(tmp_path: Path) -> None:
    """"do": the search (pending `search`) finds the Forest, it enters tapped, then the shuffle."""
    p = play("may_test_seeker_does_search", tmp_path)
    assert p.error is None
    assert [e.event.kind for e in p.events("ChoiceRequested")] == ["may", "search"]
    assert p.perm("Forest")["tapped"] is True
    assert len(p.events("LibraryShuffled")) == 1


def test_the_phrase() -> None:
    [ability] = parse_oracle("Test Card", "{T}: You may draw a card.")
    assert ability.effects == (m.MayDo(m.DrawCards(1), "draw a card"),)   # type: ignore[union-attr]


@pytest.mark.parametrize("text", [
    "{T}: You may draw a card and you gain 1 life.",
    "{T}: You may add {G}.",
    "{T}: You may create a Treasure token.",
])
def test_refused(text: str) -> None:
    """"you may" over two instructions joined by "and" (which of them?), over mana (a mana ability
    resolves at once, 605.3b) or over tokens: refused at load."""
    with pytest.raises(CardDataError, match="you may"):
        parse_oracle("Test Card", text)


def test_an_optional_instruction_under_a_condition_is_refused() -> None:
    """"If you control a Forest, you may draw a card." (608.2c then 608.2d): the condition and the
    choice nested in one instruction are not supported; refused at load, naming the phrase, not
    accepted and then failing as the ability resolves."""
    with pytest.raises(CardDataError, match='"you may" only if a condition holds is not supported'):
        parse_oracle("Test Card", "{T}: Draw a card. If you control a Forest, you may draw a card.")
