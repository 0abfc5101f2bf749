""""At the beginning of ..." triggers (603.2, 503.1a) on real cards (tests/games/cards/real_steps.toml):
"each upkeep" triggers on every player's turn, "your end step" only on its controller's."""
from __future__ import annotations

from scenario import play


def test_each_upkeep_triggers_on_the_opponents_turn(tmp_path) -> None:
    p = play("step_each_upkeep_celestial_force", tmp_path)
    assert p.error is None
    [t] = [e for e in p.events("AbilityTriggered") if e.event.source_card == "Celestial Force"]
    assert t.rule == "503.1a"
    assert p.player("Alice")["life"] == 23 and p.player("Bob")["life"] == 20


def test_your_end_step_only_on_your_turn(tmp_path) -> None:
    p = play("step_your_end_step_arkenstone", tmp_path)
    assert p.error is None
    fired = [e for e in p.events("AbilityTriggered") if e.event.source_card == "The Arkenstone"]
    assert len(fired) == 1 and fired[0].rule == "603.2"
    assert p.state["turn"] == 3 and p.state["active"] == "Alice" and p.state["step"] == "end"
    assert [e.event.card for e in p.events("CardDrawn") if e.event.player == "Alice"] == ["Island", "Swamp"]
