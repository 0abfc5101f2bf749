"""Shared pytest fixtures.

Add new fixtures BELOW the PostgreSQL/store block; keep that block self-contained.
"""
from __future__ import annotations

# ==========================================================================
# BEGIN PostgreSQL / event-store fixtures (owner: store). Self-contained.
#
#   pg_url       URL of a PostgreSQL server database (SIMULATOR_PG_URL), else
#                skip, or FAIL when SIMULATOR_REQUIRE_PG is set (.ci/run sets it)
#   store_url    parametrized over sqlite/postgres: a fresh, empty database for
#                one test (an SQLite file path, or a PostgreSQL URL of a
#                database created for the test, or one an earlier test of this
#                worker used, emptied until it is as new: see _emptied)
#   raw_connect  raw_connect(store_url) -> DB-API connection (sqlite3 or
#                psycopg, autocommit) that bypasses the store: for tests that
#                must act as an attacker or inspect the schema directly
# ==========================================================================
import os
import sqlite3
import sys
import uuid
from collections.abc import Callable, Iterator
from contextlib import closing
from pathlib import Path
from typing import Any

import pytest

_PG_SKIP = "PostgreSQL not available: set SIMULATOR_PG_URL (the CI script starts a server)"


def _pg_connect(url: str, dbname: str | None = None) -> Any:
    """psycopg connection (autocommit) to the server/database of an SQLAlchemy URL."""
    import psycopg
    from sqlalchemy.engine import make_url

    u = make_url(url)
    return psycopg.connect(
        host=u.host, port=u.port, user=u.username, password=u.password,
        dbname=dbname or u.database, autocommit=True,
    )


@pytest.fixture
def pg_url() -> str:
    """The PostgreSQL server's URL; skip (or fail under SIMULATOR_REQUIRE_PG) without one."""
    url = os.environ.get("SIMULATOR_PG_URL")
    if url:
        return url
    if os.environ.get("SIMULATOR_REQUIRE_PG"):
        pytest.fail("SIMULATOR_REQUIRE_PG is set but SIMULATOR_PG_URL is not: " + _PG_SKIP)
    pytest.skip(_PG_SKIP)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Iterator[None]:
    """A test skipped for want of PostgreSQL reports the fixture's line, not its own: `-ra`
    folds the same location and reason into one line ("SKIPPED [41] tests/conftest.py: ..."),
    so a run without a server does not bury pytest's summary under one line per test. Any
    other skip raised while setting a test up (a fixture's: no Chromium for the browser tests)
    is folded the same way, one line per module and reason, as pytest folds a module's
    `pytestmark` skips."""
    outcome = yield
    report = outcome.get_result()
    longrepr = report.longrepr
    if report.skipped and isinstance(longrepr, tuple):
        if _PG_SKIP in str(longrepr[2]):
            report.longrepr = (__file__, _PG_SKIP_LINE, longrepr[2])
        elif report.when == "setup":
            report.longrepr = (longrepr[0], None, longrepr[2])


_PG_SKIP_LINE = next(n for n, line in enumerate(Path(__file__).read_text(encoding="utf-8").splitlines(), 1)
                     if line.strip() == "pytest.skip(_PG_SKIP)")


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def store_url(request: pytest.FixtureRequest, tmp_path: Any) -> Iterator[str]:
    """A fresh empty database per test: SQLite file path or PostgreSQL URL."""
    if request.param == "sqlite":
        yield str(tmp_path / "events.sqlite")
        return
    from sqlalchemy.engine import make_url

    server = request.getfixturevalue("pg_url")
    pool: list[tuple[str, str]] = request.getfixturevalue("_pg_emptied")
    name = next((n for s, n in pool if s == server), None)
    if name is None:
        name = f"simtest_{uuid.uuid4().hex[:16]}"
        with closing(_pg_connect(server)) as admin:
            admin.execute(f'CREATE DATABASE "{name}"')
    else:
        pool.remove((server, name))
    try:
        yield make_url(server).set(database=name).render_as_string(hide_password=False)
    finally:
        if _emptied(server, name):
            pool.append((server, name))
        else:
            _drop(server, name)


# A PostgreSQL database a test used is handed to the next test of this worker once it is as
# empty as a new one: CREATE DATABASE copies template1 (~0.25 s and ~0.2 s of the server's
# CPU each, for every PostgreSQL test), emptying it takes ~0.02 s. Emptied: every other
# session ended, every table, view, sequence and routine in `public` dropped (what the
# migrations and the tests create), and then NOTHING of the database's own left: no object
# with an oid >= 16384 (FirstNormalObjectId: every object that was not copied from template1)
# in the catalogs below. Anything left (another schema, a type, an extension...): the
# database is dropped and the next test gets a new one.
_EMPTY_PUBLIC = """DO $$ DECLARE r record; BEGIN
  FOR r IN SELECT c.relname, c.relkind FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
           WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p', 'v', 'm', 'f', 'S') LOOP
    EXECUTE format('DROP %s IF EXISTS public.%I CASCADE', CASE r.relkind WHEN 'v' THEN 'VIEW'
      WHEN 'm' THEN 'MATERIALIZED VIEW' WHEN 'f' THEN 'FOREIGN TABLE' WHEN 'S' THEN 'SEQUENCE'
      ELSE 'TABLE' END, r.relname);   -- IF EXISTS: a CASCADE may have dropped it already
  END LOOP;
  FOR r IN SELECT p.oid::regprocedure AS routine FROM pg_proc p
           JOIN pg_namespace n ON n.oid = p.pronamespace WHERE n.nspname = 'public' LOOP
    EXECUTE 'DROP ROUTINE IF EXISTS ' || r.routine || ' CASCADE';
  END LOOP;
END $$"""
_OWN_OBJECTS = " + ".join(
    f"(SELECT count(*) FROM {catalog} WHERE oid >= 16384{extra})" for catalog, extra in [
        ("pg_class", ""), ("pg_proc", ""), ("pg_type", ""), ("pg_trigger", ""),
        ("pg_event_trigger", ""), ("pg_extension", ""), ("pg_largeobject_metadata", ""),
        ("pg_namespace", " AND nspname !~ '^pg_(toast_)?temp_'"),   # a session's temp schema: empty now
    ])


