"""The release database fixtures (tests/data/; v0.1 written by the code before 0004/0005/0006) against
issue 13's additions; what tests/session/test_release_databases.py already covers (state, log, triggers,
why, verify, re-replay) is not repeated here."""
from __future__ import annotations

import hashlib
import shutil
import sqlite3
import subprocess
from pathlib import Path

import pytest

from clirun import run

ROOT = Path(__file__).resolve().parents[2]
FIXTURE = ROOT / "tests" / "data" / "v0_1_games.sqlite"


@pytest.fixture
def old_copy(tmp_path):
    copy = tmp_path / "old.sqlite"
    shutil.copyfile(FIXTURE, copy)
    return copy


CARDS = ROOT / "tests" / "games" / "cards"


@pytest.mark.parametrize("fixture,extra,games", [
    # v0.1 logs name their card files by path only: give them; v0.2 logs carry them (GameCreated v2)
    ("v0_1_games.sqlite", ["--cards", str(CARDS / "trig_cards.toml"), "--cards", str(CARDS / "explore_cards.toml")], 62),
    ("v0_2_games.sqlite", [], 94),
])
def test_old_games_resimulate_and_have_a_head(fixture, extra, games, tmp_path):
    """Upgraded on open (v0.1: 0004 status columns, 0005 triggers, 0006 snapshot column), every game
    of each release database re-decides to exactly its stored events, and its head can be taken and
    checked."""
    old_copy = tmp_path / fixture
    shutil.copyfile(ROOT / "tests" / "data" / fixture, old_copy)
    r = run("verify", "--all", "--resimulate", "--db", str(old_copy), *extra)
    assert r.code == 0, r.err
    assert r.out.count("re-decided now makes the stored events") == games
    h = run("head", "--db", str(old_copy))
    assert h.code == 0
    assert run("verify", "--db", str(old_copy), "--expect-head", h.out.strip()).code == 0
    con = sqlite3.connect(old_copy)
    names = {n for (n,) in con.execute("select name from sqlite_master where type='trigger'")}
    assert {"trg_games_no_delete", "trg_games_no_update"} <= names
    con.close()


def test_resimulate_without_a_game_s_card_file_says_which_card(old_copy, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)   # the games' recorded source paths are relative: not found here
    r = run("verify", "--all", "--resimulate", "--db", str(old_copy))
    assert r.code == 2 and "cannot re-decide without card 'Test Ravine'" in r.err, r.err
    assert "--cards FILE" in r.err


def test_old_snapshots_without_a_chain_hash_are_not_used_but_verify(old_copy):
    con = sqlite3.connect(old_copy)
    had = con.execute("select count(*) from snapshots").fetchone()[0]
    con.close()
    assert run("verify", "--all", "--db", str(old_copy)).code == 0
    con = sqlite3.connect(old_copy)
    cols = [r[1] for r in con.execute("pragma table_info(snapshots)")]
    nulls = con.execute("select count(*) from snapshots where event_hash is null").fetchone()[0]
    con.close()
    assert "event_hash" in cols and nulls == had   # old rows are never rewritten


def test_old_database_on_a_read_only_mount_is_refused_plainly(tmp_path, old_copy):
    """An old schema cannot be upgraded where nothing may be written: exit 4, in words,
    and the file is untouched."""
    mnt = tmp_path / "ro"
    mnt.mkdir()
    if subprocess.run(["mount", "--bind", str(old_copy.parent), str(mnt)],
                      capture_output=True).returncode != 0:
        pytest.skip("bind mounts are not allowed here")
    try:
        subprocess.run(["mount", "-o", "remount,bind,ro", str(mnt)], check=True, capture_output=True)
        before = hashlib.sha256(old_copy.read_bytes()).hexdigest()
        r = run("state", "--db", str(mnt / old_copy.name))
        assert r.code == 4 and "older schema" in r.err and "cannot be upgraded" in r.err, r.err
        assert hashlib.sha256(old_copy.read_bytes()).hexdigest() == before
    finally:
        subprocess.run(["umount", "-l", str(mnt)], check=False)
