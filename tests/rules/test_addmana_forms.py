"""Mana abilities of the add-mana family (issue 22, pool-addmana), played from real games:
"Add two mana of different colors" (106.1), "one mana of any color that a basic land you control
could produce" (106.7), "X mana in any combination of colors, where X is the number of creatures
you control with defender" (608.2h), "Exile this creature from your hand" (113.6b)."""
from __future__ import annotations

from pathlib import Path

from scenario import play
from simulator.cards.parser import parse_oracle
from simulator.cards import model as m


def test_elvish_spirit_guide_is_a_mana_ability_from_the_hand(tmp_path: Path) -> None:
    """113.6b, 605.1a: "Exile this creature from your hand: Add {G}." works from the hand; the
    card is exiled as the cost (602.2h), the Lions stay in the hand."""
    p = play("addmana_elvish_spirit_guide", tmp_path)
    assert p.error is None
    assert p.pool("Alice") == {"G": 1}
    assert p.player("Alice")["exile"] == ["Elvish Spirit Guide"]
    assert p.player("Alice")["hand"] == ["Savannah Lions"]


def test_elvish_spirit_guide_does_nothing_on_the_battlefield(tmp_path: Path) -> None:
    """113.6b: an ability that functions from the hand is not one of the permanent's (602.1)."""
    p = play("addmana_elvish_spirit_guide_battlefield", tmp_path)
    assert p.error is not None and p.error.rule == "602.1"
    assert p.pool("Alice") == {}


def test_firemind_vessel_adds_two_different_colors(tmp_path: Path) -> None:
    """106.1: "Add two mana of different colors.": {U}{R} is two different colors."""
    p = play("addmana_firemind_vessel_ur", tmp_path)
    assert p.error is None and p.pool("Alice") == {"U": 1, "R": 1}
    assert p.perm("vessel")["tapped"] is True


def test_firemind_vessel_refuses_one_color_twice_or_three_mana(tmp_path: Path) -> None:
    """106.1, 608.2d: {R}{R} is not two different colors, {R}{U}{G} is three mana: illegal, nothing
    written, the Vessel stays untapped."""
    for game in ("addmana_firemind_vessel_rr", "addmana_firemind_vessel_rug"):
        p = play(game, tmp_path / game)
        assert p.error is not None and p.error.rule == "608.2d", game
        assert p.pool("Alice") == {} and p.perm("vessel")["tapped"] is False


def test_different_colors_are_every_group_of_distinct_colors() -> None:
    """106.1: the groups of N distinct colors (WUBRG order), the controller chooses one."""
    [ab] = parse_oracle("Test Card", "{T}: Add two mana of different colors.")
    assert ab.effects[0].mana == m.AddOneOfCombos(("WU", "WB", "WR", "WG", "UB", "UR", "UG", "BR", "BG", "RG"))
    [ab] = parse_oracle("Test Card", "{T}: Add three mana of different colors.")
    assert len(ab.effects[0].mana.options) == 10 and "WUB" in ab.effects[0].mana.options


def test_guild_globe_sacrificed_for_two_colors(tmp_path: Path) -> None:
    """701.21a, 106.1: {2} paid with {W}{W}, the Globe sacrificed: {G}{W} in the pool."""
    p = play("addmana_guild_globe", tmp_path)
    assert p.error is None and p.pool("Alice") == {"W": 1, "G": 1}
    assert p.player("Alice")["graveyard"] == ["Guild Globe"]


def test_star_compass_offers_the_colors_of_your_basic_lands(tmp_path: Path) -> None:
    """106.7: only the basic Forest counts: a nonbasic Watery Grave's {U}/{B} (205.4c) and Bob's
    basic Island do not; {G} is added, {U} is refused (no type can be chosen that it could not
    produce), nothing written."""
    p = play("addmana_star_compass_green", tmp_path)
    assert p.error is None and p.pool("Alice") == {"G": 1}
    bad = play("addmana_star_compass_blue", tmp_path / "bad")
    assert bad.error is not None and bad.error.rule == "106.7" and "only one of {G}, not U" in str(bad.error)
    assert bad.pool("Alice") == {} and bad.perm("compass")["tapped"] is False


def test_star_compass_without_a_basic_land_adds_nothing(tmp_path: Path) -> None:
    """106.5, 106.7: no basic land, no color can be defined: activated, tapped, no mana."""
    p = play("addmana_star_compass_no_basic", tmp_path)
    assert p.error is None and p.pool("Alice") == {}
    assert p.perm("compass")["tapped"] is True


