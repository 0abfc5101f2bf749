"""Fuzzing the inputs (docs/reliability.md): recorded games mutated structurally and as bytes,
and card files mutated as bytes. Invariant for every input: exit status 0, 2 or 3 only (never
70), no traceback, nothing written on exit 2 (not even an empty database file), the stored log
verifies on 0 and 3, and bounded time (hypothesis deadline) and memory (peak RSS growth).

A small budget runs with the suite; `pytest -m fuzz` runs a long one (tests/conftest.py)."""
from __future__ import annotations

import json
import resource
import tomllib
import uuid
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from clirun import run
from reliability_stats import record

ROOT = Path(__file__).resolve().parents[2]
GAMES = sorted(p for p in (ROOT / "tests" / "games").glob("*.toml"))
CARD_FILES = sorted((ROOT / "simulator" / "cards" / "data").glob("*.toml"))
SEEDS = [p for p in GAMES if "cards" not in p.read_text(encoding="utf-8").split("[[players]]")[0]][:60]
MEMORY_BOUND_KB = 512 * 1024

pytestmark = pytest.mark.fuzz

json_leaf = st.one_of(
    st.none(), st.booleans(), st.integers(), st.integers(min_value=-(2**70), max_value=2**70),
    st.floats(allow_nan=True, allow_infinity=True), st.text(max_size=30),
    st.sampled_from(["Forest", "Alice", "Bob", "forest-a", "main1", "upkeep", "top", "G", "",
                     "\ud800", "x" * 20000, "../../etc/passwd", "/dev/zero"]),
)
json_value = st.recursive(json_leaf, lambda inner: st.one_of(
    st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=8), inner, max_size=4)), max_leaves=12)


def _paths(data: Any, base: tuple = ()) -> list[tuple]:
    out = [base]
    if isinstance(data, dict):
        for k, v in data.items():
            out += _paths(v, base + (k,))
    elif isinstance(data, list):
        for i, v in enumerate(data):
            out += _paths(v, base + (i,))
    return out


def _mutate(data: Any, path: tuple, how: str, value: Any) -> Any:
    if not path:
        return value if how == "replace" else data
    parent = data
    for p in path[:-1]:
        parent = parent[p]
    last = path[-1]
    if how == "delete":
        del parent[last]
    elif how == "replace":
        parent[last] = value
    elif how == "duplicate" and isinstance(parent, list):
        parent.insert(last, json.loads(json.dumps(parent[last])))
    elif how == "wrap":
        parent[last] = [parent[last]]
    return data


def _check(tmp: Path, game_file: Path, what: str) -> int:
    db = tmp / f"{uuid.uuid4().hex}.sqlite"
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    r = run("replay", str(game_file), "--db", str(db))
    grown = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before
    assert r.code in (0, 2, 3), f"{what}: exit {r.code}\n{r.err}"
    assert "Traceback" not in r.err and "internal error" not in r.err, r.err
    assert grown < MEMORY_BOUND_KB, f"{what}: peak memory grew by {grown} kB"
    if r.code == 2:
        assert not db.exists(), f"{what}: exit 2 but the database was created"
    else:
        v = run("verify", "--db", str(db))
        assert v.code == 0, f"{what}: replay exit {r.code} but verify says\n{v.err}"
    return r.code


def _settings(fuzz_budget):
    return settings(max_examples=fuzz_budget.examples, deadline=None, database=None,
                    suppress_health_check=list(HealthCheck))


def test_structural_mutations_of_recorded_games(tmp_path, fuzz_budget):
    codes: dict[int, int] = {}

    @_settings(fuzz_budget)
    @given(st.sampled_from(SEEDS), st.data())
    def one(seed: Path, data: st.DataObject) -> None:
        doc = tomllib.loads(seed.read_text(encoding="utf-8"))
        for _ in range(data.draw(st.integers(1, 3))):
            path = data.draw(st.sampled_from(_paths(doc)))
            how = data.draw(st.sampled_from(["delete", "replace", "duplicate", "wrap"]))
            doc = _mutate(doc, path, how, data.draw(json_value))
        f = tmp_path / f"{uuid.uuid4().hex}.json"
        f.write_text(json.dumps(doc, ensure_ascii=True), encoding="utf-8")
        code = _check(tmp_path, f, f"mutated {seed.name}")
        codes[code] = codes.get(code, 0) + 1

    one()
    record("fuzz_structural", inputs=sum(codes.values()), **{f"exit_{k}": v for k, v in codes.items()})


