"""Refused real cards made playable (issue 22, pool-miscb: the second half of the miscellaneous
phrases). Each test replays a recorded game of tests/games/miscb_*.toml with the real cards (taken
from the Oracle data) and checks what the rules cited say must happen, and what must not."""
from __future__ import annotations

from pathlib import Path

from scenario import play
from simulator.cards import model as m
from simulator.cards.parser import parse_oracle


def _other(tmp_path: Path, name: str) -> Path:
    """A folder of its own for a second game of a test."""
    folder = tmp_path / name
    folder.mkdir()
    return folder


# ---- selectors: nontoken, nonblack, with flying, power 3 or less (111.1, 105.2, 702, 208.1)

def test_sifter_of_skulls_sees_a_nontoken_creature_die_not_a_token(tmp_path: Path) -> None:
    """700.4, 603.10a, 111.1: the Bears (nontoken) dying makes a Scion; a Spawn token sacrificed
    for {C} does not trigger it."""
    p = play("miscb_corpsehatch_sifter", tmp_path)
    assert p.error is None
    assert [t["source"] for t in p.triggers()] == ["Sifter of Skulls"]
    assert [b["card"] for b in p.state["battlefield"]] == ["Sifter of Skulls", "Eldrazi Spawn", "Eldrazi Scion"]
    assert p.pool("Alice") == {"C": 1}
    assert p.player("Alice")["graveyard"] == ["Grizzly Bears", "Corpsehatch"]


def test_corpsehatch_cannot_target_a_black_creature(tmp_path: Path) -> None:
    """105.2, 115.1: "target nonblack creature": Walking Corpse is black."""
    p = play("miscb_corpsehatch_black", tmp_path)
    assert p.error is not None and p.error.rule == "115.1"
    assert "needs a nonblack creature" in str(p.error)
    assert p.player("Alice")["hand"] == ["Corpsehatch"]


def test_sunset_strikemaster_hits_a_creature_with_flying(tmp_path: Path) -> None:
    """702.9, 120.3, 704.5g: 6 damage to Ornithopter (0/2): it dies; the monk was sacrificed."""
    p = play("miscb_strikemaster_flying", tmp_path)
    assert p.error is None
    assert p.player("Bob")["graveyard"] == ["Ornithopter"]
    assert p.player("Alice")["graveyard"] == ["Sunset Strikemaster"]


def test_sunset_strikemaster_cannot_target_a_creature_without_flying(tmp_path: Path) -> None:
    """115.1: Grizzly Bears has no flying; nothing is paid (601.2c, 602.2b)."""
    p = play("miscb_strikemaster_no_flying", tmp_path)
    assert p.error is not None and p.error.rule == "115.1"
    assert "needs a creature with flying" in str(p.error)
    assert p.perm("monk")["tapped"] is False and p.pool("Alice") == {"R": 1, "C": 2}


def test_access_tunnel_targets_only_power_three_or_less(tmp_path: Path) -> None:
    """208.1, 115.1: Craw Wurm's power 6 is too much; the Bears' 2 is not (the restriction is
    inert: no combat here)."""
    p = play("miscb_access_tunnel", tmp_path)
    assert p.error is not None and p.error.rule == "115.1"
    assert "needs a creature with power 3 or less" in str(p.error)
    ok = play("miscb_access_tunnel_bears", _other(tmp_path, "access_tunnel_bears"))
    assert ok.error is None and ok.perm("tunnel")["tapped"] is True and ok.state["stack"] == []


def test_attacking_and_blocking_targets_never_exist() -> None:
    """506.4: no creature attacks or blocks here (no combat): Quicksand's and Labyrinth of
    Skophos's targets are attacking creatures, of which there are none."""
    [_, quicksand] = parse_oracle("Quicksand", "{T}: Add {C}.\n{T}, Sacrifice this land: Target attacking creature "
                                               "without flying gets -1/-2 until end of turn.")
    assert isinstance(quicksand, m.ActivatedAbility) and quicksand.targets is not None
    assert quicksand.targets.what.attacking
    [_, labyrinth] = parse_oracle("Labyrinth of Skophos", "{T}: Add {C}.\n{4}, {T}: Remove target attacking or "
                                                          "blocking creature from combat.")
    assert isinstance(labyrinth, m.ActivatedAbility) and labyrinth.targets is not None
    assert labyrinth.targets.what.attacking


# ---- mana: colors among, the chosen color, conditions

def test_meteor_crater_adds_a_color_of_a_permanent_alice_controls(tmp_path: Path) -> None:
    """106.1, 605.3a: green from her Grizzly Bears (the Ornithopter is colorless, 105.2c)."""
    p = play("miscb_meteor_crater", tmp_path)
    assert p.error is None and p.pool("Alice") == {"G": 1}


