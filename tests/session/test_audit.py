"""The audit: `simulator triggers`, `why` (text, --json, --dot) and `log` filters (GAME_FORMAT.md,
"Database and audit"), and the cause chain of every trigger in every recorded test game."""
from __future__ import annotations

import json
import tomllib
from pathlib import Path

import pytest

from clirun import run as cli   # in-process; the subprocess contract: test_cli.py, test_exit_status.py
from scenario import GAMES, game_path, migrated_db, play
from simulator.session import audit
from simulator.game import events as ev
from simulator.session.recorder import read_envelopes, replay_file
from simulator.store import EventStore


def _replay(name: str, tmp_path: Path) -> str:
    db = str(tmp_path / "audit.sqlite")
    r = cli("replay", str(game_path(name)), "--db", db)
    assert r.code == 0, r.err
    return db


def _seq(p, type_name: str, **match) -> int:
    """The seq of the only event of `type_name` whose payload has the given values."""
    found = [e.seq for e in p.events(type_name)
             if all(e.event.payload().get(k) == v for k, v in match.items())]
    assert len(found) == 1, (type_name, match, found)
    return found[0]


# --------------------------------------------------------------------------- simulator triggers --json

def test_triggers_json_for_wild_growth_matches_the_contract(tmp_path):
    """GAME_FORMAT: seq, source (card name), source_id, controller, rule, cause from the event that triggered
    it back to the player's decision (last)."""
    p = play("trig_wild_growth", tmp_path)
    r = cli("triggers", "--db", p.db, "--json")
    assert r.code == 0, r.err
    report = r.json()
    trig = _seq(p, "AbilityTriggered", source="wild-growth")
    produced = _seq(p, "ManaProduced", source="forest-a")
    activated = _seq(p, "AbilityActivated", source="forest-a")
    assert len(report) == 1
    t = report[0]
    assert {k: t[k] for k in ("seq", "source", "source_id", "controller", "rule", "cause")} == {
        "seq": trig, "source": "Wild Growth", "source_id": "wild-growth", "controller": "Alice",
        "rule": "106.12a",
        "cause": [{"seq": produced, "type": "ManaProduced", "rule": "106.12"},
                  {"seq": activated, "type": "AbilityActivated", "rule": "605.3a"}]}
    assert p.log[activated].cause_seq is None          # the decision
    # the library's report is the same list
    assert p.triggers() == report


def test_triggers_json_opponents_mana_flare(tmp_path):
    """The trigger is Bob's (Mana Flare's controller) though Alice's decision caused it."""
    p = play("trig_mana_flare_opponent_vein", tmp_path)
    (t,) = cli("triggers", "--db", p.db, "--json").json()
    assert (t["source"], t["source_id"], t["controller"], t["rule"]) == ("Mana Flare", "flare", "Bob", "106.12a")
    assert [(c["type"], c["rule"]) for c in t["cause"]] == [("ManaProduced", "106.12"),
                                                           ("AbilityActivated", "605.3a")]
    assert p.log[t["cause"][-1]["seq"]].event.player == "Alice"


def test_triggers_json_city_of_brass_and_upkeep_chains(tmp_path):
    """City of Brass: tapped (107.5, a cost) <- activation. Contamination: the upkeep began (500.1) <- the
    game's start (103.1); Hangarback: died by SBA (704.5f) checked as the upkeep began <- the same start."""
    p = play("trig_city_of_brass", tmp_path)
    (t,) = cli("triggers", "--db", p.db, "--json").json()
    assert (t["source"], t["rule"]) == ("City of Brass", "603.2")
    assert [(c["type"], c["rule"]) for c in t["cause"]] == [("PermanentTapped", "107.5"),
                                                           ("AbilityActivated", "605.3a")]
    (tmp_path / "upkeep").mkdir()
    p = play("trig_apnap_upkeep", tmp_path / "upkeep")
    report = cli("triggers", "--db", p.db, "--json").json()
    assert [(t["source"], t["controller"], t["rule"]) for t in report] == \
        [("Contamination", "Alice", "503.1a"), ("Hangarback Walker", "Bob", "603.10a")]
    assert [(c["type"], c["rule"]) for c in report[0]["cause"]] == [("StepBegan", "500.1"),
                                                                   ("GameCreated", "103.1")]
    assert [(c["type"], c["rule"]) for c in report[1]["cause"]] == [("ZoneChanged", "704.5f"),
                                                                   ("StepBegan", "500.1"),
                                                                   ("GameCreated", "103.1")]


