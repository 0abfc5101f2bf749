"""Casting spells from hand (601), X (107.3, 107.3m), permanents entering with counters (614.1c,
122), state-based actions (704), "dies" triggers with last known information (603.10a), tokens
(111), "whenever you cast a creature spell", and the illegal casts with their rule numbers.

Each scenario is a recorded game in tests/games/cast_*.toml; the file's comment describes it.
"""
from __future__ import annotations

import pytest

from scenario import play

from simulator.session import audit
from simulator.session.recorder import load_pool
from simulator.session.view import state_json

HANGARBACK_DIES = ("When this creature dies, create a 1/1 colorless Thopter artifact creature token "
                   "with flying for each +1/+1 counter on this creature.")


def state_after(p, seq: int) -> dict:
    """The --json view right after event `seq` (a pure fold of the stored log)."""
    s = audit.states_at(sorted(p.log.values(), key=lambda e: e.seq), {seq}, p.game_id)[seq]
    return state_json(s, load_pool(), seq)


def player_of(state: dict, name: str) -> dict:
    return next(x for x in state["players"] if x["name"] == name)


# --------------------------------------------------------------------------- the casting sequence

def test_cast_permanent_spell_stack_then_resolution(tmp_path):
    """601.2: the card moves to the stack with its X announced (601.2b) and the cost paid from the
    pool (601.2h); the caster gets priority (117.3c). When all pass it resolves (608.3): Endless
    One enters under Alice's control with X +1/+1 counters (614.1c, 107.3m): a 3/3."""
    p = play("cast_endless_one_x3", tmp_path)
    assert p.error is None
    [cast] = p.events("SpellCast")
    assert (cast.event.card, cast.event.x, cast.rule, cast.cause_seq) == ("Endless One", 3, "601.2", None)
    [spent] = p.events("ManaSpent")
    assert spent.event.mana == {"G": 3} and spent.rule == "601.2h" and spent.cause_seq == cast.seq
    on_stack = state_after(p, spent.seq)
    assert player_of(on_stack, "Alice")["hand"] == [] and player_of(on_stack, "Alice")["mana_pool"] == {}
    assert [(s["kind"], s["card"], s["controller"], s.get("x")) for s in on_stack["stack"]] == [
        ("spell", "Endless One", "Alice", 3)]
    first_priority = next(e for e in p.events("PriorityReceived") if e.seq > cast.seq)
    assert (first_priority.event.player, first_priority.rule) == ("Alice", "117.3c")
    # resolution
    rep = next(e for e in p.events("ReplacementApplied") if e.event.applies_to == "enter")
    assert rep.rule == "614.1c" and rep.event.after["counters"] == {"+1/+1": 3}
    [placed] = p.events("CountersPlaced")
    assert (placed.event.amount, placed.event.counter, placed.rule) == (3, "+1/+1", "107.3m")
    eo = p.perm("Endless One")
    assert eo["controller"] == "Alice" and eo["owner"] == "Alice"
    assert eo["counters"] == {"+1/+1": 3} and (eo["power"], eo["toughness"]) == (3, 3)
    assert p.state["stack"] == [] and p.player("Alice")["graveyard"] == []
    assert p.state["priority"] == "Alice"


def test_etb_trigger_waits_for_priority(tmp_path):
    """603.3: Branchwalker's ETB trigger triggers as it enters and goes on the stack the next time
    a player would receive priority; the explore happens only when the trigger resolves."""
    p = play("explore_branchwalker_land", tmp_path)
    assert p.error is None
    enter = next(e for e in p.events("ZoneChanged") if e.event.to_zone == "battlefield")
    [trig] = p.events("AbilityTriggered")
    [put] = p.events("AbilityPutOnStack")
    after_resolve = next(e for e in p.events("PriorityReceived") if e.seq > enter.seq)
    assert enter.seq < trig.seq < put.seq < after_resolve.seq < p.events("CardRevealed")[0].seq
    mid = state_after(p, after_resolve.seq)
    assert [s["text"] for s in mid["stack"]] == ["When this creature enters, it explores. (Reveal the top card of your library. Put that card into your hand if it's a land. Otherwise, put a +1/+1 counter on this creature, then put the card back or put it into your graveyard.)"]
    assert mid["priority"] == "Alice" and player_of(mid, "Alice")["hand"] == []


