"""The real card pool (issue 22): the package's Oracle records, the in-scope classifier and the
coverage report (`simulator/cards/oracle.py`, `simulator/tools/coverage.py`).

Fixtures (tests/data): `oracle_flat.json` holds 42 records copied unchanged from the shared
Oracle corpus (a flat list of faces, MTGJSON field names); `oracle_atomic.json` is MTGJSON's
AtomicCards shape (``{"meta", "data": {name: [face, ...]}}``) with 13 of those cards, three of
them with both faces (faceName, side), the back faces' Oracle text added by hand.

With SIMULATOR_ORACLE_CORPUS set to the corpus file, two more tests rebuild the package's file
from it (it must be byte-identical) and run the coverage report on it.
"""
from __future__ import annotations

import dataclasses
import gzip
import json
import lzma
import os
import subprocess
import sys
from pathlib import Path

import pytest

from simulator.cards import oracle
from simulator.tools.coverage import CLASSES, classify, cluster_key, coverage, format_report, judge, line_problems
from simulator.cards.oracle import (
    Oracle, OracleDataError, OracleRecord, build, is_real_card, load_records, oracle_record, read_source, records,
)
from simulator.base.errors import CardDataError
from simulator.cards.pool import DATA_DIR, CardPool
from simulator.session.game import Game

REPO = Path(__file__).resolve().parents[2]
FLAT = REPO / "tests" / "data" / "oracle_flat.json"
ATOMIC = REPO / "tests" / "data" / "oracle_atomic.json"


@pytest.fixture(scope="module")
def flat() -> dict[str, OracleRecord]:
    return {r.name: r for r in records(FLAT)}


# --------------------------------------------------------------------------- reading and building

def test_a_flat_list_keeps_only_the_rules_fields_and_names_a_multi_face_cards_front(flat: dict[str, OracleRecord]) -> None:
    rows = read_source(FLAT)
    assert len(rows) == 42 and all(len(r) == len(oracle.FIELDS) for r in rows)
    assert "colorIdentity" not in oracle.FIELDS
    elves = flat["Llanowar Elves"]
    assert (elves.mana_cost, elves.type, elves.types, elves.subtypes, elves.text, elves.power) == (
        "{G}", "Creature — Elf Druid", ("Creature",), ("Elf", "Druid"), "{T}: Add {G}.", "1")
    assert flat["Forest"].text == "({T}: Add {G}.)" and flat["Forest"].supertypes == ("Basic",)
    assert flat["Grizzly Bears"].text == "" and flat["Nissa, Who Shakes the World"].loyalty == "5"
    delver = flat["Delver of Secrets // Insectile Aberration"]
    assert (delver.face_name, delver.side, delver.card_name, delver.is_back) == (
        "Delver of Secrets", "a", "Delver of Secrets", False)
    back = flat["Azcanta, the Sunken Ruin"]       # the corpus keeps some back faces as records of their own
    assert back.side == "b" and back.is_back
    assert flat["Lightning Bolt"].side is None and not flat["Lightning Bolt"].is_back


def test_atomic_cards_faces_are_found_by_full_name_and_by_face_name(tmp_path: Path) -> None:
    out = tmp_path / "oracle.json.xz"
    assert build(ATOMIC, out) == 16
    index = Oracle.load(out)
    assert len(index) == 16 and "Fire // Ice" in index and "Ice" in index and "Glacier" not in index
    assert index.record("Fire // Ice").face_name == "Fire"          # the full name: the front
    ice = index.record("Ice")
    assert ice is not None and (ice.name, ice.side, ice.mana_cost, ice.text) == (
        "Fire // Ice", "b", "{1}{U}", "Tap target permanent.\nDraw a card.")
    aberration = index.record("Insectile Aberration")
    assert aberration is not None and (aberration.power, aberration.toughness, aberration.is_back) == ("3", "2", True)
    azcanta = index.record("Azcanta, the Sunken Ruin")
    assert azcanta is not None and azcanta.types == ("Land",) and "{T}: Add {U}." in azcanta.text
    assert index.names() == sorted(json.loads(ATOMIC.read_text(encoding="utf-8"))["data"])
    assert index.source["file"] == "oracle_atomic.json"             # no machine path, ever
    assert index.source["mtgjson"]["version"].startswith("fixture")
    assert str(ATOMIC.parent) not in json.dumps(index.source) and str(tmp_path) not in json.dumps(index.source)


