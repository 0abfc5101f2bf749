""""Activate only if this land entered this turn or if you control a basic land." (Dark Fortress
and its cycle; 602.5b): the condition is read as the ability is activated."""
from __future__ import annotations

from pathlib import Path

import pytest

from scenario import play
from simulator.cards import model as m
from simulator.cards.pool import CardPool
from simulator.rules.support import unsupported


def test_played_this_turn_it_may_be_activated(tmp_path: Path) -> None:
    """No basic land, but it entered this turn: {R}."""
    p = play("entered_dark_fortress_played", tmp_path)
    assert p.error is None and p.pool("Alice") == {"R": 1}


def test_an_old_land_without_a_basic_land_may_not(tmp_path: Path) -> None:
    """602.5b: neither condition holds: refused, naming both; nothing is tapped."""
    p = play("entered_dark_fortress_old", tmp_path)
    assert p.error is not None and p.error.rule == "602.5b"
    assert "only if this entered this turn or if you control a basic land" in str(p.error)
    assert p.perm("fortress")["tapped"] is False and p.pool("Alice") == {}


def test_an_old_land_with_a_basic_land_may(tmp_path: Path) -> None:
    p = play("entered_dark_fortress_basic", tmp_path)
    assert p.error is None and p.pool("Alice") == {"B": 1}


@pytest.mark.parametrize("name", ["Dark Fortress", "Gathering Place", "Gleaming Bastion", "Hidden Lair",
                                  "Training Compound"])
def test_the_real_cycle(name: str) -> None:
    pool = CardPool.builtin().with_real_card(name)
    assert pool is not None
    card = pool.get(name)
    assert unsupported(card) == []
    conditioned = [a for a in card.abilities if isinstance(a, m.ActivatedAbility) and a.condition is not None]
    assert [a.condition for a in conditioned] == [m.AnyCondition((m.EnteredThisTurn(), m.YouControl(
        (m.Selector(types=("Land",), controller="you", supertypes=("Basic",)),))))]


def test_the_next_turn_it_did_not_enter_this_turn(tmp_path: Path) -> None:
    p = play("entered_dark_fortress_next_turn", tmp_path)
    assert p.state["turn"] == 2 and p.state["active"] == "Bob"
    assert p.error is not None and p.error.rule == "602.5b"
