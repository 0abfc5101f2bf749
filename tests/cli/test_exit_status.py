"""Exit statuses (README "Exit status"): each failure class has its own stable status and a
plain-words message — no traceback, no SQLAlchemy "Background on this error" link, no driver
class name. 1 verify found a problem, 2 invalid input, 3 illegal decision, 4 the database is
unavailable or unusable, 70 internal error."""
from __future__ import annotations

import re
import sqlite3
import subprocess
from pathlib import Path

import pytest
from sqlalchemy.engine import make_url

from clirun import run
from scenario import GAMES, cli
from simulator.base import errors
from simulator.store.messages import explain
from simulator.base.errors import EXIT_STATUSES

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = str(ROOT / "examples" / "forest_and_elves.toml")
DRIVER_NOISE = re.compile(r"sqlalche\.me|Background on this error|OperationalError|DatabaseError|"
                          r"psycopg\.|sqlite3\.|Traceback")


def plain(r) -> bool:
    return not DRIVER_NOISE.search(r.err)


def test_readme_exit_status_table_matches_the_code():
    """The README table lists exactly EXIT_STATUSES, and each error class carries its status."""
    readme = (ROOT / "README.md").read_text()
    section = readme.split("## Exit status", 1)[1].split("\n## ", 1)[0]
    rows = dict(re.findall(r"^\| `(\d+)` \| (.+?) \|$", section, re.M))
    assert {int(k) for k in rows} == set(EXIT_STATUSES)
    for code, text in EXIT_STATUSES.items():
        assert rows[str(code)] == text
    assert errors.VerificationFailed.exit_code == 1
    assert errors.InvalidGameFile.exit_code == errors.NotFound.exit_code == 2
    assert errors.InvalidDatabaseURL.exit_code == errors.CardDataError.exit_code == 2
    assert errors.IllegalAction.exit_code == 3
    assert errors.DatabaseUnavailable.exit_code == errors.CorruptEvent.exit_code == 4
    assert errors.ConcurrencyError.exit_code == errors.StoreError.exit_code == 4
    assert errors.InternalError.exit_code == errors.SimulatorError.exit_code == 70


def test_top_level_help_lists_every_exit_status():
    """`simulator --help` names every status of EXIT_STATUSES (issue 23: it stopped at 3)."""
    from simulator.cli.help import MAIN_EPILOG
    line = MAIN_EPILOG.split("Exit status:", 1)[1]
    listed = [int(n) for n in re.findall(r"\b(\d+) [a-z]", line)]
    assert listed == sorted(EXIT_STATUSES)


def test_real_subprocess_statuses(tmp_path):
    """The console entry point returns the statuses the in-process runner sees."""
    db = str(tmp_path / "g.sqlite")
    assert cli("replay", str(GAMES / "spine_tapped_land.toml"), "--db", db).code == 3
    assert cli("games", "--db", str(tmp_path)).code == 4


@pytest.mark.parametrize("url, words", [
    ("mysql://user@host/db", "scheme 'mysql' is not supported"),
    ("::://", "does not parse"),
    ("postgresql+asyncpg://u@h/d", "driver 'postgresql+asyncpg' is not supported"),
    ("oracle://u@h/d", "is not supported"),
])
def test_unusable_database_urls_are_invalid_input(tmp_path, url, words):
    for args in (("replay", EXAMPLE), ("games",), ("verify",), ("state",)):
        r = run(*args, "--db", url)
        assert r.code == 2, (args, r.err)
        assert words in r.err and plain(r)


def test_database_that_is_a_directory(tmp_path):
    r = run("replay", EXAMPLE, "--db", str(tmp_path))
    assert r.code == 4 and "is a directory" in r.err and plain(r)
    r = run("games", "--db", str(tmp_path))
    assert r.code == 4 and "is a directory" in r.err and plain(r)


def test_database_that_is_not_a_database(tmp_path):
    junk = tmp_path / "junk.sqlite"
    junk.write_bytes(b"this is not SQLite at all\n" * 200)
    for args in (("games",), ("verify",), ("state",), ("replay", EXAMPLE)):
        r = run(*args, "--db", str(junk))
        assert r.code == 4 and "not an SQLite database" in r.err and plain(r), r.err
    assert junk.read_bytes() == b"this is not SQLite at all\n" * 200