def test_the_build_is_deterministic_and_reads_plain_gzip_and_xz_alike(tmp_path: Path) -> None:
    raw = FLAT.read_bytes()
    (tmp_path / "c.json.gz").write_bytes(gzip.compress(raw))
    (tmp_path / "c.json.xz").write_bytes(lzma.compress(raw))
    (tmp_path / "c.json").write_bytes(raw)
    built = {}
    for name in ("c.json", "c.json.gz", "c.json.xz"):
        build(tmp_path / name, tmp_path / f"{name}.out")
        built[name] = load_records(tmp_path / f"{name}.out")
    metas = [m for m, _ in built.values()]
    rows = [r for _, r in built.values()]
    assert rows[0] == rows[1] == rows[2] and len(rows[0]) == 42
    assert len({m["sha256"] for m in metas}) == 1                   # the digest of the JSON itself
    build(tmp_path / "c.json", tmp_path / "again.out")
    assert (tmp_path / "again.out").read_bytes() == (tmp_path / "c.json.out").read_bytes()
    assert [r[0] for r in rows[0]] == sorted(r[0] for r in rows[0])
    assert [r.name for r in records(tmp_path / "c.json.xz.out")] == [r[0] for r in rows[0]]


@pytest.mark.parametrize("content, problem", [
    ('{"cards": []}', "AtomicCards"),
    ('{"data": {"X": {"name": "X"}}}', "must be a list of faces"),
    ('[{"type": "Land"}]', "needs a name"),
    ('[{"name": "X"}]', "needs a type line"),
    ('[{"name": "X", "type": "Land", "types": "Land"}]', "'types' has the wrong type"),
    ("[]", "no card faces"),
    ("not json", "not JSON"),
    ('"a string"', "expected MTGJSON AtomicCards"),
])
def test_what_is_not_oracle_data_is_refused_with_the_files_name(tmp_path: Path, content: str, problem: str) -> None:
    path = tmp_path / "bad.json"
    path.write_text(content, encoding="utf-8")
    with pytest.raises(OracleDataError, match=problem) as exc:
        build(path, tmp_path / "out.xz")
    assert str(exc.value).startswith("bad.json: ") and not (tmp_path / "out.xz").exists()
    with pytest.raises(OracleDataError, match="not a file of"):
        load_records(FLAT)


def test_the_package_ships_every_real_cards_oracle_record_unchanged(flat: dict[str, OracleRecord]) -> None:
    assert oracle.DATA_PATH.stat().st_size < 2_000_000
    shipped = oracle.package_oracle()
    assert len(shipped) >= 35_000
    assert shipped.source == {"file": "oracle_corpus.json.gz",       # the corpus README's SHA-256
                              "sha256": "130a9994d7b397dcba052730bd3e36655169aafb57ffebb2e5be7ca4f0b5a4b5"}
    for name, record in flat.items():
        assert oracle_record(name) == record, name
    assert oracle_record("Mirari's Wake").text == (       # the real card has no trample
        "Creatures you control get +1/+1.\nWhenever you tap a land for mana, add one mana of any type that "
        "land produced.")
    assert is_real_card("Cabal Coffers") and is_real_card("Delver of Secrets") and is_real_card("Fire // Ice")
    assert not is_real_card("Grizzly Bear") and oracle_record("cabal coffers") is None


