"""Miscellaneous phrases (issue 22; cards/model_trigger_events.py, model_damage.py, model_conditions.py, ...; rules/damage_effects.py, library_effects.py, continuous_effects.py, coin_flips.py, graveyard.py), each played
against the rule it cites:

- "Whenever an artifact enters" / "Whenever a creature enters" (603.6a: whoever controls it);
  "Whenever another colorless creature you control enters" (105.2c);
- "Whenever this creature enters or dies" (603.6a, 603.6c, 603.10a: one ability, either event);
- "if this creature has fewer than three +1/+1 counters on it" and "if this creature doesn't have
  a +1/+1 counter on it, return it to its owner's hand" (intervening "if", 603.4);
- delirium: "as long as there are four or more card types among cards in your graveyard" (205.2a);
- "If you control creatures named Mine Worker and Power Plant Worker, add {C}{C}{C} instead." (201.2);
- "Destroy target Equipment." (205.3g subtypes as targets, 115.1);
- "... deals 2 damage to each creature", "... to each (other) creature and each player" (120.3);
- "Exile this land" as a cost (602.2h) and "Target creature's owner shuffles it into their
  library." (701.24a);
- "surveil 1, then remove a -1/-1 counter from this creature" (701.25a, 608.2c);
- "Remove X ki counters from this creature: Add X mana of any one color." (107.3, 605.3a);
- the token-only creature types Pentavite and Prism (205.3m);
- "Enchanted land has "{T}: This land deals ..."" ("this land": the land that has it, 113.7).
"""
from __future__ import annotations

from pathlib import Path

import pytest

from scenario import play
from simulator.base.errors import CardDataError
from simulator.cards import model as m
from simulator.cards.parser import parse_oracle, parse_spell


def _life(p, name: str) -> int:
    return p.player(name)["life"]


def test_karstoderm_loses_a_counter_when_an_opponent_s_artifact_enters(tmp_path: Path) -> None:
    """603.6a: "Whenever an artifact enters": Bob's Memnite triggers Alice's Karstoderm; Bob's
    Forest (not an artifact) does not."""
    p = play("misca_karstoderm_artifact", tmp_path)
    assert p.error is None and p.state["stack"] == []
    assert p.perm("karstoderm")["counters"] == {"+1/+1": 4}
    assert [e.event.source for e in p.events("AbilityTriggered")] == ["karstoderm"]


def test_carnival_of_souls_loses_life_and_adds_black(tmp_path: Path) -> None:
    """603.6a, 119.3, 106.4: the ability used the stack (not a mana ability, 605.1b)."""
    p = play("misca_carnival_of_souls", tmp_path)
    assert p.error is None
    assert _life(p, "Alice") == 19 and p.pool("Alice") == {"B": 1}
    assert len(p.events("AbilityPutOnStack")) == 1


def test_fleshraker_deals_damage_for_each_colorless_creature(tmp_path: Path) -> None:
    """105.2c: the Eldrazi Spawn token and Memnite are colorless creatures entering under Alice's
    control: 1 damage each to Bob (the cast trigger's token first)."""
    p = play("misca_fleshraker_colorless", tmp_path)
    assert p.error is None and p.state["stack"] == []
    assert (_life(p, "Alice"), _life(p, "Bob")) == (20, 18)


def test_fleshraker_ignores_a_green_creature(tmp_path: Path) -> None:
    """105.2: Llanowar Elves is green: no trigger (neither the cast nor the enters one)."""
    p = play("misca_fleshraker_green", tmp_path)
    assert p.error is None and p.triggers() == []
    assert _life(p, "Bob") == 20


def test_myconid_makes_a_saproling_as_it_enters_and_as_it_dies(tmp_path: Path) -> None:
    """603.6a, 603.6c, 603.10a: one ability, triggered by each event."""
    p = play("misca_myconid_enters_dies", tmp_path)
    assert p.error is None and p.state["stack"] == []
    assert len([b for b in p.state["battlefield"] if b["card"].startswith("Saproling")]) == 2
    assert [e.rule for e in p.events("AbilityTriggered")] == ["603.6a", "603.10a"]


@pytest.mark.parametrize("game, counters, triggered", [
    ("misca_steam_kin_two", 3, True), ("misca_steam_kin_three", 3, False)])
