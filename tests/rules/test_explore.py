"""Explore (701.44) as one uninterruptible action, every official ruling of the card pool's explore
cards, "whenever a creature you control explores" (Wildgrowth Walker), "explores X times"
(Jadelight Spelunker), Topography Tracker's replacement (614.1a) and the Map token.

Each scenario is a recorded game in tests/games/explore_*.toml; the file's comment describes it.
"""
from __future__ import annotations

from clirun import run as cli   # in-process; the subprocess contract: test_cli.py, test_exit_status.py
from scenario import game_path, play

from simulator.session import audit
from simulator.session.recorder import load_pool
from simulator.session.view import state_json

WALKER_TEXT = ("Whenever a creature you control explores, put a +1/+1 counter on this creature "
               "and you gain 3 life.")


def explored(p) -> list[tuple]:
    """(explorer, revealed card, result, explorer still on the battlefield) per CreatureExplored."""
    return [(e.event.object_id, e.event.revealed, e.event.result, e.event.on_battlefield)
            for e in p.events("CreatureExplored")]


def revealed(p) -> list[tuple]:
    return [(e.event.object_id, e.event.card) for e in p.events("CardRevealed")]


def counters_on(p, oid: str) -> list[int]:
    return [e.event.amount for e in p.events("CountersPlaced") if e.event.object_id == oid]


def state_after(p, seq: int) -> dict:
    """The --json view as it was right after event `seq` (a pure fold of the log)."""
    s = audit.states_at(sorted(p.log.values(), key=lambda e: e.seq), {seq}, p.game_id)[seq]
    return state_json(s, load_pool(), seq)


def player_of(state: dict, name: str) -> dict:
    return next(x for x in state["players"] if x["name"] == name)


# --------------------------------------------------------------------------- Merfolk Branchwalker

def test_branchwalker_reveals_a_land(tmp_path):
    """701.44a: a revealed land goes to its controller's hand; no +1/+1 counter, no choice."""
    p = play("explore_branchwalker_land", tmp_path)
    assert p.error is None
    alice = p.player("Alice")
    assert alice["hand"] == ["Forest"]
    assert alice["library"] == ["Grizzly Bears"]
    assert alice["graveyard"] == []
    bw = p.perm("Merfolk Branchwalker")
    assert bw["counters"] == {} and (bw["power"], bw["toughness"]) == (2, 1)
    assert bw["controller"] == "Alice" and not bw["tapped"]
    assert explored(p) == [("merfolk-branchwalker-3", "Forest", "hand", True)]
    assert p.events("CountersPlaced") == []
    assert p.events("ChoiceRequested") == []
    moved = [e.event for e in p.events("ZoneChanged") if e.event.reason == "explored"]
    assert [(z.card, z.from_zone, z.to_zone) for z in moved] == [("Forest", "library", "hand")]
    assert p.state["stack"] == [] and p.state["pending"] is None
    assert p.state["priority"] == "Alice"


def test_branchwalker_nonland_kept_on_top(tmp_path):
    """701.44a: a nonland card: a +1/+1 counter on the explorer, then its controller chooses to
    leave the card on top (pending choice `explore`)."""
    p = play("explore_branchwalker_nonland_top", tmp_path)
    assert p.error is None
    alice = p.player("Alice")
    assert alice["library"] == ["Grizzly Bears", "Forest"]
    assert alice["hand"] == [] and alice["graveyard"] == []
    bw = p.perm("Merfolk Branchwalker")
    assert bw["counters"] == {"+1/+1": 1} and (bw["power"], bw["toughness"]) == (3, 2)
    assert explored(p) == [("merfolk-branchwalker-3", "Grizzly Bears", "top", True)]
    [req] = p.events("ChoiceRequested")
    assert req.event.kind == "explore" and list(req.event.options) == ["top", "graveyard"]
    assert req.rule == "701.44a"
    # the counter is placed before the choice is asked
    [placed] = p.events("CountersPlaced")
    assert placed.seq < req.seq and placed.rule == "701.44a"
    assert p.state["pending"] is None and p.state["stack"] == []


def test_branchwalker_nonland_to_graveyard(tmp_path):
    """701.44a: the revealed nonland card may be put into the graveyard; the counter stays."""
    p = play("explore_branchwalker_nonland_graveyard", tmp_path)
    assert p.error is None
    alice = p.player("Alice")
    assert alice["library"] == ["Forest"]
    assert alice["graveyard"] == ["Grizzly Bears"]
    assert alice["hand"] == []
    assert p.perm("Merfolk Branchwalker")["counters"] == {"+1/+1": 1}
    assert explored(p) == [("merfolk-branchwalker-3", "Grizzly Bears", "graveyard", True)]
    moved = [e.event for e in p.events("ZoneChanged") if e.event.reason == "explored"]
    assert [(z.card, z.from_zone, z.to_zone) for z in moved] == [("Grizzly Bears", "library", "graveyard")]


