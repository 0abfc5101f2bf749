"""Scenario tests: the trigger dispatcher, triggered mana abilities and the stack.

Each test replays a recorded game from tests/games/trig_*.toml (the file's comments
describe the situation) and checks exact pools, life, stack and log against the rule.
"""
from __future__ import annotations

from scenario import play

CITY_TEXT = "Whenever this land becomes tapped, it deals 1 damage to you."
WALKER_TEXT = ("Whenever a creature you control explores, put a +1/+1 counter on this creature "
               "and you gain 3 life.")
HANGARBACK_TEXT = ("When this creature dies, create a 1/1 colorless Thopter artifact creature token "
                   "with flying for each +1/+1 counter on this creature.")


def triggered(p, card: str | None = None) -> list:
    """The AbilityTriggered envelopes (of one source card), in log order."""
    return [e for e in p.events("AbilityTriggered") if card is None or e.event.source_card == card]


def stack_summary(p) -> list[tuple]:
    return [(s["kind"], s["source"], s["card"], s["controller"]) for s in p.state["stack"]]


# --------------------------------------------------------------------------- triggered mana abilities

def test_wild_growth_adds_g_without_the_stack(tmp_path):
    """106.12a, 605.1b, 605.4a: Wild Growth triggers on the Forest's ManaProduced and resolves at once."""
    p = play("trig_wild_growth", tmp_path)
    assert p.error is None
    assert p.pool("Alice") == {"G": 2}
    assert p.state["stack"] == [] and p.state["priority"] == "Alice" and p.state["pending"] is None
    (t,) = triggered(p)
    produced = p.log[t.cause_seq]
    assert produced.type == "ManaProduced" and produced.event.source == "forest-a"
    assert produced.event.mana == {"G": 1} and produced.event.tapped_for_mana
    assert (t.event.source, t.event.source_card, t.event.controller, t.rule, t.event.mana_ability) == \
        ("wild-growth", "Wild Growth", "Alice", "106.12a", True)
    # its mana comes from the trigger itself, not from the Forest
    extra = [e for e in p.events("ManaAdded") if e.cause_seq == t.seq]
    assert [(e.event.player, e.event.mana, e.event.source, e.rule) for e in extra] == \
        [("Alice", {"G": 1}, "wild-growth", "106.12a")]
    assert p.events("AbilityPutOnStack") == []


def test_overgrowth_adds_gg(tmp_path):
    """106.12a: Overgrowth on a Swamp: {B} from the land plus {G}{G} from the trigger (605.4a)."""
    p = play("trig_overgrowth", tmp_path)
    assert p.error is None
    assert p.pool("Alice") == {"B": 1, "G": 2}
    assert [(t.event.source_card, t.event.controller) for t in triggered(p)] == [("Overgrowth", "Alice")]
    assert p.state["stack"] == []


def test_wild_growth_on_cradle_with_no_creatures_does_not_trigger(tmp_path):
    """106.12a: Gaea's Cradle with no creatures produces no mana, so "tapped for mana" does not trigger
    (Bob's Bears do not count for Alice's Cradle)."""
    p = play("trig_wild_growth_cradle_empty", tmp_path)
    assert p.error is None
    assert p.pool("Alice") == {} and p.pool("Bob") == {}
    assert p.perm("cradle")["tapped"] is True
    (produced,) = p.events("ManaProduced")
    assert produced.event.mana == {}
    assert triggered(p) == []
    assert p.triggers() == []


def test_wild_growth_on_lone_reflecting_pool_does_not_trigger(tmp_path):
    """106.7, 106.5: a lone Reflecting Pool reflects nothing and produces no mana: no trigger (106.12a)."""
    p = play("trig_wild_growth_lone_pool", tmp_path)
    assert p.error is None
    assert p.pool("Alice") == {}
    assert p.perm("pool")["tapped"] is True
    (produced,) = p.events("ManaProduced")
    assert produced.event.mana == {} and produced.rule == "106.5"
    assert triggered(p) == []