def test_steam_kin_counts_its_counters_as_it_triggers(tmp_path: Path, game: str, counters: int,
                                                      triggered: bool) -> None:
    """603.4: "if this creature has fewer than three +1/+1 counters on it": with three it does not
    trigger at all."""
    p = play(game, tmp_path)
    assert p.error is None and p.state["stack"] == []
    assert p.perm("kin")["counters"] == {"+1/+1": counters}
    assert bool(p.events("AbilityTriggered")) == triggered


def test_deathcap_has_deathtouch_with_four_card_types(tmp_path: Path) -> None:
    """205.2a, 611.3a: Ornithopter counts as an artifact and a creature, Forest a land, Lightning
    Bolt an instant: four; Bob's graveyard (one instant) is his own Cultivator's."""
    p = play("misca_deathcap_delirium", tmp_path)
    assert p.error is None
    assert "Deathtouch" in p.perm("cultivator")["keywords"]
    assert "Deathtouch" not in p.perm("bob-cultivator")["keywords"]


def test_tower_worker_alone_adds_one_colorless(tmp_path: Path) -> None:
    """605.3a, 608.2c: without creatures named Mine Worker and Power Plant Worker, {C}."""
    p = play("misca_tower_worker_alone", tmp_path)
    assert p.error is None and p.pool("Alice") == {"C": 1}


def test_the_named_creatures_condition_parses() -> None:
    [_reach, mana] = parse_oracle("Tower Worker", "Reach\n{T}: Add {C}. If you control creatures named Mine Worker "
                                  "and Power Plant Worker, add {C}{C}{C} instead.")
    assert isinstance(mana, m.ActivatedAbility)
    added = mana.effects[0]
    assert isinstance(added, m.AddMana) and isinstance(added.mana, m.AddInstead)
    assert added.mana.condition == m.YouControlNamed(("Mine Worker", "Power Plant Worker"))


def test_turn_to_dust_destroys_an_equipment_and_adds_green(tmp_path: Path) -> None:
    """701.8a, 106.4."""
    p = play("misca_turn_to_dust", tmp_path)
    assert p.error is None
    assert p.player("Bob")["graveyard"] == ["Bonesplitter"] and p.pool("Alice") == {"G": 1}


def test_turn_to_dust_cannot_target_another_artifact(tmp_path: Path) -> None:
    """205.3g, 115.1: Ashnod's Altar has no Equipment subtype."""
    p = play("misca_turn_to_dust_not_equipment", tmp_path)
    assert p.error is not None and p.error.rule == "115.1"
    assert "needs an Equipment" in str(p.error)


def test_frostpyre_deals_damage_to_each_creature_and_no_player(tmp_path: Path) -> None:
    """120.3e, 704.5g: both players' 2/2s die, the 3/3 keeps 2 damage; no player is dealt damage."""
    p = play("misca_surtland_frostpyre", tmp_path)
    assert p.error is None and p.state["stack"] == []
    assert p.player("Alice")["graveyard"] == ["Surtland Frostpyre", "Grizzly Bears"]
    assert p.player("Bob")["graveyard"] == ["Grizzly Bears"]
    assert p.perm("courser")["damage"] == 2
    assert (_life(p, "Alice"), _life(p, "Bob")) == (20, 20)


@pytest.mark.parametrize("game", ["misca_noxious_field", "misca_conductor"])
def test_damage_to_each_creature_and_each_player(tmp_path: Path, game: str) -> None:
    """120.3a, 120.3e: Llanowar Elves dies, the Bears are marked, each player loses 1 life; the
    Conductor ("each other creature", 109.2) is dealt none."""
    p = play(game, tmp_path)
    assert p.error is None and p.state["stack"] == []
    assert (_life(p, "Alice"), _life(p, "Bob")) == (19, 19)
    assert p.player("Alice")["graveyard"] == ["Llanowar Elves"] and p.perm("bob-bears")["damage"] == 1
    if game == "misca_conductor":
        assert p.perm("conductor").get("damage", 0) == 0 and p.perm("conductor")["counters"] == {"+1/+1": 1}


