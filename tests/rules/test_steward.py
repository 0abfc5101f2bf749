"""Steward of the Harvest: its enters trigger (targets up to three land cards in YOUR graveyard,
pending choice `target`), the linked exile (607), and the granted activated abilities (613.1f)
with the four rulings:

1. creatures gain only activated abilities of the exiled land cards (no triggered, static or
   non-activated keyword abilities);
2. an ability naming the land card it is printed on names the creature that has it;
3. land cards with basic land types have the intrinsic "{T}: Add [mana]" (305.6), even
   without a text box;
4. activated abilities are those with a colon, [Cost]: [Effect] (602.1, 113.3b).
"""
from __future__ import annotations

from clirun import run as cli   # in-process; the subprocess contract: test_cli.py, test_exit_status.py
from scenario import play

from simulator.base.abilityid import AbilityId

ETB = "When this creature enters, exile up to three target land cards from your graveyard."
ANY_COLOR = "{T}: Add one mana of any color."


def abilities(p, ref: str) -> list[tuple]:
    return [(a["text"], a["origin"], a["granted_by"]) for a in p.perm(ref)["abilities"]]


def granted(steward: str, *texts: str) -> list[tuple]:
    return [(t, "granted", steward) for t in texts]


# --------------------------------------------------------------------------- the enters trigger

def test_etb_asks_for_land_cards_in_your_graveyard(tmp_path):
    """603.3d: targets are chosen as the trigger is put on the stack: a pending `target` choice
    for Alice; options are the land cards in her graveyard only (not the creature card, not
    Bob's Island). Nothing is on the stack yet."""
    p = play("layer_steward_etb_pending", tmp_path)
    assert p.error is None
    pending = p.state["pending"]
    assert (pending["kind"], pending["player"]) == ("target", "Alice")
    assert pending["options"] == ["forest-1", "overgrown-tomb-1", "city-of-brass-1", "forest-2"]
    assert "0 to 3" in pending["prompt"]
    assert p.state["stack"] == []
    requested = p.events("ChoiceRequested")
    assert [(e.event.kind, e.rule) for e in requested] == [("target", "603.3d")]
    assert [(t["source"], t["rule"], t["text"]) for t in p.triggers()] == [("Steward of the Harvest", "603.6a", ETB)]


def test_etb_exiles_three_and_creatures_gain_their_activated_abilities(tmp_path):
    """607.2a: the targets (chosen by id and by name) are exiled with the Steward, in target
    order; creatures Alice controls gain every activated ability of them (613.1f): Forest's
    and Overgrown Tomb's intrinsic ones (305.6, W U B R G order) and City of Brass's any-color
    one, but not City's damage trigger nor the Tomb's "As ... enters" ability (ruling 1).
    Printed abilities come first in the numbering (Elves: 1 its own {T}: Add {G})."""
    p = play("layer_steward_exile_three", tmp_path)
    assert p.error is None
    steward = p.perm("Steward of the Harvest")
    sid = steward["id"]
    assert steward["exiled"] == ["Forest", "Overgrown Tomb", "City of Brass"]
    assert p.player("Alice")["exile"] == ["Forest", "Overgrown Tomb", "City of Brass"]
    assert p.player("Alice")["graveyard"] == ["Crystal Vein"]
    gained = granted(sid, "{T}: Add {G}.", "{T}: Add {B}.", "{T}: Add {G}.", ANY_COLOR)
    assert abilities(p, "bears") == gained
    assert abilities(p, sid) == gained
    assert abilities(p, "elves") == [("{T}: Add {G}.", "printed", None)] + gained
    put = p.events("AbilityPutOnStack")[0].event
    assert put.targets == ("forest-1", "overgrown-tomb-1", "city-of-brass-1")
    exiled = [e for e in p.events("ZoneChanged") if e.event.to_zone == "exile"]
    assert [(e.event.card, e.event.exiled_with, e.rule) for e in exiled] == [
        ("Forest", sid, "607.2a"), ("Overgrown Tomb", sid, "607.2a"), ("City of Brass", sid, "607.2a")]
    # the Bears tap for {B} (ability 2), the Elves for {U} with City of Brass's ability (5)
    acts = [e.event for e in p.events("AbilityActivated")[-2:]]
    # ids: the Swamp type's intrinsic ability of the exiled Overgrown Tomb card (305.6), City of
    # Brass's printed line 1 (after its trigger), both granted (607, 613.1f)
    assert [(a.source, a.number, a.text, a.ability, a.granted_by) for a in acts] == [
        ("bears", 2, "{T}: Add {B}.", AbilityId("granted", "", 2), sid),
        ("elves", 5, ANY_COLOR, AbilityId("granted", "City of Brass", 1), sid)]
    assert p.pool("Alice") == {"U": 1, "B": 1}
    assert p.player("Alice")["life"] == 20
    assert [t["source"] for t in p.triggers()] == ["Steward of the Harvest"]     # no City trigger
    assert p.state["stack"] == [] and p.state["pending"] is None


