"""The walking skeleton: basic lands, {T}, summoning sickness, turns, mana emptying, land drops."""
from __future__ import annotations

from scenario import play


def test_basic_lands_tap_for_their_intrinsic_mana(tmp_path):
    """305.6: basic land types give "{T}: Add [mana]"; 605.3a: no stack; 107.5: tapped.
    A land marked `sick` still taps: 302.6 only restricts creatures."""
    p = play("spine_tap_lands", tmp_path)
    assert p.error is None
    # pools, tapped, zones: [[expect]] in the game file (tests/tools/test_expect.py checks them)
    produced = p.events("ManaProduced")
    assert [e.event.mana for e in produced] == [{"G": 1}, {"W": 1}, {"C": 1}, {"G": 1}]
    assert {e.rule for e in produced} == {"106.12"}
    forest = p.perm("forest-a")
    assert forest["types"] == ["Land"] and forest["subtypes"] == ["Forest"]
    assert forest["power"] is None and forest["toughness"] is None


def test_tapped_land_cannot_pay_tap_cost(tmp_path):
    """107.5: a tapped permanent can't be tapped again; the illegal action writes nothing."""
    p = play("spine_tapped_land", tmp_path)
    assert str(p.error) == "action 2: Alice cannot activate forest-a: it is tapped (107.5)"
    # pools, tapped, zones: [[expect]] in the game file (tests/tools/test_expect.py checks them)
    # the first decision is in the log, the illegal second one is not
    assert len(p.events("AbilityActivated")) == 1
    assert p.state["events"] == max(p.log)


def test_summoning_sick_creature_cannot_tap(tmp_path):
    """302.6: the Elves that came under Alice's control this turn can't use {T}."""
    p = play("spine_sick_creature", tmp_path)
    assert p.error is not None and p.error.rule == "302.6"
    assert str(p.error).startswith("action 2: Alice cannot activate elf-new: it is a creature")
    # pools, tapped, zones: [[expect]] in the game file (tests/tools/test_expect.py checks them)


def test_mana_empties_between_steps(tmp_path):
    """106.4: the {G} made in the upkeep is gone in the draw step; the {U} made there stays."""
    p = play("spine_mana_empties", tmp_path)
    assert p.error is None
    assert p.state["step"] == "draw"
    # pools, tapped, zones: [[expect]] in the game file (tests/tools/test_expect.py checks them)
    emptied = p.events("ManaPoolEmptied")
    assert [(e.event.player, e.event.mana, e.rule) for e in emptied] == [("Alice", {"G": 1}, "106.4")]


def test_next_turn_untaps_and_cures_sickness(tmp_path):
    """502.3 untap step untaps the active player's permanents; 504.1 draw; 302.6 sickness ends
    when the controller's next turn begins."""
    p = play("spine_next_turn", tmp_path)
    assert p.error is None
    assert (p.state["turn"], p.state["active"], p.state["step"]) == (3, "Alice", "main1")
    # pools, tapped, zones: [[expect]] in the game file (tests/tools/test_expect.py checks them)
    untapped = [e.event.object_id for e in p.events("PermanentUntapped")]
    assert untapped == ["swamp-b", "forest-a"]
    assert {e.rule for e in p.events("PermanentUntapped")} == {"502.3"}


def test_second_land_drop_is_illegal(tmp_path):
    """305.2: one land per turn."""
    p = play("spine_two_land_drops", tmp_path)
    assert str(p.error) == "action 2: Alice cannot play Forest: Alice has already played 1 land(s) this turn (305.2)"
    # pools, tapped, zones: [[expect]] in the game file (tests/tools/test_expect.py checks them)


def test_land_only_in_main_phase(tmp_path):
    """305.1: not in the combat step."""
    p = play("spine_land_timing", tmp_path)
    assert p.error is not None and p.error.rule == "305.1"
    assert "not a main phase" in str(p.error)


def test_drawing_from_empty_library_loses(tmp_path):
    """103.8a: no draw on the first turn; 121.4/704.5b: Bob draws from an empty library and loses."""
    p = play("spine_draw_and_empty_library", tmp_path)
    assert p.error is None
    assert p.player("Alice")["library"] == ["Forest"]
    assert p.player("Bob")["lost"] == {"rule": "704.5b"}
    assert p.state["game_over"] == {"winners": ["Alice"], "losers": ["Bob"], "rule": "704.5b"}
    assert p.state["winner"] == "Alice" and p.state["priority"] is None
    lost = p.events("PlayerLost")
    assert [(e.event.player, e.rule) for e in lost] == [("Bob", "704.5b")]


def test_cleanup_discards_down_to_seven(tmp_path):
    """514.1 / 402.2: nine cards at cleanup: Alice chooses two to discard; the turn then passes."""
    p = play("spine_cleanup_discard", tmp_path)
    assert p.error is None
    assert (p.state["turn"], p.state["active"], p.state["step"]) == (2, "Bob", "upkeep")
    alice = p.player("Alice")
    assert len(alice["hand"]) == 7 and "Plains" not in alice["hand"] and "Mountain" not in alice["hand"]
    assert alice["graveyard"] == ["Plains", "Mountain"]
    [req] = p.events("ChoiceRequested")
    assert (req.event.kind, req.event.player, req.rule) == ("discard", "Alice", "514.1")
    assert {e.rule for e in p.events("ZoneChanged") if e.event.reason == "discarded"} == {"514.1"}
