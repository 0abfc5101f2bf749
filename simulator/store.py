"""The event store: an append-only, hash-chained log of game events.

SQLAlchemy 2 Core (no ORM) over SQLite (the embedded default, a plain file
path) or PostgreSQL (any URL containing ``://``). The schema belongs to the
Alembic migrations in ``migrations/`` at the repository root; opening a store
upgrades its database to head, so code and schema never disagree.

Guarantees, and where each one lives:

* one ``append`` is one transaction: all of a decision's events or none;
* optimistic concurrency: ``append`` names the version it read; a conditional
  ``UPDATE games ... WHERE version = expected`` lets exactly one of two racing
  writers win, and ``UNIQUE(game_id, seq)`` is the second guard. The loser gets
  ``ConcurrencyError`` and has written nothing;
* append-only: database triggers (second migration) reject UPDATE and DELETE
  on ``events``, whoever issues them;
* tamper evidence: each event's ``hash`` is
  ``sha256(previous hash + canonical JSON of its envelope)`` (see
  :func:`event_hash`), and :meth:`EventStore.verify_chain` recomputes it.

Snapshots (third migration) are a cache beside the log: the folded state of a
game after some seq, with its digest. They are not part of the hash chain and
are never required; the store only keeps and finds them (what a state is and
how it is checked belongs to ``simulator.replay``).
"""
from __future__ import annotations

import ast
import hashlib
import json
import os
import re
import sqlite3
import threading
import uuid
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple
from urllib.parse import quote

import sqlalchemy as sa
from sqlalchemy import event as sa_event
from sqlalchemy import exc as sa_exc
from sqlalchemy.engine import URL, Connection, Engine, make_url
from sqlalchemy.pool import StaticPool

from simulator.dbmessages import explain, sqlite_path_problem, where
from simulator.errors import (ConcurrencyError, DatabaseUnavailable, IntegrityError,
                              InvalidDatabaseURL, NotFound, StoreError)
from simulator.records import made

if TYPE_CHECKING:
    from alembic.config import Config

__all__ = [
    "NewEvent",
    "StoredEvent",
    "UndecodablePayload",
    "parse_payload",
    "GameInfo",
    "EventStore",
    "event_hash",
    "canonical_json",
    "make_engine",
    "to_url",
    "migrations_dir",
    "alembic_config",
    "migration_guard",
    "metadata",
    "games_table",
    "events_table",
    "snapshots_table",
    "NAMING_CONVENTION",
    "MIGRATION_LOCK_KEY",
]

# --------------------------------------------------------------------------
# Schema (mirrors the Alembic migrations; the migrations create it, this is
# only what the Core queries are written against).
# --------------------------------------------------------------------------