def test_branchwalker_empty_library_gets_the_counter(tmp_path):
    """Ruling: if no card is revealed (empty library), the exploring creature gets a +1/+1
    counter. Exploring is not drawing: nobody loses the game (704.5b does not apply)."""
    p = play("explore_branchwalker_empty_library", tmp_path)
    assert p.error is None
    assert p.perm("Merfolk Branchwalker")["counters"] == {"+1/+1": 1}
    assert p.perm("Merfolk Branchwalker")["power"] == 3
    assert p.events("CardRevealed") == []
    assert p.events("ChoiceRequested") == []
    assert explored(p) == [("merfolk-branchwalker-3", None, "none", True)]
    assert p.player("Alice")["lost"] is None and p.state["game_over"] is None
    assert p.events("DrawFailed") == [] and p.events("PlayerLost") == []


def test_explore_cannot_be_interrupted(tmp_path):
    """Ruling: once explore begins no player may act until it is done. With the explore choice
    pending, Bob cannot even pass (608.2d); the counter is already on the explorer."""
    p = play("explore_pending_uninterruptible", tmp_path)
    assert str(p.error) == ("action 6: Bob cannot pass priority: Alice must first answer the pending "
                            "explore choice (608.2d)")
    assert p.error.rule == "608.2d"
    pending = p.state["pending"]
    assert pending["kind"] == "explore" and pending["player"] == "Alice"
    assert pending["options"] == ["top", "graveyard"]
    assert p.state["priority"] is None
    assert p.perm("Merfolk Branchwalker")["counters"] == {"+1/+1": 1}
    assert [s["text"] for s in p.state["stack"]] == ["When this creature enters, it explores. (Reveal the top card of your library. Put that card into your hand if it's a land. Otherwise, put a +1/+1 counter on this creature, then put the card back or put it into your graveyard.)"]
    assert p.player("Alice")["library"] == ["Grizzly Bears"]
    assert p.events("CreatureExplored") == []


# --------------------------------------------------------------------------- Jadelight Ranger

def test_jadelight_reveals_the_kept_card_twice(tmp_path):
    """Ruling: exploring twice in a row reveals the card kept on top again. Two counters."""
    p = play("explore_jadelight_kept_twice", tmp_path)
    assert p.error is None
    jr = p.perm("Jadelight Ranger")
    assert jr["counters"] == {"+1/+1": 2} and (jr["power"], jr["toughness"]) == (4, 3)
    assert p.player("Alice")["library"] == ["Grizzly Bears", "Forest"]
    assert p.player("Alice")["graveyard"] == [] and p.player("Alice")["hand"] == []
    # the very same object is revealed both times
    first, second = revealed(p)
    assert first == second and first[1] == "Grizzly Bears"
    assert explored(p) == [("jadelight-ranger-3", "Grizzly Bears", "top", True)] * 2
    assert counters_on(p, "jadelight-ranger-3") == [1, 1]
    assert len(p.events("ChoiceRequested")) == 2


def test_jadelight_graveyard_then_land(tmp_path):
    """The second explore reveals the next card once the first went to the graveyard."""
    p = play("explore_jadelight_graveyard_then_land", tmp_path)
    assert p.error is None
    alice = p.player("Alice")
    assert alice["library"] == ["Llanowar Elves"]
    assert alice["hand"] == ["Forest"]
    assert alice["graveyard"] == ["Grizzly Bears"]
    assert p.perm("Jadelight Ranger")["counters"] == {"+1/+1": 1}
    assert explored(p) == [("jadelight-ranger-3", "Grizzly Bears", "graveyard", True),
                           ("jadelight-ranger-3", "Forest", "hand", True)]


# --------------------------------------------------------------------------- the explorer is gone

def test_sacrificed_explorer_still_explores_and_may_mill(tmp_path):
    """Ruling: the explorer left the battlefield before its trigger resolved; it still explores.
    A nonland card: no counter on anything, but the card may go to the graveyard; "whenever a
    creature you control explores" still triggers, using last known information (603.10)."""
    p = play("explore_sacrificed_explorer_graveyard", tmp_path)
    assert p.error is None
    alice = p.player("Alice")
    assert alice["graveyard"] == ["Merfolk Branchwalker", "Grizzly Bears"]
    assert alice["library"] == ["Forest"]
    assert alice["life"] == 23
    assert p.pool("Alice") == {"C": 2}
    assert p.on_battlefield("Merfolk Branchwalker") == []
    assert explored(p) == [("merfolk-branchwalker-3", "Grizzly Bears", "graveyard", False)]
    # the only counter is Wildgrowth Walker's own
    assert [(e.event.object_id, e.event.amount) for e in p.events("CountersPlaced")] == [("walker", 1)]
    walker = p.perm("walker")
    assert walker["counters"] == {"+1/+1": 1} and (walker["power"], walker["toughness"]) == (2, 4)
    walker_triggers = [t for t in p.triggers() if t["source"] == "Wildgrowth Walker"]
    assert len(walker_triggers) == 1
    assert walker_triggers[0]["cause"][0]["type"] == "CreatureExplored"
    # the trigger was still on the stack when the creature was sacrificed
    sac = next(e for e in p.events("ZoneChanged") if e.event.reason == "sacrificed")
    put = next(e for e in p.events("AbilityPutOnStack") if e.event.source == "merfolk-branchwalker-3")
    assert put.seq < sac.seq < p.events("CardRevealed")[0].seq
    assert p.state["stack"] == [] and p.state["pending"] is None