def _byte_mutation(raw: bytes, data: st.DataObject) -> bytes:
    out = bytearray(raw)
    for _ in range(data.draw(st.integers(1, 6))):
        op = data.draw(st.sampled_from(["flip", "insert", "delete", "repeat"]))
        i = data.draw(st.integers(0, max(len(out) - 1, 0)))
        if op == "flip" and out:
            out[i] = data.draw(st.integers(0, 255))
        elif op == "insert":
            out[i:i] = data.draw(st.sampled_from([b"[", b"{", b"\"", b"\\", b"\n", b"=", b"\xff",
                                                  b"9" * 50, b"\x00", b"]]", b"[[actions]]\n"]))
        elif op == "delete":
            del out[i:i + data.draw(st.integers(1, 40))]
        elif op == "repeat":
            out[i:i] = bytes(out[i:i + 30]) * data.draw(st.integers(2, 50))
    return bytes(out)


def test_byte_mutations_of_recorded_games(tmp_path, fuzz_budget):
    codes: dict[int, int] = {}

    @_settings(fuzz_budget)
    @given(st.sampled_from(SEEDS), st.data())
    def one(seed: Path, data: st.DataObject) -> None:
        f = tmp_path / f"{uuid.uuid4().hex}{data.draw(st.sampled_from(['.toml', '.json']))}"
        raw = seed.read_bytes() if f.suffix == ".toml" else json.dumps(
            tomllib.loads(seed.read_text(encoding="utf-8"))).encode()
        f.write_bytes(_byte_mutation(raw, data))
        code = _check(tmp_path, f, f"bytes of {seed.name}")
        codes[code] = codes.get(code, 0) + 1

    one()
    record("fuzz_bytes", inputs=sum(codes.values()), **{f"exit_{k}": v for k, v in codes.items()})


def test_byte_mutations_of_card_files(tmp_path, fuzz_budget):
    codes: dict[int, int] = {}
    game = ('format = 1\ncards = ["cards.toml"]\n[[players]]\nname = "Alice"\n'
            'battlefield = [{ card = "Forest", id = "f" }]\n[[players]]\nname = "Bob"\n'
            '[[actions]]\nplayer = "Alice"\nactivate = "f"\n')

    @_settings(fuzz_budget)
    @given(st.sampled_from(CARD_FILES), st.data())
    def one(seed: Path, data: st.DataObject) -> None:
        folder = tmp_path / uuid.uuid4().hex
        folder.mkdir()
        (folder / "cards.toml").write_bytes(_byte_mutation(seed.read_bytes(), data))
        (folder / "game.toml").write_text(game, encoding="utf-8")
        code = _check(folder, folder / "game.toml", f"bytes of {seed.name}")
        codes[code] = codes.get(code, 0) + 1

    one()
    record("fuzz_card_files", inputs=sum(codes.values()), **{f"exit_{k}": v for k, v in codes.items()})


# --------------------------------------------------------------------------- check, apply, play

def _no_crash(r: Any, what: str, allowed: tuple[int, ...]) -> None:
    assert r.code in allowed, f"{what}: exit {r.code}\n{r.err[-2000:]}"
    assert "Traceback" not in r.err and "internal error" not in r.err + r.out, r.err[-2000:]


def test_byte_mutations_of_recorded_games_through_check(tmp_path, fuzz_budget):
    """`simulator check` answers every mutated file as `replay` does: the same exit 2 and
    message for a bad file (issue 24: it parsed files itself first, 266 of 1,270 were exit 70)."""
    codes: dict[int, int] = {}

    @_settings(fuzz_budget)
    @given(st.sampled_from(SEEDS), st.data())
    def one(seed: Path, data: st.DataObject) -> None:
        f = tmp_path / f"{uuid.uuid4().hex}{data.draw(st.sampled_from(['.toml', '.json']))}"
        raw = seed.read_bytes() if f.suffix == ".toml" else json.dumps(
            tomllib.loads(seed.read_text(encoding="utf-8"))).encode()
        f.write_bytes(_byte_mutation(raw, data))
        r = run("check", str(f))
        _no_crash(r, f"check of bytes of {seed.name}", (0, 1, 2))
        if r.code == 2:
            db = tmp_path / f"{uuid.uuid4().hex}.sqlite"
            rep = run("replay", str(f), "--db", str(db))
            assert (rep.code, rep.err) == (r.code, r.err), f"check and replay differ on {seed.name}"
            assert not db.exists()
        codes[r.code] = codes.get(r.code, 0) + 1

    one()
    record("fuzz_check", inputs=sum(codes.values()), **{f"exit_{k}": v for k, v in codes.items()})


