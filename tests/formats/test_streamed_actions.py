"""A recorded JSON file's actions decoded as they are read and held compactly
(simulator/formats/streamed.py, simulator/formats/actions.py; issue 25, goal 3): the same game,
the same actions and the very same errors as the plain decoding, which every file the streamed
way does not take falls back to."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from simulator.base.errors import InvalidGameFile
from simulator.cards import CardPool
from simulator.formats.actions import ActionList
from simulator.formats.recorded import (Action, _no_duplicates, decode_file, load_recorded_game,
                                        parse_recorded_game)
from simulator.formats.streamed import JSONItems, stream_game

from formats.test_recorded import GAME

POOL = CardPool.builtin()


def _file(tmp_path: Path, text: str, name: str = "game.json") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_a_json_file_streamed_gives_the_game_the_plain_decoding_gives(tmp_path: Path) -> None:
    path = _file(tmp_path, json.dumps(GAME, indent=2))
    data, _ = decode_file(path, str(path), stream_actions=True)
    assert isinstance(data["actions"], JSONItems)           # the streamed way was taken
    assert list(data["actions"]) == GAME["actions"] and data["actions"][3] == GAME["actions"][3]
    loaded, _ = load_recorded_game(path, POOL)
    plain, _ = parse_recorded_game(json.loads(path.read_text()), str(path), POOL)
    assert loaded == plain
    assert isinstance(loaded.actions, ActionList)
    assert tuple(loaded.actions) == tuple(plain.actions) and len(loaded.actions) == len(GAME["actions"])
    assert [a.index for a in loaded.actions] == list(range(1, len(GAME["actions"]) + 1))
    assert loaded.actions[0] == Action(1, "activate", "Alice", activate="forest-a", ability=1, mana="G",
                                       key="actions[1]")
    assert loaded.actions[-1].key == f"actions[{len(GAME['actions'])}]"
    assert loaded.actions[1:3] == (plain.actions[1], plain.actions[2])


def test_repeated_actions_are_kept_once() -> None:
    """A long game's actions repeat: each distinct one is held once, read back at its place."""
    game: dict[str, Any] = {**GAME, "actions": [{"player": "Bob", "pass": True}] * 500
                            + [{"player": "Alice", "play": "Forest"}]}
    recorded, _ = parse_recorded_game(game, "game.json", POOL)
    assert len(recorded.actions) == 501 and len(recorded.actions._shapes) == 2   # type: ignore[attr-defined]
    assert recorded.actions[499] == Action(500, "pass", "Bob", key="actions[500]")
    assert recorded.actions[500].play == "Forest" and recorded.actions[500].index == 501
    with pytest.raises(IndexError):
        recorded.actions[501]


def _error(path: Path, stream: bool) -> str:
    with pytest.raises(InvalidGameFile) as e:
        decode_file(path, str(path), stream_actions=stream)
    return str(e.value)


@pytest.mark.parametrize("text", [
    '{"format": 1, "actions": [{"pass": true,}]}',                         # syntax error in an action
    '{"format": 1, "actions": [{"pass": true}, ]}',                        # a trailing comma
    '{"format": 1, "actions": [{"pass": true, "pass": false}]}',           # a duplicate key in an action
    '{"format": 1, "actions": [], "actions": []}',                         # a repeated top-level key
    '{"format": 1, "actions": [{"x": NaN}]}',                              # not a finite number
    '{"format": 1, "actions": [{"x": 1e999}]}',
    '{"format": 1, "actions": [{"x": "\\u0007"}]}',                        # a control character
    '{"format": 1, "actions": [{"x": "\\ud800"}]}',                        # a lone surrogate
    '{"format": 1, "actions": [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]}',
    '\ufeff{"format": 1, "actions": []}',                                  # a byte order mark
    '{"format": 1, "actions": []} x',                                      # extra data
    '{"format": 1, "actions": [1] ',                                       # cut short
])
def test_a_bad_file_is_refused_with_the_plain_decodings_own_message(tmp_path: Path, text: str) -> None:
    path = _file(tmp_path, text)
    assert stream_game(text, _no_duplicates) is None
    assert _error(path, True) == _error(path, False)


def test_anything_but_an_actions_array_is_decoded_the_plain_way(tmp_path: Path) -> None:
    for text in ('{"format": 1}', '{"format": 1, "actions": 3}', '[1, 2]', '{"actions": [], "title": "t"}'):
        streamed = stream_game(text, dict)
        if streamed is None:
            continue
        assert isinstance(streamed["actions"], JSONItems) and text.startswith('{"actions"')
        assert {**streamed, "actions": list(streamed["actions"])} == json.loads(text)
    path = _file(tmp_path, '{"format": 1, "actions": 3}')
    data, _ = decode_file(path, str(path), stream_actions=True)
    assert data == {"format": 1, "actions": 3}