def test_meteor_crater_cannot_add_an_opponents_color(tmp_path: Path) -> None:
    """106.1: Bob's black Walking Corpse is not a permanent Alice controls."""
    p = play("miscb_meteor_crater_not_bobs", tmp_path)
    assert p.error is not None and p.error.rule == "106.1"
    assert p.perm("crater")["tapped"] is False and p.pool("Alice") == {}


def test_grafstone_with_no_colored_card_adds_nothing_and_reflective_gate_reads_every_player(tmp_path: Path) -> None:
    """106.5: no color among the cards in Alice's graveyard (a Forest): no mana, the ability is
    activated all the same; Reflective Gate: a color of any player's permanent (Bob's black)."""
    p = play("miscb_grafstone_empty", tmp_path)
    assert p.error is None
    assert p.perm("grafstone")["tapped"] is True and p.perm("gate")["tapped"] is True
    assert p.pool("Alice") == {"B": 1}


def test_tablet_of_compleation_needs_two_oil_counters(tmp_path: Path) -> None:
    """602.5b, 122.1: one oil counter: it cannot be activated; two: {C}."""
    p = play("miscb_tablet_one_oil", tmp_path)
    assert p.error is not None and p.error.rule == "602.5b"
    assert p.perm("tablet")["tapped"] is False
    ok = play("miscb_tablet_two_oil", _other(tmp_path, "tablet_two_oil"))
    assert ok.error is None and ok.pool("Alice") == {"C": 1}


def test_taiga_stadium_enters_tapped_unless_a_white_blue_or_black_permanent(tmp_path: Path) -> None:
    """614.1d, 105.2: Grizzly Bears (green) is none of them; Bob's black creature is not Alice's;
    Walking Corpse of her own is."""
    tapped = play("miscb_taiga_stadium_tapped", tmp_path)
    assert tapped.error is None and tapped.perm("Taiga Stadium")["tapped"] is True
    untapped = play("miscb_taiga_stadium_untapped", _other(tmp_path, "taiga_stadium_untapped"))
    assert untapped.error is None and untapped.perm("Taiga Stadium")["tapped"] is False


def test_sunken_citadel_adds_two_mana_of_the_chosen_color(tmp_path: Path) -> None:
    """614.12, 106.1, 106.6: {G}{G}, spendable only on abilities of land sources."""
    p = play("miscb_sunken_citadel", tmp_path)
    assert p.error is None and p.pool("Alice") == {"G": 2}
    [unit] = p.player("Alice")["mana_units"]
    assert unit["restriction"] == "Spend this mana only to activate abilities of land sources."


# ---- groups, statics, steps

def test_esika_gives_another_legendary_creature_vigilance_and_a_mana_ability(tmp_path: Path) -> None:
    """613.1f (layer 6), 205.4d: Isamaru (legendary) taps for {U}; the nonlegendary Bears has
    nothing; Esika, not "other" (109.2), has only its printed abilities."""
    p = play("miscb_esika", tmp_path)
    assert p.error is None and p.pool("Alice") == {"U": 1}
    assert "Vigilance" in p.perm("isamaru")["keywords"]
    assert "Vigilance" not in p.perm("bears")["keywords"]
    bears = play("miscb_esika_not_bears", _other(tmp_path, "esika_not_bears"))
    assert bears.error is not None and bears.error.rule == "602.1"


def test_ninja_pizza_makes_a_food_in_the_second_main_phase_and_foods_tap_for_mana(tmp_path: Path) -> None:
    """505.1a, 603.2: the trigger at the beginning of main2; 613.1f: the Food's granted "{T},
    Sacrifice this artifact: Add one mana of any color." (701.21a: the Food is sacrificed)."""
    p = play("miscb_ninja_pizza", tmp_path)
    assert p.error is None
    assert p.state["step"] == "main2"
    assert [t["source"] for t in p.triggers()] == ["Ninja Pizza"]
    assert p.pool("Alice") == {"R": 1}
    assert p.on_battlefield("Food") == []


def test_hot_springs_enchants_only_a_land_alice_controls(tmp_path: Path) -> None:
    """303.4a, 115.1: not Bob's Forest; on Alice's, the Forest has the prevention ability (615.7)."""
    p = play("miscb_hot_springs_bobs_land", tmp_path)
    assert p.error is not None and p.error.rule == "115.1"
    assert "needs a land you control" in str(p.error)
    ok = play("miscb_hot_springs", _other(tmp_path, "hot_springs"))
    assert ok.error is None and ok.perm("forest")["tapped"] is True
    assert len(ok.events("PreventionShieldCreated")) == 1


