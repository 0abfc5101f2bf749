"""Databases by URL or path: SQLAlchemy engines for SQLite and PostgreSQL, read-only opens, and
the Alembic migrations every open upgrades to."""
from __future__ import annotations

import ast
import os
import re
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import quote

from simulator.base.errors import DatabaseUnavailable, InvalidDatabaseURL, StoreError
from simulator.store.chain import _json_serializer
from simulator.store.messages import SQLITE_BUSY_TIMEOUT_S, busy_timeout

__all__ = ["SQLITE_BUSY_TIMEOUT_S", "to_url", "make_engine", "sqlite_readonly_uri", "stale_wal_note", "alembic_config",
           "migration_guard", "migrations_dir"]

if TYPE_CHECKING:   # SQLAlchemy is imported where an engine is made (a read of an SQLite file needs none)
    from alembic.config import Config
    from sqlalchemy.engine import URL, Connection, Engine




SUPPORTED_BACKENDS = ("sqlite", "postgresql")


def to_url(url_or_path: str | os.PathLike[str]) -> URL:
    """A plain path means an SQLite file; anything with ``://`` is a URL.

    ``postgresql://`` / ``postgres://`` are taken to mean the psycopg 3 driver,
    the only PostgreSQL driver the project depends on. InvalidDatabaseURL (exit
    2) for a URL that does not parse or names another kind of database.
    """
    from sqlalchemy import exc as sa_exc
    from sqlalchemy.engine import URL, make_url

    url_or_path = os.fspath(url_or_path)
    if "\x00" in url_or_path:
        raise InvalidDatabaseURL(f"database {url_or_path!r}: contains a NUL character")
    if "://" not in url_or_path:
        if url_or_path == ":memory:":
            return make_url("sqlite://")
        if not url_or_path.strip():
            raise InvalidDatabaseURL("database path is empty")
        return URL.create("sqlite+pysqlite", database=_absolute(url_or_path))
    try:
        url = make_url(url_or_path)
    except (sa_exc.ArgumentError, ValueError) as exc:
        raise InvalidDatabaseURL(
            f"database URL {url_or_path!r} does not parse: write a file path or a URL such as "
            "postgresql+psycopg://user@host/dbname") from exc
    backend = url.get_backend_name()
    if backend in ("postgresql", "postgres"):
        if url.get_driver_name() in ("postgresql", "postgres", "psycopg", ""):
            url = url.set(drivername="postgresql+psycopg")
        else:
            raise InvalidDatabaseURL(
                f"database URL driver {url.drivername!r} is not supported: use postgresql+psycopg://")
    elif backend == "sqlite":
        if url.get_driver_name() not in ("pysqlite", "sqlite", ""):
            raise InvalidDatabaseURL(
                f"database URL driver {url.drivername!r} is not supported: use sqlite:///PATH")
        if url.host or url.port or url.username:
            raise InvalidDatabaseURL(
                f"database URL {url_or_path!r}: an SQLite URL names a file after three slashes, "
                f"sqlite:///{url.host or ''}{'/' + url.database if url.database else ''} (or write the path alone)")
        if url.database and url.database != ":memory:":
            url = url.set(drivername="sqlite+pysqlite", database=_absolute(url.database))
    else:
        raise InvalidDatabaseURL(
            f"database URL scheme {url.drivername!r} is not supported: the simulator stores games "
            "in SQLite (a file path or sqlite:///PATH) or PostgreSQL (postgresql+psycopg://...)")
    return url


def _absolute(path: str) -> str:
    """The absolute path of an SQLite file; DatabaseUnavailable when it has none (a relative
    path in a working directory that was deleted)."""
    try:
        return str(Path(path).expanduser().resolve())
    except OSError as exc:
        raise DatabaseUnavailable(
            f"database {path}: cannot find where it is ({exc.strerror or exc}: the working "
            "directory was deleted? cd to a directory that exists, or give an absolute path)") from None


class SqliteFile:
    """The URL of an SQLite file named by a plain path, without SQLAlchemy: what a read-only
    open of a file reads through the sqlite3 driver itself (`Database`). It answers what the
    store asks of a URL (`database`, `get_backend_name`, `render_as_string`) as `to_url`'s URL
    of the same path does; `sa_url` is that URL, for an engine made later."""

    drivername = "sqlite+pysqlite"
    host = port = username = None

    def __init__(self, path: str) -> None:
        self.database = _absolute(path)

    def get_backend_name(self) -> str:
        return "sqlite"

    def sa_url(self) -> URL:
        from sqlalchemy.engine import URL
        return URL.create(self.drivername, database=self.database)

    def render_as_string(self, hide_password: bool = True) -> str:
        return self.sa_url().render_as_string(hide_password=hide_password)


