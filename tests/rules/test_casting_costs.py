"""Costs and effects on casting (issue 22, pool-casting; cards/model_casting.py, rules/turn_effects.py):

- Exhaust (702.177a: "Activate only once."): Loot, the Pathfinder, Boommobile ("deals X damage", the
  X of its cost, 107.3); exert as a cost (701.43a: it doesn't untap in its controller's next untap
  step): Oasis Ritualist, Arena of Glory (with a haste rider, 106.6);
- "put a +1/+1 counter on Vivi Ornitier and it deals 1 damage to each opponent" ("it": Vivi);
- effects on the spells cast for the rest of the turn (611.2a, 601.3): "You may cast [creature]
  spells this turn as though they had flash." (702.8a), "The next spell you cast this turn can't be
  countered." (101.2), "You can cast only one more spell this turn."; "If that mana is spent on an
  instant or sorcery spell, that spell can't be countered." (Boseiju; 106.6); "You can't cast
  noncreature spells." (Nikya of the Old Ways, a static ability);
- Magecraft "Whenever you cast or copy an instant or sorcery spell" (Spell Satchel);
- reinforce (702.77a) and transmute (702.53a), from the hand;
- "you may pay {4}. If you do, untap this artifact." (Mana Vault, Jasconian Isle; 608.2d, the
  pending `may_pay`), "if this artifact is tapped, it deals 1 damage to you" (603.4);
- mana for costs with {X} (107.3, 106.6): "Spend this mana only on costs that contain {X}." (Rosheen
  Meanderer, Elementalist's Palette: any part of such a cost, a spell's or an ability's), "... to
  cast spells with mana value 5 or greater or spells with {X} in their mana costs." (Troyan),
  "Whenever you cast a spell with {X} in its mana cost" (Elementalist's Palette).
"""
from __future__ import annotations

from pathlib import Path

import pytest

from scenario import play
from simulator.cards import model as m
from simulator.cards.parser import parse_oracle


def _pt(perm: dict) -> tuple[int, int]:
    return perm["power"], perm["toughness"]


def _triggered(p) -> list[str]:
    return [t["source"] for t in p.triggers()]


# --- flash this turn (611.2a, 702.8a)

def test_alchemists_refuge_lets_a_creature_be_cast_with_a_spell_on_the_stack(tmp_path: Path) -> None:
    p = play("casting_alchemists_refuge", tmp_path)
    assert p.error is None
    assert p.on_battlefield("Grizzly Bears") and p.player("Bob")["life"] == 17
    [made] = [e.event for e in p.events("CastingEffectCreated")]
    assert (made.player, made.kind, made.types) == ("Alice", "flash", ())


def test_without_it_the_creature_keeps_its_timing(tmp_path: Path) -> None:
    p = play("casting_no_refuge", tmp_path)
    assert p.error is not None and p.error.rule == "302.1" and "stack is not empty" in str(p.error)


def test_winding_canyons_gives_flash_to_creature_spells_only(tmp_path: Path) -> None:
    """Grizzly Bears is cast; Lava Spike, a sorcery, with the Bears on the stack, is not (307.1)."""
    p = play("casting_winding_canyons_sorcery", tmp_path)
    assert p.error is not None and p.error.rule == "307.1"
    assert [i["source"] for i in p.state["stack"]] != []


def test_emergence_zone_in_the_opponents_turn(tmp_path: Path) -> None:
    p = play("casting_emergence_zone_bobs_turn", tmp_path)
    assert p.error is None and p.state["active"] == "Bob"
    assert p.on_battlefield("Grizzly Bears") and p.player("Alice")["graveyard"] == ["Emergence Zone"]


# --- can't be countered (101.2)

def test_mistrise_village_protects_only_the_next_spell(tmp_path: Path) -> None:
    """The first Grizzly Bears stays (Cancel does nothing to it); the second, cast later that turn,
    is countered."""
    p = play("casting_mistrise_village", tmp_path)
    assert p.error is None
    assert len(p.on_battlefield("Grizzly Bears")) == 1
    assert p.player("Alice")["graveyard"] == ["Grizzly Bears"] and p.player("Bob")["graveyard"] == ["Cancel", "Cancel"]
    [made] = [e.event for e in p.events("SpellMadeUncounterable")]
    assert made.next_spell and made.source_card == "Mistrise Village"


def test_boseiju_mana_makes_an_instant_or_sorcery_uncounterable(tmp_path: Path) -> None:
    p = play("casting_boseiju_divination", tmp_path)
    assert p.error is None
    assert p.player("Alice")["hand"] == ["Forest", "Island"] and p.player("Alice")["life"] == 18   # 2 life paid
    assert p.player("Alice")["graveyard"] == ["Divination"]


