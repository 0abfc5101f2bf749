"""Scenario tests for the twelve cards added in the pool's growth (CARDS.md, "Added for the
next growth of the pool"): Birds of Paradise, Elvish Mystic, Sol Ring, Arcane Signet, Fertile
Ground, Utopia Sprawl, Cryptolith Rite, Lotus Cobra, Mirari's Wake, Lurking Chupacabra,
Seekers' Squire and Tishana's Wayfinder.

Each test replays one recorded game from tests/games/card_*.toml (its comment gives the
situation and the rule). Expected values are worked out from the Comprehensive Rules and the
rulings, including the triggers that must NOT fire and both timestamp orders where the order
matters.
"""
from __future__ import annotations

from scenario import play

from simulator.base.abilityid import AbilityId

RITE_GRANT = AbilityId("granted", "Cryptolith Rite", 0)   # its one line: "Creatures you control have ..."

COLORS = ["W", "U", "B", "R", "G"]
ANY_COLOR = "{T}: Add one mana of any color."


def assert_illegal(p, rule: str, *fragments: str) -> None:
    """The last action was illegal (exit 3) for `rule`; its message holds each fragment."""
    assert p.error is not None, "the action should have been illegal"
    assert p.error.rule == rule, str(p.error)
    for fragment in fragments:
        assert fragment in str(p.error), str(p.error)


def triggered(p, card: str | None = None) -> list:
    """AbilityTriggered envelopes (of one source card), in log order."""
    return [e for e in p.events("AbilityTriggered") if card is None or e.event.source_card == card]


def pt(p, ref: str) -> tuple:
    b = p.perm(ref)
    return b["power"], b["toughness"]


def abilities(p, ref: str) -> list[tuple[str, str]]:
    """(text, origin) of the permanent's activated abilities, numbered as GAME_FORMAT says."""
    return [(a["text"], a["origin"]) for a in p.perm(ref)["abilities"]]


def produced(p) -> list[tuple[str, dict, str]]:
    return [(e.event.source, dict(e.event.mana), e.rule) for e in p.events("ManaProduced")]


def added(p) -> list[tuple[str, dict, str | None]]:
    return [(e.event.player, dict(e.event.mana), e.event.source) for e in p.events("ManaAdded")]


# --------------------------------------------------------------------------- Birds of Paradise

def test_birds_taps_for_any_color(tmp_path):
    """605.1a/605.3a: Birds of Paradise's mana ability resolves at once; Alice names {U}."""
    p = play("card_birds_any_color", tmp_path)
    assert p.error is None
    assert p.pool("Alice") == {"U": 1}
    assert p.perm("birds")["tapped"] is True and pt(p, "birds") == (0, 1)
    assert p.state["stack"] == [] and p.state["priority"] == "Alice"
    (act,) = p.events("AbilityActivated")
    assert (act.event.text, act.event.mana_ability, act.rule) == (ANY_COLOR, True, "605.3a")


def test_birds_cast_this_turn_cannot_tap(tmp_path):
    """302.6: Birds came under Alice's control this turn: its {T} mana ability can't be activated."""
    p = play("card_birds_cast_then_tap", tmp_path)
    assert_illegal(p, "302.6", "action 4", "Alice", "summoning sickness")
    birds = p.perm("Birds of Paradise")
    assert birds["tapped"] is False and birds["controller"] == "Alice"
    assert p.pool("Alice") == {}


def test_birds_cannot_make_colorless(tmp_path):
    """105.1/106.1b: colorless is not a color; the illegal activation taps nothing."""
    p = play("card_birds_colorless", tmp_path)
    assert_illegal(p, "608.2d", "action 1", "any color", "WUBRG")
    assert p.perm("birds")["tapped"] is False and p.pool("Alice") == {}


# --------------------------------------------------------------------------- Elvish Mystic

def test_mystic_doubled_by_reflection_not_seen_by_flare(tmp_path):
    """106.12b: Mana Reflection doubles mana from tapping any permanent ({G}{G}); Mana Flare
    sees only lands tapped for mana (106.12a), so it must not trigger for a creature."""
    p = play("card_mystic_reflection_flare", tmp_path)
    assert p.error is None
    assert p.pool("Alice") == {"G": 2} and p.pool("Bob") == {}
    assert produced(p) == [("mystic", {"G": 2}, "106.12")]
    (rep,) = p.events("ReplacementApplied")
    assert (rep.event.source, dict(rep.event.before), dict(rep.event.after)) == \
        ("reflection", {"G": 1}, {"G": 2})
    assert triggered(p) == []


