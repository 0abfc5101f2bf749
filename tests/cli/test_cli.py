"""The command line as other programs use it (GAME_FORMAT.md): output, exit codes, nothing lost."""
from __future__ import annotations

import json
import sqlite3
from contextlib import closing
from pathlib import Path

import pytest

from scenario import GAMES, CliRun, cli, play

EXAMPLE = str(Path(__file__).resolve().parents[2] / "examples" / "forest_and_elves.toml")


@pytest.fixture(scope="module")
def example(tmp_path_factory: pytest.TempPathFactory) -> tuple[str, CliRun]:
    """EXAMPLE replayed once by a real `python -m simulator replay --json` for the tests of
    this module that only read it (each process costs ~0.5 s): its database and its output."""
    db = str(tmp_path_factory.mktemp("example") / "g.sqlite")
    r = cli("replay", EXAMPLE, "--json", "--db", db)
    assert r.code == 0, r.err
    return db, r


def _own_copy(db: str, tmp_path: Path) -> str:
    """A private copy of a shared database, for a test that writes to it."""
    copy = str(tmp_path / "own.sqlite")
    with closing(sqlite3.connect(db)) as src, closing(sqlite3.connect(copy)) as dst:
        src.backup(dst)
    return copy


def test_replay_json_matches_the_contract(example):
    out = example[1].json()
    for key in ("game", "events", "turn", "active", "step", "players", "battlefield", "stack", "pending"):
        assert key in out
    assert (out["turn"], out["active"], out["step"]) == (2, "Bob", "main1")
    alice = out["players"][0]
    assert set(alice) >= {"name", "life", "mana_pool", "library", "hand", "graveyard", "exile"}
    assert alice["library"] == ["Forest", "Grizzly Bears", "Forest"]        # top first
    forest = next(b for b in out["battlefield"] if b["id"] == "forest-a")
    assert forest == {**forest, "card": "Forest", "controller": "Alice", "owner": "Alice", "tapped": True,
                      "counters": {}, "types": ["Land"], "subtypes": ["Forest"], "power": None,
                      "toughness": None}
    elves = next(b for b in out["battlefield"] if b["card"] == "Llanowar Elves")
    assert (elves["power"], elves["toughness"]) == (1, 1)
    # battlefield in the order permanents entered
    assert [b["card"] for b in out["battlefield"]] == ["Forest", "Wild Growth", "Llanowar Elves", "Forest", "Island"]
    assert out["pending"] is None and out["stack"] == []


def test_python_dash_m_and_readable_default_output(tmp_path):
    r = cli("replay", EXAMPLE, "--db", str(tmp_path / "g.sqlite"))
    assert r.code == 0
    assert "forest-a" in r.out and "Turn 2" in r.out


def test_invalid_file_exit_2_nothing_written(tmp_path):
    bad = tmp_path / "bad.toml"
    bad.write_text('format = 1\n[[players]]\nname = "Alice"\nhand = ["Forrest"]\n')
    db = tmp_path / "g.sqlite"
    r = cli("replay", str(bad), "--db", str(db))
    assert r.code == 2
    assert "bad.toml" in r.err and "players[1].hand[1]" in r.err and "Forrest" in r.err
    assert "Traceback" not in r.err
    assert not db.exists()


def test_invalid_file_leaves_existing_database_untouched(tmp_path, example):
    db = _own_copy(example[0], tmp_path)
    before = sqlite3.connect(db).execute("select count(*) from events").fetchone()[0]
    for name in ("unknown_top_key.toml", "duplicate_id.toml", "dangling_attached.toml"):
        r = cli("replay", str(GAMES / "invalid" / name), "--db", db)
        assert r.code == 2, (name, r.err)
        assert name in r.err
    after = sqlite3.connect(db).execute("select count(*) from events").fetchone()[0]
    assert after == before


def test_illegal_action_exit_3_keeps_earlier_events(tmp_path):
    db = str(tmp_path / "g.sqlite")
    r = cli("replay", str(GAMES / "spine_tapped_land.toml"), "--json", "--db", db)
    assert r.code == 3
    game_line, message = r.err.strip().splitlines()       # the game id first (issue 11), then the error
    assert game_line == f"game {r.json()['game']}"
    assert message == "action 2: Alice cannot activate forest-a: it is tapped (107.5)"
    state = r.json()                      # the state after the last legal decision
    assert state["players"][0]["mana_pool"] == {"G": 1}
    log = cli("log", "--db", db, "--json").json()
    assert [e["type"] for e in log].count("AbilityActivated") == 1
    assert log[-1]["seq"] == state["events"]


