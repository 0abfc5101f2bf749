"""Read-only databases: the commands that only read (state, log, triggers, why, verify, games)
open SQLite with mode=ro (immutable=1 where the directory may not be written) and never switch
the journal mode, so they work on a read-only mount; a write there is a plain exit 4.

The tests run as root, for whom chmod does not stop writes: a read-only bind mount is what
makes the file system refuse them (skipped, with the reason, where mounts are not allowed).
"""
from __future__ import annotations

import hashlib
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from clirun import run
from simulator.store import EventStore
from simulator.store.engines import sqlite_readonly_uri

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = str(ROOT / "examples" / "forest_and_elves.toml")
READERS = [("state", "--json"), ("log", "--json"), ("triggers", "--json"), ("why", "16"),
           ("verify",), ("games",)]


def _digest(folder: Path) -> dict[str, str]:
    return {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in sorted(folder.iterdir())}


@pytest.fixture
def readonly_mount(tmp_path):
    """(writable dir with a stored game, the same dir mounted read-only)."""
    src, mnt = tmp_path / "src", tmp_path / "ro"
    src.mkdir()
    mnt.mkdir()
    assert run("replay", EXAMPLE, "--db", str(src / "g.sqlite")).code == 0
    ok = subprocess.run(["mount", "--bind", str(src), str(mnt)], capture_output=True).returncode == 0
    if not ok:
        pytest.skip("bind mounts are not allowed here: cannot make a read-only file system")
    try:
        if subprocess.run(["mount", "-o", "remount,bind,ro", str(mnt)],
                          capture_output=True).returncode != 0:
            pytest.skip("cannot remount read-only here")
        yield src, mnt
    finally:
        subprocess.run(["umount", "-l", str(mnt)], check=False)


def test_every_reader_works_on_a_read_only_mount(readonly_mount):
    src, mnt = readonly_mount
    before = _digest(src)["g.sqlite"]
    for args in READERS:
        here = run(*args, "--db", str(src / "g.sqlite"))
        there = run(*args, "--db", str(mnt / "g.sqlite"))
        assert there.code == 0, (args, there.err)
        assert there.out == here.out, args
    # (reading the WAL database through the writable path may create its -shm side file;
    # the database file itself is unchanged)
    assert _digest(src)["g.sqlite"] == before, "reading wrote to the database"


def test_writing_to_a_read_only_mount_is_status_4(readonly_mount):
    _, mnt = readonly_mount
    r = run("replay", EXAMPLE, "--db", str(mnt / "g.sqlite"))
    assert r.code == 4 and "read-only" in r.err and "Traceback" not in r.err, r.err


def test_readers_never_switch_the_journal_mode(tmp_path):
    """A database in rollback-journal mode stays so after every reader (switching to WAL is a
    write, and needs writable side files)."""
    db = tmp_path / "g.sqlite"
    assert run("replay", EXAMPLE, "--db", str(db)).code == 0
    con = sqlite3.connect(db)
    assert con.execute("PRAGMA journal_mode = DELETE").fetchone()[0] == "delete"
    con.close()
    before = _digest(tmp_path)
    for args in READERS:
        assert run(*args, "--db", str(db)).code == 0, args
    con = sqlite3.connect(db)
    assert con.execute("PRAGMA journal_mode").fetchone()[0] == "delete"
    con.close()
    assert _digest(tmp_path) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["g.sqlite"]


def test_a_read_only_store_refuses_writes(tmp_path):
    db = tmp_path / "g.sqlite"
    EventStore(db).close()
    with EventStore(db, readonly=True) as store:
        with pytest.raises(Exception) as info:
            store.create_game("g", "t")
        assert getattr(info.value, "exit_code", None) == 4


def test_readonly_uri_is_immutable_only_where_nobody_may_write(tmp_path, readonly_mount):
    _, mnt = readonly_mount
    db = tmp_path / "w.sqlite"
    EventStore(db).close()
    assert sqlite_readonly_uri(str(db)).endswith("?mode=rw")   # query_only refuses the writes
    assert sqlite_readonly_uri(str(mnt / "g.sqlite")).endswith("?mode=ro&immutable=1")


def test_reader_on_a_file_that_does_not_exist_or_is_not_a_simulator_database(tmp_path):
    empty = tmp_path / "empty.sqlite"
    sqlite3.connect(empty).close()
    r = run("state", "--db", str(empty))
    assert r.code == 4 and "not a simulator database" in r.err
    assert empty.stat().st_size == 0


def test_readers_leave_no_side_files(tmp_path):
    """Issue 24, finding 15: a `mode=ro` reader of a WAL database left -wal and -shm files beside
    it (the docs say nothing is written); now the last reader to close removes them, as SQLite
    does for any connection that may write."""
    db = tmp_path / "g.sqlite"
    assert run("replay", EXAMPLE, "--db", str(db)).code == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == ["g.sqlite"]
    before = _digest(tmp_path)
    for args in READERS:
        assert run(*args, "--db", str(db)).code == 0, args
        assert sorted(p.name for p in tmp_path.iterdir()) == ["g.sqlite"], args
    assert _digest(tmp_path) == before


def test_a_wal_left_by_a_crashed_writer_is_warned_about_where_it_cannot_be_read(readonly_mount):
    """Where the directory may not be written, a -wal file left by a writer that crashed cannot
    be read (immutable open): the reader says so instead of silently showing fewer games."""
    src, mnt = readonly_mount
    code = ("import sqlite3, os, sys; c = sqlite3.connect(sys.argv[1]); "
            "c.execute('pragma journal_mode=wal'); c.execute('create table crashed (x)'); c.commit(); "
            "os._exit(0)")
    subprocess.run([sys.executable, "-c", code, str(src / "g.sqlite")], check=True)
    assert (src / "g.sqlite-wal").stat().st_size > 0
    r = run("games", "--db", str(mnt / "g.sqlite"))
    assert r.code == 0, r.err
    assert "write-ahead log" in r.err and "cannot be read here" in r.err
