"""The database under the store: opening (and upgrading) it, its connections and transactions,
and the `games` table."""
from __future__ import annotations

import codecs
import os
import sqlite3
import sys
import threading
from collections.abc import Generator, Iterator
from contextlib import AbstractContextManager, contextmanager
from datetime import datetime, timedelta
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable

from simulator.store.messages import busy_timeout, explain, sqlite_path_problem, where
from simulator.base.errors import DatabaseUnavailable, NotFound, StoreError
from simulator.store.values import GameInfo, iso, utcnow
from simulator.store.engines import (SqliteFile, alembic_config, make_engine, migration_guard,
                                     stale_wal_note,
                                     sqlite_file, sqlite_readonly_uri, to_url, _is_memory_sqlite, _script_heads)

if TYPE_CHECKING:   # SQLAlchemy is imported where an engine is made: a read-only SQLite open needs none
    from sqlalchemy.engine import URL, Connection, Engine


@contextmanager
def _driver_errors(dialect: Any) -> Iterator[None]:
    """Errors of the driver's own cursor raised as SQLAlchemy raises them for its statements
    (``sqlalchemy.exc.DBAPIError`` and its kinds), so the store's usual handling applies."""
    from sqlalchemy import exc as sa_exc
    base = dialect.loaded_dbapi.Error
    try:
        yield
    except base as err:
        raise sa_exc.DBAPIError.instance(None, None, err, base) from err


#: characters of a stored text read at a time (`_text_pieces`: a snapshot's state, a long first event)
PIECE = 1 << 18


def _sqlite_driver(conn: Any) -> sqlite3.Connection | None:
    """The sqlite3 connection under a `_reading` connection (None on another database)."""
    if isinstance(conn, sqlite3.Connection):
        return conn
    return conn.connection.dbapi_connection if conn.dialect.name == "sqlite" else None


def _text_pieces(conn: Any, mark: str, table: str, column: str, key: tuple[str, int], rowid: tuple[Any, ...],
                 size: int) -> Generator[str, None, None]:
    """The text stored in `column` of the row of `table` whose (game_id, seq) is `key`, a slice of
    about `size` characters at a time: the value is never loaded whole. SQLite (`rowid`: that
    row's, read in the same transaction): its incremental blob I/O, UTF-8 decoded a slice at a
    time; else a `substr` per query. Close the generator before the read transaction ends."""
    raw = _sqlite_driver(conn)
    if raw is not None and rowid and _fetch(conn, "PRAGMA encoding", ())[0][0] == "UTF-8":
        return _blob_pieces(raw, table, column, rowid[0], size)
    return _substr_pieces(conn, mark, table, column, key, size)


def _fetch(conn: Connection | sqlite3.Connection, sql: str, params: tuple[Any, ...]) -> list[tuple[Any, ...]]:
    """Every row of one query, run on the driver's cursor of SQLAlchemy's connection, or on the
    sqlite3 connection of a light read-only open (`Database._reading`)."""
    if isinstance(conn, sqlite3.Connection):
        return conn.execute(sql, params).fetchall()
    with _driver_errors(conn.dialect):
        # a checked-out connection always has its DBAPI connection (None once closed)
        cursor = conn.connection.dbapi_connection.cursor()   # type: ignore[union-attr]
        try:
            cursor.execute(sql, params)
            return list(cursor.fetchall())
        finally:
            cursor.close()


_GAME_COLUMNS = ("game_id, title, created_at, version, state_digest, source, status, status_action, "
                 "status_message")   # GameInfo's fields, in order


def _is_sa_error(exc: BaseException) -> bool:
    """An SQLAlchemy error (only possible once SQLAlchemy is imported)."""
    sa_exc = sys.modules.get("sqlalchemy.exc")
    return sa_exc is not None and isinstance(exc, sa_exc.SQLAlchemyError)


_MIGRATION_LOCK = threading.Lock()
_PG_IDLE = 0   # psycopg.pq.TransactionStatus.IDLE (psycopg imported only with an engine on PostgreSQL)

