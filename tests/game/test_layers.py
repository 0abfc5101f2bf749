"""Continuous effects in layers (613): land types (layer 4: Blood Moon, Urborg, Spreading
Seas; 305.6, 305.7, 613.8 dependencies, 613.7 timestamps), granted abilities (layer 6:
Chromatic Lantern, Gift of Paradise), could-produce reading the result (106.7), the
numbering of activated abilities (GAME_FORMAT), and Auras cast and attached (303.4, 704.5m).

Steward of the Harvest is in test_steward.py; the order-independence property in
test_layers_property.py.
"""
from __future__ import annotations

from clirun import run as cli   # in-process; the subprocess contract: test_cli.py, test_exit_status.py
from scenario import GAMES, play

from simulator.base.abilityid import AbilityId

R_ONLY = [("{T}: Add {R}.", "intrinsic", None)]
ANY_COLOR = "{T}: Add one mana of any color."
TWO_OF_ONE = "{T}: Add two mana of any one color."


def abilities(p, ref: str) -> list[tuple]:
    """The object's activated abilities as (text, origin, granted_by), in their numbering."""
    return [(a["text"], a["origin"], a["granted_by"]) for a in p.perm(ref)["abilities"]]


def kind(p, ref: str) -> tuple[list, list]:
    b = p.perm(ref)
    return b["types"], b["subtypes"]


def produced(p) -> list[tuple]:
    return [(e.event.source, dict(e.event.mana)) for e in p.events("ManaProduced")]


# --------------------------------------------------------------------------- Blood Moon + Urborg

def _no_swamps(p):
    assert p.error is None
    assert kind(p, "urborg") == (["Land"], ["Mountain"])
    assert kind(p, "pool") == (["Land"], ["Mountain"])
    assert kind(p, "forest") == (["Land"], ["Forest"])
    assert abilities(p, "forest") == [("{T}: Add {G}.", "intrinsic", None)]
    assert abilities(p, "urborg") == R_ONLY and abilities(p, "pool") == R_ONLY
    assert p.perm("urborg")["supertypes"] == ["Legendary"]        # 305.7: supertypes stay
    assert p.pool("Alice") == {"R": 1, "G": 1}
    assert produced(p) == [("forest", {"G": 1}), ("urborg", {"R": 1})]


def test_urborg_then_blood_moon_no_swamps(tmp_path):
    """613.8a: Urborg's effect depends on Blood Moon's (Blood Moon removes Urborg's ability,
    305.7), so Blood Moon applies first and Urborg's effect never exists: no land is a Swamp,
    not even the basic Forest. Urborg and Reflecting Pool are Mountains with {T}: Add {R} only."""
    _no_swamps(play("layer_urborg_then_blood_moon", tmp_path))


def test_blood_moon_then_urborg_no_swamps(tmp_path):
    """613.8a over 613.7: with the timestamps the other way round the result is the same."""
    _no_swamps(play("layer_blood_moon_then_urborg", tmp_path))


def test_blood_moon_cast_over_urborg(tmp_path):
    """Entering order: before Blood Moon the Forest is a Forest Swamp ({B} then {G}, W U B R G)
    and taps for {B}; once Blood Moon is on the battlefield Urborg is a Mountain without its
    ability (305.7, 613.8a) and the Forests and Mountains lose the Swamp type."""
    p = play("layer_blood_moon_cast_over_urborg", tmp_path)
    assert p.error is None
    assert produced(p)[0] == ("forest-a", {"B": 1})
    assert p.events("AbilityActivated")[0].event.text == "{T}: Add {B}."
    assert p.pool("Alice") == {"B": 1}                       # {R}{R}{R} paid for Blood Moon
    assert kind(p, "urborg") == (["Land"], ["Mountain"]) and abilities(p, "urborg") == R_ONLY
    assert kind(p, "forest-b") == (["Land"], ["Forest"])
    assert abilities(p, "forest-b") == [("{T}: Add {G}.", "intrinsic", None)]
    assert kind(p, "mountain-1") == (["Land"], ["Mountain"])
    assert p.on_battlefield("Blood Moon")[0]["types"] == ["Enchantment"]
    assert p.state["stack"] == []


