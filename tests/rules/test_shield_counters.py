"""Shield counters (122.1c; issue 22, pool-keywords): "If a permanent with a shield counter on it
would be dealt damage or destroyed, instead remove a shield counter from it." (Disciplined
Duelist, Swooping Protector, Rhox Pummeler: "This creature enters with a shield counter on it.",
614.1c). The damage of one event is replaced whole and one counter removed; nothing is dealt (no
lifelink, no deathtouch); an indestructible permanent is not destroyed, so keeps its counter
(702.12b); with a prevention shield (615.7) or a regeneration shield (701.19a) the controller
orders them (616.1). Recorded games: tests/games/shield_counter_*.toml."""
from __future__ import annotations

from pathlib import Path

import pytest

from scenario import play
from simulator.cards import model as m
from simulator.cards.oracle import package_oracle
from simulator.cards.parser import parse_card_text

ORACLE_LINES = {
    "Disciplined Duelist": "This creature enters with a shield counter on it. (If it would be dealt damage or destroyed, remove a shield counter from it instead.)",
    "Swooping Protector": "This creature enters with a shield counter on it. (If it would be dealt damage or destroyed, remove a shield counter from it instead.)",
    "Rhox Pummeler": "This creature has trample as long as it has a shield counter on it.",
    "Shock": "Shock deals 2 damage to any target.",
    "Murder": "Destroy target creature.",
    "Yavimaya Hollow": "{G}, {T}: Regenerate target creature.",
    "Necra Disciple": "{W}, {T}: Prevent the next 1 damage that would be dealt to any target this turn.",
    "Darksteel Myr": "Indestructible (Damage and effects that say \"destroy\" don't destroy this creature. If its toughness is 0 or less, it still dies.)",
}


@pytest.mark.parametrize("name", sorted(ORACLE_LINES))
def test_the_games_play_real_cards_with_this_oracle_line(name: str) -> None:
    record = package_oracle().record(name)
    assert record is not None and ORACLE_LINES[name] in record.text.splitlines()


def _shield_removals(p) -> list[tuple[str, str | None]]:
    return [(e.event.object_id, e.event.instead) for e in p.events("CountersRemoved")
            if e.rule == "122.1c" and e.event.counters == {"shield": 1}]


def test_enters_with_a_shield_counter_and_it_replaces_damage_once(tmp_path: Path) -> None:
    """614.1c: it enters with the counter; 122.1c: Shock's 2 damage is not dealt (no damage
    marked, no `DamageDealtToPermanent`) and one counter is removed; the second Shock meets no
    counter: 2 damage to a 2/1, lethal (704.5g)."""
    p = play("shield_counter_duelist_shock", tmp_path)
    assert p.error is None
    [removed] = _shield_removals(p)
    assert removed[1] is not None and removed[1].startswith("2 damage from Shock")
    dealt = p.events("DamageDealtToPermanent")
    assert len(dealt) == 1 and dealt[0].event.amount == 2       # only the second Shock's
    assert [(e.event.card, e.rule) for e in p.events("ZoneChanged")
            if e.event.to_zone == "graveyard" and e.event.card == "Disciplined Duelist"] == [
        ("Disciplined Duelist", "704.5g")]


def test_the_counter_replaces_destruction_not_as_regeneration(tmp_path: Path) -> None:
    """122.1c: Murder's destruction (701.8a) is replaced: the counter goes, the creature stays,
    untapped (removing a shield counter is not regenerating, 701.19a)."""
    p = play("shield_counter_murder", tmp_path)
    assert p.error is None
    assert _shield_removals(p) == [("protector", "being destroyed")]
    assert p.events("Regenerated") == [] and p.perm("protector")["tapped"] is False


@pytest.mark.parametrize("game, regenerated, counters, tapped", [
    ("shield_counter_regen_regeneration_first", 1, {"shield": 1}, True),
    ("shield_counter_regen_counter_first", 0, {}, False),
])
def test_with_a_regeneration_shield_the_controller_chooses(tmp_path: Path, game: str, regenerated: int,
                                                           counters: dict, tapped: bool) -> None:
    """616.1: both replace the one destruction; Alice (the controller, not Murder's caster)
    chooses; the one chosen applies and the other does not (616.1e: no longer being destroyed)."""
    p = play(game, tmp_path)
    assert p.error is None
    [asked] = p.events("ChoiceRequested")[-1:]
    assert asked.event.player == "Alice" and asked.rule == "616.1"
    assert len(p.events("Regenerated")) == regenerated
    bears = p.perm("bears")
    assert (bears["counters"], bears["tapped"]) == (counters, tapped)


def test_with_a_prevention_shield_the_controller_orders_them(tmp_path: Path) -> None:
    """616.1: the prevention shield first prevents the 1 damage (615.7); nothing is left for the
    shield counter (616.1e). The next ping meets only the counter."""
    p = play("shield_counter_prevention_order", tmp_path)
    assert p.error is None
    assert len(p.events("DamagePrevented")) == 1
    assert [r[0] for r in _shield_removals(p)] == ["duelist"]
    assert p.events("DamageDealtToPermanent") == []


def test_no_damage_is_dealt_so_no_lifelink_and_no_deathtouch(tmp_path: Path) -> None:
    """122.1c replaces the damage: lifelink gains nothing (702.15b), deathtouch destroys nothing
    (704.5h); two counters, two events, one counter each."""
    p = play("shield_counter_lifelink_deathtouch", tmp_path)
    assert p.error is None
    assert p.events("LifeGained") == [] and p.events("DamageDealtToPermanent") == []
    assert len(_shield_removals(p)) == 2


def test_an_indestructible_permanent_keeps_its_counter(tmp_path: Path) -> None:
    """702.12b: Murder does not destroy Darksteel Myr, so nothing is replaced."""
    p = play("shield_counter_indestructible", tmp_path)
    assert p.error is None
    assert _shield_removals(p) == [] and p.perm("myr")["counters"] == {"shield": 1}


def test_rhox_pummeler_has_trample_only_with_the_counter(tmp_path: Path) -> None:
    """611.3a: "as long as it has a shield counter on it": lethal Bolt damage replaced, the
    counter gone, trample gone; the Pummeler stays (no damage marked)."""
    p = play("shield_counter_rhox_pummeler", tmp_path)
    assert p.error is None
    rhox = p.perm("rhox")
    assert rhox["keywords"] == [] and rhox["counters"] == {}
    assert len(_shield_removals(p)) == 1


def test_the_lines_parse_to_the_shield_kind() -> None:
    """The counter kind "shield" is a name the rules give a meaning (122.1c)."""
    [a] = parse_card_text("Test", "This creature enters with a shield counter on it.").abilities
    assert isinstance(a, m.ReplacementAbility) and a.effect == m.EntersWithCounters("shield", 1)
