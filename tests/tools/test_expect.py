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
    assert f"{bad}: expect[1] (at the end, Alice) mana_pool: expected {{G}}{{G}}, got {{G}}" in lines
    assert f"{bad}: expect[2] (at the end, fa) tapped: expected false, got true" in lines
    assert f"{bad}: expect[2] (at the end, fa) stack: expected 1, got 0" in lines
    data = json.loads(cli("check", str(good), str(bad), "--json").out)
    assert [d["ok"] for d in data] == [True, False]
    assert data[1]["failures"][0] == {**data[1]["failures"][0], "expectation": "expect[1] (at the end, Alice)",
                                      "key": "life", "expected": 19, "actual": 20}
    # mana as the rules write it (issue 23), not a Python dict's repr
    assert data[1]["failures"][1] == {**data[1]["failures"][1], "key": "mana_pool",
                                      "expected": "{G}{G}", "actual": "{G}"}
    assert "{'G'" not in json.dumps(data)


def test_an_expectation_after_an_illegal_action_is_unmet(tmp_path: Path) -> None:
    f = tmp_path / "stops.toml"
    f.write_text(GAME + '[[actions]]\nplayer = "Alice"\nactivate = "fa"\n[[actions]]\npass = true\nplayer = "Alice"\n'
                        '[[expect]]\nafter = 3\nplayer = "Alice"\nlife = 20\n')
    result = check_file(f)
    assert not result.ok and "it is tapped (107.5)" in result.failures[0].actual
    assert result.stopped == "action 2: Alice cannot activate fa: it is tapped (107.5)"


TAPPED_TWICE = GAME + '[[actions]]\nplayer = "Alice"\nactivate = "fa"\n'


def test_a_stop_no_expectation_names_fails_check(tmp_path: Path) -> None:
    """Issue 23: a game that stopped on an illegal action passed `check` (ok with a `stopped`
    field, the text silent). Now the stop is a failure that names the action, the rule, and how
    to expect it (107.5: a tapped permanent cannot be tapped again for a {T} cost)."""
    f = tmp_path / "stops.toml"
    f.write_text(TAPPED_TWICE + '[[expect]]\nafter = 1\nplayer = "Alice"\nmana_pool = { G = 1 }\n')
    r = cli("check", str(f))
    assert r.code == 1
    assert r.out.splitlines() == [
        f"{f}: the replay stopped, and no [[expect]] names this stop: action 2: Alice cannot activate fa: "
        f"it is tapped (107.5); if it is meant, add [[expect]] with after = 2 and illegal = \"107.5\" "
        f"(or stopped_at = 2)"]
    data = json.loads(cli("check", str(f), "--json").out)[0]
    assert data["ok"] is False and data["stopped_at"] == 2
    assert data["failures"][0]["key"] == "stopped"


def test_illegal_expects_the_refusal_and_its_rule(tmp_path: Path) -> None:
    """`illegal = "107.5"` with `after = 2`: action 2 must be refused with 107.5 (the stop is then
    expected); expectations of that table read the state where the game stopped (the refused
    action wrote nothing). A different rule, or the action applied, fails."""
    f = tmp_path / "stops.toml"
    f.write_text(TAPPED_TWICE + '[[expect]]\nafter = 2\nillegal = "107.5"\nplayer = "Alice"\n'
                                'mana_pool = { G = 1 }\n')
    r = cli("check", str(f))
    assert r.code == 0, r.out
    assert r.out == (f"{f}: 1 expectation(s) met; stopped as expected: action 2: Alice cannot activate fa: "
                     f"it is tapped (107.5)\n")
    f.write_text(TAPPED_TWICE + '[[expect]]\nafter = 2\nillegal = "302.6"\n')
    r = cli("check", str(f))
    assert r.code == 1
    assert r.out.splitlines() == [
        f'{f}: expect[1] (after action 2) illegal: expected "action 2 refused (302.6)", '
        f'got "refused with 107.5: action 2: Alice cannot activate fa: it is tapped (107.5)"']
    f.write_text(GAME + '[[actions]]\nplayer = "Alice"\npass = true\n[[expect]]\nafter = 1\nillegal = "107.5"\n')
    r = cli("check", str(f))
    assert r.code == 1 and 'illegal: expected "action 1 refused (107.5)", got "action 1 was applied"' in r.out