def test_mystic_summoning_sick(tmp_path):
    """302.6: Elvish Mystic can't use its {T} ability the turn it came under Alice's control."""
    p = play("card_mystic_sick", tmp_path)
    assert_illegal(p, "302.6", "action 1", "summoning sickness")
    assert p.perm("mystic")["tapped"] is False and p.pool("Alice") == {}


# --------------------------------------------------------------------------- Sol Ring

def test_sol_ring_taps_the_turn_it_is_cast(tmp_path):
    """302.6 applies to creatures only: an artifact cast this turn taps for {C}{C} at once."""
    p = play("card_sol_ring_cast_and_tap", tmp_path)
    assert p.error is None
    assert p.pool("Alice") == {"C": 2}
    ring = p.perm("Sol Ring")
    assert ring["tapped"] is True and ring["types"] == ["Artifact"] and ring["power"] is None
    assert [s for s, _, _ in produced(p)] == ["forest-a", ring["id"]]


def test_sol_ring_nyxbloom_yes_contamination_no(tmp_path):
    """106.12b: Nyxbloom Ancient triples mana from tapping a permanent: six {C}. Contamination
    applies only when a land is tapped for mana, so it doesn't apply and nothing asks for an
    order of replacement effects (616.1)."""
    p = play("card_sol_ring_nyxbloom_contamination", tmp_path)
    assert p.error is None
    assert p.pool("Alice") == {"C": 6}
    assert [e.event.source for e in p.events("ReplacementApplied")] == ["nyxbloom"]
    assert p.state["pending"] is None and p.events("ChoiceRequested") == []


def test_sol_ring_cannot_be_asked_for_green(tmp_path):
    """608.2d: Sol Ring adds exactly {C}{C}; a `mana` answer naming {G} is illegal."""
    p = play("card_sol_ring_wrong_mana", tmp_path)
    assert_illegal(p, "608.2d", "action 1", "{C}{C}", "{G}")
    assert p.perm("sol-ring")["tapped"] is False and p.pool("Alice") == {}


# --------------------------------------------------------------------------- Arcane Signet

def test_arcane_signet_without_commander_adds_nothing(tmp_path):
    """106.5: no commander, so no color can be defined: the ability is activated (Signet taps),
    resolves as a mana ability (no stack) and produces no mana; Nyxbloom has nothing to multiply."""
    p = play("card_signet_no_commander", tmp_path)
    assert p.error is None
    assert p.perm("signet")["tapped"] is True
    assert p.pool("Alice") == {}
    assert produced(p) == [("signet", {}, "106.5")]
    assert p.events("ManaAdded") == [] and p.events("ReplacementApplied") == []
    assert p.events("AbilityPutOnStack") == [] and p.state["stack"] == []
    assert p.state["priority"] == "Alice"


def test_arcane_signet_cannot_name_a_color(tmp_path):
    """106.5: with no color to choose, naming {G} is illegal; the Signet stays untapped."""
    p = play("card_signet_names_a_color", tmp_path)
    assert_illegal(p, "106.5", "action 1", "commander")
    assert p.perm("signet")["tapped"] is False and p.pool("Alice") == {}


# --------------------------------------------------------------------------- Fertile Ground

def test_fertile_ground_asks_for_a_color_without_the_stack(tmp_path):
    """605.1b/605.4a: Fertile Ground's trigger is a mana ability; it resolves at once and asks
    Alice (its controller) for the color: a `mana` choice of W U B R G, nothing on the stack."""
    p = play("card_fertile_ground_pending", tmp_path)
    assert p.error is None
    pending = p.state["pending"]
    assert (pending["kind"], pending["player"], pending["options"]) == ("mana", "Alice", COLORS)
    assert p.state["stack"] == [] and p.events("AbilityPutOnStack") == []
    assert p.pool("Alice") == {"G": 1}
    (t,) = triggered(p, "Fertile Ground")
    assert (t.event.source, t.event.controller, t.event.mana_ability, t.rule) == \
        ("fertile", "Alice", True, "106.12a")
    assert p.log[t.cause_seq].type == "ManaProduced"