def test_opponents_mana_flare_gives_the_tapping_player_one_c(tmp_path):
    """106.12a, 605.1b: Bob's Mana Flare triggers when Alice sacrifices Crystal Vein for {C}{C}; the trigger
    is Bob's, the mana goes to "that player" (Alice): one mana of the one type produced, {C}."""
    p = play("trig_mana_flare_opponent_vein", tmp_path)
    assert p.error is None
    assert p.pool("Alice") == {"C": 3}
    assert p.pool("Bob") == {}
    assert p.player("Alice")["graveyard"] == ["Crystal Vein"]
    (t,) = triggered(p)
    assert (t.event.source, t.event.source_card, t.event.controller, t.rule) == \
        ("flare", "Mana Flare", "Bob", "106.12a")
    assert t.event.player == "Alice" and t.event.produced == {"C": 2}
    (extra,) = [e for e in p.events("ManaAdded") if e.cause_seq == t.seq]
    assert (extra.event.player, extra.event.mana) == ("Alice", {"C": 1})
    # the Vein left the battlefield (a cost) before the mana was produced; the trigger still saw it
    moved = p.events("ZoneChanged")[0]
    assert moved.seq < p.log[t.cause_seq].seq
    report = p.triggers()
    assert [(r["source"], r["source_id"], r["controller"]) for r in report] == [("Mana Flare", "flare", "Bob")]


def test_mana_flare_ignores_a_creature_tapped_for_mana(tmp_path):
    """106.12a: "Whenever a player taps a land for mana": Llanowar Elves is not a land: no trigger.
    The Forest afterwards does trigger it."""
    p = play("trig_mana_flare_elves", tmp_path)
    assert p.error is None
    assert p.pool("Alice") == {"G": 3}
    (t,) = triggered(p)
    assert p.log[t.cause_seq].event.source == "forest-a"
    elves_batch = [e for e in p.log.values() if e.decision_seq == p.events("AbilityActivated")[0].seq]
    assert not any(e.type == "AbilityTriggered" for e in elves_batch)


def test_heartbeat_reads_the_mana_after_contamination(tmp_path):
    """106.12b then 106.12a: Contamination makes the Forest produce {B}; Heartbeat of Spring adds one mana
    of the type the land produced after that replacement: {B}, not {G}."""
    p = play("trig_heartbeat_contamination", tmp_path)
    assert p.error is None
    assert p.pool("Alice") == {"B": 2}
    (t,) = triggered(p)
    assert t.event.source_card == "Heartbeat of Spring" and t.event.produced == {"B": 1}
    (rep,) = p.events("ReplacementApplied")
    assert rep.seq < t.seq


def test_heartbeat_adds_one_mana_even_after_mana_reflection(tmp_path):
    """106.12b, 106.12a: Mana Reflection doubles the Forest's mana ({G}{G}); Heartbeat of Spring adds ONE
    {G} and is not doubled (not mana from tapping a permanent)."""
    p = play("trig_heartbeat_reflection", tmp_path)
    assert p.error is None
    assert p.pool("Alice") == {"G": 3}
    (t,) = triggered(p)
    assert t.event.produced == {"G": 2}
    (extra,) = [e for e in p.events("ManaAdded") if e.cause_seq == t.seq]
    assert extra.event.mana == {"G": 1}


def test_zendikar_resurgent_only_for_its_controllers_lands(tmp_path):
    """106.12a: "Whenever YOU tap a land for mana": Alice's Forest gives {G}{G}; Bob's Island gives only {U}."""
    p = play("trig_zendikar_resurgent", tmp_path)
    assert p.error is None
    assert p.pool("Alice") == {"G": 2}
    assert p.pool("Bob") == {"U": 1}
    (t,) = triggered(p)
    assert (t.event.source_card, t.event.controller, t.event.land) == \
        ("Zendikar Resurgent", "Alice", "forest-a")
    assert p.state["priority"] == "Bob"