def test_barbed_field_s_land_is_the_source(tmp_path: Path) -> None:
    """113.7, 120.3a: the ability the Aura grants is the land's: the land deals the damage."""
    p = play("misca_barbed_field", tmp_path)
    assert p.error is None and _life(p, "Bob") == 19
    [dealt] = p.events("DamageDealt")
    assert dealt.event.source == "mountain"


def test_plaza_of_heroes_is_exiled_as_a_cost(tmp_path: Path) -> None:
    """602.2h, 406: exiled as the cost is paid; the ability still resolves (611.2c)."""
    p = play("misca_plaza_of_heroes", tmp_path)
    assert p.error is None
    assert p.player("Alice")["exile"] == ["Plaza of Heroes"]
    assert {"Hexproof", "Indestructible"} <= set(p.perm("isamaru")["keywords"])


def test_plaza_of_heroes_needs_a_legendary_target(tmp_path: Path) -> None:
    """115.1: nothing is paid, the land stays."""
    p = play("misca_plaza_not_legendary", tmp_path)
    assert p.error is not None and p.error.rule == "115.1"
    assert p.perm("plaza")["card"] == "Plaza of Heroes"


def test_ominous_cemetery_shuffles_the_creature_into_its_owner_s_library(tmp_path: Path) -> None:
    """701.24a: Bob's library gets his Bears and is shuffled (the order recorded in the event)."""
    p = play("misca_ominous_cemetery", tmp_path)
    assert p.error is None
    assert p.player("Alice")["exile"] == ["Ominous Cemetery"]
    assert sorted(p.player("Bob")["library"]) == ["Forest", "Grizzly Bears", "Island", "Swamp"]
    [shuffled] = p.events("LibraryShuffled")
    assert shuffled.event.player == "Bob" and shuffled.rule == "701.24a"


@pytest.mark.parametrize("game, returned", [("misca_shatterskull_returns", True), ("misca_shatterskull_stays", False)])
def test_shatterskull_returns_only_without_a_counter(tmp_path: Path, game: str, returned: bool) -> None:
    """603.4: the intervening "if" about its own counter; "it" is the creature (400.7)."""
    p = play(game, tmp_path)
    assert p.error is None and p.state["stack"] == []
    assert (p.player("Alice")["hand"] == ["Shatterskull Charger"]) == returned
    assert bool(p.events("AbilityTriggered")) == returned


def test_heirloom_auntie_surveils_then_loses_a_counter(tmp_path: Path) -> None:
    """701.25a, then 122.1 (608.2c: in order)."""
    p = play("misca_heirloom_auntie", tmp_path)
    assert p.error is None
    assert p.player("Alice")["graveyard"] == ["Grizzly Bears", "Forest"]
    auntie = p.perm("auntie")
    assert auntie["counters"] == {"-1/-1": 1} and (auntie["power"], auntie["toughness"]) == (3, 3)


def test_petalmane_baku_adds_x_mana_of_one_color(tmp_path: Path) -> None:
    """107.3, 602.2h, 605.3a: X = 2: two ki counters removed, {G}{G}."""
    p = play("misca_petalmane_baku", tmp_path)
    assert p.error is None
    assert p.pool("Alice") == {"G": 2} and p.perm("baku")["counters"] == {"ki": 1}


def test_pentavus_sacrifices_its_pentavite(tmp_path: Path) -> None:
    """205.3m: Pentavite is a creature type: the token is "a Pentavite" to sacrifice."""
    p = play("misca_pentavus", tmp_path)
    assert p.error is None and p.state["stack"] == []
    assert p.perm("pentavus")["counters"] == {"+1/+1": 5}
    assert not [b for b in p.state["battlefield"] if b["card"].startswith("Pentavite")]


def test_diamond_kaleidoscope_sacrifices_a_prism_for_mana(tmp_path: Path) -> None:
    """205.3m (Prism), 605.1a."""
    p = play("misca_diamond_kaleidoscope", tmp_path)
    assert p.error is None and p.pool("Alice") == {"U": 1}
    assert not [b for b in p.state["battlefield"] if b["card"].startswith("Prism")]