#: the tables the migrations create (a database holding others belongs to another application)
SIMULATOR_TABLES = frozenset({"alembic_version", "games", "events", "snapshots"})


class Database:
    """One open database (SQLite file/URL or PostgreSQL URL) at the schema's head: its
    connections and transactions, and the `games` table. The write, read and snapshot paths
    build on it (`EventStore` is all of them).

    Thread-safe: every method takes its own pooled connection.
    """

    READ_BATCH = 1000

    def __init__(self, url_or_path: str | os.PathLike[str], *, readonly: bool = False) -> None:
        """Open (creating if needed) the database and upgrade it to Alembic head.

        ``readonly``: open an existing database without writing anything (see
        `make_engine`); every write then fails with DatabaseUnavailable. A database
        at an older schema is upgraded first if it may be written, else refused.

        A read-only open of an SQLite file (a plain path) reads through the sqlite3 driver
        itself (`_reading`), with the same read-only connection `make_engine` would make:
        SQLAlchemy (several times a small read's own work to import) is imported only if
        something needs the engine (a write, which is then refused as before; the few
        queries written with SQLAlchemy; a schema not at head)."""
        light = sqlite_file(url_or_path) if readonly else None
        self._url: URL | SqliteFile = light if light is not None else to_url(url_or_path)
        self._made: Engine | None = None
        self._idle: list[sqlite3.Connection] = []   # the driver's read connections (light opens)
        self._light = light is not None
        self.readonly = readonly
        # game id -> (seq, hash) of the last event this store appended (committed): the next
        # append chains to it without reading it back (events are append-only)
        self._heads: dict[str, tuple[int, str]] = {}
        self.notes: list[str] = []   # warnings for the user about this open (a stale WAL)
        if readonly and self._url.get_backend_name() == "sqlite" and self._url.database \
                and (isinstance(self._url, SqliteFile) or not _is_memory_sqlite(self._url)):
            problem = sqlite_path_problem(self._url.database, writing=False)
            if problem is None and not os.path.exists(self._url.database):
                problem = "no such file"
            if problem:
                raise DatabaseUnavailable(f"database {self._url.database}: {problem}")
            note = stale_wal_note(self._url.database)
            if note:
                self.notes.append(note)
        if not self._light:
            self._made = make_engine(self._url, readonly=readonly)   # type: ignore[arg-type]
        try:
            if readonly:
                self._check_schema()
            else:
                self._upgrade()
        except StoreError:
            self.close()
            raise
        except Exception as exc:
            self.close()
            if isinstance(exc, OSError) or _is_sa_error(exc) \
                    or type(exc).__module__.split(".")[0] in ("sqlite3", "psycopg"):
                # driver/alembic errors: plain words
                raise DatabaseUnavailable(explain(self._url, exc, writing=True)) from exc
            raise

    @property
    def _engine(self) -> Engine:
        """The SQLAlchemy engine (made on first need by a light open: see `__init__`)."""
        if self._made is None:
            url = self._url.sa_url() if isinstance(self._url, SqliteFile) else self._url
            self._made = make_engine(url, readonly=self.readonly)
        return self._made

    def _driver_connection(self) -> sqlite3.Connection:
        """An idle read connection of a light open, or a new one: the file opened as
        `make_engine` opens it read-only (`sqlite_readonly_uri`, busy timeout, ``query_only``,
        foreign keys), transactions begun by `_reading` itself."""
        try:
            return self._idle.pop()
        except IndexError:
            pass
        assert isinstance(self._url, SqliteFile)
        wait = busy_timeout()     # the wait the lock message reports (SIMULATOR_SQLITE_BUSY_TIMEOUT)
        con = sqlite3.connect(sqlite_readonly_uri(self._url.database), uri=True, check_same_thread=False,
                              timeout=wait, isolation_level=None)
        try:
            con.execute(f"PRAGMA busy_timeout = {int(wait * 1000)}")
            con.execute("PRAGMA query_only = ON")
            con.execute("PRAGMA foreign_keys = ON")
        except BaseException:
            con.close()
            raise
        return con

    @contextmanager
    def _reading(self) -> Iterator[tuple[Any, str]]:
        """``(connection, parameter mark)`` for one short read transaction of plain SQL run with
        `simulator.store.read._fetch`: a light open's own sqlite3 connection (BEGIN ... ROLLBACK,
        as SQLAlchemy's connection does), else `_read`'s. DB errors become DatabaseUnavailable."""
        if not self._light:
            with self._read() as conn:
                raw: Any = conn.connection.dbapi_connection   # (psycopg's, on PostgreSQL)
                # PostgreSQL: each statement its own transaction (autocommit), as READ COMMITTED
                # gives each statement its own snapshot anyway: one round trip for a query
                # instead of BEGIN, the query and the ROLLBACK the pool sends on return
                solo = conn.dialect.name == "postgresql" and raw is not None and not raw.autocommit \
                    and raw.info.transaction_status == _PG_IDLE
                if solo:
                    raw.autocommit = True
                try:
                    yield conn, "?" if conn.dialect.paramstyle == "qmark" else "%s"
                finally:
                    if solo and not raw.closed:
                        raw.autocommit = False   # (the pool's other users write in transactions)
            return
        try:
            con = self._driver_connection()
        except sqlite3.Error as exc:
            raise DatabaseUnavailable(explain(self._url, exc)) from exc
        try:
            con.execute("BEGIN")
            try:
                yield con, "?"
            finally:
                con.execute("ROLLBACK")
        except sqlite3.Error as exc:
            con.close()
            raise DatabaseUnavailable(explain(self._url, exc)) from exc
        except BaseException:
            con.close()
            raise
        self._idle.append(con)

    @contextmanager
    def _reads(self) -> Iterator[Callable[[], AbstractContextManager[tuple[Any, str]]]]:
        """For a read of many short transactions (`_pages`: the keyset pages of a game's log),
        what makes each one: a light open's `_reading` (each its own BEGIN ... ROLLBACK on an
        idle connection); an engine's connection checked out once for them all (one pool
        checkout and, on PostgreSQL, one pre-ping instead of one a page), each statement on it
        its own transaction (`_reading`: SQLite's driver and PostgreSQL in autocommit), so that
        no transaction lasts longer than a page's query, as before."""
        if self._light:
            yield self._reading
            return
        with self._reading() as held:
            @contextmanager
            def same() -> Iterator[tuple[Any, str]]:
                yield held
            yield same

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
        if not current:
            self._refuse_foreign_tables()
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
        query = "SELECT version_num FROM alembic_version"
        if self._light:
            try:
                con = self._driver_connection()
                try:
                    current = {row[0] for row in con.execute(query)}
                finally:
                    con.close()
            except sqlite3.Error as exc:
                low = str(exc).lower()
                if "locked" in low or "busy" in low:   # said once, not waited for twice
                    raise DatabaseUnavailable(explain(self._url, exc)) from exc
                return False   # no such table, not a database...: the long way says which
            return current == heads
        from sqlalchemy import exc as sa_exc
        try:
            with self._engine.connect() as conn:
                current = {row[0] for row in conn.exec_driver_sql(query)}
        except sa_exc.DBAPIError as exc:   # no such table yet (a new database): migrate
            if "no such table" in str(exc.orig).lower() or "does not exist" in str(exc.orig).lower():
                return False
            raise   # locked, corrupt, not a database...: said once, not waited for twice
        return current == heads

    def _refuse_foreign_tables(self) -> None:
        """A database without the simulator's schema that holds tables of its own belongs to
        another application: the simulator's tables are not added to it (DatabaseUnavailable)."""
        import sqlalchemy as sa

        with self._engine.connect() as conn:
            names = set(sa.inspect(conn).get_table_names())
        foreign = sorted(names - SIMULATOR_TABLES)
        if foreign:
            shown = ", ".join(foreign[:5]) + (f" and {len(foreign) - 5} more" if len(foreign) > 5 else "")
            raise DatabaseUnavailable(
                f"database {where(self._url)}: is not a simulator database (it holds other tables: "
                f"{shown}); the simulator does not add its tables to another application's "
                "database: give --db a new file or an empty database")

    def integrity_problems(self) -> list[str]:
        """The database file's own check: SQLite's ``PRAGMA quick_check`` (a broken page, an
        index that does not match its table), one line per problem; [] when it is sound.
        PostgreSQL checks its pages itself: []."""
        if self._url.get_backend_name() != "sqlite":
            return []
        with self._reading() as (conn, _):   # (a light open's own connection: no engine)
            rows = [str(r[0]) for r in _fetch(conn, "PRAGMA quick_check(20)", ())]
        if rows == ["ok"]:
            return []
        return [f"database {where(self._url)}: SQLite quick_check: {row}" for row in rows]

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
        type(self)(self._url.render_as_string(hide_password=False)).close()

    @contextmanager
    def _write(self) -> Iterator[Connection]:
        """A write transaction (SQLite: BEGIN IMMEDIATE); DB errors become StoreError."""
        from sqlalchemy import exc as sa_exc
        try:
            with self._engine.connect() as conn:
                conn.execution_options(sqlite_immediate=True)
                with conn.begin():
                    yield conn
        except sa_exc.IntegrityError as exc:   # callers turn these into precise messages
            raise StoreError(f"{self.url}: {exc.orig}") from exc
        except sa_exc.DBAPIError as exc:
            raise DatabaseUnavailable(explain(self._url, exc, writing=True)) from exc
        except self._engine.dialect.loaded_dbapi.Error as err:   # the pool's reconnect
            raise DatabaseUnavailable(explain(self._url, err, writing=True)) from err

    @contextmanager
    def _driver_write(self) -> Iterator[Any]:
        """`_write` on the driver's own connection and cursor (one pooled connection, no
        SQLAlchemy Connection nor statement machinery: they cost several times an append's own
        work): SQLite begins IMMEDIATE, everything commits at the end or rolls back; driver
        errors become what `_write` raises (StoreError caused by an IntegrityError, else
        DatabaseUnavailable)."""
        from sqlalchemy import exc as sa_exc
        dbapi = self._engine.dialect.loaded_dbapi
        try:
            raw = self._engine.raw_connection()
        except sa_exc.DBAPIError as exc:
            raise DatabaseUnavailable(explain(self._url, exc, writing=True)) from exc
        except dbapi.Error as err:   # the pool's reconnect (pre-ping) raises the driver's own
            raise DatabaseUnavailable(explain(self._url, err, writing=True)) from err
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
        from sqlalchemy import exc as sa_exc
        try:
            with self._engine.connect() as conn:
                yield conn
        except sa_exc.DBAPIError as exc:
            raise DatabaseUnavailable(explain(self._url, exc)) from exc
        except self._engine.dialect.loaded_dbapi.Error as err:   # the pool's reconnect
            raise DatabaseUnavailable(explain(self._url, err)) from err

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
        while self._idle:
            self._idle.pop().close()
        if self._made is not None:
            self._made.dispose()

    def __repr__(self) -> str:
        return f"EventStore({self.url!r})"

    # -- games --------------------------------------------------------------

    def create_game(self, game_id: str, title: str, source: str | None = None) -> None:
        """Register a new, empty game (version 0). StoreError if the id is taken."""
        if not isinstance(game_id, str) or not game_id:
            raise StoreError(f"game id must be a non-empty string, not {game_id!r}")
        import sqlalchemy as sa
        from sqlalchemy import exc as sa_exc

        from simulator.store.schema import games_table
        g = games_table
        try:
            with self._write() as conn:
                # Strictly increasing created_at, so "creation order" is never a tie.
                now = utcnow()
                last = conn.execute(sa.select(sa.func.max(g.c.created_at))).scalar()
                if last is not None:
                    floor = datetime.fromisoformat(last) + timedelta(microseconds=1)
                    now = max(now, floor)
                conn.execute(
                    sa.insert(g).values(
                        game_id=game_id, title=title, source=source,
                        created_at=iso(now), version=0, state_digest=None, status="replaying",
                    )
                )
        except StoreError as exc:
            if isinstance(exc.__cause__, sa_exc.IntegrityError):
                raise StoreError(f"game {game_id!r} already exists in {self.url}") from exc
            raise

    def set_status(self, game_id: str, status: str, action: int | None = None,
                   message: str | None = None) -> None:
        """Record how the game's replay (or last `apply`) ended (see migration 0004)."""
        import sqlalchemy as sa

        from simulator.store.schema import games_table
        g = games_table
        with self._write() as conn:
            done = conn.execute(sa.update(g).where(g.c.game_id == game_id).values(
                status=status, status_action=action, status_message=message)).rowcount
        if done != 1:
            raise NotFound(f"no game {game_id!r} in {self.url}")

    def game(self, game_id: str) -> GameInfo:
        """One game's info; NotFound if there is no such game."""
        with self._reading() as (conn, mark):
            rows = _fetch(conn, f"SELECT {_GAME_COLUMNS} FROM games WHERE game_id = {mark}", (game_id,))
        if not rows:
            raise NotFound(f"no game {game_id!r} in {self.url}")
        return GameInfo(*rows[0])

    def games(self) -> list[GameInfo]:
        """Every game, in creation order."""
        with self._reading() as (conn, _):
            rows = _fetch(conn, f"SELECT {_GAME_COLUMNS} FROM games ORDER BY created_at, game_id", ())
        return [GameInfo(*r) for r in rows]

    def latest_game(self) -> str:
        """The id of the most recently created game; NotFound if there is none."""
        with self._reading() as (conn, _):
            rows = _fetch(conn, "SELECT game_id FROM games ORDER BY created_at DESC, game_id DESC LIMIT 1", ())
        if not rows or rows[0][0] is None:
            raise NotFound(f"no games in {self.url}")
        gid: str = rows[0][0]
        return gid

    def orphan_events(self) -> list[tuple[str, int]]:
        """``(game_id, number of events)`` for events whose game row is missing (only possible
        by editing the database with its triggers and foreign keys off)."""
        with self._reading() as (conn, _):
            rows = _fetch(conn, "SELECT game_id, COUNT(*) FROM events WHERE NOT EXISTS (SELECT 1 FROM games "
                                "WHERE games.game_id = events.game_id) GROUP BY game_id ORDER BY game_id", ())
        return [(r[0], r[1]) for r in rows]


def _blob_pieces(raw: Any, table: str, column: str, rowid: int, size: int) -> Generator[str, None, None]:
    """The text at `rowid`, read by SQLite's incremental blob I/O, UTF-8 decoded a slice at a time."""
    decode = codecs.getincrementaldecoder("utf-8")().decode
    with raw.blobopen(table, column, rowid, readonly=True) as blob:
        while True:
            chunk = blob.read(size)
            if not chunk:
                break
            piece = decode(chunk)
            if piece:
                yield piece
    last = decode(b"", True)
    if last:
        yield last


def _substr_pieces(conn: Any, mark: str, table: str, column: str, key: tuple[str, int],
                   size: int) -> Generator[str, None, None]:
    """The text at `key` (game_id, seq), a `substr` of `size` characters per query."""
    at = 1
    while True:
        rows = _fetch(conn, f"SELECT substr(CAST({column} AS TEXT), {mark}, {mark}) FROM {table} "
                            f"WHERE game_id = {mark} AND seq = {mark}", (at, size, *key))
        piece = rows[0][0] if rows else None
        if not piece:
            return
        yield piece
        if len(piece) < size:
            return
        at += len(piece)