def test_etb_choose_nothing(tmp_path):
    """"up to three": [] is a legal answer; the ability resolves and exiles nothing."""
    p = play("layer_steward_choose_none", tmp_path)
    assert p.error is None
    assert p.player("Alice")["graveyard"] == ["Forest", "Crystal Vein"]
    assert p.player("Alice")["exile"] == []
    assert abilities(p, "bears") == []
    assert p.events("AbilityPutOnStack")[0].event.targets == ()
    assert len(p.events("AbilityResolved")) == 1
    assert p.state["stack"] == [] and p.state["pending"] is None


def test_etb_without_land_cards_needs_no_choice(tmp_path):
    """No land card in Alice's graveyard (Bob's Forest doesn't count): the trigger goes on the
    stack with no targets without asking (603.3d, "up to") and resolves doing nothing."""
    p = play("layer_steward_no_land_cards", tmp_path)
    assert p.error is None
    assert p.events("ChoiceRequested") == []
    assert p.events("AbilityPutOnStack")[0].event.targets == ()
    assert len(p.events("AbilityResolved")) == 1
    assert p.player("Bob")["graveyard"] == ["Forest"] and p.player("Alice")["graveyard"] == ["Grizzly Bears"]
    assert p.state["pending"] is None and p.state["stack"] == []


def test_etb_cannot_target_opponents_graveyard(tmp_path):
    """"from your graveyard" (115.1): Bob's Island is refused; the choice stays pending."""
    p = play("layer_steward_target_opponents_land", tmp_path)
    assert str(p.error) == (f"action 7: Alice cannot choose ['Island']: Island is not a legal target: "
                            f"{ETB} needs land cards in your graveyard (115.1)")
    assert p.state["pending"]["kind"] == "target" and p.state["pending"]["options"] == ["forest-1"]
    assert p.player("Bob")["graveyard"] == ["Island"]


def test_etb_cannot_target_nonland_card(tmp_path):
    """"land cards" (115.1): the Grizzly Bears card is refused, with the rule."""
    p = play("layer_steward_target_nonland", tmp_path)
    assert p.error is not None and p.error.rule == "115.1"
    assert "Grizzly Bears is not a legal target" in str(p.error)
    assert p.player("Alice")["exile"] == [] and p.state["pending"]["kind"] == "target"


def test_etb_at_most_three_targets(tmp_path):
    """"up to three": four targets is illegal (601.2c); nothing is exiled."""
    p = play("layer_steward_four_targets", tmp_path)
    assert str(p.error) == (f"action 7: Alice cannot choose ['Forest', 'Island', 'Crystal Vein', 'City of Brass']: "
                            f"{ETB} needs 0 to 3 target(s): land cards in your graveyard, got 4 (601.2c)")
    assert p.player("Alice")["exile"] == []
    assert p.state["pending"]["kind"] == "target"


# --------------------------------------------------------------------------- the four rulings

def test_exiled_forest_gives_intrinsic_ability(tmp_path):
    """Ruling 3 / 305.6: a Forest card has no text box but has "{T}: Add {G}."; the Bears have it
    (granted by the Steward) and tap for {G}. --json: 3/3 with a +1/+1 counter (layer 7)."""
    p = play("layer_steward_forest", tmp_path)
    assert p.error is None
    assert abilities(p, "bears") == granted("steward", "{T}: Add {G}.")
    bears = p.perm("bears")
    assert (bears["types"], bears["subtypes"], bears["power"], bears["toughness"]) == (["Creature"], ["Bear"], 3, 3)
    assert p.pool("Alice") == {"G": 1}
    assert p.perm("steward")["exiled"] == ["Forest"]


