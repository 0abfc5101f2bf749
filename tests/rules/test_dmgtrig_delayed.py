"""Delayed triggered abilities (issue 22, pool-dmgtrig; 603.7): "Draw a card at the beginning of the
next turn's upkeep." (Barbed Sextant and Astrolabe: in a mana ability, 605.3b; Jinx: an instant's
second instruction), and Mana Drain's "At the beginning of your next main phase, add an amount of {C}
equal to that spell's mana value." (the countered spell's mana value kept with it, 603.7c). The effect creates the delayed trigger as it resolves (603.7a), controlled by
that spell's or ability's controller (603.7d); it triggers at the first upkeep of a later turn,
whoever's turn it is, once (603.7b), and its source is the object that created it, gone or not
(603.7e). Recorded games: tests/games/dmgtrig_*_next_upkeep.toml, dmgtrig_astrolabe_in_upkeep.toml,
dmgtrig_mana_drain_*.toml."""
from __future__ import annotations

from pathlib import Path

from scenario import play
from simulator.base.abilityid import DELAYED, AbilityId
from simulator.cards import CardPool, model as m
from simulator.game.codec import state_digest, state_from_dict, state_to_dict
from simulator.game.layers import ability_definition
from simulator.game.state import DelayedTrigger, GameState
from pyrsistent import pvector


def test_it_triggers_at_the_next_turns_upkeep_once(tmp_path: Path) -> None:
    """603.7a / 603.7b: created in Alice's turn 1, it triggers at Bob's upkeep (turn 2): Alice (its
    controller, 603.7d) draws; at her upkeep of turn 3, nothing."""
    p = play("dmgtrig_barbed_sextant_next_upkeep", tmp_path)
    assert p.error is None and p.state["turn"] == 3 and p.state["step"] == "upkeep"
    [created] = p.events("DelayedTriggerCreated")
    assert (created.event.controller, created.event.source, created.rule) == ("Alice", "sextant", "603.7a")
    assert created.event.ability == AbilityId(DELAYED, "Barbed Sextant", 0)
    [trig] = p.events("AbilityTriggered")
    assert (trig.event.controller, trig.event.delayed, trig.rule) == ("Alice", created.event.delayed_id, "603.7b")
    upkeeps = [e.seq for e in p.events("StepBegan") if e.event.step == "upkeep"]
    assert upkeeps[0] < trig.seq < upkeeps[1]
    assert [e.event.card for e in p.events("CardDrawn") if e.event.player == "Alice"] == ["Island"]
    assert p.pool("Alice") == {}


def test_made_in_an_upkeep_it_waits_for_the_next_turns(tmp_path: Path) -> None:
    """603.7b: Alice's upkeep has begun when Astrolabe makes it: it triggers in turn 2, not 1."""
    p = play("dmgtrig_astrolabe_in_upkeep", tmp_path)
    assert p.error is None
    [trig] = p.events("AbilityTriggered")
    assert p.state["turn"] == 2 and p.state["active"] == "Bob"
    assert [e.event.card for e in p.events("CardDrawn") if e.event.player == "Alice"] == ["Island"]
    assert trig.event.source == "astrolabe"


def test_an_instant_creates_one(tmp_path: Path) -> None:
    """Jinx: the land type now (305.7), the delayed trigger from its second instruction (603.7a); its
    source is the spell (603.7e), since gone to the graveyard."""
    p = play("dmgtrig_jinx_next_upkeep", tmp_path)
    assert p.error is None
    [created] = p.events("DelayedTriggerCreated")
    assert created.event.ability == AbilityId(DELAYED, "Jinx", 1)
    assert [e.event.card for e in p.events("CardDrawn") if e.event.player == "Alice"] == ["Swamp"]