def test_the_phrases_parse_to_their_kinds() -> None:
    [ability] = parse_oracle("Odd Card", "Whenever an artifact enters, you gain 1 life.")
    assert isinstance(ability, m.TriggeredAbility)
    assert ability.condition == m.PermanentEnters(m.Selector(types=("Artifact",)))
    [ability] = parse_oracle("Odd Card", "Whenever another colorless creature you control enters, you gain 1 life.")
    assert isinstance(ability, m.TriggeredAbility)
    assert ability.condition == m.PermanentEnters(m.Selector(types=("Creature",), controller="you", other=True,
                                                             colorless=True))
    effects, targets = parse_spell("Turn to Dust", "Destroy target Equipment. Add {G}.")
    assert targets == m.Targets(m.Selector(subtypes=("Equipment",)))
    [ability] = parse_oracle("Conductor of Cacophony", "{B}, Remove a +1/+1 counter from this creature: It deals 1 "
                             "damage to each other creature and each player.")
    assert isinstance(ability, m.ActivatedAbility)
    assert ability.effects == (m.DealDamageToEach(1, m.Selector(types=("Creature",), other=True), True),)


@pytest.mark.parametrize("line", [
    # "it" in a trigger that names another object: not read as the source
    "Whenever a creature you control enters, it deals 1 damage to each creature.",
    # a token after "surveil N, then" is not supported
    "{T}: Surveil 1, then create a Treasure token.",
    # "Destroy target Gizmo": not a subtype the rules know (205.3)
    "{T}: Destroy target Gizmo.",
    # a cost cannot both sacrifice and exile its source
    "{T}, Sacrifice this land, Exile this land: Draw a card.",
])
def test_what_is_refused(line: str) -> None:
    with pytest.raises(CardDataError):
        parse_oracle("Odd Land", line)


# --- the second batch (pool-misca)

def test_thelonite_monk_s_land_type_lasts(tmp_path: Path) -> None:
    """305.7, 611.2c: no end: on Bob's turn the Island is still a Forest and taps for {G}."""
    p = play("misca_thelonite_monk", tmp_path)
    assert p.error is None and p.state["turn"] == 2
    assert p.perm("bob-island")["subtypes"] == ["Forest"] and p.pool("Bob") == {"G": 1}


def test_cyclopean_giant_exiles_its_own_card(tmp_path: Path) -> None:
    """400.7, 603.10a: the card in the graveyard is exiled; the Forest is a Swamp."""
    p = play("misca_cyclopean_giant", tmp_path)
    assert p.error is None and p.state["stack"] == []
    assert p.player("Alice")["graveyard"] == [] and p.player("Alice")["exile"] == ["Cyclopean Giant"]
    assert p.perm("bob-forest")["subtypes"] == ["Swamp"]


def test_the_forgotten_place_counts_itself(tmp_path: Path) -> None:
    """608.2h, 205.3: two Locus/Sphere cards (itself, sacrificed, and Cloudpost): two cards."""
    p = play("misca_forgotten_place", tmp_path)
    assert p.error is None and p.player("Alice")["hand"] == ["Forest", "Island"]


def test_lush_growth_sets_three_land_types(tmp_path: Path) -> None:
    """305.7: Mountain, Forest and Plains, no Island; the Forest's mana ability (305.6)."""
    p = play("misca_lush_growth", tmp_path)
    assert p.error is None
    assert p.perm("island")["subtypes"] == ["Mountain", "Forest", "Plains"] and p.pool("Alice") == {"G": 1}


def test_axgard_armory_may_find_one_of_the_two(tmp_path: Path) -> None:
    """701.23b: an Aura card and/or an Equipment card: each may be not found."""
    p = play("misca_axgard_armory", tmp_path)
    assert p.error is None
    assert p.player("Alice")["hand"] == ["Bonesplitter"]
    assert sorted(p.player("Alice")["library"]) == ["Forest", "Wild Growth"]


def test_monumental_henge_takes_a_historic_card(tmp_path: Path) -> None:
    """700.6: Isamaru (legendary) may be taken; the other four go to the bottom (401.4)."""
    p = play("misca_monumental_henge", tmp_path)
    assert p.error is None and p.player("Alice")["hand"] == ["Isamaru, Hound of Konda"]
    assert p.player("Alice")["library"][0] == "Swamp"