def test_fertile_ground_adds_the_chosen_color(tmp_path):
    """106.12a: the Forest produced {G}; Fertile Ground adds {U} to its controller's pool."""
    p = play("card_fertile_ground_forest", tmp_path)
    assert p.error is None
    assert p.pool("Alice") == {"U": 1, "G": 1}
    assert added(p) == [("Alice", {"G": 1}, "forest-a"), ("Alice", {"U": 1}, "fertile")]
    assert p.state["pending"] is None and p.state["priority"] == "Alice"
    assert p.events("AbilityPutOnStack") == []


def test_fertile_ground_colorless_is_not_an_answer(tmp_path):
    """105.1: "any color" excludes {C}; the choice stays open and nothing more is added."""
    p = play("card_fertile_ground_colorless", tmp_path)
    assert_illegal(p, "605.4a", "action 2")
    assert p.state["pending"]["kind"] == "mana"
    assert p.pool("Alice") == {"G": 1}


def test_fertile_ground_on_empty_cradle_does_not_trigger(tmp_path):
    """106.12a: Gaea's Cradle with no creature is tapped for mana but produces none: no trigger."""
    p = play("card_fertile_ground_cradle_empty", tmp_path)
    assert p.error is None
    assert p.pool("Alice") == {} and p.perm("cradle")["tapped"] is True
    assert triggered(p) == [] and p.state["pending"] is None


def test_fertile_ground_not_doubled_by_reflection(tmp_path):
    """106.12b: Mana Reflection doubles the Forest's {G}, not the Aura's triggered mana."""
    p = play("card_fertile_ground_reflection", tmp_path)
    assert p.error is None
    assert p.pool("Alice") == {"B": 1, "G": 2}
    assert [e.event.source for e in p.events("ReplacementApplied")] == ["reflection"]


def test_fertile_ground_cast_on_a_forest(tmp_path):
    """303.4a: the Aura spell targets the land; on resolution it enters attached. Tapping that
    Forest: {G} plus the chosen {W}; the two Forests' {G}{G} paid for the Aura."""
    p = play("card_fertile_ground_cast", tmp_path)
    assert p.error is None
    assert p.pool("Alice") == {"W": 1, "G": 1}
    aura = p.perm("Fertile Ground")
    assert aura["attached"] == "forest-c"
    assert p.player("Alice")["hand"] == []


# --------------------------------------------------------------------------- Utopia Sprawl

def test_utopia_sprawl_asks_for_a_color_as_it_enters(tmp_path):
    """614.12 / GAME_FORMAT `color`: "As Utopia Sprawl enters, choose a color": the choice comes
    before the Aura is on the battlefield; options W U B R G; nobody has priority."""
    p = play("card_sprawl_pending", tmp_path)
    assert p.error is None
    pending = p.state["pending"]
    assert (pending["kind"], pending["player"], pending["options"]) == ("color", "Alice", COLORS)
    assert p.on_battlefield("Utopia Sprawl") == []
    assert p.state["priority"] is None


def test_utopia_sprawl_adds_the_chosen_color(tmp_path):
    """605.1b/106.12a: the enchanted Forest gives {G}, Utopia Sprawl's triggered mana ability the
    chosen {U} at once (no stack, no further choice)."""
    p = play("card_sprawl_cast", tmp_path)
    assert p.error is None
    sprawl = p.perm("Utopia Sprawl")
    assert sprawl["attached"] == "forest-b"
    assert p.pool("Alice") == {"U": 1, "G": 1}
    (t,) = triggered(p, "Utopia Sprawl")
    assert (t.event.mana_ability, t.rule) == (True, "106.12a")
    assert added(p)[-1] == ("Alice", {"U": 1}, sprawl["id"])
    assert p.state["pending"] is None and p.state["stack"] == []
    (made,) = [e for e in p.events("ChoiceMade") if e.event.kind == "color"]
    assert made.event.answer == "U"


def test_utopia_sprawl_colorless_is_not_a_color(tmp_path):
    """105.1: the five colors are W U B R G; "C" is illegal and the `color` choice stays open."""
    p = play("card_sprawl_colorless", tmp_path)
    assert_illegal(p, "105.1", "action 4")
    assert p.state["pending"]["kind"] == "color"
    assert p.on_battlefield("Utopia Sprawl") == []


def test_utopia_sprawl_cannot_enchant_an_island(tmp_path):
    """303.4a/115.1: "Enchant Forest": an Island is not a legal target; nothing is cast."""
    p = play("card_sprawl_not_a_forest", tmp_path)
    assert_illegal(p, "115.1", "action 2", "island-a", "Forest")
    assert p.player("Alice")["hand"] == ["Utopia Sprawl"]
    assert p.pool("Alice") == {"G": 1}