def test_triggers_text_output_and_explicit_game(tmp_path):
    p = play("trig_wild_growth", tmp_path)
    r = cli("triggers", "--db", p.db, p.game_id[:8])
    assert r.code == 0, r.err
    (line,) = r.out.strip().splitlines()
    assert line.startswith(f"#{_seq(p, 'AbilityTriggered', source='wild-growth')} Wild Growth (wild-growth, Alice) "
                           f"[106.12a] ← ")
    assert "ManaProduced (106.12) ← " in line and line.endswith("AbilityActivated (605.3a)")


def test_triggers_json_empty_when_nothing_triggered(tmp_path):
    """106.12a: Wild Growth on an empty Cradle never triggered: the list is empty."""
    p = play("trig_wild_growth_cradle_empty", tmp_path)
    r = cli("triggers", "--db", p.db, "--json")
    assert r.code == 0 and r.json() == []


# --------------------------------------------------------------------------- simulator why

def test_why_text_for_wild_growths_mana(tmp_path):
    """`why SEQ`: the chain in words with rule numbers and the objects' state at each moment: the Forest is
    untapped at the decision and tapped by the time it produced mana."""
    p = play("trig_wild_growth", tmp_path)
    trig = _seq(p, "AbilityTriggered", source="wild-growth")
    added = next(e.seq for e in p.events("ManaAdded") if e.cause_seq == trig)
    produced = _seq(p, "ManaProduced", source="forest-a")
    activated = _seq(p, "AbilityActivated", source="forest-a")
    r = cli("why", "--db", p.db, str(added))
    assert r.code == 0, r.err
    assert r.out.strip().splitlines() == [
        f"#{added} Alice adds {{G}} (from wild-growth) (106.12a)",
        "      · wild-growth: Wild Growth, in battlefield, controller Alice, untapped, attached to forest-a",
        f"  ← #{trig} Wild Growth (wild-growth) triggers: enchanted Forest (forest-a) was tapped for mana "
        f"({{G}}) (106.12a)",
        "        · wild-growth: Wild Growth, in battlefield, controller Alice, untapped, attached to forest-a",
        "        · forest-a: Forest, in battlefield, controller Alice, tapped",
        f"  ← #{produced} Forest (forest-a) is tapped for mana and produces {{G}} (106.12)",
        "        · forest-a: Forest, in battlefield, controller Alice, tapped",
        f"  ← #{activated} Alice activates forest-a (Forest): {{T}}: Add {{G}}. (605.3a)  [the player's decision]",
        "        · forest-a: Forest, in battlefield, controller Alice, untapped",
    ]


def test_why_json_for_wild_growths_trigger(tmp_path):
    p = play("trig_wild_growth", tmp_path)
    trig = _seq(p, "AbilityTriggered", source="wild-growth")
    r = cli("why", "--db", p.db, p.game_id, str(trig), "--json")
    assert r.code == 0, r.err
    out = r.json()
    assert (out["game"], out["seq"]) == (p.game_id, trig)
    assert [(c["type"], c["rule"], c["decision"]) for c in out["chain"]] == [
        ("AbilityTriggered", "106.12a", False), ("ManaProduced", "106.12", False),
        ("AbilityActivated", "605.3a", True)]
    assert out["chain"][0]["text"] == \
        "Wild Growth (wild-growth) triggers: enchanted Forest (forest-a) was tapped for mana ({G})"
    assert out["chain"][0]["objects"] == [
        "wild-growth: Wild Growth, in battlefield, controller Alice, untapped, attached to forest-a",
        "forest-a: Forest, in battlefield, controller Alice, tapped"]
    assert out["chain"][-1]["objects"] == ["forest-a: Forest, in battlefield, controller Alice, untapped"]
    # issue 23: each object as fields too, not only a sentence (`objects` stays as released)
    assert [o["text"] for o in out["chain"][0]["object_fields"]] == out["chain"][0]["objects"]
    assert out["chain"][0]["object_fields"][0] == {
        "id": "wild-growth", "card": "Wild Growth", "zone": "battlefield", "controller": "Alice",
        "tapped": False, "counters": {}, "attached": "forest-a", "moved_to": None,
        "text": "wild-growth: Wild Growth, in battlefield, controller Alice, untapped, attached to forest-a"}
    assert out["chain"][0]["object_fields"][1] == {**out["chain"][0]["object_fields"][1], "id": "forest-a",
                                                   "tapped": True}


