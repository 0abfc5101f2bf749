"""Fight (701.14; issue 22, pool-modes): "This creature fights target creature you don't control."
(Voracious Hydra's second mode, 700.2b).

- each creature deals damage equal to its power to the other (701.14a), both powers read before
  any damage; not combat damage (701.14d);
- a creature with 0 power deals none (120.8), the other still does;
- the target gone as it resolves: nothing happens (608.2b, 701.14b);
- the other mode doubles the counters and fights nothing (700.2c).
"""
from __future__ import annotations

from pathlib import Path

import pytest

from scenario import play
from simulator.base.errors import CardDataError
from simulator.cards import model as m
from simulator.cards.parser import parse_oracle, parse_spell


def _damage(p: object) -> list[tuple[str, str, int]]:
    return [(e.event.source_card, e.event.object_id, e.event.amount) for e in p.events("DamageDealtToPermanent")]  # type: ignore[attr-defined]


def test_each_deals_damage_equal_to_its_power_to_the_other(tmp_path: Path) -> None:
    p = play("fight_voracious_hydra", tmp_path)
    assert p.error is None
    hydra = p.perm("Voracious Hydra")
    assert _damage(p) == [("Voracious Hydra", "bears", 2), ("Grizzly Bears", hydra["id"], 2)]
    assert [e.rule for e in p.events("DamageDealtToPermanent")] == ["120.3e", "120.3e"]
    assert p.player("Bob")["graveyard"] == ["Grizzly Bears"]
    assert hydra["damage"] == 2


def test_zero_power_deals_no_damage(tmp_path: Path) -> None:
    p = play("fight_voracious_hydra_zero_power", tmp_path)
    assert p.error is None
    assert [(src, amount) for src, _, amount in _damage(p)] == [("Grizzly Bears", 2)]
    assert p.player("Alice")["graveyard"] == ["Voracious Hydra"]
    assert p.perm("bears").get("damage", 0) == 0


def test_no_fight_without_its_target(tmp_path: Path) -> None:
    p = play("fight_voracious_hydra_target_gone", tmp_path)
    assert p.error is None
    assert _damage(p) == []
    (resolved,) = [e for e in p.events("AbilityResolved")]
    assert resolved.event.countered and resolved.rule == "608.2b"


def test_the_other_mode_fights_nothing(tmp_path: Path) -> None:
    p = play("fight_voracious_hydra_doubles", tmp_path)
    assert p.error is None
    assert _damage(p) == []
    assert p.perm("Voracious Hydra")["counters"] == {"+1/+1": 4}


def test_the_parse() -> None:
    (ability,) = parse_oracle("X", "When this creature enters, this creature fights target creature you don't control.")
    assert isinstance(ability, m.TriggeredAbility) and ability.effects == (m.Fights(),)
    assert ability.targets is not None and ability.targets.what.types == ("Creature",)
    assert ability.targets.what.controller == "opponent"


@pytest.mark.parametrize("text", [
    "When this creature enters, this creature fights target land.",          # a fight is between creatures
    "When this creature enters, this creature fights target artifact you don't control.",
])
def test_what_is_refused(text: str) -> None:
    with pytest.raises(CardDataError):
        parse_oracle("X", text)


def test_a_spell_cannot_fight_as_itself() -> None:
    with pytest.raises(CardDataError):
        parse_spell("X", "~ fights target creature you don't control.")
