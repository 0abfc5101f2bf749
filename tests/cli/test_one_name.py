"""One name per object in `log`, `why`, `triggers` and the state (issue 23, point 6).

tests/games/handles_one_name.toml casts the Merfolk Branchwalker the file calls `walker`: on
the stack and then on the battlefield it is a new object each time (601.2, 608.3; 400.7),
with an id the engine chose. The state calls it `walker`; the words of every command do too,
and only the stored payloads (`log --json`'s `payload`, `log --nl`) keep the engine's ids.
The Forest played from the hand has no handle and keeps the engine's id everywhere."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from clirun import run
from scenario import GAMES

GAME = GAMES / "handles_one_name.toml"


@pytest.fixture(scope="module")
def db(tmp_path_factory: pytest.TempPathFactory) -> str:
    path = str(tmp_path_factory.mktemp("one_name") / "g.sqlite")
    assert run("replay", str(GAME), "--db", path).code == 0
    return path


@pytest.fixture(scope="module")
def log(db: str) -> list[dict]:
    r = run("log", "--db", db, "--json")
    assert r.code == 0
    return json.loads(r.out)


def _engine_ids(log: list[dict]) -> tuple[set[str], str]:
    """The engine's ids of walker's objects (stack, battlefield) and the plain Forest's."""
    cast = next(e["payload"] for e in log if e["type"] == "SpellCast")
    entered = next(e["payload"] for e in log if e["type"] == "ZoneChanged" and e["payload"]["to_zone"] == "battlefield"
                   and e["payload"]["card"] == "Merfolk Branchwalker")
    forest = next(e["payload"]["new_id"] for e in log if e["type"] == "ZoneChanged" and e["payload"]["card"] == "Forest")
    ids = {cast["spell_id"], entered["new_id"]}
    assert "walker" not in ids and len(ids) == 2
    return ids, forest


def _words(text: str) -> set[str]:
    return set(re.findall(r"[\w-]+", text))


def test_log_names_the_handled_card_by_its_handle(db: str, log: list[dict]) -> None:
    ids, forest = _engine_ids(log)
    text = run("log", "--db", db).out
    assert not ids & _words(text), "an engine id of walker in the log's words"
    for e in log:
        assert not ids & _words(e["text"]), e
    by_type = {e["type"]: e["text"] for e in log}
    assert by_type["SpellResolved"] == "walker resolves"
    assert "placed on walker" in by_type["CountersPlaced"]
    assert "Merfolk Branchwalker (walker) triggers" in by_type["AbilityTriggered"]
    assert "walker revealed Grizzly Bears" in by_type["ChoiceRequested"]
    # the stored payloads are the engine's, unchanged
    assert any(e["type"] == "SpellResolved" and e["payload"]["spell_id"] in ids for e in log)
    # a card without a handle: the engine's id, as the state shows it
    assert f"Forest moves from hand to battlefield as {forest} (played)" in text


def test_log_stream_keeps_the_engine_ids(db: str, log: list[dict]) -> None:
    ids, _ = _engine_ids(log)
    stream = run("log", "--db", db, "--nl").out
    assert ids <= _words(stream) and "text" not in json.loads(stream.splitlines()[0])


def test_why_names_the_handled_card_by_its_handle(db: str, log: list[dict]) -> None:
    ids, _ = _engine_ids(log)
    counters = next(e["seq"] for e in log if e["type"] == "CountersPlaced")
    text = run("why", "--db", db, str(counters)).out
    assert not ids & _words(text)
    assert f"#{counters} 1 +1/+1 counter(s) placed on walker (701.44a)" in text
    assert "· walker: Merfolk Branchwalker, in battlefield, controller Alice, untapped, 1×+1/+1" in text
    data = json.loads(run("why", "--db", db, str(counters), "--json").out)
    fields = [f for link in data["chain"] for f in link["object_fields"]]
    assert {f["id"] for f in fields if f["card"] == "Merfolk Branchwalker"} == {"walker"}
    assert not ids & _words(json.dumps(data))
    dot = run("why", "--db", db, str(counters), "--dot").out
    assert "placed on walker" in dot and not ids & _words(dot)


def test_triggers_name_the_source_by_its_handle(db: str, log: list[dict]) -> None:
    ids, _ = _engine_ids(log)
    report = json.loads(run("triggers", "--db", db, "--json").out)
    assert [t["source_id"] for t in report] == ["walker"]
    assert "(walker, Alice)" in run("triggers", "--db", db).out


def test_the_state_and_its_prompt_name_it_so_too(db: str, log: list[dict]) -> None:
    ids, forest = _engine_ids(log)
    state = json.loads(run("state", "--db", db, "--json").out)
    assert {b["id"] for b in state["battlefield"]} == {"fa", "fb", forest, "walker"}
    assert state["pending"]["prompt"].startswith("Alice: walker revealed Grizzly Bears")
    assert not ids & _words(run("state", "--db", db).out)


AURA = '''format = 1
[[players]]
name = "Alice"
hand = [{ card = "Forest", id = "forest-h" }, { card = "Wild Growth", id = "wg" }]
  [[players.battlefield]]
  card = "Forest"
  id = "fa"
[[players]]
name = "Bob"
[[actions]]
player = "Alice"
play = "forest-h"
[[actions]]
player = "Alice"
activate = "fa"
[[actions]]
player = "Alice"
cast = "wg"
targets = ["forest-h"]
[[actions]]
resolve = true
'''


def test_mana_and_legal_name_them_so_too(tmp_path: Path) -> None:
    """`simulator mana`: tapping the Forest played from the hand as `forest-h` (a new object,
    305.1, 400.7) would make Wild Growth, cast as `wg` (another), trigger (106.12a): the words
    of what else it does name both by their handles, as the state and `legal` do."""
    f, db = tmp_path / "g.toml", str(tmp_path / "g.sqlite")
    f.write_text(AURA)
    assert run("replay", str(f), "--db", db).code == 0
    log = json.loads(run("log", "--db", db, "--json").out)
    engine = {e["payload"]["new_id"] for e in log if e["type"] == "ZoneChanged"} | \
        {e["payload"]["spell_id"] for e in log if e["type"] == "SpellCast"}
    assert len(engine) == 3 and not engine & {"forest-h", "wg"}
    report = json.loads(run("mana", "--db", db, "--player", "Alice", "--json").out)
    forest = next(p for p in report["permanents"] if p["id"] == "forest-h")
    (choice,) = forest["abilities"][0]["choices"]
    assert choice["legal"] and choice["adds"] == "{G}{G}"
    assert choice["also"] == ["Wild Growth (wg) triggers: enchanted Forest (forest-h) was tapped for mana ({G})"]
    text = run("mana", "--db", db, "--player", "Alice").out + run("legal", "--db", db).out
    assert "forest-h" in text and not engine & _words(text)