def test_spreading_seas_knocks_utopia_sprawl_off(tmp_path):
    """305.7 + 704.5m: the Forest becomes an Island only; Utopia Sprawl ("Enchant Forest") is
    put into the graveyard as a state-based action; Spreading Seas stays."""
    p = play("card_sprawl_then_seas", tmp_path)
    assert p.error is None
    assert p.perm("forest-b")["subtypes"] == ["Island"]
    assert p.on_battlefield("Utopia Sprawl") == []
    assert p.player("Alice")["graveyard"] == ["Utopia Sprawl"]
    assert p.perm("Spreading Seas")["attached"] == "forest-b"
    assert p.player("Alice")["hand"] == ["Plains"]
    (sba,) = [e for e in p.events("ZoneChanged") if e.event.card == "Utopia Sprawl"
              and e.event.to_zone == "graveyard"]
    assert sba.rule == "704.5m"


def test_blood_moon_after_utopia_sprawl_on_overgrown_tomb(tmp_path):
    """Sprawl first, Blood Moon later: the nonbasic Tomb becomes a Mountain only (305.7), no longer
    a Forest, and Utopia Sprawl goes to the graveyard (704.5m)."""
    p = play("card_sprawl_tomb_then_blood_moon", tmp_path)
    assert p.error is None
    assert p.perm("tomb")["subtypes"] == ["Mountain"]
    assert p.player("Alice")["graveyard"] == ["Utopia Sprawl"]
    assert p.on_battlefield("Utopia Sprawl") == []


def test_utopia_sprawl_cannot_target_tomb_under_blood_moon(tmp_path):
    """Blood Moon first: the Tomb is not a Forest when Utopia Sprawl is cast (303.4a, 115.1)."""
    p = play("card_sprawl_blood_moon_then_tomb", tmp_path)
    assert_illegal(p, "115.1", "action 2", "tomb")
    assert p.player("Alice")["hand"] == ["Utopia Sprawl"]


def test_utopia_sprawl_with_no_chosen_color_adds_nothing(tmp_path):
    """106.5: Utopia Sprawl of the starting position never entered, so no color was chosen: its
    trigger triggers (106.12a) but mana of an undefined type is no mana."""
    p = play("card_sprawl_start_no_color", tmp_path)
    assert p.error is None
    assert p.pool("Alice") == {"G": 1}
    (t,) = triggered(p, "Utopia Sprawl")
    assert t.event.mana_ability is True
    assert added(p) == [("Alice", {"G": 1}, "forest-a")]
    assert p.state["pending"] is None


def test_utopia_sprawl_wild_growth_and_reflection(tmp_path):
    """106.12b doubles only the Forest's own mana; both Auras' triggered mana abilities add one
    each (605.4a): {G} left + {G}{G} + {R} + {G}."""
    p = play("card_sprawl_reflection_wild_growth", tmp_path)
    assert p.error is None
    assert p.pool("Alice") == {"R": 1, "G": 4}
    assert sorted(t.event.source_card for t in triggered(p)) == ["Utopia Sprawl", "Wild Growth"]
    assert p.state["pending"] is None and p.state["stack"] == []


# --------------------------------------------------------------------------- Cryptolith Rite

def test_cryptolith_rite_grants_alice_creatures_only(tmp_path):
    """613.1f: Alice's creatures have the granted ability; Bob's Bears and Alice's Sol Ring
    (not a creature) don't. The Bears taps for {R}."""
    p = play("card_rite_bears", tmp_path)
    assert p.error is None
    assert p.pool("Alice") == {"R": 1}
    assert p.perm("bears")["tapped"] is True
    assert abilities(p, "bears") == [(ANY_COLOR, "granted")]
    assert p.perm("bears")["abilities"][0]["granted_by"] == "rite"
    assert abilities(p, "bob-bears") == []
    assert abilities(p, "sol-ring") == [("{T}: Add {C}{C}.", "printed")]
    (act,) = p.events("AbilityActivated")
    assert (act.event.ability, act.event.granted_by, act.event.mana_ability) == (RITE_GRANT, "rite", True)


