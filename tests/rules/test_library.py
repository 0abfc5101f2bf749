"""Scry 1 (701.22a) and surveil 1 (701.25a) on real lands (tests/games/cards/real_library.toml):
the controller looks at the top card (CardLookedAt) and chooses, a pending `scry` / `surveil`
choice answered by word or option number; an empty library asks nothing (701.22b, 701.25b)."""
from __future__ import annotations

import pytest

from scenario import play


def library(p, player: str = "Alice") -> list[str]:
    return [c["card"] if isinstance(c, dict) else c for c in p.player(player).get("library", [])]


@pytest.mark.parametrize("game, kind, options, moved_to", [
    ("lib_temple_scry_bottom", "scry", ["top", "bottom"], "bottom"),
    ("lib_temple_scry_top", "scry", ["top", "bottom"], "top"),
    ("lib_sewers_surveil_graveyard", "surveil", ["top", "graveyard"], "graveyard"),
])
def test_look_and_choose(tmp_path, game: str, kind: str, options: list, moved_to: str) -> None:
    p = play(game, tmp_path)
    assert p.error is None and p.state["pending"] is None
    [req] = p.events("ChoiceRequested")
    assert (req.event.kind, req.event.player, list(req.event.options), req.rule) == (
        kind, "Alice", options, {"scry": "701.22a", "surveil": "701.25a"}[kind])
    [looked] = p.events("CardLookedAt")
    assert (looked.event.player, looked.event.card, looked.event.action) == ("Alice", "Forest", kind)
    bottom = p.events("CardPutOnBottom")
    to_grave = [e for e in p.events("ZoneChanged") if e.event.card == "Forest"]
    assert [e.event.card for e in bottom] == (["Forest"] if moved_to == "bottom" else [])
    assert [e.event.to_zone for e in to_grave] == (["graveyard"] if moved_to == "graveyard" else [])


def test_empty_library_nothing_asked(tmp_path) -> None:
    p = play("lib_sewers_empty_library", tmp_path)
    assert p.error is None and p.state["pending"] is None
    assert p.events("ChoiceRequested") == [] and p.events("CardLookedAt") == []
    assert p.perm("Undercity Sewers")["tapped"] is True


def test_karoo_returns_the_chosen_land(tmp_path) -> None:
    """608.2c: the land is chosen as the trigger resolves; Alice keeps the Chamber (tapped)."""
    p = play("karoo_returns_forest", tmp_path)
    assert p.error is None and p.state["pending"] is None
    [req] = p.events("ChoiceRequested")
    assert req.event.kind == "return" and len(req.event.options) == 2
    assert p.perm("Simic Growth Chamber")["tapped"] is True and p.on_battlefield("Forest") == []
    assert p.player("Alice")["hand"] == ["Forest"]


def test_karoo_alone_returns_itself(tmp_path) -> None:
    p = play("karoo_returns_itself", tmp_path)
    assert p.error is None and p.events("ChoiceRequested") == []
    assert p.on_battlefield("Simic Growth Chamber") == []
    assert p.player("Alice")["hand"] == ["Simic Growth Chamber"]


def test_cycling_from_hand_draws(tmp_path) -> None:
    """702.29a: the cost is {B} and discarding the card (701.9a); the ability resolves from the
    stack and Alice draws the Island; Barren Moor is in her graveyard."""
    p = play("cycling_barren_moor", tmp_path)
    assert p.error is None
    [act] = p.events("AbilityActivated")[-1:]
    assert (act.event.source, act.event.mana_ability) == ("moor", False)
    [discarded] = [e for e in p.events("ZoneChanged") if e.event.card == "Barren Moor"]
    assert (discarded.event.from_zone, discarded.event.to_zone, discarded.rule) == ("hand", "graveyard", "701.9a")
    assert [e.event.card for e in p.events("CardDrawn")] == ["Island"]
    assert p.player("Alice")["hand"] == ["Island"] and p.pool("Alice") == {}


def test_cycling_does_not_function_on_the_battlefield(tmp_path) -> None:
    p = play("cycling_on_battlefield", tmp_path)
    assert p.error is not None and p.error.rule == "602.2"
    assert "no activated ability 2" in str(p.error)
