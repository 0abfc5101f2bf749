"""Games stored before the keyword actions were renumbered in the Comprehensive Rules cite the
old numbers (destroy 701.7a, discard 701.8a, mill 701.13a, regenerate 701.15a); the reading
commands show and filter them by the current ones (game/citations.py), the stored rule stays.

tests/data/cr_renumbered_keyword_actions.sqlite was written by the build just before the
renumbering (8816738^) replaying four of its test games: Skirge Familiar discards, Millikin
mills, Strip Mine destroys, Urborg Skeleton regenerates."""
from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

from clirun import run as cli
from simulator.game import events as ev
from simulator.game.citations import RETIRED, current_citation
from simulator.viewer.glossary import RULES

FIXTURE = Path(__file__).resolve().parents[1] / "data" / "cr_renumbered_keyword_actions.sqlite"
SIMULATOR = Path(__file__).resolve().parents[2] / "simulator"


@pytest.fixture()
def old_db(tmp_path: Path) -> str:
    path = tmp_path / "old.sqlite"
    shutil.copyfile(FIXTURE, path)
    return str(path)


def _games(db: str) -> dict[str, str]:
    r = cli("games", "--db", db, "--json")
    assert r.code == 0, r.err
    return {g["title"]: g["game"] for g in json.loads(r.out)}


def _moved(reason: str) -> ev.ZoneChanged:
    return ev.ZoneChanged(object_id="a", new_id="b", card="Island", owner="Alice", from_zone="hand",
                          to_zone="graveyard", reason=reason)


def test_the_old_numbers_read_as_the_current_ones() -> None:
    assert current_citation("701.7a", "ZoneChanged", _moved("destroyed")) == "701.8a"
    assert current_citation("701.8a", "ZoneChanged", _moved("discarded")) == "701.9a"   # then: discard
    assert current_citation("701.8a", "ZoneChanged", _moved("destroyed")) == "701.8a"   # now: destroy
    assert current_citation("701.13a", "ZoneChanged", _moved("milled")) == "701.17a"
    assert current_citation("701.15a", "Regenerated", ev.Regenerated(object_id="a")) == "701.19a"
    assert current_citation("106.12", "ManaProduced", None) == "106.12"
    assert current_citation(None, "GameCreated", None) is None
    assert all(new in RULES for new in RETIRED.values())


def test_no_rule_module_cites_a_retired_number() -> None:
    """The mapping is safe for every event only while the rules never cite the old numbers."""
    for path in SIMULATOR.rglob("*.py"):
        if path.name == "citations.py":
            continue
        text = path.read_text(encoding="utf-8")
        for old in RETIRED:
            assert f'"{old}"' not in text, f"{path} cites {old}"
        assert not re.search(r'"discarded", "701\.8a"', text), f"{path} cites a discard as 701.8a"


def test_log_shows_and_filters_the_current_numbers(old_db: str) -> None:
    games = _games(old_db)
    skirge = games["Skirge Familiar discards a card for {B}"]
    r = cli("log", skirge, "--db", old_db, "--json")
    assert r.code == 0, r.err
    [discard] = [e for e in json.loads(r.out) if e["type"] == "ZoneChanged" and "discarded" in e["text"]]
    assert discard["rule"] == "701.9a"
    r = cli("log", skirge, "--db", old_db, "--rule", "701.9", "--json")
    assert [e["seq"] for e in json.loads(r.out)] == [discard["seq"]]
    # the stored line keeps the number as written (the hash chain covers it)
    r = cli("log", skirge, "--db", old_db, "--nl")
    [line] = [json.loads(l) for l in r.out.splitlines() if json.loads(l)["seq"] == discard["seq"]]
    assert line["rule"] == "701.8a"
    strip = games["Strip Mine destroys a Forest"]
    r = cli("log", strip, "--db", old_db, "--json")
    assert [e["rule"] for e in json.loads(r.out) if "(destroyed)" in e["text"]] == ["701.8a"]


def test_why_cites_the_current_number(old_db: str) -> None:
    games = _games(old_db)
    skeleton = games["Urborg Skeleton regenerates in response to Murder"]
    r = cli("log", skeleton, "--db", old_db, "--json")
    [regen] = [e["seq"] for e in json.loads(r.out) if e["type"] == "Regenerated"]
    r = cli("why", skeleton, str(regen), "--db", old_db)
    assert r.code == 0, r.err
    assert "(701.19a)" in r.out and "701.15a" not in r.out


def test_the_old_games_verify_and_resimulate(old_db: str) -> None:
    """The log is as it was stored (verify), and every decision re-decided by this build makes
    the same events, citing the same rules in their current numbers."""
    r = cli("verify", "--all", "--resimulate", "--db", old_db)
    assert r.code == 0, r.err + r.out
    assert r.out.count("every decision re-decided now makes the stored events") == 4