def test_axebane_guardian_counts_creatures_you_control_with_defender(tmp_path: Path) -> None:
    """608.2h, 605.3a: X is the number of Alice's creatures with defender (702.3) as it resolves:
    the Guardian and her Wall of Roots, not her Llanowar Elves nor Bob's Wall: 2, in colors of her
    choice."""
    p = play("addmana_axebane_guardian", tmp_path)
    assert p.error is None and p.pool("Alice") == {"W": 1, "U": 1}


def test_kydele_counts_the_cards_drawn_this_turn(tmp_path: Path) -> None:
    """121.1, 608.2h: the draw step's card (504.1, turn 2: not skipped, 103.8a) and Chromatic
    Sphere's draw (605.3a) are two cards Alice drew this turn: {C}{C}; drawn by no one: nothing."""
    p = play("addmana_kydele_two_draws", tmp_path)
    assert p.error is None and p.pool("Alice") == {"G": 1, "C": 2}
    assert sorted(p.player("Alice")["hand"]) == ["Forest", "Island"]
    none = play("addmana_kydele_no_draws", tmp_path / "none")
    assert none.error is None and none.pool("Alice") == {}
    assert none.perm("kydele")["tapped"] is True


def test_accomplished_alchemist_adds_the_life_you_gained_this_turn(tmp_path: Path) -> None:
    """119.3, 608.2h: Alice gained 2 (Test Lifespring); Bob's 1 from her Grove is not hers: X = 2,
    of one color she chooses; {B}{G} is not one color (608.2d): illegal, nothing written."""
    p = play("addmana_accomplished_alchemist", tmp_path)
    assert p.error is None and p.pool("Alice") == {"B": 2, "R": 1, "G": 1}
    assert p.player("Alice")["life"] == 22 and p.player("Bob")["life"] == 21
    bad = play("addmana_accomplished_alchemist_mixed", tmp_path / "bad")
    assert bad.error is not None and bad.error.rule == "608.2d" and "one color" in str(bad.error)
    assert bad.pool("Alice") == {"G": 1} and bad.perm("alchemist")["tapped"] is False


def test_black_tom_gains_life_only_with_another_mutant(tmp_path: Path) -> None:
    """605.3a, 608.2c, 109.2: "If you control another Mutant, you gain 1 life." is read as the mana
    ability resolves; Black Tom (a Mutant) is not "another", Bob's Mutant is not Alice's."""
    p = play("addmana_black_tom_with", tmp_path)
    assert p.error is None and p.pool("Alice") == {"G": 1} and p.player("Alice")["life"] == 21
    alone = play("addmana_black_tom_alone", tmp_path / "alone")
    assert alone.error is None and alone.pool("Alice") == {"G": 1} and alone.player("Alice")["life"] == 20
    assert not alone.events("LifeGained")


def test_powerstone_shard_counts_artifacts_you_control_named_powerstone_shard(tmp_path: Path) -> None:
    """608.2h, 201.2: Alice's two Shards (the one tapped among them), not her Mind Stone nor Bob's
    Shard: {C}{C}."""
    p = play("addmana_powerstone_shard", tmp_path)
    assert p.error is None and p.pool("Alice") == {"C": 2}


def test_urzas_workshop_counts_urzas_lands_with_metalcraft(tmp_path: Path) -> None:
    """205.3i: the Mine, the Tower and the Workshop itself are Urza's lands: {C}{C}{C}; 602.5b: with
    two artifacts it cannot be activated, nothing written."""
    p = play("addmana_urzas_workshop_three", tmp_path)
    assert p.error is None and p.pool("Alice") == {"C": 3}
    bad = play("addmana_urzas_workshop_two", tmp_path / "bad")
    assert bad.error is not None and bad.error.rule == "602.5b"
    assert bad.pool("Alice") == {} and bad.perm("workshop")["tapped"] is False


def test_lotus_blossom_counts_its_counters_as_it_last_existed(tmp_path: Path) -> None:
    """608.2h: sacrificed for the cost, its three petal counters as it last existed: {G}{G}{G}."""
    p = play("addmana_lotus_blossom", tmp_path)
    assert p.error is None and p.pool("Alice") == {"G": 3}
    assert p.player("Alice")["graveyard"] == ["Lotus Blossom"]


