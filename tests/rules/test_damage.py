"""Damage (120.3), life loss (119.3) and destruction (701.8) on real cards (issue 22): "deals N
damage to any target" (115.4: a creature, player, planeswalker or battle), "... to target
opponent", "target player loses N life", "Destroy target (nonbasic) land"; damage marked on
creatures (120.3e), lethal damage (704.5g), deathtouch (702.2b, 704.5h), lifelink (702.15b),
indestructible (702.12b), damage removed in the cleanup step (514.2), a planeswalker without
loyalty (704.5i). Recorded games: tests/games/dmg_*.toml, life_*.toml, destroy_*.toml."""
from __future__ import annotations

import pytest

from scenario import play
from simulator.cards import CardPool
from simulator.cards import model as m
from simulator.cards.parser import parse_oracle, parse_spell
from simulator.rules.support import unsupported


def _graveyard(p, player: str) -> list[str]:
    return p.player(player)["graveyard"]


def test_ballista_pings_a_player_then_kills_a_creature(tmp_path) -> None:
    """115.4 / 120.3a: 1 damage to Bob, he loses 1 life; 120.3e: 1 damage marked on the Bears
    (2/2), which lives; the second is lethal (704.5g). With its last counter removed as a cost
    the Ballista is 0/0 and dies (704.5f) while its ability is on the stack; the ability still
    resolves (113.7a) and kills the Bears."""
    p = play("dmg_ballista_any_target", tmp_path)
    assert p.error is None
    assert p.player("Bob")["life"] == 19 and p.player("Alice")["life"] == 20
    marked = p.events("DamageDealtToPermanent")
    assert [(e.event.object_id, e.event.amount, e.event.marked, e.rule) for e in marked] == [
        ("bears", 1, True, "120.3e"), ("bears", 1, True, "120.3e")]
    [to_bob] = p.events("DamageDealt")
    assert (to_bob.event.player, to_bob.event.amount, to_bob.rule) == ("Bob", 1, "120.3a")
    deaths = {e.event.card: e.rule for e in p.events("ZoneChanged") if e.event.to_zone == "graveyard"}
    assert deaths == {"Walking Ballista": "704.5f", "Grizzly Bears": "704.5g"}
    assert p.state["battlefield"] == []


def test_the_first_damage_is_marked_and_shown(tmp_path) -> None:
    """120.3e: the damage stays marked on the creature (shown as `damage` in --json); 704.5g
    does not destroy a creature with less damage than its toughness."""
    p = play("dmg_cleanup_removes_damage", tmp_path)
    assert p.error is None
    # the second ping (Bob's turn) is not lethal: the first was removed in Alice's cleanup step
    assert p.perm("bears")["damage"] == 1
    [removed] = p.events("DamageRemoved")
    assert (removed.event.objects, removed.rule) == (("bears",), "514.2")


def test_indestructible_survives_lethal_damage_and_destroy(tmp_path) -> None:
    """702.12b: Darksteel Myr (0/1) with 2 damage marked stays on the battlefield (704.5g does not
    destroy it); Strip Mine's "Destroy target land." leaves Darksteel Citadel where it is."""
    p = play("dmg_indestructible", tmp_path)
    assert p.error is None
    assert p.perm("myr")["damage"] == 2
    assert p.perm("citadel")["card"] == "Darksteel Citadel"
    assert _graveyard(p, "Bob") == []
    assert [e.event.card for e in p.events("ZoneChanged") if e.event.to_zone == "graveyard"] == ["Strip Mine"]


def test_deathtouch_destroys_and_lifelink_gains(tmp_path) -> None:
    """702.2b / 704.5h: 1 damage from a deathtouch source destroys a 2/2; 702.15b: damage from
    a lifelink source also makes its controller gain that much life (to Bob: Alice gains 1)."""
    p = play("dmg_deathtouch_lifelink", tmp_path)
    assert p.error is None
    [marked] = p.events("DamageDealtToPermanent")
    assert marked.event.deathtouch is True
    [dies] = [e for e in p.events("ZoneChanged") if e.event.card == "Grizzly Bears"]
    assert dies.rule == "704.5h"
    assert p.player("Bob")["life"] == 19 and p.player("Alice")["life"] == 21
    [gain] = p.events("LifeGained")
    assert (gain.event.player, gain.event.amount, gain.rule) == ("Alice", 1, "702.15b")


