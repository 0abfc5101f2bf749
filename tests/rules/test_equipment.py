"""Equipment (301.5; issue 22, pool-casting): "Equip [cost]" (702.6a: "[Cost]: Attach this
permanent to target creature you control. Activate only as a sorcery."), attaching (701.3a-b),
what an Equipment gives the equipped creature (layers 6 and 7c) and the state-based action that
unattaches it (704.5n). Real cards, with the Oracle text the games assume: Paradise Mantle and
Manaforce Mace (the two templates "Equipped creature has "..."" and "... gets +1/+1 for each
..."), Umbral Mantle (a quoted ability whose "this creature" is the equipped creature)."""
from __future__ import annotations

from pathlib import Path

import pytest

from real_sample import check_real_sample
from scenario import play
from simulator.base.errors import CardDataError
from simulator.cards import CardPool
from simulator.cards import model as m

ORACLE_TEXT = {
    "Paradise Mantle": 'Equipped creature has "{T}: Add one mana of any color."\nEquip {1}',
    "Manaforce Mace": "Domain — Equipped creature gets +1/+1 for each basic land type among lands you control.\n"
                      "Equip {3}",
    "Umbral Mantle": 'Equipped creature has "{3}, {Q}: This creature gets +2/+2 until end of turn." '
                     "({Q} is the untap symbol.)\nEquip {0}",
}


@pytest.mark.parametrize("name", sorted(ORACLE_TEXT))
def test_the_real_equipment_plays(name: str) -> None:
    """Each is a real card outside the built-in pool with this text, and the rules accept it;
    its equip ability targets a creature its controller controls, at sorcery speed (702.6a)."""
    check_real_sample(name, ORACLE_TEXT[name])
    pool = CardPool().with_real_card(name)
    assert pool is not None
    equip = pool.get(name).abilities[-1]
    assert isinstance(equip, m.ActivatedAbility) and equip.effects == (m.AttachSelf(),)
    assert equip.sorcery_speed and equip.targets is not None
    assert (equip.targets.what.types, equip.targets.what.controller) == (("Creature",), "you")


def test_umbral_mantles_this_creature_is_the_equipped_creature() -> None:
    """113.7a: the quoted ability is the equipped creature's; its "this creature" is that
    creature (not the Equipment, which is no creature: no refusal for "this creature")."""
    pool = CardPool().with_real_card("Umbral Mantle")
    assert pool is not None
    grant = pool.get("Umbral Mantle").abilities[0]
    assert isinstance(grant, m.StaticAbilityLine) and isinstance(grant.effect, m.GrantAbility)
    assert grant.effect.affected.relation == "equipped"
    assert grant.effect.ability.cost.untap and grant.effect.ability.effects[0].who == "self"


def test_equip_then_tap_the_creature_for_the_mana_it_has(tmp_path: Path) -> None:
    """702.6a, 701.3a, 613.1f: equipped, the Bears have "{T}: Add one mana of any color." and
    tap for {U}; the Equipment is attached to them, and untapped (equip has no {T})."""
    p = play("equip_paradise_mantle", tmp_path)
    assert p.error is None
    assert p.pool("Alice") == {"U": 1}
    assert p.perm("mantle")["attached"] == "bears" and p.perm("mantle")["tapped"] is False
    attached = p.events("AttachedTo")
    assert [(e.event.object_id, e.event.target, e.rule) for e in attached] == [("mantle", "bears", "701.3a")]


def test_a_summoning_sick_creature_has_the_ability_but_cannot_tap(tmp_path: Path) -> None:
    """302.6: the granted {T} ability of a creature that came under its controller's control
    this turn cannot be activated."""
    p = play("equip_mantle_sick_creature", tmp_path)
    assert p.error is not None and p.error.rule == "302.6"
    assert p.pool("Alice") == {}


def test_equip_only_as_a_sorcery(tmp_path: Path) -> None:
    """702.6a, 602.5d: not in the opponent's turn; nothing is paid or attached."""
    p = play("equip_not_as_sorcery", tmp_path)
    assert p.error is not None and p.error.rule == "602.5d"
    assert "attached" not in p.perm("mantle") and p.perm("forest")["tapped"] is False


def test_equip_targets_a_creature_you_control(tmp_path: Path) -> None:
    """702.6a, 115.1: an opponent's creature is not a legal target."""
    p = play("equip_opponents_creature", tmp_path)
    assert p.error is not None and p.error.rule == "115.1" and "bob-bears" in str(p.error)
    assert not p.events("AttachedTo")


def test_the_equipment_stays_when_the_creature_dies_and_equips_another(tmp_path: Path) -> None:
    """704.5g, 704.5n: the Bears die; the Mantle stays on the battlefield, unattached (not put
    into the graveyard like an Aura, 704.5m); equipped again, it is attached to the Elves."""
    p = play("equip_creature_dies", tmp_path)
    assert p.error is None
    assert p.player("Alice")["graveyard"] == ["Shock", "Grizzly Bears"]
    rules = [(e.event.target, e.rule) for e in p.events("AttachedTo")]
    assert rules == [(None, "704.5n"), ("elves", "701.3a")]
    assert p.perm("mantle")["attached"] == "elves"


def test_equip_to_the_creature_it_is_attached_to_does_nothing(tmp_path: Path) -> None:
    """701.3b: attaching to the object it is already attached to does nothing (no event, no new
    timestamp); the cost is still paid."""
    p = play("equip_same_creature_again", tmp_path)
    assert p.error is None
    assert not p.events("AttachedTo") and p.perm("mantle")["attached"] == "bears"
    assert p.perm("forest")["tapped"] is True


def test_manaforce_mace_counts_basic_land_types_for_the_equipped_creature(tmp_path: Path) -> None:
    """613.4c, 305.6: Forest, Island, Mountain: three basic land types, +3/+3 to the equipped
    Bears (5/5) and nothing to the unequipped Elves (1/1)."""
    p = play("equip_manaforce_mace_domain", tmp_path)
    assert (p.perm("bears")["power"], p.perm("bears")["toughness"]) == (5, 5)
    assert (p.perm("elves")["power"], p.perm("elves")["toughness"]) == (1, 1)


def test_equip_and_equipped_are_an_equipments(tmp_path: Path) -> None:
    """301.5: "Equip" and "equipped creature" on a card that is not an Equipment are refused at
    load, naming the card and the line."""
    text = '[[card]]\nname = "Not Gear"\ncost = "{1}"\ntype = "Artifact"\ntext = "Equip {1}"\n'
    with pytest.raises(CardDataError) as e:
        CardPool().with_text(text, "t.toml")
    assert "Not Gear" in str(e.value) and "Equip {1}" in str(e.value) and "301.5" in str(e.value)
    text = text.replace('text = "Equip {1}"', 'text = "Equipped creature gets +1/+1."')
    with pytest.raises(CardDataError):
        CardPool().with_text(text, "t.toml")