def test_sacrificed_explorer_card_kept_on_top(tmp_path):
    """Same, keeping the card on top: still no counter anywhere but the Walker."""
    p = play("explore_sacrificed_explorer_top", tmp_path)
    assert p.error is None
    alice = p.player("Alice")
    assert alice["library"] == ["Grizzly Bears", "Forest"]
    assert alice["graveyard"] == ["Merfolk Branchwalker"]
    assert alice["life"] == 23
    assert explored(p) == [("merfolk-branchwalker-3", "Grizzly Bears", "top", False)]
    assert [e.event.object_id for e in p.events("CountersPlaced")] == ["walker"]


def test_sacrificed_explorer_land_still_goes_to_hand(tmp_path):
    """701.44a with the explorer gone: a revealed land still goes to hand; the Walker triggers."""
    p = play("explore_sacrificed_explorer_land", tmp_path)
    assert p.error is None
    alice = p.player("Alice")
    assert alice["hand"] == ["Forest"]
    assert alice["library"] == ["Grizzly Bears"]
    assert alice["life"] == 23
    assert explored(p) == [("merfolk-branchwalker-3", "Forest", "hand", False)]
    assert p.perm("walker")["counters"] == {"+1/+1": 1}


def test_tracker_replaces_the_explore_of_a_creature_that_is_gone(tmp_path):
    """614.1a with last known information: the sacrificed Branchwalker was a creature Alice
    controlled, so its explore is replaced by two; neither puts a counter anywhere (ruling)."""
    p = play("explore_tracker_explorer_gone", tmp_path)
    assert p.error is None
    [rep] = p.events("ReplacementApplied")
    assert rep.event.source == "tracker" and rep.event.applies_to == "explore"
    assert explored(p) == [("merfolk-branchwalker-3", "Grizzly Bears", "graveyard", False),
                           ("merfolk-branchwalker-3", "Forest", "hand", False)]
    assert [e.event.object_id for e in p.events("CountersPlaced")] == ["walker", "walker"]
    alice = p.player("Alice")
    assert alice["graveyard"] == ["Merfolk Branchwalker", "Grizzly Bears"]
    assert alice["hand"] == ["Forest"] and alice["library"] == ["Llanowar Elves"]
    assert alice["life"] == 26


# --------------------------------------------------------------------------- Wildgrowth Walker

def test_wildgrowth_walker_triggers_per_explore(tmp_path):
    """603.2: Jadelight Ranger explores twice (a land, then a nonland): two Walker triggers, two
    counters, 6 life. Same ability of the same source: no order choice (603.3b)."""
    p = play("explore_wildgrowth_jadelight", tmp_path)
    assert p.error is None
    alice = p.player("Alice")
    assert alice["life"] == 26
    assert alice["hand"] == ["Forest"] and alice["graveyard"] == ["Grizzly Bears"]
    assert alice["library"] == ["Island"]
    walker = p.perm("walker")
    assert walker["counters"] == {"+1/+1": 2} and (walker["power"], walker["toughness"]) == (3, 5)
    assert p.perm("Jadelight Ranger")["counters"] == {"+1/+1": 1}
    walker_triggers = [t for t in p.triggers() if t["source"] == "Wildgrowth Walker"]
    assert len(walker_triggers) == 2
    assert [e.event.kind for e in p.events("ChoiceRequested")] == ["explore"]
    assert [e.event.amount for e in p.events("LifeGained")] == [3, 3]


def test_wildgrowth_walker_ignores_opponents_explore(tmp_path):
    """603.2: "a creature *you* control": Bob's Branchwalker exploring does not trigger Alice's
    Walker. Bob's creature enters under Bob's control (608.3)."""
    p = play("explore_wildgrowth_opponent", tmp_path)
    assert p.error is None
    assert p.perm("Merfolk Branchwalker")["controller"] == "Bob"
    assert p.player("Bob")["hand"] == ["Forest"]
    assert explored(p) == [("merfolk-branchwalker-3", "Forest", "hand", True)]
    assert [t["source"] for t in p.triggers()] == ["Merfolk Branchwalker"]
    assert p.perm("walker")["counters"] == {}
    assert p.player("Alice")["life"] == 20


