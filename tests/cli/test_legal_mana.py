"""`simulator legal` and `simulator mana` (issue 23): the decisions a player may make now, as
recorded-game actions (the same list as `legal_decisions`), and what each of a player's
permanents could produce now, by ability and mana choice, with the rules' own answer (106.7,
replacement effects and triggered mana abilities included; a refusal names its rule)."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from clirun import run as cli
from simulator.session.recorder import replay_file
from simulator.game.state import GameState, project
from simulator.tools.legal import legal_decisions

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def _db(tmp_path: Path, name: str) -> tuple[str, int]:
    """The example replayed into a database, and the seq just before its first activation."""
    db = str(tmp_path / "g.sqlite")
    assert cli("replay", str(EXAMPLES / name), "--db", db).code == 0
    log = replay_file(EXAMPLES / name, None).game.events
    return db, next(e.seq for e in log if e.type == "AbilityActivated") - 1


def test_legal_is_legal_decisions(tmp_path: Path) -> None:
    db, before = _db(tmp_path, "city_of_brass.toml")
    r = cli("legal", "--db", db, "--at", str(before), "--json")
    assert r.code == 0, r.err
    out = json.loads(r.out)
    game = replay_file(EXAMPLES / "city_of_brass.toml", None).game
    state = project(game.events, GameState(game_id="x"), upto=before)
    assert [d["action"] for d in out] == [d.action for d in legal_decisions(state, game.pool)]
    assert {"player": "Alice", "pass": True} in [d["action"] for d in out]
    assert {"player": "Alice", "activate": "city", "ability": 1, "mana": "R"} in [d["action"] for d in out]
    assert set(out[0]) == {"player", "action", "toml", "label"}
    text = cli("legal", "--db", db, "--at", str(before)).out
    assert '{player = "Alice", activate = "city", ability = 1, mana = "R"}' in text
    assert "  1. Alice: pass priority" in text


def test_mana_reads_replacement_effects_and_triggers(tmp_path: Path) -> None:
    """Forest under Mana Reflection (106.12b: the mana doubled) and Wild Growth (106.12a: {G} more)
    adds {G}{G}{G} when tapped; once tapped it cannot (107.5)."""
    db, before = _db(tmp_path, "wild_growth_and_mana_reflection.toml")
    out = json.loads(cli("mana", "--db", db, "--at", str(before), "--json").out)
    assert out["player"] == "Alice"
    forest = next(p for p in out["permanents"] if p["id"] == "forest-a")
    assert forest["could_produce"] == ["G"]
    [ability] = forest["abilities"]
    assert (ability["number"], ability["text"], ability["cost"]) == (1, "{T}: Add {G}.", "{T}")
    [choice] = ability["choices"]
    assert choice == {**choice, "mana": None, "adds": "{G}{G}{G}", "mana_pool": {"G": 3}, "legal": True,
                      "why_not": None}
    assert any("Wild Growth" in x for x in choice["also"])
    now = json.loads(cli("mana", "--db", db, "--json").out)
    [c] = next(p for p in now["permanents"] if p["id"] == "forest-a")["abilities"][0]["choices"]
    assert c["legal"] is False and c["why_not"] == "it is tapped (107.5)"
    assert "cannot now: it is tapped (107.5)" in cli("mana", "--db", db).out


def test_mana_of_a_land_of_any_color_and_a_chosen_color(tmp_path: Path) -> None:
    """City of Brass: one choice per color, each with the damage trigger that comes with it; the
    text output lists what each adds."""
    db, before = _db(tmp_path, "city_of_brass.toml")
    out = json.loads(cli("mana", "--db", db, "--at", str(before), "--json").out)
    city = next(p for p in out["permanents"] if p["id"] == "city")
    choices = city["abilities"][0]["choices"]
    assert [c["mana"] for c in choices] == ["W", "U", "B", "R", "G"]
    assert [c["adds"] for c in choices] == ["{W}", "{U}", "{B}", "{R}", "{G}"]
    assert all(any("City of Brass" in x and "damage" in x for x in c["also"]) for c in choices)
    text = cli("mana", "--db", db, "--at", str(before)).out
    assert 'mana = "R": adds {R}' in text and "city (City of Brass): could produce {W}{U}{B}{R}{G}" in text


def test_mana_player_option_and_bad_input(tmp_path: Path) -> None:
    db, before = _db(tmp_path, "city_of_brass.toml")
    out = json.loads(cli("mana", "--db", db, "--player", "Bob", "--json").out)
    assert out == {"player": "Bob", "permanents": []}
    r = cli("mana", "--db", db, "--player", "Zed")
    assert r.code == 2 and "no such player" in r.err and "Alice, Bob" in r.err
    r = cli("legal", "--db", db, "--at", "999")
    assert r.code == 2 and "no event 999" in r.err


@pytest.mark.parametrize("name", ["legal", "mana"])
def test_help_has_an_example(name: str) -> None:
    r = cli(name, "--help")
    assert r.code == 0 and f"simulator {name} --db game.sqlite" in r.out