#: Constraint/index names are deterministic, so migrations (and SQLite batch
#: mode, which recreates tables) can refer to them by name.
NAMING_CONVENTION: dict[str, str] = {
    "ix": "ix_%(table_name)s_%(column_0_N_name)s",
    "uq": "uq_%(table_name)s_%(column_0_N_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}

#: PostgreSQL advisory lock key held while migrating, so that two processes
#: opening the same fresh database do not both try to create the tables.
MIGRATION_LOCK_KEY = 0x5EED_E7E7

metadata = sa.MetaData(naming_convention=NAMING_CONVENTION)

games_table = sa.Table(
    "games",
    metadata,
    sa.Column("game_id", sa.String(200), primary_key=True),
    sa.Column("title", sa.Text(), nullable=False),
    sa.Column("source", sa.Text(), nullable=True),
    sa.Column("created_at", sa.String(40), nullable=False, index=True),
    sa.Column("version", sa.Integer(), nullable=False, server_default=sa.text("0")),
    sa.Column("state_digest", sa.String(128), nullable=True),
    # How its last replay/apply ended (migration 0004): replaying | complete | waiting | stopped.
    sa.Column("status", sa.String(20), nullable=True),
    sa.Column("status_action", sa.Integer(), nullable=True),
    sa.Column("status_message", sa.Text(), nullable=True),
    sa.CheckConstraint("version >= 0", name="version_not_negative"),
)

events_table = sa.Table(
    "events",
    metadata,
    sa.Column(
        "position",
        sa.BigInteger().with_variant(sa.Integer(), "sqlite"),
        primary_key=True,
        autoincrement=True,
    ),
    sa.Column("game_id", sa.String(200), sa.ForeignKey("games.game_id"), nullable=False),
    sa.Column("seq", sa.Integer(), nullable=False),
    sa.Column("event_id", sa.String(32), nullable=False, unique=True),
    sa.Column("type", sa.String(100), nullable=False),
    sa.Column("version", sa.Integer(), nullable=False),
    sa.Column("payload", sa.JSON(), nullable=False),
    sa.Column("cause_seq", sa.Integer(), nullable=True),
    sa.Column("decision_seq", sa.Integer(), nullable=True),
    sa.Column("rule", sa.String(32), nullable=True),
    sa.Column("recorded_at", sa.String(40), nullable=False),
    sa.Column("hash", sa.String(64), nullable=False),
    sa.UniqueConstraint("game_id", "seq"),
    sa.CheckConstraint("seq >= 1", name="seq_positive"),
    sqlite_autoincrement=True,
)

snapshots_table = sa.Table(
    "snapshots",
    metadata,
    sa.Column("game_id", sa.String(200), sa.ForeignKey("games.game_id"), primary_key=True),
    sa.Column("seq", sa.Integer(), primary_key=True),
    sa.Column("state", sa.JSON(), nullable=False),
    sa.Column("digest", sa.String(64), nullable=False),
    sa.Column("created_at", sa.String(40), nullable=False),
    sa.Column("event_hash", sa.String(64), nullable=True),   # migration 0006: tie to the chain
    sa.CheckConstraint("seq >= 1", name="seq_positive"),
)

# --------------------------------------------------------------------------
# Value types
# --------------------------------------------------------------------------


@dataclass(frozen=True)
class NewEvent:
    """An event as the engine hands it to :meth:`EventStore.append`."""

    seq: int
    type: str
    version: int
    payload: dict[str, Any]
    cause_seq: int | None = None
    decision_seq: int | None = None
    rule: str | None = None


@dataclass(frozen=True)
class StoredEvent:
    """An event as stored: the engine's envelope plus what the store added."""

    position: int
    game_id: str
    seq: int
    event_id: str
    type: str
    version: int
    payload: dict[str, Any]
    cause_seq: int | None
    decision_seq: int | None
    rule: str | None
    recorded_at: str
    hash: str


@dataclass(frozen=True)
class GameInfo:
    """One game's row: ``version`` is its last seq (0 before any event)."""

    game_id: str
    title: str
    created_at: str
    version: int
    state_digest: str | None
    source: str | None
    status: str | None = None          # replaying | complete | waiting | stopped; None: older rows
    status_action: int | None = None   # stopped: the illegal action's 1-based number
    status_message: str | None = None  # stopped: the exit-3 message; waiting: who must choose what


# --------------------------------------------------------------------------
# Hash chain
# --------------------------------------------------------------------------


def canonical_json(value: Any) -> str:
    """JSON with sorted keys and no whitespace: the byte-exact form hashed."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), allow_nan=False)


class JSONText:
    """A value already serialised to JSON: the engine's JSON serialiser writes ``text`` as it is
    (so an appended payload is serialised once, for its hash and its column alike)."""

    __slots__ = ("text",)

    def __init__(self, text: str) -> None:
        self.text = text


def _json_serializer(value: Any) -> str:
    """The engines' JSON column serialiser: pre-serialised JSONText verbatim, else json.dumps."""
    return value.text if type(value) is JSONText else json.dumps(value)


def _envelope_hash(previous_hash: str, game_id: str, event: NewEvent | StoredEvent,
                   payload_json: str) -> str:
    """:func:`event_hash` given the payload's canonical JSON: the envelope's canonical JSON
    written around it (keys in sorted order, as canonical_json would put them)."""
    dump = _dump
    body = (f'{{"cause_seq":{dump(event.cause_seq)},"decision_seq":{dump(event.decision_seq)},'
            f'"game_id":{dump(game_id)},"payload":{payload_json},"rule":{dump(event.rule)},'
            f'"seq":{dump(event.seq)},"type":{dump(event.type)},"version":{dump(event.version)}}}')
    return hashlib.sha256((previous_hash + body).encode("utf-8")).hexdigest()


_DUMPED: dict[str, str] = {}


def _dump(value: Any) -> str:
    """`json.dumps(value)` of an envelope field, faster for the ints, None and the few strings
    (types, rules, the game id) written for every event's hash."""
    if value is None:
        return "null"
    kind = type(value)
    if kind is int:
        return int.__repr__(value)   # what json.dumps writes for an int
    if kind is str:
        text = _DUMPED.get(value)
        if text is None:
            text = json.dumps(value)
            if len(_DUMPED) < 4096:
                _DUMPED[value] = text
        return text
    return json.dumps(value)


def event_hash(previous_hash: str, game_id: str, event: NewEvent | StoredEvent) -> str:
    """sha256 hex of ``previous_hash`` ("" for seq 1) + canonical JSON envelope.

    The envelope is the object ``{game_id, seq, type, version, payload,
    cause_seq, decision_seq, rule}``; store-assigned fields (position,
    event_id, recorded_at) are not part of it.
    """
    body = canonical_json(
        {
            "game_id": game_id,
            "seq": event.seq,
            "type": event.type,
            "version": event.version,
            "payload": event.payload,
            "cause_seq": event.cause_seq,
            "decision_seq": event.decision_seq,
            "rule": event.rule,
        }
    )
    return hashlib.sha256((previous_hash + body).encode("utf-8")).hexdigest()


# --------------------------------------------------------------------------
# Engines, URLs, migrations
# --------------------------------------------------------------------------

SQLITE_BUSY_TIMEOUT_S = 30.0


SUPPORTED_BACKENDS = ("sqlite", "postgresql")


def to_url(url_or_path: str | os.PathLike[str]) -> URL:
    """A plain path means an SQLite file; anything with ``://`` is a URL.

    ``postgresql://`` / ``postgres://`` are taken to mean the psycopg 3 driver,
    the only PostgreSQL driver the project depends on. InvalidDatabaseURL (exit
    2) for a URL that does not parse or names another kind of database.
    """
    url_or_path = os.fspath(url_or_path)
    if "\x00" in url_or_path:
        raise InvalidDatabaseURL(f"database {url_or_path!r}: contains a NUL character")
    if "://" not in url_or_path:
        if url_or_path == ":memory:":
            return make_url("sqlite://")
        if not url_or_path.strip():
            raise InvalidDatabaseURL("database path is empty")
        path = Path(url_or_path).expanduser().resolve()
        return URL.create("sqlite+pysqlite", database=str(path))
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
        if url.database and url.database != ":memory:":
            url = url.set(drivername="sqlite+pysqlite",
                          database=str(Path(url.database).expanduser().resolve()))
    else:
        raise InvalidDatabaseURL(
            f"database URL scheme {url.drivername!r} is not supported: the simulator stores games "
            "in SQLite (a file path or sqlite:///PATH) or PostgreSQL (postgresql+psycopg://...)")
    return url


def _is_memory_sqlite(url: URL) -> bool:
    return url.get_backend_name() == "sqlite" and url.database in (None, "", ":memory:")


def sqlite_readonly_uri(path: str) -> str:
    """The SQLite URI that opens `path` without ever writing: ``mode=ro``, plus
    ``immutable=1`` when the directory is not writable (a read-only mount, or a
    user who may not write there), since a WAL database then cannot get the
    ``-shm``/``-wal`` side files SQLite would otherwise create. immutable=1 also
    means "nobody changes this file meanwhile", which holds where nobody may write."""
    uri = f"file:{quote(path)}?mode=ro"
    if not os.access(Path(path).parent, os.W_OK) or not os.access(path, os.W_OK):
        uri += "&immutable=1"
    return uri


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
    url = url_or_path if isinstance(url_or_path, URL) else to_url(url_or_path)
    if url.get_backend_name() != "sqlite":
        if readonly:
            return sa.create_engine(url, pool_pre_ping=True, json_serializer=_json_serializer,
                                    connect_args={"options": "-c default_transaction_read_only=on"})
        return sa.create_engine(url, pool_pre_ping=True, json_serializer=_json_serializer)

    kwargs: dict[str, Any] = {
        "connect_args": {"check_same_thread": False, "timeout": SQLITE_BUSY_TIMEOUT_S}
    }
    if readonly and not _is_memory_sqlite(url) and url.database:
        uri = sqlite_readonly_uri(url.database)
        kwargs["creator"] = lambda: sqlite3.connect(uri, uri=True, check_same_thread=False,
                                                    timeout=SQLITE_BUSY_TIMEOUT_S)
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
            cur.execute(f"PRAGMA busy_timeout = {int(SQLITE_BUSY_TIMEOUT_S * 1000)}")
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
    root = Path(__file__).resolve().parent.parent
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


_MIGRATION_LOCK = threading.Lock()


def _utcnow() -> datetime:
    return datetime.now(timezone.utc)


def _iso(moment: datetime) -> str:
    """Fixed-width ISO-8601 UTC, so text order is time order."""
    return moment.astimezone(timezone.utc).isoformat(timespec="microseconds")


def _check_seqs(game_id: str, events: Sequence[NewEvent], expected_version: int) -> None:
    """`expected_version` is a version, and the events' seqs continue from it without gaps."""
    if isinstance(expected_version, bool) or not isinstance(expected_version, int) \
            or expected_version < 0:
        raise StoreError(f"expected_version must be an int >= 0, not {expected_version!r}")
    for i, ev in enumerate(events):
        want = expected_version + 1 + i
        if ev.seq != want:
            raise StoreError(
                f"game {game_id!r}: event {i} ({ev.type}) has seq {ev.seq}, expected "
                f"{want} (seqs continue from expected_version {expected_version}, no gaps)"
            )


def _payload_texts(game_id: str, events: Sequence[NewEvent]) -> list[str]:
    """Each payload serialised once, now: unserialisable input fails before any write, and the
    same text is hashed and stored (and parsed back for what `append` returns, so that it equals
    what `read` gives)."""
    try:
        return [canonical_json(ev.payload) for ev in events]
    except (TypeError, ValueError) as exc:
        raise StoreError(f"game {game_id!r}: payload is not JSON-serialisable: {exc}") from exc


class _Row(NamedTuple):
    """One event's row as the INSERT takes it (the payload as its canonical JSON text)."""

    game_id: str
    seq: int
    event_id: str
    type: str
    version: int
    payload: str
    cause_seq: int | None
    decision_seq: int | None
    rule: str | None
    recorded_at: str
    hash: str


_INSERT_COLUMNS = ", ".join(_Row._fields)


def _insert_rows(game_id: str, events: Sequence[NewEvent], texts: Sequence[str], prev: str,
                 recorded_at: str) -> list[_Row]:
    """The rows of `events`, each hash chained after the one before (`prev` before the first)."""
    rows: list[_Row] = []
    random = os.urandom(16 * len(events))   # the event ids' randomness, read once (uuid4 reads it per id)
    for i, (ev, text) in enumerate(zip(events, texts)):
        prev = _envelope_hash(prev, game_id, ev, text)
        event_id = uuid.UUID(bytes=random[16 * i:16 * i + 16], version=4).hex
        rows.append(_Row(game_id, ev.seq, event_id, ev.type, ev.version, text, ev.cause_seq,
                         ev.decision_seq, ev.rule, recorded_at, prev))
    return rows


def _previous_hash(cursor: Any, mark: str, game_id: str, expected_version: int) -> str:
    """The hash of the game's event `expected_version` ("" before the first), read in the
    append's transaction; IntegrityError if the version names an event the log lacks."""
    if expected_version == 0:
        return ""
    cursor.execute(f"SELECT hash FROM events WHERE game_id = {mark} AND seq = {mark}",
                   (game_id, expected_version))
    found = cursor.fetchone()
    if found is None:
        raise IntegrityError(
            f"game {game_id!r} is at version {expected_version} but its event "
            f"seq {expected_version} is missing; run verify_chain"
        )
    return str(found[0])


class EventStore:
    """An event store on one database (SQLite file/URL or PostgreSQL URL).

    Thread-safe: every method takes its own pooled connection. ``read`` pages
    through a game in keyset batches of ``READ_BATCH`` events, so it never
    holds a whole game in memory nor a connection between batches.
    """

    READ_BATCH = 1000

    def __init__(self, url_or_path: str | os.PathLike[str], *, readonly: bool = False) -> None:
        """Open (creating if needed) the database and upgrade it to Alembic head.

        ``readonly``: open an existing database without writing anything (see
        `make_engine`); every write then fails with DatabaseUnavailable. A database
        at an older schema is upgraded first if it may be written, else refused."""
        self._url = to_url(url_or_path)
        self.readonly = readonly
        # game id -> (seq, hash) of the last event this store appended (committed): the next
        # append chains to it without reading it back (events are append-only)
        self._heads: dict[str, tuple[int, str]] = {}
        if readonly and self._url.get_backend_name() == "sqlite" and self._url.database \
                and not _is_memory_sqlite(self._url):
            problem = sqlite_path_problem(self._url.database, writing=False)
            if problem is None and not os.path.exists(self._url.database):
                problem = "no such file"
            if problem:
                raise DatabaseUnavailable(f"database {self._url.database}: {problem}")
        self._engine = make_engine(self._url, readonly=readonly)
        try:
            if readonly:
                self._check_schema()
            else:
                self._upgrade()
        except StoreError:
            self._engine.dispose()
            raise
        except (sa_exc.SQLAlchemyError, OSError) as exc:  # driver/alembic errors: plain words
            self._engine.dispose()
            raise DatabaseUnavailable(explain(self._url, exc, writing=True)) from exc
        except Exception as exc:
            self._engine.dispose()
            if type(exc).__module__.split(".")[0] in ("sqlite3", "psycopg"):
                raise DatabaseUnavailable(explain(self._url, exc, writing=True)) from exc
            raise

    # -- plumbing -----------------------------------------------------------

    def _upgrade(self) -> None:
        """Migrate to head. Alembic's ``context`` is process-global, so at most
        one thread migrates at a time; other processes queue on the database
        (SQLite: BEGIN IMMEDIATE; PostgreSQL: an advisory lock in env.py)."""
        if self._at_head():   # the usual case, answered without importing Alembic
            return
        from alembic import command

        current, heads = self._schema_revisions()
        if current == heads:   # no write lock, no advisory lock, no DDL
            return
        with _MIGRATION_LOCK, self._engine.connect() as conn, migration_guard(conn):
            command.upgrade(alembic_config(connection=conn), "head")

    def _schema_revisions(self) -> tuple[set[str], set[str]]:
        """(the database's revisions, the scripts' heads); a revision no script knows means a
        newer simulator wrote the database: refused, for reading and for upgrading alike."""
        from alembic.migration import MigrationContext
        from alembic.script import ScriptDirectory

        script = ScriptDirectory.from_config(alembic_config())
        known = {rev.revision for rev in script.walk_revisions()}
        with self._engine.connect() as conn:
            current = set(MigrationContext.configure(conn).get_current_heads())
        if current - known:
            raise DatabaseUnavailable(
                f"database {where(self._url)} is at schema revision "
                f"{', '.join(sorted(current - known))}, unknown to this simulator "
                "(a newer simulator wrote it: upgrade the simulator to read it)")
        return current, set(script.get_heads())

    def _at_head(self) -> bool:
        """True when the database's ``alembic_version`` names exactly the scripts' heads."""
        heads = _script_heads()
        if heads is None:
            return False
        try:
            with self._engine.connect() as conn:
                current = {row[0] for row in conn.exec_driver_sql("SELECT version_num FROM alembic_version")}
        except sa_exc.DBAPIError:   # no such table yet (a new database): migrate
            return False
        return current == heads

    def _check_schema(self) -> None:
        """For a read-only open: the schema must be at head. An older one is upgraded by a
        short writable open when the database may be written; otherwise it is refused."""
        if self._at_head():   # the usual case, answered without importing Alembic
            return
        current, heads = self._schema_revisions()
        if current == heads:
            return
        name = where(self._url)
        if not current:
            raise DatabaseUnavailable(f"database {name}: is not a simulator database "
                                      "(it has none of the simulator's tables)")
        db = self._url.database
        if self._url.get_backend_name() == "sqlite" and db and (
                not os.access(db, os.W_OK) or not os.access(Path(db).parent, os.W_OK)):
            raise DatabaseUnavailable(
                f"database {name} has an older schema ({', '.join(sorted(current))}) and is "
                "read-only here, so it cannot be upgraded: copy it somewhere writable")
        EventStore(self._url.render_as_string(hide_password=False)).close()

    @contextmanager
    def _write(self) -> Iterator[Connection]:
        """A write transaction (SQLite: BEGIN IMMEDIATE); DB errors become StoreError."""
        try:
            with self._engine.connect() as conn:
                conn.execution_options(sqlite_immediate=True)
                with conn.begin():
                    yield conn
        except sa_exc.IntegrityError as exc:   # callers turn these into precise messages
            raise StoreError(f"{self.url}: {exc.orig}") from exc
        except sa_exc.DBAPIError as exc:
            raise DatabaseUnavailable(explain(self._url, exc, writing=True)) from exc

    @contextmanager
    def _driver_write(self) -> Iterator[Any]:
        """`_write` on the driver's own connection and cursor (one pooled connection, no
        SQLAlchemy Connection nor statement machinery: they cost several times an append's own
        work): SQLite begins IMMEDIATE, everything commits at the end or rolls back; driver
        errors become what `_write` raises (StoreError caused by an IntegrityError, else
        DatabaseUnavailable)."""
        dbapi = self._engine.dialect.loaded_dbapi
        try:
            raw = self._engine.raw_connection()
        except sa_exc.DBAPIError as exc:
            raise DatabaseUnavailable(explain(self._url, exc, writing=True)) from exc
        try:
            cursor = raw.cursor()
            try:
                if self._engine.dialect.name == "sqlite":
                    cursor.execute("BEGIN IMMEDIATE")
                yield cursor
                raw.commit()
            except BaseException:
                raw.rollback()
                raise
            finally:
                cursor.close()
        except dbapi.Error as err:
            wrapped = sa_exc.DBAPIError.instance(None, None, err, dbapi.Error)
            if isinstance(wrapped, sa_exc.IntegrityError):
                raise StoreError(f"{self.url}: {err}") from wrapped
            raise DatabaseUnavailable(explain(self._url, wrapped, writing=True)) from wrapped
        finally:
            raw.close()   # back to the pool

    @contextmanager
    def _read(self) -> Iterator[Connection]:
        """A short read transaction; DB errors become StoreError."""
        try:
            with self._engine.connect() as conn:
                yield conn
        except sa_exc.DBAPIError as exc:
            raise DatabaseUnavailable(explain(self._url, exc)) from exc

    @property
    def url(self) -> str:
        """The database URL (password hidden), e.g. ``sqlite+pysqlite:////abs/x.sqlite``."""
        return self._url.render_as_string(hide_password=True)

    @property
    def engine(self) -> Engine:
        """The SQLAlchemy engine, for tools and tests that need raw access."""
        return self._engine

    def close(self) -> None:
        """Release every pooled connection."""
        self._engine.dispose()

    def __enter__(self) -> "EventStore":
        return self

    def __exit__(self, *_exc: object) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"EventStore({self.url!r})"

    # -- games --------------------------------------------------------------

    def create_game(self, game_id: str, title: str, source: str | None = None) -> None:
        """Register a new, empty game (version 0). StoreError if the id is taken."""
        if not isinstance(game_id, str) or not game_id:
            raise StoreError(f"game id must be a non-empty string, not {game_id!r}")
        g = games_table
        try:
            with self._write() as conn:
                # Strictly increasing created_at, so "creation order" is never a tie.
                now = _utcnow()
                last = conn.execute(sa.select(sa.func.max(g.c.created_at))).scalar()
                if last is not None:
                    floor = datetime.fromisoformat(last) + timedelta(microseconds=1)
                    now = max(now, floor)
                conn.execute(
                    sa.insert(g).values(
                        game_id=game_id, title=title, source=source,
                        created_at=_iso(now), version=0, state_digest=None, status="replaying",
                    )
                )
        except StoreError as exc:
            if isinstance(exc.__cause__, sa_exc.IntegrityError):
                raise StoreError(f"game {game_id!r} already exists in {self.url}") from exc
            raise

    def set_status(self, game_id: str, status: str, action: int | None = None,
                   message: str | None = None) -> None:
        """Record how the game's replay (or last `apply`) ended (see migration 0004)."""
        g = games_table
        with self._write() as conn:
            done = conn.execute(sa.update(g).where(g.c.game_id == game_id).values(
                status=status, status_action=action, status_message=message)).rowcount
        if done != 1:
            raise NotFound(f"no game {game_id!r} in {self.url}")

    def game(self, game_id: str) -> GameInfo:
        """One game's info; NotFound if there is no such game."""
        g = games_table
        with self._read() as conn:
            row = conn.execute(sa.select(g).where(g.c.game_id == game_id)).first()
        if row is None:
            raise NotFound(f"no game {game_id!r} in {self.url}")
        return _game_info(row)

    def games(self) -> list[GameInfo]:
        """Every game, in creation order."""
        g = games_table
        with self._read() as conn:
            rows = conn.execute(sa.select(g).order_by(g.c.created_at, g.c.game_id)).all()
        return [_game_info(r) for r in rows]

    def latest_game(self) -> str:
        """The id of the most recently created game; NotFound if there is none."""
        g = games_table
        with self._read() as conn:
            gid = conn.execute(
                sa.select(g.c.game_id)
                .order_by(g.c.created_at.desc(), g.c.game_id.desc())
                .limit(1)
            ).scalar()
        if gid is None:
            raise NotFound(f"no games in {self.url}")
        return gid

    # -- events -------------------------------------------------------------

    def append(
        self,
        game_id: str,
        events: Sequence[NewEvent],
        expected_version: int,
        state_digest: str | None = None,
    ) -> list[StoredEvent]:
        """Append one decision's events atomically, if the game is still at
        ``expected_version``; else ConcurrencyError and nothing is written.

        ``events[i].seq`` must be ``expected_version + 1 + i`` (StoreError
        otherwise). The game's ``version`` becomes the last seq and its
        ``state_digest`` becomes ``state_digest`` (None = unknown), in the same
        transaction. Returns the events as stored (what `read` gives back). An
        empty ``events`` only checks the version (and sets the digest).
        """
        rows, positions = self._insert(game_id, events, expected_version, state_digest, positions=True)
        return [made(StoredEvent, {"position": position, **row._asdict(), "payload": json.loads(row.payload)})
                for position, row in zip(positions, rows)]

    def write(
        self,
        game_id: str,
        events: Sequence[NewEvent],
        expected_version: int,
        state_digest: str | None = None,
    ) -> tuple[int, str] | None:
        """`append`, answering only the game's new head ``(seq, hash)`` (None for no events):
        what a writer going on from its own state needs (the recorder of a replay, `apply`,
        `play`). Nothing stored is read or parsed back."""
        rows, _ = self._insert(game_id, events, expected_version, state_digest, positions=False)
        return (rows[-1].seq, rows[-1].hash) if rows else None

    def _insert(self, game_id: str, events: Sequence[NewEvent], expected_version: int,
                state_digest: str | None, *, positions: bool) -> tuple[list[_Row], list[int]]:
        """The write of `append` and `write`: the rows inserted and, when asked, their positions."""
        events = list(events)
        _check_seqs(game_id, events, expected_version)
        texts = _payload_texts(game_id, events)
        new_version = expected_version + len(events)
        recorded_at = _iso(_utcnow())
        head = self._heads.get(game_id)
        # The rows and their hashes are made before the transaction when the previous hash is
        # known (the last event this store appended: append-only, so still the log's), so the
        # write lock is held for the SQL alone.
        rows = _insert_rows(game_id, events, texts, head[1], recorded_at) \
            if head is not None and head[0] == expected_version else None
        found: list[int] = []
        try:
            # Plain SQL on the driver's cursor (`_driver_write`): a decision is a handful of rows,
            # and SQLAlchemy's statement machinery cost several times the work itself.
            with self._driver_write() as cursor:
                mark = "?" if self._engine.dialect.paramstyle == "qmark" else "%s"
                self._claim_version(cursor, mark, game_id, expected_version, new_version, state_digest)
                if not events:
                    return [], []
                if rows is None:
                    prev = _previous_hash(cursor, mark, game_id, expected_version)
                    rows = _insert_rows(game_id, events, texts, prev, recorded_at)
                cursor.executemany(f"INSERT INTO events ({_INSERT_COLUMNS}) "
                                   f"VALUES ({', '.join([mark] * len(_Row._fields))})", rows)
                if positions:
                    found = self._positions(cursor, mark, game_id, expected_version, new_version)
            self._heads[game_id] = (new_version, rows[-1].hash)
        except StoreError as exc:
            if isinstance(exc.__cause__, sa_exc.IntegrityError):
                raise ConcurrencyError(
                    f"game {game_id!r}: seq {expected_version + 1}.. already taken "
                    f"(another writer appended first); nothing written"
                ) from exc
            raise
        return rows, found

    def _positions(self, cursor: Any, mark: str, game_id: str, expected_version: int,
                   new_version: int) -> list[int]:
        """The positions the append's INSERT gave its rows, in seq order. SQLite: the rows just
        inserted under the write lock (BEGIN IMMEDIATE) into an AUTOINCREMENT key got
        consecutive rowids ending at last_insert_rowid(), so no index is searched;
        PostgreSQL's sequence may interleave with other writers': read back."""
        if self._engine.dialect.name == "sqlite":
            cursor.execute("SELECT last_insert_rowid()")
            last = int(cursor.fetchone()[0])
            return list(range(last - (new_version - expected_version) + 1, last + 1))
        cursor.execute(f"SELECT position FROM events WHERE game_id = {mark} AND seq > {mark} "
                       f"AND seq <= {mark} ORDER BY seq", (game_id, expected_version, new_version))
        return [r[0] for r in cursor.fetchall()]

    def _claim_version(self, cursor: Any, mark: str, game_id: str, expected_version: int,
                       new_version: int, state_digest: str | None) -> None:
        """Optimistic concurrency: move the game from `expected_version` to `new_version` (with
        its digest), or ConcurrencyError naming the version another writer left (NotFound: no game)."""
        cursor.execute(f"UPDATE games SET version = {mark}, state_digest = {mark} "
                       f"WHERE game_id = {mark} AND version = {mark}",
                       (new_version, state_digest, game_id, expected_version))
        if cursor.rowcount != 1:
            cursor.execute(f"SELECT version FROM games WHERE game_id = {mark}", (game_id,))
            found = cursor.fetchone()
            if found is None:
                raise NotFound(f"no game {game_id!r} in {self.url}")
            raise ConcurrencyError(
                f"game {game_id!r}: expected version {expected_version} but it is at "
                f"version {found[0]} (another writer appended first); nothing written"
            )

    def read(self, game_id: str, upto: int | None = None, after: int = 0) -> Iterator[StoredEvent]:
        """A game's events with ``after < seq <= upto``, in seq order, streamed.

        NotFound (raised here, not on first iteration) if there is no such game.
        """
        self.game(game_id)
        return self._stream(game_id, upto, after)

    def _stream(self, game_id: str, upto: int | None, after: int) -> Iterator[StoredEvent]:
        """`_pages` of every column, each payload parsed once here."""
        for rows in self._pages(game_id, upto, after, _EVENT_COLUMNS):
            yield from [StoredEvent(r[0], r[1], r[2], r[3], r[4], r[5], parse_payload(r[6]),
                                    r[7], r[8], r[9], r[10], r[11]) for r in rows]

    def read_rows(self, game_id: str, upto: int | None = None, after: int = 0) -> Iterator[tuple[Any, ...]]:
        """What a fold needs of a game's events with ``after < seq <= upto``, in seq order,
        streamed: ``(seq, type, version, payload, cause_seq, decision_seq, rule)`` tuples, the
        payload as its stored JSON text, unparsed (`read` parses every payload and carries the
        store's own columns too). Keyset pages of ``READ_BATCH`` rows, each read with the
        driver's cursor of a pooled connection. NotFound if there is no such game."""
        self.game(game_id)
        return self._rows(game_id, upto, after)

    def _rows(self, game_id: str, upto: int | None, after: int) -> Iterator[tuple[Any, ...]]:
        for rows in self._pages(game_id, upto, after, _FOLD_COLUMNS):
            yield from rows

    def _pages(self, game_id: str, upto: int | None, after: int, columns: str) -> Iterator[list[tuple[Any, ...]]]:
        """The rows of `columns` of a game's events with ``after < seq <= upto`` in keyset pages:
        each page is the seqs (last, last + READ_BATCH], read by its own short query and
        connection with the driver's cursor (plain SQL, no per-row SQL-expression or type work).

        A seq range rather than ``LIMIT``: PostgreSQL, planning without statistics on a log just
        written, scanned and sorted every later row of the game for each page (reading a 100,000
        event game took 18 ms a page, growing with the game); a range reads one page's rows
        whatever the plan. `append` leaves no gaps in seqs; a gap (an edited database) is
        stepped over by asking where the next event is, so no event is ever left out."""
        last, size = after, int(self.READ_BATCH)
        while upto is None or last < upto:
            high = last + size if upto is None else min(last + size, upto)
            with self._read() as conn:
                mark = "?" if conn.dialect.paramstyle == "qmark" else "%s"
                rows = _fetch(conn, f"SELECT {columns} FROM events WHERE game_id = {mark} AND seq > {mark} "
                                    f"AND seq <= {mark} ORDER BY seq", (game_id, last, high))
                following = high + 1 if len(rows) == high - last else _fetch(
                    conn, f"SELECT MIN(seq) FROM events WHERE game_id = {mark} AND seq > {mark}",
                    (game_id, high))[0][0]   # the end of the log (None), or past a gap
            if rows:
                yield rows
            if following is None:
                return
            last = following - 1

    def get_event(self, game_id: str, seq: int) -> StoredEvent:
        """One event; NotFound if the game or that seq does not exist."""
        e = events_table
        with self._read() as conn:
            row = conn.execute(
                _event_select().where(e.c.game_id == game_id, e.c.seq == seq)
            ).first()
        if row is None:
            self.game(game_id)  # NotFound for the game itself, if that is the problem
            raise NotFound(f"game {game_id!r} has no event seq {seq} in {self.url}")
        return _stored(row)

    def verify_chain(self, game_id: str) -> list[str]:
        """Recompute a game's hash chain; one line per problem, [] if intact.

        Reports altered events ("hash mismatch"), gaps in seq, and a game
        version that disagrees with the log. Each stored hash is checked
        against its own predecessor's stored hash, so a single altered row is
        reported at its own seq.
        """
        info = self.game(game_id)
        problems: list[str] = []
        prev_hash = ""
        expected = 1
        for ev in self._stream(game_id, None, 0):
            if ev.seq != expected:
                missing = (f"seq {expected} missing" if ev.seq == expected + 1
                           else f"seqs {expected}..{ev.seq - 1} missing")
                problems.append(f"game {game_id} seq {ev.seq}: gap in the log ({missing})")
            elif isinstance(ev.payload, UndecodablePayload):
                problems.append(f"game {game_id} seq {ev.seq}: payload does not decode (not a JSON object)")
            elif event_hash(prev_hash, game_id, ev) != ev.hash:
                problems.append(
                    f"game {game_id} seq {ev.seq}: hash mismatch (payload or envelope altered)"
                )
            prev_hash = ev.hash
            expected = ev.seq + 1
        last = expected - 1
        if last != info.version:
            current = self.game(game_id).version  # an append may have landed meanwhile
            if last != current:
                problems.append(
                    f"game {game_id}: version {current} but the log ends at seq {last}"
                )
        return problems


    # -- snapshots (a cache of folded states; not in the hash chain) ----------

    def save_snapshot(self, game_id: str, seq: int, state: dict[str, Any], digest: str) -> None:
        """Keep the state of ``game_id`` after event ``seq`` (``state`` is plain JSON data,
        ``digest`` its state digest). Upsert-free: if that (game, seq) already has a
        snapshot, it is kept and this one is ignored. NotFound if there is no such game."""
        if isinstance(seq, bool) or not isinstance(seq, int) or seq < 1:
            raise StoreError(f"snapshot seq must be an int >= 1, not {seq!r}")
        try:
            normalised = JSONText(canonical_json(state))   # serialised once, stored verbatim
        except (TypeError, ValueError) as exc:
            raise StoreError(f"game {game_id!r}: snapshot is not JSON-serialisable: {exc}") from exc
        sn = snapshots_table
        try:
            with self._write() as conn:
                exists = conn.execute(
                    sa.select(sn.c.seq).where(sn.c.game_id == game_id, sn.c.seq == seq)
                ).first()
                if exists is not None:
                    return
                e = events_table
                chain = conn.execute(
                    sa.select(e.c.hash).where(e.c.game_id == game_id, e.c.seq == seq)
                ).scalar()
                if chain is None:   # no such event (yet): kept, never used (verify reports it)
                    self.game(game_id)   # NotFound for the game itself
                conn.execute(sa.insert(sn).values(
                    game_id=game_id, seq=seq, state=normalised, digest=digest,
                    created_at=_iso(_utcnow()), event_hash=chain,
                ))
        except StoreError as exc:
            if isinstance(exc.__cause__, sa_exc.IntegrityError):
                self.game(game_id)  # NotFound when the foreign key was the problem
                return              # a concurrent writer saved the same snapshot first
            raise

    def snapshot_at_or_before(self, game_id: str, seq: int | None) -> tuple[int, dict[str, Any]] | None:
        """``(seq, state)`` of the latest snapshot with seq <= ``seq`` (the latest
        overall when None), or None if there is none."""
        found = self.latest_snapshot(game_id, seq)
        return None if found is None else (found[0], found[1])

    def latest_snapshot(self, game_id: str, seq: int | None = None) -> tuple[int, dict[str, Any], str] | None:
        """Like :meth:`snapshot_at_or_before`, with the digest saved with it:
        ``(seq, state, digest)`` or None."""
        sn, e = snapshots_table, events_table
        # Only a snapshot still tied to the chain: the event it was taken after is in the log
        # with the hash saved beside it (a rewritten or truncated log leaves it unused).
        query = (sa.select(sn.c.seq, sa.cast(sn.c.state, sa.Text).label("state"), sn.c.digest)
                 .join(e, sa.and_(e.c.game_id == sn.c.game_id, e.c.seq == sn.c.seq,
                                  e.c.hash == sn.c.event_hash))
                 .where(sn.c.game_id == game_id))
        if seq is not None:
            query = query.where(sn.c.seq <= seq)
        with self._read() as conn:
            row = conn.execute(query.order_by(sn.c.seq.desc()).limit(1)).first()
        return None if row is None else (row.seq, parse_payload(row.state), row.digest)

    def snapshot_links(self, game_id: str) -> list[tuple[int, str | None, str | None]]:
        """``(seq, event hash saved with the snapshot, hash of that event in the log now)``
        for every snapshot of a game (the last is None when the log has no such event)."""
        sn, e = snapshots_table, events_table
        query = (sa.select(sn.c.seq, sn.c.event_hash, e.c.hash)
                 .select_from(sn.outerjoin(e, sa.and_(e.c.game_id == sn.c.game_id,
                                                      e.c.seq == sn.c.seq)))
                 .where(sn.c.game_id == game_id).order_by(sn.c.seq))
        with self._read() as conn:
            return [(r[0], r[1], r[2]) for r in conn.execute(query)]

    def head(self, game_id: str) -> tuple[int, str]:
        """``(seq, hash)`` of the game's last event (``(0, "")`` before any event): the
        value to keep outside the database and give back to ``verify --expect-head``."""
        self.game(game_id)
        e = events_table
        with self._read() as conn:
            row = conn.execute(sa.select(e.c.seq, e.c.hash).where(e.c.game_id == game_id)
                               .order_by(e.c.seq.desc()).limit(1)).first()
        return (0, "") if row is None else (row.seq, row.hash)

    def find_hash(self, game_id: str, prefix: str) -> list[int]:
        """The seqs of the game's events whose hash starts with ``prefix``."""
        e = events_table
        with self._read() as conn:
            rows = conn.execute(sa.select(e.c.seq).where(
                e.c.game_id == game_id, e.c.hash.startswith(prefix, autoescape=True))
                .order_by(e.c.seq)).all()
        return [r.seq for r in rows]

    def orphan_events(self) -> list[tuple[str, int]]:
        """``(game_id, number of events)`` for events whose game row is missing (only possible
        by editing the database with its triggers and foreign keys off)."""
        g, e = games_table, events_table
        query = (sa.select(e.c.game_id, sa.func.count()).where(
            ~sa.exists().where(g.c.game_id == e.c.game_id)).group_by(e.c.game_id)
            .order_by(e.c.game_id))
        with self._read() as conn:
            return [(r[0], r[1]) for r in conn.execute(query)]

    def snapshots(self, game_id: str) -> list[tuple[int, str]]:
        """``(seq, digest)`` of every snapshot of a game, in seq order (states not loaded)."""
        sn = snapshots_table
        with self._read() as conn:
            rows = conn.execute(
                sa.select(sn.c.seq, sn.c.digest).where(sn.c.game_id == game_id).order_by(sn.c.seq)
            ).all()
        return [(r.seq, r.digest) for r in rows]


@contextmanager
def _driver_errors(dialect: Any) -> Iterator[None]:
    """Errors of the driver's own cursor raised as SQLAlchemy raises them for its statements
    (``sqlalchemy.exc.DBAPIError`` and its kinds), so the store's usual handling applies."""
    base = dialect.loaded_dbapi.Error
    try:
        yield
    except base as err:
        raise sa_exc.DBAPIError.instance(None, None, err, base) from err


_EVENT_COLUMNS = ("position, game_id, seq, event_id, type, version, payload, cause_seq, "
                  "decision_seq, rule, recorded_at, hash")   # StoredEvent's fields, in order


_FOLD_COLUMNS = "seq, type, version, CAST(payload AS TEXT), cause_seq, decision_seq, rule"


def _fetch(conn: Connection, sql: str, params: tuple[Any, ...]) -> list[tuple[Any, ...]]:
    """Every row of one query, run on the driver's cursor of SQLAlchemy's connection."""
    with _driver_errors(conn.dialect):
        # a checked-out connection always has its DBAPI connection (None once closed)
        cursor = conn.connection.dbapi_connection.cursor()   # type: ignore[union-attr]
        try:
            cursor.execute(sql, params)
            return list(cursor.fetchall())
        finally:
            cursor.close()


def _game_info(row: Any) -> GameInfo:
    return GameInfo(
        game_id=row.game_id, title=row.title, created_at=row.created_at,
        version=row.version, state_digest=row.state_digest, source=row.source,
        status=row.status, status_action=row.status_action, status_message=row.status_message,
    )


class UndecodablePayload(dict[str, Any]):
    """A stored payload that is not valid JSON (only possible by editing the database):
    an empty mapping that keeps the stored text, so readers and verify can name its seq."""

    def __init__(self, text: str) -> None:
        super().__init__()
        self.text = text


def _event_select() -> sa.Select[Any]:
    """Events with the payload as text, parsed by `_stored` (so a payload that is not JSON
    is reported at its seq instead of failing the whole query)."""
    e = events_table
    cols = [c if c.name != "payload" else sa.cast(c, sa.Text).label("payload") for c in e.c]
    return sa.select(*cols)


def parse_payload(text: Any) -> dict[str, Any]:
    """A stored payload's JSON text as a dict (a dict as it is); `UndecodablePayload` keeping
    the text when it is not a JSON object."""
    if isinstance(text, dict):
        return text
    try:
        value = json.loads(text)
    except (TypeError, ValueError, RecursionError):
        return UndecodablePayload(str(text))
    return value if isinstance(value, dict) else UndecodablePayload(str(text))


def _stored(row: Any) -> StoredEvent:
    return StoredEvent(
        position=row.position, game_id=row.game_id, seq=row.seq, event_id=row.event_id,
        type=row.type, version=row.version, payload=parse_payload(row.payload), cause_seq=row.cause_seq,
        decision_seq=row.decision_seq, rule=row.rule, recorded_at=row.recorded_at,
        hash=row.hash,
    )
