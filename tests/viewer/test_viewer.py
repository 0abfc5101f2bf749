"""The HTML viewer's data and the causal-graph SVG, checked through the command line
(`simulator.cli.main` in-process; `simulator view` as a real process: test_cli.py).

The browser side (the page really opens, steps, draws the chain) is tests/viewer/test_viewer_browser.py.
"""
from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from clirun import run as cli   # in-process; the subprocess contract: test_cli.py, test_exit_status.py
from scenario import GAMES
from simulator.session.recorder import replay_file
from simulator.viewer import embedded_data, page_data
from simulator.viewer import delta
from simulator.viewer.glossary import RULES, explain

EXAMPLE = str(Path(__file__).resolve().parents[2] / "examples" / "forest_and_elves.toml")
EXPLORE = str(GAMES / "explore_wildgrowth_jadelight.toml")
SVG = "{http://www.w3.org/2000/svg}"


@pytest.fixture(scope="module")
def explore_page(tmp_path_factory) -> tuple[str, dict]:
    """The explore game replayed into a database and written by `simulator view`."""
    d = tmp_path_factory.mktemp("view")
    db, out = str(d / "g.sqlite"), d / "game.html"
    assert cli("replay", EXPLORE, "--db", db).code == 0
    r = cli("view", "--db", db, "-o", str(out))
    assert r.code == 0, r.err
    return db, {"html": out.read_text(encoding="utf-8"), "data": embedded_data(out.read_text(encoding="utf-8"))}


@pytest.fixture(scope="module")
def example_db(tmp_path_factory) -> str:
    db = str(tmp_path_factory.mktemp("example") / "g.sqlite")
    assert cli("replay", EXAMPLE, "--db", db).code == 0
    return db


def state_at(db: str, seq: int) -> dict:
    r = cli("state", "--db", db, "--at", str(seq), "--json")
    assert r.code == 0, r.err
    return r.json()


def test_embedded_states_equal_state_at_json(explore_page):
    """Snapshot plus the deltas after it gives, at every checked seq, exactly `state --at SEQ --json`."""
    db, page = explore_page
    data = page["data"]
    seqs = [row[0] for row in data["events"]]
    assert seqs == list(range(1, len(seqs) + 1))
    view = None
    rebuilt = {}
    for i, seq in enumerate(seqs):
        view = data["snapshots"][str(seq)] if str(seq) in data["snapshots"] else delta.apply(view, data["deltas"][i])
        rebuilt[seq] = view["state"]
    for seq in (14, 47, 60, len(seqs)):
        assert rebuilt[seq] == state_at(db, seq), seq
    # the events along the way changed something the page shows: a tapped Forest, a counter, the pool
    assert next(b for b in rebuilt[14]["battlefield"] if b["id"] == "forest-1")["tapped"] is True
    assert rebuilt[25]["players"][0]["mana_pool"] == {"G": 3}
    walker = next(b for b in rebuilt[60]["battlefield"] if b["id"] == "walker")
    assert walker["counters"] == {"+1/+1": 1}


def test_snapshots_every_n_events_and_deltas_round_trip(tmp_path):
    """A game longer than the snapshot interval: several snapshots, deltas rebuild every state."""
    result = replay_file(EXPLORE, None)
    data = page_data(result.game.events, result.game.pool, result.game.game_id, snapshot_every=10)
    assert sorted(int(s) for s in data["snapshots"]) == [1] + list(range(10, len(data["events"]) + 1, 10))
    view = data["snapshots"]["1"]
    for i in range(1, len(data["events"])):
        view = delta.apply(view, data["deltas"][i])
        if str(i + 1) in data["snapshots"]:
            assert view == data["snapshots"][str(i + 1)]


def test_extra_shows_summoning_sickness_and_other_abilities(explore_page):
    _, page = explore_page
    data = page["data"]
    view = data["snapshots"]["1"]
    for i in range(1, 46):
        view = delta.apply(view, data["deltas"][i])
    extra = {x["id"]: x for x in view["extra"]}
    assert extra["jadelight-ranger-3"]["sick"] is True      # 302.6: entered this turn
    assert extra["walker"]["sick"] is False                 # on the battlefield since before the turn
    assert any("explores" in a["text"] for a in extra["walker"]["other"])   # its triggered ability


def test_page_chain_is_the_why_chain(explore_page):
    """The page's chain of a trigger (cause links + each event's objects) is `why --json`'s chain."""
    db, page = explore_page
    data = page["data"]
    rows = {r[0]: r for r in data["events"]}
    for seq in (51, 60):
        chain, s = [], seq
        while s is not None:
            r = rows[s]
            chain.append({"seq": r[0], "type": data["types"][r[1]], "rule": r[2], "text": r[5],
                          "decision": r[3] is None, "objects": [data["strings"][k] for k in r[9]]})
            s = r[3]
        r = cli("why", "--db", db, str(seq), "--json")
        assert r.code == 0, r.err
        why = r.json()["chain"]
        assert chain == [{k: v for k, v in link.items() if k not in ("during", "object_fields")} for link in why]
    assert rows[51][8] == "trigger" and rows[60][8] == ""


def test_triggers_and_replacements_are_marked():
    """603: AbilityTriggered (and a trigger removed, 603.3d) are "trigger"; 614: ReplacementApplied
    is "replacement"; nothing else is marked."""
    result = replay_file(GAMES / "mana_nyxbloom.toml", None)
    data = page_data(result.game.events, result.game.pool, result.game.game_id)
    marks = {(data["types"][r[1]], r[8]) for r in data["events"]}
    assert ("ReplacementApplied", "replacement") in marks
    for kind, mark in marks:
        assert mark == {"AbilityTriggered": "trigger", "TriggerRemoved": "trigger",
                        "ReplacementApplied": "replacement"}.get(kind, ""), (kind, mark)


