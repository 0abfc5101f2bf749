"""`simulator apply [GAME] ACTION...`: continue a stored game with the checks, exit codes and
optimistic concurrency of replay; the library's Game resumes a stored game waiting on any pending
choice in a fresh process (each kind from the v0.1 fixture, which stopped one game on each)."""
from __future__ import annotations

import json
import shutil
import sqlite3
from pathlib import Path

import pytest

from clirun import run   # in-process (fast); apply as a real process: the fresh-process tests, test_cli.py
from scenario import GAMES, cli
from simulator.cli import main as cli_module
from simulator.session import apply as apply_module
from simulator.session.apply import commit_apply, prepare_apply
from simulator.base.errors import ConcurrencyError
from simulator.tools.legal import legal_decisions
from simulator.session.recorder import game_pool, replay_file, state_from_store, verify
from simulator.store import EventStore
from tests.release_fixture import RELEASES

# Every release database's games stopped on a pending choice: (release fixture, kind, game id).
PENDING = sorted((release.db, info["kind"], gid) for release in RELEASES.values()
                 for gid, info in json.loads(release.json.read_text())["games"].items() if info.get("kind"))


def _count(db: Path | str) -> int:
    return sqlite3.connect(db).execute("select count(*) from events").fetchone()[0]


@pytest.fixture
def waiting(tmp_path: Path) -> tuple[str, str]:
    """A stored game waiting on Alice's explore choice."""
    db = str(tmp_path / "g.sqlite")
    gid = replay_file(GAMES / "explore_branchwalker_pending_choice.toml", db).game.game_id
    return db, gid


def test_apply_answers_a_pending_choice_in_a_fresh_process(waiting):
    db, gid = waiting
    before = _count(db)
    r = cli("apply", "--db", db, '{player = "Alice", choose = "graveyard"}', "--json")
    assert r.code == 0, r.err
    state = r.json()
    assert state["pending"] is None and state["game"] == gid
    assert state["players"][0]["graveyard"] == ["Grizzly Bears"]
    assert _count(db) > before
    assert f"game {gid}" in r.err
    (game,) = cli("games", "--db", db, "--json").json()
    assert game["status"] == "complete"
    assert cli("verify", "--db", db).code == 0


def test_apply_prints_the_new_head_to_keep_outside(waiting):
    """After apply, as after replay, the head hash goes to standard error (issue 13: anchor the
    head outside the database); it is the head `simulator head` reads and verify accepts."""
    db, gid = waiting
    r = run("apply", "--db", db, '{player = "Alice", choose = "graveyard"}')
    assert r.code == 0, r.err
    (line,) = [ln for ln in r.err.splitlines() if ln.startswith("head: ")]
    _, _, game, _, seq, digest = line.split()
    assert game == gid and int(seq) == _count(db)
    assert run("head", "--db", db).out.split()[0] == digest
    assert run("verify", "--db", db, "--expect-head", line).code == 0


@pytest.mark.parametrize("fixture,kind,game_id", PENDING, ids=[g for _, _, g in PENDING])
def test_every_pending_kind_resumes_in_a_fresh_process(fixture, kind, game_id, tmp_path):
    """A legal answer (from legal_decisions) to each pending kind, applied by a new process to
    a copy of an old release's database: exit 0, the choice is gone, the log still verifies."""
    db = tmp_path / "old.sqlite"
    shutil.copyfile(fixture, db)
    with EventStore(str(db)) as store:
        state = state_from_store(store, game_id)
        pool = game_pool(store, game_id).pool
    assert state.pending is not None and state.pending["kind"] == kind
    answer = legal_decisions(state, pool)[0]
    r = cli("apply", game_id, answer.toml(), "--db", str(db), "--json", cwd=Path(__file__).resolve().parents[2])
    assert r.code == 0, r.err
    after = r.json()
    assert after["pending"] is None or after["pending"]["kind"] != kind or after["events"] > state.version
    with EventStore(str(db)) as store:
        assert verify(store, game_id) == []


