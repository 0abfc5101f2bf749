"""Mana only for kicked spells (106.6, 702.33d; issue 22): "Spend this mana only to cast kicked
spells." (Elfhame Druid, Throne of Makindi) and "... an instant or sorcery spell or a kicked
spell" (Volshe Tideturner). A kicked spell is one whose kicker cost was paid as it was cast;
the mana may pay any part of its total cost (601.2f). Recorded games: tests/games/spend_elfhame_*,
spend_volshe_*."""
from __future__ import annotations

import pytest

from scenario import play
from simulator.cards import CardPool
from simulator.cards import model as m
from simulator.rules.support import check_cards


def test_elfhame_druid_pays_for_a_kicked_spell(tmp_path) -> None:
    """702.33d / 106.6: Untamed Kavu cast kicked ({4}{G}): the Druid's {G}{G} and three Forests pay
    it; it enters with three +1/+1 counters."""
    p = play("spend_elfhame_kicked", tmp_path)
    assert p.error is None
    kavu = p.perm("Untamed Kavu")
    assert kavu["counters"] == {"+1/+1": 3}
    [spent] = p.events("ManaSpent")
    assert spent.event.mana == {"G": 5}
    assert [u["source"] for u in spent.event.units] == ["druid"]
    assert p.pool("Alice") == {}


def test_elfhame_druid_does_not_pay_for_an_unkicked_spell(tmp_path) -> None:
    """106.6: unkicked, Untamed Kavu is no kicked spell: the {G}{G} can't pay, so one Forest's {G}
    is not enough; the message names the mana, its source and the restriction."""
    p = play("spend_elfhame_unkicked", tmp_path)
    assert p.error is not None and p.error.rule == "106.6"
    assert '"Spend this mana only to cast kicked spells."' in str(p.error)
    assert p.player("Alice")["hand"] == ["Untamed Kavu"]


def test_volshe_pays_for_a_kicked_creature_spell(tmp_path) -> None:
    """106.6: "an instant or sorcery spell or a kicked spell": a kicked Academy Drake is the second."""
    p = play("spend_volshe_kicked_drake", tmp_path)
    assert p.error is None
    assert p.perm("Academy Drake")["counters"] == {"+1/+1": 2}
    [spent] = p.events("ManaSpent")
    assert [u["source"] for u in spent.event.units] == ["volshe"]


def test_volshe_does_not_pay_for_an_unkicked_creature_spell(tmp_path) -> None:
    p = play("spend_volshe_unkicked_drake", tmp_path)
    assert p.error is not None and p.error.rule == "106.6"
    assert "volshe" in str(p.error)


def _restriction(name: str) -> m.SpendOnlyToCast:
    pool = CardPool.builtin().with_real_card(name)
    assert pool is not None
    check_cards(pool)
    found = [e.restriction for a in pool.get(name).abilities for e in getattr(a, "effects", ())
             if isinstance(e, m.AddMana) and e.restriction is not None]
    assert len(found) == 1 and isinstance(found[0], m.SpendOnlyToCast)
    return found[0]


@pytest.mark.parametrize("name, kicked, spell, admitted", [
    ("Elfhame Druid", "only", ("Creature",), False),
    ("Elfhame Druid", "only", ("Instant",), False),
    ("Throne of Makindi", "only", ("Sorcery",), False),
    ("Volshe Tideturner", "or", ("Instant",), True),
    ("Volshe Tideturner", "or", ("Creature",), False),
])
def test_real_cards_read_kicked_spells(name: str, kicked: str, spell: tuple[str, ...], admitted: bool) -> None:
    """The restriction as each real card reads it: unkicked spells by their types, kicked ones always."""
    r = _restriction(name)
    assert r.kicked == kicked
    assert r.admits(spell, (), (), 3, 0) is admitted
    assert r.admits(spell, (), (), 3, 1) is True
    assert m.restriction_from_json(m.restriction_json(r)) == r


@pytest.mark.parametrize("game", ["spend_mana_value_kicked", "spend_mana_value_unkicked"])
def test_kicker_does_not_raise_a_spells_mana_value(game: str, tmp_path) -> None:
    """202.3 / 601.2f: kicked or not, Academy Drake's mana value is 3 (its mana cost {2}{U}); the
    kicker cost only adds to the total cost. So mana "only to cast a spell with mana value 5 or
    greater" pays for neither: the cast is refused naming the restriction (106.6)."""
    p = play(game, tmp_path)
    assert p.error is not None and p.error.rule == "106.6"
    assert "mana value 5 or greater" in str(p.error)
    assert p.player("Alice")["hand"] == ["Academy Drake"]