def test_state_at_and_log_and_verify(example):
    db = example[0]
    log = cli("log", "--db", db, "--json").json()
    produced = next(e for e in log if e["type"] == "ManaProduced")
    before = cli("state", "--db", db, "--at", str(produced["seq"] - 2), "--json").json()
    after = cli("state", "--db", db, "--at", str(produced["seq"]), "--json").json()
    assert next(b for b in before["battlefield"] if b["id"] == "forest-a")["tapped"] is False
    assert next(b for b in after["battlefield"] if b["id"] == "forest-a")["tapped"] is True
    assert after["events"] == produced["seq"]
    # every event has a type and (for all but the game's creation) a rule
    assert all(e["rule"] for e in log[1:])
    only = cli("log", "--db", db, "--type", "ManaProduced", "--json").json()
    assert {e["type"] for e in only} == {"ManaProduced"}
    rules = cli("log", "--db", db, "--rule", "106.12", "--json").json()
    assert rules and all(e["rule"].startswith("106.12") for e in rules)
    v = cli("verify", "--db", db)
    assert v.code == 0 and "hash chain intact" in v.out


def test_verify_detects_tampering(tmp_path, example):
    """An edited payload breaks the hash chain: verify names the game and seq (exit 1)."""
    db = _own_copy(example[0], tmp_path)
    con = sqlite3.connect(db)
    con.execute("DROP TRIGGER IF EXISTS events_no_update")
    for (name,) in con.execute("select name from sqlite_master where type='trigger'").fetchall():
        con.execute(f'DROP TRIGGER "{name}"')
    seq = con.execute("select seq from events where type='ManaAdded' order by seq limit 1").fetchone()[0]
    payload = json.loads(con.execute("select payload from events where seq=?", (seq,)).fetchone()[0])
    payload["mana"] = {"G": 5}
    con.execute("update events set payload=? where seq=?", (json.dumps(payload), seq))
    con.commit()
    game = con.execute("select game_id from games").fetchone()[0]
    con.close()
    v = cli("verify", "--db", db)
    assert v.code == 1
    assert game in v.err and f"seq {seq}" in v.err


def test_unknown_game_or_missing_db_is_a_clear_error(tmp_path, example):
    r = cli("state", "--db", str(tmp_path / "nope.sqlite"))
    assert r.code == 2 and "no database" in r.err and "Traceback" not in r.err
    db = example[0]
    r = cli("why", "--db", db, "99999")
    assert r.code == 2 and "no event #99999" in r.err
    r = cli("state", "--db", db, "no-such-game")
    assert r.code == 2 and "no game" in r.err


def test_replay_and_audit_on_either_database(tmp_path, store_url):
    """The same commands on SQLite and on PostgreSQL by URL (the CI starts a real server)."""
    r = cli("replay", EXAMPLE, "--json", "--db", store_url)
    assert r.code == 0, r.err
    state = r.json()
    assert cli("verify", "--db", store_url).code == 0
    again = cli("state", "--db", store_url, "--json").json()
    assert again == state
    report = cli("triggers", "--db", store_url, "--json").json()
    assert [t["source"] for t in report] == ["Wild Growth"]
    why = cli("why", "--db", store_url, str(report[0]["seq"]))
    assert why.code == 0 and "106.12a" in why.out and "[the player's decision]" in why.out


# --------------------------------------------------------------------------- priority and game_over

def test_json_priority_is_the_player_holding_it(example):
    """117.1: `priority` names the player holding priority; `game_over` is null while the game goes on."""
    out = example[1].json()
    assert out["priority"] == "Bob" and out["active"] == "Bob"
    assert out["game_over"] is None


def test_json_priority_is_null_while_a_choice_is_pending(tmp_path):
    """A pending choice (explore reveals a nonland card, 701.44a) is answered before anyone gets
    priority: `priority` is null and `pending` names who must answer."""
    r = cli("replay", str(GAMES / "explore_branchwalker_pending_choice.toml"), "--json",
            "--db", str(tmp_path / "g.sqlite"))
    assert r.code == 0, r.err
    out = r.json()
    assert out["pending"]["kind"] == "explore" and out["pending"]["player"] == "Alice"
    assert out["priority"] is None and out["game_over"] is None


def test_json_game_over_after_drawing_from_an_empty_library(tmp_path):
    """704.5b: Bob drew from an empty library and lost; Alice wins (104.2a). `game_over` names
    winners, losers and the rule; `priority` is null. The action after it is illegal: exit 3,
    naming the action, the player, how the game ended and rule 104.1; --json still prints the
    final state."""
    db = tmp_path / "g.sqlite"
    r = cli("replay", str(GAMES / "over_draw_from_empty_library.toml"), "--json", "--db", str(db))
    assert r.code == 3
    assert r.err.strip().splitlines()[-1] == ("action 2: Alice cannot play Forest: the game is over: "
                                              "Bob lost by 704.5b (104.1)")
    out = r.json()
    assert out["game_over"] == {"winners": ["Alice"], "losers": ["Bob"], "rule": "704.5b"}
    assert out["priority"] is None and out["pending"] is None
    assert (out["turn"], out["active"], out["step"]) == (2, "Bob", "draw")
    assert next(p for p in out["players"] if p["name"] == "Alice")["hand"] == ["Forest"]
    events = sqlite3.connect(db).execute("select type, rule from events order by seq").fetchall()
    assert events[-2:] == [("PlayerLost", "704.5b"), ("GameEnded", "104.2a")]


