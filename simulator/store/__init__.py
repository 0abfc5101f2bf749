"""The event store: an append-only, hash-chained log of game events (SQLite or PostgreSQL).

The package's API is `EventStore` and the names below. Its modules, lowest first: `schema` (the
tables), `values` (what is appended and read), `chain` (the hash chain), `engines` (URLs, engines,
migrations), `database` (connections, the games table), `write` / `read` / `snapshots` (the
three paths), `event_store` (all of them); beside them `decoding` (stored payloads back into
events), `stream` (a log as it is written) and `messages` (the databases' errors in plain words).
"""
from simulator.store.values import NewEvent, StoredEvent, GameInfo
from simulator.store.chain import event_hash, canonical_json
from simulator.store.engines import make_engine, to_url, migrations_dir, alembic_config, migration_guard
from simulator.store.values import UndecodablePayload, parse_payload
from simulator.store.event_store import EventStore
from typing import Any

_SCHEMA = ("metadata", "games_table", "events_table", "snapshots_table", "NAMING_CONVENTION", "MIGRATION_LOCK_KEY")


def __getattr__(name: str) -> Any:
    """The schema's names, imported on first use (its tables are SQLAlchemy's: a read of an
    SQLite file needs neither)."""
    if name in _SCHEMA:
        from simulator.store import schema
        return getattr(schema, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

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
