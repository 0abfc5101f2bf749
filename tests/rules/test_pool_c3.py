"""Refused real cards made playable (issue 22, pool-c3): a flavor word on an activated ability
("Web Support —", 207.2d), "target Spider" (205.3), "enters tapped and with three charge counters
on it" (614.1c, 614.1d), "Tap another untapped artifact you control" (602.2h, 109.2), "enters with X
+1/+1 counters on it, where X is the amount of life you've gained this turn" (119.3, 614.1c) and
"... a +1/+1 counter on it for each Zombie card in your graveyard" (205.3, 614.1c)."""
from __future__ import annotations

from pathlib import Path

from scenario import play
from simulator.cards import model as m
from simulator.cards.parser import parse_oracle, parse_spell


def test_web_support_is_a_flavor_word_and_the_ability_targets_a_spider() -> None:
    """207.2d: "Web Support —" has no rules meaning; the ability is the activated ability after it."""
    [ab] = parse_oracle("Guy in the Chair", "Web Support — {2}{G}, {T}: Put a +1/+1 counter on target "
                                            "Spider. Activate only as a sorcery.")
    assert isinstance(ab, m.ActivatedAbility) and ab.sorcery_speed
    assert ab.targets is not None and ab.targets.what.subtypes == ("Spider",)


def test_guy_in_the_chair_puts_a_counter_on_a_spider(tmp_path: Path) -> None:
    """122.1: the counter is put on the target Spider as the ability resolves (608.2b)."""
    p = play("c3_guy_in_the_chair_spider", tmp_path)
    assert p.error is None
    spider = p.perm("spider")
    assert spider["counters"] == {"+1/+1": 1} and (spider["power"], spider["toughness"]) == (3, 5)
    assert p.perm("guy")["tapped"] is True


def test_guy_in_the_chair_cannot_target_a_bear(tmp_path: Path) -> None:
    """115.1, 601.2c: "target Spider": a Bear is not a legal target; nothing is paid."""
    p = play("c3_guy_in_the_chair_not_a_spider", tmp_path)
    assert p.error is not None and p.error.rule == "115.1"
    assert "needs a Spider" in str(p.error)
    assert p.perm("guy")["tapped"] is False and p.pool("Alice") == {"C": 2, "G": 1}


def test_sphere_of_the_suns_enters_tapped_with_three_charge_counters(tmp_path: Path) -> None:
    """614.1c, 614.1d: one replacement effect, both parts as it enters."""
    p = play("c3_sphere_of_the_suns_enters", tmp_path)
    assert p.error is None
    sphere = p.perm("Sphere of the Suns")
    assert sphere["tapped"] is True and sphere["counters"] == {"charge": 3}
    assert {e.rule for e in p.events("ReplacementApplied")} == {"614.1c", "614.1d"}


def test_network_terminal_taps_another_artifact_to_loot(tmp_path: Path) -> None:
    """602.2h: Ornithopter is tapped as the cost is paid; draw then discard (121.1, 701.9a)."""
    p = play("c3_network_terminal_loot", tmp_path)
    assert p.error is None
    assert p.perm("terminal")["tapped"] is True and p.perm("thopter")["tapped"] is True
    assert p.player("Alice")["hand"] == ["Island"] and p.player("Alice")["graveyard"] == ["Forest"]


def test_network_terminal_cannot_tap_itself_as_the_other_artifact(tmp_path: Path) -> None:
    """109.2: "another" is any artifact but the source."""
    p = play("c3_network_terminal_not_itself", tmp_path)
    assert p.error is not None and p.error.rule == "109.2"
    assert p.perm("terminal")["tapped"] is False and p.pool("Alice") == {"C": 1}


def test_voracious_wurm_enters_with_the_life_gained_this_turn(tmp_path: Path) -> None:
    """119.3, 614.1c: Alice gained 2 life this turn before it entered: two +1/+1 counters."""
    p = play("c3_voracious_wurm_life", tmp_path)
    assert p.error is None
    wurm = p.perm("Voracious Wurm")
    assert p.player("Alice")["life"] == 22
    assert wurm["counters"] == {"+1/+1": 2} and (wurm["power"], wurm["toughness"]) == (4, 4)


def test_voracious_wurm_with_no_life_gained_has_no_counters(tmp_path: Path) -> None:
    """107.3: X is 0: no counters are put on it (122.1)."""
    p = play("c3_voracious_wurm_no_life", tmp_path)
    assert p.error is None
    wurm = p.perm("Voracious Wurm")
    assert wurm["counters"] == {} and (wurm["power"], wurm["toughness"]) == (2, 2)


def test_diregraf_colossus_counts_only_zombie_cards_in_its_controllers_graveyard(tmp_path: Path) -> None:
    """205.3, 614.1c: two Walking Corpses of Alice's; not her Grizzly Bears, not Bob's Zombie."""
    p = play("c3_diregraf_colossus_zombies", tmp_path)
    assert p.error is None
    colossus = p.perm("Diregraf Colossus")
    assert colossus["counters"] == {"+1/+1": 2} and (colossus["power"], colossus["toughness"]) == (4, 4)


