"""Becoming creatures and pumps beyond the manlands' first form (issue 22, pool-animate).

"Target land you control becomes a 3/3 Elemental creature with haste until end of turn. It's still a
land." (Llanowar Loamspeaker: on a target, 608.2b), "... a 2/2 creature with all creature types ..."
(Mutavault, 205.3m), "... with "{B}: Regenerate this creature" ..." (Spawning Pool: a quoted ability,
613.1f), "... that's still a land." (Stalking Stones: no duration, 611.2a), "... with base power and
toughness 3/3 ..." (Mimic, 613.4b), "Target nonland permanent becomes an artifact in addition to its
other types ..." (Liquimetal Torque, 205.1b), "Target Vehicle becomes an artifact creature ..." (Mech
Hangar, 702.122a), "Target 1/1 creature gets +1/+2 ..." (Pendelhaven) and "target attacking ..."
(506.4: no combat here, so never a legal target); "+X/+X ..., where X is ..." and "+X/+0" with the X of
the cost (107.3, 608.2h), "Red creatures get +1/+1." (105.2) and
"... get +1/+1 for each +1/+1 counter on this creature." (613.4c)."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from scenario import play
from simulator.base.creature_types import CREATURE_TYPES
from simulator.base.errors import CardDataError
from simulator.cards import model as m
from simulator.cards.parser import parse_oracle


def _pt(perm: dict) -> tuple[int, int]:
    return perm["power"], perm["toughness"]


def test_loamspeaker_animates_a_land_played_this_turn_and_haste_lets_it_tap(tmp_path: Path) -> None:
    """608.2b, 205.1b, 302.6: the Forest (played this turn) is a 3/3 Land Creature — Forest
    Elemental with haste; it keeps its land type and its mana ability, and haste lets it tap at once."""
    p = play("animate_loamspeaker_haste", tmp_path)
    assert p.error is None
    forest = p.perm("forest")
    assert (forest["types"], forest["subtypes"], forest["keywords"]) == (["Land", "Creature"],
                                                                         ["Forest", "Elemental"], ["Haste"])
    assert _pt(forest) == (3, 3) and forest["tapped"] is True
    assert p.pool("Alice") == {"G": 1}
    [made] = p.events("ContinuousEffectCreated")
    assert (made.event.object_id, made.event.source, made.rule) == ("forest", "loamspeaker", "611.2c")


def test_loamspeaker_cannot_target_an_opponents_land(tmp_path: Path) -> None:
    """115.1, 601.2c: "target land you control"."""
    p = play("animate_loamspeaker_opponents_land", tmp_path)
    assert p.error is not None and p.error.rule == "115.1"
    assert "needs a land you control" in str(p.error)
    assert p.perm("bob-forest")["types"] == ["Land"]


def test_mutavault_has_every_creature_type_so_it_is_an_elf(tmp_path: Path) -> None:
    """205.3m: "all creature types": Priest of Titania counts the animated Mutavault as an Elf."""
    p = play("animate_mutavault_priest", tmp_path)
    assert p.error is None
    vault = p.perm("mutavault")
    assert vault["types"] == ["Land", "Creature"] and set(vault["subtypes"]) == set(CREATURE_TYPES)
    assert _pt(vault) == (2, 2)
    assert p.pool("Alice") == {"G": 2}
    [made] = p.events("ContinuousEffectCreated")
    assert "every creature type" in made.event.describe()
    # the event holds the flag, not ~300 names (the log stays small); the layers add them
    assert made.event.all_creature_types is True and made.event.subtypes == ()


def test_an_older_log_listing_every_creature_type_still_folds_to_them() -> None:
    """A log written before the flag listed every creature type in `subtypes`: it folds to the
    same characteristics, and reads the same (205.3m)."""
    from simulator.game import events as ev
    old = ev.ContinuousEffectCreated(object_id="v", source="v", source_card="Mutavault", types=("Creature",),
                                     subtypes=tuple(CREATURE_TYPES), power=2, toughness=2)
    new = ev.ContinuousEffectCreated(object_id="v", source="v", source_card="Mutavault", types=("Creature",),
                                     power=2, toughness=2, all_creature_types=True)
    assert old.describe() == new.describe()
    assert "all_creature_types" not in ev.ContinuousEffectCreated(object_id="v", source="v",
                                                                   source_card="x").payload()


def test_mutavault_as_a_land_has_no_creature_type(tmp_path: Path) -> None:
    p = play("animate_mutavault_not_animated", tmp_path)
    assert p.error is None
    assert p.perm("mutavault")["subtypes"] == [] and p.pool("Alice") == {"G": 1}


def test_spawning_pool_gains_its_quoted_ability_and_regenerates(tmp_path: Path) -> None:
    """613.1f: the quoted ability is the animated land's own, numbered after its printed ones (a
    granted ability, granted by the land itself); 701.19a: a regeneration shield on the land."""
    p = play("animate_spawning_pool_regenerate", tmp_path)
    assert p.error is None
    pool = p.perm("pool")
    assert (pool["types"], pool["subtypes"], pool["colors"], _pt(pool)) == (["Land", "Creature"], ["Skeleton"],
                                                                          ["B"], (1, 1))
    assert [(a["text"], a["origin"], a["granted_by"]) for a in pool["abilities"]][2] == (
        "{B}: Regenerate this creature.", "granted", "pool")
    [shield] = p.events("RegenerationShieldCreated")
    assert shield.event.object_id == "pool"


def test_spawning_pool_loses_the_quoted_ability_in_cleanup(tmp_path: Path) -> None:
    """514.2: the effect ends, and with it the ability it gave."""
    p = play("animate_spawning_pool_cleanup", tmp_path)
    assert p.error is None and p.state["turn"] == 2
    pool = p.perm("pool")
    assert pool["types"] == ["Land"] and len(pool["abilities"]) == 2


def test_stalking_stones_stays_a_creature_after_the_cleanup_step(tmp_path: Path) -> None:
    """611.2a: "becomes ... that's still a land" has no duration; 514.2 ends only "until end of
    turn" effects."""
    p = play("animate_stalking_stones_lasting", tmp_path)
    assert p.error is None and p.state["turn"] == 2
    stones = p.perm("stones")
    assert (stones["types"], stones["subtypes"], _pt(stones)) == (["Land", "Artifact", "Creature"],
                                                                  ["Elemental"], (3, 3))
    [made] = p.events("ContinuousEffectCreated")
    assert made.event.until_end_of_turn is False