def test_urborg_played_under_blood_moon(tmp_path):
    """Urborg entering later than Blood Moon: still a Mountain with no rules-text ability
    (305.7, 613.8a); the Forest does not become a Swamp. It taps for {R}."""
    p = play("layer_urborg_played_under_blood_moon", tmp_path)
    assert p.error is None
    urborg = p.perm("Urborg, Tomb of Yawgmoth")
    assert (urborg["subtypes"], urborg["tapped"]) == (["Mountain"], True)
    assert [a["text"] for a in urborg["abilities"]] == ["{T}: Add {R}."]
    assert kind(p, "forest") == (["Land"], ["Forest"])
    assert p.pool("Alice") == {"R": 1}


def test_replay_json_shows_the_computed_characteristics(tmp_path):
    """`simulator replay --json`: types, subtypes, power and toughness are the layered result,
    not the printed card (Urborg and Reflecting Pool are Mountains, the Forest no Swamp)."""
    r = cli("replay", str(GAMES / "layer_urborg_then_blood_moon.toml"), "--json", "--db", str(tmp_path / "g.sqlite"))
    assert r.code == 0, r.err
    view = {b["id"]: (b["types"], b["subtypes"], b["power"], b["toughness"]) for b in r.json()["battlefield"]}
    assert view == {"urborg": (["Land"], ["Mountain"], None, None),
                    "moon": (["Enchantment"], [], None, None),
                    "forest": (["Land"], ["Forest"], None, None),
                    "pool": (["Land"], ["Mountain"], None, None)}


# --------------------------------------------------------------------------- Spreading Seas on Urborg

def _urborg_is_island(p):
    assert p.error is None
    assert kind(p, "urborg") == (["Land"], ["Island"])
    assert abilities(p, "urborg") == [("{T}: Add {U}.", "intrinsic", None)]
    assert kind(p, "bob-forest") == (["Land"], ["Forest"])
    assert p.perm("seas")["attached"] == "urborg"
    assert p.pool("Alice") == {"U": 1}


def test_seas_on_urborg_switches_urborg_off(tmp_path):
    """Spreading Seas makes Urborg an Island, which loses its rules-text ability (305.7); Urborg's
    effect depends on the Aura's (613.8a): no land is a Swamp (Bob's Forest included)."""
    _urborg_is_island(play("layer_seas_on_urborg", tmp_path))


def test_seas_on_urborg_earlier_timestamp(tmp_path):
    """The same with the Aura's timestamp before Urborg's: the dependency decides (613.8a)."""
    _urborg_is_island(play("layer_seas_on_urborg_earlier", tmp_path))


def test_seas_cast_on_urborg(tmp_path):
    """Casting Spreading Seas (303.4a target) on Urborg: it enters attached (608.3), its
    enters trigger draws a card, and the Forest stops being a Swamp (305.7, 613.8a)."""
    p = play("layer_seas_cast_on_urborg", tmp_path)
    assert p.error is None
    seas = p.on_battlefield("Spreading Seas")
    assert len(seas) == 1 and seas[0]["attached"] == "urborg" and seas[0]["subtypes"] == ["Aura"]
    assert kind(p, "urborg") == (["Land"], ["Island"])
    assert kind(p, "forest") == (["Land"], ["Forest"])
    assert abilities(p, "forest") == [("{T}: Add {G}.", "intrinsic", None)]
    assert kind(p, "island-1") == (["Land"], ["Island"])
    assert p.player("Alice")["hand"] == ["Island"]          # drawn by the enters trigger
    assert p.pool("Alice") == {}
    assert [t["source"] for t in p.triggers()] == ["Spreading Seas"]
    assert p.state["stack"] == [] and p.state["pending"] is None


