"""Cumulative upkeep (702.24; issue 22, pool-keywords) on real cards: "Cumulative upkeep {1}{U}"
(Mystic Might) and "Cumulative upkeep—Add {R}." (Braid of Fire) are "At the beginning of your
upkeep, if this permanent is on the battlefield, put an age counter on this permanent. Then you may
pay [cost] for each age counter on it. If you don't, sacrifice it." (702.24a; the `pay_unless`
choice, 608.2c). Recorded games: tests/games/cumulative_upkeep_*.toml."""
from __future__ import annotations

from pathlib import Path

import pytest

from scenario import play
from simulator.base.errors import CardDataError
from simulator.cards import model as m
from simulator.cards.oracle import package_oracle
from simulator.cards.parser import parse_card_text

ORACLE_LINES = {
    "Mystic Might": "Cumulative upkeep {1}{U} (At the beginning of your upkeep, put an age counter on this permanent, "
                    "then sacrifice it unless you pay its upkeep cost for each age counter on it.)",
    "Braid of Fire": "Cumulative upkeep—Add {R}. (At the beginning of your upkeep, put an age counter on this "
                     "permanent, then sacrifice it unless you pay its upkeep cost for each age counter on it.)",
}


@pytest.mark.parametrize("name", sorted(ORACLE_LINES))
def test_the_games_play_real_cards_with_this_oracle_line(name: str) -> None:
    record = package_oracle().record(name)
    assert record is not None and ORACLE_LINES[name] in record.text.splitlines()


def test_the_cost_grows_with_the_age_counters(tmp_path: Path) -> None:
    """702.24a: {1}{U} for one age counter (paid from two Islands tapped while the choice waits,
    605.3a); {2}{U}{U} for two, declined: sacrificed (701.21a). Only in its controller's upkeep
    (503.1a): Bob's upkeeps make nothing trigger."""
    p = play("cumulative_upkeep_mystic_might", tmp_path)
    assert p.error is None
    assert [(e.event.counter, e.rule) for e in p.events("CountersPlaced")] == [("age", "702.24a")] * 2
    asked = [e.event.prompt for e in p.events("ChoiceRequested") if e.rule == "702.24a"]
    assert len(asked) == 2 and "{1}{U}" in asked[0] and "{2}{U}{U}" in asked[1]
    assert [e.rule for e in p.events("ZoneChanged") if e.event.to_zone == "graveyard"] == ["701.21a"]
    assert len([e for e in p.events("AbilityTriggered") if e.event.source_card == "Mystic Might"]) == 2


def test_braid_of_fire_adds_its_cost(tmp_path: Path) -> None:
    """"Add {R}" for each age counter: {R}, then {R}{R} (702.24a); paying adds the mana."""
    p = play("cumulative_upkeep_braid_of_fire", tmp_path)
    assert p.error is None
    assert [(e.event.mana, e.rule) for e in p.events("ManaAdded")] == [({"R": 1}, "702.24a"), ({"R": 2}, "702.24a")]


def test_pay_without_the_mana_is_refused(tmp_path: Path) -> None:
    """608.2c: "pay" with too little mana in the pool is an illegal answer; nothing is written."""
    p = play("cumulative_upkeep_cannot_pay", tmp_path)
    assert p.error is not None and p.error.rule == "608.2c"
    assert p.state["pending"]["kind"] == "pay_unless"


def test_the_lines_parse() -> None:
    [a] = parse_card_text("Test", "Cumulative upkeep {2}").abilities
    assert a == m.TriggeredAbility(m.BeginningOfYourStep("upkeep"), (m.CumulativeUpkeep(2),), "Cumulative upkeep {2}")
    [b] = parse_card_text("Test", "Cumulative upkeep—Add {R}.").abilities
    assert isinstance(b, m.TriggeredAbility) and b.effects == (m.CumulativeUpkeep(0, ("R",), add=True),)


@pytest.mark.parametrize("line", ["Cumulative upkeep—Pay {B} and 1 life.", "Cumulative upkeep—Sacrifice a land.",
                                  "Cumulative upkeep {X}"])
def test_other_costs_are_refused(line: str) -> None:
    with pytest.raises(CardDataError):
        parse_card_text("Test", line)