def test_the_records_are_read_on_first_lookup_only() -> None:
    code = ("import sys, simulator.cards, simulator.cards.pool\n"
            "assert 'simulator.cards.oracle' not in sys.modules\n"
            "import simulator.cards.oracle as o\n"
            "assert o.package_oracle.cache_info().currsize == 0\n"
            "assert o.is_real_card('Llanowar Elves') and o.package_oracle.cache_info().currsize == 1\n")
    done = subprocess.run([sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr


# --------------------------------------------------------------------------- the classifier

@pytest.mark.parametrize("name, classes", [
    ("Llanowar Elves", "a"),             # (a) an activated mana ability
    ("Lotus Cobra", "a"),                # (a) triggered
    ("Dark Ritual", "a"),                # (a) a spell's effect
    ("Cabal Coffers", "a"),
    ("Jadelight Ranger", "b"),           # (b) explores
    ("Path of Discovery", "b"),          # (b) "it explores" of another creature
    ("Mana Flare", "ac"),                # (c) "taps a land for mana" (and adds mana)
    ("Mana Reflection", "c"),            # (c) "produces"
    ("Sylvok Explorer", "ac"),           # (c) "could produce"; "Explorer" is no explore
    ("Wild Growth", "ac"),               # (c) "tapped for mana"
    ("Pili-Pala", "ad"),                 # (d) {Q}
    ("Order of Whiteclay", "d"),
    ("Blood Moon", "e"),                 # (e) "are Mountains"
    ("Urborg, Tomb of Yawgmoth", "e"),   # (e) "in addition to its other land types"
    ("Spreading Seas", "e"),             # (e) "is an Island"
    ("Prismatic Omen", "e"),             # (e) "every basic land type"
    ("Chromatic Lantern", "ae"),         # (e) grants lands a mana ability
    ("Hangarback Walker", "f"),          # (f) enters with X +1/+1 counters
    ("Chalice of the Void", "f"),
    ("Forest", "g"),                     # (g) only: "({T}: Add {G}.)" is reminder text
    ("Dryad Arbor", "g"),
    ("Cinder Glade", "g"),
    ("Grizzly Bears", ""),
    ("Lightning Bolt", ""),
    ("Prosperous Innkeeper", ""),        # the Treasure's "Add" is reminder text
    ("Tireless Tracker", ""),
    ("Explorer's Scope", ""),
    ("Delver of Secrets // Insectile Aberration", ""),
])
def test_each_class_with_a_real_card(flat: dict[str, OracleRecord], name: str, classes: str) -> None:
    assert classify(flat[name]) == frozenset(classes)


def test_reminder_text_is_what_keeps_a_card_out(flat: dict[str, OracleRecord]) -> None:
    innkeeper = flat["Prosperous Innkeeper"]
    unbracketed = dataclasses.replace(innkeeper, text=innkeeper.text.replace("(", "").replace(")", ""))
    assert classify(unbracketed) == {"a"}
    forest = flat["Forest"]
    assert classify(dataclasses.replace(forest, text="{T}: Add {G}.")) == {"a", "g"}


def test_a_cards_own_name_puts_it_in_no_class(flat: dict[str, OracleRecord]) -> None:
    bears = flat["Grizzly Bears"]
    named = dataclasses.replace(bears, name="Forest Explores", text="When Forest Explores enters, you gain 1 life.")
    assert classify(named) == frozenset()
    assert classify(dataclasses.replace(named, name="Grizzly Bears")) == {"b"}


# --------------------------------------------------------------------------- accepted or refused

def _game_accepts(record: OracleRecord) -> bool:
    """Independently of `judge`: a card file of the record, loaded as a game loads one, then a Game."""
    entry = "\n".join(f"{k} = {json.dumps(v, ensure_ascii=False)}" for k, v in record.card_entry().items())
    tokens = CardPool.from_files(DATA_DIR / "tokens.toml")
    try:
        Game(tokens.with_text(f"[[card]]\n{entry}\n", "test"))
    except CardDataError:
        return False
    return True


def test_accepted_means_a_game_accepts_the_card(flat: dict[str, OracleRecord]) -> None:
    verdicts = {name: judge(r) for name, r in flat.items()}
    for name, record in flat.items():
        assert verdicts[name].accepted == _game_accepts(record), name
    stages = {v.stage for v in verdicts.values()}
    assert stages == {"", "card", "rules"}, ("the fixture must keep a card the parser accepts and the rules "
                                             f"check refuses (Elvish Guidance today): {stages}")
    for name in ("Llanowar Elves", "Jadelight Ranger", "Mana Flare", "Blood Moon", "Hangarback Walker",
                 "Forest", "Dryad Arbor", "Urborg, Tomb of Yawgmoth"):
        assert verdicts[name].accepted, (name, verdicts[name])
    nissa = verdicts["Nissa, Who Shakes the World"]     # loyalty is read (306.5b); one line is not
    assert not nissa.accepted and "unknown phrase" in nissa.message and "loyalty" not in nissa.cluster
    for v in verdicts.values():
        assert v.accepted == (v.message == "" == v.cluster)


def test_refusals_cluster_by_phrase_whatever_the_cards_name_and_numbers(flat: dict[str, OracleRecord]) -> None:
    elves = flat["Llanowar Elves"]
    one = dataclasses.replace(elves, name="Elfy Elf", text="{T}: Add {G}.\nFrobnicate 3 widgets with Elfy Elf.")
    two = dataclasses.replace(elves, name="Oaf", text="Frobnicate seven widgets with Oaf. (Reminder.)")
    v1, v2 = judge(one), judge(two)
    assert not v1.accepted and not v2.accepted
    assert "Frobnicate 3 widgets with Elfy Elf." in v1.message          # the parser's own words
    assert v1.cluster == v2.cluster == "unknown phrase: Frobnicate N widgets with ..."
    mid = dataclasses.replace(elves, text="{T}: Add {G} and frobnicate.")
    assert judge(mid).cluster.startswith("unknown phrase: [")         # mid-sentence: the word before
    assert cluster_key("unknown mana cost '{G/U}{G/U}' (use symbols such as {2}{G}{X})", elves) == "mana cost: hybrid"
    assert cluster_key("power must be a whole number, not '*'", elves) == cluster_key(
        "toughness must be a whole number, not '1+*'", elves)


def test_all_lines_counts_every_refused_line(flat: dict[str, OracleRecord]) -> None:
    elves = flat["Llanowar Elves"]
    two_bad = dataclasses.replace(elves, text="Frobnicate.\n{T}: Add {G}.\nDefenestrate 2 gnomes.")
    assert line_problems(two_bad) == ["unknown phrase: Frobnicate", "unknown phrase: Defenestrate N gnomes"]
    guidance = flat["Elvish Guidance"]
    assert any(k.startswith("rules: ") for k in line_problems(guidance))


# --------------------------------------------------------------------------- the report

def test_the_report_counts_per_class_and_its_clusters_add_up(flat: dict[str, OracleRecord]) -> None:
    report = coverage(records(FLAT))
    fronts = [r for r in flat.values() if not r.is_back]
    scoped = [r for r in fronts if classify(r)]
    assert (report.faces, report.back_faces) == (42, 1)
    assert report.total.in_scope == len(scoped)
    assert report.total.accepted == sum(judge(r).accepted for r in scoped)
    for letter, row in report.rows.items():
        assert row.in_scope == sum(letter in classify(r) for r in scoped) > 0, letter
        assert row.accepted + row.refused == row.in_scope
    assert sum(report.clusters.values()) == report.total.refused > 0
    assert "Grizzly Bears" not in report.accepted_names            # out of scope: not counted
    text = format_report(report, top=5)
    assert "| class | what" in text and f"| {report.total.in_scope:<8} |" in text.replace(",", "")
    assert all(f"| {k}     | {v}" in text for k, v in CLASSES.items())
    lines = coverage(records(FLAT), all_lines=True)
    assert sum(lines.clusters.values()) >= lines.total.refused == report.total.refused


def test_python_m_bench_cards_on_an_atomic_cards_file(monkeypatch: pytest.MonkeyPatch,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    sys.path.insert(0, str(REPO))
    from bench.__main__ import main            # `python -m bench cards FILE`, in this process

    monkeypatch.setattr(sys, "argv", ["bench", "cards", str(ATOMIC), "--json"])
    assert main() == 0
    report = json.loads(capsys.readouterr().out)
    assert (report["faces"], report["back_faces"]) == (16, 3)
    total = report["classes"][-1]
    assert total["class"] == "*" and total["in_scope"] == 9 and total["accepted"] + total["refused"] == 9
    assert {"Llanowar Elves", "Jadelight Ranger", "Forest"} <= set(report["accepted"])
    monkeypatch.setattr(sys, "argv", ["bench", "cards", "no-such-file.json"])
    assert main() == 2 and "no-such-file.json" in capsys.readouterr().err


# --------------------------------------------------------------------------- on the real corpus (opt-in)

CORPUS = os.environ.get("SIMULATOR_ORACLE_CORPUS")
needs_corpus = pytest.mark.skipif(not CORPUS, reason="SIMULATOR_ORACLE_CORPUS (the Oracle corpus file) not set")


@needs_corpus
def test_the_package_file_is_what_the_generator_makes_of_the_corpus(tmp_path: Path) -> None:
    build(str(CORPUS), tmp_path / "oracle.json.xz")
    assert (tmp_path / "oracle.json.xz").read_bytes() == oracle.DATA_PATH.read_bytes()


@needs_corpus
def test_the_coverage_of_the_corpus_does_not_fall() -> None:
    report = coverage(records(str(CORPUS)))
    assert report.total.in_scope > 3_000 and report.total.accepted >= 372


def test_a_reversible_card_is_the_card_it_plays_as(flat: dict[str, OracleRecord]) -> None:
    """A reversible card ("Llanowar Elves // Llanowar Elves", both faces the same card) plays as
    Llanowar Elves: the report counts one card, not two (the name a game knows it by)."""
    elves = flat["Llanowar Elves"]
    front = dataclasses.replace(elves, name="Llanowar Elves // Llanowar Elves", face_name="Llanowar Elves",
                                side="a", layout="reversible_card")
    back = dataclasses.replace(front, side="b")
    report = coverage([elves, front, back])
    assert (report.total.in_scope, report.total.accepted, report.back_faces) == (1, 1, 1)
    assert report.accepted_names == ["Llanowar Elves"]
