"""Handles for cards in every zone (GAME_FORMAT.md): `{ card = "...", id = "..." }` in a
library, hand, graveyard or exile. The id is kept as the card moves: each move makes a new
object (400.7), and the file's id keeps naming the card, so later actions and answers can
refer to it; the --json view shows a permanent by its handle."""
from __future__ import annotations

import pytest

from clirun import run as cli   # in-process; the subprocess contract: test_cli.py, test_exit_status.py
from scenario import game_path, play
from simulator.base.errors import InvalidGameFile
from simulator.formats.recorded import load_recorded_game
from simulator.session.recorder import load_pool


def test_library_handles_through_explore_graveyard_and_back(tmp_path):
    """701.44a: the explore reveals "bears" and Alice bins it; Defossilize targets "bears" in the
    graveyard (115.1) and returns it; it explores twice (land "f-lib" to hand, then "elf" kept on
    top); Alice plays "f-lib" from her hand and taps it."""
    p = play("handles_explore_defossilize", tmp_path)
    assert p.error is None
    revealed = [(e.event.object_id, e.event.card) for e in p.events("CardRevealed")]
    assert revealed == [("bears", "Grizzly Bears"), ("f-lib", "Forest"), ("elf", "Llanowar Elves")]
    [cast] = [e for e in p.events("SpellCast") if e.event.card == "Defossilize"]
    graveyard_bears = cast.event.targets[0]
    assert p.log[cast.seq].event.targets == (graveyard_bears,)
    # the target is the Bears card in the graveyard: the object "bears" became (400.7)
    chain = [(e.event.object_id, e.event.new_id, e.event.to_zone) for e in p.events("ZoneChanged")
             if e.event.card == "Grizzly Bears"]
    assert chain[0][0] == "bears" and chain[0][2] == "graveyard" and chain[0][1] == graveyard_bears
    assert chain[1][0] == graveyard_bears and chain[1][2] == "battlefield"
    explorers = [(e.event.object_id, e.event.revealed, e.event.result) for e in p.events("CreatureExplored")]
    assert explorers[1:] == [(chain[1][1], "Forest", "hand"), (chain[1][1], "Llanowar Elves", "top")]
    bears = p.perm("bears")                         # shown by its handle on the battlefield
    assert (bears["card"], bears["counters"], bears["power"]) == ("Grizzly Bears", {"+1/+1": 1}, 3)
    land = p.perm("f-lib")
    assert (land["card"], land["tapped"]) == ("Forest", True)
    alice = p.player("Alice")
    assert alice["library"] == ["Llanowar Elves"] and alice["hand"] == []
    assert alice["graveyard"] == ["Defossilize"] and p.pool("Alice") == {"G": 1}


def test_handles_in_json_output_from_the_cli(tmp_path):
    """The same game through the command line: battlefield ids are the handles; priority is
    Alice's (nothing pending, game not over)."""
    r = cli("replay", str(game_path("handles_explore_defossilize")), "--json", "--db", str(tmp_path / "g.sqlite"))
    assert r.code == 0, r.err
    out = r.json()
    assert [b["id"] for b in out["battlefield"]][-3:] == ["merfolk-branchwalker-3", "bears", "f-lib"]
    assert out["priority"] == "Alice" and out["pending"] is None and out["game_over"] is None


HAND_CARD = """format = 1
[[players]]
name = "Alice"
library = ["Island"]
hand = [{ card = "Llanowar Elves", id = "elf-h" }, "Llanowar Elves", { card = "Forest", id = "f-h" }]
exile = [{ card = "Island", id = "isle" }]
  [[players.battlefield]]
  card = "Forest"
  id = "forest-a"
[[players]]
name = "Bob"
library = ["Island"]
[[actions]]
player = "Alice"
activate = "forest-a"
[[actions]]
player = "Alice"
cast = "elf-h"
[[actions]]
resolve = true
[[actions]]
player = "Alice"
play = "f-h"
[[actions]]
advance = "main1"
[[actions]]
advance = "main1"
[[actions]]
player = "Alice"
activate = "elf-h"
"""