def test_enter_the_unknown_on_wildgrowth_walker_nonland(tmp_path):
    """Enter the Unknown targets the Walker itself: it explores (a nonland: +1/+1 counter), its own
    explores-trigger fires (+1/+1, 3 life), the sorcery goes to the graveyard last (608.2n), and the
    additional land play lets Alice play two lands (305.2)."""
    p = play("explore_enter_the_unknown_walker_nonland", tmp_path)
    assert p.error is None
    alice = p.player("Alice")
    assert alice["graveyard"] == ["Grizzly Bears", "Enter the Unknown"]
    assert alice["life"] == 23
    assert alice["hand"] == [] and alice["library"] == ["Forest"]
    walker = p.perm("walker")
    assert walker["counters"] == {"+1/+1": 2} and (walker["power"], walker["toughness"]) == (3, 5)
    assert explored(p) == [("walker", "Grizzly Bears", "graveyard", True)]
    assert [e.event.object_id for e in p.events("CountersPlaced")] == ["walker", "walker"]
    assert len(p.events("LandPlayed")) == 2
    assert len(p.on_battlefield("Forest")) == 3
    # 608.2n: the sorcery leaves the stack after its effects (explore, extra land play)
    gy = next(e for e in p.events("ZoneChanged") if e.event.card == "Enter the Unknown")
    assert (gy.event.from_zone, gy.event.to_zone, gy.rule) == ("stack", "graveyard", "608.2n")
    assert p.events("CreatureExplored")[0].seq < p.events("LandPlayAdded")[0].seq < gy.seq


def test_enter_the_unknown_on_wildgrowth_walker_land(tmp_path):
    """A land revealed: to hand, no explore counter, but the Walker's trigger still gives one."""
    p = play("explore_enter_the_unknown_walker_land", tmp_path)
    assert p.error is None
    alice = p.player("Alice")
    assert alice["life"] == 23
    assert alice["library"] == ["Grizzly Bears"]
    assert alice["graveyard"] == ["Enter the Unknown"]
    assert alice["hand"] == ["Forest"]          # three Forests, two played
    assert p.perm("walker")["counters"] == {"+1/+1": 1}
    assert explored(p) == [("walker", "Forest", "hand", True)]


def test_enter_the_unknown_with_its_target_gone(tmp_path):
    """608.2b: its only target is illegal, so Enter the Unknown does nothing at all — no explore
    (a targeted explore needs a legal target, ruling), no extra land play — and goes to the
    graveyard. The second land play is illegal (305.2)."""
    p = play("explore_enter_the_unknown_target_gone", tmp_path)
    assert str(p.error) == ("action 6: Alice cannot play Forest: Alice has already played 1 land(s) "
                            "this turn (305.2)")
    assert p.events("CardRevealed") == [] and p.events("CreatureExplored") == []
    assert p.events("LandPlayAdded") == []
    [res] = p.events("SpellResolved")
    assert res.event.countered and res.rule == "608.2b"
    alice = p.player("Alice")
    assert alice["graveyard"] == ["Grizzly Bears", "Enter the Unknown"]
    assert alice["hand"] == ["Forest"] and alice["library"] == ["Llanowar Elves"]
    assert p.perm("walker")["counters"] == {} and alice["life"] == 20


# --------------------------------------------------------------------------- explores X times

def test_spelunker_explores_x_times(tmp_path):
    """107.3m: the ETB trigger uses the X paid for the spell: X=2, two explores."""
    p = play("explore_spelunker_x2", tmp_path)
    assert p.error is None
    sp = p.perm("Jadelight Spelunker")
    assert sp["counters"] == {"+1/+1": 1} and (sp["power"], sp["toughness"]) == (2, 2)
    alice = p.player("Alice")
    assert alice["graveyard"] == ["Grizzly Bears"] and alice["hand"] == ["Forest"]
    assert alice["library"] == ["Llanowar Elves"]
    assert explored(p) == [("jadelight-spelunker-3", "Grizzly Bears", "graveyard", True),
                           ("jadelight-spelunker-3", "Forest", "hand", True)]
    [cast] = p.events("SpellCast")
    assert cast.event.x == 2
    [put] = p.events("AbilityPutOnStack")
    assert put.event.x == 2


def test_spelunker_x0_explores_zero_times(tmp_path):
    """X=0: the trigger resolves and explores zero times; nothing is revealed."""
    p = play("explore_spelunker_x0", tmp_path)
    assert p.error is None
    assert p.perm("Jadelight Spelunker")["counters"] == {}
    assert p.events("CardRevealed") == [] and p.events("CreatureExplored") == []
    assert len(p.events("AbilityResolved")) == 1
    assert p.player("Alice")["library"] == ["Grizzly Bears", "Forest", "Llanowar Elves"]