def _emptied(server: str, name: str) -> bool:
    """Empty the test's database; True when it is as a new one (see above)."""
    try:
        with closing(_pg_connect(server)) as admin:
            admin.execute("SELECT pg_terminate_backend(pid, 10000) FROM pg_stat_activity "
                          "WHERE datname = %s AND pid <> pg_backend_pid()", (name,))
        with closing(_pg_connect(server, name)) as conn:
            conn.execute("SET lock_timeout = '10s'")
            conn.execute(_EMPTY_PUBLIC)
            return conn.execute(f"SELECT {_OWN_OBJECTS}").fetchone()[0] == 0
    except Exception:   # noqa: BLE001 - whatever went wrong, the database is not reused
        return False


def _drop(server: str, name: str) -> None:
    with closing(_pg_connect(server)) as admin:
        admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@pytest.fixture(scope="session")
def _pg_emptied() -> Iterator[list[tuple[str, str]]]:
    """(server, database) of this worker's emptied PostgreSQL databases; dropped at the end."""
    pool: list[tuple[str, str]] = []
    yield pool
    for server, name in pool:
        _drop(server, name)


@pytest.fixture
def raw_connect() -> Callable[[str], Any]:
    """Open a raw autocommit DB-API connection to a store_url (caller closes it)."""

    def connect(url: str) -> Any:
        if "://" not in url:
            conn = sqlite3.connect(url, isolation_level=None)
            return conn
        return _pg_connect(url)

    return connect

# ==========================================================================
# END PostgreSQL / event-store fixtures. Other fixtures go below this line.
# ==========================================================================


# ==========================================================================
# Fuzzing budget (owner: reliab). `pytest -m fuzz` selects the fuzz tests and
# gives them the long budget; a plain `pytest` runs them with a small one.
# ==========================================================================
from dataclasses import dataclass as _dataclass


@_dataclass(frozen=True)
class FuzzBudget:
    long: bool
    examples: int       # hypothesis examples per fuzz test
    deadline_s: float   # wall-clock bound of one fuzz test


@pytest.fixture
def fuzz_budget(request: pytest.FixtureRequest) -> FuzzBudget:
    long = "fuzz" in (request.config.getoption("markexpr") or "") or bool(os.environ.get("SIMULATOR_FUZZ_LONG"))
    return FuzzBudget(long, 400 if long else 25, 600.0 if long else 20.0)


# ==========================================================================
# Suite speed (owner: suitefast). The whole suite stays near a minute on 2 cores.
# ==========================================================================
def _tmp_on_tmpfs() -> None:
    """Put pytest's temporary directories (tmp_path: every test's SQLite files) on tmpfs, and
    the `tempfile` directories of the tests and of the commands they start (TMPDIR: the random
    games' store, `python -m bench --quick`'s databases) too.

    Each SQLite commit is an fsync; on a disk they made the suite wait for the disk most of
    its wall time (test_audit: 30-40 s on disk, 15 s on tmpfs; CPU the same). The files are
    still real SQLite files, only in memory. Each is skipped when the user chose a place
    (PYTEST_DEBUG_TEMPROOT, --basetemp; TMPDIR) or there is no writable /dev/shm."""
    import tempfile

    shm = "/dev/shm"
    if not (os.path.isdir(shm) and os.access(shm, os.W_OK)):
        return
    if "PYTEST_DEBUG_TEMPROOT" not in os.environ:
        os.environ["PYTEST_DEBUG_TEMPROOT"] = shm
    if "TMPDIR" not in os.environ:
        os.environ["TMPDIR"] = shm
        tempfile.tempdir = None   # looked up again from TMPDIR on next use


_tmp_on_tmpfs()


def _keep_bytecode() -> None:
    """Let the test workers and the commands they start write and reuse .pyc files.

    With PYTHONDONTWRITEBYTECODE set, every `python -m simulator` a test starts compiled the
    package's sources again (~0.1-0.3 s each) and each xdist worker re-rewrote every test
    module's asserts (~2 s); the .pyc files go to the __pycache__ folders git ignores."""
    os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
    sys.dont_write_bytecode = False


_keep_bytecode()


# Hypothesis: no per-example deadline. The suite runs on 2 shared cores (CI and the landing train), where one
# example of a fast property can exceed hypothesis's 200 ms default by load alone; the examples stay bounded
# by each test's max_examples, which is what keeps the suite near a minute.
from hypothesis import settings as _hypothesis_settings

_hypothesis_settings.register_profile("simulator", deadline=None)
_hypothesis_settings.load_profile("simulator")