def test_cast_and_play_by_hand_handle(tmp_path):
    """cast/play name one card of the hand by its handle; the Elves cast as "elf-h" are "elf-h"
    on the battlefield and tap for mana on Alice's next turn (302.6). The exile handle is kept."""
    game = tmp_path / "hand.toml"
    game.write_text(HAND_CARD)
    p = play(str(game), tmp_path)
    assert p.error is None
    [cast] = p.events("SpellCast")
    assert cast.event.object_id == "elf-h"
    [played] = p.events("LandPlayed")
    assert played.event.object_id == "f-h"
    assert [b["id"] for b in p.state["battlefield"]] == ["forest-a", "elf-h", "f-h"]
    assert p.perm("elf-h")["tapped"] is True and p.pool("Alice") == {"G": 1}
    assert p.state["turn"] == 3 and p.player("Alice")["hand"] == ["Llanowar Elves", "Island"]
    placed = {e.event.object_id: e.event.zone for e in p.events("CardPlaced")}
    assert placed["isle"] == "exile" and p.player("Alice")["exile"] == ["Island"]


def test_a_handle_names_only_its_own_card(tmp_path):
    """"elf-h" is on the battlefield: casting it again is not casting the other Elves (601.2a)."""
    game = tmp_path / "hand.toml"
    game.write_text(HAND_CARD.replace('play = "f-h"', 'cast = "elf-h"'))
    p = play(str(game), tmp_path)
    assert str(p.error) == "action 4: Alice cannot cast elf-h: elf-h is not in Alice's hand (601.2a)"


@pytest.mark.parametrize("hand, key, problem", [
    ('[{ card = "Forest", id = "forest-a" }]', "players[1].battlefield[1].id",
     "duplicate id 'forest-a' (first used at players[1].hand[1])"),
    ('[{ cards = "Forest" }]', "players[1].hand[1].cards", "unknown key 'cards'"),
    ('[{ id = "x" }]', "players[1].hand[1].card", "missing required key 'card'"),
    ('[3]', "players[1].hand[1]", "must be a card name or a table"),
    ('[{ card = "Map", id = "m" }]', "players[1].hand[1].card", "is a token"),
    ('[{ card = "Forrest", id = "m" }]', "players[1].hand[1].card", "unknown card 'Forrest'"),
])
def test_invalid_zone_handles(tmp_path, hand, key, problem):
    game = tmp_path / "bad.toml"
    game.write_text(f'format = 1\n[[players]]\nname = "Alice"\nhand = {hand}\n[[players.battlefield]]\n'
                    f'card = "Forest"\nid = "forest-a"\n')
    with pytest.raises(InvalidGameFile) as e:
        load_recorded_game(game, load_pool())
    assert e.value.key == key and problem in e.value.problem


def test_attached_must_name_a_permanent_not_a_hand_handle(tmp_path):
    game = tmp_path / "bad.toml"
    game.write_text('format = 1\n[[players]]\nname = "Alice"\nhand = [{ card = "Forest", id = "h" }]\n'
                    '[[players.battlefield]]\ncard = "Wild Growth"\nattached = "h"\n')
    with pytest.raises(InvalidGameFile) as e:
        load_recorded_game(game, load_pool())
    assert e.value.key == "players[1].battlefield[1].attached"
    assert "no permanent with id 'h'" in e.value.problem


def test_invalid_handle_file_exit_2_nothing_written(tmp_path):
    game = tmp_path / "bad.toml"
    game.write_text('format = 1\n[[players]]\nname = "Alice"\nlibrary = [{ card = "Forest", id = "a" },'
                    ' { card = "Island", id = "a" }]\n')
    db = tmp_path / "g.sqlite"
    r = cli("replay", str(game), "--db", str(db))
    assert r.code == 2 and "players[1].library[2].id" in r.err and "duplicate id 'a'" in r.err
    assert not db.exists()


def test_handles_fold_verify_and_snapshot_round_trip(tmp_path):
    """The handle is state folded from the log (CardPlaced.handle): the stored log verifies,
    folds back to the same state, and a snapshot of it restores exactly."""
    from simulator.session.recorder import replay_file, state_from_store, verify
    from simulator.game.codec import state_digest, state_from_dict, state_to_dict
    from simulator.store import EventStore

    db = str(tmp_path / "g.sqlite")
    result = replay_file(game_path("handles_explore_defossilize"), db)
    assert result.error is None
    live = result.game.state
    store = EventStore(db)
    try:
        assert verify(store, live.game_id) == []
        folded = state_from_store(store, live.game_id, snapshots=False)
    finally:
        store.close()
    assert state_digest(folded) == state_digest(live)
    assert folded.current_id("bears") == live.current_id("bears") != "bears"
    restored = state_from_dict(state_to_dict(live))
    assert state_digest(restored) == state_digest(live) and restored.current_id("f-lib") == live.current_id("f-lib")
