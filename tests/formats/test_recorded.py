"""Tests for the recorded-game loader and validator (simulator/formats/recorded.py)."""
from __future__ import annotations

import copy
import dataclasses
import json
import tomllib
from pathlib import Path
from typing import Any

import pytest

from simulator.base.errors import CardDataError, InvalidGameFile
from simulator.formats.recorded import (
    Action, PermanentSpec, PlayerSpec, RecordedGame, StartSpec, load_recorded_game,
    parse_recorded_game, slug,
)

INVALID = Path(__file__).resolve().parents[1] / "games" / "invalid"

CARD_NAMES = {
    "Plains", "Island", "Swamp", "Mountain", "Forest", "Wastes", "Reflecting Pool",
    "Exotic Orchard", "Gaea's Cradle", "Mana Confluence", "City of Brass", "Crystal Vein",
    "Llanowar Wastes", "Urborg, Tomb of Yawgmoth", "Steam Vents", "Overgrown Tomb",
    "Llanowar Elves", "Grizzly Bears", "Naga Vitalist", "Harvester Druid", "Sylvok Explorer",
    "Pili-Pala", "Merfolk Branchwalker", "Jadelight Ranger", "Jadelight Spelunker",
    "Wildgrowth Walker", "Topography Tracker", "Steward of the Harvest", "Hangarback Walker",
    "Endless One", "Nyxbloom Ancient", "Fellwar Stone", "Ashnod's Altar", "Chromatic Lantern",
    "Wild Growth", "Overgrowth", "Mana Flare", "Heartbeat of Spring", "Zendikar Resurgent",
    "Contamination", "Mana Reflection", "Blood Moon", "Upwelling", "Gift of Paradise",
    "Spreading Seas", "Defossilize", "Enter the Unknown",
}
TOKEN_NAMES = {"Map", "Thopter"}


class FakePool:
    """The pool protocol the loader depends on, over a set of names.

    `with_file` reads a TOML file of ``[[cards]] name = ...`` (``token = true``
    optional) and raises CardDataError for an entry without a name.
    """

    def __init__(self, cards: set[str], tokens: set[str]) -> None:
        self.cards, self.tokens = frozenset(cards), frozenset(tokens)

    def __contains__(self, name: object) -> bool:
        return name in self.cards or name in self.tokens

    def __iter__(self):
        return iter(sorted(self.cards | self.tokens))

    def is_token(self, name: str) -> bool:
        return name in self.tokens

    def with_file(self, path: str) -> "FakePool":
        data = tomllib.loads(Path(path).read_text())
        cards, tokens = set(self.cards), set(self.tokens)
        for entry in data.get("cards", []):
            if "name" not in entry:
                raise CardDataError("?", "a card needs a name", source=str(path))
            (tokens if entry.get("token") else cards).add(entry["name"])
        return FakePool(cards, tokens)


def _pool() -> Any:
    """The built-in card pool once simulator.cards provides it, else the fake."""
    try:
        from simulator.cards import CardPool  # type: ignore[attr-defined]
        return CardPool.builtin()
    except Exception:
        return FakePool(CARD_NAMES, TOKEN_NAMES)


POOL = _pool()
FAKE = FakePool(CARD_NAMES, TOKEN_NAMES)