def test_monumental_henge_refuses_a_card_that_is_not_historic(tmp_path: Path) -> None:
    """700.6: only Isamaru and Bonesplitter are offered; Grizzly Bears is refused."""
    p = play("misca_monumental_henge_not_historic", tmp_path)
    assert p.error is not None and "not among the cards" in str(p.error)
    assert p.state["pending"]["options"] == ["isamaru-hound-of-konda-1", "bonesplitter-1"]


def test_haunted_fengraf_returns_a_creature_card(tmp_path: Path) -> None:
    """608.2c: one of the two creature cards at random; the same one on every replay."""
    p = play("misca_haunted_fengraf", tmp_path)
    assert p.error is None
    [card] = p.player("Alice")["hand"]
    assert card in ("Grizzly Bears", "Llanowar Elves")
    assert p.player("Bob")["graveyard"] == ["Centaur Courser"]
    again = play("misca_haunted_fengraf", tmp_path / "again")
    assert again.player("Alice")["hand"] == [card]


def test_immersturm_skullcairn_damages_and_makes_that_player_discard(tmp_path: Path) -> None:
    """120.3a, 701.9a."""
    p = play("misca_immersturm_skullcairn", tmp_path)
    assert p.error is None
    assert _life(p, "Bob") == 17 and p.player("Bob")["graveyard"] == ["Forest"]


def test_noosegraf_mob_makes_a_zombie_only_if_it_removed_a_counter(tmp_path: Path) -> None:
    """609.3: the second spell finds the Mob gone: no second Zombie."""
    p = play("misca_noosegraf_mob", tmp_path)
    assert p.error is None and p.state["stack"] == []
    assert len([b for b in p.state["battlefield"] if b["card"].startswith("Zombie")]) == 1
    assert p.player("Alice")["graveyard"] == ["Noosegraf Mob"]


def test_abundant_countryside_s_token_has_every_creature_type(tmp_path: Path) -> None:
    """702.73a, 205.3m."""
    p = play("misca_abundant_countryside", tmp_path)
    assert p.error is None
    [token] = [b for b in p.state["battlefield"] if b["card"].startswith("Shapeshifter")]
    assert {"Shapeshifter", "Elf", "Goblin", "Pentavite"} <= set(token["subtypes"])


def test_allied_strategies_counts_the_target_s_lands(tmp_path: Path) -> None:
    """305.6, 121.1: two basic land types among Bob's lands: two cards."""
    p = play("misca_allied_strategies", tmp_path)
    assert p.error is None and p.player("Bob")["hand"] == ["Grizzly Bears", "Llanowar Elves"]


def test_voices_from_the_void_counts_its_controller_s_lands(tmp_path: Path) -> None:
    """305.6, 701.9a: three basic land types among Alice's lands: Bob discards three."""
    p = play("misca_voices_from_the_void", tmp_path)
    assert p.error is None and p.player("Bob")["hand"] == ["Forest"]


def test_kozileks_unsealing_reads_the_mana_value(tmp_path: Path) -> None:
    """202.3: mana value 3 does not trigger it, 4 does (two Spawns)."""
    p = play("misca_kozileks_unsealing", tmp_path)
    assert p.error is None and p.state["stack"] == []
    assert len([b for b in p.state["battlefield"] if b["card"] == "Eldrazi Spawn"]) == 2
    assert len(p.events("AbilityTriggered")) == 1


@pytest.mark.parametrize("game, zombies, pool, hand", [
    ("misca_waste_not", 1, {"B": 2}, []), ("misca_bone_miser", 1, {}, ["Island"])])
def test_discard_triggers_read_the_card_discarded(tmp_path: Path, game: str, zombies: int, pool: dict,
                                                  hand: list) -> None:
    """701.9a: a creature card: a Zombie; a land card: {B}{B}; a noncreature, nonland card: a draw
    (205.4b); "an opponent" / "you" (Waste Not / Bone Miser)."""
    p = play(game, tmp_path)
    assert p.error is None and p.state["stack"] == []
    assert len([b for b in p.state["battlefield"] if b["card"].startswith("Zombie")]) == zombies
    assert p.pool("Alice") == pool and p.player("Alice")["hand"] == hand


