"""Spells that add mana (605.1a, 608.2c, 106.4) and instant speed (117.1a, 307.1, 702.8a)."""
from __future__ import annotations

from scenario import game_path, play

from simulator.session.recorder import replay_file
from simulator.tools.legal import legal_decisions


def test_dark_ritual_in_the_upkeep_pays_an_instant(tmp_path):
    """117.1a: an instant is cast in the upkeep; 605.1a: Dark Ritual is a spell, not a mana
    ability: it goes on the stack (Bob receives priority) and adds {B}{B}{B} as it resolves
    (608.2c); that mana pays Test Insight's {1}{B}{B} (601.2h)."""
    p = play("spell_dark_ritual_upkeep", tmp_path)
    assert p.error is None
    assert p.state["step"] == "upkeep"
    added = [e for e in p.events("ManaAdded") if e.rule == "608.2c"]
    assert [(e.event.player, e.event.mana) for e in added] == [("Alice", {"B": 3})]
    cast = p.events("SpellCast")
    assert [e.event.card for e in cast] == ["Dark Ritual", "Test Insight"]
    # Bob had priority while Dark Ritual was on the stack (it used the stack)
    seq_cast, seq_added = cast[0].seq, added[0].seq
    assert any(e.event.player == "Bob" for e in p.events("PriorityPassed") if seq_cast < e.seq < seq_added)
    spent = [e.event.mana for e in p.events("ManaSpent")]
    assert spent == [{"B": 1}, {"B": 3}]
    assert p.pool("Alice") == {}
    assert p.player("Alice")["graveyard"] == ["Dark Ritual", "Test Insight"]
    assert p.player("Alice")["hand"] == ["Island"]      # Test Insight drew it


def test_dark_ritual_mana_empties_as_the_step_ends(tmp_path):
    """106.4: mana a spell added empties from the pool at the end of the step like any other."""
    p = play("spell_dark_ritual_empties", tmp_path)
    assert p.error is None
    (emptied,) = p.events("ManaPoolEmptied")
    assert (emptied.event.player, emptied.event.mana, emptied.rule) == ("Alice", {"B": 3}, "106.4")
    assert p.state["step"] == "draw" and p.pool("Alice") == {}


def test_channel_the_suns_adds_each_color(tmp_path):
    """608.2c: a sorcery's "Add {W}{U}{B}{R}{G}." adds those five as it resolves."""
    p = play("spell_channel_the_suns", tmp_path)
    assert p.error is None
    assert p.pool("Alice") == {"W": 1, "U": 1, "B": 1, "R": 1, "G": 1}
    assert not p.events("AbilityActivated")[4:]     # only the four Forests: no mana ability of the spell


def test_sorcery_in_the_upkeep_is_illegal(tmp_path):
    """307.1: a sorcery only in a main phase of its controller's turn, stack empty."""
    p = play("spell_sorcery_in_upkeep", tmp_path)
    assert p.error is not None and p.error.rule == "307.1"
    assert "Channel the Suns" in str(p.error) and "upkeep" in str(p.error)
    assert p.player("Alice")["hand"] == ["Channel the Suns"] and p.pool("Alice") == {"G": 4}


def test_creature_without_flash_in_the_upkeep_is_illegal(tmp_path):
    """302.1 / 307.1: a creature spell without flash has sorcery timing."""
    p = play("spell_creature_no_flash_upkeep", tmp_path)
    assert p.error is not None and p.error.rule == "302.1"


def test_instants_in_response_to_a_trigger_on_the_stack(tmp_path):
    """605.1b: Lotus Cobra's landfall is not a mana ability and uses the stack; 117.1a: Alice
    and then Bob cast Dark Ritual in response; 608.1: last in, first out."""
    p = play("spell_instant_responds_to_cobra", tmp_path)
    assert p.error is None
    added = [(e.event.player, e.event.mana, e.rule) for e in p.events("ManaAdded") if e.rule != "106.4"]
    assert added == [("Bob", {"B": 3}, "608.2c"), ("Alice", {"B": 3}, "608.2c"), ("Alice", {"G": 1}, "608.2c")]
    # both rituals were cast while the trigger was on the stack
    put = p.events("AbilityPutOnStack")
    assert len(put) == 1 and all(c.seq > put[0].seq for c in p.events("SpellCast"))
    assert p.pool("Alice") == {"B": 3, "G": 1} and p.pool("Bob") == {"B": 3}
    assert p.state["stack"] == []


def test_wild_growth_trigger_never_on_the_stack(tmp_path):
    """605.1b, 605.4a: Wild Growth's trigger is a triggered mana ability: it resolves at once,
    nothing goes on the stack; 702.8a: a flash creature is cast in the upkeep."""
    p = play("spell_wild_growth_no_stack", tmp_path)
    assert p.error is None
    assert not p.events("AbilityPutOnStack")
    (t,) = [e for e in p.events("AbilityTriggered")]
    assert t.event.mana_ability is True
    assert p.on_battlefield("Test Flash Bear") and p.pool("Alice") == {"G": 1}


def test_legal_decisions_offer_instants_with_a_trigger_on_the_stack():
    """117.1a, 702.8a: with Lotus Cobra's trigger on the stack, legal_decisions lists the instant
    and the flash creature, not the sorcery (307.1: the stack is not empty)."""
    result = replay_file(game_path("spell_legal_with_trigger"), None)
    assert result.error is None and len(result.game.state.stack) == 1
    casts = {d.action["cast"] for d in legal_decisions(result.game.state, result.game.pool) if "cast" in d.action}
    assert casts == {"Dark Ritual", "Test Flash Bear"}


def test_spell_mana_color_chosen_as_it_resolves(tmp_path):
    """608.2d: "three mana of any one color" from a resolving spell: the controller chooses then."""
    p = play("spell_rite_color_choice", tmp_path)
    assert p.error is None
    (req,) = p.events("ChoiceRequested")
    assert (req.event.kind, req.event.player, req.rule) == ("mana", "Alice", "608.2d")
    assert list(req.event.options) == ["W", "U", "B", "R", "G"]
    assert p.pool("Alice") == {"U": 3}