def test_seas_on_urborg_then_blood_moon(tmp_path):
    """Urborg's effect depends on both set-type effects and never applies (613.8a); between
    Spreading Seas (2) and Blood Moon (3) the later one wins (613.7): Urborg is a Mountain."""
    p = play("layer_seas_on_urborg_then_blood_moon", tmp_path)
    assert p.error is None
    assert kind(p, "urborg") == (["Land"], ["Mountain"]) and abilities(p, "urborg") == R_ONLY
    assert kind(p, "forest") == (["Land"], ["Forest"])
    assert p.pool("Alice") == {"R": 1}


def test_blood_moon_then_seas_on_urborg(tmp_path):
    """The Aura is the newest: Urborg is an Island (613.7); no Swamps (613.8a)."""
    p = play("layer_blood_moon_then_seas_on_urborg", tmp_path)
    assert p.error is None
    assert kind(p, "urborg") == (["Land"], ["Island"])
    assert abilities(p, "urborg") == [("{T}: Add {U}.", "intrinsic", None)]
    assert kind(p, "forest") == (["Land"], ["Forest"])
    assert p.pool("Alice") == {"U": 1}


# --------------------------------------------------------------------------- Spreading Seas vs Blood Moon

def test_seas_then_blood_moon_vents_is_mountain(tmp_path):
    """No dependency between them, so timestamps (613.7): Blood Moon is later, Steam Vents is a
    Mountain only and taps for {R}."""
    p = play("layer_seas_then_blood_moon", tmp_path)
    assert p.error is None
    assert kind(p, "vents") == (["Land"], ["Mountain"])
    assert abilities(p, "vents") == R_ONLY
    assert p.pool("Alice") == {"R": 1}


def test_blood_moon_then_seas_vents_is_island(tmp_path):
    """613.7: Spreading Seas is later: Steam Vents is an Island only and taps for {U}."""
    p = play("layer_blood_moon_then_seas", tmp_path)
    assert p.error is None
    assert kind(p, "vents") == (["Land"], ["Island"])
    assert abilities(p, "vents") == [("{T}: Add {U}.", "intrinsic", None)]
    assert p.pool("Alice") == {"U": 1}


def test_seas_cast_under_blood_moon(tmp_path):
    """Entering order: Spreading Seas enters after Blood Moon, so City of Brass is an Island
    (613.7); its rules-text abilities stay gone (305.7): {U}, no damage, no City trigger."""
    p = play("layer_seas_cast_under_blood_moon", tmp_path)
    assert p.error is None
    assert kind(p, "city") == (["Land"], ["Island"])
    assert abilities(p, "city") == [("{T}: Add {U}.", "intrinsic", None)]
    assert p.pool("Alice") == {"U": 1}
    assert p.player("Alice")["life"] == 20
    assert [t["source"] for t in p.triggers()] == ["Spreading Seas"]
    assert p.player("Alice")["hand"] == ["Forest"]


def test_blood_moon_cast_after_seas(tmp_path):
    """Entering order: Blood Moon enters after Spreading Seas: Bob's Steam Vents is a Mountain
    (613.7) and Bob taps it for {R}."""
    p = play("layer_blood_moon_cast_over_seas", tmp_path)
    assert p.error is None
    assert kind(p, "vents") == (["Land"], ["Mountain"])
    assert abilities(p, "vents") == R_ONLY
    assert p.pool("Bob") == {"R": 1} and p.pool("Alice") == {}
    assert p.perm("seas")["attached"] == "vents"


# --------------------------------------------------------------------------- Urborg vs Spreading Seas on a Forest

def test_urborg_then_seas_forest_is_island(tmp_path):
    """613.7: Urborg (older) adds Swamp, then Spreading Seas sets the type to Island, replacing
    Forest and Swamp (305.7): one ability, {T}: Add {U}. Urborg itself is still a Swamp."""
    p = play("layer_urborg_then_seas_on_forest", tmp_path)
    assert p.error is None
    assert kind(p, "forest") == (["Land"], ["Island"])
    assert abilities(p, "forest") == [("{T}: Add {U}.", "intrinsic", None)]
    assert kind(p, "urborg") == (["Land"], ["Swamp"])
    assert p.pool("Alice") == {"U": 1}