def test_page_is_self_contained(explore_page):
    html = explore_page[1]["html"]
    assert html.startswith("<!DOCTYPE html>")
    # nothing fetched: no external scripts, styles, images or imports (the SVG namespace is a name)
    assert not re.search(r"""(src|href)\s*=\s*["']?(https?:)?//""", html)
    assert "@import" not in html and "url(http" not in html
    assert "<script src" not in html and "<link rel=\"stylesheet\"" not in html
    assert len(html.encode()) < 100_000


def test_timeline_rows_group_by_turn_step_and_decision(explore_page):
    data = explore_page[1]["data"]
    rows = data["events"]
    assert {r[6] for r in rows} == {1} and data["turn_active"] == {"1": "Alice"}
    cast = next(r for r in rows if data["types"][r[1]] == "SpellCast")
    assert (cast[3], cast[4], cast[7]) == (None, cast[0], "main1")     # a decision, its own batch
    assert all(r[4] == 48 for r in rows if 48 <= r[0] <= 55)           # the explore choice's batch


def test_glossary_explains_every_rule_the_page_shows(explore_page):
    data = explore_page[1]["data"]
    shown = {r[2] for r in data["events"] if r[2]}
    assert shown and shown == set(data["glossary"])
    assert data["glossary"]["701.44a"] == RULES["701.44a"]
    assert explain("603.3b") == RULES["603.3b"]
    assert explain("603.3a") == "(see 603.3) " + RULES["603.3"]      # a subrule without its own line
    assert explain("603.10b") is None            # 603.10a is a sibling, not a parent; 603.1 is not 603.10
    assert explain("999.9") is None


def test_glossary_covers_the_rules_of_every_recorded_game():
    """Every rule number any test game's log cites has a line of its own in the glossary."""
    cited: dict[str, str] = {}
    for path in sorted(GAMES.glob("*.toml")):
        result = replay_file(path, None)
        for env in result.game.events:
            if env.rule:
                cited.setdefault(env.rule, path.name)
    missing = {r: g for r, g in cited.items() if r not in RULES}
    assert not missing, f"rules without a glossary line (rule: first game citing it): {missing}"


def test_why_svg_is_xml_with_every_link(tmp_path, example_db):
    db = example_db
    out = tmp_path / "why.svg"
    r = cli("why", "--db", db, "16", "--svg", str(out))
    assert r.code == 0, r.err
    root = ET.parse(out).getroot()
    assert root.tag == f"{SVG}svg"
    chain = cli("why", "--db", db, "16", "--json").json()["chain"]
    nodes = {g.get("data-seq"): g for g in root.iter(f"{SVG}g") if g.get("data-seq")}
    assert set(nodes) == {str(link["seq"]) for link in chain} == {"16", "14", "13", "11"}
    for link in chain:
        text = " ".join(t.text or "" for t in nodes[str(link["seq"])].iter(f"{SVG}text"))
        assert link["rule"] in text and link["type"] in text
        for obj in link["objects"]:
            assert obj.split(":")[0] in text
    edges = {(p.get("data-from"), p.get("data-to")) for p in root.iter(f"{SVG}path") if p.get("data-from")}
    assert edges == {("14", "16"), ("13", "14"), ("11", "13")}
    # layered: the decision on top, each effect below its cause
    y = {s: float(g.find(f"{SVG}rect").get("y")) for s, g in nodes.items()}
    assert y["11"] < y["13"] < y["14"] < y["16"]
    assert "decision" in nodes["11"].get("class") and "trigger" in nodes["14"].get("class")


def test_why_html_and_stdout_svg(tmp_path, example_db):
    db = example_db
    page = tmp_path / "why.html"
    assert cli("why", "--db", db, "14", "--html", str(page)).code == 0
    html = page.read_text()
    assert "<svg" in html and "106.12a" in html and "the player's decision" in html
    r = cli("why", "--db", db, "14", "--svg", "-")
    assert r.code == 0 and ET.fromstring(r.out).tag == f"{SVG}svg"


def test_why_output_formats_are_mutually_exclusive(tmp_path, example_db):
    db = example_db
    for flags in (["--json", "--dot"], ["--svg", "x.svg", "--json"], ["--html", "x.html", "--dot"]):
        r = cli("why", "--db", db, "16", *flags, cwd=tmp_path)
        assert r.code == 2 and "not allowed with" in r.err, flags
    assert not (tmp_path / "x.svg").exists() and not (tmp_path / "x.html").exists()


def test_view_errors_are_clear(tmp_path, example_db):
    r = cli("view", "--db", str(tmp_path / "none.sqlite"), "-o", str(tmp_path / "g.html"))
    assert r.code == 2 and "no database" in r.err and "Traceback" not in r.err
    r = cli("view", "--db", example_db, "-o", str(tmp_path / "missing-dir" / "g.html"))
    assert r.code == 2 and "cannot write" in r.err and "Traceback" not in r.err


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 3) | st.sampled_from(["a", "b", "G"]),
    lambda inner: st.lists(inner, max_size=4)
    | st.dictionaries(st.sampled_from(["id", "x", "y", "tapped"]), inner, max_size=3)
    | st.lists(st.fixed_dictionaries({"id": st.sampled_from(["p", "q", "r", "s"]), "v": inner}), max_size=4),
    max_leaves=12)


@settings(max_examples=150, deadline=None)
@given(json_values, json_values)
def test_delta_apply_inverts_diff(a, b):
    op = delta.diff(a, b)
    assert delta.apply(a, op) == b
    assert json.loads(json.dumps(op)) == op          # deltas are JSON
    assert (op is None) == (a == b and type(a) is type(b))
