"""Rolling dice (706; issue 22, pool-keywords) on real cards: "Roll a d20." and its result table
(706.2: Component Pouch), "roll a six-sided die and put / remove a number of +1/+1 counters ...
equal to the result" (Jumbo Imp), "As this creature enters, roll ... enters with a number of ...
counters on it equal to the result / the total of those results." (614.1c: Jumbo Imp, Hydradoodle,
Temp of the Damned), "Whenever you roll a die" (Hammer Jammer), and Temp of the Damned's "remove a
funk counter ... If you can't, sacrifice it.". Each die is a `DieRolled` event whose result comes
from the game's seed and its place in the log: the same on every replay. Recorded games:
tests/games/dice_*.toml."""
from __future__ import annotations

import random
from pathlib import Path

import pytest

from scenario import play
from simulator.base.errors import CardDataError
from simulator.cards import model as m
from simulator.cards.oracle import package_oracle
from simulator.cards.parser import parse_card_text

ORACLE_LINES = {
    "Component Pouch": "{T}: Roll a d20.",
    "Jumbo Imp": "At the beginning of your end step, roll a six-sided die and remove a number of +1/+1 counters "
                 "from this creature equal to the result.",
    "Hydradoodle": "As this creature enters, roll X six-sided dice. This creature enters with a number of +1/+1 "
                   "counters on it equal to the total of those results.",
    "Hammer Jammer": "Whenever you roll a die, remove all +1/+1 counters from this creature, then put a number of "
                     "+1/+1 counters on it equal to the result.",
    "Temp of the Damned": "At the beginning of your upkeep, remove a funk counter from this creature. If you can't, "
                          "sacrifice it.",
}


@pytest.mark.parametrize("name", sorted(ORACLE_LINES))
def test_the_games_play_real_cards_with_this_oracle_line(name: str) -> None:
    record = package_oracle().record(name)
    assert record is not None and ORACLE_LINES[name] in record.text.splitlines()


def _rolls(p) -> list[tuple[str, int, int]]:
    return [(e.event.source_card, e.event.sides, e.event.result) for e in p.events("DieRolled")]


def test_a_die_is_drawn_from_the_seed_and_its_place_in_the_log(tmp_path: Path) -> None:
    """706.1: a number from 1 to 20, the same on every replay: the seed and the event's seq."""
    p = play("dice_component_pouch", tmp_path)
    [rolled] = p.events("DieRolled")
    assert rolled.rule == "706.1" and rolled.event.player == "Alice"
    assert rolled.event.result == random.Random(f"1:{rolled.seq}:die").randint(1, 20) == 19


@pytest.mark.parametrize("game, result, counters", [("dice_component_pouch", 19, 2),
                                                    ("dice_component_pouch_low", 7, 1)])
def test_the_result_table_row_of_the_result_applies(tmp_path: Path, game: str, result: int, counters: int) -> None:
    """706.2: "1—9 | Put a component counter ..." / "10—20 | Put two ...": only the row the result
    is in."""
    p = play(game, tmp_path)
    assert p.error is None
    assert _rolls(p) == [("Component Pouch", 20, result)]
    assert p.perm("pouch")["counters"] == {"component": counters}


def test_jumbo_imp_rolls_as_it_enters_and_in_its_steps(tmp_path: Path) -> None:
    """614.1c: the entering roll (6) before it is on the battlefield, its counters as it enters;
    the end step's 3 removes three, the upkeep's 1 puts one (503.1a)."""
    p = play("dice_jumbo_imp", tmp_path)
    assert p.error is None
    assert [r[2] for r in _rolls(p)] == [6, 3, 1]
    enters = p.events("DieRolled")[0]
    moved = next(e for e in p.events("ZoneChanged") if e.event.to_zone == "battlefield")
    assert enters.seq < moved.seq                        # rolled as it would enter
    assert p.perm("Jumbo Imp")["counters"] == {"+1/+1": 4}