def sqlite_file(url_or_path: str | os.PathLike[str]) -> SqliteFile | None:
    """`SqliteFile` of a plain path naming a file (to_url's reading), else None (a URL,
    ``:memory:``, or a path `to_url` refuses: it then says why)."""
    text = os.fspath(url_or_path)
    if "://" in text or "\x00" in text or text == ":memory:" or not text.strip():
        return None
    return SqliteFile(text)


def _is_memory_sqlite(url: URL) -> bool:
    return url.get_backend_name() == "sqlite" and url.database in (None, "", ":memory:")


def sqlite_readonly_uri(path: str) -> str:
    """The SQLite URI a command that only reads opens `path` with. Where the file and its
    directory may be written: ``mode=rw`` (with ``PRAGMA query_only``, set on connect, refusing
    every write), so that SQLite, as the last connection to close, removes the ``-wal``/``-shm``
    side files a WAL database needs while it is read (a ``mode=ro`` reader cannot, and left
    them beside the database). Elsewhere (a read-only mount, a user who may not write there):
    ``mode=ro&immutable=1``, since the side files cannot be created; immutable also means
    "nobody changes this file meanwhile", which holds where nobody may write, and that a
    ``-wal`` left by a writer that crashed is not read (`stale_wal_note` says so)."""
    if os.access(Path(path).parent, os.W_OK) and os.access(path, os.W_OK):
        return f"file:{quote(path)}?mode=rw"
    return f"file:{quote(path)}?mode=ro&immutable=1"


def stale_wal_note(path: str) -> str | None:
    """A warning when a read-only open cannot see transactions in a ``-wal`` file left beside
    the database by a writer that did not finish (None when there is none, or it is read)."""
    if "immutable=1" not in sqlite_readonly_uri(path):
        return None
    wal = Path(f"{path}-wal")
    try:
        size = wal.stat().st_size
    except OSError:
        return None
    if size == 0:
        return None
    return (f"warning: database {path}: its write-ahead log {wal.name} ({size} bytes, left by a writer "
            "that did not finish) cannot be read here, where the directory or the file may not be "
            "written: the latest transactions may be missing; run any command that writes (e.g. "
            "`simulator games` after a replay) where the file is writable to fold it back first")


def make_engine(url_or_path: str | URL, *, readonly: bool = False) -> Engine:
    """An Engine configured the way the store needs it.

    SQLite: WAL journal, foreign keys on, a busy timeout, and SQLAlchemy (not
    the sqlite3 module) emitting BEGIN, so that transactions (DDL included)
    are real; a connection with execution option ``sqlite_immediate=True``
    begins with ``BEGIN IMMEDIATE`` and so takes the write lock up front,
    which is what lets writers queue instead of failing with SQLITE_BUSY.

    ``readonly``: SQLite opens the file through `sqlite_readonly_uri` and never
    switches the journal mode (that is a write, and WAL needs writable side
    files); ``PRAGMA query_only`` refuses any write. PostgreSQL sessions are
    ``default_transaction_read_only``.
    """
    import sqlalchemy as sa
    from sqlalchemy import event as sa_event
    from sqlalchemy.engine import URL
    from sqlalchemy.pool import StaticPool

    url = url_or_path if isinstance(url_or_path, URL) else to_url(url_or_path)
    if url.get_backend_name() != "sqlite":
        if readonly:
            return sa.create_engine(url, pool_pre_ping=True, json_serializer=_json_serializer,
                                    connect_args={"options": "-c default_transaction_read_only=on"})
        return sa.create_engine(url, pool_pre_ping=True, json_serializer=_json_serializer)

    wait = busy_timeout()
    kwargs: dict[str, Any] = {
        "connect_args": {"check_same_thread": False, "timeout": wait}
    }
    if readonly and not _is_memory_sqlite(url) and url.database:
        uri = sqlite_readonly_uri(url.database)
        kwargs["creator"] = lambda: sqlite3.connect(uri, uri=True, check_same_thread=False,
                                                    timeout=wait)
    elif _is_memory_sqlite(url):
        kwargs["poolclass"] = StaticPool  # one shared connection, or each would be a new empty DB
    elif url.database:
        parent = Path(url.database).parent
        try:
            parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise DatabaseUnavailable(
                f"database {url.database}: cannot create its directory {parent} "
                f"({exc.strerror or exc})") from None
    engine = sa.create_engine(url, json_serializer=_json_serializer, **kwargs)

    @sa_event.listens_for(engine, "connect")
    def _on_connect(dbapi_connection: Any, _record: Any) -> None:
        dbapi_connection.isolation_level = None  # we emit BEGIN ourselves (below)
        cur = dbapi_connection.cursor()
        try:
            cur.execute(f"PRAGMA busy_timeout = {int(wait * 1000)}")
            if readonly:
                cur.execute("PRAGMA query_only = ON")
            else:
                cur.execute("PRAGMA journal_mode = WAL")
            cur.execute("PRAGMA foreign_keys = ON")
        finally:
            cur.close()

    @sa_event.listens_for(engine, "begin")
    def _on_begin(conn: Connection) -> None:
        immediate = conn.get_execution_options().get("sqlite_immediate", False)
        conn.exec_driver_sql("BEGIN IMMEDIATE" if immediate else "BEGIN")

    return engine