GAME: dict[str, Any] = {
    "format": 1,
    "title": "Wild Growth on a Forest",
    "seed": 7,
    "start": {"turn": 3, "active": "Bob", "step": "upkeep"},
    "players": [
        {"name": "Alice", "life": 18,
         "library": ["Forest", "Grizzly Bears"], "hand": ["Llanowar Elves"],
         "graveyard": ["Swamp"], "exile": ["Island"],
         "battlefield": [
             {"card": "Forest", "id": "forest-a", "tapped": True},
             {"card": "Wild Growth", "id": "wg", "attached": "forest-a"},
             {"card": "Hangarback Walker", "id": "hw", "sick": True,
              "counters": {"+1/+1": 2, "charge": 0}},
             {"card": "Steward of the Harvest", "exiled": ["Island"]},
             {"card": "Map"},
         ]},
        {"name": "Bob"},
    ],
    "actions": [
        {"player": "Alice", "activate": "forest-a", "ability": 1, "mana": "g"},
        {"player": "Alice", "cast": "Llanowar Elves", "pay": "G"},
        {"resolve": True},
        {"player": "Alice", "activate": "Ashnod's Altar",
         "ability": "Sacrifice a creature: Add {C}{C}.", "sacrifice": ["thopter-1"]},
        {"player": "Alice", "cast": "Defossilize", "targets": ["Grizzly Bears"]},
        {"player": "Alice", "choose": "graveyard"},
        {"player": "Alice", "choose": [2, 1]},
        {"player": "Alice", "choose": ["hangarback-walker-2", "thopter-1"]},
        {"player": "Bob", "choose": "wug"},
        {"advance": "main2"},
        {"player": "Bob", "pass": True},
        {"player": "Alice", "play": "Forest"},
        {"player": "Alice", "cast": "Hangarback Walker", "x": 1},
    ],
}

TOML_GAME = '''\
format = 1
title = "Wild Growth on a Forest"
seed = 7

[start]
turn = 3
active = "Bob"
step = "upkeep"

[[players]]
name = "Alice"
life = 18
library = ["Forest", "Grizzly Bears"]
hand = ["Llanowar Elves"]
graveyard = ["Swamp"]
exile = ["Island"]

  [[players.battlefield]]
  card = "Forest"
  id = "forest-a"
  tapped = true

  [[players.battlefield]]
  card = "Wild Growth"
  id = "wg"
  attached = "forest-a"

  [[players.battlefield]]
  card = "Hangarback Walker"
  id = "hw"
  sick = true
  counters = { "+1/+1" = 2, charge = 0 }

  [[players.battlefield]]
  card = "Steward of the Harvest"
  exiled = ["Island"]

  [[players.battlefield]]
  card = "Map"

[[players]]
name = "Bob"

[[actions]]
player = "Alice"
activate = "forest-a"
ability = 1
mana = "g"

[[actions]]
player = "Alice"
cast = "Llanowar Elves"
pay = "G"

[[actions]]
resolve = true

[[actions]]
player = "Alice"
activate = "Ashnod's Altar"
ability = "Sacrifice a creature: Add {C}{C}."
sacrifice = ["thopter-1"]

[[actions]]
player = "Alice"
cast = "Defossilize"
targets = ["Grizzly Bears"]

[[actions]]
player = "Alice"
choose = "graveyard"

[[actions]]
player = "Alice"
choose = [2, 1]

[[actions]]
player = "Alice"
choose = ["hangarback-walker-2", "thopter-1"]

[[actions]]
player = "Bob"
choose = "wug"

[[actions]]
advance = "main2"

[[actions]]
player = "Bob"
pass = true

[[actions]]
player = "Alice"
play = "Forest"

[[actions]]
player = "Alice"
cast = "Hangarback Walker"
x = 1
'''


def invalid(data: dict[str, Any], path: str = "game.toml", pool: Any = POOL) -> InvalidGameFile:
    """Parse `data`, expecting InvalidGameFile; return it."""
    with pytest.raises(InvalidGameFile) as info:
        parse_recorded_game(data, path, pool)
    return info.value


def game_with(**changes: Any) -> dict[str, Any]:
    data = copy.deepcopy(GAME)
    data.update(changes)
    return data


def minimal(**player: Any) -> dict[str, Any]:
    return {"format": 1, "players": [{"name": "Alice", **player}, {"name": "Bob"}]}


# --------------------------------------------------------------------------- valid files

