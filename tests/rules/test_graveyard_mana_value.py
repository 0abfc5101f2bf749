"""Target cards in a graveyard "with mana value N or less" (issue 22, pool-poolC2): 202.3, the
printed mana value of the card (X is 0 outside the stack, 202.3e); 115.1, 608.2b."""
from __future__ import annotations

from pathlib import Path

from scenario import play
from simulator.cards import model as m
from simulator.cards.parser import parse_card_text, parse_oracle


def test_the_selector_carries_the_mana_value() -> None:
    (ab,) = parse_oracle("Order of Whiteclay", "{1}{W}{W}, {Q}: Return target creature card with mana value 3 or "
                                               "less from your graveyard to the battlefield.")
    assert isinstance(ab, m.ActivatedAbility) and ab.effects == (m.ReturnToBattlefield(),)
    assert ab.targets is not None and ab.targets.what.mana_value_at_most == 3
    assert ab.targets.what.types == ("Creature",) and ab.targets.what.zone == "graveyard"
    assert ab.targets.what.describe() == "a creature card with mana value 3 or less in your graveyard"
    parsed = parse_card_text("Test Sorcery", "Return target artifact or creature card with mana value 2 or less "
                                             "from your graveyard to the battlefield.", spell=True)
    assert parsed.spell_targets is not None
    assert parsed.spell_targets.what.any_of == ("Artifact", "Creature")
    assert parsed.spell_targets.what.mana_value_at_most == 2


def test_mana_value_three_returns(tmp_path: Path) -> None:
    """202.3: Centaur Courser ({2}{G}) has mana value 3: a legal target, it returns (608.2b)."""
    p = play("poolc_whiteclay_returns_three", tmp_path)
    assert p.error is None
    assert p.player("Alice")["graveyard"] == ["Hill Giant"]
    assert [b["card"] for b in p.state["battlefield"]] == ["Order of Whiteclay", "Centaur Courser"]


def test_mana_value_four_is_not_a_target(tmp_path: Path) -> None:
    """202.3, 115.1: Hill Giant ({3}{R}) has mana value 4: not a legal target, the activation is refused."""
    p = play("poolc_whiteclay_four_refused", tmp_path)
    assert p.error is not None and p.error.rule == "115.1"
    assert "mana value 3 or less" in str(p.error)
