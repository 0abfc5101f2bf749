"""Real cards: "At the beginning of each player's first main phase, that player adds {G}{G}."
(Eladamri's Vineyard, Magus of the Vineyard; issue 22, pool-misc). 603.2: it triggers as each
player's first main phase begins (505.1: the precombat main phase), whoever controls it; it is not
a mana ability (605.1b), it uses the stack; "that player" is the player whose phase it is (the
active player), who adds the mana as it resolves (608.2c); the mana empties as the phase ends
(500.4)."""
from __future__ import annotations

from pathlib import Path

import pytest

from real_sample import check_real_sample
from scenario import play
from simulator.cards import model as m
from simulator.cards.parser import parse_oracle

TEXT = "At the beginning of each player's first main phase, that player adds {G}{G}."


@pytest.mark.parametrize("name", ["Eladamri's Vineyard", "Magus of the Vineyard"])
def test_the_sample_is_real_cards_with_this_text(name: str) -> None:
    check_real_sample(name, TEXT)


def test_that_player_is_the_player_whose_phase_it_is() -> None:
    (ability,) = parse_oracle("Eladamri's Vineyard", TEXT)
    assert isinstance(ability, m.TriggeredAbility) and not ability.is_mana_ability
    assert ability.condition == m.BeginningOfYourStep("main1", each=True)
    assert ability.effects == (m.AddMana(m.AddFixed(("G", "G")), to=m.Recipient.ACTIVE_PLAYER),)


def test_bob_gets_the_mana_of_alices_vineyard_in_his_phase(tmp_path: Path) -> None:
    """On Bob's turn it triggers for Bob's first main phase; he adds {G}{G}, Alice nothing."""
    p = play("beginning_vineyard_each_player", tmp_path)
    assert p.error is None
    assert [e.event.source for e in p.events("AbilityTriggered")] == ["vineyard"]
    assert p.pool("Bob") == {"G": 2} and p.pool("Alice") == {}
    (added,) = p.events("ManaAdded")
    assert added.event.player == "Bob" and added.rule == "608.2c"
    assert p.log[1].event.source.get("oracle_cards"), "the game took its real cards from the Oracle data"


def test_the_mana_empties_and_the_second_main_phase_does_not_trigger(tmp_path: Path) -> None:
    """500.4: gone at the end of the phase; the second main phase is not the first: one trigger."""
    p = play("beginning_vineyard_empties", tmp_path)
    assert p.error is None
    assert p.state["step"] == "main2"
    assert p.pool("Bob") == {} and len(p.events("AbilityTriggered")) == 1