def test_hydradoodle_rolls_x_dice_and_enters_with_their_total(tmp_path: Path) -> None:
    """107.3m: X = 2, two dice (3 and 1): four counters; X = 0: no dice, a 0/0 (704.5f)."""
    p = play("dice_hydradoodle", tmp_path)
    assert [r[2] for r in _rolls(p)] == [3, 1] and p.perm("Hydradoodle")["counters"] == {"+1/+1": 4}
    p = play("dice_hydradoodle_x0", tmp_path / "x0")
    assert _rolls(p) == []
    assert [e.rule for e in p.events("ZoneChanged") if e.event.to_zone == "graveyard"] == ["704.5f"]


def test_hammer_jammer_sees_the_next_die_not_its_own(tmp_path: Path) -> None:
    """603.2: its own entering roll was before it was on the battlefield (614.1c): no trigger;
    Jumbo Imp's die (Alice's) makes it trigger; its 5 counters become 4, that die's result."""
    p = play("dice_hammer_jammer", tmp_path)
    assert p.error is None
    assert [r[2] for r in _rolls(p)] == [5, 4]
    [trig] = p.events("AbilityTriggered")
    assert trig.event.source_card == "Hammer Jammer" and trig.event.amount == 4
    assert trig.cause_seq == p.events("DieRolled")[1].seq
    assert p.perm("Hammer Jammer")["counters"] == {"+1/+1": 4}


def test_temp_of_the_damned_sacrificed_when_it_cannot_remove(tmp_path: Path) -> None:
    """122.1: the funk counter removed in the first upkeep; in the next none: sacrificed (701.21a)."""
    p = play("dice_temp_of_the_damned", tmp_path)
    assert p.error is None
    assert [e.event.counters for e in p.events("CountersRemoved")] == [{"funk": 1}]
    assert [e.rule for e in p.events("ZoneChanged") if e.event.to_zone == "graveyard"] == ["701.21a"]


def test_the_table_parses_to_its_rows() -> None:
    [_, roll] = parse_card_text("Component Pouch", "{T}, Remove a component counter from this artifact: Add two "
                                "mana of different colors.\n{T}: Roll a d20.\n1—9 | Put a component counter on "
                                "this artifact.\n10—20 | Put two component counters on this artifact.").abilities
    assert isinstance(roll, m.ActivatedAbility)
    assert roll.effects == (m.RollDie(20, (m.DieResult(1, 9, m.PutCounters("component", 1, "self")),
                                           m.DieResult(10, 20, m.PutCounters("component", 2, "self")))),)


@pytest.mark.parametrize("text, problem", [
    ("{T}: Roll a d20.\n1—9 | Put a charge counter on this artifact.", "every result once"),     # 10-20 missing
    ("{T}: Roll a d6.\n1—3 | Put a charge counter on this artifact.\n3—6 | Draw a card.", "every result once"),
    ("{T}: Roll a d6.\n1—3 | Put a +1/+1 counter on target creature.\n4—6 | Draw a card.", "not supported"),
    ("As this creature enters, roll X six-sided dice. This creature enters with a number of +1/+1 counters on it "
     "equal to the result.", "the result"),
    ("When this creature enters, remove all +1/+1 counters from this creature, then put a number of +1/+1 "
     "counters on it equal to the result.", "Whenever you roll a die"),
])
def test_what_is_not_exact_is_refused(text: str, problem: str) -> None:
    """A table that misses or repeats results, a row with a target, "the result" of several dice,
    "the result" with no die rolled: refused at load, naming the problem."""
    with pytest.raises(CardDataError, match=problem):
        parse_card_text("Test Creature", text)


def test_neverwinter_hydra_rolls_x_d6_and_has_ward(tmp_path: Path) -> None:
    """"roll X d6" (X = 3: 5, 2, 3) and "It enters with ..." (the permanent itself): 10 counters;
    then its ward (702.21a) counters Bob's Shock (701.6a)."""
    p = play("dice_neverwinter_hydra", tmp_path)
    assert p.error is None
    assert [r[2] for r in _rolls(p)] == [5, 2, 3]
    assert p.perm("Neverwinter Hydra")["counters"] == {"+1/+1": 10}
    assert [e.event.reason for e in p.events("ZoneChanged") if e.event.card == "Shock" and e.event.to_zone == "graveyard"] == ["countered"]