def test_mimic_becomes_a_3_3_shapeshifter_and_is_still_a_treasure(tmp_path: Path) -> None:
    """613.4b: base power and toughness 3/3 (layer 7b); 205.1a: the artifact type Treasure stays."""
    p = play("animate_mimic_creature", tmp_path)
    assert p.error is None
    mimic = p.perm("mimic")
    assert (mimic["types"], mimic["subtypes"], _pt(mimic)) == (["Artifact", "Creature"],
                                                               ["Treasure", "Shapeshifter"], (3, 3))


def test_mimic_animated_is_still_sacrificed_for_mana(tmp_path: Path) -> None:
    p = play("animate_mimic_treasure", tmp_path)
    assert p.error is None
    assert p.pool("Alice") == {"G": 1} and p.on_battlefield("Mimic") == []


def test_blinkmoth_nexus_animated_pumps_itself(tmp_path: Path) -> None:
    """Blinkmoth is a creature type (205.3m): the animated Nexus is a "Blinkmoth creature", 1/1
    base (7b) +1/+1 (7c) = 2/2."""
    p = play("animate_blinkmoth_pump", tmp_path)
    assert p.error is None
    nexus = p.perm("nexus")
    assert (nexus["types"], nexus["subtypes"], nexus["keywords"], _pt(nexus)) == (
        ["Land", "Artifact", "Creature"], ["Blinkmoth"], ["Flying"], (2, 2))


def test_blinkmoth_nexus_as_a_land_is_no_blinkmoth_creature(tmp_path: Path) -> None:
    p = play("animate_blinkmoth_not_animated", tmp_path)
    assert p.error is not None and p.error.rule == "115.1"
    assert "needs a creature Blinkmoth" in str(p.error)