def test_seas_then_urborg_forest_is_island_swamp(tmp_path):
    """613.7: Spreading Seas (older) makes it an Island, Urborg then adds Swamp: two intrinsic
    abilities in W U B R G order, {U} (1) and {B} (2); ability 2 gives {B}."""
    p = play("layer_seas_on_forest_then_urborg", tmp_path)
    assert p.error is None
    assert kind(p, "forest") == (["Land"], ["Island", "Swamp"])
    assert abilities(p, "forest") == [("{T}: Add {U}.", "intrinsic", None), ("{T}: Add {B}.", "intrinsic", None)]
    assert p.pool("Alice") == {"B": 1}


def test_seas_cast_after_urborg(tmp_path):
    """Entering order: the Aura is newer than Urborg, so the Forest Swamp becomes an Island only."""
    p = play("layer_seas_cast_after_urborg", tmp_path)
    assert p.error is None
    assert kind(p, "forest") == (["Land"], ["Island"])
    assert p.pool("Alice") == {"U": 1}
    assert kind(p, "island-2") == (["Land"], ["Island", "Swamp"])


def test_urborg_played_after_seas(tmp_path):
    """Entering order: Urborg is newer than the Aura, so the enchanted Forest is an Island Swamp
    and taps for {B} (ability named by its text)."""
    p = play("layer_urborg_played_after_seas", tmp_path)
    assert p.error is None
    assert kind(p, "forest") == (["Land"], ["Island", "Swamp"])
    assert p.pool("Alice") == {"B": 1}


# --------------------------------------------------------------------------- Blood Moon alone

def test_blood_moon_steam_vents_mountain_only(tmp_path):
    """305.7: Steam Vents (Island Mountain) under Blood Moon is a Mountain only, with exactly one
    ability, so `ability` may be omitted; the basic Island is untouched."""
    p = play("layer_blood_moon_steam_vents", tmp_path)
    assert p.error is None
    assert kind(p, "vents") == (["Land"], ["Mountain"])
    assert abilities(p, "vents") == R_ONLY
    assert kind(p, "island") == (["Land"], ["Island"])
    assert p.pool("Alice") == {"R": 1}


def test_blood_moon_steam_vents_cannot_make_blue(tmp_path):
    """305.7: the Island type and its {T}: Add {U} are gone; asking for it is illegal (602.2)."""
    p = play("layer_blood_moon_steam_vents_no_island", tmp_path)
    assert str(p.error) == ("action 1: Alice cannot activate vents: vents has no activated ability "
                            "'{T}: Add {U}.' (1: {T}: Add {R}.) (602.2)")
    assert p.error.rule == "602.2"
    assert not p.perm("vents")["tapped"] and p.pool("Alice") == {}
    assert p.events("AbilityActivated") == []


def test_blood_moon_city_of_brass_no_damage(tmp_path):
    """305.7: City of Brass under Blood Moon loses both rules-text abilities: it taps for {R} and
    its damage trigger does not exist (no trigger, life 20). Its any-color ability is gone too."""
    p = play("layer_blood_moon_city_of_brass", tmp_path)
    assert str(p.error) == ("action 2: Alice cannot activate city-2: city-2 has no activated ability "
                            "'{T}: Add one mana of any color.' (1: {T}: Add {R}.) (602.2)")
    assert p.pool("Alice") == {"R": 1}
    assert p.player("Alice")["life"] == 20
    assert p.triggers() == [] and p.events("DamageDealt") == []
    assert kind(p, "city") == (["Land"], ["Mountain"]) and abilities(p, "city") == R_ONLY


# --------------------------------------------------------------------------- layer 4 before layer 6