def test_glittering_stockpile_without_counters_adds_nothing(tmp_path: Path) -> None:
    """106.4, 608.2h: X is 0 with no stash counters: sacrificed all the same, no mana."""
    p = play("addmana_glittering_stockpile", tmp_path)
    assert p.error is None and p.pool("Alice") == {}
    assert p.player("Alice")["graveyard"] == ["Glittering Stockpile"]


def test_mox_amber_offers_the_colors_of_your_legendary_creatures_and_planeswalkers(tmp_path: Path) -> None:
    """106.1, 605.3a: Isamaru's white and the Walker's blue; not the green of a nonlegendary creature,
    the red of a legendary artifact, nor the black of Bob's legend: refused, nothing written."""
    p = play("addmana_mox_amber_blue", tmp_path)
    assert p.error is None and p.pool("Alice") == {"U": 1}
    for color in ("green", "red", "black"):
        bad = play(f"addmana_mox_amber_{color}", tmp_path / color)
        assert bad.error is not None and bad.error.rule == "106.1", color
        assert "only one of {W}, {U}" in str(bad.error)
        assert bad.pool("Alice") == {} and bad.perm("mox")["tapped"] is False


def test_mox_amber_without_a_legend_adds_nothing(tmp_path: Path) -> None:
    """106.5: no color among them can be defined: activated (tapped), no mana, the event says 106.5."""
    p = play("addmana_mox_amber_alone", tmp_path)
    assert p.error is None and p.pool("Alice") == {} and p.perm("mox")["tapped"] is True
    [made] = p.events("ManaProduced")
    assert made.rule == "106.5" and made.event.mana == {}


def test_the_grey_havens_reads_legendary_creature_cards_in_your_graveyard(tmp_path: Path) -> None:
    """106.1: Isamaru in Alice's graveyard (as printed: white); Llanowar Elves is not legendary,
    Bob's graveyard is not hers: {W}."""
    p = play("addmana_grey_havens", tmp_path)
    assert p.error is None and p.pool("Alice") == {"W": 1}


def test_brightcap_badger_grants_the_ability_to_each_fungus_and_saproling(tmp_path: Path) -> None:
    """613.1f, 205.3: "Each Fungus and Saproling you control has "{T}: Add {G}."": a Saproling and a
    Fungus each have it; the Badger (a Badger Druid) has not (602.1); a Saproling that came under
    Alice's control this turn cannot pay {T} (302.6): nothing written."""
    for game in ("addmana_brightcap_saproling", "addmana_brightcap_fungus"):
        p = play(game, tmp_path / game)
        assert p.error is None and p.pool("Alice") == {"G": 1}, game
    sick = play("addmana_brightcap_sick", tmp_path / "sick")
    assert sick.error is not None and sick.error.rule == "302.6" and sick.pool("Alice") == {}
    badger = play("addmana_brightcap_badger", tmp_path / "badger")
    assert badger.error is not None and badger.error.rule == "602.1"


def test_circle_of_elders_needs_total_power_eight(tmp_path: Path) -> None:
    """602.5b: the Circle (2) and three Bears (6) are total power 8: {C}{C}{C}; with two Bears (6)
    it cannot be activated (Bob's Bears are not Alice's), nothing written."""
    p = play("addmana_circle_of_elders_3", tmp_path)
    assert p.error is None and p.pool("Alice") == {"C": 3}
    bad = play("addmana_circle_of_elders_2", tmp_path / "bad")
    assert bad.error is not None and bad.error.rule == "602.5b" and "total power 8 or greater" in str(bad.error)
    assert bad.pool("Alice") == {} and bad.perm("circle")["tapped"] is False


def test_sceptre_of_eternal_glory_needs_three_lands_with_one_name(tmp_path: Path) -> None:
    """602.5b, 201.2: three Forests share a name: {R}{R}{R}; two Forests and an Island (and Bob's
    Forest, not Alice's) do not: refused, nothing written."""
    p = play("addmana_sceptre_forests", tmp_path)
    assert p.error is None and p.pool("Alice") == {"R": 3}
    bad = play("addmana_sceptre_mixed", tmp_path / "bad")
    assert bad.error is not None and bad.error.rule == "602.5b" and "with the same name" in str(bad.error)
    assert bad.pool("Alice") == {} and bad.perm("sceptre")["tapped"] is False
