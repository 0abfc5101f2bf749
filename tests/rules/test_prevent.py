"""Prevention shields (615.7) on real cards (issue 22, pool-pump): "Prevent the next N damage that
would be dealt to any target / target creature / you / it this turn" (Necra Disciple, Samite
Pilgrim's X counted as it resolves, 608.2h): each 1 damage that would be dealt is prevented
until the shield is used up; prevented damage is not dealt (615.1: no life lost, no damage
marked, no lifelink, 702.15b); the shield ends in the cleanup step (514.2). Recorded games:
tests/games/prevent_*.toml."""
from __future__ import annotations

from pathlib import Path

import pytest

from scenario import play
from simulator.base.errors import CardDataError
from simulator.cards import model as m
from simulator.cards.oracle import package_oracle
from simulator.cards.parser import parse_card_text

ORACLE_LINES = {
    "Necra Disciple": "{W}, {T}: Prevent the next 1 damage that would be dealt to any target this turn.",
    "Samite Pilgrim": "Domain — {T}: Prevent the next X damage that would be dealt to target creature this turn, "
                      "where X is the number of basic land types among lands you control.",
}


@pytest.mark.parametrize("name", sorted(ORACLE_LINES))
def test_the_games_play_real_cards_with_this_oracle_line(name: str) -> None:
    """Each game names the real card (taken from the Oracle data); its line is as quoted."""
    record = package_oracle().record(name)
    assert record is not None and ORACLE_LINES[name] in record.text.splitlines()


def _life(p, name: str) -> int:
    return p.player(name)["life"]


def test_the_next_one_damage_to_a_player_is_prevented(tmp_path: Path) -> None:
    """615.7: the first 1 damage to Alice is prevented, the shield used up; the second is dealt
    (120.3a): 19 life."""
    p = play("prevent_necra_disciple_player", tmp_path)
    assert p.error is None
    [shield] = p.events("PreventionShieldCreated")
    assert (shield.event.to, shield.event.amount, shield.rule) == ("Alice", 1, "615.7")
    [prevented] = p.events("DamagePrevented")
    assert (prevented.event.to, prevented.event.amount, prevented.rule) == ("Alice", 1, "615.7")
    assert [(e.event.player, e.event.amount) for e in p.events("DamageDealt")] == [("Alice", 1)]
    assert _life(p, "Alice") == 19


def test_prevented_lifelink_damage_gains_no_life(tmp_path: Path) -> None:
    """615.1 / 702.15b: the prevented damage is not dealt, so lifelink gains Alice nothing."""
    p = play("prevent_necra_disciple_lifelink", tmp_path)
    assert p.error is None
    assert _life(p, "Bob") == 20 and _life(p, "Alice") == 20
    assert p.events("DamageDealt") == [] and p.events("LifeGained") == []


def test_a_shield_of_x_prevents_one_damage_at_a_time(tmp_path: Path) -> None:
    """608.2h: X is the number of basic land types as it resolves (Plains, Island: 2); 615.7:
    two pings are prevented, one at a time, the third is marked on the Bears (120.3e)."""
    p = play("prevent_samite_pilgrim_domain", tmp_path)
    assert p.error is None
    [shield] = p.events("PreventionShieldCreated")
    assert (shield.event.to, shield.event.amount) == ("bears", 2)
    assert [e.event.amount for e in p.events("DamagePrevented")] == [1, 1]
    assert p.perm("bears")["damage"] == 1


def test_the_shield_ends_in_the_cleanup_step(tmp_path: Path) -> None:
    """514.2: Alice's shield of her own turn is gone in Bob's: his 1 damage is dealt."""
    p = play("prevent_shield_ends", tmp_path)
    assert p.error is None and p.state["turn"] == 2
    assert p.events("DamagePrevented") == []
    assert _life(p, "Alice") == 19


@pytest.mark.parametrize("line, effect, players", [
    ("{W}: Prevent the next 1 damage that would be dealt to it this turn.", m.PreventDamage(1, "self"), None),
    ("{T}: Prevent the next 2 damage that would be dealt to you this turn.", m.PreventDamage(2, "you"), None),
    ("{T}: Prevent the next 1 damage that would be dealt to any target this turn.", m.PreventDamage(1), "any"),
])
def test_prevent_lines(line: str, effect: m.PreventDamage, players: str | None) -> None:
    """The subjects of "would be dealt to ...": the source ("it"), you, any target."""
    [a] = parse_card_text("Test", line).abilities
    assert isinstance(a, m.ActivatedAbility) and a.effects == (effect,)
    assert (a.targets.players if a.targets else None) == players


def test_x_needs_its_where() -> None:
    """"Prevent the next X damage" without "where X is ..." is refused, naming the problem."""
    with pytest.raises(CardDataError, match="where X is"):
        parse_card_text("Test", "{T}: Prevent the next X damage that would be dealt to you this turn.")