def test_defossilize_spelunker_has_x_zero(tmp_path):
    """107.3m / CARDS.md: put onto the battlefield without being cast, X is 0. Defossilize's two
    explores happen; the Spelunker's own "explores X times" explores zero times."""
    p = play("explore_defossilize_spelunker", tmp_path)
    assert p.error is None
    assert explored(p) == [("jadelight-spelunker-2", "Grizzly Bears", "graveyard", True),
                           ("jadelight-spelunker-2", "Forest", "hand", True)]
    assert p.player("Alice")["library"] == ["Llanowar Elves"]
    assert p.perm("Jadelight Spelunker")["counters"] == {"+1/+1": 1}
    etb = next(e for e in p.events("AbilityPutOnStack") if e.event.source == "jadelight-spelunker-2")
    assert etb.event.x == 0
    assert p.player("Alice")["graveyard"] == ["Grizzly Bears", "Defossilize"]


# --------------------------------------------------------------------------- Defossilize

def test_defossilize_endless_one_survives(tmp_path):
    """107.3m: X = 0, so Endless One returns as a 0/0; SBAs wait until a player would receive
    priority (704.3), by which time two explores gave it two counters: a 2/2 that lives."""
    p = play("explore_defossilize_endless_one_survives", tmp_path)
    assert p.error is None
    eo = p.perm("Endless One")
    assert eo["counters"] == {"+1/+1": 2} and (eo["power"], eo["toughness"]) == (2, 2)
    alice = p.player("Alice")
    assert alice["graveyard"] == ["Grizzly Bears", "Llanowar Elves", "Defossilize"]
    assert alice["library"] == ["Forest"]
    rep = next(e for e in p.events("ReplacementApplied") if e.event.applies_to == "enter")
    assert rep.event.after["counters"] == {"+1/+1": 0}
    assert counters_on(p, eo["id"]) == [1, 1]
    assert [e.event.reason for e in p.events("ZoneChanged")
            if e.event.card == "Endless One"] == ["returned"]


def test_defossilize_asks_the_as_enters_choice_then_explores_the_new_permanent(tmp_path):
    """614.12: a card put onto the battlefield by an effect is asked its "As this creature
    enters, choose a color" before it enters (not only a spell resolving); 400.7: "That creature
    explores" then names the permanent it became, so it explores twice and keeps both counters."""
    p = play("explore_defossilize_asks_color", tmp_path)
    assert p.error is None
    asked = [e.event.kind for e in p.events("ChoiceRequested")]
    assert asked[0] == "color" and asked.count("explore") == 2
    explorer = p.perm("Test Chromatic Explorer")
    assert explorer["chosen"] == {"color": "U"}
    assert explorer["counters"] == {"+1/+1": 2}
    assert counters_on(p, explorer["id"]) == [1, 1]
    assert p.player("Alice")["graveyard"] == ["Grizzly Bears", "Llanowar Elves", "Defossilize"]


def test_defossilize_endless_one_dies(tmp_path):
    """Two lands revealed: no counters; after Defossilize is in the graveyard (608.2n) the 0/0
    Endless One dies as a state-based action (704.5f)."""
    p = play("explore_defossilize_endless_one_dies", tmp_path)
    assert p.error is None
    assert p.on_battlefield("Endless One") == []
    alice = p.player("Alice")
    assert alice["hand"] == ["Forest", "Swamp"]
    assert alice["library"] == ["Grizzly Bears"]
    assert alice["graveyard"] == ["Defossilize", "Endless One"]
    assert explored(p) == [("endless-one-2", "Forest", "hand", True), ("endless-one-2", "Swamp", "hand", True)]
    died = [e for e in p.events("ZoneChanged") if e.event.card == "Endless One" and e.event.from_zone == "battlefield"]
    assert [(e.event.to_zone, e.rule) for e in died] == [("graveyard", "704.5f")]
    assert p.events("CountersPlaced") == []
    assert p.state["priority"] == "Alice" and p.state["stack"] == []


def test_defossilize_hangarback_lands_no_thopters(tmp_path):
    """Hangarback Walker returned by Defossilize (X = 0), two lands revealed: it dies with no
    counters and its dies trigger (603.10a, last known information) makes no Thopters."""
    p = play("explore_defossilize_hangarback_lands", tmp_path)
    assert p.error is None
    assert p.player("Alice")["graveyard"] == ["Defossilize", "Hangarback Walker"]
    assert p.player("Alice")["hand"] == ["Forest", "Forest"]
    assert [t["source"] for t in p.triggers()] == ["Hangarback Walker"]
    assert p.events("TokenCreated") == []
    assert p.on_battlefield("Thopter") == [] and p.on_battlefield("Hangarback Walker") == []