def test_why_dot_for_wild_growths_trigger(tmp_path):
    """--dot: a Graphviz digraph, one node per link (the decision bold), edges from cause to effect."""
    p = play("trig_wild_growth", tmp_path)
    trig = _seq(p, "AbilityTriggered", source="wild-growth")
    produced = _seq(p, "ManaProduced", source="forest-a")
    activated = _seq(p, "AbilityActivated", source="forest-a")
    r = cli("why", "--db", p.db, f"#{trig}", "--dot")
    assert r.code == 0, r.err
    lines = r.out.strip().splitlines()
    assert lines[0] == "digraph why {" and lines[-1] == "}"
    nodes = [ln for ln in lines if "[label=" in ln]
    assert [ln.split()[0] for ln in nodes] == [f"e{activated}", f"e{produced}", f"e{trig}"]
    assert "style=bold" in nodes[0] and "style=bold" not in nodes[1] + nodes[2]
    assert "(106.12a)" in nodes[2] and "AbilityTriggered" in nodes[2]
    edges = [ln.strip() for ln in lines if "->" in ln]
    assert edges == [f"e{activated} -> e{produced};", f"e{produced} -> e{trig};"]


def test_why_for_a_trigger_that_looked_back(tmp_path):
    """603.10a: the Hangarback's trigger names its last known counters; the object has changed zones."""
    p = play("trig_steward_granted", tmp_path)
    trig = _seq(p, "AbilityTriggered", source="hangarback")
    out = cli("why", "--db", p.db, str(trig), "--json").json()
    first = out["chain"][0]
    assert first["text"] == "Hangarback Walker (hangarback) triggers: it died (last known counters: {'+1/+1': 2})"
    assert first["objects"][0].startswith("hangarback: Hangarback Walker, ")
    assert "(now hangarback-walker-" in first["objects"][0]          # 400.7: a new object in the graveyard
    assert first["object_fields"][0]["zone"] == "changed zones"
    assert first["object_fields"][0]["moved_to"].startswith("hangarback-walker-")
    assert [(c["type"], c["rule"]) for c in out["chain"]] == [
        ("AbilityTriggered", "603.10a"), ("ZoneChanged", "701.21a"), ("AbilityActivated", "605.3a")]


def test_why_unknown_seq_is_exit_2(tmp_path):
    p = play("trig_wild_growth", tmp_path)
    r = cli("why", "--db", p.db, "9999")
    assert r.code == 2 and "no event #9999" in r.err and "Traceback" not in r.err


# --------------------------------------------------------------------------- simulator log filters

def test_log_type_filter(tmp_path):
    p = play("trig_city_of_brass", tmp_path)
    out = cli("log", "--db", p.db, "--type", "AbilityTriggered", "--type", "AbilityPutOnStack", "--json").json()
    assert [(e["type"], e["rule"]) for e in out] == [("AbilityTriggered", "603.2"), ("AbilityPutOnStack", "603.3")]
    assert out[1]["cause"] == out[0]["seq"]
    assert out[0]["text"] == f"City of Brass (city) triggers: Whenever this land becomes tapped, it deals 1 " \
                             f"damage to you."


def test_log_unknown_type_is_an_error(tmp_path):
    """A misspelt event type is an invalid argument (exit 2), not an empty log."""
    p = play("trig_city_of_brass", tmp_path)
    r = cli("log", "--db", p.db, "--type", "AbilityTrigger")
    assert r.code == 2 and "unknown event type 'AbilityTrigger'" in r.err and "AbilityTriggered" in r.err


def test_log_rule_filter_takes_subrules_but_not_other_rules(tmp_path):
    """--rule 106.12 selects 106.12 and 106.12a; --rule 106.1 must not select 106.12 (another rule)."""
    p = play("trig_wild_growth", tmp_path)
    out = cli("log", "--db", p.db, "--rule", "106.12", "--json").json()
    assert sorted({e["rule"] for e in out}) == ["106.12", "106.12a"]
    assert [e["type"] for e in out] == ["ManaProduced", "AbilityTriggered", "ManaAdded"]
    assert cli("log", "--db", p.db, "--rule", "106.1", "--json").json() == []
    assert [e["type"] for e in cli("log", "--db", p.db, "--rule", "106.12a", "--json").json()] == \
        ["AbilityTriggered", "ManaAdded"]
    whole = cli("log", "--db", p.db, "--rule", "106", "--json").json()
    assert sorted({e["rule"] for e in whole}) == ["106.12", "106.12a", "106.4"]


# --------------------------------------------------------------------------- every trigger of every test game

