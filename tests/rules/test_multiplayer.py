"""Games of three players: the first turn's draw (103.8) and a player who loses leaving the
game while the others play on (800.4a).

Each scenario is a recorded game in tests/games/multi_*.toml; the file's comment describes it.
"""
from __future__ import annotations

from scenario import play


# --------------------------------------------------------------------------- 103.8: the first draw

def test_starting_player_draws_on_turn_one_with_three_players(tmp_path):
    """103.8c ("In all other multiplayer games, no player skips the draw step of their first
    turn", 800.7): Alice, who plays first in a three-player game, draws on turn 1."""
    p = play("multi_first_draw_three_players", tmp_path)
    assert p.error is None
    assert (p.state["turn"], p.state["step"]) == (1, "main1")
    assert p.player("Alice")["hand"] == ["Forest"] and p.player("Alice")["library"] == ["Island"]
    [drawn] = p.events("CardDrawn")
    assert drawn.event.player == "Alice" and drawn.rule == "504.1"


def test_starting_player_skips_the_draw_with_two_players(tmp_path):
    """103.8a: in a two-player game the player who plays first skips the draw step of their
    first turn (the same position as above, without Carol)."""
    p = play("multi_first_draw_two_players", tmp_path)
    assert p.error is None
    assert (p.state["turn"], p.state["step"]) == (1, "main1")
    assert p.player("Alice")["hand"] == [] and p.player("Alice")["library"] == ["Forest", "Island"]
    assert p.events("CardDrawn") == []