def test_keyword_like_lines_that_are_inert_here() -> None:
    """702.124 (a partner variant: deck construction) and 702.164a (toxic: combat damage only):
    present as keywords, nothing in a game reads them."""
    [mana, partner] = parse_oracle("Hargilde, Kindly Runechanter",
                                   "{T}: Add {C}{C}. Spend this mana only to cast artifact spells or activate "
                                   "abilities of artifacts.\nPartner—Friends forever (You can have two commanders "
                                   "if both have this ability.)")
    assert isinstance(partner, m.StaticAbilityLine) and partner.effect == m.Keyword("Partner—Friends forever")
    [toxic, _] = parse_oracle("Myr Convert", "Toxic 1 (Players dealt combat damage by this creature also get a "
                                             "poison counter.)\n{T}, Pay 2 life: Add one mana of any color.")
    assert isinstance(toxic, m.StaticAbilityLine) and toxic.effect == m.Keyword("Toxic 1")


# ---- "Each other ... you control enters with an additional +1/+1 counter on it." (614.1c, 614.12)

def test_grumgully_counts_non_humans_only(tmp_path: Path) -> None:
    """614.1c, 205.3: the Bears enter with a counter (3/3); Elite Vanguard, a Human, with none."""
    p = play("miscb_grumgully", tmp_path)
    assert p.error is None
    assert p.perm("Grizzly Bears")["counters"] == {"+1/+1": 1}
    assert p.perm("Elite Vanguard")["counters"] == {}
    applied = p.events("ReplacementApplied")
    assert [(e.rule, e.event.source) for e in applied] == [("614.1c", "grumgully")]


def test_giada_counts_the_angels_already_there(tmp_path: Path) -> None:
    """614.1c: Giada and one Serra Angel already there: two counters on the new Angel (6/6); the
    Angels on the battlefield keep theirs (none)."""
    p = play("miscb_giada", tmp_path)
    assert p.error is None
    new = [b for b in p.on_battlefield("Serra Angel") if b["id"] != "angel-1"][0]
    assert new["counters"] == {"+1/+1": 2} and (new["power"], new["toughness"]) == (6, 6)
    assert p.perm("angel-1")["counters"] == {} and p.perm("giada")["counters"] == {}


def test_master_biomancer_gives_its_power_in_counters_and_the_mutant_type(tmp_path: Path) -> None:
    """614.1c: two counters (its power 2); 613.1d, 611.2a: a Bear Mutant from then on."""
    p = play("miscb_master_biomancer", tmp_path)
    assert p.error is None
    bears = p.perm("Grizzly Bears")
    assert bears["counters"] == {"+1/+1": 2} and (bears["power"], bears["toughness"]) == (4, 4)
    assert bears["subtypes"] == ["Bear", "Mutant"]


def test_oath_of_gideon_adds_a_loyalty_counter(tmp_path: Path) -> None:
    """306.5b, 614.1c: printed loyalty 5, one more: six loyalty counters."""
    p = play("miscb_oath_of_gideon", tmp_path)
    assert p.error is None
    assert p.perm("Chandra, Novice Pyromancer")["counters"] == {"loyalty": 6}


def test_metallic_mimic_is_the_chosen_type_and_counts_it(tmp_path: Path) -> None:
    """614.12 (Elf chosen), 613.1d (the Mimic is an Elf too), 614.1c (Llanowar Elves enters with a
    counter; Grizzly Bears, not an Elf, without)."""
    p = play("miscb_metallic_mimic", tmp_path)
    assert p.error is None
    mimic = p.perm("Metallic Mimic")
    assert mimic["chosen"] == {"creature_type": "Elf"} and mimic["subtypes"] == ["Shapeshifter", "Elf"]
    assert p.perm("Llanowar Elves")["counters"] == {"+1/+1": 1}
    assert p.perm("Grizzly Bears")["counters"] == {}


def test_thunderous_velocipede_reads_the_mana_value(tmp_path: Path) -> None:
    """202.3, 614.1c: mana value 2: one counter; mana value 5: three."""
    p = play("miscb_velocipede", tmp_path)
    assert p.error is None
    assert p.perm("Grizzly Bears")["counters"] == {"+1/+1": 1}
    assert p.perm("Serra Angel")["counters"] == {"+1/+1": 3}


def test_renata_power_is_devotion_and_tokens_enter_with_a_counter(tmp_path: Path) -> None:
    """700.5, 604.3, 613.4a: {2}{G}{G} and {G}: power 3; 111.1, 614.1c: each Spawn token enters
    with a +1/+1 counter (1/2)."""
    p = play("miscb_renata", tmp_path)
    assert p.error is None
    assert (p.perm("renata")["power"], p.perm("renata")["toughness"]) == (3, 3)
    spawns = p.on_battlefield("Eldrazi Spawn")
    assert len(spawns) == 2 and all(s["counters"] == {"+1/+1": 1} for s in spawns)
    assert p.perm("elves")["counters"] == {}