def test_minimal_file_gets_defaults(tmp_path: Path) -> None:
    f = tmp_path / "tiny.toml"
    f.write_text('format = 1\n\n[[players]]\nname = "Alice"\n\n[[players]]\nname = "Bob"\n')
    game, pool = load_recorded_game(f, POOL)
    assert pool is POOL
    assert game == RecordedGame(
        path=str(f), format=1, title="tiny", seed=0, card_files=(),
        start=StartSpec(turn=1, active="Alice", step="main1"),
        players=(PlayerSpec("Alice"), PlayerSpec("Bob")), actions=())
    assert game.players[0].life == 20


def test_toml_and_json_give_the_same_game(tmp_path: Path) -> None:
    t, j = tmp_path / "g.toml", tmp_path / "g.json"
    t.write_text(TOML_GAME)
    j.write_text(json.dumps(GAME, indent=2))
    from_toml, _ = load_recorded_game(t, POOL)
    from_json, _ = load_recorded_game(j, POOL)
    assert from_toml.path != from_json.path
    assert dataclasses.replace(from_toml, path=from_json.path) == from_json


def test_full_game_is_parsed_as_documented() -> None:
    game, _ = parse_recorded_game(copy.deepcopy(GAME), "dir/wild.toml", POOL)
    assert game.title == "Wild Growth on a Forest" and game.seed == 7
    assert game.start == StartSpec(3, "Bob", "upkeep")
    alice = game.players[0]
    assert alice.life == 18 and alice.library == ("Forest", "Grizzly Bears")
    assert alice.battlefield[0] == PermanentSpec("Forest", "forest-a", tapped=True,
                                                 key="players[1].battlefield[1]")
    assert alice.battlefield[1].attached == "forest-a"
    assert alice.battlefield[2].counters == (("+1/+1", 2),)      # zero entries dropped
    assert alice.battlefield[2].sick is True
    assert alice.battlefield[3].exiled == ("Island",) and alice.battlefield[3].id is None
    assert alice.battlefield[4].card == "Map"                     # tokens on the battlefield
    a = game.actions
    assert a[0] == Action(1, "activate", "Alice", activate="forest-a", ability=1, mana="G",
                          key="actions[1]")
    assert a[1].cast == "Llanowar Elves" and a[1].pay == "G" and a[1].x is None
    assert a[2] == Action(3, "resolve", None, key="actions[3]")
    assert a[3].ability == "Sacrifice a creature: Add {C}{C}." and a[3].sacrifice == ("thopter-1",)
    assert a[4].targets == ("Grizzly Bears",)
    assert a[5].choose == "graveyard"
    assert a[6].choose == (2, 1)
    assert a[7].choose == ("hangarback-walker-2", "thopter-1")
    assert a[8].choose == "wug"      # kept as written: read by the pending kind (mana: WUG)
    assert a[9] == Action(10, "advance", None, advance="main2", key="actions[10]")
    assert a[10].verb == "pass" and a[10].player == "Bob"
    assert a[11].play == "Forest"
    assert a[12].x == 1


def test_slug() -> None:
    assert slug("Hangarback Walker") == "hangarback-walker"
    assert slug("Gaea's Cradle") == "gaea-s-cradle"
    assert slug("Urborg, Tomb of Yawgmoth") == "urborg-tomb-of-yawgmoth"
    assert slug("Pili-Pala") == "pili-pala"


def test_generated_ids_are_accepted_only_for_known_slugs() -> None:
    for ref in ("thopter-1", "urborg-tomb-of-yawgmoth-3", "pili-pala-12", "map-2"):
        data = minimal()
        data["actions"] = [{"player": "Alice", "activate": ref}]
        assert parse_recorded_game(data, "g.toml", FAKE)[0].actions[0].activate == ref
    for ref in ("goblin-1", "thopter", "Thopter-1", "thopter-x"):
        data = minimal()
        data["actions"] = [{"player": "Alice", "activate": ref}]
        e = invalid(data, pool=FAKE)
        assert e.key == "actions[1].activate"
        assert f"unknown id or card name {ref!r}" in str(e)


