"""Ward (702.21; issue 22, pool-keywords) on real cards: "Ward {2}" (Hulking Raptor), "Trample,
ward {2}" (Bristlebane Battler), "Ward {4}" (Neverwinter Hydra) is "Whenever this permanent becomes
the target of a spell or ability an opponent controls, counter that spell or ability unless that
player pays {2}." (702.21a): a spell as it is cast, an activated or triggered ability as it is put
on the stack; its controller pays (608.2c, the `counter_unless` choice) or it is countered
(701.6a: a spell to the graveyard, an ability removed from the stack, `AbilityCountered`). Recorded
games: tests/games/ward_*.toml."""
from __future__ import annotations

from pathlib import Path

import pytest

from scenario import play
from simulator.base.errors import CardDataError
from simulator.cards import model as m
from simulator.cards.oracle import package_oracle
from simulator.cards.parser import parse_card_text

ORACLE_LINES = {
    "Hulking Raptor": "Ward {2}",
    "Bristlebane Battler": "Trample, ward {2}",
    "Prodigal Sorcerer": "{T}: This creature deals 1 damage to any target.",
    "Flametongue Kavu": "When this creature enters, it deals 4 damage to target creature.",
}


@pytest.mark.parametrize("name", sorted(ORACLE_LINES))
def test_the_games_play_real_cards_with_this_oracle_line(name: str) -> None:
    record = package_oracle().record(name)
    assert record is not None and ORACLE_LINES[name] in record.text.splitlines()


def _ward_triggers(p) -> list:
    return [e for e in p.events("AbilityTriggered") if e.rule == "702.21a"]


def test_bob_pays_and_shock_resolves(tmp_path: Path) -> None:
    """702.21a: the trigger sees Shock (`targeted_by`), waits for the spell to be cast (601.2i) and
    goes on the stack above it; Bob pays {2} from his pool (608.2c): Shock resolves."""
    p = play("ward_hulking_raptor_shock_pay", tmp_path)
    assert p.error is None
    [trig] = _ward_triggers(p)
    [cast] = p.events("SpellCast")
    assert trig.event.targeted_by == cast.event.spell_id and trig.cause_seq == cast.seq
    assert [e.event.amount for e in p.events("DamageDealtToPermanent")] == [2]
    assert [e.rule for e in p.events("ManaSpent")][-1] == "608.2c"


def test_bob_lets_shock_be_countered(tmp_path: Path) -> None:
    """701.6a: countered, Shock goes to Bob's graveyard without resolving: no damage."""
    p = play("ward_hulking_raptor_shock_countered", tmp_path)
    assert p.error is None
    assert [(e.event.card, e.event.reason, e.rule) for e in p.events("ZoneChanged") if e.event.to_zone == "graveyard"] == [
        ("Shock", "countered", "701.6a")]
    assert p.events("DamageDealtToPermanent") == [] and p.events("SpellResolved") == []


def test_its_controllers_own_spell_does_not_trigger_it(tmp_path: Path) -> None:
    """702.21a: "an opponent controls": Alice's own Shock makes nothing trigger."""
    p = play("ward_own_spell_no_trigger", tmp_path)
    assert p.error is None and _ward_triggers(p) == []
    assert [e.event.amount for e in p.events("DamageDealtToPermanent")] == [2]


def test_an_activated_ability_is_countered(tmp_path: Path) -> None:
    """An ability too (702.21a): countered, it is removed from the stack without resolving
    (701.6a; `AbilityCountered`), no damage; no `AbilityResolved` for it."""
    p = play("ward_activated_ability_countered", tmp_path)
    assert p.error is None
    [put] = [e for e in p.events("AbilityPutOnStack") if e.event.kind == "activated"]
    [countered] = p.events("AbilityCountered")
    assert countered.event.stack_id == put.event.stack_id and countered.rule == "701.6a"
    assert p.events("DamageDealtToPermanent") == []
    assert put.event.stack_id not in [e.event.stack_id for e in p.events("AbilityResolved")]


def test_a_triggered_ability_that_targets_it(tmp_path: Path) -> None:
    """603.3d: the Kavu's trigger targets the Raptor as it is put on the stack: ward triggers and
    resolves first; Bob pays, the Kavu's 4 damage is lethal (704.5g)."""
    p = play("ward_triggered_ability", tmp_path)
    assert p.error is None
    [trig] = _ward_triggers(p)
    kavu = next(e for e in p.events("AbilityPutOnStack") if e.event.source_card == "Flametongue Kavu")
    assert trig.event.targeted_by == kavu.event.stack_id
    assert [e.rule for e in p.events("ZoneChanged") if e.event.to_zone == "graveyard"][-1] == "704.5g"


def test_any_opponent_in_a_multiplayer_game(tmp_path: Path) -> None:
    """102.3: each other player is an opponent: Carol's spell triggers it, and Carol chooses."""
    p = play("ward_multiplayer_opponent", tmp_path)
    assert p.error is None
    [trig] = _ward_triggers(p)
    [asked] = [e for e in p.events("ChoiceRequested") if e.rule == "702.21a"]
    assert asked.event.player == "Carol"


def test_the_lines_parse() -> None:
    """702.21a: a triggered ability; with keywords before it, two abilities of one line."""
    [ward] = parse_card_text("Test", "Ward {2}").abilities
    assert ward == m.TriggeredAbility(m.BecomesTargetOfOpponent(), (m.CounterUnlessPays(2),), "Ward {2}")
    trample, ward2 = parse_card_text("Test", "Trample, ward {1}{U}").abilities
    assert trample.effect == m.Keyword("Trample")
    assert ward2.effects == (m.CounterUnlessPays(1, ("U",)),) and ward2.text == "Ward {1}{U}"


@pytest.mark.parametrize("line", ["Ward—Pay 2 life.", "Ward—Sacrifice two permanents.", "Ward {X}"])
def test_other_ward_costs_are_refused(line: str) -> None:
    """"Ward—Pay N life" and the other non-mana costs (702.21b) are not supported: refused."""
    with pytest.raises(CardDataError):
        parse_card_text("Test", line)