def test_defossilize_branchwalker_orders_triggers(tmp_path):
    """Defossilize's explores and the returned Branchwalker's ETB trigger: three triggers wait
    until Defossilize is done (608.2n, 603.3); Alice orders them (603.3b)."""
    p = play("explore_defossilize_branchwalker_order", tmp_path)
    assert p.error is None
    [order] = [e for e in p.events("ChoiceRequested") if e.event.kind == "order"]
    assert list(order.event.options) == [f"{WALKER_TEXT} (walker)", f"{WALKER_TEXT} (walker)",
                                         "When this creature enters, it explores. (Reveal the top card of your library. Put that card into your hand if it's a land. Otherwise, put a +1/+1 counter on this creature, then put the card back or put it into your graveyard.) (merfolk-branchwalker-2)"]
    defo_gy = next(e for e in p.events("ZoneChanged") if e.event.card == "Defossilize"
                   and e.event.from_zone == "stack")
    assert defo_gy.seq < order.seq
    assert explored(p) == [("merfolk-branchwalker-2", "Grizzly Bears", "top", True),
                           ("merfolk-branchwalker-2", "Grizzly Bears", "graveyard", True),
                           ("merfolk-branchwalker-2", "Forest", "hand", True)]
    alice = p.player("Alice")
    assert alice["life"] == 29
    assert alice["hand"] == ["Forest"] and alice["library"] == ["Llanowar Elves"]
    assert alice["graveyard"] == ["Grizzly Bears", "Defossilize"]
    assert p.perm("walker")["counters"] == {"+1/+1": 3}
    assert p.perm("Merfolk Branchwalker")["counters"] == {"+1/+1": 2}
    # Branchwalker's ETB trigger went on the stack first, so it resolved last
    stacked = [e.event.source for e in p.events("AbilityPutOnStack")][:3]
    assert stacked == ["merfolk-branchwalker-2", "walker", "walker"]
    resolved = [e.event.stack_id for e in p.events("AbilityResolved")]
    puts = {e.event.stack_id: e.event.source for e in p.events("AbilityPutOnStack")}
    assert [puts[r] for r in resolved] == ["walker", "walker", "merfolk-branchwalker-2", "walker"]


# --------------------------------------------------------------------------- noncreature explorer

def test_noncreature_permanent_explores(tmp_path):
    """Ruling: a noncreature permanent can explore and may get the +1/+1 counter. It is not a
    creature, so neither Wildgrowth Walker (603.2) nor Topography Tracker (614.1a) care."""
    p = play("explore_noncreature_artifact", tmp_path)
    assert p.error is None
    compass = p.perm("Cartographer's Compass")
    assert compass["counters"] == {"+1/+1": 1}
    assert compass["types"] == ["Artifact"]
    assert compass["power"] is None and compass["toughness"] is None
    assert explored(p) == [(compass["id"], "Grizzly Bears", "top", True)]
    assert p.events("ReplacementApplied") == []
    assert [t["source"] for t in p.triggers()] == ["Cartographer's Compass"]
    assert p.perm("walker")["counters"] == {} and p.player("Alice")["life"] == 20


# --------------------------------------------------------------------------- Topography Tracker

def test_tracker_doubles_an_explore(tmp_path):
    """614.1a: the explore is replaced by two, recorded as ReplacementApplied (the cause of both
    explores). The second reveals the card kept by the first (ruling). The Walker triggers twice."""
    p = play("explore_tracker_doubles", tmp_path)
    assert p.error is None
    [rep] = p.events("ReplacementApplied")
    assert (rep.event.source, rep.event.applies_to, rep.rule) == ("tracker", "explore", "614.1a")
    assert rep.event.before == "merfolk-branchwalker-3 explores"
    assert rep.event.after == "merfolk-branchwalker-3 explores, then explores again"
    assert [e.cause_seq for e in p.events("CardRevealed")] == [rep.seq, rep.seq]
    assert explored(p) == [("merfolk-branchwalker-3", "Grizzly Bears", "top", True),
                           ("merfolk-branchwalker-3", "Grizzly Bears", "graveyard", True)]
    assert p.perm("Merfolk Branchwalker")["counters"] == {"+1/+1": 2}
    assert p.perm("walker")["counters"] == {"+1/+1": 2}
    assert p.player("Alice")["life"] == 26
    assert p.player("Alice")["graveyard"] == ["Grizzly Bears"]
    assert p.player("Alice")["library"] == ["Forest"]