def test_rite_creature_new_this_turn_unlike_lantern_land(tmp_path):
    """302.6: the Forest played this turn taps with Chromatic Lantern's granted ability (a land);
    the Elvish Mystic cast this turn can't use Cryptolith Rite's granted {T} ability."""
    p = play("card_rite_lantern_new_permanents", tmp_path)
    assert_illegal(p, "302.6", "action 5", "summoning sickness")
    forest = p.perm("Forest")
    assert forest["tapped"] is True
    assert abilities(p, "Forest")[1] == (ANY_COLOR, "granted")
    mystic = p.perm("Elvish Mystic")
    assert mystic["tapped"] is False
    assert abilities(p, "Elvish Mystic") == [("{T}: Add {G}.", "printed"), (ANY_COLOR, "granted")]
    assert p.pool("Alice") == {}          # the Forest's {G} paid for the Mystic


def test_creature_new_this_turn_printed_ability(tmp_path):
    """302.6: the same for the Mystic's printed {T} ability."""
    p = play("card_rite_sick_own_ability", tmp_path)
    assert_illegal(p, "302.6", "action 5")
    assert p.perm("Elvish Mystic")["tapped"] is False


def test_birds_with_rite_has_two_abilities(tmp_path):
    """GAME_FORMAT numbering: printed first, then granted. Ability 2 (Rite's) taps Birds for {W};
    then both abilities need {T} and Birds is tapped (107.5)."""
    p = play("card_rite_birds_numbering", tmp_path)
    assert abilities(p, "birds") == [(ANY_COLOR, "printed"), (ANY_COLOR, "granted")]
    assert_illegal(p, "107.5", "action 2", "tapped")
    assert p.pool("Alice") == {"W": 1}
    (act,) = p.events("AbilityActivated")
    assert (act.event.number, act.event.ability, act.event.granted_by) == (2, RITE_GRANT, "rite")


STEWARD_VEIN = [("{T}: Add {C}.", "granted"), ("{T}, Sacrifice Grizzly Bears: Add {C}{C}.", "granted")]


def test_rite_before_steward_numbering(tmp_path):
    """613.7: layer-6 effects apply in timestamp order: Rite's ability is 1, then the exiled
    Crystal Vein's two (Steward). Ability 1 with {G}."""
    p = play("card_rite_then_steward", tmp_path)
    assert p.error is None
    assert abilities(p, "bears") == [(ANY_COLOR, "granted")] + STEWARD_VEIN
    assert p.pool("Alice") == {"G": 1}


def test_steward_before_rite_numbering(tmp_path):
    """613.7, the other order: the Vein's abilities come first, so ability 1 is "{T}: Add {C}."."""
    p = play("card_steward_then_rite", tmp_path)
    assert p.error is None
    assert abilities(p, "bears") == STEWARD_VEIN + [(ANY_COLOR, "granted")]
    assert p.pool("Alice") == {"C": 1}


# --------------------------------------------------------------------------- Lotus Cobra

def test_lotus_cobra_trigger_goes_on_the_stack(tmp_path):
    """605.1b: landfall doesn't trigger from a mana ability: not a mana ability; it is put on the
    stack the next time a player would receive priority (603.3); no mana yet."""
    p = play("card_cobra_on_stack", tmp_path)
    assert p.error is None
    (t,) = triggered(p, "Lotus Cobra")
    assert (t.event.source, t.event.mana_ability) == ("cobra", False)
    assert p.log[t.cause_seq].type == "ZoneChanged" and p.log[t.cause_seq].event.to_zone == "battlefield"
    (item,) = p.state["stack"]
    assert (item["kind"], item["source"], item["controller"]) == ("ability", "cobra", "Alice")
    assert item["text"] == "Landfall — Whenever a land you control enters, add one mana of any color."
    assert p.state["priority"] == "Alice" and p.pool("Alice") == {}


def test_lotus_cobra_color_is_chosen_as_it_resolves(tmp_path):
    """608.2d: the `mana` choice comes when the trigger resolves, still on the stack meanwhile."""
    p = play("card_cobra_pending", tmp_path)
    assert p.error is None
    pending = p.state["pending"]
    assert (pending["kind"], pending["player"], pending["options"]) == ("mana", "Alice", COLORS)
    assert p.pool("Alice") == {}