def _game_files() -> list[Path]:
    """Every recorded game in tests/games (TOML and JSON), not tests/games/invalid, not card files."""
    files = []
    for f in sorted(list(GAMES.glob("*.toml")) + list(GAMES.glob("*.json"))):
        if f.suffix == ".toml":
            with f.open("rb") as fh:
                data = tomllib.load(fh)
        else:
            data = json.loads(f.read_text())
        if "format" not in data:          # a card file ([[card]]) kept next to the games
            continue
        files.append(f)
    return files


def test_there_are_games_to_audit():
    names = {f.stem for f in _game_files()}
    assert {"trig_wild_growth", "trig_city_of_brass", "trig_apnap_upkeep", "trig_order_defossilize"} <= names


@pytest.mark.parametrize("path", _game_files(), ids=lambda f: f.name)
def test_every_trigger_chain_ends_at_a_decision_with_rules(path, tmp_path):
    """For every AbilityTriggered in the stored log: the cause chain reaches a decision (an event with no
    cause, of a decision type), never breaks or loops, and every link has a rule number."""
    db = migrated_db(tmp_path / "g.sqlite")
    result = replay_file(path, db)
    store = EventStore(db)
    try:
        log = audit.index_log(read_envelopes(store, result.game.game_id))
    finally:
        store.close()
    report = {t["seq"]: t for t in audit.trigger_report(log)}
    for seq, env in log.items():
        if env.type != "AbilityTriggered":
            continue
        links = [env]
        while links[-1].cause_seq is not None:
            cause = links[-1].cause_seq
            assert cause in log, f"#{seq}: cause #{cause} of #{links[-1].seq} is not in the log"
            assert cause < links[-1].seq, f"#{seq}: #{links[-1].seq} is caused by a later event #{cause}"
            links.append(log[cause])
        decision = links[-1]
        assert decision.event.decision, f"#{seq}: chain ends at #{decision.seq} {decision.type}, not a decision"
        assert decision.decision_seq == decision.seq
        missing = [f"#{e.seq} {e.type}" for e in links if not e.rule]
        assert not missing, f"#{seq}: links without a rule: {missing}"
        # the trigger and its causes belong to the same decision's batch or an earlier one
        assert all(e.decision_seq is not None and e.decision_seq <= env.decision_seq for e in links)
        # and the report says the same
        assert [c["seq"] for c in report[seq]["cause"]] == [e.seq for e in links[1:]]
        assert isinstance(env.event, ev.AbilityTriggered)


# --------------------------------------------------------------------------- the stack in `state`

def test_state_shows_the_stack_top_first(tmp_path):
    """The stack is part of the state: `state --json` (top first) and the text view, now and `--at` the
    moment the first City of Brass trigger went on the stack."""
    p = play("trig_city_of_brass_two", tmp_path)
    now = cli("state", "--db", p.db, "--json").json()
    assert now["stack"] == p.state["stack"]
    assert [(s["kind"], s["source"], s["controller"]) for s in now["stack"]] == \
        [("ability", "city-b", "Alice"), ("ability", "city-a", "Alice")]
    first = p.events("AbilityPutOnStack")[0]
    then = cli("state", "--db", p.db, "--at", str(first.seq), "--json").json()
    assert [s["source"] for s in then["stack"]] == ["city-a"]
    before = cli("state", "--db", p.db, "--at", str(first.seq - 1), "--json").json()
    assert before["stack"] == []
    text = cli("state", "--db", p.db).out
    assert "Stack (top first):" in text
    lines = text[text.index("Stack (top first):"):].splitlines()
    assert lines[1].strip().startswith(f"ability {now['stack'][0]['id']} (Alice): Whenever this land")
    assert lines[2].strip().startswith(f"ability {now['stack'][1]['id']} (Alice): Whenever this land")


def test_why_names_the_pass_a_trigger_resolved_on(tmp_path):
    """Issue 23: a triggered ability resolved because the last player passed (117.4, 608.1): the
    link names that decision (`during`) besides the chain of what it follows from."""
    p = play("trig_wild_growth", tmp_path)
    resolved = [s for s, e in p.log.items() if e.type in ("AbilityResolved", "SpellResolved")]
    if not resolved:
        p = play("explore_wildgrowth_jadelight", tmp_path / "b")
        resolved = [s for s, e in p.log.items() if e.type in ("AbilityResolved", "SpellResolved")]
    assert resolved, "the game resolves something"
    r = cli("why", "--db", p.db, str(resolved[-1]), "--json")
    assert r.code == 0, r.err
    first = r.json()["chain"][0]
    assert first["during"]["type"] == "PriorityPassed" and first["during"]["seq"] < first["seq"]
    text = cli("why", "--db", p.db, str(resolved[-1])).out
    assert f"(during #{first['during']['seq']} " in text and "passes" in text
