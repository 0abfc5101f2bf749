"""Real cards of the choices family (issue 22, pool-quoted): a color, a creature type or a basic
land type chosen as a permanent enters (614.12), and what reads the chosen value. Each card is a
real card outside the built-in pool, taken from the Oracle data by the game that names it."""
from __future__ import annotations

from pathlib import Path

import pytest

from scenario import play
from simulator.cards import CardPool
from simulator.cards import model as m
from simulator.cards.oracle import package_oracle
from simulator.rules.support import unsupported

GATES = {"Black Dragon Gate": "B", "Citadel Gate": "W", "Cliffgate": "R", "Manor Gate": "G", "Sea Gate": "U"}


@pytest.mark.parametrize("name, color", sorted(GATES.items()))
def test_the_gates_choose_a_color_other_than_their_own(name: str, color: str) -> None:
    """"As this land enters, choose a color other than black." (614.12): the named color is left
    out of the choice; "{T}: Add {B} or one mana of the chosen color." reads the choice."""
    record = package_oracle().record(name)
    assert record is not None and f"choose a color other than {_WORDS[color]}." in record.text
    pool = CardPool().with_real_card(name)
    assert pool is not None
    card = pool.get(name)
    assert unsupported(card) == []
    assert [a.effect for a in card.abilities if isinstance(a, m.ReplacementAbility)] == [
        m.EntersTapped(), m.ChooseColorAsEnters(color)]


_WORDS = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green"}


def test_citadel_gate_offers_the_four_other_colors(tmp_path: Path) -> None:
    """614.12: the choice is made as it enters; white is no option (W is Citadel Gate's own)."""
    p = play("choose_gate_other_color", tmp_path)
    assert p.error is None
    [req] = p.events("ChoiceRequested")
    assert (req.event.kind, list(req.event.options), req.rule) == ("color", ["U", "B", "R", "G"], "614.12")
    gate = p.perm("Citadel Gate")
    assert gate["tapped"] is True and gate["chosen"] == {"color": "R"}
    assert p.log[1].event.source.get("oracle_cards"), "the game took the real card from the Oracle data"


def test_citadel_gate_refuses_white(tmp_path: Path) -> None:
    p = play("choose_gate_named_color", tmp_path)
    assert p.error is not None and p.error.rule == "614.12"
    assert "one of U B R G" in str(p.error)


def test_citadel_gate_adds_the_chosen_color(tmp_path: Path) -> None:
    p = play("choose_gate_tapped_for_chosen", tmp_path)
    assert p.error is None and p.pool("Alice") == {"R": 1}


def test_citadel_gate_adds_no_color_it_did_not_choose(tmp_path: Path) -> None:
    """608.2d / 106.5: only {W} or the chosen red."""
    p = play("choose_gate_tapped_for_other", tmp_path)
    assert p.error is not None and "only one of {W}, {R}, not U" in str(p.error)