def test_pendelhaven_pumps_a_1_1(tmp_path: Path) -> None:
    p = play("animate_pendelhaven_elves", tmp_path)
    assert p.error is None
    assert _pt(p.perm("elves")) == (2, 3)


def test_pendelhaven_cannot_target_a_2_2(tmp_path: Path) -> None:
    """115.1: "target 1/1 creature": its power and toughness now."""
    p = play("animate_pendelhaven_bears", tmp_path)
    assert p.error is not None and p.error.rule == "115.1"
    assert "needs a 1/1 creature" in str(p.error)
    assert _pt(p.perm("bears")) == (2, 2)


def test_mishras_foundry_has_no_attacking_assembly_worker_to_target(tmp_path: Path) -> None:
    """506.4: no creature is attacking (no combat here), so even the animated Foundry, an
    Assembly-Worker, is not a legal target of "target attacking Assembly-Worker"."""
    p = play("animate_foundry_no_attacker", tmp_path)
    assert p.error is not None and p.error.rule == "115.1"
    assert "needs an attacking Assembly-Worker" in str(p.error)
    assert _pt(p.perm("foundry")) == (2, 2)


def test_liquimetal_torque_makes_a_creature_an_artifact(tmp_path: Path) -> None:
    """205.1b: "in addition to its other types": Artifact added, nothing removed."""
    p = play("animate_torque_artifact", tmp_path)
    assert p.error is None
    bears = p.perm("bears")
    assert (bears["types"], bears["subtypes"], _pt(bears)) == (["Creature", "Artifact"], ["Bear"], (2, 2))


def test_mech_hangar_animates_a_vehicle_with_its_printed_power(tmp_path: Path) -> None:
    """702.122a, 301.7c: as Crew makes it, an artifact creature with its printed 3/3."""
    p = play("animate_mech_hangar_vehicle", tmp_path)
    assert p.error is None
    unit = p.perm("unit")
    assert (unit["types"], unit["subtypes"], _pt(unit)) == (["Artifact", "Creature"], ["Vehicle"], (3, 3))


def test_basilisk_gate_counts_the_gates_as_it_resolves(tmp_path: Path) -> None:
    """608.2h: X is the number of Gates Alice controls (2): +2/+2."""
    p = play("animate_basilisk_gate", tmp_path)
    assert p.error is None
    assert _pt(p.perm("bears")) == (4, 4)


def test_kessig_wolf_run_uses_the_x_of_its_cost(tmp_path: Path) -> None:
    """107.3, 602.2b: X = 3 announced: +3/+0 and trample (layers 7c and 6)."""
    p = play("animate_kessig_wolf_run", tmp_path)
    assert p.error is None
    bears = p.perm("bears")
    assert _pt(bears) == (5, 2) and bears["keywords"] == ["Trample"]


def test_lavaclaw_reaches_uses_its_gained_x_ability(tmp_path: Path) -> None:
    """613.1f: the quoted "{X}: This creature gets +X/+0 until end of turn." is the land's own; X = 2."""
    p = play("animate_lavaclaw_reaches", tmp_path)
    assert p.error is None
    reaches = p.perm("reaches")
    assert (reaches["types"], reaches["colors"], _pt(reaches)) == (["Land", "Creature"], ["B", "R"], (4, 2))


def test_gauntlet_of_might_pumps_every_red_creature_only(tmp_path: Path) -> None:
    """109.2, 105.2: Bob's red Raging Goblin gets +1/+1, Alice's green Bears does not."""
    p = play("animate_gauntlet_of_might", tmp_path)
    assert p.error is None
    assert _pt(p.perm("goblin")) == (2, 2) and _pt(p.perm("bears")) == (2, 2)


def test_joraga_warcaller_pumps_other_elves_per_counter(tmp_path: Path) -> None:
    """613.4c: two counters: Alice's other Elf +2/+2; the Warcaller itself ("other") and Bob's Elf not."""
    p = play("animate_joraga_warcaller", tmp_path)
    assert p.error is None
    assert _pt(p.perm("elves")) == (3, 3) and _pt(p.perm("warcaller")) == (3, 3)
    assert _pt(p.perm("bob-elves")) == (1, 1)