def test_zendikar_resurgent_draw_trigger_uses_the_stack(tmp_path):
    """603.2, 603.3: "Whenever you cast a creature spell, draw a card" goes on the stack above the spell;
    only the first ability is a mana ability (605.1b)."""
    p = play("trig_zendikar_resurgent_cast", tmp_path)
    assert p.error is None
    assert p.pool("Alice") == {"G": 1}                     # {G}{G}, Elves paid with one
    assert [(t.event.text, t.event.mana_ability) for t in triggered(p)] == [
        ("Whenever you tap a land for mana, add one mana of any type that land produced. (The types of mana "
         "are white, blue, black, red, green, and colorless.)", True),
        ("Whenever you cast a creature spell, draw a card.", False)]
    assert [(s["kind"], s["card"]) for s in p.state["stack"]] == \
        [("ability", "Zendikar Resurgent"), ("spell", "Llanowar Elves")]
    assert p.state["stack"][0]["text"] == "Whenever you cast a creature spell, draw a card."
    assert p.player("Alice")["hand"] == [] and p.player("Alice")["library"] == ["Island", "Forest"]
    draw = triggered(p)[1]
    assert p.log[draw.cause_seq].type == "SpellCast"


def test_wild_growth_on_a_sacrificed_vein_pays_the_lands_last_controller(tmp_path):
    """106.12a, 603.10: Bob's Wild Growth triggers when Alice sacrifices the enchanted Crystal Vein for mana;
    "its controller" is Alice (the land as it last existed); then the Aura goes to the graveyard (704.5m)."""
    p = play("trig_wild_growth_sacrificed_vein", tmp_path)
    assert p.error is None
    assert p.pool("Alice") == {"C": 2, "G": 1}
    assert p.pool("Bob") == {}
    (t,) = triggered(p)
    assert (t.event.source_card, t.event.controller) == ("Wild Growth", "Bob")
    assert p.player("Bob")["graveyard"] == ["Wild Growth"]
    assert p.state["battlefield"] == []
    sba = [e for e in p.events("ZoneChanged") if e.rule == "704.5m"]
    assert len(sba) == 1 and sba[0].seq > t.seq


def test_mana_flare_on_a_land_that_produced_two_types_asks_for_the_type(tmp_path):
    """106.12a, 605.4a: "one mana of any type that land produced" after {R}{G}: a `mana` choice between R
    and G, asked of the trigger's controller (GAME_FORMAT: "lets its controller choose")."""
    p = play("trig_mana_flare_two_types", tmp_path)
    assert p.error is None
    (req,) = p.events("ChoiceRequested")
    assert (req.event.player, req.event.kind, list(req.event.options)) == ("Bob", "mana", ["R", "G"])
    assert p.pool("Alice") == {"R": 1, "G": 2}
    assert p.state["pending"] is None and p.state["priority"] == "Alice"


# --------------------------------------------------------------------------- triggers that use the stack

def test_city_of_brass_trigger_goes_on_the_stack(tmp_path):
    """603.2, 603.3, 117.3c: City of Brass's trigger is not a mana ability; it waits and is put on the stack
    before Alice receives priority again. The mana is already in the pool; no damage yet."""
    p = play("trig_city_of_brass", tmp_path)
    assert p.error is None
    assert p.pool("Alice") == {"R": 1}
    assert p.player("Alice")["life"] == 20
    assert p.state["priority"] == "Alice"
    assert p.state["stack"] == [{"kind": "ability", "id": p.state["stack"][0]["id"], "source": "city",
                                 "card": "City of Brass", "controller": "Alice", "text": CITY_TEXT,
                                 "targets": []}]
    (t,) = triggered(p)
    assert (t.rule, t.event.mana_ability) == ("603.2", False)
    assert p.log[t.cause_seq].type == "PermanentTapped"
    (put,) = p.events("AbilityPutOnStack")
    assert (put.cause_seq, put.rule) == (t.seq, "603.3")
    received = p.events("PriorityReceived")[-1]
    assert put.seq < received.seq