def test_tracker_with_explores_x_times(tmp_path):
    """"Explores X times" with X=2 under Topography Tracker: each explore is replaced: four
    explores from two ReplacementApplied, four counters (empty library, ruling)."""
    p = play("explore_tracker_spelunker_x2", tmp_path)
    assert p.error is None
    assert len(p.events("ReplacementApplied")) == 2
    assert {e.event.applies_to for e in p.events("ReplacementApplied")} == {"explore"}
    assert len(p.events("CreatureExplored")) == 4
    sp = p.perm("Jadelight Spelunker")
    assert sp["counters"] == {"+1/+1": 4} and (sp["power"], sp["toughness"]) == (5, 5)


def test_two_trackers_order_then_four_explores(tmp_path):
    """616.1: two replacement effects apply; Alice orders them (pending `replacement`). Each
    applies once to the event and to what it became (614.5): four explores."""
    p = play("explore_two_trackers", tmp_path)
    assert p.error is None
    [req] = p.events("ChoiceRequested")
    assert req.event.kind == "replacement" and req.rule == "616.1"
    assert len(req.event.options) == 2
    reps = p.events("ReplacementApplied")
    # chose [2, 1]: tracker-b first, then tracker-a on each of the two explores
    assert [e.event.source for e in reps] == ["tracker-b", "tracker-a", "tracker-a"]
    assert len(p.events("CreatureExplored")) == 4
    assert p.perm("Merfolk Branchwalker")["counters"] == {"+1/+1": 4}


def test_tracker_makes_a_map_usable_at_once(tmp_path):
    """111.1: the Map is a real token object under Alice's control. Not a creature, so 302.6
    does not stop its {T} the turn it appears. Sacrificed as a cost, it ceases to exist (704.5d).
    The Tracker's explore of itself is doubled too (a land, then an empty library)."""
    p = play("explore_tracker_map", tmp_path)
    assert p.error is None
    [made] = p.events("TokenCreated")
    assert (made.event.token, made.event.controller, made.event.object_id) == ("Map", "Alice", "map-1")
    assert p.on_battlefield("Map") == []
    gone = p.events("TokenCeasedToExist")
    assert [(e.event.zone, e.rule) for e in gone] == [("graveyard", "704.5d")]
    alice = p.player("Alice")
    assert alice["graveyard"] == [] and alice["hand"] == ["Forest"] and alice["library"] == []
    tracker = p.perm("Topography Tracker")
    assert tracker["counters"] == {"+1/+1": 1} and (tracker["power"], tracker["toughness"]) == (3, 3)
    assert explored(p) == [("topography-tracker-3", "Forest", "hand", True),
                           ("topography-tracker-3", None, "none", True)]
    assert len(p.events("ReplacementApplied")) == 1
    # the Map while it existed: a colorless Artifact — Map token
    made_state = state_after(p, made.seq)
    map_entry = next(b for b in made_state["battlefield"] if b["id"] == "map-1")
    assert map_entry["types"] == ["Artifact"] and map_entry["subtypes"] == ["Map"]
    assert map_entry["token"] is True and map_entry["controller"] == "Alice"
    assert map_entry["power"] is None


# --------------------------------------------------------------------------- the Map token

def test_map_token_explores_target(tmp_path):
    """The Map's ability: costs paid ({1}, tap, sacrifice; 602.2h), on the stack, the target
    explores on resolution. The token ceases to exist in the graveyard (704.5d)."""
    p = play("explore_map_token", tmp_path)
    assert p.error is None
    assert p.on_battlefield("Map") == []
    assert p.player("Alice")["graveyard"] == []
    assert p.player("Alice")["hand"] == ["Forest"]
    assert explored(p) == [("bears", "Forest", "hand", True)]
    assert [e.event.zone for e in p.events("TokenCeasedToExist")] == ["graveyard"]
    [act] = [e for e in p.events("AbilityActivated") if e.event.source == "map"]
    assert list(act.event.targets) == ["bears"]


def test_map_is_sorcery_speed(tmp_path):
    """602.5d: "Activate only as a sorcery": not with a spell on the stack."""
    p = play("explore_map_not_sorcery_speed", tmp_path)
    assert str(p.error) == "action 5: Alice cannot activate map: the stack is not empty (602.5d)"
    assert p.perm("map")["tapped"] is False
    assert len(p.state["stack"]) == 1 and p.state["stack"][0]["card"] == "Merfolk Branchwalker"
    assert p.pool("Alice") == {"G": 1}


def test_map_target_gone_does_nothing(tmp_path):
    """Ruling: a targeted explore needs a legal target; the Bears were sacrificed in response,
    so the ability does not resolve (608.2b): nothing revealed, no Walker trigger."""
    p = play("explore_map_target_gone", tmp_path)
    assert p.error is None
    assert p.events("CardRevealed") == [] and p.events("CreatureExplored") == []
    [res] = p.events("AbilityResolved")
    assert res.event.countered and res.rule == "608.2b"
    assert p.player("Alice")["library"] == ["Llanowar Elves"]
    assert p.perm("walker")["counters"] == {}
    assert p.player("Alice")["graveyard"] == ["Grizzly Bears"]


