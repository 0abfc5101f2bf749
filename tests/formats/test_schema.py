"""docs/recorded-game.schema.json: every valid game file validates, broken shapes do not,
and the schema's keys are exactly the loader's (simulator/formats/recorded.py)."""
from __future__ import annotations

import json
import tomllib
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from simulator.formats import recorded

ROOT = Path(__file__).resolve().parents[2]
SCHEMA = json.loads((ROOT / "docs" / "recorded-game.schema.json").read_text(encoding="utf-8"))
VALIDATOR = jsonschema.Draft202012Validator(SCHEMA)

GAMES = sorted((ROOT / "tests" / "games").glob("*.toml")) + sorted((ROOT / "tests" / "games").glob("*.json"))
EXAMPLES = sorted((ROOT / "examples").glob("*.toml")) + sorted((ROOT / "examples").glob("*.json"))


def _load(path: Path) -> Any:
    if path.suffix == ".toml":
        return tomllib.loads(path.read_text(encoding="utf-8"))
    return json.loads(path.read_text(encoding="utf-8"))


def test_schema_is_a_valid_draft_2020_12_schema() -> None:
    jsonschema.Draft202012Validator.check_schema(SCHEMA)


@pytest.mark.parametrize("path", GAMES + EXAMPLES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_game_file_validates(path: Path) -> None:
    errors = sorted(VALIDATOR.iter_errors(_load(path)), key=lambda e: list(e.absolute_path))
    assert not errors, ("; ".join(f"{list(e.absolute_path)}: {e.message}" for e in errors[:3])
                        + "  (a new key of the format? add it to docs/recorded-game.schema.json "
                          "and docs/recorded-games.md)")


def test_there_are_games_and_examples() -> None:
    assert len(GAMES) > 100 and len(EXAMPLES) >= 12


# invalid files whose fault is one of shape (the rest need the card pool or the rules)
SHAPE_ERRORS = ["bad_mana_letter.json", "bad_step.toml", "format_2.json", "format_missing.toml",
                "key_not_allowed.toml", "tapped_yes.toml", "two_verbs.toml",
                "unknown_battlefield_key.toml", "unknown_top_key.toml"]


@pytest.mark.parametrize("name", SHAPE_ERRORS)
def test_broken_shape_is_rejected(name: str) -> None:
    assert not VALIDATOR.is_valid(_load(ROOT / "tests" / "games" / "invalid" / name))


@pytest.mark.parametrize("data", [
    {"format": 1, "players": []},
    {"format": 1, "players": [{"name": "A"}], "actions": [{"player": "A"}]},
    {"format": 1, "players": [{"name": "A"}], "actions": [{"player": "A", "pass": False}]},
    {"format": 1, "players": [{"name": "A"}], "actions": [{"player": "A", "cast": "X", "x": -1}]},
    {"format": 1, "players": [{"name": "A", "hand": [{"id": "h"}]}]},
    {"format": 1, "players": [{"name": "A", "battlefield": [{"card": "Forest",
                                                             "counters": {"+1/+1": -1}}]}]},
    {"format": 1, "players": [{"name": "A"}], "actions": [{"player": "A", "choose": 0}]},
    {"format": 1, "players": [{"name": "A"}], "actions": [{"player": "A", "activate": "a",
                                                           "mana": "GX"}]},
])
def test_more_shapes_rejected(data: dict[str, Any]) -> None:
    assert not VALIDATOR.is_valid(data)


def _props(ref: str) -> set[str]:
    return set(SCHEMA["$defs"][ref]["properties"])


def test_schema_keys_are_the_loaders_keys() -> None:
    """A key added to simulator/formats/recorded.py goes into docs/recorded-game.schema.json too."""
    assert set(SCHEMA["properties"]) == set(recorded.TOP_KEYS)
    assert _props("start") == set(recorded.START_KEYS)
    assert _props("player") == set(recorded.PLAYER_KEYS)
    assert _props("permanent") == set(recorded.PERMANENT_KEYS)
    assert SCHEMA["$defs"]["step"]["enum"] == list(recorded.STEPS)
    for verb, keys in recorded.VERB_KEYS.items():
        assert _props(verb) == set(keys), verb


def test_schema_expect_keys_are_the_checkers_keys() -> None:
    """An [[expect]] key check accepts is in the schema too (issue 23: illegal, stopped_at, ...)."""
    from simulator.tools.expect import EXPECT_KEYS
    assert set(SCHEMA["properties"]["expect"]["items"]["properties"]) == set(EXPECT_KEYS)