def _lantern_city(p):
    assert p.error is None
    assert kind(p, "city") == (["Land"], ["Mountain"])
    assert abilities(p, "city") == [("{T}: Add {R}.", "intrinsic", None), (ANY_COLOR, "granted", "lantern")]
    assert p.pool("Alice") == {"U": 1}
    assert p.player("Alice")["life"] == 20 and p.triggers() == []
    act = p.events("AbilityActivated")[0].event
    assert (act.number, act.ability, act.granted_by) == (2, AbilityId("granted", "Chromatic Lantern", 0), "lantern")


def test_lantern_then_blood_moon(tmp_path):
    """613.1: layer 4 (Blood Moon) before layer 6 (Lantern's grant) whatever the timestamps; 305.7
    removes rules-text abilities only, so the granted ability survives."""
    _lantern_city(play("layer_lantern_then_blood_moon", tmp_path))


def test_blood_moon_then_lantern(tmp_path):
    """613.1: the other timestamp order, same result; the ability is named by its text."""
    _lantern_city(play("layer_blood_moon_then_lantern", tmp_path))


def test_lantern_grants_only_to_its_controllers_lands(tmp_path):
    """"Lands you control have ...": Bob's Lantern gives Bob's Forest the ability (granted by
    the Lantern), not Alice's Forest, which has one ability only (602.2)."""
    p = play("layer_lantern_only_your_lands", tmp_path)
    assert str(p.error) == ("action 1: Alice cannot activate alice-forest: alice-forest has no "
                            "activated ability 2 (it has 1) (602.2)")
    assert abilities(p, "alice-forest") == [("{T}: Add {G}.", "intrinsic", None)]
    assert abilities(p, "bob-forest") == [("{T}: Add {G}.", "intrinsic", None), (ANY_COLOR, "granted", "lantern")]


def _gift_city(p, mana):
    assert p.error is None
    assert kind(p, "city") == (["Land"], ["Mountain"])
    assert abilities(p, "city") == [("{T}: Add {R}.", "intrinsic", None), (TWO_OF_ONE, "granted", "gift")]
    assert p.pool("Alice") == mana
    assert p.player("Alice")["life"] == 20 and p.triggers() == []


def test_gift_on_blood_moon_land(tmp_path):
    """Gift of Paradise's grant (layer 6) on a land Blood Moon made a Mountain (layer 4): {W}{W}."""
    _gift_city(play("layer_gift_on_blood_moon_land", tmp_path), {"W": 2})


def test_blood_moon_newer_than_gift(tmp_path):
    """Blood Moon newer than the Aura: layer order still puts it first; the grant survives."""
    _gift_city(play("layer_blood_moon_after_gift", tmp_path), {"G": 2})


def test_gift_cast_on_blood_moon_land(tmp_path):
    """Casting Gift of Paradise on a Mountain'd Reflecting Pool: +3 life, and the Pool has
    {T}: Add {R} and the granted two-mana ability: {U}{U}."""
    p = play("layer_gift_cast_under_blood_moon", tmp_path)
    assert p.error is None
    gift = p.on_battlefield("Gift of Paradise")[0]
    assert gift["attached"] == "pool"
    assert abilities(p, "pool") == [("{T}: Add {R}.", "intrinsic", None), (TWO_OF_ONE, "granted", gift["id"])]
    assert p.pool("Alice") == {"U": 2}
    assert p.player("Alice")["life"] == 23


def test_wild_growth_on_blood_moon_land(tmp_path):
    """Wild Growth's trigger belongs to the Aura, which Blood Moon does not touch: {R} + {G}."""
    p = play("layer_wild_growth_blood_moon", tmp_path)
    assert p.error is None
    assert p.pool("Alice") == {"R": 1, "G": 1}
    assert [(t["source"], t["rule"]) for t in p.triggers()] == [("Wild Growth", "106.12a")]


# --------------------------------------------------------------------------- could produce (106.7) sees the result