class OpaquePool:
    """A pool that cannot list its names: only the protocol's three methods."""

    def __init__(self, inner: FakePool) -> None:
        self._inner = inner

    def __contains__(self, name: object) -> bool:
        return name in self._inner

    def is_token(self, name: str) -> bool:
        return self._inner.is_token(name)

    def with_file(self, path: str) -> "OpaquePool":
        return OpaquePool(self._inner.with_file(path))


def test_generated_ids_with_a_pool_that_cannot_list_names() -> None:
    pool = OpaquePool(FAKE)
    data = minimal(hand=["Gaea's Cradle"])
    refs = ("thopter-1", "hangarback-walker-2", "pili-pala-1", "gaea-s-cradle-1")
    data["actions"] = [{"player": "Alice", "activate": r} for r in refs]
    game, _ = parse_recorded_game(data, "g.toml", pool)
    assert [a.activate for a in game.actions][-1] == "gaea-s-cradle-1"
    data["actions"] = [{"player": "Alice", "activate": "goblin-1"}]
    assert invalid(data, pool=pool).key == "actions[1].activate"


# --------------------------------------------------------------------------- invalid fixture files

FIXTURES = [
    # file, key path, text in the problem, line (of the key, found in the source text)
    ("unknown_top_key.toml", "titel", "did you mean 'title'", 2),
    ("unknown_battlefield_key.toml", "players[1].battlefield[2].tappd",
     "did you mean 'tapped'", 12),
    ("unknown_card_in_hand.toml", "players[1].hand[2]", "unknown card 'Forrest'", 5),
    ("duplicate_id.toml", "players[2].battlefield[1].id",
     "duplicate id 'land' (first used at players[1].battlefield[1])", 15),
    ("dangling_attached.toml", "players[1].battlefield[2].attached", "'forest-b'", 13),
    ("two_verbs.toml", "actions[2]", "activate, cast", 14),
    ("key_not_allowed.toml", "actions[1].pay", "key 'pay' is not allowed with 'activate'", 13),
    ("bad_step.toml", "start.step", "unknown step 'main'", 4),
    ("bad_mana_letter.json", "actions[1].mana", "'X' is not a mana letter", 8),
    ("player_not_listed.toml", "actions[1].player", "unknown player 'Carol'", 10),
    ("format_missing.toml", "format", "missing required key 'format'", None),
    ("format_2.json", "format", "unsupported format 2", 1),
    ("syntax_error.toml", "", "TOML syntax error", 6),
    ("syntax_error.json", "", "JSON syntax error", 4),
    ("tapped_yes.toml", "players[1].battlefield[1].tapped", "must be true or false", 8),
]


@pytest.mark.parametrize("name,key,problem,line", FIXTURES, ids=[f[0] for f in FIXTURES])
def test_invalid_fixture(name: str, key: str, problem: str, line: int | None) -> None:
    path = INVALID / name
    with pytest.raises(InvalidGameFile) as info:
        load_recorded_game(path, POOL)
    e = info.value
    assert e.key == key
    assert problem in e.problem
    assert e.line == line
    msg = str(e)
    assert msg.startswith(str(path)) and name in msg
    if key:
        assert f"at {key}: " in msg
    if line:
        assert f"{name}:{line}:" in msg


def test_every_fixture_is_tested() -> None:
    on_disk = {p.name for p in INVALID.iterdir() if p.suffix in (".toml", ".json")}
    assert on_disk == {f[0] for f in FIXTURES}


def test_message_shape() -> None:
    e = invalid(minimal(battlefield=[{"card": "Forest"}, {"card": "Forrest"}]), "game.toml")
    assert str(e).startswith("game.toml: at players[1].battlefield[2].card: unknown card 'Forrest'")
    assert "did you mean 'Forest'" in str(e)