def test_the_kinds_each_of_them_watches() -> None:
    """205.3, 109.2: what each card's replacement effect looks at in a permanent entering."""
    def each(name: str, text: str) -> m.EachEntersWithCounters:
        found = [a.effect for a in parse_oracle(name, text) if isinstance(a, m.ReplacementAbility)]
        assert len(found) == 1 and isinstance(found[0], m.EachEntersWithCounters)
        return found[0]
    paragon = each("Bramblewood Paragon", "Each other Warrior creature you control enters with an additional "
                                          "+1/+1 counter on it.")
    assert paragon.what == (m.Selector(types=("Creature",), subtypes=("Warrior",), controller="you", other=True),)
    globe = each("Dragonstorm Globe", "Each Dragon you control enters with an additional +1/+1 counter on it.")
    assert globe.what == (m.Selector(subtypes=("Dragon",), controller="you"),)
    arlinn = each("Arlinn, Voice of the Pack", "Each creature you control that's a Wolf or a Werewolf enters with "
                                               "an additional +1/+1 counter on it.")
    assert arlinn.what == (m.Selector(types=("Creature",), controller="you", any_subtype=("Wolf", "Werewolf")),)
    arwen = each("Arwen, Weaver of Hope", "Each other creature you control enters with a number of additional "
                                          "+1/+1 counters on it equal to Arwen's toughness.")
    assert arwen.per == m.SourceStat("toughness") and arwen.amount == 1


# ---- leaves the battlefield (603.6c, 603.10a), a land played (305.1), put into a graveyard

def test_city_of_traitors_is_sacrificed_when_alice_plays_another_land(tmp_path: Path) -> None:
    """305.1, 603.2, 701.21a: her Forest played: the City goes to her graveyard."""
    p = play("miscb_city_of_traitors", tmp_path)
    assert p.error is None
    assert [t["source"] for t in p.triggers()] == ["City of Traitors"]
    assert p.player("Alice")["graveyard"] == ["City of Traitors"]
    assert [b["card"] for b in p.state["battlefield"]] == ["Forest"]


def test_city_of_traitors_ignores_an_opponents_land(tmp_path: Path) -> None:
    """603.2: Bob plays a land: not "you"; the City stays and taps for {C}{C}."""
    p = play("miscb_city_of_traitors_put", tmp_path)
    assert p.error is None and p.triggers() == []
    assert p.pool("Alice") == {"C": 2}


def test_field_of_the_dead_needs_seven_different_names(tmp_path: Path) -> None:
    """201.2, 603.4: Plains is a seventh name: a 2/2 black Zombie; a second Forest is not, and the
    ability does not trigger at all."""
    p = play("miscb_field_of_the_dead", tmp_path)
    assert p.error is None
    assert [t["source"] for t in p.triggers()] == ["Field of the Dead"]
    [zombie] = [b for b in p.state["battlefield"] if b["card"].startswith("Zombie")]
    assert (zombie["power"], zombie["toughness"]) == (2, 2)
    same = play("miscb_field_of_the_dead_same_name", _other(tmp_path, "same"))
    assert same.error is None and same.triggers() == []


def test_necrosquito_counts_only_alices_creatures_and_artifacts(tmp_path: Path) -> None:
    """603.6c, 603.10a: the Strikemaster sacrificed (hers): an oil counter (3/3); Bob's Ornithopter
    dying: none."""
    p = play("miscb_necrosquito", tmp_path)
    assert p.error is None
    assert [t["source"] for t in p.triggers()] == ["Necrosquito"]
    squito = p.perm("squito")
    assert squito["counters"] == {"oil": 3} and (squito["power"], squito["toughness"]) == (3, 3)


def test_selfless_police_captain_leaves_its_counters(tmp_path: Path) -> None:
    """603.6c, 603.10a: destroyed with a +1/+1 counter: the counter goes on the target Bears."""
    p = play("miscb_police_captain", tmp_path)
    assert p.error is None
    assert p.perm("bears")["counters"] == {"+1/+1": 1}
    assert p.player("Alice")["graveyard"] == ["Selfless Police Captain", "Corpsehatch"]


def test_chittering_dispatcher_leaves_a_spawn_for_its_controller(tmp_path: Path) -> None:
    """603.6c, 111.1: Bob's Dispatcher destroyed: a Spawn token under Bob's control; Myriad is
    present and inert (702.116a: an attack trigger)."""
    p = play("miscb_chittering_dispatcher", tmp_path)
    assert p.error is None
    assert [b["controller"] for b in p.on_battlefield("Eldrazi Spawn")] == ["Alice", "Alice", "Bob"]
    abilities = parse_oracle("Chittering Dispatcher", "Myriad")
    assert [a.effect for a in abilities if isinstance(a, m.StaticAbilityLine)] == [m.Keyword("Myriad")]


# ---- permanents chosen as it resolves (608.2c, 701.21a; pending `choose_permanents`)

def test_lotus_field_sacrifices_the_two_lands_alice_chooses(tmp_path: Path) -> None:
    """608.2c, 701.21a: two of her four lands, chosen as the trigger resolves: she keeps Lotus Field
    (it enters tapped, 614.1d) and the Swamp."""
    p = play("miscb_lotus_field", tmp_path)
    assert p.error is None
    assert p.player("Alice")["graveyard"] == ["Forest", "Island"]
    assert [b["card"] for b in p.state["battlefield"]] == ["Swamp", "Lotus Field"]
    [asked] = p.events("ChoiceRequested")
    assert asked.event.kind == "choose_permanents" and len(asked.event.options) == 4