def test_goblin_caves_needs_a_basic_mountain(tmp_path: Path) -> None:
    """611.3a, 205.4: the Aura on Taiga does nothing; the one on the basic Mountain gives +0/+2 to
    every Goblin creature (613.4c)."""
    p = play("misca_goblin_caves", tmp_path)
    assert p.error is None
    for goblin in ("alice-goblin", "bob-goblin"):
        assert (p.perm(goblin)["power"], p.perm(goblin)["toughness"]) == (1, 3)


def test_goblin_shrine_deals_damage_as_it_leaves(tmp_path: Path) -> None:
    """603.6c, 603.10a: both Goblins die; the Elves are not dealt damage."""
    p = play("misca_goblin_shrine", tmp_path)
    assert p.error is None and p.state["stack"] == []
    assert p.player("Alice")["graveyard"] == ["Goblin Shrine", "Raging Goblin"]
    assert p.player("Bob")["graveyard"] == ["Disenchant", "Raging Goblin"]
    assert p.perm("elves").get("damage", 0) == 0


def test_griffin_canyon_untaps_and_pumps_a_griffin(tmp_path: Path) -> None:
    """701.26b, 611.2c."""
    p = play("misca_griffin_canyon", tmp_path)
    assert p.error is None
    griffin = p.perm("griffin")
    assert not griffin["tapped"] and (griffin["power"], griffin["toughness"]) == (2, 4)


def test_oakhollow_village_counts_what_entered_this_turn(tmp_path: Path) -> None:
    """205.3, 122.1: only Alice's Frog and Rabbit that entered this turn."""
    p = play("misca_oakhollow_village", tmp_path)
    assert p.error is None
    assert p.perm("frog")["counters"] == {"+1/+1": 1} and p.perm("rabbit")["counters"] == {"+1/+1": 1}
    assert p.perm("squirrel")["counters"] == {} and p.perm("bears")["counters"] == {}
    assert p.perm("bob-frog")["counters"] == {}


@pytest.mark.parametrize("game", ["misca_mana_crypt", "misca_chaotic_goo"])
def test_a_coin_flip_decides_the_instruction(tmp_path: Path, game: str) -> None:
    """705.1: the flip is recorded (`CoinFlipped`); what happens is the result's instruction."""
    p = play(game, tmp_path)
    assert p.error is None and p.state["stack"] == []
    [flip] = p.events("CoinFlipped")
    assert flip.event.player == "Alice" and flip.rule == "705.1"
    if game == "misca_mana_crypt":
        assert _life(p, "Alice") == (20 if flip.event.won else 17)
    else:
        assert p.perm("goo")["counters"] == {"+1/+1": 4 if flip.event.won else 2}


def test_chandra_s_ultimate_hits_the_player_and_their_permanents(tmp_path: Path) -> None:
    """120.3a, 120.3e, 704.5i."""
    p = play("misca_chandra_bold_minus_seven", tmp_path)
    assert p.error is None
    assert (_life(p, "Alice"), _life(p, "Bob")) == (20, 10)
    assert p.player("Bob")["graveyard"] == ["Centaur Courser"]
    assert p.perm("alice-bears").get("damage", 0) == 0


def test_nightcreep_changes_every_creature_and_land(tmp_path: Path) -> None:
    """611.2c, 105.2, 305.7."""
    p = play("misca_nightcreep", tmp_path)
    assert p.error is None
    assert p.perm("alice-bears")["colors"] == ["B"] and p.perm("elves")["colors"] == ["B"]
    assert p.perm("bob-forest")["subtypes"] == ["Swamp"] and p.pool("Bob") == {"B": 1}


@pytest.mark.parametrize("line", [
    # "Exile this card." only after "When this creature dies"
    "When this creature enters, exile this card.",
    # "That player" needs one target player before it
    "{T}: That player discards a card.",
    # "If it's a creature" needs one target permanent before it
    "{T}: Draw a card. If it's a creature, it gets +1/+1 until end of turn.",
    # a coin flip with an instruction that creates a token is not supported
    "{T}: Flip a coin. If you win the flip, create a Treasure token.",
])
def test_more_of_what_is_refused(line: str) -> None:
    with pytest.raises(CardDataError):
        parse_oracle("Odd Creature", line)