# --------------------------------------------------------------------------- files and card files

def test_missing_file_and_bad_extension(tmp_path: Path) -> None:
    with pytest.raises(InvalidGameFile, match="nope.toml: file not found"):
        load_recorded_game(tmp_path / "nope.toml", POOL)
    other = tmp_path / "game.yaml"
    other.write_text("format: 1")
    with pytest.raises(InvalidGameFile, match=r"game.yaml: unsupported file type '\.yaml'"):
        load_recorded_game(other, POOL)


def test_json_duplicate_key_and_non_object(tmp_path: Path) -> None:
    f = tmp_path / "dup.json"
    f.write_text('{"format": 1, "format": 1, "players": [{"name": "A"}]}')
    with pytest.raises(InvalidGameFile, match="dup.json: duplicate key 'format'"):
        load_recorded_game(f, POOL)
    f.write_text("[1, 2]")
    with pytest.raises(InvalidGameFile, match="must be a table"):
        load_recorded_game(f, POOL)


def test_card_files_extend_the_pool(tmp_path: Path) -> None:
    (tmp_path / "extra.toml").write_text(
        '[[cards]]\nname = "Birds of Paradise"\n[[cards]]\nname = "Goblin"\ntoken = true\n')
    g = tmp_path / "game.toml"
    g.write_text('format = 1\ncards = ["extra.toml"]\n[[players]]\nname = "Alice"\n'
                 'hand = ["Birds of Paradise"]\n'
                 '[[players.battlefield]]\ncard = "Goblin"\n'
                 '[[actions]]\nplayer = "Alice"\nactivate = "goblin-2"\n')
    game, pool = load_recorded_game(g, FAKE)
    assert game.card_files == (str((tmp_path / "extra.toml").resolve()),)
    assert "Birds of Paradise" in pool and "Birds of Paradise" not in FAKE
    assert game.players[0].hand == ("Birds of Paradise",)


def test_bad_card_file_is_reported_at_its_index(tmp_path: Path) -> None:
    (tmp_path / "ok.toml").write_text('[[cards]]\nname = "Birds of Paradise"\n')
    (tmp_path / "bad.toml").write_text('[[cards]]\ncost = "{G}"\n')
    data = minimal()
    data["cards"] = ["ok.toml", "bad.toml"]
    e = invalid(data, str(tmp_path / "game.toml"), FAKE)
    assert e.key == "cards[2]" and "a card needs a name" in e.problem
    assert isinstance(e.__cause__, CardDataError)
    data["cards"] = ["missing.toml"]
    e = invalid(data, str(tmp_path / "game.toml"), FAKE)
    assert e.key == "cards[1]" and "not found" in e.problem


# --------------------------------------------------------------------------- more rules, inline