def test_reflecting_pool_under_blood_moon(tmp_path):
    """Reflecting Pool under Blood Moon is a Mountain that taps for {R}; Naga Vitalist reads what
    lands could produce now (106.7): {G} and {R}, and it makes {R}."""
    p = play("layer_reflecting_pool_blood_moon", tmp_path)
    assert p.error is None
    assert kind(p, "pool") == (["Land"], ["Mountain"]) and abilities(p, "pool") == R_ONLY
    assert produced(p) == [("pool", {"R": 1}), ("vitalist", {"R": 1})]
    assert p.pool("Alice") == {"R": 2}


def test_reflecting_pool_under_blood_moon_cannot_make_green(tmp_path):
    """The reflecting ability is gone (305.7): asking the Pool for {G} is illegal."""
    p = play("layer_reflecting_pool_blood_moon_no_green", tmp_path)
    assert str(p.error) == "action 1: Alice cannot activate pool: it adds {R}, not {G} (608.2d)"
    assert p.pool("Alice") == {} and not p.perm("pool")["tapped"]


def test_urborg_lets_reflecting_pool_make_black(tmp_path):
    """Urborg: every land is a Swamp too, with {T}: Add {B} after its printed abilities
    (numbering: printed, then intrinsic in W U B R G order). Reflecting Pool could produce {B}
    (106.7) and its reflecting ability makes {B}; the Forest's ability 1 is {B}."""
    p = play("layer_reflecting_pool_urborg", tmp_path)
    assert p.error is None
    assert kind(p, "pool") == (["Land"], ["Swamp"])
    assert abilities(p, "pool") == [
        ("{T}: Add one mana of any type that a land you control could produce.", "printed", None),
        ("{T}: Add {B}.", "intrinsic", None)]
    assert kind(p, "forest") == (["Land"], ["Forest", "Swamp"])
    assert abilities(p, "forest") == [("{T}: Add {B}.", "intrinsic", None), ("{T}: Add {G}.", "intrinsic", None)]
    assert produced(p) == [("pool", {"B": 1}), ("forest", {"B": 1})]
    assert p.pool("Alice") == {"B": 2}


def test_fellwar_stone_reads_blood_moon(tmp_path):
    """Fellwar Stone: colors the opponent's lands could produce now (106.7): Steam Vents under
    Blood Moon gives only {R}, the Forest {G}; {U} is not among them."""
    p = play("layer_fellwar_stone_blood_moon", tmp_path)
    assert str(p.error) == "action 2: Alice cannot activate stone-2: it can add only one of {R}, {G}, not U (106.7)"
    assert p.pool("Alice") == {"G": 1}
    assert not p.perm("stone-2")["tapped"]


# --------------------------------------------------------------------------- numbering (GAME_FORMAT)

VEIN_PRINTED = [("{T}: Add {C}.", "printed", None),
                ("{T}, Sacrifice this land: Add {C}{C}.", "printed", None),
                ("{T}: Add {B}.", "intrinsic", None)]


def test_numbering_lantern_older_than_gift(tmp_path):
    """GAME_FORMAT: printed in text order, intrinsic (305.6, via Urborg), then granted ones in
    timestamp order (613.7): Lantern's is 4, Gift's is 5; ability 5 makes two mana."""
    p = play("layer_numbering_lantern_first", tmp_path)
    assert p.error is None
    assert abilities(p, "vein") == VEIN_PRINTED + [(ANY_COLOR, "granted", "lantern"), (TWO_OF_ONE, "granted", "gift")]
    assert p.pool("Alice") == {"G": 2}
    act = p.events("AbilityActivated")[0].event
    assert (act.number, act.text, act.granted_by, act.ability) == (5, TWO_OF_ONE, "gift",
                                                                   AbilityId("granted", "Gift of Paradise", 2))


