"""`[[expect]]` in recorded games, checked by `simulator check` (exit 0 all met, 1 with a readable
diff naming file, expectation and actual value; 2 for a malformed expectation; --json).
Every game in tests/games/ with expectations is checked here (the scenario tests of
test_spine.py moved their state assertions into their game files)."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from clirun import run as cli   # in-process; the subprocess contract: test_cli.py, test_exit_status.py
from scenario import GAMES
from simulator.base.errors import InvalidGameFile
from simulator.tools.expect import check_file

WITH_EXPECT = sorted(p for p in GAMES.glob("*.toml") if "[[expect]]" in p.read_text())


def test_a_dozen_games_carry_expectations():
    assert len(WITH_EXPECT) >= 12


@pytest.mark.parametrize("path", WITH_EXPECT, ids=[p.stem for p in WITH_EXPECT])
def test_expectations_in_the_game_files_are_met(path: Path) -> None:
    result = check_file(path)
    assert result.checked >= 1
    assert result.ok, "\n".join(f.text() for f in result.failures)


GAME = '''format = 1
[[players]]
name = "Alice"
  [[players.battlefield]]
  card = "Forest"
  id = "fa"
[[players]]
name = "Bob"
[[actions]]
player = "Alice"
activate = "fa"
'''


def test_check_passes_and_fails_with_a_readable_diff(tmp_path: Path) -> None:
    good = tmp_path / "good.toml"
    good.write_text(GAME + '[[expect]]\nafter = 1\nplayer = "Alice"\nmana_pool = { G = 1 }\n'
                           '[[expect]]\npermanent = "fa"\ntapped = true\npending = "none"\n'
                           'triggers = { "Forest" = 0 }\n')
    bad = tmp_path / "bad.toml"
    bad.write_text(GAME + '[[expect]]\nplayer = "Alice"\nlife = 19\nmana_pool = { G = 2 }\n'
                          '[[expect]]\npermanent = "fa"\ntapped = false\nstack = 1\n')
    r = cli("check", str(good))
    assert r.code == 0 and "2 expectation(s) met" in r.out, r.err
    r = cli("check", str(good), str(bad))
    assert r.code == 1
    lines = r.out.splitlines()
    assert f"{bad}: expect[1] (at the end, Alice) life: expected 19, got 20" in lines
    assert f"{bad}: expect[1] (at the end, Alice) mana_pool: expected {{'G': 2}}, got {{'G': 1}}" in lines
    assert f"{bad}: expect[2] (at the end, fa) tapped: expected False, got True" in lines
    assert f"{bad}: expect[2] (at the end, fa) stack: expected 1, got 0" in lines
    data = json.loads(cli("check", str(good), str(bad), "--json").out)
    assert [d["ok"] for d in data] == [True, False]
    assert data[1]["failures"][0] == {**data[1]["failures"][0], "expectation": "expect[1] (at the end, Alice)",
                                      "key": "life", "expected": 19, "actual": 20}


def test_an_expectation_after_an_illegal_action_is_unmet(tmp_path: Path) -> None:
    f = tmp_path / "stops.toml"
    f.write_text(GAME + '[[actions]]\nplayer = "Alice"\nactivate = "fa"\n'
                        '[[expect]]\nafter = 2\nplayer = "Alice"\nlife = 20\n')
    result = check_file(f)
    assert not result.ok and "it is tapped (107.5)" in result.failures[0].actual
    assert result.stopped == "action 2: Alice cannot activate fa: it is tapped (107.5)"


@pytest.mark.parametrize("expect,key,problem", [
    ('lfe = 20\nplayer = "Alice"', "expect[1].lfe", "did you mean 'life'"),
    ("life = 20", "expect[1].life", "add player"),
    ('after = 5\nplayer = "Alice"\nlife = 20', "expect[1].after", "1..1"),
    ('player = "Alicia"\nlife = 20', "expect[1].player", "unknown player 'Alicia'"),
    ('permanent = "fa"\ntapped = "yes"', "expect[1].tapped", "true or false"),
])
def test_malformed_expectations_are_invalid_input(tmp_path: Path, expect: str, key: str, problem: str) -> None:
    f = tmp_path / "bad.toml"
    f.write_text(GAME + "[[expect]]\n" + expect + "\n")
    with pytest.raises(InvalidGameFile) as e:
        check_file(f)
    assert e.value.key == key and problem in str(e.value)


def test_check_cli_exit_2_for_a_malformed_expectation(tmp_path: Path) -> None:
    f = tmp_path / "bad.toml"
    f.write_text(GAME + '[[expect]]\nplayer = "Alice"\nlfe = 20\n')
    r = cli("check", str(f))
    assert r.code == 2 and "expect[1].lfe" in r.err and "Traceback" not in r.err
