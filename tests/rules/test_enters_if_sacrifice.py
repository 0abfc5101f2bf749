"""'If this land would enter, sacrifice a Forest instead. If you do, put this land onto the
battlefield. If you don't, put it into its owner's graveyard.' (Heart of Yavimaya, Lake of the
Dead, Soldevi Excavations; 614.1a): a replacement of entering, however the land would enter;
the sacrifice is not optional when a permanent fits (its controller picks which when several
do), and with none the land never enters. A land played this way is still the turn's land play
(305.2). As with every replacement of entering, the land as it would exist on the battlefield
decides (614.12): under Blood Moon it has no such ability."""
from __future__ import annotations

from pathlib import Path

import pytest

from scenario import play
from simulator.base.errors import CardDataError
from simulator.cards import model as m
from simulator.cards.parser import parse_oracle
from simulator.cards.pool import CardPool


def test_the_only_forest_is_sacrificed_and_heart_enters(tmp_path: Path) -> None:
    """614.1a: one Forest fits, so no choice: it is sacrificed (701.21a), Heart of Yavimaya enters,
    taps for {G}, and Lotus Cobra's landfall triggers once (for Heart)."""
    p = play("instead_heart_sacrifices_forest", tmp_path)
    assert p.error is None
    assert p.player("Alice")["graveyard"] == ["Forest"]
    assert p.perm("heart")["tapped"] is True and p.pool("Alice") == {"G": 1}
    [applied] = [e for e in p.events("ReplacementApplied") if e.event.source_card == "Heart of Yavimaya"]
    assert applied.rule == "614.1a" and applied.event.after == {"sacrificed": "forest"}
    [sacrificed] = [e for e in p.events("ZoneChanged") if e.event.reason == "sacrificed"]
    assert sacrificed.event.object_id == "forest" and sacrificed.cause_seq == applied.seq
    assert len([t for t in p.events("AbilityTriggered")]) == 1


def test_without_a_forest_it_goes_to_the_graveyard(tmp_path: Path) -> None:
    """614.1a: no Forest of Alice's (Bob's does not count): Heart of Yavimaya goes to her graveyard
    and never enters: Lotus Cobra does not trigger; the land play is spent (305.2)."""
    p = play("instead_heart_no_forest", tmp_path)
    assert p.error is not None and p.error.rule == "305.2"
    assert p.player("Alice")["graveyard"] == ["Heart of Yavimaya"]
    assert p.on_battlefield("Heart of Yavimaya") == [] and p.events("AbilityTriggered") == []
    [moved] = [e for e in p.events("ZoneChanged") if e.event.card == "Heart of Yavimaya"]
    assert (moved.event.from_zone, moved.event.to_zone, moved.rule) == ("hand", "graveyard", "614.1a")


def test_a_tapped_island_does_not_fit(tmp_path: Path) -> None:
    """"an untapped Island": island-a is tapped, so island-b is sacrificed without a choice."""
    p = play("instead_soldevi_untapped_only", tmp_path)
    assert p.error is None and p.state["pending"] is None
    assert [b["id"] for b in p.on_battlefield("Island")] == ["island-a"]
    assert len(p.on_battlefield("Soldevi Excavations")) == 1


def test_two_islands_ask_which_one(tmp_path: Path) -> None:
    """614.1a: two untapped Islands fit: the game waits on Alice's `sacrifice` choice."""
    p = play("instead_soldevi_choice_pending", tmp_path)
    assert p.error is None
    pending = p.state["pending"]
    assert pending["kind"] == "sacrifice" and pending["player"] == "Alice"
    assert pending["options"] == ["island-a", "island-b"]
    assert p.on_battlefield("Soldevi Excavations") == []


def test_the_chosen_island_is_sacrificed(tmp_path: Path) -> None:
    p = play("instead_soldevi_chooses", tmp_path)
    assert p.error is None
    assert [b["id"] for b in p.on_battlefield("Island")] == ["island-a"]
    assert len(p.on_battlefield("Soldevi Excavations")) == 1


def test_sacrificing_nothing_is_refused_when_an_island_fits(tmp_path: Path) -> None:
    """The instruction is imperative: [] is refused (614.1a) and the choice stays pending."""
    p = play("instead_soldevi_refuses_none", tmp_path)
    assert p.error is not None and p.error.rule == "614.1a" and "not optional" in str(p.error)
    assert p.state["pending"]["kind"] == "sacrifice"


def test_under_blood_moon_lake_of_the_dead_needs_no_swamp(tmp_path: Path) -> None:
    """614.12, 305.7: as it would exist, Lake of the Dead is a Mountain without its rules text:
    it enters at once and the Swamp stays."""
    p = play("instead_lake_blood_moon", tmp_path)
    assert p.error is None
    assert p.perm("lake")["subtypes"] == ["Mountain"] and p.perm("swamp")["card"] == "Swamp"
    assert p.player("Alice")["graveyard"] == []


def test_the_template_and_what_it_refuses() -> None:
    """"an untapped Island" / "a Forest"; "two untapped lands" (Lotus Vale: with fewer than two,
    none is sacrificed and it goes to the graveyard, 614.1a; tests/rules/test_manaprod.py)."""
    [soldevi] = parse_oracle("Soldevi Excavations", "If this land would enter, sacrifice an untapped Island "
                             "instead. If you do, put this land onto the battlefield. If you don't, put it into "
                             "its owner's graveyard.")
    assert soldevi.effect == m.EntersIfSacrifice(subtypes=("Island",), untapped=True)
    assert soldevi.effect.describe() == "an untapped Island"
    [vale] = parse_oracle("Lotus Vale", "If this land would enter, sacrifice two untapped lands instead. If you "
                          "do, put this land onto the battlefield. If you don't, put it into its owner's graveyard.")
    assert vale.effect == m.EntersIfSacrifice(untapped=True, amount=2)
    assert vale.effect.describe() == "two untapped lands"
