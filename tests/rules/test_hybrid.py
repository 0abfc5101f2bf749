"""Hybrid mana symbols (107.4e) on real cards (tests/games/cards/real_hybrid.toml): each is paid
with either half (601.2h); the card has both colors (202.2d); mana value counts each as one,
{2/W} as two (202.3f)."""
from __future__ import annotations

import pytest

from scenario import GAMES, play
from simulator.cards import CardPool
from simulator.cards.parser import parse_mana_cost


@pytest.mark.parametrize("game, spent", [
    ("hybrid_emissary_red_green", {"R": 1, "G": 1}),
    ("hybrid_emissary_pay_gg", {"G": 2}),
])
def test_hybrid_cost_paid_with_either_half(tmp_path, game: str, spent: dict) -> None:
    p = play(game, tmp_path)
    assert p.error is None
    [paid] = [e for e in p.events("ManaSpent") if e.rule == "601.2h"]
    assert dict(paid.event.mana) == spent
    assert p.on_battlefield("Burning-Tree Emissary") and p.pool("Alice") == {"R": 1, "G": 1}


def test_hybrid_cost_not_paid_by_other_colors(tmp_path) -> None:
    p = play("hybrid_emissary_blue", tmp_path)
    assert p.error is not None and p.error.rule == "601.2h"
    assert "{R/G}{R/G}" in str(p.error)
    assert p.on_battlefield("Burning-Tree Emissary") == [] and p.pool("Alice") == {"U": 2}


def test_hybrid_colors_and_mana_value() -> None:
    pool = CardPool.from_files(GAMES / "cards" / "real_hybrid.toml")
    emissary = pool.get("Burning-Tree Emissary")
    assert emissary.colors == ("R", "G") and emissary.mana_cost.mana_value == 2
    assert parse_mana_cost("{2/W}{2/W}{2/W}").mana_value == 6
    assert parse_mana_cost("{1}{W/U}").text() == "{1}{W/U}"


def test_filter_land_pays_hybrid_and_adds_a_group(tmp_path) -> None:
    p = play("hybrid_filter_mystic_gate", tmp_path)
    assert p.error is None
    assert p.pool("Alice") == {"U": 2} and p.perm("gate")["tapped"] is True


def test_filter_land_only_its_groups(tmp_path) -> None:
    p = play("hybrid_filter_not_a_group", tmp_path)
    assert p.error is not None and p.error.rule == "608.2d"
    assert "{W}{W}, {W}{U}, {U}{U}" in str(p.error)
    assert p.pool("Alice") == {"W": 1} and p.perm("gate")["tapped"] is False