def test_lotus_field_with_one_other_land_sacrifices_both_without_asking(tmp_path: Path) -> None:
    """701.21a: two lands in all: both, Lotus Field itself too; nothing is asked."""
    p = play("miscb_lotus_field_alone", tmp_path)
    assert p.error is None and p.events("ChoiceRequested") == []
    assert p.player("Alice")["graveyard"] == ["Forest", "Lotus Field"] and p.state["battlefield"] == []


def test_blighted_fen_makes_bob_sacrifice_the_creature_he_chooses(tmp_path: Path) -> None:
    """115.1 (target opponent), 701.21a: Bob chooses; his Bears stay."""
    p = play("miscb_blighted_fen", tmp_path)
    assert p.error is None
    [asked] = p.events("ChoiceRequested")
    assert asked.event.player == "Bob"
    assert p.player("Bob")["graveyard"] == ["Walking Corpse"]
    assert [b["id"] for b in p.state["battlefield"]] == ["bears"]


def test_khalni_gem_returns_two_lands_alice_chooses(tmp_path: Path) -> None:
    """608.2c: the Forest and the Swamp go to her hand; the Gem taps for two mana of one color."""
    p = play("miscb_khalni_gem", tmp_path)
    assert p.error is None
    assert p.player("Alice")["hand"] == ["Forest", "Swamp"]
    assert p.pool("Alice") == {"G": 2}


# ---- mana of each color, a chosen color counted, flavor words (207.2d); counts as it enters (614.1c)

def test_bloom_tender_adds_one_of_each_color_among_alices_permanents(tmp_path: Path) -> None:
    """106.1, 605.3a, 105.2c: green (itself) and black (Walking Corpse); the Ornithopter has no
    color; Bob's white Serra Angel is not Alice's."""
    p = play("miscb_bloom_tender", tmp_path)
    assert p.error is None and p.pool("Alice") == {"B": 1, "G": 1}


def test_illuminor_szeras_adds_the_sacrificed_creatures_mana_value(tmp_path: Path) -> None:
    """207.2d ("Secrets of the Soul" is a flavor word), 608.2h: Serra Angel's mana value 5."""
    p = play("miscb_illuminor_szeras", tmp_path)
    assert p.error is None and p.pool("Alice") == {"B": 5}
    assert p.player("Alice")["graveyard"] == ["Serra Angel"]


def test_three_tree_city_counts_the_creatures_of_the_chosen_type(tmp_path: Path) -> None:
    """614.12, 605.3a, 608.2d: two Elves of Alice's (not Bob's, not her Bear): {G}{G}."""
    p = play("miscb_three_tree_city", tmp_path)
    assert p.error is None and p.pool("Alice") == {"G": 2}


def test_steel_exemplar_reads_the_colors_spent_to_cast_it(tmp_path: Path) -> None:
    """601.2h, 614.1c: one color spent: two counters (6/6); two colors: none (4/4)."""
    p = play("miscb_steel_exemplar", tmp_path)
    assert p.error is None
    assert sorted(tuple(b["counters"].items()) for b in p.on_battlefield("Steel Exemplar")) == [(), (("+1/+1", 2),)]


def test_callous_sell_sword_counts_alices_creatures_that_died(tmp_path: Path) -> None:
    """700.4, 614.1c: her Grizzly Bears died this turn: one counter (3/3)."""
    p = play("miscb_callous_sell_sword", tmp_path)
    assert p.error is None
    sword = p.perm("Callous Sell-Sword")
    assert sword["counters"] == {"+1/+1": 1} and (sword["power"], sword["toughness"]) == (3, 3)


def test_realm_seekers_counts_every_players_hand(tmp_path: Path) -> None:
    """402.1, 614.1c: two cards in Alice's hand and three in Bob's as it would enter: five counters."""
    p = play("miscb_realm_seekers", tmp_path)
    assert p.error is None and p.perm("Realm Seekers")["counters"] == {"+1/+1": 5}


# ---- tokens that gain haste, tokens if a condition holds, "for each legendary creature", a Nissa

def test_sokenzan_costs_one_less_and_its_spirits_gain_haste(tmp_path: Path) -> None:
    """601.2f, 602.2b: one legendary creature (Isamaru): {2}{R} paid; 111.1, 611.2c: the two
    Spirit tokens have haste (until end of turn, 514.2)."""
    p = play("miscb_sokenzan", tmp_path)
    assert p.error is None
    [spent] = p.events("ManaSpent")
    assert spent.event.mana == {"C": 2, "R": 1}
    spirits = [b for b in p.state["battlefield"] if b["card"].startswith("Spirit")]
    assert len(spirits) == 2 and all(s["keywords"] == ["Haste"] for s in spirits)
    assert "Haste" not in p.perm("Grizzly Bears")["keywords"]


