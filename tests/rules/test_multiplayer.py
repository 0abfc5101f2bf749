"""Games of three players: the first turn's draw (103.8) and a player who loses leaving the
game while the others play on (800.4a).

Each scenario is a recorded game in tests/games/multi_*.toml; the file's comment describes it.
"""
from __future__ import annotations

from scenario import play


# --------------------------------------------------------------------------- 103.8: the first draw

def test_starting_player_draws_on_turn_one_with_three_players(tmp_path):
    """103.8c ("In all other multiplayer games, no player skips the draw step of their first
    turn", 800.7): Alice, who plays first in a three-player game, draws on turn 1."""
    p = play("multi_first_draw_three_players", tmp_path)
    assert p.error is None
    assert (p.state["turn"], p.state["step"]) == (1, "main1")
    assert p.player("Alice")["hand"] == ["Forest"] and p.player("Alice")["library"] == ["Island"]
    [drawn] = p.events("CardDrawn")
    assert drawn.event.player == "Alice" and drawn.rule == "504.1"


def test_starting_player_skips_the_draw_with_two_players(tmp_path):
    """103.8a: in a two-player game the player who plays first skips the draw step of their
    first turn (the same position as above, without Carol)."""
    p = play("multi_first_draw_two_players", tmp_path)
    assert p.error is None
    assert (p.state["turn"], p.state["step"]) == (1, "main1")
    assert p.player("Alice")["hand"] == [] and p.player("Alice")["library"] == ["Forest", "Island"]
    assert p.events("CardDrawn") == []


# --------------------------------------------------------------------------- 800.4a: the loser leaves

def left(p) -> list:
    return p.events("PlayerLeftGame")


def test_a_player_who_loses_leaves_with_everything_they_own(tmp_path):
    """800.4a: Carol loses (704.5b) in a three-player game; Alice and Bob play on. Everything
    Carol owned leaves the game (battlefield, hand, graveyard); her Contamination no longer
    replaces mana (Alice's Forest makes {G}); her Island no longer counts for Alice's Exotic
    Orchard; priority passes to the next player still in the game (800.4j)."""
    p = play("multi_loser_leaves", tmp_path)
    assert p.error is None
    carol = p.player("Carol")
    assert carol["lost"] == {"rule": "704.5b"}
    assert (carol["hand"], carol["graveyard"], carol["library"], carol["exile"]) == ([], [], [], [])
    assert [b["controller"] for b in p.state["battlefield"]] == ["Alice", "Alice", "Bob"]
    assert p.state["game_over"] is None and p.state["priority"] == "Alice"
    assert p.player("Alice")["lost"] is None and p.player("Bob")["lost"] is None
    [lost] = p.events("PlayerLost")
    [leaves] = left(p)
    assert (leaves.event.player, leaves.rule, leaves.cause_seq) == ("Carol", "800.4a", lost.seq)
    gone = set(leaves.event.objects)
    cards = sorted(e.event.card for e in p.events("CardPlaced") if e.event.object_id in gone)
    assert cards == ["Contamination", "Forest", "Grizzly Bears", "Island", "Llanowar Elves"]
    assert leaves.event.abilities == () and leaves.event.triggers == ()
    assert p.events("ReplacementApplied") == []
    assert p.pool("Alice") == {"G": 1, "R": 1}
    assert p.events("CardDrawn") == []     # an empty library: nothing drawn (704.5b), nor later


def test_a_land_of_a_player_who_left_is_not_an_opponents_land(tmp_path):
    """800.4a, 106.7: after Carol left, "a land an opponent controls could produce" sees only
    Bob's Mountain: Exotic Orchard cannot make {U} from Carol's (gone) Island."""
    p = play("multi_left_land_not_reflected", tmp_path)
    assert p.error is not None
    assert "it can add only one of {R}, not U" in str(p.error) and p.error.rule == "106.7"
    assert p.pool("Alice") == {}


def test_a_spell_of_a_player_who_left_leaves_the_game(tmp_path):
    """800.4a: Carol's Grizzly Bears spell leaves the game with her: it does not resolve and no
    graveyard gets it; the rest of her turn goes on without her (800.4j): nobody draws for her,
    and turn 4 is Alice's, who draws."""
    p = play("multi_loser_spell_leaves", tmp_path)
    assert p.error is None
    carol = p.player("Carol")
    assert carol["lost"] == {"rule": "704.5b"}
    assert carol["graveyard"] == [] and carol["hand"] == []
    assert p.on_battlefield("Grizzly Bears") == [] and p.on_battlefield("Zendikar Resurgent") == []
    [leaves] = left(p)
    [cast] = p.events("SpellCast")
    assert cast.event.spell_id in leaves.event.objects
    assert p.events("SpellResolved") == []
    assert [e.event.object_id for e in p.events("ZoneChanged") if e.event.from_zone == "stack"] == []
    assert (p.state["turn"], p.state["active"], p.state["step"]) == (4, "Alice", "main1")
    assert p.player("Alice")["hand"] == ["Plains"]
    assert [e.event.player for e in p.events("CardDrawn")] == ["Alice"]
    assert p.state["stack"] == [] and p.state["game_over"] is None


def test_a_trigger_of_a_player_who_left_ceases_to_exist(tmp_path):
    """800.4a: Contamination's upkeep trigger, on the stack, ceases to exist when Carol (its
    controller) leaves: it never resolves; the stack is empty and Alice has priority."""
    p = play("multi_loser_trigger_ceases", tmp_path)
    assert p.error is None
    assert p.player("Carol")["lost"] == {"rule": "704.5a"}
    [leaves] = left(p)
    contamination_trigger = [e.event.stack_id for e in p.events("AbilityPutOnStack")
                             if e.event.source_card == "Contamination"]
    assert list(leaves.event.abilities) == contamination_trigger and len(contamination_trigger) == 1
    assert "city" in leaves.event.objects and "contamination" in leaves.event.objects
    assert len(leaves.event.objects) == 3          # and the Forest in her library
    assert p.state["stack"] == [] and p.state["priority"] == "Alice"
    city_trigger = [e.event.stack_id for e in p.events("AbilityPutOnStack") if e.event.source_card == "City of Brass"]
    assert [e.event.stack_id for e in p.events("AbilityResolved")] == city_trigger
    assert p.events("ChoiceRequested") == []      # nobody is asked to sacrifice anything
    assert p.on_battlefield("Contamination") == [] and p.on_battlefield("City of Brass") == []


def test_a_waiting_trigger_of_a_player_who_left_ceases_to_exist(tmp_path):
    """800.4a, 603.3: Hangarback Walker dies as Carol loses (704.3: at once); its dies trigger,
    waiting for the stack, ceases to exist when she leaves: never put on the stack, no Thopter."""
    p = play("multi_loser_waiting_trigger", tmp_path)
    assert p.error is None
    assert p.player("Carol")["lost"] == {"rule": "704.5a"}
    [dies] = [e for e in p.events("AbilityTriggered") if e.event.source_card == "Hangarback Walker"]
    [leaves] = left(p)
    assert leaves.event.triggers == (dies.event.trigger_id,) and leaves.event.abilities == ()
    assert len(leaves.event.objects) == 1 and p.player("Carol")["graveyard"] == []   # the Walker card
    assert p.events("AbilityPutOnStack") == [] and p.events("TokenCreated") == []
    assert p.state["stack"] == [] and p.state["priority"] == "Bob" and p.state["game_over"] is None