def test_stopped_at_an_illegal_action_or_an_unanswered_choice(tmp_path: Path) -> None:
    """`stopped_at = N`: the game stops at action N, refused or (its last action) waiting on a
    choice the file does not answer (explore of a nonland card, 701.44a: a `choose` is due)."""
    f = tmp_path / "stops.toml"
    f.write_text(TAPPED_TWICE + '[[expect]]\nstopped_at = 2\n')
    assert check_file(f).ok
    f.write_text(TAPPED_TWICE + '[[expect]]\nstopped_at = 1\n')
    result = check_file(f)
    assert [(x.key, x.expected, x.actual) for x in result.failures][0] == ("stopped_at", 1, "stopped at action 2")
    assert result.failures[1].key == "stopped"      # and the stop at 2 is named by none
    waiting = GAMES / "explore_pending_uninterruptible.toml"
    text = waiting.read_text()
    cut = text[:text.rindex("[[actions]]")]          # without action 6 (Bob's illegal pass)
    n = cut.count("[[actions]]")
    g = tmp_path / "waits.toml"
    g.write_text(cut + f"[[expect]]\nstopped_at = {n}\n", encoding="utf-8")
    r = check_file(g)
    assert r.ok, [x.text() for x in r.failures]
    assert r.stop_action == n and "Alice must answer the pending explore choice" in (r.stopped or "")
    g.write_text(cut + "[[expect]]\nstopped_at = 1\n", encoding="utf-8")
    assert not check_file(g).ok


LOSES = '''format = 1
[[players]]
name = "Alice"
life = 1
  [[players.battlefield]]
  card = "Utopia Sprawl"
  id = "sprawl"
  attached = "fa"
  chosen = { color = "R" }
  [[players.battlefield]]
  card = "Forest"
  id = "fa"
[[players]]
name = "Bob"
'''


def test_lost_game_over_and_chosen(tmp_path: Path) -> None:
    """`lost` (true, false or the rule: 704.5a, life 0 or less), `game_over` (the keys given)
    and a permanent's `chosen` (614.12: the color chosen as Utopia Sprawl entered)."""
    f = tmp_path / "g.toml"
    f.write_text(LOSES + '''
[[expect]]
player = "Alice"
lost = false
[[expect]]
player = "Bob"
lost = false
[[expect]]
game_over = false
[[expect]]
permanent = "sprawl"
chosen = { color = "R" }
[[expect]]
permanent = "fa"
chosen = {}
subtypes = ["Forest"]
''')
    result = check_file(f)
    assert result.ok, [x.text() for x in result.failures]
    f.write_text(LOSES + '''
[[expect]]
player = "Alice"
lost = "704.5a"
[[expect]]
game_over = { winners = ["Bob"] }
[[expect]]
permanent = "sprawl"
chosen = { color = "G" }
''')
    result = check_file(f)
    assert [(x.key, x.expected, x.actual) for x in result.failures] == [
        ("lost", "704.5a", False), ("game_over", {"winners": ["Bob"]}, None),
        ("chosen", {"color": "G"}, {"color": "R"})]


@pytest.mark.parametrize("expect,key,problem", [
    ('lfe = 20\nplayer = "Alice"', "expect[1].lfe", "did you mean 'life'"),
    ("life = 20", "expect[1].life", "add player"),
    ('illegal = "302.6"', "expect[1].illegal", "add after = N"),
    ("after = 1\nillegal = 302", "expect[1].illegal", "the rule number"),
    ("stopped_at = 9", "expect[1].stopped_at", "1..1"),
    ('game_over = { winner = "Alice" }', "expect[1].game_over", "winners, losers"),
    ('player = "Alice"\nlost = 1', "expect[1].lost", "the rule the player lost by"),
    ('chosen = { color = "R" }', "expect[1].chosen", "add permanent"),
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