ACTION_SEEDS = [
    '{player = "Alice", activate = "forest-a"}', '{player = "Alice", pass = true}',
    '{player = "Bob", pass = true}', '{player = "Alice", cast = "Llanowar Elves"}',
    '{player = "Alice", play = "Forest"}', '{player = "Alice", choose = "top"}',
    '{player = "Alice", advance = "upkeep"}', '{player = "Alice", activate = "forest-a", mana = "G"}',
]


def _stored_game(tmp_path: Path) -> tuple[str, int]:
    db = str(tmp_path / "fuzz_apply.sqlite")
    if not Path(db).exists():
        assert run("replay", str(ROOT / "examples" / "forest_and_elves.toml"), "--db", db).code == 0
    return db, _events(db)


def _events(db: str) -> int:
    import sqlite3
    con = sqlite3.connect(db)
    try:
        return con.execute("select count(*) from events").fetchone()[0]
    finally:
        con.close()


def test_mutated_actions_through_apply(tmp_path, fuzz_budget):
    """`simulator apply` on inline tables and action files mutated as bytes and as values:
    0, 2 or 3 only; on 2 and 3 nothing is written; after 0 the log verifies."""
    codes: dict[int, int] = {}

    @_settings(fuzz_budget)
    @given(st.sampled_from(ACTION_SEEDS), st.data())
    def one(seed: str, data: st.DataObject) -> None:
        db, before = _stored_game(tmp_path)
        kind = data.draw(st.sampled_from(["inline", "toml", "json", "value"]))
        if kind == "inline":
            arg = _byte_mutation(seed.encode(), data).decode("utf-8", "replace")
            if not arg.lstrip().startswith("{"):
                arg = "{" + arg
            args = [arg]
        elif kind == "value":
            table = tomllib.loads(f"a = {seed}")["a"]
            table[data.draw(st.sampled_from(sorted(table) + ["x", "targets", "ability"]))] = data.draw(json_value)
            f = tmp_path / f"{uuid.uuid4().hex}.json"
            f.write_text(json.dumps({"actions": [table]}), encoding="utf-8")
            args = [str(f)]
        else:
            body = "[[actions]]\n" + seed.strip("{}").replace(", ", "\n") + "\n"
            raw = body.encode() if kind == "toml" else json.dumps(
                {"actions": [tomllib.loads(body)["actions"][0]]}).encode()
            f = tmp_path / f"{uuid.uuid4().hex}.{kind}"
            f.write_bytes(_byte_mutation(raw, data))
            args = [str(f)]
        r = run("apply", "--db", db, *args)
        _no_crash(r, f"apply {kind} from {seed}", (0, 2, 3))
        if r.code != 0:
            assert _events(db) == before, f"apply exit {r.code} wrote events"
        else:
            assert run("verify", "--db", db).code == 0
        codes[r.code] = codes.get(r.code, 0) + 1

    one()
    record("fuzz_apply", inputs=sum(codes.values()), **{f"exit_{k}": v for k, v in codes.items()})


def test_mutated_lines_through_play(tmp_path, fuzz_budget):
    """`simulator play` reads any line (numbers, `²`, huge integers, mutated tables, bytes) and
    answers it without ending the session: exit 0 at `quit`, never 70."""
    import io
    import sys as _sys
    lines = st.one_of(
        st.sampled_from(["1", "2", "0", "-1", "²", "٣", "9" * 5000, "undo", "why", "why x", "why 9" * 3,
                         "state", "help", "", "{", "}", "{}", "\x1b[2J", "\ud800"]),
        st.text(max_size=40),
        st.sampled_from(ACTION_SEEDS),
    )
    counted = {"sessions": 0, "lines": 0}

    @_settings(fuzz_budget)
    @given(st.lists(lines, min_size=1, max_size=6), st.data())
    def one(chosen: list[str], data: st.DataObject) -> None:
        db, _ = _stored_game(tmp_path)
        mutated = [_byte_mutation(c.encode("utf-8", "surrogatepass"), data).decode("utf-8", "replace")
                   if data.draw(st.booleans()) else c for c in chosen]
        text = "".join(m.replace("\n", " ") + "\n" for m in mutated) + "quit\n"
        old = _sys.stdin
        _sys.stdin = io.StringIO(text)
        try:
            r = run("play", "--db", db)
        finally:
            _sys.stdin = old
        _no_crash(r, f"play {mutated!r}", (0,))
        counted["sessions"] += 1
        counted["lines"] += len(mutated)
        if data.draw(st.integers(0, 9)) == 0:
            assert run("verify", "--all", "--db", db).code == 0

    one()
    record("fuzz_play", inputs=counted["lines"], sessions=counted["sessions"])