def test_mana_drain_adds_the_mana_in_the_next_main_phase(tmp_path: Path) -> None:
    """603.7a: it keeps the countered spell's mana value (Seething Song: 3); cast in Alice's first
    main phase, her next main phase is the second (505.1): {C}{C}{C} there (608.2c)."""
    p = play("dmgtrig_mana_drain_main2", tmp_path)
    assert p.error is None and (p.state["turn"], p.state["step"]) == (1, "main2")
    [created] = p.events("DelayedTriggerCreated")
    assert (created.event.amount, created.event.controller) == (3, "Alice")
    [trig] = p.events("AbilityTriggered")
    assert (trig.event.delayed, trig.event.amount) == (created.event.delayed_id, 3)
    added = [e for e in p.events("ManaAdded") if e.event.player == "Alice" and e.rule == "608.2c"]
    assert [dict(e.event.mana) for e in added] == [{"C": 3}]
    assert p.pool("Alice") == {"C": 3}


def test_mana_drain_on_the_opponents_turn_waits_for_yours(tmp_path: Path) -> None:
    """603.7b: "your next main phase": not Bob's second main phase, Alice's first of turn 2."""
    p = play("dmgtrig_mana_drain_opponents_turn", tmp_path)
    assert p.error is None and (p.state["turn"], p.state["active"], p.state["step"]) == (2, "Alice", "main1")
    [trig] = p.events("AbilityTriggered")
    main1 = [e for e in p.events("StepBegan") if e.event.step == "main1"]
    assert trig.cause_seq == main1[-1].seq
    assert p.pool("Alice") == {"C": 3}


def test_plasm_capture_waits_for_the_next_first_main_phase(tmp_path: Path) -> None:
    """603.7b / 505.1: not the second main phase of turn 1, nor Bob's turn 2: Alice's first main
    phase of turn 3; 608.2d: three mana of the colors she chooses, {R}{R}{G}."""
    p = play("dmgtrig_plasm_capture", tmp_path)
    assert p.error is None and (p.state["turn"], p.state["active"], p.state["step"]) == (3, "Alice", "main1")
    [trig] = p.events("AbilityTriggered")
    main1 = [e for e in p.events("StepBegan") if e.event.step == "main1"]
    assert trig.cause_seq == main1[-1].seq
    [asked] = [e for e in p.events("ChoiceRequested") if e.event.kind == "mana"]
    assert asked.event.player == "Alice"
    assert p.pool("Alice") == {"R": 2, "G": 1}


def test_plasm_capture_wants_x_letters(tmp_path: Path) -> None:
    """608.2d: X is 3: two letters are refused."""
    from simulator.rules.mana_effects import ManaOfColorsChosen
    from simulator.base.errors import IllegalAction
    import pytest
    with pytest.raises(IllegalAction, match="X is 3"):
        ManaOfColorsChosen("Alice", "x", "Plasm Capture", 3, None).answer(None, "Alice", "RG")  # type: ignore[arg-type]


def test_its_definition_is_found_from_the_card_pool() -> None:
    """113.7a: the delayed trigger's ability, from its AbilityId alone (an instant's effect number; a
    permanent's line)."""
    pool = CardPool.builtin().with_real_card("Jinx").with_real_card("Barbed Sextant")
    for card, index in (("Jinx", 1), ("Barbed Sextant", 0)):
        found = ability_definition(pool, AbilityId(DELAYED, card, index))
        assert isinstance(found, m.TriggeredAbility) and isinstance(found.condition, m.BeginningOfNextTurnUpkeep)
        assert found.effects == (m.DrawCards(1),)


def test_a_state_with_one_reads_back() -> None:
    """The state's delayed triggers survive a snapshot (codec) with their AbilityId."""
    d = DelayedTrigger("delayed-3", AbilityId(DELAYED, "Jinx", 1), "Alice", "jinx-1", "Jinx",
                       "Draw a card at the beginning of the next turn's upkeep.", 1)
    s = GameState(delayed=pvector([d]))
    back = state_from_dict(state_to_dict(s))
    assert back.delayed == s.delayed and state_digest(back) == state_digest(s)
    assert state_digest(GameState()) != state_digest(s)