def migrations_dir() -> Path:
    """The Alembic folder: ``migrations/`` beside the ``simulator`` package.

    It ships in the repository, not inside the package, so the store needs a
    checkout or an editable install (``pip install -e .``).
    """
    root = Path(__file__).resolve().parents[2]
    folder = root / "migrations"
    if not (folder / "env.py").is_file():
        raise StoreError(
            f"Alembic migrations not found at {folder}: the event store needs the "
            "simulator's repository checkout (install it with `pip install -e .`)"
        )
    return folder


_REVISION_LINE = re.compile(r"^(down_revision|revision)\b[^=\n]*=\s*(.+?)\s*$", re.MULTILINE)


def _script_heads() -> set[str] | None:
    """The head revision(s) of ``migrations/versions``, read from each file's ``revision`` and
    ``down_revision`` lines without importing Alembic (what opening an up-to-date store needs);
    None when a file does not say them plainly (the caller then asks Alembic)."""
    revisions: set[str] = set()
    parents: set[str] = set()
    for path in (migrations_dir() / "versions").glob("*.py"):
        found: dict[str, str] = {m[1]: m[2] for m in _REVISION_LINE.finditer(path.read_text(encoding="utf-8"))}
        try:
            revision = ast.literal_eval(found["revision"])
            down = ast.literal_eval(found["down_revision"])
        except (KeyError, ValueError, SyntaxError):
            return None
        if not isinstance(revision, str):
            return None
        revisions.add(revision)
        parents.update([down] if isinstance(down, str) else down or ())
    return (revisions - parents) or None


def alembic_config(url_or_path: str | None = None,
                   connection: Connection | None = None) -> "Config":
    """An ``alembic.config.Config`` for the store's migrations, without alembic.ini.

    Give either a URL/path (env.py then makes its own engine with
    :func:`make_engine`) or an open connection to migrate on.
    """
    from alembic.config import Config

    cfg = Config()
    cfg.set_main_option("script_location", str(migrations_dir()).replace("%", "%%"))
    if url_or_path is not None:
        cfg.attributes["url"] = url_or_path
    if connection is not None:
        cfg.attributes["connection"] = connection
    cfg.attributes["configure_logger"] = False
    return cfg


@contextmanager
def migration_guard(conn: Connection) -> Iterator[Connection]:
    """Prepare a not-yet-begun connection for migrating, and check it afterwards.

    SQLite: foreign keys are switched off while migrating (batch mode copies
    and drops tables, which enforced foreign keys would break), then checked
    with ``PRAGMA foreign_key_check`` and switched back on; the migration
    transaction begins IMMEDIATE so concurrent openers queue.
    """
    if conn.dialect.name != "sqlite":
        yield conn
        return
    raw = conn.connection.driver_connection
    assert raw is not None
    raw.execute("PRAGMA foreign_keys = OFF")  # no-op inside a transaction: must come first
    conn.execution_options(sqlite_immediate=True)
    try:
        yield conn
        bad = raw.execute("PRAGMA foreign_key_check").fetchall()
        if bad:
            raise StoreError(f"migration left foreign keys violated: {bad[:5]}")
    finally:
        if conn.in_transaction():  # a failed migration: roll back before the PRAGMA
            conn.rollback()
        raw.execute("PRAGMA foreign_keys = ON")


# --------------------------------------------------------------------------
# The store
# --------------------------------------------------------------------------
