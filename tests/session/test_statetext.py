"""The state for people: repeated cards grouped (order kept), a clear answer before the first
event, colour only on a terminal (or when asked)."""
from __future__ import annotations

from pathlib import Path

from clirun import run as cli   # in-process; the subprocess contract: test_cli.py, test_exit_status.py

from simulator.session.statetext import group_runs, permanent_rows, plain_state, zone_text

GAME = """format = 1
[[players]]
name = "Alice"
library = ["Forest", "Forest", "Forest", "Grizzly Bears", "Forest"]
  [[players.battlefield]]
  card = "Forest"
  [[players.battlefield]]
  card = "Forest"
  [[players.battlefield]]
  card = "Forest"
  [[players.battlefield]]
  card = "Forest"
  id = "enchanted"
  [[players.battlefield]]
  card = "Wild Growth"
  attached = "enchanted"
  [[players.battlefield]]
  card = "Forest"
  tapped = true
[[players]]
name = "Bob"
library = [%s]
""" % ", ".join(['"Island"'] * 100)


def test_runs_keep_order() -> None:
    assert group_runs(["a", "a", "b", "a"]) == [("a", 2), ("b", 1), ("a", 1)]
    assert zone_text(["Forest"] * 3 + ["Grizzly Bears", "Forest"]) == "Forest ×3, Grizzly Bears, Forest"


def _perm(i: str, card: str = "Forest", tapped: bool = False) -> dict:
    return {"id": i, "card": card, "tapped": tapped, "counters": {}, "power": None, "toughness": None,
            "types": ["Land"], "subtypes": ["Forest"]}


def test_identical_permanents_share_a_row_from_three() -> None:
    rows = permanent_rows([_perm("f1"), _perm("f2"), _perm("f3"), _perm("f4", tapped=True),
                           _perm("f5"), _perm("f6")])
    assert [(r.ids, r.name) for r in rows] == [("f1…f3", "Forest ×3"), ("f4", "Forest"),
                                               ("f5", "Forest"), ("f6", "Forest")]
    # an enchanted permanent keeps its own row (its id is what the Aura's line names)
    rows = permanent_rows([_perm("f1"), _perm("f2"), _perm("f3")], {"f2"})
    assert [r.ids for r in rows] == ["f1", "f2", "f3"]


def test_text_state_groups_a_hundred_islands(tmp_path: Path) -> None:
    game = tmp_path / "many.toml"
    game.write_text(GAME, encoding="utf-8")
    r = cli("replay", str(game), "--db", str(tmp_path / "g.sqlite"))
    assert r.code == 0, r.err
    assert "  library   Island ×100\n" in r.out
    assert "  library   Forest ×3, Grizzly Bears, Forest\n" in r.out
    assert "forest-1…forest-3  Forest ×3 [Land — Forest]" in r.out
    assert "\x1b[" not in r.out          # piped: plain text


def test_before_the_first_event() -> None:
    j = {"game": "g", "title": "t", "players": [], "battlefield": [], "stack": [], "pending": None,
         "turn": 1, "active": "", "step": "main1", "priority": None}
    text = plain_state(j, 0)
    assert "'s main1" not in text and "nothing exists yet" in text


def test_state_at_0_is_a_clear_answer(tmp_path: Path) -> None:
    db = str(tmp_path / "g.sqlite")
    game = str(Path(__file__).resolve().parents[2] / "examples" / "legend_rule.toml")
    assert cli("replay", game, "--db", db).code == 0
    r = cli("state", "--db", db, "--at", "0")
    assert r.code == 0 and "Turn 1, 's" not in r.out and "nothing exists yet" in r.out


def test_colour_when_forced(tmp_path: Path) -> None:
    db = str(tmp_path / "g.sqlite")
    game = str(Path(__file__).resolve().parents[2] / "examples" / "legend_rule.toml")
    assert cli("replay", game, "--db", db).code == 0
    r = cli("state", "--db", db, "--color", "always")
    assert r.code == 0 and "\x1b[" in r.out and "cradle-a" in r.out