def test_lotus_cobra_adds_red(tmp_path):
    """The resolved landfall trigger adds {R}; the ability leaves the stack (608.2)."""
    p = play("card_cobra_landfall", tmp_path)
    assert p.error is None
    assert p.pool("Alice") == {"R": 1}
    assert p.state["stack"] == [] and p.state["pending"] is None and p.state["priority"] == "Alice"
    assert added(p) == [("Alice", {"R": 1}, "cobra")]
    assert len(p.events("AbilityResolved")) == 1


def test_lotus_cobra_colorless_is_not_a_color(tmp_path):
    """105.1: "C" is not an answer for "one mana of any color"."""
    p = play("card_cobra_colorless", tmp_path)
    assert p.error is not None and p.error.rule in ("105.1", "608.2d")
    assert "action 3" in str(p.error)
    assert p.state["pending"]["kind"] == "mana" and p.pool("Alice") == {}


def test_lotus_cobra_ignores_opponents_land(tmp_path):
    """"A land you control": Bob's Forest doesn't trigger Alice's Lotus Cobra."""
    p = play("card_cobra_opponent_land", tmp_path)
    assert p.error is None
    assert triggered(p) == [] and p.state["stack"] == []
    assert p.state["priority"] == "Bob"


def test_lotus_cobra_entering_does_not_trigger_itself(tmp_path):
    """The Cobra is a creature, not a land: its own arrival is not landfall."""
    p = play("card_cobra_cast", tmp_path)
    assert p.error is None
    assert p.perm("Lotus Cobra")["controller"] == "Alice"
    assert triggered(p) == [] and p.state["stack"] == [] and p.pool("Alice") == {}


def test_lotus_cobra_and_steam_vents_entering_tapped(tmp_path):
    """A land entering tapped still enters: landfall triggers; {U} chosen."""
    p = play("card_cobra_steam_vents_tapped", tmp_path)
    assert p.error is None
    assert p.perm("Steam Vents")["tapped"] is True
    assert p.pool("Alice") == {"U": 1}
    assert len(triggered(p, "Lotus Cobra")) == 1


def test_lotus_cobra_two_lands_and_an_explored_land(tmp_path):
    """An explored land goes to the hand (no landfall). With the extra land play (305.2) two lands
    enter, two triggers, each on the stack and resolved on its own: {W} and {U}."""
    p = play("card_cobra_enter_the_unknown", tmp_path)
    assert p.error is None
    assert p.pool("Alice") == {"W": 1, "U": 1}
    assert len(triggered(p, "Lotus Cobra")) == 2
    (explored,) = p.events("CreatureExplored")
    assert (explored.event.revealed, explored.event.result) == ("Island", "hand")
    first = triggered(p, "Lotus Cobra")[0]
    assert first.seq > explored.seq
    assert p.player("Alice")["hand"] == []
    assert pt(p, "cobra") == (2, 1)            # a land was revealed: no counter


# --------------------------------------------------------------------------- Mirari's Wake

def _keywords(p, ref: str) -> list[str]:
    from simulator.game.layers import characteristics
    from simulator.cards import model as m
    from simulator.session.recorder import game_from_store, load_pool
    from simulator.store import EventStore
    store = EventStore(p.db)
    try:
        game = game_from_store(store, p.game_id, load_pool())
        chars = characteristics(game.state, ref, game.pool)
    finally:
        store.close()
    return sorted(a.ability.effect.name for a in chars.statics(m.Keyword))


def test_mirari_wake_pumps_your_creatures(tmp_path):
    """613.4c layer 7c +1/+1 for Alice's creatures only. The real Mirari's Wake grants no trample
    (the hand-typed card of edition 1 did): no keyword is added."""
    p = play("card_wake_pump", tmp_path)
    assert p.error is None
    assert pt(p, "bears") == (3, 3) and pt(p, "birds") == (1, 2) and pt(p, "bob-bears") == (2, 2)
    assert pt(p, "wake") == (None, None)
    assert _keywords(p, "bears") == []
    assert _keywords(p, "birds") == ["Flying"]
    assert _keywords(p, "bob-bears") == []


def test_mirari_wake_lands_you_tap(tmp_path):
    """605.1b: Wake's second ability is a triggered mana ability for lands Alice taps; not for
    her Elvish Mystic (not a land), not for Bob's Forest (not "you")."""
    p = play("card_wake_land_tap", tmp_path)
    assert p.error is None
    assert p.pool("Alice") == {"G": 3} and p.pool("Bob") == {"G": 1}
    (t,) = triggered(p, "Mirari's Wake")
    assert (t.event.mana_ability, t.rule) == (True, "106.12a")
    assert p.log[t.cause_seq].event.source == "forest-a"
    assert p.events("AbilityPutOnStack") == []