@pytest.mark.parametrize("data,key,problem", [
    ({"format": True, "players": [{"name": "A"}]}, "format", "must be an integer"),
    ({"format": 1}, "players", "missing required key 'players'"),
    ({"format": 1, "players": []}, "players", "at least one player"),
    ({"format": 1, "players": [{"life": 3}]}, "players[1].name", "missing required key 'name'"),
    ({"format": 1, "players": [{"name": ""}]}, "players[1].name", "non-empty"),
    ({"format": 1, "players": [{"name": "A"}, {"name": "A"}]}, "players[2].name",
     "duplicate player name 'A' (also players[1])"),
    ({"format": 1, "players": [{"name": "A", "lfe": 3}]}, "players[1].lfe", "did you mean 'life'"),
    ({"format": 1, "players": [{"name": "A", "life": "20"}]}, "players[1].life", "integer"),
    ({"format": 1, "seed": 1.5, "players": [{"name": "A"}]}, "seed", "integer"),
    ({"format": 1, "title": 3, "players": [{"name": "A"}]}, "title", "string"),
    ({"format": 1, "cards": "x.toml", "players": [{"name": "A"}]}, "cards", "must be a list"),
    ({"format": 1, "start": {"turn": 0}, "players": [{"name": "A"}]}, "start.turn", "at least 1"),
    ({"format": 1, "start": {"active": "Z"}, "players": [{"name": "A"}]}, "start.active",
     "unknown player 'Z'"),
    ({"format": 1, "start": {"trun": 2}, "players": [{"name": "A"}]}, "start.trun",
     "did you mean 'turn'"),
    ({"format": 1, "players": [{"name": "A", "hand": ["Map"]}]}, "players[1].hand[1]", "token"),
    ({"format": 1, "players": [{"name": "A", "library": "Forest"}]}, "players[1].library",
     "must be a list"),
    ({"format": 1, "players": [{"name": "A", "battlefield": [{"id": "x"}]}]},
     "players[1].battlefield[1].card", "missing required key 'card'"),
    ({"format": 1, "players": [{"name": "A", "battlefield": [{"card": "Forest", "sick": 1}]}]},
     "players[1].battlefield[1].sick", "true or false"),
    ({"format": 1, "players": [{"name": "A", "battlefield": [
        {"card": "Forest", "counters": {"+1/+1": -1}}]}]},
     'players[1].battlefield[1].counters["+1/+1"]', "at least 0"),
    ({"format": 1, "players": [{"name": "A", "battlefield": [
        {"card": "Forest", "counters": {"+1/+1": True}}]}]},
     'players[1].battlefield[1].counters["+1/+1"]', "integer"),
    ({"format": 1, "players": [{"name": "A", "battlefield": [
        {"card": "Wild Growth", "id": "wg", "attached": "wg"}]}]},
     "players[1].battlefield[1].attached", "attached to itself"),
    ({"format": 1, "players": [{"name": "A", "battlefield": [
        {"card": "Steward of the Harvest", "exiled": ["Forrest"]}]}]},
     "players[1].battlefield[1].exiled[1]", "unknown card 'Forrest'"),
])
def test_invalid_inline(data: dict[str, Any], key: str, problem: str) -> None:
    e = invalid(data, "inline.toml")
    assert e.key == key
    assert problem in e.problem
    assert "inline.toml" in str(e)


def test_attached_may_reference_a_later_permanent_of_another_player() -> None:
    data = {"format": 1, "players": [
        {"name": "A", "battlefield": [{"card": "Spreading Seas", "attached": "bob-land"}]},
        {"name": "B", "battlefield": [{"card": "Forest", "id": "bob-land"}]}]}
    game, _ = parse_recorded_game(data, "g.toml", POOL)
    assert game.players[0].battlefield[0].attached == "bob-land"


