"""Hostile recorded-game and card files: each ends with exit 2 naming the file, key and
problem — never an internal error — and writes nothing (no database file is even created).
Also the documented limits (README "Limits") and a linear set-up for 100,000 identical cards."""
from __future__ import annotations

import json
import os
import re
from pathlib import Path

import pytest

from clirun import run
from simulator.base import limits
from simulator.session.game import Game
from simulator.formats.recorded import parse_recorded_game
from simulator.session.recorder import load_pool

ROOT = Path(__file__).resolve().parents[2]
TWO = '[[players]]\nname = "Alice"\n[[players]]\nname = "Bob"\n'


def _replay_exit_2(tmp_path: Path, name: str, text: str | bytes, *words: str) -> str:
    f = tmp_path / name
    f.write_bytes(text if isinstance(text, bytes) else text.encode("utf-8", "surrogatepass"))
    db = tmp_path / "never.sqlite"
    r = run("replay", str(f), "--db", str(db))
    assert r.code == 2, r.err
    assert "Traceback" not in r.err and "internal error" not in r.err
    assert name in r.err
    for w in words:
        assert w in r.err, r.err
    assert not db.exists(), "an invalid file must not create the database"
    return r.err


@pytest.mark.parametrize("ext", ["json", "toml"])
def test_nesting_thousands_deep(tmp_path, ext):
    deep = "[" * 5000 + "]" * 5000
    text = (f'{{"format": 1, "title": {deep}}}' if ext == "json" else f"format = 1\ntitle = {deep}\n")
    _replay_exit_2(tmp_path, f"deep.{ext}", text, "nested too deeply")


def test_nesting_within_the_parser_but_over_the_limit(tmp_path):
    deep = "[" * 40 + "]" * 40
    _replay_exit_2(tmp_path, "deep40.json", f'{{"format": 1, "title": {deep}}}',
                   f"nested more than {limits.MAX_DEPTH} levels")


@pytest.mark.parametrize("ext", ["json", "toml"])
def test_integer_of_5000_digits(tmp_path, ext):
    big = "9" * 5000
    text = f'{{"format": 1, "seed": {big}}}' if ext == "json" else f"format = 1\nseed = {big}\n"
    _replay_exit_2(tmp_path, f"big.{ext}", text, "too many digits")


def test_integer_beyond_64_bits(tmp_path):
    _replay_exit_2(tmp_path, "big.json", '{"format": 1, "seed": 99999999999999999999999}',
                   "at seed", "out of range")


def test_lone_surrogate_leaves_no_database(tmp_path):
    game = {"format": 1, "title": "\\ud800", "players": [{"name": "Alice"}, {"name": "Bob"}]}
    text = json.dumps(game).replace("\\\\ud800", "\\ud800")
    _replay_exit_2(tmp_path, "surrogate.json", text, "at title", "lone surrogate")


def test_lone_surrogate_in_a_key(tmp_path):
    _replay_exit_2(tmp_path, "surrogate_key.json", '{"format": 1, "\\udc00": 1}', "lone surrogate")


def test_not_utf8(tmp_path):
    _replay_exit_2(tmp_path, "latin1.toml", b'format = 1\ntitle = "caf\xe9"\n', "not UTF-8", ":2")


def test_card_file_that_is_a_device(tmp_path):
    _replay_exit_2(tmp_path, "devzero.toml", 'format = 1\ncards = ["/dev/zero"]\n' + TWO,
                   "cards[1]", "not a regular file")


def test_recorded_game_that_is_a_fifo(tmp_path):
    fifo = tmp_path / "pipe.toml"
    os.mkfifo(fifo)
    r = run("replay", str(fifo), "--db", str(tmp_path / "never.sqlite"))
    assert r.code == 2 and "not a regular file" in r.err
    assert not (tmp_path / "never.sqlite").exists()


def test_card_file_nested_too_deeply(tmp_path):
    (tmp_path / "deep_cards.toml").write_text("x = " + "[" * 3000 + "]" * 3000 + "\n")
    _replay_exit_2(tmp_path, "g.toml", 'format = 1\ncards = ["deep_cards.toml"]\n' + TWO,
                   "cards[1]", "deep_cards.toml", "nested too deeply")


def test_card_file_with_a_huge_integer(tmp_path):
    (tmp_path / "big_cards.toml").write_text("[[card]]\nname = \"X\"\npower = " + "7" * 4400 + "\n")
    _replay_exit_2(tmp_path, "g.toml", 'format = 1\ncards = ["big_cards.toml"]\n' + TWO,
                   "big_cards.toml", "too many digits")


def test_text_over_the_limit(tmp_path):
    title = "x" * (limits.MAX_TEXT + 1)
    _replay_exit_2(tmp_path, "long.toml", f'format = 1\ntitle = "{title}"\n' + TWO,
                   "at title", f"over the limit of {limits.MAX_TEXT}")


def test_too_many_players(tmp_path):
    players = "".join(f'[[players]]\nname = "P{i}"\n' for i in range(limits.MAX_PLAYERS + 1))
    _replay_exit_2(tmp_path, "crowd.toml", "format = 1\n" + players,
                   "at players", f"over the limit of {limits.MAX_PLAYERS}")


def test_too_many_cards(tmp_path):
    lib = ", ".join(['"Forest"'] * (limits.MAX_CARDS + 1))
    _replay_exit_2(tmp_path, "many.toml", f'format = 1\n[[players]]\nname = "A"\nlibrary = [{lib}]\n',
                   "players[1]", f"more than {limits.MAX_CARDS} cards")


def test_x_and_counters_over_the_limit(tmp_path):
    over = limits.MAX_AMOUNT + 1
    _replay_exit_2(tmp_path, "x.toml", "format = 1\n" + TWO +
                   f'[[actions]]\nplayer = "Alice"\ncast = "Hangarback Walker"\nx = {over}\n',
                   "actions[1].x", f"at most {limits.MAX_AMOUNT}")
    _replay_exit_2(tmp_path, "c.toml", 'format = 1\n[[players]]\nname = "A"\n'
                   f'[[players.battlefield]]\ncard = "Hangarback Walker"\ncounters = {{ "+1/+1" = {over} }}\n',
                   "counters", f"at most {limits.MAX_AMOUNT}")


def test_readme_lists_the_limits():
    readme = (ROOT / "README.md").read_text()
    section = readme.split("## Limits", 1)[1].split("\n## ", 1)[0]
    rows = re.findall(r"^\| (.+?) \| ([\d,]+) \|$", section, re.M)
    assert [(what, int(n.replace(",", ""))) for what, n in rows] == list(limits.LIMITS)


@pytest.mark.fuzz
def test_set_up_of_many_identical_library_cards(tmp_path, fuzz_budget):
    """Object ids are allocated without probing from 1 each time (100,000 cards took hours).
    No timing assertion here: this checks the ids are still <slug>-1..N; 10,000 cards by
    default, 100,000 under `pytest -m fuzz`."""
    n = 100_000 if fuzz_budget.long else 10_000
    data = {"format": 1, "players": [{"name": "A", "library": ["Forest"] * n}, {"name": "B"}]}
    recorded, pool = parse_recorded_game(data, tmp_path / "big.toml", load_pool())
    game = Game(pool)
    events = game.setup(recorded)
    ids = [e.event.object_id for e in events if type(e.event).__name__ == "CardPlaced"]
    assert ids == [f"forest-{i}" for i in range(1, n + 1)]