# --------------------------------------------------------------------------- the audit

def test_why_explains_an_explore_trigger_back_to_the_cast(tmp_path):
    """`simulator why` walks a Wildgrowth Walker trigger back through the explore, the ETB
    trigger and the permanent entering to the player's decision to cast Jadelight Ranger."""
    db = str(tmp_path / "why.sqlite")
    r = cli("replay", str(game_path("explore_wildgrowth_jadelight")), "--db", db)
    assert r.code == 0, r.err
    trig = cli("triggers", "--db", db, "--json").json()
    walker = [t for t in trig if t["source"] == "Wildgrowth Walker"]
    assert len(walker) == 2
    assert [c["type"] for c in walker[0]["cause"]] == [
        "CreatureExplored", "CardRevealed", "AbilityPutOnStack", "AbilityTriggered", "ZoneChanged", "SpellCast"]
    assert [c["rule"] for c in walker[0]["cause"]] == ["701.44b", "701.44a", "603.3", "603.6a", "608.3", "601.2"]
    w = cli("why", "--db", db, str(walker[1]["seq"]))
    assert w.code == 0, w.err
    lines = w.out.splitlines()
    assert "Wildgrowth Walker (walker) triggers" in lines[0]
    assert "jadelight-ranger-3 (Jadelight Ranger) explores: Grizzly Bears to graveyard" in w.out
    assert "Alice reveals Grizzly Bears (701.44a)" in w.out
    assert "Alice casts Jadelight Ranger (601.2)  [the player's decision]" in w.out
    # the explored card is described as having changed zones, not as having left the battlefield
    assert "left the battlefield" not in w.out


# --------------------------------------------------------------------------- the explore choice

def test_explore_choice_wrong_answer(tmp_path):
    """701.44a: the answer is "top" or "graveyard"; anything else is refused, the choice stays."""
    p = play("explore_choice_wrong_answer", tmp_path)
    assert str(p.error) == "action 6: Alice cannot choose 'pay': answer \"top\" or \"graveyard\" (or 1, 2) (701.44a)"
    assert p.state["pending"]["kind"] == "explore" and p.state["pending"]["player"] == "Alice"
    assert p.events("ChoiceMade") == [] and p.events("CreatureExplored") == []
    assert p.player("Alice")["library"] == ["Grizzly Bears"]


def test_explore_choice_is_the_controllers(tmp_path):
    """The explorer's controller chooses (701.44a); Bob's answer is refused (608.2d)."""
    p = play("explore_choice_wrong_player", tmp_path)
    assert str(p.error) == "action 6: Bob cannot choose 'graveyard': the pending explore choice is Alice's (608.2d)"
    assert p.state["pending"]["player"] == "Alice"
    assert p.player("Alice")["graveyard"] == [] and p.player("Alice")["library"] == ["Grizzly Bears"]


# --------------------------------------------------------------------------- Path of Discovery

PATH_TEXT = ("Whenever a creature you control enters, it explores. (Reveal the top card of your library. "
             "Put that card into your hand if it's a land. Otherwise, put a +1/+1 counter on the creature, "
             "then put the card back or put it into your graveyard.)")


def test_path_of_discovery_parses_it_as_the_entering_creature():
    """603.2, 701.44: in "Whenever a creature you control enters, it explores", "it" is the creature
    the trigger event names, not the enchantment with the ability (real Oracle text)."""
    from simulator.cards import model as m
    from simulator.cards.parser import parse_oracle
    [ability] = parse_oracle("Path of Discovery", PATH_TEXT)
    assert isinstance(ability.condition, m.PermanentEnters)
    assert ability.effects == (m.Explore("entered"),)


def test_path_of_discovery_the_entering_creature_explores(tmp_path):
    """603.2, 701.44a: Path of Discovery's trigger makes Grizzly Bears (the creature that entered)
    explore: Bears gets the +1/+1 counter, the enchantment gets none. Playing a land triggers
    nothing (not a creature)."""
    p = play("explore_path_of_discovery", tmp_path)
    assert p.error is None
    bears = p.perm("Grizzly Bears")
    assert explored(p) == [(bears["id"], "Llanowar Elves", "graveyard", True)]
    assert bears["counters"] == {"+1/+1": 1} and (bears["power"], bears["toughness"]) == (3, 3)
    assert p.perm("path")["counters"] == {}
    [trigger] = p.triggers()
    assert trigger["source"] == "Path of Discovery"
    [fired] = p.events("AbilityTriggered")
    assert fired.event.entered == bears["id"]
    alice = p.player("Alice")
    assert alice["graveyard"] == ["Llanowar Elves"] and alice["library"] == ["Forest"]