def test_desert_damage_to_target_opponent(tmp_path) -> None:
    """603.3d: the trigger's target is chosen as it is put on the stack; the options are the
    opponents (102.3): Bob only. 120.3a: he loses 1 life."""
    p = play("dmg_desert_target_opponent", tmp_path)
    assert p.error is None
    assert p.player("Bob")["life"] == 19 and p.player("Alice")["life"] == 20
    [asked] = p.events("ChoiceRequested")
    assert (asked.event.kind, list(asked.event.options)) == ("target", ["Bob"])
    assert p.perm("Lush Oasis")["tapped"] is True


def test_desert_cannot_target_its_controller(tmp_path) -> None:
    """115.1 / 102.3: "target opponent" -- Alice is no opponent of her own."""
    p = play("dmg_desert_target_self", tmp_path)
    assert p.error is not None and p.error.rule == "115.1"
    assert "Alice is not a legal target" in p.error.why and "needs an opponent" in p.error.why


def test_life_loss_is_not_damage(tmp_path) -> None:
    """119.3: Hierophant's Chalice: Bob loses 1 life (no damage event), Alice gains 1."""
    p = play("life_chalice_drain", tmp_path)
    assert p.error is None
    assert p.player("Bob")["life"] == 19 and p.player("Alice")["life"] == 21
    [lost] = p.events("LifeLost")
    assert (lost.event.player, lost.event.amount, lost.rule) == ("Bob", 1, "119.3")
    assert p.events("DamageDealt") == []


def test_strip_mine_destroys_and_wasteland_needs_a_nonbasic(tmp_path) -> None:
    """701.8a: the destroyed Forest goes to its owner's graveyard; 115.1 / 205.4c: a basic land
    is not a legal target of "Destroy target nonbasic land." (nothing written)."""
    p = play("destroy_strip_mine", tmp_path)
    assert p.error is None
    assert _graveyard(p, "Bob") == ["Forest"] and _graveyard(p, "Alice") == ["Strip Mine"]
    [gone] = [e for e in p.events("ZoneChanged") if e.event.card == "Forest"]
    assert (gone.event.reason, gone.rule) == ("destroyed", "701.8a")
    (tmp_path / "w").mkdir()
    p = play("destroy_wasteland_basic", tmp_path / "w")
    assert p.error is not None and p.error.rule == "115.1"
    assert "needs a nonbasic land" in p.error.why
    assert p.perm("forest") and p.perm("waste")


def test_a_planeswalker_without_loyalty_goes_to_the_graveyard(tmp_path) -> None:
    """704.5i (306.5b: its card file gives no `loyalty`, so it has none): not destruction."""
    p = play("dmg_planeswalker_no_loyalty", tmp_path)
    assert p.error is None
    [gone] = [e for e in p.events("ZoneChanged") if e.event.card == "Loyaltyless Walker" and e.event.to_zone == "graveyard"]
    assert gone.rule == "704.5i"


def test_the_target_phrases() -> None:
    """115.4: "any target" is a creature, player, planeswalker or battle; "target player or
    planeswalker" a player or a planeswalker; "target opponent" only opponents; "target
    creature" no player."""
    [a] = parse_oracle("X", "{T}: This creature deals 1 damage to any target.")
    assert a.targets == m.Targets(m.ANY_TARGET, players="any")
    assert a.targets.describe() == "a creature, player, planeswalker or battle"
    [a] = parse_oracle("X", "{T}: This land deals 2 damage to target player or planeswalker.")
    assert a.targets == m.Targets(m.Selector(types=("Planeswalker",)), players="any")
    [a] = parse_oracle("X", "When this land enters, it deals 1 damage to target opponent.")
    assert (a.targets.players, a.targets.objects) == ("opponent", False)
    [a] = parse_oracle("X", "{T}: This creature deals 1 damage to target creature.")
    assert (a.targets.players, a.targets.what.types) == ("", ("Creature",))
    effects, targets = parse_spell("X", "Destroy target artifact or enchantment.")
    assert effects == (m.Destroy(),) and targets.what.any_of == ("Artifact", "Enchantment")
    [a] = parse_oracle("X", "{T}: Each opponent loses 1 life.")
    assert a.effects == (m.LoseLife(1, "each_opponent"),)
    [a] = parse_oracle("X", "{T}: This land deals 1 damage to each opponent.")
    assert a.effects == (m.DealDamage(1, "each_opponent"),)