def test_city_of_brass_trigger_resolves_when_both_pass(tmp_path):
    """117.4, 608.2: after Alice's pass the trigger is still there; after Bob's it resolves: 1 damage."""
    p = play("trig_city_of_brass_resolve", tmp_path)
    assert p.error is None
    assert p.player("Alice")["life"] == 19
    assert p.pool("Alice") == {"R": 1}
    assert p.state["stack"] == [] and p.state["priority"] == "Alice"
    passes = p.events("PriorityPassed")
    (resolved,) = p.events("AbilityResolved")
    (damage,) = p.events("DamageDealt")
    assert [e.event.player for e in passes] == ["Alice", "Bob"]
    assert passes[0].seq < passes[1].seq < damage.seq < resolved.seq
    assert (damage.event.source, damage.event.player, damage.event.amount) == ("city", "Alice", 1)


def test_two_cities_of_brass_stack_in_activation_order(tmp_path):
    """117.3c, 603.3: each trigger goes on the stack right after its own activation: no order choice."""
    p = play("trig_city_of_brass_two", tmp_path)
    assert p.error is None
    assert p.pool("Alice") == {"W": 1, "U": 1}
    assert [s["source"] for s in p.state["stack"]] == ["city-b", "city-a"]
    assert p.events("ChoiceRequested") == []


def test_an_action_between_passes_means_nothing_resolves(tmp_path):
    """117.4: Alice passes, Bob activates a mana ability, Bob passes: not all players passed in succession;
    the City of Brass trigger stays and Alice receives priority."""
    p = play("trig_city_of_brass_action_between_passes", tmp_path)
    assert p.error is None
    assert [s["card"] for s in p.state["stack"]] == ["City of Brass"]
    assert p.player("Alice")["life"] == 20
    assert p.state["priority"] == "Alice"
    assert p.pool("Bob") == {"G": 1}
    assert p.events("AbilityResolved") == []


def test_blood_moon_city_has_no_damage_trigger_but_mana_flare_triggers(tmp_path):
    """305.7: under Blood Moon City of Brass is a Mountain with no other abilities: no "becomes tapped"
    trigger; it is still a land tapped for mana, so Mana Flare adds {R} (106.12a)."""
    p = play("trig_blood_moon_city", tmp_path)
    assert p.error is None
    assert p.pool("Alice") == {"R": 2}
    assert p.player("Alice")["life"] == 20
    assert p.state["stack"] == []
    assert [t.event.source_card for t in triggered(p)] == ["Mana Flare"]


def test_steward_granted_abilities_carry_no_triggers_and_dies_looks_back(tmp_path):
    """Ruling: creatures gain only the ACTIVATED abilities of the exiled lands (no City of Brass damage);
    Mana Flare ignores the creature (not a land); Hangarback sacrificed as a cost dies and its trigger sees
    its last known counters (603.10a): two Thopters."""
    p = play("trig_steward_granted", tmp_path)
    assert p.error is None
    assert p.pool("Alice") == {"R": 1, "C": 2}
    assert p.player("Alice")["life"] == 20
    (t,) = triggered(p)
    assert (t.event.source_card, t.rule, dict(t.event.counters)) == \
        ("Hangarback Walker", "603.10a", {"+1/+1": 2})
    assert p.log[t.cause_seq].type == "ZoneChanged"
    assert [b["card"] for b in p.on_battlefield("Thopter")] == ["Thopter", "Thopter"]
    assert p.state["stack"] == []


def test_trigger_with_no_legal_target_is_removed(tmp_path):
    """603.3d: a trigger that needs a target and has none is removed instead of put on the stack, and the
    game goes on (it must not be retried forever)."""
    p = play("trig_target_none_removed", tmp_path)
    assert p.error is None
    (t,) = triggered(p, "Test Scout")
    (removed,) = p.events("TriggerRemoved")
    assert (removed.cause_seq, removed.rule, removed.event.trigger_id) == (t.seq, "603.3d", t.event.trigger_id)
    assert p.events("AbilityPutOnStack") == []
    assert p.state["stack"] == [] and p.state["priority"] == "Alice"
    assert p.player("Alice")["library"] == ["Grizzly Bears"]
    assert p.events("CreatureExplored") == []


