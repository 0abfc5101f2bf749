"""Findings of the adversarial run on databases (issue 24, docs/reliability.md): tampered payloads
the readers cannot print, a physically corrupt SQLite file, another application's database, a
lock held by another process, URLs and paths that have no file, a head kept without its seq, a
server that goes away mid-replay. Each answers with its documented exit; each test failed
before its fix."""
from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from clirun import run
from tampering import stored_game as _stored, attacker as _attacker

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = str(ROOT / "examples" / "forest_and_elves.toml")
READERS = [("log",), ("log", "--json"), ("why", "16"), ("why", "16", "--svg", "-"), ("view", "-o", "-"),
           ("export",), ("state",)]


# --------------------------------------------------------------------------- 9. NaN, surrogates

@pytest.mark.parametrize("forged", ["NaN", "Infinity", '"\\ud800"'])
def test_a_payload_no_output_can_print_is_corrupt_for_verify_and_every_reader(tmp_path, forged):
    """A payload holding NaN (verify crashed, exit 70) or a lone surrogate (six readers crashed
    printing it): verify says exit 1 naming game and seq, each reader exit 4 naming the event."""
    db, gid = _stored(tmp_path)
    con = _attacker(db)
    seq, payload = con.execute("select seq, payload from events where type='ManaAdded' "
                               "order by seq limit 1").fetchone()
    data = json.loads(payload)
    text = json.dumps({**data, "player": "@@"}).replace('"@@"', forged)
    con.execute("update events set payload=? where game_id=? and seq=?", (text, gid, seq))
    con.close()
    v = run("verify", "--db", db)
    assert v.code == 1, v.err
    assert f"game {gid} seq {seq}" in v.err and "internal error" not in v.err
    for args in READERS:
        r = run(*args, "--db", db)
        assert r.code == 4, (args, r.code, r.err[-400:])
        assert f"event {seq} of game {gid} is corrupt" in r.err and "run verify" in r.err, (args, r.err)


# --------------------------------------------------------------------------- 13. quick_check

def test_verify_runs_sqlite_quick_check(tmp_path):
    """A broken page of the index on event ids: every read of the log still works (the log is
    read by (game, seq)), but the file is physically corrupt; verify must say so (exit 1)."""
    db, gid = _stored(tmp_path)
    con = sqlite3.connect(db)
    page_size = con.execute("pragma page_size").fetchone()[0]
    roots = [r for name, r in con.execute("select name, rootpage from sqlite_master where type='index' "
                                           "and tbl_name='events'")
             if [c[2] for c in con.execute(f"pragma index_info('{name}')")] == ["event_id"]]
    con.execute("pragma wal_checkpoint(TRUNCATE)")
    con.close()
    assert roots, "the events table has an index to break"
    with open(db, "r+b") as f:
        f.seek((roots[0] - 1) * page_size + 8)
        f.write(b"\xff" * 64)
    v = run("verify", "--db", db)
    assert v.code == 1, (v.code, v.err)
    assert "quick_check" in v.err and "internal error" not in v.err


# --------------------------------------------------------------------------- 16. foreign database

@pytest.mark.parametrize("command", [("replay", EXAMPLE), ("apply", '{player = "Alice", pass = true}')])
def test_another_applications_sqlite_database_is_refused(tmp_path, command):
    db = tmp_path / "other.sqlite"
    con = sqlite3.connect(db)
    con.execute("create table invoices (id integer primary key, total real)")
    con.execute("insert into invoices (total) values (9.5)")
    con.commit()
    con.close()
    r = run(*command, "--db", str(db))
    assert r.code == 4, (r.code, r.err)
    assert "invoices" in r.err and "not a simulator database" in r.err
    con = sqlite3.connect(db)
    names = {n for (n,) in con.execute("select name from sqlite_master where type='table'")}
    con.close()
    assert names == {"invoices"}, names


def test_an_empty_sqlite_file_is_still_used(tmp_path):
    db = tmp_path / "empty.sqlite"
    sqlite3.connect(db).close()
    assert run("replay", EXAMPLE, "--db", str(db)).code == 0


# --------------------------------------------------------------------------- 17. --expect-head

@pytest.mark.parametrize("kept", ["hash12", "hash-without-seq", "wrong-seq"])
def test_expect_head_needs_the_seq_and_enough_digits(tmp_path, kept):
    db, gid = _stored(tmp_path)
    seq, digest = run("head", "--db", db, "--json").json()["seq"], run("head", "--db", db, "--json").json()["hash"]
    value = {"hash12": f"{seq}:{digest[:12]}", "hash-without-seq": digest,
             "wrong-seq": f"{seq - 1}:{digest}"}[kept]
    v = run("verify", "--db", db, "--expect-head", value)
    if kept == "wrong-seq":   # that hash is not the event at that seq
        assert v.code == 1 and "rewritten" in v.err, v.err
    else:
        assert v.code == 2 and "SEQ:HASH" in v.err, v.err


# --------------------------------------------------------------------------- 18. one bounded wait