def test_database_whose_parent_is_a_file(tmp_path):
    (tmp_path / "file").write_text("x")
    r = run("replay", EXAMPLE, "--db", str(tmp_path / "file" / "g.sqlite"))
    assert r.code == 4 and "cannot create its directory" in r.err and plain(r)


def test_database_written_by_a_newer_simulator(tmp_path):
    db = str(tmp_path / "g.sqlite")
    assert run("replay", EXAMPLE, "--db", db).code == 0
    con = sqlite3.connect(db)
    con.execute("update alembic_version set version_num='9999_from_the_future'")
    con.commit()
    con.close()
    for args in (("state",), ("verify",), ("replay", EXAMPLE)):
        r = run(*args, "--db", db)
        assert r.code == 4 and "newer simulator" in r.err and plain(r)


def test_database_server_down():
    r = run("games", "--db", "postgresql://postgres@127.0.0.1:1/nothing")
    assert r.code == 4 and "refused the connection" in r.err and plain(r)


def test_disk_full_is_status_4_and_keeps_what_was_written(tmp_path):
    """A game stored on a small tmpfs, then the file system filled up: the next replay stops
    with 'disk is full' (exit 4), and the first game still verifies."""
    mnt = tmp_path / "small"
    mnt.mkdir()
    if subprocess.run(["mount", "-t", "tmpfs", "-o", "size=4m", "tmpfs", str(mnt)],
                      capture_output=True).returncode != 0:
        pytest.skip("cannot mount a tmpfs here (needs root in a container that allows mounts)")
    try:
        db = str(mnt / "g.sqlite")
        assert run("replay", EXAMPLE, "--db", db).code == 0
        with open(mnt / "filler", "wb", buffering=0) as f:   # unbuffered: nothing left to flush on close
            try:
                while True:
                    f.write(b"\0" * 65536)
                    f.flush()
            except OSError:
                pass
        r = run("replay", EXAMPLE, "--db", db)
        assert r.code == 4 and "disk is full" in r.err and plain(r), r.err
        (mnt / "filler").unlink()
        v = run("verify", "--all", "--db", db)
        assert v.code == 0 and "hash chain intact" in v.out, v.err
    finally:
        subprocess.run(["umount", "-l", str(mnt)], check=False)


def test_plain_words_for_server_errors():
    """The messages PostgreSQL sends, as the store words them (auth cannot be provoked on the
    shared test server, which trusts local users: this checks the wording only)."""
    url = make_url("postgresql+psycopg://alice:secret@db.example:5432/games")
    said = {
        'connection failed: FATAL:  password authentication failed for user "alice"':
            "authentication failed for user 'alice'",
        'connection failed: FATAL:  database "games" does not exist': "no database named 'games'",
        "connection failed: connection to server at \"10.0.0.1\", port 5432 failed: Connection refused":
            "refused the connection",
        "could not write to file: No space left on device": "disk is full",
    }
    for driver_text, words in said.items():
        msg = explain(url, RuntimeError(driver_text))
        assert words in msg and "secret" not in msg, msg


def test_internal_error_is_70_without_traceback(monkeypatch):
    import simulator.cli.main as cli_mod

    def boom(_args):
        raise ZeroDivisionError("a bug")
    monkeypatch.setattr(cli_mod, "cmd_games", boom)
    fresh = cli_mod.build_parser.__wrapped__   # a parser of its own: the cached one is shared
    monkeypatch.setattr(cli_mod, "build_parser", lambda: _with(fresh(), boom))
    r = run("games")
    assert r.code == 70 and "internal error" in r.err and "Traceback" not in r.err


def _with(parser, func):
    sub = next(a for a in parser._actions if a.dest == "command")
    sub.choices["games"].set_defaults(func=func)
    return parser


def test_usage_error_is_2():
    assert run("state", "--at", "not-a-number").code == 2
    assert run("no-such-command").code == 2