# --------------------------------------------------------------------------- APNAP and ordering

def test_apnap_active_players_trigger_goes_on_the_stack_first(tmp_path):
    """603.3b, 101.4: Alice's Contamination (upkeep) and Bob's Hangarback (dies, SBA 704.5f) wait together;
    Alice, the active player, puts hers on the stack first, so Bob's is on top."""
    p = play("trig_apnap_upkeep", tmp_path)
    assert p.error is None
    assert p.state["step"] == "upkeep" and p.state["priority"] == "Alice"
    assert stack_summary(p) == [("ability", "hangarback", "Hangarback Walker", "Bob"),
                                ("ability", "contamination", "Contamination", "Alice")]
    trig = triggered(p)
    assert [(t.event.source_card, t.rule) for t in trig] == \
        [("Contamination", "503.1a"), ("Hangarback Walker", "603.10a")]
    puts = p.events("AbilityPutOnStack")
    assert [e.event.controller for e in puts] == ["Alice", "Bob"]
    assert p.events("ChoiceRequested") == []


def test_apnap_follows_the_active_player_not_the_file_order(tmp_path):
    """603.3b, 101.4: in Bob's turn both Hangarback triggers go on the stack Bob's first; Alice's on top."""
    p = play("trig_apnap_bob_active", tmp_path)
    assert p.error is None
    assert p.state["active"] == "Bob" and p.state["priority"] == "Bob"
    assert stack_summary(p) == [("ability", "alice-hangarback", "Hangarback Walker", "Alice"),
                                ("ability", "bob-hangarback", "Hangarback Walker", "Bob")]
    assert all(s["text"] == HANGARBACK_TEXT for s in p.state["stack"])
    assert p.events("ChoiceRequested") == []


def test_player_orders_two_different_triggers(tmp_path):
    """603.3b: Branchwalker's enters trigger and two Wildgrowth Walker triggers wait together; Alice is asked
    (options in timestamp order of their sources) and her [3, 1, 2] puts the Branchwalker's first."""
    p = play("trig_order_defossilize", tmp_path)
    assert p.error is None
    (req,) = p.events("ChoiceRequested")
    assert (req.event.player, req.event.kind, req.rule) == ("Alice", "order", "603.3b")
    assert list(req.event.options) == [f"{WALKER_TEXT} (walker)", f"{WALKER_TEXT} (walker)",
                                       "When this creature enters, it explores. (Reveal the top card of your library. Put that card into your hand if it's a land. Otherwise, put a +1/+1 counter on this creature, then put the card back or put it into your graveyard.) (merfolk-branchwalker-2)"]
    assert stack_summary(p) == [("ability", "walker", "Wildgrowth Walker", "Alice"),
                                ("ability", "walker", "Wildgrowth Walker", "Alice"),
                                ("ability", "merfolk-branchwalker-2", "Merfolk Branchwalker", "Alice")]
    assert p.state["pending"] is None and p.state["priority"] == "Alice"
    # all three triggered during Defossilize's resolution, none went on the stack before the choice
    puts = p.events("AbilityPutOnStack")
    assert all(e.seq > req.seq for e in puts)


def test_same_ability_of_the_same_source_needs_no_order(tmp_path):
    """603.3b / GAME_FORMAT: two triggers of one ability of one source: no `order` choice; both resolve
    (two +1/+1 counters, 6 life)."""
    p = play("trig_same_ability_no_order", tmp_path)
    assert p.error is None
    assert p.events("ChoiceRequested") == []
    walker = triggered(p, "Wildgrowth Walker")
    assert len(walker) == 2
    assert p.perm("walker")["counters"] == {"+1/+1": 2}
    assert (p.perm("walker")["power"], p.perm("walker")["toughness"]) == (3, 5)
    assert p.player("Alice")["life"] == 26
    assert p.state["stack"] == []