def test_cast_in_second_main_phase(tmp_path):
    """302.1: a main phase of your turn — main2 works as well as main1."""
    p = play("cast_main2", tmp_path)
    assert p.error is None
    assert p.state["step"] == "main2"
    assert p.perm("Merfolk Branchwalker")["controller"] == "Alice"
    assert p.player("Alice")["hand"] == ["Forest"]


# --------------------------------------------------------------------------- payment

def test_automatic_payment_order(tmp_path):
    """GAME_FORMAT: without `pay`, coloured symbols first, then generic with {C} first, then W U B R G."""
    p = play("cast_pay_auto", tmp_path)
    assert p.error is None
    spent = [e.event.mana for e in p.events("ManaSpent")]
    assert spent == [{"G": 1, "C": 1}, {"W": 1}]
    assert p.pool("Alice") == {"G": 1}
    assert [s["card"] for s in p.state["stack"]] == ["Endless One"]
    assert p.state["stack"][0]["x"] == 1


def test_explicit_payment(tmp_path):
    """601.2h with `pay`: exactly the named mana is spent; {W} stays."""
    p = play("cast_pay_explicit", tmp_path)
    assert p.error is None
    assert [e.event.mana for e in p.events("ManaSpent")] == [{"G": 2}]
    assert p.pool("Alice") == {"W": 1}
    assert [s["card"] for s in p.state["stack"]] == ["Merfolk Branchwalker"]


# --------------------------------------------------------------------------- illegal casts

ILLEGAL = [
    ("cast_illegal_not_your_turn",
     "action 4: Alice cannot cast Merfolk Branchwalker: it is Bob's turn (302.1)", {"G": 2}),
    ("cast_illegal_upkeep",
     "action 3: Alice cannot cast Merfolk Branchwalker: it is the upkeep step, not a main phase (302.1)",
     {"G": 2}),
    ("cast_illegal_sorcery_upkeep",
     "action 2: Alice cannot cast Enter the Unknown: it is the upkeep step, not a main phase (307.1)",
     {"G": 1}),
    ("cast_illegal_stack_not_empty",
     "action 6: Alice cannot cast Grizzly Bears: the stack is not empty (302.1)", {"G": 2}),
    ("cast_illegal_not_enough_mana",
     "action 2: Alice cannot cast Merfolk Branchwalker: not enough mana to pay {1}{G}: the pool holds {G} "
     "(601.2h)", {"G": 1}),
    ("cast_illegal_not_enough_mana_x",
     "action 4: Alice cannot cast Hangarback Walker: not enough mana to pay {4}: the pool holds {G}{G}{G} "
     "(601.2h)", {"G": 3}),
    ("cast_illegal_pay_not_in_pool",
     "action 3: Alice cannot cast Merfolk Branchwalker: the pool ({G}{G}) does not hold {G}{C} (601.2h)",
     {"G": 2}),
    ("cast_illegal_pay_wrong_color",
     "action 3: Alice cannot cast Merfolk Branchwalker: {W} does not pay {1}{G} (601.2h)", {"W": 1, "G": 1}),
    ("cast_illegal_pay_too_much",
     "action 4: Alice cannot cast Merfolk Branchwalker: {G}{G}{G} does not pay {1}{G} exactly (601.2h)",
     {"G": 3}),
    ("cast_illegal_x_without_x",
     "action 3: Alice cannot cast Merfolk Branchwalker: Merfolk Branchwalker has no {X} in its mana cost "
     "(107.3)", {"G": 2}),
    ("cast_illegal_land",
     "action 1: Alice cannot cast Forest: Forest is a land: lands are played, not cast (305.9)", {}),
    ("cast_illegal_not_in_hand",
     "action 4: Alice cannot cast Jadelight Ranger: there is no Jadelight Ranger in Alice's hand (601.2a)",
     {"G": 3}),
    ("cast_illegal_target_opponents_creature",
     "action 2: Alice cannot cast Enter the Unknown: bobs-bears is not a legal target: Enter the Unknown "
     "needs a creature you control (115.1)", {"G": 1}),
]