def test_numbering_gift_older_than_lantern(tmp_path):
    """The other timestamp order: Gift's is 4, Lantern's is 5; ability 5 makes one mana."""
    p = play("layer_numbering_gift_first", tmp_path)
    assert p.error is None
    assert abilities(p, "vein") == VEIN_PRINTED + [(TWO_OF_ONE, "granted", "gift"), (ANY_COLOR, "granted", "lantern")]
    assert p.pool("Alice") == {"G": 1}
    act = p.events("AbilityActivated")[0].event
    assert (act.number, act.text, act.granted_by, act.ability) == (5, ANY_COLOR, "lantern",
                                                                   AbilityId("granted", "Chromatic Lantern", 0))


# --------------------------------------------------------------------------- Auras cast and attached

def test_wild_growth_cast_enchants_its_target(tmp_path):
    """303.4a/601.2c: the Aura spell targets forest-b; on resolution it enters attached to it
    (608.3); "enchanted land" is forest-b: {G}{G} from it, {G} from forest-c."""
    p = play("layer_aura_wild_growth_cast", tmp_path)
    assert p.error is None
    wg = p.on_battlefield("Wild Growth")[0]
    assert wg["attached"] == "forest-b" and wg["types"] == ["Enchantment"] and wg["subtypes"] == ["Aura"]
    cast = p.events("SpellCast")[0].event
    assert cast.targets == ("forest-b",)
    assert p.pool("Alice") == {"G": 3}                       # {G} paid, {G}{G} + {G}
    assert [(t["source_id"], t["rule"]) for t in p.triggers()] == [(wg["id"], "106.12a")]
    assert p.player("Alice")["hand"] == []


def test_overgrowth_on_opponents_land(tmp_path):
    """Overgrowth on Bob's Forest: "its controller" is the land's controller, Bob: {G}{G}{G}."""
    p = play("layer_aura_overgrowth_cast", tmp_path)
    assert p.error is None
    assert p.on_battlefield("Overgrowth")[0]["attached"] == "bob-forest"
    assert p.on_battlefield("Overgrowth")[0]["controller"] == "Alice"
    assert p.pool("Bob") == {"G": 3} and p.pool("Alice") == {}


def test_gift_of_paradise_cast(tmp_path):
    """Gift of Paradise: +3 life from its enters trigger; the enchanted Crystal Vein's abilities
    are its two printed ones then the granted one (3): {B}{B}."""
    p = play("layer_aura_gift_cast", tmp_path)
    assert p.error is None
    gift = p.on_battlefield("Gift of Paradise")[0]
    assert gift["attached"] == "vein"
    assert abilities(p, "vein") == VEIN_PRINTED[:2] + [(TWO_OF_ONE, "granted", gift["id"])]
    assert p.player("Alice")["life"] == 23
    assert p.pool("Alice") == {"B": 2}


def test_spreading_seas_cast_on_opponents_land(tmp_path):
    """Spreading Seas on Bob's Overgrown Tomb: an Island only (305.7); Alice draws; Bob gets {U}."""
    p = play("layer_aura_seas_cast_opponent", tmp_path)
    assert p.error is None
    assert kind(p, "tomb") == (["Land"], ["Island"])
    assert abilities(p, "tomb") == [("{T}: Add {U}.", "intrinsic", None)]
    assert p.player("Alice")["hand"] == ["Grizzly Bears"]
    assert p.pool("Bob") == {"U": 1}


def test_aura_cannot_target_creature(tmp_path):
    """303.4a "Enchant land": a creature is not a legal target (115.1); nothing happens."""
    p = play("layer_aura_target_not_land", tmp_path)
    assert str(p.error) == ("action 2: Alice cannot cast Wild Growth: elves is not a legal target: "
                            "Wild Growth needs a land (115.1)")
    assert p.player("Alice")["hand"] == ["Wild Growth"] and p.pool("Alice") == {"G": 1}
    assert p.state["stack"] == []