def test_an_exclusive_lock_is_one_bounded_wait_said_in_the_message(tmp_path, monkeypatch):
    """Another process holds an EXCLUSIVE lock: a reader waits once (not once per probe of the
    schema: it waited twice), and the message says how long it waited."""
    db, _ = _stored(tmp_path)
    monkeypatch.setenv("SIMULATOR_SQLITE_BUSY_TIMEOUT", "0.5")
    from simulator.store import database
    probes = []
    real = database.Database._schema_revisions
    monkeypatch.setattr(database.Database, "_schema_revisions",
                        lambda self: probes.append(1) or real(self))
    holder = sqlite3.connect(db, isolation_level=None)
    holder.execute("pragma locking_mode = exclusive")
    holder.execute("begin exclusive")
    holder.execute("update games set status = status")
    try:
        r = run("state", "--db", db)
    finally:
        holder.execute("rollback")
        holder.close()
    assert r.code == 4, r.err
    assert "locked by another process" in r.err and "waiting 0.5 s" in r.err, r.err
    assert probes == [], "the schema was probed again after the lock was reported"


def test_a_light_read_waits_as_long_as_the_message_says(tmp_path, monkeypatch):
    """The read-only path of the reading commands (its own sqlite3 connection) takes its lock wait
    from SIMULATOR_SQLITE_BUSY_TIMEOUT as the SQLAlchemy path does: it waited the default 30 s
    while the message said 0.5 s."""
    db, _ = _stored(tmp_path)
    monkeypatch.setenv("SIMULATOR_SQLITE_BUSY_TIMEOUT", "0.5")
    from simulator.store.database import Database
    store = Database(db, readonly=True)
    con = store._driver_connection()
    try:
        assert con.execute("PRAGMA busy_timeout").fetchone()[0] == 500
    finally:
        con.close()


# --------------------------------------------------------------------------- 10. exit 4, not 70

def test_an_sqlite_url_with_a_host_part_is_invalid_input(tmp_path):
    r = run("replay", EXAMPLE, "--db", "sqlite://rel.sqlite", cwd=tmp_path)
    assert r.code == 2, (r.code, r.err)
    assert "sqlite:///rel.sqlite" in r.err
    assert not list(tmp_path.iterdir())


def test_a_deleted_working_directory_is_a_database_error(tmp_path):
    gone = tmp_path / "gone"
    gone.mkdir()
    code = ("import os, sys; os.chdir(sys.argv[1]); os.rmdir(sys.argv[1]); "
            "from simulator.cli.main import main; sys.exit(main(['replay', sys.argv[2]]))")
    p = subprocess.run([sys.executable, "-c", code, str(gone), EXAMPLE], capture_output=True, text=True,
                       timeout=120, cwd=tmp_path)
    assert p.returncode == 4, p.stderr
    assert "working directory" in p.stderr and "internal error" not in p.stderr


@pytest.mark.postgres
def test_postgresql_going_away_mid_replay_is_exit_4(tmp_path, pg_url):
    """The server ends every connection of the replay while it writes: exit 4 (it was 70: the
    pool's reconnect raised the driver's OperationalError past the store's handler)."""
    from conftest import _pg_connect
    from sqlalchemy.engine import make_url
    import uuid
    name = f"rel_{uuid.uuid4().hex[:10]}"
    admin = _pg_connect(pg_url)
    admin.execute(f'CREATE DATABASE "{name}"')
    url = make_url(pg_url).set(database=name).render_as_string(hide_password=False)
    admin_url = make_url(pg_url).set(drivername="postgresql").render_as_string(hide_password=False)
    code = f"""
import sys
import psycopg
from simulator.session import recorder
from simulator.cli.main import main
real = recorder.Recorder.finish
def finish(self):   # the database goes away before the replay's last write
    with psycopg.connect({admin_url!r}, autocommit=True) as c:
        c.execute('ALTER DATABASE "{name}" ALLOW_CONNECTIONS false')
        c.execute("select pg_terminate_backend(pid) from pg_stat_activity "
                  "where datname = %s and pid <> pg_backend_pid()", ({name!r},))
    real(self)
recorder.Recorder.finish = finish
sys.exit(main(['replay', {EXAMPLE!r}, '--db', {url!r}]))
"""
    try:
        p = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
        assert p.returncode == 4, (p.returncode, p.stderr)
        assert "internal error" not in p.stderr
    finally:
        admin.execute(f'ALTER DATABASE "{name}" ALLOW_CONNECTIONS true')
        admin.execute("select pg_terminate_backend(pid) from pg_stat_activity where datname = %s "
                      "and pid <> pg_backend_pid()", (name,))
        admin.execute(f'DROP DATABASE IF EXISTS "{name}"')
        admin.close()


# --------------------------------------------------------------------------- 14. metadata

@pytest.mark.parametrize("column, value", [("title", "Forged title"), ("source", "/elsewhere/other.toml")])
def test_verify_checks_the_games_row_against_game_created(tmp_path, column, value):
    """The games row is outside the hash chain (its triggers stop a stray session, not whoever
    can drop them): verify compares its title and file with the GameCreated event."""
    db, gid = _stored(tmp_path)
    con = _attacker(db)
    con.execute(f"update games set {column} = ?", (value,))
    con.close()
    v = run("verify", "--db", db)
    assert v.code == 1, v.err
    assert f"game {gid}: the games row's {column}" in v.err