def test_exiled_overgrown_tomb_gives_two_intrinsic_abilities(tmp_path):
    """Ruling 3: Swamp Forest: {T}: Add {B} then {T}: Add {G} (W U B R G order); ruling 1: its
    "As Overgrown Tomb enters..." (a replacement ability, no colon) is not granted."""
    p = play("layer_steward_overgrown_tomb", tmp_path)
    assert p.error is None
    assert abilities(p, "bears") == granted("steward", "{T}: Add {B}.", "{T}: Add {G}.")
    assert abilities(p, "elves") == [("{T}: Add {G}.", "printed", None)] + granted("steward", "{T}: Add {B}.", "{T}: Add {G}.")
    assert [(e.event.source, dict(e.event.mana)) for e in p.events("ManaProduced")] == [
        ("bears", {"G": 1}), ("elves", {"B": 1})]
    assert p.pool("Alice") == {"B": 1, "G": 1}


def test_exiled_city_of_brass_no_damage(tmp_path):
    """Ruling 1: only City of Brass's activated ability is granted; the creature has no
    "becomes tapped" trigger, so tapping it deals no damage."""
    p = play("layer_steward_city_of_brass", tmp_path)
    assert p.error is None
    assert abilities(p, "steward") == granted("steward", ANY_COLOR)
    assert p.pool("Alice") == {"R": 1}
    assert p.player("Alice")["life"] == 20
    assert p.triggers() == [] and p.events("DamageDealt") == []


def test_exiled_crystal_vein_sacrifices_the_creature(tmp_path):
    """Ruling 2: "Sacrifice Crystal Vein" on the Bears is "Sacrifice Grizzly Bears": the Bears
    are sacrificed (701.21a), Alice gets {C}{C}; the Steward's own copy names the Steward."""
    p = play("layer_steward_crystal_vein", tmp_path)
    assert p.error is None
    assert p.on_battlefield("Grizzly Bears") == []
    assert p.player("Alice")["graveyard"] == ["Grizzly Bears"]
    assert abilities(p, "steward") == granted("steward", "{T}: Add {C}.",
                                              "{T}, Sacrifice Steward of the Harvest: Add {C}{C}.")
    assert p.pool("Alice") == {"C": 2}
    moved = p.events("ZoneChanged")
    assert [(e.event.object_id, e.event.reason, e.rule) for e in moved] == [("bears", "sacrificed", "701.21a")]
    act = p.events("AbilityActivated")[0].event
    assert (act.number, act.text, act.granted_by, act.ability) == (
        2, "{T}, Sacrifice Grizzly Bears: Add {C}{C}.", "steward", AbilityId("granted", "Crystal Vein", 1))


def test_crystal_vein_wording_is_not_the_creatures(tmp_path):
    """Ruling 2: the Bears have no ability worded "Sacrifice Crystal Vein" (602.2)."""
    p = play("layer_steward_crystal_vein_wrong_name", tmp_path)
    assert str(p.error) == ("action 1: Alice cannot activate bears: bears has no activated ability "
                            "'{T}, Sacrifice Crystal Vein: Add {C}{C}.' (1: {T}: Add {C}.; "
                            "2: {T}, Sacrifice Grizzly Bears: Add {C}{C}.) (602.2)")
    assert p.on_battlefield("Grizzly Bears") and p.pool("Alice") == {}


def test_exiled_llanowar_wastes_creature_deals_the_damage(tmp_path):
    """Ruling 2: "Llanowar Wastes deals 1 damage to you" reads "Grizzly Bears deals ...": the
    damage's source is the Bears."""
    p = play("layer_steward_llanowar_wastes", tmp_path)
    assert p.error is None
    assert abilities(p, "bears") == granted("steward", "{T}: Add {C}.",
                                            "{T}: Add {B} or {G}. Grizzly Bears deals 1 damage to you.")
    dmg = p.events("DamageDealt")
    assert [(e.event.source, e.event.source_card, e.event.amount) for e in dmg] == [("bears", "Grizzly Bears", 1)]
    assert p.player("Alice")["life"] == 19
    assert p.pool("Alice") == {"B": 1}