def test_eiganjo_reduction_counts_legendary_creatures() -> None:
    """601.2f: "for each legendary creature you control" (205.4); its target, an attacking or
    blocking creature, never exists here (506.4)."""
    [_, channel] = parse_oracle("Eiganjo, Seat of the Empire", "{T}: Add {W}.\nChannel — {2}{W}, Discard this card: "
                                "It deals 4 damage to target attacking or blocking creature. This ability costs {1} "
                                "less to activate for each legendary creature you control.")
    assert isinstance(channel, m.ActivatedAbility) and channel.reduction is not None
    assert channel.reduction.per == m.CountOf(m.Selector(types=("Creature",), controller="you",
                                                         supertypes=("Legendary",)))
    assert channel.targets is not None and channel.targets.what.attacking


def test_brood_birthing_makes_one_spawn_then_three(tmp_path: Path) -> None:
    """608.2c: no Eldrazi Spawn as the first resolves: one token; with it, three more (111.1)."""
    p = play("miscb_brood_birthing", tmp_path)
    assert p.error is None
    assert len(p.on_battlefield("Eldrazi Spawn")) == 4


def test_avid_reclaimer_gains_life_only_with_a_nissa(tmp_path: Path) -> None:
    """205.3j, 605.3a, 608.2c: Chandra is not a Nissa: {U} only; with Test Nissa: {G} and 2 life."""
    p = play("miscb_avid_reclaimer", tmp_path)
    assert p.error is None and p.pool("Alice") == {"U": 1} and p.player("Alice")["life"] == 20
    nissa = play("miscb_avid_reclaimer_nissa", _other(tmp_path, "nissa"))
    assert nissa.error is None and nissa.pool("Alice") == {"G": 1} and nissa.player("Alice")["life"] == 22


def test_spike_tiller_animates_a_land_for_good_and_puts_a_counter_on_it(tmp_path: Path) -> None:
    """611.2a (no duration), 205.1b (still a land), 608.2b ("it": the target): a 3/3 Forest creature,
    still one on the next turn (514.2 ends only "until end of turn" effects)."""
    p = play("miscb_spike_tiller", tmp_path)
    assert p.error is None and p.state["turn"] == 2
    forest = p.perm("forest")
    assert forest["types"] == ["Land", "Creature"] and forest["subtypes"] == ["Forest"]
    assert forest["counters"] == {"+1/+1": 1} and (forest["power"], forest["toughness"]) == (3, 3)
    assert p.perm("tiller")["counters"] == {"+1/+1": 2}


def test_ingenious_prodigy_may_trade_a_counter_for_a_card(tmp_path: Path) -> None:
    """603.4, 608.2d, 608.2c: she chooses "do": a counter removed, then a card drawn; with no
    counter it does not trigger at all."""
    p = play("miscb_ingenious_prodigy", tmp_path)
    assert p.error is None
    assert p.perm("prodigy")["counters"] == {"+1/+1": 1} and p.player("Alice")["hand"] == ["Forest"]
    none = play("miscb_ingenious_prodigy_none", _other(tmp_path, "none"))
    assert none.error is None and none.triggers() == [] and none.player("Alice")["hand"] == []


def test_towering_titan_counts_the_toughness_of_the_others_and_sacrifices_a_defender(tmp_path: Path) -> None:
    """614.1c, 208.1: 2 + 4 + 3 = nine counters (Bob's creature is not Alice's); 701.21a: the
    Wall of Wood (defender) is sacrificed; every creature, Bob's too, gains trample (611.2c)."""
    p = play("miscb_towering_titan", tmp_path)
    assert p.error is None
    titan = p.perm("Towering Titan")
    assert titan["counters"] == {"+1/+1": 9} and (titan["power"], titan["toughness"]) == (9, 9)
    assert p.player("Alice")["graveyard"] == ["Wall of Wood"]
    assert all("Trample" in b["keywords"] for b in p.state["battlefield"])


# ---- wither (702.80a; 120.3d)

def test_wither_damage_to_creatures_is_minus_counters(tmp_path: Path) -> None:
    """120.3d: the Bears get one -1/-1 counter from a source with wither and deathtouch (no damage
    marked), and the deathtouch destroys them (704.5h); wither to a player is damage as usual:
    Bob loses 1 life (120.3a). A source without wither marks damage: Serra Angel dies of 5 (704.5g)."""
    p = play("miscb_infect_creature", tmp_path)
    assert p.error is None
    assert p.player("Bob")["graveyard"] == ["Serra Angel", "Grizzly Bears"]
    assert p.player("Bob")["life"] == 19
    marked = [e.event.marked for e in p.events("DamageDealtToPermanent")]
    assert marked == [True, False]
    assert [(e.event.counter, e.event.amount) for e in p.events("CountersPlaced")] == [("-1/-1", 1)]