@pytest.mark.parametrize("action,key,problem", [
    ({"player": "Alice"}, "actions[1]", "has no action verb"),
    ({"player": "Alice", "activte": "forest-a"}, "actions[1].activte", "did you mean 'activate'"),
    ({"pass": True}, "actions[1].player", "missing required key 'player' for 'pass'"),
    ({"player": "Alice", "pass": False}, "actions[1].pass", "must be true"),
    ({"resolve": "yes"}, "actions[1].resolve", "must be true"),
    ({"player": "Alice", "play": "Forest", "targets": []}, "actions[1].targets",
     "key 'targets' is not allowed with 'play'"),
    ({"player": "Alice", "cast": "Map"}, "actions[1].cast", "token"),
    ({"player": "Alice", "cast": "Forrest"}, "actions[1].cast", "unknown card"),
    ({"player": "Alice", "cast": "Endless One", "x": -1}, "actions[1].x", "at least 0"),
    ({"player": "Alice", "cast": "Endless One", "pay": "2"}, "actions[1].pay", "mana letter"),
    ({"player": "Alice", "activate": "forest-a", "ability": 0}, "actions[1].ability",
     "at least 1"),
    ({"player": "Alice", "activate": "forest-a", "ability": True}, "actions[1].ability",
     "ability number"),
    ({"player": "Alice", "activate": "forest-a", "ability": ""}, "actions[1].ability",
     "non-empty"),
    ({"player": "Alice", "activate": "forest-a", "mana": ""}, "actions[1].mana",
     "at least one mana letter"),
    ({"player": "Alice", "activate": "Ashnod's Altar", "sacrifice": ["xyz"]},
     "actions[1].sacrifice[1]", "unknown id or card name 'xyz'"),
    ({"player": "Alice", "activate": "Ashnod's Altar", "sacrifice": "hw"},
     "actions[1].sacrifice", "must be a list"),
    ({"player": "Alice", "cast": "Defossilize", "targets": ["forest-a", "nobody"]},
     "actions[1].targets[2]", "unknown id or card name 'nobody'"),
    ({"advance": "main3"}, "actions[1].advance", "unknown step 'main3'"),
    ({"player": "Alice", "choose": "sideways"}, "actions[1].choose", "not an answer"),
    ({"player": "Alice", "choose": [0]}, "actions[1].choose[1]", "at least 1"),
    ({"player": "Alice", "choose": [1.5]}, "actions[1].choose[1]", "option number"),
    ({"player": "Alice", "choose": ["zzz"]}, "actions[1].choose[1]", "unknown id or card name"),
    ({"player": "Alice", "choose": {"a": 1}}, "actions[1].choose", "string or a list"),
])
def test_invalid_action(action: dict[str, Any], key: str, problem: str) -> None:
    data = minimal(battlefield=[{"card": "Forest", "id": "forest-a"}])
    data["actions"] = [action]
    e = invalid(data, "acts.json")
    assert e.key == key
    assert problem in e.problem
    assert str(e).startswith("acts.json: at ")


def test_actions_are_numbered_from_one() -> None:
    data = minimal()
    data["actions"] = [{"player": "Alice", "pass": True}, {"resolve": True},
                       {"player": "Bob", "pass": True, "cast": "Forest"}]
    e = invalid(data)
    assert e.key == "actions[3]"
    game, _ = parse_recorded_game(minimal() | {"actions": data["actions"][:2]}, "g.toml", POOL)
    assert [a.index for a in game.actions] == [1, 2]
    assert [a.key for a in game.actions] == ["actions[1]", "actions[2]"]


def test_empty_choose_list_and_empty_pay_are_allowed() -> None:
    data = minimal()
    data["actions"] = [{"player": "Alice", "choose": []},
                       {"player": "Alice", "cast": "Endless One", "x": 0, "pay": ""}]
    game, _ = parse_recorded_game(data, "g.toml", POOL)
    assert game.actions[0].choose == () and game.actions[1].pay == ""


def test_every_unknown_card_is_named_at_once() -> None:
    """Issue 23: a file with three unknown cards names all three (not the first, then the next
    on the next run), each with its key path, and says where card files are explained; a name
    close to a known card gets a suggestion, one that no real card has says so."""
    data = minimal(battlefield=[{"card": "Forest"}, {"card": "Forrest"}])
    data["players"][0]["hand"] = ["Llanowar Elfs", "Elf of Nowhere Land"]
    e = invalid(data, "game.toml")
    assert e.key == "players[1].hand[1]"
    assert "unknown card 'Llanowar Elfs' (did you mean 'Llanowar Elves'?)" in e.problem
    assert "3 unknown cards in all" in e.problem
    assert "'Elf of Nowhere Land' (no real card has that name) at players[1].hand[2]" in e.problem
    assert "'Forrest' (did you mean 'Forest'?) at players[1].battlefield[2].card" in e.problem
    assert 'docs/cards.md, section "Card files"' in e.problem
    assert "## Card files" in (Path(__file__).resolve().parents[2] / "docs" / "cards.md").read_text()