def test_exiled_urborg_and_steam_vents_statics_not_granted(tmp_path):
    """Ruling 1: Urborg's static ability and Steam Vents's "As ... enters" are not granted and
    do nothing from exile (the Forest is no Swamp); Steam Vents's intrinsic {U} and {R} are."""
    p = play("layer_steward_urborg_exiled", tmp_path)
    assert p.error is None
    assert abilities(p, "bears") == granted("steward", "{T}: Add {U}.", "{T}: Add {R}.")
    assert p.perm("forest")["subtypes"] == ["Forest"]
    assert p.pool("Alice") == {"R": 1}


def test_blood_moon_does_not_change_exiled_cards(tmp_path):
    """Blood Moon affects nonbasic lands on the battlefield only (and Urborg there is a
    Mountain): the exiled City of Brass and Steam Vents keep what they grant."""
    p = play("layer_steward_blood_moon", tmp_path)
    assert p.error is None
    assert abilities(p, "bears") == granted("steward", ANY_COLOR, "{T}: Add {U}.", "{T}: Add {R}.")
    assert p.perm("urborg")["subtypes"] == ["Mountain"]
    assert p.pool("Alice") == {"U": 1}


def test_creature_with_land_ability_is_not_a_land(tmp_path):
    """The Bears are not a land: Contamination ("If a land is tapped for mana", 106.12b) does
    not replace their {G}, and Heartbeat of Spring (106.12a) does not trigger."""
    p = play("layer_steward_not_a_land", tmp_path)
    assert p.error is None
    assert p.pool("Alice") == {"G": 1}
    assert p.events("ReplacementApplied") == [] and p.triggers() == []


def test_creature_with_land_ability_is_still_a_permanent_tapped_for_mana(tmp_path):
    """106.12, 106.12b: the granted ability has {T}, so Nyxbloom Ancient ("If you tap a permanent
    for mana") triples it: {G}{G}{G}."""
    p = play("layer_steward_nyxbloom", tmp_path)
    assert p.error is None
    assert p.pool("Alice") == {"G": 3}
    rep = p.events("ReplacementApplied")
    assert [(e.event.source, dict(e.event.before), dict(e.event.after), e.rule) for e in rep] == [
        ("nyxbloom", {"G": 1}, {"G": 3}, "106.12b")]


# --------------------------------------------------------------------------- 302.6 and the grant's duration

def test_granted_tap_ability_and_summoning_sickness(tmp_path):
    """302.6: a granted {T} ability of a creature that came under Alice's control this turn
    can't be activated; the other Bears tap for {G}."""
    p = play("layer_steward_sick_creature", tmp_path)
    assert p.error is not None and p.error.rule == "302.6"
    assert str(p.error).startswith("action 2: Alice cannot activate bears-new: it is a creature")
    assert p.pool("Alice") == {"G": 1}
    assert p.perm("bears-old")["tapped"] and not p.perm("bears-new")["tapped"]


def test_steward_cast_this_turn_is_sick(tmp_path):
    """302.6: the Steward itself has the granted abilities but entered this turn."""
    p = play("layer_steward_itself_sick", tmp_path)
    assert p.error is not None and p.error.rule == "302.6"
    assert "Alice cannot activate Steward of the Harvest" in str(p.error)
    steward = p.perm("Steward of the Harvest")
    assert [a["text"] for a in steward["abilities"]] == ["{T}: Add {C}.",
                                                         "{T}, Sacrifice Steward of the Harvest: Add {C}{C}."]
    assert p.on_battlefield("Steward of the Harvest") and p.pool("Alice") == {}


def test_grant_ends_when_steward_is_sacrificed(tmp_path):
    """611.3a: the effect ends when the Steward leaves (sacrificed to Ashnod's Altar): bears-b has
    no activated abilities (602.1). The Forest card stays in exile."""
    p = play("layer_steward_sacrificed", tmp_path)
    assert str(p.error) == "action 3: Alice cannot activate bears-b: bears-b has no activated abilities (602.1)"
    assert p.pool("Alice") == {"G": 1, "C": 2}
    assert abilities(p, "bears-a") == [] and abilities(p, "bears-b") == []
    assert p.player("Alice")["exile"] == ["Forest"]
    assert p.player("Alice")["graveyard"] == ["Steward of the Harvest"]