def test_mirari_wake_under_contamination_adds_black(tmp_path):
    """106.12b then 106.12a: the Forest produced {B}; Wake adds a type that land produced: {B}."""
    p = play("card_wake_contamination", tmp_path)
    assert p.error is None
    assert p.pool("Alice") == {"B": 2}


def test_mirari_wake_with_reflection(tmp_path):
    """106.12b doubles the Forest's mana only: {G}{G} + Wake's {G}."""
    p = play("card_wake_reflection", tmp_path)
    assert p.error is None
    assert p.pool("Alice") == {"G": 3}


def test_mirari_wake_and_empty_cradle(tmp_path):
    """106.12a: no mana produced, no trigger."""
    p = play("card_wake_cradle_empty", tmp_path)
    assert p.error is None
    assert p.pool("Alice") == {} and triggered(p) == []


def test_endless_one_x0_survives_under_wake(tmp_path):
    """107.3m/613.4c: 0/0 with no counters, +1/+1 from Wake: a 1/1, so 704.5f doesn't apply."""
    p = play("card_wake_endless_one_x0", tmp_path)
    assert p.error is None
    one = p.perm("Endless One")
    assert (one["power"], one["toughness"], one["counters"]) == (1, 1, {})
    assert p.player("Alice")["graveyard"] == []


# --------------------------------------------------------------------------- Lurking Chupacabra

def test_chupacabra_target_choice_lists_opponents_creatures(tmp_path):
    """603.3d/115.1: "target creature an opponent controls": only Bob's creatures are options."""
    p = play("card_chupacabra_target_pending", tmp_path)
    assert p.error is None
    pending = p.state["pending"]
    assert (pending["kind"], pending["player"]) == ("target", "Alice")
    assert pending["options"] == ["bob-bears", "bob-birds"]
    assert p.player("Alice")["hand"] == ["Forest"]


def test_chupacabra_kills_grizzly_bears(tmp_path):
    """-2/-2 makes the Bears 0/0: it dies as a state-based action (704.5f)."""
    p = play("card_chupacabra_kills_bears", tmp_path)
    assert p.error is None
    assert p.player("Bob")["graveyard"] == ["Grizzly Bears"]
    assert [b["card"] for b in p.state["battlefield"] if b["controller"] == "Bob"] == []
    (dies,) = [e for e in p.events("ZoneChanged") if e.event.card == "Grizzly Bears"]
    assert dies.rule == "704.5f"
    (t,) = triggered(p, "Lurking Chupacabra")
    assert t.event.mana_ability is False
    assert p.log[t.cause_seq].type == "CreatureExplored"
    assert p.state["stack"] == [] and p.state["pending"] is None


def test_chupacabra_cannot_target_own_creature(tmp_path):
    """115.1: Alice's own creature is not "a creature an opponent controls"."""
    p = play("card_chupacabra_own_target", tmp_path)
    assert_illegal(p, "115.1", "action 6", "chupacabra")
    assert p.state["pending"]["kind"] == "target"
    assert pt(p, "chupacabra") == (2, 3)


def test_chupacabra_effect_lasts_through_end_step(tmp_path):
    """514.2: "until end of turn" effects end in the cleanup step, so in the end step the Walker
    is still -1/1."""
    p = play("card_chupacabra_until_end_step", tmp_path)
    assert p.error is None
    assert p.state["step"] == "end" and p.state["turn"] == 1
    assert pt(p, "bob-walker") == (-1, 1)


def test_chupacabra_effect_ends_in_cleanup(tmp_path):
    """514.2: after Alice's cleanup step the Walker is 1/3 again (Bob's upkeep, turn 2)."""
    p = play("card_chupacabra_ends_in_cleanup", tmp_path)
    assert p.error is None
    assert (p.state["turn"], p.state["active"], p.state["step"]) == (2, "Bob", "upkeep")
    assert pt(p, "bob-walker") == (1, 3)
    ended = [e for e in p.log.values() if e.rule == "514.2"]
    assert len(ended) == 1
    cleanup = next(e for e in p.events("StepBegan") if e.event.step == "cleanup")
    assert ended[0].seq > cleanup.seq


