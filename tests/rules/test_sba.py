"""State-based actions (704) that need a player's choice."""
from __future__ import annotations

from scenario import play


def test_legend_rule_keeps_the_chosen_one(tmp_path):
    """704.5j: Alice plays a second Gaea's Cradle, keeps the old one; the new one dies."""
    p = play("sba_legend_rule", tmp_path)
    assert p.error is None
    assert [b["id"] for b in p.state["battlefield"]] == ["cradle-a"]
    assert p.player("Alice")["graveyard"] == ["Gaea's Cradle"]
    requested = p.events("ChoiceRequested")
    assert [(e.event.kind, e.rule) for e in requested] == [("legend", "704.5j")]
    moved = [e for e in p.events("ZoneChanged") if e.event.reason == "legend rule"]
    assert len(moved) == 1 and moved[0].rule == "704.5j"