def test_steward_sacrifices_itself_with_granted_ability(tmp_path):
    """605.3a: the Steward's own copy of Crystal Vein's ability sacrifices it as a cost; the
    ability still makes {C}{C}; then the Bears have nothing (611.3a)."""
    p = play("layer_steward_sacrifices_itself", tmp_path)
    assert p.error is None
    assert p.pool("Alice") == {"C": 2}
    assert p.on_battlefield("Steward of the Harvest") == []
    assert abilities(p, "bears") == []
    assert p.player("Alice")["exile"] == ["Crystal Vein"]


def test_steward_leaves_before_its_trigger_resolves(tmp_path):
    """607.2a, 400.7: the cards are still exiled, but linked to a Steward that is gone: no
    creature gains anything."""
    p = play("layer_steward_leaves_before_etb", tmp_path)
    assert p.error is None
    assert p.player("Alice")["exile"] == ["Forest", "Crystal Vein"]
    assert p.player("Alice")["graveyard"] == ["Steward of the Harvest"]
    assert abilities(p, "bears") == []
    assert p.pool("Alice") == {"C": 2}


def test_returned_steward_is_a_new_object(tmp_path):
    """607.2a, 400.7: the Steward back from the graveyard (Defossilize) is a new object; the
    Forest exiled with the old one is not linked to it. Its new trigger exiles City of Brass:
    only that card's ability is granted."""
    p = play("layer_steward_returned", tmp_path)
    assert p.error is None
    steward = p.perm("Steward of the Harvest")
    assert steward["id"] != "steward" and steward["exiled"] == ["City of Brass"]
    assert abilities(p, "bears") == granted(steward["id"], ANY_COLOR)
    assert p.player("Alice")["exile"] == ["Forest", "City of Brass"]
    assert p.player("Alice")["hand"] == ["Island", "Island"]


def test_only_creatures_you_control(tmp_path):
    """"Creatures you control": Alice's Steward grants nothing to Bob's Elves; Bob's Steward
    grants Bob's Elves Crystal Vein's abilities (naming Llanowar Elves)."""
    p = play("layer_steward_opponent", tmp_path)
    assert p.error is None
    assert abilities(p, "bears") == granted("alice-steward", "{T}: Add {G}.")
    assert abilities(p, "bob-elves") == [("{T}: Add {G}.", "printed", None)] + granted(
        "bob-steward", "{T}: Add {C}.", "{T}, Sacrifice Llanowar Elves: Add {C}{C}.")
    assert p.pool("Alice") == {"G": 1} and p.pool("Bob") == {"C": 1}


def test_two_stewards_in_timestamp_order(tmp_path):
    """GAME_FORMAT numbering: granted abilities in timestamp order of their sources (613.7)."""
    p = play("layer_steward_two_stewards", tmp_path)
    assert p.error is None
    assert abilities(p, "bears") == (granted("steward-a", "{T}: Add {G}.")
                                     + granted("steward-b", "{T}: Add {C}.", "{T}, Sacrifice Grizzly Bears: Add {C}{C}."))
    act = p.events("AbilityActivated")[0].event
    assert (act.number, act.text, act.granted_by, act.ability) == (2, "{T}: Add {C}.", "steward-b",
                                                                   AbilityId("granted", "Crystal Vein", 0))
    assert p.pool("Alice") == {"C": 1}


# --------------------------------------------------------------------------- the audit

def test_why_names_the_granting_source(tmp_path):
    """The audit shows a granted ability as granted: AbilityActivated has origin/granted_by, and
    `simulator why` on the mana it made says "granted by" the Steward."""
    p = play("layer_steward_crystal_vein", tmp_path)
    act = p.events("AbilityActivated")[0]
    assert (act.event.ability.kind, act.event.granted_by) == ("granted", "steward")
    produced = p.events("ManaProduced")[0]
    r = cli("why", "--db", p.db, str(produced.seq))
    assert r.code == 0, r.err
    assert "granted by Steward of the Harvest (steward)" in r.out
    assert "{T}, Sacrifice Grizzly Bears: Add {C}{C}." in r.out
