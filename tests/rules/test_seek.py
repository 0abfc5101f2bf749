"""Seek (digital-only, MTG Arena's Alchemy cards; not in the Comprehensive Rules): "Seek a nonland
card." puts a card with that quality at random from its controller's library into their hand,
and with none there nothing happens; it is not a draw and the library is not shuffled. The
random card is drawn from the game's `seed` and the event's place in the log (as a shuffle,
701.24a), so a replay seeks the same. "Activate only once." (602.5b): once for that object.
Recorded games: tests/games/seek_*.toml."""
from __future__ import annotations

from pathlib import Path

import pytest

from scenario import play
from simulator.base.errors import CardDataError
from simulator.cards import model as m
from simulator.cards.parser import parse_card_text

NONLAND = ["Grizzly Bears", "Llanowar Elves", "Dark Ritual"]
LANDS = ["Forest", "Island", "Swamp"]


def test_the_gate_seeks_one_nonland_card_at_random(tmp_path: Path) -> None:
    """One of the three nonland cards is now in Alice's hand; the lands and the other two stay in
    the library in their order (not shuffled); no card is drawn (121.1)."""
    p = play("seek_gate_nonland", tmp_path)
    assert p.error is None
    alice = p.player("Alice")
    [sought] = alice["hand"]
    assert sought in NONLAND
    order = ["Forest", "Grizzly Bears", "Island", "Llanowar Elves", "Swamp", "Dark Ritual"]
    assert alice["library"] == [c for c in order if c != sought]
    assert p.events("CardDrawn") == [] and p.events("LibraryShuffled") == []
    [moved] = [e for e in p.events("ZoneChanged") if e.event.to_zone == "hand"]
    assert moved.rule == "608.2c" and moved.event.card == sought
    assert p.perm("gate")["tapped"] is True and p.pool("Alice") == {}


def test_the_same_file_seeks_the_same_card(tmp_path: Path) -> None:
    """Nothing is random between runs: the card is drawn from `seed` and the log position."""
    a = play("seek_gate_nonland", tmp_path / "a")
    b = play("seek_gate_nonland", tmp_path / "b")
    assert a.player("Alice")["hand"] == b.player("Alice")["hand"]


def test_nothing_to_seek_nothing_happens(tmp_path: Path) -> None:
    """No nonland card in the library: the ability resolves and moves nothing."""
    p = play("seek_gate_no_nonland", tmp_path)
    assert p.error is None
    assert p.player("Alice")["hand"] == [] and p.player("Alice")["library"] == ["Forest", "Swamp"]
    assert len(p.events("AbilityResolved")) == 1


def test_activate_only_once_means_once_for_that_object(tmp_path: Path) -> None:
    """602.5b: the Gate's ability was activated in turn 1; in Alice's turn 3 it is untapped and
    the mana is there, and activating it again is illegal."""
    p = play("seek_gate_only_once", tmp_path)
    assert p.error is not None and p.error.rule == "602.5b"
    assert "only once" in str(p.error)
    assert p.state["turn"] == 3 and len(p.player("Alice")["hand"]) == 2   # the sought card, a draw


@pytest.mark.parametrize("line, seek", [
    ("{3}{B}, {T}: Seek a nonland card. Activate only once.", m.Seek(m.CardQuality(non=("Land",)))),
    ("{7}{G}: Seek a creature card.", m.Seek(m.CardQuality(types=("Creature",)))),
    ("{1}: Seek two land cards.", m.Seek(m.CardQuality(types=("Land",)), 2)),
    ("{1}: Seek a Dragon card.", m.Seek(m.CardQuality(subtypes_any=("Dragon",)))),
])
def test_seek_lines(line: str, seek: m.Seek) -> None:
    [a] = parse_card_text("Test", line).abilities
    assert isinstance(a, m.ActivatedAbility) and a.effects == (seek,)
    assert a.once == ("only once" in line) and a.per_turn == 0


@pytest.mark.parametrize("line", [
    "{1}: Seek a card with the highest mana value among cards in your library.",
    "{1}: Seek one land cards.",
    "{1}: Seek a nonland card. Activate only twice.",
])
def test_other_seeks_are_refused(line: str) -> None:
    with pytest.raises(CardDataError):
        parse_card_text("Test", line)


def test_activate_only_once_keeps_the_count_of_this_turn(tmp_path: Path) -> None:
    """602.5b: the land's "{1}: Add {C}. Activate only once each turn." was activated this turn;
    activating its "Activate only once." ability in between must not forget that: the second
    activation of the first ability this turn is illegal, and nothing is written."""
    p = play("once_each_turn_after_once", tmp_path)
    assert p.error is not None and p.error.rule == "602.5b"
    assert len([e for e in p.events("AbilityActivated") if e.event.source == "gate"]) == 2