def test_aura_needs_a_target(tmp_path):
    """303.4a: an Aura spell is targeted; casting it without a target is illegal (601.2c)."""
    p = play("layer_aura_needs_target", tmp_path)
    assert str(p.error) == "action 2: Alice cannot cast Wild Growth: Wild Growth needs 1 target(s): a land, got 0 (601.2c)"
    assert p.player("Alice")["hand"] == ["Wild Growth"]


def test_aura_falls_off_when_its_land_leaves(tmp_path):
    """704.5m: Crystal Vein is sacrificed; Gift of Paradise, attached to nothing, goes to the
    graveyard as a state-based action, caused by the activation."""
    p = play("layer_aura_falls_off", tmp_path)
    assert p.error is None
    assert p.on_battlefield("Gift of Paradise") == [] and p.on_battlefield("Crystal Vein") == []
    assert p.player("Alice")["graveyard"] == ["Crystal Vein", "Gift of Paradise"]
    assert p.pool("Alice") == {"C": 2}
    sba = [e for e in p.events("ZoneChanged") if e.event.card == "Gift of Paradise"]
    assert [(e.event.from_zone, e.event.to_zone, e.rule) for e in sba] == [("battlefield", "graveyard", "704.5m")]
    assert p.log[sba[0].cause_seq].type == "AbilityActivated"


def test_aura_spell_whose_target_left(tmp_path):
    """608.2b: the target (Crystal Vein) was sacrificed while Gift of Paradise was on the stack:
    the Aura spell does not resolve and goes to the graveyard; no enters trigger, life 20."""
    p = play("layer_aura_target_leaves", tmp_path)
    assert p.error is None
    assert p.on_battlefield("Gift of Paradise") == []
    assert p.player("Alice")["graveyard"] == ["Crystal Vein", "Gift of Paradise"]
    assert p.player("Alice")["life"] == 20
    assert p.triggers() == []
    resolved = p.events("SpellResolved")
    assert len(resolved) == 1 and resolved[0].event.countered and resolved[0].rule == "608.2b"


def test_aura_on_a_creature_in_start_position_falls_off(tmp_path):
    """704.5m: an "Enchant land" Aura attached to a creature is put into the graveyard at the
    first state-based-action check."""
    p = play("layer_aura_start_on_creature", tmp_path)
    assert p.error is None
    assert p.on_battlefield("Wild Growth") == []
    assert p.player("Alice")["graveyard"] == ["Wild Growth"]
    assert [e.rule for e in p.events("ZoneChanged")] == ["704.5m"]


# --------------------------------------------------------------------------- 305.7: only land types go

def _arbor(p, land_type: str, mana: str) -> None:
    assert p.error is None
    arbor = p.perm("arbor")
    assert (arbor["types"], arbor["subtypes"]) == (["Land", "Creature"], [land_type, "Dryad"])
    assert (arbor["power"], arbor["toughness"]) == (1, 1)
    assert abilities(p, "arbor") == [(f"{{T}}: Add {{{mana}}}.", "intrinsic", None)]
    assert p.pool("Alice") == {mana: 1}


def test_blood_moon_keeps_dryad_arbors_creature_type(tmp_path):
    """305.7: an effect that sets a land's subtype replaces its land types only: Dryad Arbor
    under Blood Moon is a "Land Creature — Mountain Dryad" (a 1/1 that taps for {R}), not a
    creature with no creature type."""
    _arbor(play("layer_blood_moon_dryad_arbor", tmp_path), "Mountain", "R")


def test_blood_moon_then_seas_on_dryad_arbor(tmp_path):
    """305.7, 613.7: Spreading Seas is later: "Island Dryad", {U}; the Dryad type survives both."""
    _arbor(play("layer_dryad_arbor_moon_then_seas", tmp_path), "Island", "U")


def test_seas_then_blood_moon_on_dryad_arbor(tmp_path):
    """305.7, 613.7: Blood Moon is later: "Mountain Dryad", {R}; the Dryad type survives both."""
    _arbor(play("layer_dryad_arbor_seas_then_moon", tmp_path), "Mountain", "R")