def test_chupacabra_ignores_opponents_explore(tmp_path):
    """"A creature you control explores": Bob's Squire exploring doesn't trigger Alice's Chupacabra."""
    p = play("card_chupacabra_opponent_explores", tmp_path)
    assert p.error is None
    assert len(p.events("CreatureExplored")) == 1
    assert triggered(p, "Lurking Chupacabra") == []
    assert pt(p, "alice-bears") == (2, 2) and pt(p, "bob-bears") == (2, 2)


def test_chupacabra_without_target_is_removed(tmp_path):
    """603.3d: no legal target: the trigger is removed, never put on the stack."""
    p = play("card_chupacabra_no_target", tmp_path)
    assert p.error is None
    (t,) = triggered(p, "Lurking Chupacabra")
    (removed,) = p.events("TriggerRemoved")
    assert (removed.event.trigger_id, removed.rule) == (t.event.trigger_id, "603.3d")
    assert p.state["stack"] == [] and p.state["pending"] is None


def test_chupacabra_against_mirari_wake(tmp_path):
    """613.4c: +1/+1 and -2/-2 both in layer 7c: 3/3 becomes 1/1 and survives."""
    p = play("card_chupacabra_wake", tmp_path)
    assert p.error is None
    assert pt(p, "bob-bears") == (1, 1)
    assert p.player("Bob")["graveyard"] == []


def test_chupacabra_triggers_twice_with_tracker(tmp_path):
    """614.1a: two explores, two triggers of one ability of one source: no order choice (603.3b),
    one target choice each; -2/-2 twice kills the 1/3 Walker (704.5f)."""
    p = play("card_chupacabra_tracker_twice", tmp_path)
    assert p.error is None
    assert len(triggered(p, "Lurking Chupacabra")) == 2
    kinds = [e.event.kind for e in p.events("ChoiceRequested")]
    assert kinds == ["target", "target"]
    assert p.player("Bob")["graveyard"] == ["Wildgrowth Walker"]
    assert p.player("Alice")["hand"] == ["Forest", "Forest"]


# --------------------------------------------------------------------------- Seekers' Squire

def test_squire_explores_nonland_to_graveyard(tmp_path):
    """701.44a: a nonland card: +1/+1 counter (2/3), the card to the graveyard as chosen."""
    p = play("card_squire_nonland_graveyard", tmp_path)
    assert p.error is None
    squire = p.perm("Seekers' Squire")
    assert (squire["power"], squire["toughness"], squire["counters"]) == (2, 3, {"+1/+1": 1})
    alice = p.player("Alice")
    assert alice["graveyard"] == ["Grizzly Bears"] and alice["library"] == ["Swamp"]


def test_squire_explores_land_and_walker_triggers(tmp_path):
    """701.44a: a land goes to the hand, no counter; Wildgrowth Walker triggers anyway."""
    p = play("card_squire_land", tmp_path)
    assert p.error is None
    squire = p.perm("Seekers' Squire")
    assert (squire["power"], squire["toughness"], squire["counters"]) == (1, 2, {})
    assert p.player("Alice")["hand"] == ["Swamp"]
    assert pt(p, "walker") == (2, 4) and p.player("Alice")["life"] == 23


# --------------------------------------------------------------------------- Tishana's Wayfinder

def test_wayfinder_explores_twice_and_sees_the_same_card(tmp_path):
    """614.1a + explore ruling: a card left on top is revealed again; two counters (4/4)."""
    p = play("card_wayfinder_tracker_same_card", tmp_path)
    assert p.error is None
    wayfinder = p.perm("Tishana's Wayfinder")
    assert (wayfinder["power"], wayfinder["toughness"], wayfinder["counters"]) == (4, 4, {"+1/+1": 2})
    assert [e.event.card for e in p.events("CardRevealed")] == ["Grizzly Bears", "Grizzly Bears"]
    alice = p.player("Alice")
    assert alice["graveyard"] == ["Grizzly Bears"] and alice["library"] == ["Forest"]


def test_wayfinder_empty_library_gets_the_counter(tmp_path):
    """Explore ruling: nothing revealed, the explorer gets the counter; no draw, no loss."""
    p = play("card_wayfinder_empty_library", tmp_path)
    assert p.error is None
    wayfinder = p.perm("Tishana's Wayfinder")
    assert (wayfinder["power"], wayfinder["toughness"], wayfinder["counters"]) == (3, 3, {"+1/+1": 1})
    assert p.state["game_over"] is None and p.events("CardRevealed") == []