def test_pouncing_kavu_kicked_enters_with_counters_and_haste_that_lasts(tmp_path: Path) -> None:
    """702.33d, 614.1c: kicked, it enters with two +1/+1 counters and with haste; the haste is no
    "until end of turn" effect: it is still there in the next turn (514.2, 611.2a)."""
    p = play("c3_pouncing_kavu_kicked", tmp_path)
    assert p.error is None and p.state["turn"] == 2
    kavu = p.perm("Pouncing Kavu")
    assert kavu["counters"] == {"+1/+1": 2} and (kavu["power"], kavu["toughness"]) == (3, 3)
    assert kavu["keywords"] == ["First strike", "Haste"]
    [made] = p.events("ContinuousEffectCreated")
    assert (made.event.object_id, made.event.keywords, made.event.until_end_of_turn, made.rule) == (
        kavu["id"], ("Haste",), False, "614.1c")


def test_pouncing_kavu_unkicked_has_no_counters_and_no_haste(tmp_path: Path) -> None:
    """702.33d: not kicked, the replacement does nothing."""
    p = play("c3_pouncing_kavu_unkicked", tmp_path)
    assert p.error is None
    kavu = p.perm("Pouncing Kavu")
    assert kavu["counters"] == {} and kavu["keywords"] == ["First strike"]
    assert p.events("ContinuousEffectCreated") == [] and p.events("ReplacementApplied") == []


def test_faerie_squadron_kicked_has_flying(tmp_path: Path) -> None:
    p = play("c3_faerie_squadron_kicked", tmp_path)
    assert p.error is None
    squadron = p.perm("Faerie Squadron")
    assert squadron["keywords"] == ["Flying"] and (squadron["power"], squadron["toughness"]) == (3, 3)


def test_kicked_and_with_a_keyword_parses_to_one_replacement() -> None:
    """614.1c: counters and the keyword are one replacement effect, only if kicked (702.33d)."""
    [ab] = parse_oracle("Kavu Titan", "If this creature was kicked, it enters with three +1/+1 counters "
                                      "on it and with trample.")
    assert isinstance(ab, m.ReplacementAbility) and isinstance(ab.effect, m.EntersWithCountedCounters)
    assert (ab.effect.kicked, ab.effect.per, ab.effect.keywords) == (True, 3, ("Trample",))


def test_academy_elite_counts_instant_and_sorcery_cards_in_all_graveyards(tmp_path: Path) -> None:
    """614.1c: X is read as it would enter: Alice's instant and sorcery, Bob's instant; not a creature card."""
    p = play("c3_academy_elite_counts", tmp_path)
    assert p.error is None
    elite = p.perm("Academy Elite")
    assert elite["counters"] == {"+1/+1": 3} and (elite["power"], elite["toughness"]) == (3, 3)


def test_zombie_mob_enters_with_counters_then_exiles_only_creature_cards(tmp_path: Path) -> None:
    """614.1c, then its enters trigger (603.2): 406.2, only creature cards of its controller's graveyard."""
    p = play("c3_zombie_mob_exiles", tmp_path)
    assert p.error is None
    mob = p.perm("Zombie Mob")
    assert mob["counters"] == {"+1/+1": 2} and (mob["power"], mob["toughness"]) == (4, 2)
    alice, bob = p.player("Alice"), p.player("Bob")
    assert alice["graveyard"] == ["Forest"] and alice["exile"] == ["Grizzly Bears", "Walking Corpse"]
    assert bob["graveyard"] == ["Grizzly Bears"]


def test_exile_all_creature_cards_from_your_graveyard_parses_without_a_target() -> None:
    [ab] = parse_oracle("Zombie Mob", "When this creature enters, exile all creature cards from your graveyard.")
    assert isinstance(ab, m.TriggeredAbility) and ab.targets is None
    assert ab.effects == (m.ExileGraveyard("you", kind="Creature"),)


def test_grim_poppet_moves_a_counter_to_another_creature(tmp_path: Path) -> None:
    """602.2h: the counter is removed as the cost is paid; 122.1: one is put on the target."""
    p = play("c3_grim_poppet_another", tmp_path)
    assert p.error is None
    poppet, bears = p.perm("Grim Poppet"), p.perm("bears")
    assert poppet["counters"] == {"-1/-1": 2} and (poppet["power"], poppet["toughness"]) == (2, 2)
    assert bears["counters"] == {"-1/-1": 1} and (bears["power"], bears["toughness"]) == (1, 1)


def test_grim_poppet_cannot_target_itself(tmp_path: Path) -> None:
    """109.2: "another target creature"; nothing is paid (its counters stay)."""
    p = play("c3_grim_poppet_not_itself", tmp_path)
    assert p.error is not None and p.error.rule == "115.1" and "needs another creature" in str(p.error)
    assert p.perm("Grim Poppet")["counters"] == {"-1/-1": 3}