def test_target_attacking_creature_is_never_a_legal_target() -> None:
    """506.4: no creature attacks here (no combat), so "target attacking creature" fits nothing
    (Balduvian Trading Post; tests/rules/test_animate.py)."""
    [a] = parse_oracle("X", "{T}: This creature deals 1 damage to target attacking creature.")
    assert a.targets is not None and a.targets.what.attacking


@pytest.mark.parametrize("phrase", [
    "{T}: This creature deals 1 damage to any target and 2 damage to any other target.",
    "{T}: Destroy target creature with the greatest power among creatures on the battlefield.",
])
def test_phrases_still_refused(phrase: str) -> None:
    with pytest.raises(Exception, match="unknown phrase|ends before"):
        parse_oracle("X", phrase)


# real cards of the family, by name, with their Oracle text (the package's Oracle data)
REAL = {
    "Walking Ballista": (m.DealDamage(1, "target"),),
    "Triskelion": (m.DealDamage(1, "target"),),
    "Lush Oasis": (m.DealDamage(1, "target"),),
    "Abraded Bluffs": (m.DealDamage(1, "target"),),
    "Sunscorched Desert": (m.DealDamage(1, "target"),),
    "Stensia Bloodhall": (m.DealDamage(2, "target"),),
    "Blighted Gorge": (m.DealDamage(2, "target"),),
    "Keldon Megaliths": (m.DealDamage(1, "target"),),
    "Spitting Hydra": (m.DealDamage(1, "target"),),
    "Meteorite": (m.DealDamage(2, "target"),),
    "Hierophant's Chalice": (m.LoseLife(1, "target"), m.GainLife(1)),
    "Orzhova, the Church of Deals": (m.LoseLife(1, "target"), m.GainLife(1)),
    "Necrogen Censer": (m.LoseLife(2, "target"),),
    "Piranha Marsh": (m.LoseLife(1, "target"),),
    "Strip Mine": (m.Destroy(),),
    "Wasteland": (m.Destroy(),),
}


@pytest.mark.parametrize("name", sorted(REAL))
def test_real_cards_of_the_family_play(name: str) -> None:
    """Each real card loads from the Oracle data, the rules check accepts it, and the ability
    with the family's effect is read as the effects listed."""
    pool = CardPool.builtin().with_real_card(name)
    assert pool is not None
    card = pool.get(name)
    assert unsupported(card) == []
    found = [a.effects for a in card.abilities if isinstance(a, (m.ActivatedAbility, m.TriggeredAbility))]
    assert REAL[name] in found


def test_liturgy_of_blood_destroys_then_adds_mana() -> None:
    """A spell: "Destroy target creature. Add {B}{B}{B}." (608.2c, in order)."""
    pool = CardPool.builtin().with_real_card("Liturgy of Blood")
    card = pool.get("Liturgy of Blood")
    assert card.spell_effects == (m.Destroy(), m.AddMana(m.AddFixed(("B", "B", "B"))))
    assert card.spell_targets == m.Targets(m.Selector(types=("Creature",)))
    assert unsupported(card) == []


def test_deathtouch_damage_on_an_indestructible_creature(tmp_path) -> None:
    """702.12b: indestructible keeps Darksteel Myr from 704.5h (and 704.5g); 702.2b: only damage
    since the last check counts, so once checked it is no longer "deathtouch damage"."""
    p = play("dmg_deathtouch_indestructible", tmp_path)
    assert p.error is None
    assert p.perm("myr")["damage"] == 1
    [checked] = p.events("DeathtouchChecked")
    assert (checked.event.objects, checked.rule) == (("myr",), "704.5h")
