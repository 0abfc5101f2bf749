"""The schema the Core queries are written against (the Alembic migrations in `migrations/` create it):
the `games`, `events` and `snapshots` tables and their naming convention."""
from __future__ import annotations

import sqlalchemy as sa

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