def test_terraformer_makes_each_land_its_controller_controls_the_chosen_type(tmp_path: Path) -> None:
    """608.2d: Island chosen as it resolves; 611.2c: one effect on each of Alice's lands, not Bob's;
    305.7: they lose their old types and mana abilities and tap for {U}."""
    p = play("c3_terraformer_islands", tmp_path)
    assert p.error is None
    for land in ("forest", "mountain"):
        perm = p.perm(land)
        assert perm["subtypes"] == ["Island"] and [a["text"] for a in perm["abilities"]] == ["{T}: Add {U}."]
    assert p.perm("plains")["subtypes"] == ["Plains"]
    assert p.pool("Alice") == {"U": 1}
    assert sorted(e.event.object_id for e in p.events("ContinuousEffectCreated")) == ["forest", "mountain"]


def test_elsewhere_flask_land_type_ends_in_the_cleanup_step(tmp_path: Path) -> None:
    """514.2: the Forest tapped for {B} this turn (the Flask itself sacrificed, 701.21a); in the next
    turn it is a Forest again."""
    p = play("c3_elsewhere_flask_cleanup", tmp_path)
    assert p.error is None and p.state["turn"] == 2
    assert [e.event.mana for e in p.events("ManaAdded")] == [{"B": 1}]
    assert p.perm("forest")["subtypes"] == ["Forest"] and p.player("Alice")["graveyard"] == ["Elsewhere Flask"]


def test_choose_a_basic_land_type_each_land_parses_to_one_instruction() -> None:
    [ab] = parse_oracle("Terraformer", "{1}: Choose a basic land type. Each land you control becomes that type "
                                       "until end of turn.")
    assert isinstance(ab, m.ActivatedAbility) and ab.targets is None
    assert ab.effects == (m.EachLandBecomesChosenType(),)


def test_energybending_gives_each_land_of_its_controller_every_basic_land_type(tmp_path: Path) -> None:
    """613.1d: the five basic land types added to the Forest's (not Bob's Plains), with their mana
    abilities (305.6); 121.1: then Alice draws."""
    p = play("c3_energybending_lands", tmp_path)
    assert p.error is None
    forest = p.perm("forest")
    assert forest["subtypes"] == ["Forest", "Plains", "Island", "Swamp", "Mountain"]
    assert len(forest["abilities"]) == 5 and p.pool("Alice") == {"U": 1}
    assert p.perm("plains")["subtypes"] == ["Plains"]
    assert p.player("Alice")["hand"] == ["Island"]


def test_exotic_disease_target_loses_and_you_gain_the_domain_count(tmp_path: Path) -> None:
    """207.2c: "Domain" is an ability word; 119.3, 608.2h: three basic land types: 3 and 3."""
    p = play("c3_exotic_disease_domain", tmp_path)
    assert p.error is None
    assert (p.player("Alice")["life"], p.player("Bob")["life"]) == (23, 17)
    assert [e.event.player for e in p.events("LifeLost")] == ["Bob"]


def test_lose_and_gain_x_parses_to_a_targeted_loss_then_a_gain() -> None:
    (lose, gain), targets = parse_spell("Exotic Disease", "Domain — Target player loses X life and you gain X "
                                                          "life, where X is the number of basic land types among "
                                                          "lands you control.")
    assert targets is not None and targets.players == "any"
    assert isinstance(lose, m.LifeCounted) and (lose.gain, lose.who) == (False, "target")
    assert isinstance(gain, m.LifeCounted) and (gain.gain, gain.who) == (True, "you") and gain.per == lose.per


def test_haunted_screen_becomes_a_spirit_creature_with_no_end(tmp_path: Path) -> None:
    """122.1 then 205.1b: seven +1/+1 counters, then a 0/0 Spirit artifact creature (7/7) that keeps its
    mana abilities; no duration (611.2a): still a creature in the next turn."""
    p = play("c3_haunted_screen_spirit", tmp_path)
    assert p.error is None and p.state["turn"] == 2
    screen = p.perm("screen")
    assert (screen["types"], screen["subtypes"]) == (["Artifact", "Creature"], ["Spirit"])
    assert screen["counters"] == {"+1/+1": 7} and (screen["power"], screen["toughness"]) == (7, 7)
    assert len(screen["abilities"]) == 3
    [made] = p.events("ContinuousEffectCreated")
    assert made.event.until_end_of_turn is False


def test_haunted_screen_is_activated_only_once(tmp_path: Path) -> None:
    """602.5b: "Activate only once."."""
    p = play("c3_haunted_screen_once", tmp_path)
    assert p.error is not None and p.error.rule == "602.5b"
    assert p.perm("screen")["counters"] == {"+1/+1": 7} and p.pool("Alice") == {"C": 7}


def test_voidpouncer_kicked_enters_with_both_kinds_of_counters_and_haste(tmp_path: Path) -> None:
    """702.33d, 614.1c: +1/+1 counters and a trample counter (122.1b: trample), and haste."""
    p = play("c3_voidpouncer_kicked", tmp_path)
    assert p.error is None
    pouncer = p.perm("Voidpouncer")
    assert pouncer["counters"] == {"+1/+1": 2, "trample": 1} and (pouncer["power"], pouncer["toughness"]) == (5, 3)
    assert sorted(pouncer["keywords"]) == ["Devoid", "Haste", "Trample"]
    assert pouncer["colors"] == []     # devoid (702.114a)
