"""Energy (issue 22, pool-misc): "you get {E}{E}" and "Pay {E}" (107.14: the energy symbol is one
energy counter; 122.1: counters on a player). A player's energy is `Player.energy`, shown in
`--json` as the player's `counters`; `EnergyReceived` / `EnergyPaid` record it. Real cards outside
the built-in pool: Aether Hub, Servant of the Conduit, Solar Transformer, Conversion Apparatus."""
from __future__ import annotations

from pathlib import Path

import pytest

from scenario import play
from simulator.cards import CardPool
from simulator.cards import model as m
from simulator.cards.oracle import package_oracle
from simulator.cards.parser import parse_oracle

LINES = {
    "Aether Hub": ["When this land enters, you get {E} (an energy counter).", "{T}, Pay {E}: Add one mana of any color."],
    "Servant of the Conduit": ["When this creature enters, you get {E}{E} (two energy counters).",
                               "{T}, Pay {E}: Add one mana of any color."],
    "Solar Transformer": ["When this artifact enters, you get {E}{E}{E} (three energy counters)."],
    "Conversion Apparatus": ["{3}, {T}: You get {E}{E}{E} (three energy counters).",
                             "{T}, Pay {E}{E}{E}: Add three mana in any combination of colors."],
}


@pytest.mark.parametrize("name", sorted(LINES))
def test_the_sample_is_real_cards_with_these_lines(name: str) -> None:
    record = package_oracle().record(name)
    assert record is not None and all(line in record.text.split("\n") for line in LINES[name])
    assert name not in CardPool.builtin()
    assert CardPool().with_real_card(name) is not None


def test_the_symbols_are_counted() -> None:
    """107.14: one energy counter per {E}, as an effect and as a cost."""
    get, pay = parse_oracle("Conversion Apparatus", "\n".join(LINES["Conversion Apparatus"]))
    assert isinstance(get, m.ActivatedAbility) and get.effects == (m.GetEnergy(3),) and not get.is_mana_ability
    assert isinstance(pay, m.ActivatedAbility) and pay.cost.energy == 3 and pay.cost.tap and pay.is_mana_ability


def test_aether_hub_gets_an_energy_counter_and_pays_it(tmp_path: Path) -> None:
    """The enters trigger gives one energy (107.14); paying it (602.2h) taps the Hub for {R}."""
    p = play("energy_aether_hub", tmp_path)
    assert p.error is None
    assert [e.event.amount for e in p.events("EnergyReceived")] == [1]
    assert [e.event.amount for e in p.events("EnergyPaid")] == [1]
    assert p.pool("Alice") == {"R": 1}
    assert "counters" not in p.player("Alice"), "no energy left: no counters shown"
    assert p.log[1].event.source.get("oracle_cards"), "the game took its real cards from the Oracle data"


def test_energy_is_shown_while_the_player_has_it(tmp_path: Path) -> None:
    """After the trigger resolves: the player's `counters` shows one energy, Bob's nothing."""
    p = play("energy_aether_hub_enters", tmp_path)
    assert p.error is None
    assert p.player("Alice")["counters"] == {"energy": 1}
    assert "counters" not in p.player("Bob")


def test_the_one_energy_pays_once(tmp_path: Path) -> None:
    """Spent on turn 1, it is gone on turn 3: "{T}, Pay {E}" is refused (107.14)."""
    p = play("energy_aether_hub_twice", tmp_path)
    received = next(seq for seq, env in sorted(p.log.items()) if env.type == "EnergyReceived")
    assert p.log[received].event.describe() == "Alice gets {E} (1 energy)"
    assert p.error is not None and p.error.rule == "107.14"
    assert "Alice cannot pay {E} with 0 energy" in str(p.error)
    assert p.state["turn"] == 3 and p.pool("Alice") == {}


def test_a_cost_without_the_energy_is_refused(tmp_path: Path) -> None:
    """107.14, 602.2h: with no energy "{T}, Pay {E}" cannot be paid; nothing happens."""
    p = play("energy_servant_without_energy", tmp_path)
    assert p.error is not None and p.error.rule == "107.14"
    assert not p.perm("servant")["tapped"] and p.pool("Alice") == {}
    assert p.events("EnergyPaid") == []