@pytest.mark.parametrize("name,message,pool", ILLEGAL, ids=[i[0] for i in ILLEGAL])
def test_illegal_cast(tmp_path, name, message, pool):
    """Timing (302.1 creature, 307.1 sorcery: main phase, own turn, empty stack), payment
    (601.2h: enough mana; `pay` must be in the pool and pay the cost exactly), X only with {X}
    (107.3), lands are not cast (305.9), the card must be in hand (601.2a), legal targets (115.1).
    The illegal decision writes nothing: the card stays in hand, the pool is unchanged."""
    p = play(name, tmp_path)
    assert str(p.error) == message
    assert p.error.rule == message.rsplit("(", 1)[1].rstrip(")")
    assert p.pool("Alice") == pool
    assert p.state["events"] == max(p.log)
    stack_cards = [s["card"] for s in p.state["stack"]]
    if name == "cast_illegal_stack_not_empty":
        assert [e.event.card for e in p.events("SpellCast")] == ["Merfolk Branchwalker"]
        assert stack_cards == ["Merfolk Branchwalker"]
        assert p.player("Alice")["hand"] == ["Grizzly Bears"]
    else:
        assert p.events("SpellCast") == [] and stack_cards == []
        assert p.player("Alice")["hand"] != []
    assert p.state["pending"] is None


# --------------------------------------------------------------------------- Hangarback Walker

def test_hangarback_x2_dies_into_two_thopters(tmp_path):
    """{X}{X} with X=2 costs {4}; it enters with two counters (107.3m) and is summoning sick (302.6).
    Sacrificed (701.21a), it dies; the dies trigger counts the counters it had by last known
    information (603.10a): two 1/1 flying Thopter artifact creature tokens (111.1)."""
    p = play("cast_hangarback_x2_dies", tmp_path)
    assert p.error is None
    [cast] = p.events("SpellCast")
    assert cast.event.x == 2
    assert p.events("ManaSpent")[0].event.mana == {"G": 4}
    [placed] = p.events("CountersPlaced")
    assert (placed.event.object_id, placed.event.amount) == ("hangarback-walker-3", 2)
    # as it was on the battlefield before the sacrifice: a sick 2/2
    before_sac = state_after(p, placed.seq)
    hb = next(b for b in before_sac["battlefield"] if b["card"] == "Hangarback Walker")
    assert (hb["power"], hb["toughness"], hb["counters"]) == (2, 2, {"+1/+1": 2})
    assert hb["types"] == ["Artifact", "Creature"]
    # dies -> trigger with LKI counters; the trigger does not carry the spell's X (107.3m)
    [trig] = p.events("AbilityTriggered")
    assert trig.rule == "603.10a" and dict(trig.event.counters) == {"+1/+1": 2}
    [put] = p.events("AbilityPutOnStack")
    assert put.event.text == HANGARBACK_DIES and put.event.x == 0
    thopters = p.on_battlefield("Thopter")
    assert [t["id"] for t in thopters] == ["thopter-1", "thopter-2"]
    for t in thopters:
        assert t["token"] is True and t["controller"] == "Alice"
        assert (t["power"], t["toughness"]) == (1, 1)
        assert t["types"] == ["Artifact", "Creature"] and t["subtypes"] == ["Thopter"]
    assert [e.rule for e in p.events("TokenCreated")] == ["111.1", "111.1"]
    assert p.player("Alice")["graveyard"] == ["Hangarback Walker"]
    assert p.pool("Alice") == {"C": 2}
    assert p.on_battlefield("Hangarback Walker") == [] and p.state["stack"] == []