def test_invalid_action_exit_2_names_the_key_and_writes_nothing(waiting):
    db, _ = waiting
    before = _count(db)
    r = run("apply", "--db", db, '{player = "Alice", chose = "top"}')
    assert r.code == 2
    assert "actions[1].chose" in r.err and "did you mean 'choose'" in r.err and "Traceback" not in r.err
    r = run("apply", "--db", db, '{player = "Alice", choose = "top"', )
    assert r.code == 2 and "actions[1]" in r.err and "inline table" in r.err
    r = run("apply", "--db", db, '{player = "Alicia", choose = "top"}')
    assert r.code == 2 and "unknown player 'Alicia'" in r.err
    assert _count(db) == before


def test_illegal_action_exit_3_writes_nothing_even_after_legal_ones(waiting):
    """All or nothing: the first action is legal, the second is not (the choice is already made)."""
    db, _ = waiting
    before = _count(db)
    r = run("apply", "--db", db, '{player = "Alice", choose = "top"}', '{player = "Alice", choose = "top"}')
    assert r.code == 3
    assert r.err.strip().splitlines()[-1] == "action 2: Alice cannot choose 'top': there is no pending choice (117.1)"
    assert _count(db) == before


def test_a_file_of_actions(tmp_path, waiting):
    db, _ = waiting
    f = tmp_path / "more.toml"
    f.write_text('[[actions]]\nplayer = "Alice"\nchoose = "top"\n\n[[actions]]\nplayer = "Alice"\npass = true\n')
    r = run("apply", "--db", db, str(f), "--json")
    assert r.code == 0, r.err
    assert r.json()["priority"] == "Bob"
    bad = tmp_path / "bad.toml"
    bad.write_text('format = 1\n[[actions]]\nplayer = "Alice"\npass = true\n')
    r = run("apply", "--db", db, str(bad))
    assert r.code == 2 and "bad.toml" in r.err and "format" in r.err


def test_two_applies_at_once_one_wins_the_other_writes_nothing(waiting):
    """Optimistic concurrency: both read the same version; the second to commit gets
    ConcurrencyError and nothing of it is written; the winner's events are all there."""
    db, gid = waiting
    with EventStore(db) as store:
        top = prepare_apply(store, gid, [("a", [{"player": "Alice", "choose": "top"}])])
        grave = prepare_apply(store, gid, [("b", [{"player": "Alice", "choose": "graveyard"}])])
        commit_apply(store, grave)
        with pytest.raises(ConcurrencyError, match="another writer appended first"):
            commit_apply(store, top)
        state = state_from_store(store, gid)
        assert state.version == grave.events[-1].seq
        assert [state.objects[o].card for o in state.players["Alice"].graveyard] == ["Grizzly Bears"]
        assert verify(store, gid) == []


def test_cli_reports_a_lost_race_with_its_exit_status(waiting, monkeypatch, capsys):
    """The CLI's side of a lost race: a clear message and ConcurrencyError's exit status."""
    db, gid = waiting
    real = apply_module.prepare_apply

    def racing(store, game_id, groups, card_files=()):
        prepared = real(store, game_id, groups, card_files)
        commit_apply(store, real(store, game_id, [("other", [{"player": "Alice", "choose": "top"}])]))
        return prepared

    monkeypatch.setattr(apply_module, "prepare_apply", racing)
    before = _count(db)
    code = cli_module.main(["apply", "--db", db, '{player = "Alice", choose = "graveyard"}'])
    err = capsys.readouterr().err
    assert code == ConcurrencyError.exit_code and code not in (0, 2, 3)
    assert "another writer appended first" in err and "nothing written" in err and "run it again" in err
    with EventStore(db) as store:
        state = state_from_store(store, gid)
    assert _count(db) > before and state.pending is None          # the winner's decision is kept
    assert [state.objects[o].card for o in state.players["Alice"].library][:1] == ["Grizzly Bears"]