# ---- modified (700.9)

def test_orochi_merge_keeper_has_the_ability_only_while_modified(tmp_path: Path) -> None:
    """700.9, 611.3a, 613.1f: equipped (Paradise Mantle): it taps for {G}{G}; with nothing on it,
    the ability is not there (602.2)."""
    p = play("miscb_orochi_modified", tmp_path)
    assert p.error is None and p.pool("Alice") == {"G": 2}
    bare = play("miscb_orochi_unmodified", _other(tmp_path, "bare"))
    assert bare.error is not None and bare.error.rule == "602.2"


def test_heir_of_the_ancient_fang_needs_a_modified_creature_of_alices(tmp_path: Path) -> None:
    """700.9, 614.1c: the Bears with a counter: the Heir enters with one (3/4); Bob's Angel with
    a counter is not hers: none (2/3)."""
    p = play("miscb_heir_ancient_fang", tmp_path)
    assert p.error is None and p.perm("Heir of the Ancient Fang")["counters"] == {"+1/+1": 1}
    bare = play("miscb_heir_unmodified", _other(tmp_path, "bare"))
    assert bare.error is None and bare.perm("Heir of the Ancient Fang")["counters"] == {}


def test_reluctant_dounguard_triggers_only_while_it_has_a_counter(tmp_path: Path) -> None:
    """603.2, 603.6a, 122.1: the Bears entering: its one -1/-1 counter removed; the Elves entering
    after that: no trigger."""
    p = play("miscb_reluctant_dounguard", tmp_path)
    assert p.error is None
    assert [t["source"] for t in p.triggers()] == ["Reluctant Dounguard"]
    assert p.perm("dounguard")["counters"] == {}


def test_bonders_ornament_makes_each_player_with_one_draw(tmp_path: Path) -> None:
    """121.1, 201.2, 101.4: Alice and Bob control one each: they draw; Carol does not."""
    p = play("miscb_bonders_ornament", tmp_path)
    assert p.error is None
    assert [p.player(n)["hand"] for n in ("Alice", "Bob", "Carol")] == [["Forest"], ["Island"], []]


# ---- sacrificed as it enters (614.1c, 614.1a)

def test_overlaid_terrain_sacrifices_alices_lands_as_it_enters(tmp_path: Path) -> None:
    """614.1c, 701.21a: her Forest and Island, not Bob's Swamp; a land she plays later taps for
    {R}{R} with the granted ability (613.1f)."""
    p = play("miscb_overlaid_terrain", tmp_path)
    assert p.error is None
    assert p.player("Alice")["graveyard"] == ["Forest", "Island"]
    assert p.on_battlefield("Swamp") and p.pool("Alice") == {"R": 2}
    [applied] = p.events("ReplacementApplied")
    assert applied.rule == "614.1c"


def test_sheltered_valley_sacrifices_the_other_one(tmp_path: Path) -> None:
    """614.1a, 201.2: the Valley already there is sacrificed; the new one enters; the Forest stays."""
    p = play("miscb_sheltered_valley", tmp_path)
    assert p.error is None
    assert p.player("Alice")["graveyard"] == ["Sheltered Valley"]
    assert [b["card"] for b in p.state["battlefield"]] == ["Forest", "Sheltered Valley"]
    assert all(b["id"] != "old-valley" for b in p.state["battlefield"])


def test_secluded_courtyard_mana_pays_for_an_elfs_ability_not_an_artifacts(tmp_path: Path) -> None:
    """106.6, 614.12, 602.2h: the restricted {G} (chosen: Elf) pays for Heart Warden's ability;
    not for Tablet of Compleation's (an artifact)."""
    p = play("miscb_secluded_courtyard", tmp_path)
    assert p.error is None and p.player("Alice")["hand"] == ["Forest"] and p.pool("Alice") == {}
    no = play("miscb_secluded_courtyard_artifact", _other(tmp_path, "no"))
    assert no.error is not None and no.error.rule == "106.6" and no.pool("Alice") == {"G": 1}


def test_obsidian_charmaw_costs_less_for_lands_that_could_produce_colorless(tmp_path: Path) -> None:
    """601.2f, 106.7: Wastes and City of Traitors could produce {C}, the Forest not: {1}{R}{R}
    paid; the City is then destroyed by its enters trigger (701.8a)."""
    p = play("miscb_obsidian_charmaw", tmp_path)
    assert p.error is None
    [spent] = p.events("ManaSpent")
    assert spent.event.mana == {"C": 1, "R": 2}
    assert p.player("Bob")["graveyard"] == ["City of Traitors"]


# ---- the game ends by an effect (104.2b, 104.4c)

