"""The line of a key path in TOML / JSON source (error messages point at it)."""
from __future__ import annotations

import pytest

from simulator.formats.keylines import key_lines, line_of, parse_key_path

TOML = '''\
format = 1   # comment with [brackets] and "quotes"
title = """two
lines"""

[start]
step = "main1"

[[players]]
name = "Alice"
hand = [
  "Forest",   # a comment
  { card = "Forest", id = "forest-h" },
]

  [[players.battlefield]]
  card = "Forest"

  [[players.battlefield]]
  card = "Llanowar Elves"
  counters = { "+1/+1" = 2 }

[[players]]
name = "Bob"

  [[players.battlefield]]
  card = "Island"

[[actions]]
player = "Alice"
'''


@pytest.mark.parametrize("key,line", [
    ("format", 1), ("title", 2), ("start", 5), ("start.step", 6), ("players[1]", 8),
    ("players[1].name", 9), ("players[1].hand", 10), ("players[1].hand[1]", 11),
    ("players[1].hand[2].id", 12), ("players[1].battlefield[2].card", 19),
    ('players[1].battlefield[2].counters["+1/+1"]', 20), ("players[2].battlefield[1]", 25),
    ("players[2].battlefield[1].card", 26), ("actions[1].player", 29),
    # a key that is not there: the nearest enclosing element
    ("actions[1].activate", 28), ("players[2].battlefield[1].tapped", 25),
])
def test_toml(key: str, line: int) -> None:
    assert line_of(TOML, ".toml", key) == line


def test_missing_top_level_key_has_no_line() -> None:
    assert line_of(TOML, ".toml", "seed") is None


JSON = '''{
  "format": 1,
  "players": [
    {"name": "Alice",
     "battlefield": [
       {"card": "Forest", "id": "a"},
       {"card": "Forest \\"x\\"",
        "tapped": "yes"}
     ]}
  ],
  "actions": [{"player": "Alice"}, {"pass": true}]
}'''


@pytest.mark.parametrize("key,line", [
    ("format", 2), ("players[1]", 4), ("players[1].battlefield[1].id", 6),
    ("players[1].battlefield[2].tapped", 8), ("actions[2].pass", 11), ("actions[2].player", 11),
])
def test_json(key: str, line: int) -> None:
    assert line_of(JSON, ".json", key) == line


def test_key_path_parsing() -> None:
    assert parse_key_path('players[1].counters["+1/+1"]') == ("players", 1, "counters", "+1/+1")


def test_garbage_never_raises() -> None:
    for text in ("[[", "{", 'a = "unterminated', "[x", "]", '{"a": [1, 2'):
        key_lines(text, toml=True)
        key_lines(text, toml=False)