def test_boseiju_mana_on_a_creature_spell_does_nothing(tmp_path: Path) -> None:
    p = play("casting_boseiju_creature", tmp_path)
    assert p.error is None
    assert p.player("Alice")["graveyard"] == ["Grizzly Bears"] and p.events("SpellMadeUncounterable") == []


# --- can't cast (601.3)

def test_nikya_stops_its_controllers_noncreature_spells(tmp_path: Path) -> None:
    p = play("casting_nikya_lava_spike", tmp_path)
    assert p.error is not None and p.error.rule == "601.3"
    assert "You can't cast noncreature spells. (Nikya of the Old Ways)" in str(p.error)


def test_nikya_does_not_stop_the_opponent_nor_creature_spells(tmp_path: Path) -> None:
    p = play("casting_nikya_bobs_spell", tmp_path)
    assert p.error is None
    assert p.player("Alice")["life"] == 18 and p.on_battlefield("Grizzly Bears")


def test_irencrag_feat_allows_only_one_more_spell(tmp_path: Path) -> None:
    p = play("casting_irencrag_feat", tmp_path)
    assert p.error is not None and p.error.rule == "601.3"
    assert "only one more spell could be cast this turn (Irencrag Feat)" in str(p.error)
    assert p.player("Bob")["life"] == 18 and p.pool("Alice") == {"R": 6}      # Shock was the one more


# --- exhaust (702.177a), exert (701.43a)

def test_loot_s_exhaust_ability_draws_three(tmp_path: Path) -> None:
    p = play("casting_loot_draws", tmp_path)
    assert p.error is None
    assert p.player("Alice")["hand"] == ["Forest", "Island", "Swamp"]


def test_boommobile_s_exhaust_ability_is_activated_once(tmp_path: Path) -> None:
    """X = 2: 2 damage to Bob and a +1/+1 counter (107.3); a second activation is illegal."""
    p = play("casting_boommobile_once", tmp_path)
    assert p.error is not None and p.error.rule == "602.5b" and "only once" in str(p.error)
    assert p.player("Bob")["life"] == 18 and p.perm("boom")["counters"] == {"+1/+1": 1}


def test_the_exhaust_abilities_are_activated_only_once() -> None:
    abilities = parse_oracle("Loot, the Pathfinder", "Exhaust — {U}, {T}: Draw three cards.")
    assert isinstance(abilities[0], m.ActivatedAbility) and abilities[0].once


def test_an_exerted_oasis_ritualist_skips_its_controllers_next_untap_step(tmp_path: Path) -> None:
    p = play("casting_oasis_ritualist_exert", tmp_path)
    assert p.error is None and p.state["turn"] == 3
    assert p.perm("ritualist")["tapped"] and not p.perm("forest-1")["tapped"]
    [exerted] = [e for e in p.events("UntapSkipScheduled")]
    assert exerted.rule == "701.43a"


def test_arena_of_glory_s_exerted_mana_gives_haste(tmp_path: Path) -> None:
    p = play("casting_arena_of_glory", tmp_path)
    assert p.error is None
    assert p.perm("Goblin Piker")["keywords"] == ["Haste"]
    assert [e.event.object_id for e in p.events("UntapSkipScheduled")] == ["arena"]


# --- "it" after "put a counter on <self>"

def test_vivi_ornitier_grows_and_deals_damage_itself(tmp_path: Path) -> None:
    p = play("casting_vivi_ornitier", tmp_path)
    assert p.error is None
    assert p.player("Bob")["life"] == 16 and _pt(p.perm("vivi")) == (1, 4)
    [damage] = [e.event for e in p.events("DamageDealt") if e.event.amount == 1]
    assert damage.source == "vivi"


# --- magecraft, reinforce, transmute

def test_spell_satchel_counts_instants_and_sorceries(tmp_path: Path) -> None:
    p = play("casting_spell_satchel", tmp_path)
    assert p.error is None
    assert _triggered(p) == ["Spell Satchel"] and p.pool("Alice") == {"C": 1}
    assert p.perm("satchel")["counters"] == {}


def test_rustic_clachan_reinforces_from_the_hand(tmp_path: Path) -> None:
    p = play("casting_rustic_clachan_reinforce", tmp_path)
    assert p.error is None
    assert p.perm("bears")["counters"] == {"+1/+1": 1} and p.player("Alice")["graveyard"] == ["Rustic Clachan"]


def test_wrens_run_hydra_reinforces_with_x_counters(tmp_path: Path) -> None:
    p = play("casting_wrens_run_hydra_reinforce", tmp_path)
    assert p.error is None
    assert p.perm("bears")["counters"] == {"+1/+1": 2}