def test_hangarback_dies_trigger_on_stack_has_no_x(tmp_path):
    """107.3m: only an ETB ability uses the X of the spell; the dies trigger's stack entry shows
    no X even though Hangarback Walker was cast with X=2."""
    p = play("cast_hangarback_x2_dies", tmp_path)
    [put] = p.events("AbilityPutOnStack")
    mid = state_after(p, put.seq)
    assert [(s["text"], "x" in s) for s in mid["stack"]] == [(HANGARBACK_DIES, False)]


def test_hangarback_summoning_sick_cannot_use_tap_ability(tmp_path):
    """302.6 / 602.5a: the Walker entered this turn, so "{1}, {T}" cannot be activated."""
    p = play("cast_hangarback_sick", tmp_path)
    assert p.error is not None and p.error.rule == "302.6"
    assert str(p.error) == ("action 6: Alice cannot activate hangarback-walker-3: it is a creature that has "
                            "not been under Alice's control continuously since their most recent turn "
                            "began (summoning sickness) (302.6)")
    hb = p.perm("hangarback-walker-3")
    assert hb["tapped"] is False and hb["counters"] == {"+1/+1": 1}
    assert p.pool("Alice") == {"G": 1}
    assert p.state["stack"] == []


def test_hangarback_ability_uses_the_stack_then_dies(tmp_path):
    """602.2a: a non-mana activated ability goes on the stack (costs {1} and {T} paid, 602.2h)
    and resolves when all pass (608.2): a second counter. Dying with two counters: two Thopters.
    A Thopter sacrificed goes to the graveyard and ceases to exist (111.7, 704.5d)."""
    p = play("cast_hangarback_ability_then_dies", tmp_path)
    assert p.error is None
    act = next(e for e in p.events("AbilityActivated") if e.event.source == "hangarback")
    put = next(e for e in p.events("AbilityPutOnStack") if e.cause_seq == act.seq)
    assert put.rule == "602.2a" and put.event.kind == "activated"
    paid = max(e.seq for e in p.log.values() if e.cause_seq == act.seq)   # costs come after 602.2a
    assert paid > put.seq
    on_stack = state_after(p, paid)
    assert [s["text"] for s in on_stack["stack"]] == ["{1}, {T}: Put a +1/+1 counter on this creature."]
    hb = next(b for b in on_stack["battlefield"] if b["id"] == "hangarback")
    assert hb["tapped"] is True and hb["counters"] == {"+1/+1": 1}
    first = p.events("CountersPlaced")[0]
    assert (first.event.object_id, first.event.amount, first.cause_seq) == ("hangarback", 1, put.seq)
    [trig] = p.events("AbilityTriggered")
    assert dict(trig.event.counters) == {"+1/+1": 2}
    assert len(p.events("TokenCreated")) == 2
    # one Thopter left; the sacrificed one is in no zone at all
    assert [t["id"] for t in p.on_battlefield("Thopter")] == ["thopter-2"]
    assert p.player("Alice")["graveyard"] == ["Hangarback Walker"]
    gone = p.events("TokenCeasedToExist")
    assert [(e.event.zone, e.rule) for e in gone] == [("graveyard", "704.5d")]
    assert p.pool("Alice") == {"C": 4}


def test_hangarback_sacrificed_with_its_ability_on_the_stack(tmp_path):
    """603.10a: the dies trigger sees one counter (one Thopter). The counter ability then resolves
    with its object gone (400.7): no counter is put anywhere."""
    p = play("cast_hangarback_dies_in_response", tmp_path)
    assert p.error is None
    assert [t["id"] for t in p.on_battlefield("Thopter")] == ["thopter-1"]
    assert p.events("CountersPlaced") == []
    resolved = [e.event.stack_id for e in p.events("AbilityResolved")]
    puts = {e.event.stack_id: e.event.kind for e in p.events("AbilityPutOnStack")}
    assert [puts[r] for r in resolved] == ["triggered", "activated"]
    assert not any(e.event.countered for e in p.events("AbilityResolved"))
    assert p.player("Alice")["graveyard"] == ["Hangarback Walker"]
    assert p.pool("Alice") == {"C": 2}


