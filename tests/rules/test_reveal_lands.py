"""The reveal lands (issue 22, lands): "As this land enters, you may reveal an Island or Swamp
card from your hand. If you don't, this land enters tapped." (Choked Estuary, Foreboding Ruins,
Game Trail, Port Town, ...; 614.1c, 614.12). The `reveal` pending choice lists the cards of the
hand that fit; `[]` reveals none and it enters tapped; none fit: nothing is asked, tapped."""
from __future__ import annotations

from pathlib import Path

import pytest

from scenario import play
from simulator.cards import model as m
from simulator.cards.pool import CardPool
from simulator.rules.support import unsupported


def test_revealing_an_island_it_enters_untapped(tmp_path: Path) -> None:
    p = play("reveal_choked_estuary_reveals", tmp_path)
    assert p.error is None and p.state["pending"] is None
    [req] = p.events("ChoiceRequested")
    assert (req.event.kind, list(req.event.options), req.rule) == ("reveal", ["island-1"], "614.12")
    [shown] = p.events("CardRevealed")
    assert (shown.event.player, shown.event.card, shown.rule) == ("Alice", "Island", "614.12")
    assert p.perm("Choked Estuary")["tapped"] is False
    assert sorted(p.player("Alice")["hand"]) == ["Forest", "Island"]      # revealed, still in the hand


def test_revealing_nothing_it_enters_tapped(tmp_path: Path) -> None:
    p = play("reveal_choked_estuary_declines", tmp_path)
    assert p.error is None and p.events("CardRevealed") == []
    assert p.perm("Choked Estuary")["tapped"] is True
    [applied] = p.events("ReplacementApplied")
    assert applied.rule == "614.1c"


def test_a_forest_is_no_option(tmp_path: Path) -> None:
    p = play("reveal_choked_estuary_forest", tmp_path)
    assert p.error is not None and p.error.rule == "614.12"
    assert p.state["pending"]["kind"] == "reveal"


def test_nothing_to_reveal_nothing_asked(tmp_path: Path) -> None:
    p = play("reveal_choked_estuary_nothing_to_reveal", tmp_path)
    assert p.error is None and p.events("ChoiceRequested") == []
    assert p.perm("Choked Estuary")["tapped"] is True


def test_under_blood_moon_it_has_no_such_ability(tmp_path: Path) -> None:
    """614.12: the land as it would exist on the battlefield, a Mountain without its rules text."""
    p = play("reveal_choked_estuary_blood_moon", tmp_path)
    assert p.error is None and p.events("ChoiceRequested") == []
    assert p.perm("Choked Estuary")["tapped"] is False and p.perm("Choked Estuary")["subtypes"] == ["Mountain"]


@pytest.mark.parametrize("name, types", [("Choked Estuary", ("Island", "Swamp")),
                                         ("Foreboding Ruins", ("Swamp", "Mountain")),
                                         ("Game Trail", ("Mountain", "Forest")),
                                         ("Port Town", ("Plains", "Island")),
                                         ("Gilt-Leaf Palace", ("Elf",)), ("Secluded Glen", ("Faerie",))])
def test_the_real_reveal_lands(name: str, types: tuple[str, ...]) -> None:
    pool = CardPool.builtin().with_real_card(name)
    assert pool is not None
    card = pool.get(name)
    assert unsupported(card) == []
    assert [a.effect for a in card.abilities if isinstance(a, m.ReplacementAbility)] == [
        m.EntersTappedUnlessReveal(types)]