def test_every_kind_of_action_is_illegal_once_the_game_is_over(tmp_path):
    """104.1: pass, resolve, advance, choose and cast after the game ended are illegal (the
    library behind the exit-3 message above), and write nothing."""
    base = (GAMES / "over_draw_from_empty_library.toml").read_text()
    base = base[:base.index('[[actions]]\nplayer = "Alice"\nplay')]
    for i, (action, what) in enumerate([('player = "Alice"\npass = true', "Alice cannot pass priority"),
                                        ("resolve = true", "cannot resolve the top of the stack"),
                                        ('advance = "main2"', "cannot advance to main2"),
                                        ('player = "Bob"\nchoose = "top"', "Bob cannot choose 'top'"),
                                        ('player = "Alice"\ncast = "Forest"', "Alice cannot cast Forest")]):
        game = tmp_path / f"over{i}.toml"
        game.write_text(f"{base}[[actions]]\n{action}\n")
        p = play(str(game), tmp_path / f"db{i}")
        assert str(p.error) == f"action 2: {what}: the game is over: Bob lost by 704.5b (104.1)"
        assert p.log[max(p.log)].type == "GameEnded"          # the illegal action wrote nothing


# --------------------------------------------------------------------------- every command from outside

# Most tests run the command line in-process (tests/clirun.py: `simulator.cli.main` with captured
# output), a subprocess costing ~0.5 s each. Here every command and exit status that those tests
# check runs as a real `python -m simulator` process too, and the in-process runner must see
# exactly the same status, standard output and standard error.
_CHECK_BAD = '[[expect]]\nplayer = "Alice"\nlife = 19\n'
_CHECK_MALFORMED = '[[expect]]\nplayer = "Alice"\nlfe = 20\n'


@pytest.fixture(scope="module")
def contract_files(tmp_path_factory: pytest.TempPathFactory, example) -> dict[str, str]:
    d = tmp_path_factory.mktemp("contract")
    game = (GAMES / "explore_jadelight_kept_twice.toml").read_text()
    (d / "bad.toml").write_text(game + _CHECK_BAD)
    (d / "malformed.toml").write_text(game + _CHECK_MALFORMED)
    return {"DB": example[0], "GOOD": str(GAMES / "explore_jadelight_kept_twice.toml"),
            "BAD": str(d / "bad.toml"), "MALFORMED": str(d / "malformed.toml"),
            "NODB": str(d / "none.sqlite"), "OUT": str(d)}


@pytest.mark.parametrize("args, code", [
    ((), 0),
    (("--version",), 0),
    (("completion", "bash"), 0),
    (("cards", "Wild Growth"), 0),
    (("cards", "Wild Grwoth"), 2),
    (("check", "GOOD"), 0),
    (("check", "GOOD", "BAD"), 1),
    (("check", "MALFORMED"), 2),
    (("games", "--db", "DB", "--json"), 0),
    (("head", "--db", "DB"), 0),
    (("state", "--db", "DB"), 0),
    (("log", "--db", "DB", "--type", "AbilityTrigger"), 2),
    (("log", "--db", "DB", "--nl", "--rule", "106.12"), 0),
    (("why", "--db", "DB", "9", "--json"), 0),
    (("export", "--db", "DB", "--json"), 0),
    (("export", "--db", "DB", "--at", "999"), 2),
    (("view", "--db", "DB", "-o", "OUT/{}.html"), 0),
    (("view", "--db", "NODB", "-o", "OUT/{}.html"), 2),
    (("apply", "--db", "DB", '{player = "Alice", chose = "top"}'), 2),     # invalid: writes nothing
    (("apply", "--db", "DB", '{player = "Alice", choose = "top"}'), 3),    # illegal: writes nothing
], ids=lambda v: (" ".join(v) or "no arguments") if isinstance(v, tuple) else str(v))
def test_every_command_as_a_real_process_and_in_process_alike(contract_files, args, code):
    from clirun import run

    def argv(runner: str) -> list[str]:
        out = []
        for a in args:
            for k, v in contract_files.items():
                a = a.replace(k, v) if a == k or a.startswith(k + "/") else a
            out.append(a.replace("{}", runner))
        return out

    real = cli(*argv("real"))
    assert real.code == code, real.err
    assert "Traceback" not in real.err
    inproc = run(*argv("inproc"))
    assert (inproc.code, inproc.out.replace("inproc", "real"), inproc.err.replace("inproc", "real")) == \
        (real.code, real.out, real.err)
