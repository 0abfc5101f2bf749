""""When this land enters, sacrifice it unless you pay {1}." (Rupture Spire, Transguild Promenade,
Gateway Plaza, Archway Commons; 608.2c, 701.21a): a `pay_unless` choice as the trigger resolves;
"pay" pays the mana from the pool then (mana abilities are activated before the trigger
resolves: a pending choice takes no other decision), "sacrifice" sacrifices the land."""
from __future__ import annotations

from pathlib import Path

import pytest

from scenario import play
from simulator.cards import model as m
from simulator.cards.pool import CardPool
from simulator.rules.support import unsupported


def test_paying_keeps_the_land(tmp_path: Path) -> None:
    p = play("paid_rupture_spire_pays", tmp_path)
    assert p.error is None and p.state["pending"] is None
    [req] = p.events("ChoiceRequested")
    assert (req.event.kind, list(req.event.options), req.rule) == ("pay_unless", ["pay", "sacrifice"], "608.2c")
    [spent] = p.events("ManaSpent")
    assert spent.event.mana == {"C": 1} and spent.rule == "608.2c"
    assert p.perm("Rupture Spire")["tapped"] is True and p.pool("Alice") == {}


def test_not_paying_sacrifices_it(tmp_path: Path) -> None:
    p = play("paid_rupture_spire_sacrifices", tmp_path)
    assert p.error is None
    assert p.on_battlefield("Rupture Spire") == [] and p.player("Alice")["graveyard"] == ["Rupture Spire"]
    assert p.pool("Alice") == {"C": 1} and p.events("ManaSpent") == []


def test_an_empty_pool_cannot_pay(tmp_path: Path) -> None:
    """118.3: a cost can't be paid without the mana; the choice stays pending."""
    p = play("paid_rupture_spire_cannot_pay", tmp_path)
    assert p.error is not None and p.error.rule == "608.2c"
    assert "not enough mana to pay {1}" in str(p.error)
    assert p.state["pending"]["kind"] == "pay_unless"


@pytest.mark.parametrize("name", ["Rupture Spire", "Transguild Promenade", "Gateway Plaza", "Archway Commons"])
def test_the_real_cards(name: str) -> None:
    pool = CardPool.builtin().with_real_card(name)
    assert pool is not None
    card = pool.get(name)
    assert unsupported(card) == []
    [trigger] = [a for a in card.abilities if isinstance(a, m.TriggeredAbility)]
    assert trigger.condition == m.EntersSelf() and trigger.effects == (m.SacrificeUnlessPay(generic=1),)