def test_tolaria_west_transmutes_for_mana_value_zero(tmp_path: Path) -> None:
    p = play("casting_tolaria_west_transmute", tmp_path)
    assert p.error is None
    assert p.player("Alice")["hand"] == ["Ornithopter"] and p.player("Alice")["graveyard"] == ["Tolaria West"]
    assert [e.event.card for e in p.events("CardRevealed")] == ["Ornithopter"]


def test_tolaria_west_cannot_find_another_mana_value(tmp_path: Path) -> None:
    p = play("casting_tolaria_west_wrong_card", tmp_path)
    assert p.error is not None and p.error.rule == "701.23a"
    assert p.state["pending"]["kind"] == "search"


# --- "you may pay {4}. If you do, untap this artifact." (608.2d)

def test_mana_vault_untaps_when_paid(tmp_path: Path) -> None:
    p = play("casting_mana_vault_pays", tmp_path)
    assert p.error is None and p.state["turn"] == 3
    assert not p.perm("vault")["tapped"] and p.player("Alice")["life"] == 20
    assert _triggered(p) == ["Mana Vault"]          # the upkeep ability only: untapped in the draw step


def test_mana_vault_declined_deals_one_damage(tmp_path: Path) -> None:
    p = play("casting_mana_vault_declines", tmp_path)
    assert p.error is None
    assert p.perm("vault")["tapped"] and p.player("Alice")["life"] == 19
    assert _triggered(p) == ["Mana Vault", "Mana Vault"]


def test_mana_vault_pay_needs_the_mana_in_the_pool(tmp_path: Path) -> None:
    p = play("casting_mana_vault_cannot_pay", tmp_path)
    assert p.error is not None and p.error.rule == "608.2c"
    assert p.state["pending"]["kind"] == "may_pay"


def test_jasconian_isle_pays_with_mana_made_while_the_choice_is_pending(tmp_path: Path) -> None:
    """605.3a: the Islands are tapped with the choice pending; then the payment."""
    p = play("casting_jasconian_isle", tmp_path)
    assert p.error is None
    assert not p.perm("isle")["tapped"] and p.pool("Alice") == {}


@pytest.mark.parametrize("line", [
    "At the beginning of your upkeep, you may pay {4}. If you do, draw a card.",   # only "untap" this permanent
    "Whenever you cast a spell, this creature deals X damage to any target.",      # no X in a trigger
])
def test_unsupported_shapes_are_refused(line: str) -> None:
    from simulator.base.errors import CardDataError
    with pytest.raises(CardDataError):
        parse_oracle("Odd Card", line)


# --- mana for costs with {X} (107.3, 106.6)

def test_rosheen_pays_for_an_x_spell(tmp_path: Path) -> None:
    p = play("casting_rosheen_x_spell", tmp_path)
    assert p.error is None
    assert p.perm("Endless One")["counters"] == {"+1/+1": 4}


def test_rosheen_cannot_pay_a_cost_without_x(tmp_path: Path) -> None:
    p = play("casting_rosheen_no_x", tmp_path)
    assert p.error is not None and p.error.rule == "106.6"
    assert "costs that contain {X}" in str(p.error)


def test_rosheen_pays_any_part_of_an_ability_cost_with_x(tmp_path: Path) -> None:
    """{X}{2}{R} with X = 1: {C}{C}{C} of Rosheen's mana and the Mountain's {R}."""
    p = play("casting_rosheen_ability", tmp_path)
    assert p.error is None
    assert p.player("Bob")["life"] == 19 and p.pool("Alice") == {"C": 1}


@pytest.mark.parametrize("game, ok", [("casting_troyan_x_spell", True), ("casting_troyan_small_spell", False)])
def test_troyan_pays_for_big_or_x_spells(tmp_path: Path, game: str, ok: bool) -> None:
    p = play(game, tmp_path)
    assert (p.error is None) == ok
    if not ok:
        assert p.error is not None and p.error.rule == "106.6"


def test_elementalists_palette_counts_x_spells(tmp_path: Path) -> None:
    p = play("casting_elementalists_palette", tmp_path)
    assert p.error is None
    assert _triggered(p) == ["Elementalist's Palette"] and p.pool("Alice") == {"C": 2}
    [units] = [pl["mana_units"] for pl in p.state["players"] if pl["name"] == "Alice"]
    assert units[0]["restriction"] == "Spend this mana only on costs that contain {X}."


def test_jeweled_lotus_mana_pays_for_nothing_without_a_commander(tmp_path: Path) -> None:
    """903.3: no commander here; the restricted mana stays in the pool (106.6)."""
    p = play("casting_jeweled_lotus", tmp_path)
    assert p.error is not None and p.error.rule == "106.6" and "your commander" in str(p.error)
    assert p.pool("Alice") == {"G": 3} and p.player("Alice")["graveyard"] == ["Jeweled Lotus"]
