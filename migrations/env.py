"""Alembic environment for the simulator's event store.

Where the database comes from, first match wins:

1. ``config.attributes["connection"]``: an open connection (what
   ``EventStore`` passes when it upgrades itself on open);
2. ``-x url=...`` on the alembic command line;
3. ``config.attributes["url"]`` (see ``simulator.store.alembic_config``);
4. ``sqlalchemy.url`` in alembic.ini.

A URL may also be a plain path, meaning an SQLite file, exactly as for
``EventStore``. Engines are made by ``simulator.store.make_engine`` so that
migrations see the same SQLite settings as the store. SQLite runs in batch
mode (ALTER TABLE there is too weak for anything else).
"""
from __future__ import annotations

from logging.config import fileConfig

from alembic import context
from sqlalchemy.engine import Connection

from simulator.store import (
    MIGRATION_LOCK_KEY,
    make_engine,
    metadata,
    migration_guard,
    to_url,
)

config = context.config

if config.config_file_name is not None and config.attributes.get("configure_logger", True):
    fileConfig(config.config_file_name, disable_existing_loggers=False)


def _url() -> str:
    """The database URL or path to migrate, when no connection was handed in."""
    url = (
        context.get_x_argument(as_dictionary=True).get("url")
        or config.attributes.get("url")
        or config.get_main_option("sqlalchemy.url")
    )
    if not url:
        raise RuntimeError("no database: pass -x url=... or set sqlalchemy.url in alembic.ini")
    return url


def run_migrations_offline() -> None:
    """Emit SQL to stdout (``alembic upgrade head --sql``) instead of running it."""
    url = to_url(_url())
    context.configure(
        url=url,
        target_metadata=metadata,
        literal_binds=True,
        dialect_opts={"paramstyle": "named"},
        render_as_batch=url.get_backend_name() == "sqlite",
    )
    with context.begin_transaction():
        context.run_migrations()


def _run(connection: Connection) -> None:
    """Migrate on one connection, in ONE transaction, on both backends.

    Alembic assumes SQLite cannot do transactional DDL (true of the sqlite3
    module's legacy mode), and would commit after each revision; engines from
    make_engine emit BEGIN themselves, so SQLite's real transactional DDL
    works: an upgrade is all or nothing, and concurrent openers (BEGIN
    IMMEDIATE) cannot interleave between revisions.
    """
    sqlite = connection.dialect.name == "sqlite"
    context.configure(
        connection=connection,
        target_metadata=metadata,
        render_as_batch=sqlite,
        transactional_ddl=True,
        compare_type=True,
    )
    with context.begin_transaction():
        if connection.dialect.name == "postgresql":
            # Two processes opening the same fresh database queue here instead
            # of both creating the tables.
            connection.exec_driver_sql(f"SELECT pg_advisory_xact_lock({MIGRATION_LOCK_KEY})")
        context.run_migrations()


def run_migrations_online() -> None:
    """Migrate a live database."""
    connection = config.attributes.get("connection")
    if connection is not None:
        _run(connection)
        return
    engine = make_engine(_url())
    try:
        with engine.connect() as conn, migration_guard(conn):
            _run(conn)
    finally:
        engine.dispose()


if context.is_offline_mode():
    run_migrations_offline()
else:
    run_migrations_online()