def test_order_answer_must_be_a_permutation(tmp_path):
    """603.3b: [1, 1, 2] is not an order of three triggers: illegal, nothing written, still pending."""
    p = play("trig_order_invalid", tmp_path)
    assert str(p.error) == ("action 8: Alice cannot choose [1, 1, 2]: the order answer must list each of the "
                            "options 1..3 once, got [1, 1, 2] (603.3b)")
    assert p.state["pending"]["kind"] == "order" and p.state["pending"]["player"] == "Alice"
    assert p.events("ChoiceMade") == [] and p.events("AbilityPutOnStack") == []


def test_only_the_controller_orders_their_triggers(tmp_path):
    """603.3b: Bob cannot order Alice's triggered abilities."""
    p = play("trig_order_wrong_player", tmp_path)
    assert str(p.error) == "action 8: Bob cannot choose [1, 2, 3]: the pending order choice is Alice's (603.3b)"
    assert p.state["pending"]["player"] == "Alice"
    assert p.events("ChoiceMade") == []


def test_apnap_each_player_orders_their_own(tmp_path):
    """603.3b: Alice (active) orders her two different triggers first, then Bob orders his: the same ability
    of two DIFFERENT sources still needs an order. Alice's go on the stack first, Bob's on top."""
    p = play("trig_apnap_both_order", tmp_path)
    assert p.error is None
    requests = p.events("ChoiceRequested")
    assert [(r.event.player, r.event.kind) for r in requests] == [("Alice", "order"), ("Bob", "order")]
    assert list(requests[0].event.options) == [f"{HANGARBACK_TEXT} (alice-hangarback)",
                                               "At the beginning of your upkeep, sacrifice this enchantment unless "
                                               "you sacrifice a creature. (contamination)"]
    assert list(requests[1].event.options) == [f"{HANGARBACK_TEXT} (bob-hangarback-a)",
                                               f"{HANGARBACK_TEXT} (bob-hangarback-b)"]
    # Bob is asked only after all of Alice's are on the stack
    alice_puts = [e for e in p.events("AbilityPutOnStack") if e.event.controller == "Alice"]
    assert all(e.seq < requests[1].seq for e in alice_puts) and len(alice_puts) == 2
    assert stack_summary(p) == [("ability", "bob-hangarback-a", "Hangarback Walker", "Bob"),
                                ("ability", "bob-hangarback-b", "Hangarback Walker", "Bob"),
                                ("ability", "alice-hangarback", "Hangarback Walker", "Alice"),
                                ("ability", "contamination", "Contamination", "Alice")]
    assert p.state["pending"] is None and p.state["priority"] == "Alice" and p.state["step"] == "upkeep"


def test_mana_ability_without_tap_is_not_tapping_for_mana(tmp_path):
    """106.12, 106.12a: a land's mana ability without {T} ("Sacrifice ...: Add {R}") does not make Mana Flare
    or Wild Growth trigger."""
    p = play("trig_not_tapped_for_mana", tmp_path)
    assert p.error is None
    assert p.pool("Alice") == {"R": 1}
    (produced,) = p.events("ManaProduced")
    assert produced.event.mana == {"R": 1} and produced.event.tapped_for_mana is False
    assert triggered(p) == []
    assert p.player("Alice")["graveyard"] == ["Test Geyser", "Wild Growth"]


def test_entering_tapped_does_not_trigger_becomes_tapped(tmp_path):
    """603.2 / 614.1c: a land that enters the battlefield tapped did not "become tapped": no trigger."""
    p = play("trig_enters_tapped_is_not_becoming_tapped", tmp_path)
    assert p.error is None
    gate = p.perm("Test Gate")
    assert gate["tapped"] is True
    assert p.player("Alice")["life"] == 20
    assert triggered(p) == [] and p.events("PermanentTapped") == []
    assert p.state["stack"] == [] and p.state["priority"] == "Alice"
