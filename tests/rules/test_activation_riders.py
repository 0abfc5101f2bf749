"""602.5b: "Activate only if <condition>." on real cards (tests/games/cards/real_activation_riders.toml):
the condition is checked as the ability is activated; an ability word (207.2c) changes nothing."""
from __future__ import annotations

import pytest

from scenario import play


@pytest.mark.parametrize("game, pool", [
    ("act_tainted_field_swamp", {"B": 1}),
    ("act_mox_opal_three", {"U": 1}),
])
def test_condition_met(tmp_path, game: str, pool: dict) -> None:
    p = play(game, tmp_path)
    assert p.error is None
    assert p.pool("Alice") == pool and p.perm("a0")["tapped"] is True


@pytest.mark.parametrize("game, words", [
    ("act_tainted_field_no_swamp", "only if you control a Swamp"),
    ("act_mox_opal_two", "only if you control 3 or more artifacts"),
])
def test_condition_not_met_is_illegal(tmp_path, game: str, words: str) -> None:
    p = play(game, tmp_path)
    assert p.error is not None and p.error.rule == "602.5b"
    assert words in str(p.error)
    assert p.pool("Alice") == {} and p.perm("a0")["tapped"] is False
