"""`simulator state` keeps the view it prints (`simulator.session.kept_views`): asked again it
prints exactly what it made, read from the entry named by the code, the game, the event and its
stored hash; anything else asks for a new entry; views that depend on more than the log are not
kept; the folder stays bounded and can be switched off (issue 25, goal 5: start-up of `state`)."""
from __future__ import annotations

import json
import subprocess
import sys
from contextlib import closing
from pathlib import Path

import pytest

from clirun import run
from simulator.session import kept_views
from simulator.session.recorder import replay_file
from tampering import attacker

REPO = Path(__file__).resolve().parents[2]
EXAMPLES = sorted((REPO / "examples").glob("*.toml"))


def _views(cache: Path) -> list[Path]:
    return sorted((cache / "views").glob("*.json"))


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "cache"
    monkeypatch.setenv("SIMULATOR_CACHE_DIR", str(folder))
    return folder


@pytest.mark.parametrize("example", EXAMPLES, ids=[e.stem for e in EXAMPLES])
def test_a_kept_view_prints_what_the_made_one_did(example: Path, tmp_path: Path, cache: Path) -> None:
    """Every example game: the view `simulator replay` kept is the one `state` makes from the
    log; then text (plain and rich), JSON, a picture, now and mid-game: the second `state` reads
    the entry the first one wrote and prints the same, byte for byte."""
    db = str(tmp_path / "g.sqlite")
    assert run("replay", str(example), "--db", db).code in (0, 3)   # (one example stops at an illegal action)
    assert len(_views(cache)) == 1   # the replay's final state, kept
    kept_by_replay = run("state", "--json", "--db", db)
    for entry in _views(cache):
        entry.unlink()
    made = run("state", "--json", "--db", db)
    assert (kept_by_replay.code, kept_by_replay.out) == (0, made.out)
    events = json.loads(made.out)["events"]
    for args in (["--color", "never"], ["--color", "always"], ["--json"], ["--svg", "-"],
                 ["--at", str(events // 2), "--json"], ["--at", str(events // 2), "--color", "never"]):
        made = run("state", *args, "--db", db)
        entries = _views(cache)
        kept = run("state", *args, "--db", db)
        assert made.code == 0, made.err
        assert (kept.code, kept.out, kept.err) == (made.code, made.out, made.err), args
        assert _views(cache) == entries   # read, not made again
    assert len(_views(cache)) == 2   # one entry per event asked for, whatever the output's form


def test_the_kept_entry_is_what_is_printed(tmp_path: Path, cache: Path) -> None:
    """The second `state` prints the entry's content (here replaced by a marker): the rules are not run."""
    db = str(tmp_path / "g.sqlite")
    replay_file(REPO / "examples" / "forest_and_elves.toml", db)
    run("state", "--db", db)
    [entry] = _views(cache)
    entry.write_text(json.dumps({"marker": 1}), encoding="utf-8")
    assert json.loads(run("state", "--json", "--db", db).out) == {"marker": 1}


def test_another_event_game_code_or_hash_is_another_entry(tmp_path: Path, cache: Path,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    db = str(tmp_path / "g.sqlite")
    first = replay_file(REPO / "examples" / "forest_and_elves.toml", db).game.state.game_id
    second = replay_file(REPO / "examples" / "forest_and_elves.toml", db).game.state.game_id   # the same file again
    run("state", first, "--db", db)
    run("state", first, "--at", "5", "--db", db)
    run("state", second, "--db", db)
    assert len(_views(cache)) == 3
    for entry in _views(cache):
        entry.write_text(json.dumps({"marker": 1}), encoding="utf-8")
    monkeypatch.setattr(kept_views, "package_fingerprint", lambda: b"another version of the code")
    assert "marker" not in json.loads(run("state", first, "--json", "--db", db).out)
    monkeypatch.undo()
    monkeypatch.setenv("SIMULATOR_CACHE_DIR", str(cache))
    assert json.loads(run("state", first, "--json", "--db", db).out) == {"marker": 1}
    with closing(attacker(db)) as con:   # the head event's stored hash changed: it names another log
        con.execute("UPDATE events SET hash = 'x' || substr(hash, 2) WHERE game_id = ? "
                    "AND seq = (SELECT MAX(seq) FROM events WHERE game_id = ?)", (first, first))
    assert "marker" not in json.loads(run("state", first, "--json", "--db", db).out)


def test_views_that_depend_on_more_than_the_log_are_not_kept(tmp_path: Path, cache: Path) -> None:
    """`--cards` (a pool given by the caller) and an old game whose card files are read from its
    recorded file's path: made every time, never kept; the event 0 state is not kept either."""
    db = str(tmp_path / "g.sqlite")
    replay_file(REPO / "examples" / "forest_and_elves.toml", db)
    cards = REPO / "examples" / "cards"
    extra = sorted(cards.glob("*.toml"))[0]
    assert run("state", "--cards", str(extra), "--db", db).code == 0
    assert run("state", "--at", "0", "--db", db).code == 0
    old = tmp_path / "old.sqlite"
    old.write_bytes((REPO / "tests" / "data" / "v0_1_games.sqlite").read_bytes())
    done = run("state", "--db", str(old), cwd=REPO)
    assert done.code == 0 and "before logs kept their card files" in done.err
    assert _views(cache) == []


def test_keeping_switched_off_and_the_folder_bounded(tmp_path: Path, cache: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    db = str(tmp_path / "g.sqlite")
    replay_file(REPO / "examples" / "forest_and_elves.toml", db)
    monkeypatch.setattr(kept_views, "KEEP", 2)
    for at in (3, 4, 5):
        run("state", "--at", str(at), "--db", db)
    assert len(_views(cache)) == 2
    (cache / "views").joinpath("unrelated.txt").write_text("x", encoding="utf-8")   # only entries are counted
    monkeypatch.setenv("SIMULATOR_CACHE_DIR", "")
    made = run("state", "--at", "6", "--json", "--db", db)
    assert made.code == 0 and json.loads(made.out)["events"] == 6
    assert len(_views(cache)) == 2


def test_a_damaged_entry_is_made_again(tmp_path: Path, cache: Path) -> None:
    db = str(tmp_path / "g.sqlite")
    replay_file(REPO / "examples" / "forest_and_elves.toml", db)
    made = run("state", "--json", "--db", db).out
    [entry] = _views(cache)
    entry.write_text('{"truncated', encoding="utf-8")
    assert run("state", "--json", "--db", db).out == made
    assert json.loads(entry.read_text(encoding="utf-8")) == json.loads(made)


def test_a_kept_view_is_printed_without_the_cards_or_the_rules(tmp_path: Path) -> None:
    """The second `state` of a game imports neither the card model nor the game's state and
    layers: that is what keeping the view is for."""
    db = str(tmp_path / "g.sqlite")
    replay_file(REPO / "examples" / "forest_and_elves.toml", db)
    code = ("import contextlib, io, sys\nfrom simulator.cli.main import main\n"
            f"with contextlib.redirect_stdout(io.StringIO()):\n    assert main(['state', '--db', {db!r}]) == 0\n"
            "print(sorted(m for m in sys.modules if m.startswith(('simulator.cards', 'simulator.game'))))")

    def imported() -> list[str]:
        done = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, capture_output=True, text=True,
                              timeout=120, env={"PYTHONPATH": str(REPO), "PATH": "/usr/bin:/bin",
                                                "SIMULATOR_CACHE_DIR": str(tmp_path / "cache")})
        assert done.returncode == 0, done.stderr
        return list(json.loads(done.stdout.strip().splitlines()[-1].replace("'", '"')))

    assert "simulator.cards.model" in imported()   # made: the pool and the rules' state
    assert imported() == []


def test_the_package_fingerprint_follows_its_files(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Any file's bytes or name changes it; compiled files do not."""
    from simulator.base import kept
    package = tmp_path / "simulator"
    (package / "cards").mkdir(parents=True)
    (package / "cards" / "rules.py").write_text("A = 1\n", encoding="utf-8")
    (package / "grammar.lark").write_text("start: x\n", encoding="utf-8")
    monkeypatch.setattr(kept, "_PACKAGE", str(package))
    fingerprint = kept.package_fingerprint.__wrapped__
    before = fingerprint()
    (package / "__pycache__").mkdir()
    (package / "__pycache__" / "rules.cpython-311.pyc").write_bytes(b"compiled")
    assert fingerprint() == before
    (package / "cards" / "rules.py").write_text("A = 2\n", encoding="utf-8")
    changed = fingerprint()
    assert changed != before
    (package / "cards" / "rules.py").rename(package / "cards" / "other.py")
    assert fingerprint() not in (before, changed)


def test_what_making_the_view_reads_names_its_entry(tmp_path: Path, cache: Path) -> None:
    """The entry's name covers what making the view reads, as stored: the events after the latest
    snapshot (an edited payload under its old hash: `state` still reports it corrupt), the
    snapshot's text, the first event's card files. A view made past a snapshot that had to be
    skipped is not kept (its warning is given again by the next `state`)."""
    from simulator.store import EventStore
    db = str(tmp_path / "g.sqlite")
    gid = replay_file(REPO / "examples" / "forest_and_elves.toml", db, snapshot_every=30).game.state.game_id

    def names() -> tuple[str | None, str | None]:
        with EventStore(db, readonly=True) as store:
            assert [seq for seq, _ in store.snapshots(gid)] == [67]   # the last event's; none before
            return kept_views.kept_entry(store, gid, 66), kept_views.kept_entry(store, gid, 67)

    def edit(sql: str, *params: object) -> None:
        with closing(attacker(db)) as con:
            con.execute(sql, params)

    before = names()
    assert None not in before and before[0] != before[1]
    made = run("state", "--at", "66", "--json", "--db", db).out
    [entry] = _views(cache)
    with closing(attacker(db)) as con:
        payload = con.execute("SELECT payload FROM events WHERE game_id = ? AND seq = 61", (gid,)).fetchone()[0]
    edit("UPDATE events SET payload = replace(payload, 'Alice', 'Alyce') WHERE game_id = ? AND seq = 61", gid)
    assert names()[0] != before[0] and names()[1] == before[1]   # event 61: before the snapshot at 67
    assert run("state", "--at", "66", "--json", "--db", db).code == 0 and len(_views(cache)) == 2   # made again
    edit("UPDATE events SET payload = '{not json' WHERE game_id = ? AND seq = 61", gid)
    done = run("state", "--at", "66", "--db", db)
    assert done.code == 4 and "event 61" in done.err and "is corrupt" in done.err, done.err
    edit("UPDATE events SET payload = ? WHERE game_id = ? AND seq = 61", payload, gid)
    assert names() == before and run("state", "--at", "66", "--json", "--db", db).out == made
    for kept in _views(cache):
        kept.unlink()
    edit("UPDATE snapshots SET state = replace(state, '\"life\":20', '\"life\":19') WHERE game_id = ?", gid)
    skipped = names()
    assert skipped[1] != before[1] and skipped[0] == before[0]
    with EventStore(db, readonly=True) as store:   # made from the first event, the snapshot skipped
        assert kept_views.state_view(store, gid, 67)["players"][0]["life"] == 20
    assert _views(cache) == []
    edit("UPDATE events SET payload = replace(payload, '\"builtin\":2', '\"builtin\":1') WHERE game_id = ? AND seq = 1", gid)
    assert set(names()).isdisjoint(set(before) | set(skipped))   # the stored card pool's event