def test_hangarback_x0_dies_at_once(tmp_path):
    """X=0: a 0/0 that dies as a state-based action (704.5f) before Alice gets priority; its dies
    trigger makes zero Thopters."""
    p = play("cast_hangarback_x0", tmp_path)
    assert p.error is None
    assert p.events("ManaSpent") == []
    died = [e for e in p.events("ZoneChanged") if e.event.from_zone == "battlefield"]
    assert [(e.event.reason, e.rule) for e in died] == [("state-based action", "704.5f")]
    assert p.events("CountersPlaced") == [] and p.events("TokenCreated") == []
    assert len(p.events("AbilityResolved")) == 1
    assert p.state["battlefield"] == []
    assert p.player("Alice")["graveyard"] == ["Hangarback Walker"]


# --------------------------------------------------------------------------- Zendikar Resurgent

def test_zendikar_resurgent_draws_for_creature_spells(tmp_path):
    """603.2 on SpellCast: "whenever you cast a creature spell" triggers on Branchwalker (its draw
    resolves first, above the spell) but not on the sorcery Enter the Unknown."""
    p = play("cast_zendikar_resurgent_draw", tmp_path)
    assert p.error is None
    draws = [t for t in p.triggers() if t["text"] == "Whenever you cast a creature spell, draw a card."]
    assert len(draws) == 1 and draws[0]["cause"][0]["type"] == "SpellCast"
    # 601.2i: the spell becomes cast, and cast triggers trigger, only after its costs are paid
    cast = p.log[draws[0]["cause"][0]["seq"]]
    spent = next(e for e in p.events("ManaSpent") if e.cause_seq == cast.seq)
    assert cast.seq < spent.seq < draws[0]["seq"]
    [drawn] = p.events("CardDrawn")
    assert drawn.event.card == "Grizzly Bears"
    branch_enters = next(e for e in p.events("ZoneChanged") if e.event.card == "Merfolk Branchwalker"
                         and e.event.to_zone == "battlefield")
    assert drawn.seq < branch_enters.seq
    alice = p.player("Alice")
    assert alice["hand"] == ["Grizzly Bears", "Forest"]
    assert alice["library"] == ["Llanowar Elves"]
    assert alice["graveyard"] == ["Enter the Unknown"]
    assert p.perm("Merfolk Branchwalker")["counters"] == {"+1/+1": 1}
    assert p.pool("Alice") == {"G": 1}
    # while Branchwalker was on the stack the draw trigger was above it
    put = next(e for e in p.events("AbilityPutOnStack") if e.event.source == "resurgent")
    mid = state_after(p, put.seq)
    assert [s["kind"] for s in mid["stack"]] == ["ability", "spell"]


def test_draw_from_empty_library_loses(tmp_path):
    """121.4 / 704.5b: the draw fails; when a player would next receive priority Alice loses and
    Bob wins (104.2a). Nothing more is legal (104.1)."""
    p = play("cast_zendikar_resurgent_empty_library", tmp_path)
    assert str(p.error) == "action 4: Bob cannot pass priority: the game is over: Alice lost by 704.5b (104.1)"
    assert len(p.events("DrawFailed")) == 1
    [lost] = p.events("PlayerLost")
    assert (lost.event.player, lost.rule) == ("Alice", "704.5b")
    assert p.state["game_over"] == {"winners": ["Bob"], "losers": ["Alice"], "rule": "704.5b"}
    assert p.state["winner"] == "Bob" and p.state["priority"] is None
    assert p.player("Alice")["lost"] == {"rule": "704.5b"}
    # Branchwalker never resolved
    assert [s["card"] for s in p.state["stack"]] == ["Merfolk Branchwalker"]