def test_celestial_convergence_the_player_with_the_most_life_wins(tmp_path: Path) -> None:
    """122.1, 608.2c, 104.2b: the last omen counter removed; Bob (15) over Alice (12): Bob wins and
    the game ends (104.1)."""
    p = play("miscb_celestial_convergence", tmp_path)
    assert p.error is None
    assert p.state["game_over"] == {"winners": ["Bob"], "losers": [], "rule": None}
    assert [e.rule for e in p.events("GameEnded")] == ["104.2b"]


def test_celestial_convergence_a_tie_is_a_draw(tmp_path: Path) -> None:
    """104.4c: both at 20 life: a draw, nobody wins."""
    p = play("miscb_celestial_convergence_draw", tmp_path)
    assert p.error is None and p.state["game_over"]["winners"] == []
    assert [e.rule for e in p.events("GameEnded")] == ["104.4c"]


def test_celestial_convergence_with_counters_left_the_game_goes_on(tmp_path: Path) -> None:
    """608.2c: one omen counter is still there: nothing ends."""
    p = play("miscb_celestial_convergence_two", tmp_path)
    assert p.error is None and p.state["game_over"] is None
    assert p.perm("convergence")["counters"] == {"omen": 1}


# ---- look at the top cards, keep one on top (608.2d, 401.4)

def test_fertile_thicket_keeps_the_revealed_basic_land_on_top(tmp_path: Path) -> None:
    """608.2d ("do"), 608.2c: the options are the basic lands among the top five (not the Bears, not
    the Angel); the Island revealed stays on top, the other four go under the Mountain in the order
    chosen (401.4)."""
    p = play("miscb_fertile_thicket", tmp_path)
    assert p.error is None
    picks = [e.event for e in p.events("ChoiceRequested") if e.event.kind == "look_pick"]
    assert len(picks) == 1 and len(picks[0].options) == 3
    assert [e.event.card for e in p.events("CardRevealed")] == ["Island"]
    assert p.player("Alice")["library"] == ["Island", "Mountain", "Swamp", "Serra Angel", "Forest", "Grizzly Bears"]


def test_planar_atlas_declined_looks_at_nothing(tmp_path: Path) -> None:
    """608.2d: "decline": no look, the library unchanged ("If you do" is not done either)."""
    p = play("miscb_planar_atlas_decline", tmp_path)
    assert p.error is None
    assert p.player("Alice")["library"] == ["Grizzly Bears", "Forest", "Island", "Serra Angel", "Swamp"]
    assert [e.event.kind for e in p.events("ChoiceRequested")] == ["may"]


def test_slurrk_triggers_for_a_creature_that_had_a_counter(tmp_path: Path) -> None:
    """700.4, 603.10a: the Bears died with a +1/+1 counter: one more on each creature of Alice's
    that has one (Slurrk 6, the Elves 2; the Spawns and the Vanguard none, 608.2h); the Vanguard
    dying without a counter: no trigger."""
    p = play("miscb_slurrk", tmp_path)
    assert p.error is None
    assert [t["source"] for t in p.triggers()] == ["Slurrk, All-Ingesting"]
    assert p.perm("slurrk")["counters"] == {"+1/+1": 6} and p.perm("elves")["counters"] == {"+1/+1": 2}
    assert all(b["counters"] == {} for b in p.on_battlefield("Eldrazi Spawn"))


def test_bretagard_stronghold_counters_and_keywords_on_up_to_two_targets(tmp_path: Path) -> None:
    """115.1 (up to two targets), 122.1, 611.2c: the Bears and the Elves get a counter, vigilance
    and lifelink; the Vanguard, not a target, nothing; the land was sacrificed (701.21a)."""
    p = play("miscb_bretagard_stronghold", tmp_path)
    assert p.error is None
    for oid in ("bears", "elves"):
        b = p.perm(oid)
        assert b["counters"] == {"+1/+1": 1} and b["keywords"] == ["Vigilance", "Lifelink"]
    assert p.perm("vanguard")["counters"] == {} and p.perm("vanguard")["keywords"] == []
    assert p.player("Alice")["graveyard"] == ["Bretagard Stronghold"]


def test_caribou_range_makes_a_caribou_and_sacrifices_it(tmp_path: Path) -> None:
    """613.1f (the enchanted Plains' granted ability), 111.1, 205.3m (Caribou), 701.21a: a 0/1
    Caribou token made and sacrificed for 1 life."""
    p = play("miscb_caribou_range", tmp_path)
    assert p.error is None
    assert p.player("Alice")["life"] == 21
    assert [b["card"] for b in p.state["battlefield"]] == ["Plains", "Caribou Range"]
    [made] = p.events("TokenCreated")
    assert made.event.token == "Caribou (0/1 white creature)"


def test_white_lotus_tile_counts_the_largest_group_sharing_a_creature_type(tmp_path: Path) -> None:
    """205.3m: two Elf Druids of Alice's (Bob's Elf not counted, the Bear alone): X is 2, {G}{G}."""
    p = play("miscb_white_lotus_tile", tmp_path)
    assert p.error is None and p.pool("Alice") == {"G": 2}