# ---------------------------------------------------------------- the model the lines parse into

def _effects(name: str, line: str) -> tuple:
    [ability] = parse_oracle(name, line)
    assert isinstance(ability, m.ActivatedAbility | m.TriggeredAbility)
    return ability.effects


def test_a_restriction_after_the_animation_is_its_own_inert_effect() -> None:
    """Dimir Keyrune: "... until end of turn and can't be blocked this turn." (no combat here)."""
    becomes, restriction = _effects(
        "Dimir Keyrune", "{U}{B}: This artifact becomes a 2/2 blue and black Horror artifact creature until end "
        "of turn and can't be blocked this turn.")
    assert becomes == m.BecomesCreature(2, 2, ("U", "B"), ("Horror",), ("Artifact", "Creature"))
    assert restriction == m.CombatRestrictionThisTurn("can't be blocked")


def test_soulstone_sanctuary_lasts_and_has_every_creature_type() -> None:
    [becomes] = _effects("Soulstone Sanctuary", "{4}: This land becomes a 3/3 creature with vigilance and all "
                                                "creature types. It's still a land.")
    assert becomes == m.BecomesCreature(3, 3, None, (), ("Creature",), ("Vigilance",), still_land=True,
                                        lasting=True, all_creature_types=True)


def test_attacking_creatures_is_a_group_that_is_never_anything() -> None:
    """Duergar Mine-Captain: "Attacking creatures get +1/+0 until end of turn." (506.4)."""
    [pump] = _effects("Duergar Mine-Captain", "{1}{R/W}, {Q}: Attacking creatures get +1/+0 until end of turn.")
    assert pump == m.ModifyPT(1, 0, "group", group=m.Selector(types=("Creature",), attacking=True))


def test_endless_scream_counts_the_counters_on_the_aura() -> None:
    """"Enchanted creature gets +1/+0 for each scream counter on this Aura." (layer 7c)."""
    [ability] = parse_oracle("Endless Scream", "Enchanted creature gets +1/+0 for each scream counter on this Aura.")
    assert isinstance(ability, m.StaticAbilityLine)
    assert ability.effect == m.ModifyPTStatic(m.Selector(types=("Creature",), relation="enchanted"), 1, 0,
                                              per=m.CountersOnSource("scream"))


@pytest.mark.parametrize("line, message", [
    ("{T}: Target creature becomes a 3/3 Elemental creature with haste until end of turn.", "only a target land"),
    ("{T}: Target land becomes a 3/3 Elemental creature with \"{B}: Regenerate this creature\" until end of turn. "
     "It's still a land.", "quoted ability"),
    ("{T}: Target artifact becomes an artifact creature until end of turn.", "only a Vehicle"),
    ("{1}: This land becomes a 2/2 Elf creature with all creature types until end of turn. It's still a land.",
     "beside all creature types"),
    ("{1}: This land becomes a 2/2 creature with \"{T}: Add {G}.\" until end of turn. It's still a land.",
     "quoted mana or loyalty ability"),
    ("{T}: Target 1/1 land gets +1/+1 until end of turn.", "only a creature has power and toughness"),
    ("{T}: Target creature gets +X/+1 until end of turn.", "X and a number other than 0"),
    ("{T}: Target creature gets +1/+1 until end of turn, where X is the number of Gates you control.",
     "without an X"),
])
def test_what_is_not_sure_is_refused_naming_the_reason(line: str, message: str) -> None:
    with pytest.raises(CardDataError, match=message):
        parse_oracle("Odd Land", line)


@pytest.mark.parametrize("text, phrase", [
    ("{T}: Target creature gets +X/+0 until end of turn.", '"+X" needs an X in the cost'),
    ("When this creature enters, target creature gets +X/+X until end of turn.", '"+X" here'),
])
def test_plus_x_without_an_x_in_the_cost_is_refused(text: str, phrase: str) -> None:
    """107.3: "+X/+0" with no "where X is ..." is the X of the ability's cost (Kessig Wolf Run's
    {X}); with no X in the cost it would be 0 forever: refused at load, naming the problem."""
    with pytest.raises(CardDataError, match=re.escape(phrase)):
        parse_oracle("Test Card", text)
