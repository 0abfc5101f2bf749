"""Create the games and events tables.

Revision ID: 0001
Revises:
Create Date: 2026-11-29

`games` holds one row per game with its current version (last seq), which
`EventStore.append` advances with a conditional UPDATE (optimistic
concurrency). `events` is the log: `position` is the global order,
UNIQUE(game_id, seq) the per-game order and the second concurrency guard.
Constraint names are spelled out (they follow the naming convention in
simulator/store.py) so that this file never changes meaning.
"""
from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0001"
down_revision: str | Sequence[str] | None = None
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """Create games, events and their indexes."""
    op.create_table(
        "games",
        sa.Column("game_id", sa.String(200), nullable=False),
        sa.Column("title", sa.Text(), nullable=False),
        sa.Column("source", sa.Text(), nullable=True),
        sa.Column("created_at", sa.String(40), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False, server_default=sa.text("0")),
        sa.Column("state_digest", sa.String(128), nullable=True),
        sa.PrimaryKeyConstraint("game_id", name=op.f("pk_games")),
        sa.CheckConstraint("version >= 0", name=op.f("ck_games_version_not_negative")),
    )
    op.create_index(op.f("ix_games_created_at"), "games", ["created_at"])

    op.create_table(
        "events",
        sa.Column(
            "position",
            sa.BigInteger().with_variant(sa.Integer(), "sqlite"),
            autoincrement=True,
            nullable=False,
        ),
        sa.Column("game_id", sa.String(200), nullable=False),
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("event_id", sa.String(32), nullable=False),
        sa.Column("type", sa.String(100), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("payload", sa.JSON(), nullable=False),
        sa.Column("cause_seq", sa.Integer(), nullable=True),
        sa.Column("decision_seq", sa.Integer(), nullable=True),
        sa.Column("rule", sa.String(32), nullable=True),
        sa.Column("recorded_at", sa.String(40), nullable=False),
        sa.Column("hash", sa.String(64), nullable=False),
        sa.PrimaryKeyConstraint("position", name=op.f("pk_events")),
        sa.ForeignKeyConstraint(
            ["game_id"], ["games.game_id"], name=op.f("fk_events_game_id_games")
        ),
        sa.UniqueConstraint("game_id", "seq", name=op.f("uq_events_game_id_seq")),
        sa.UniqueConstraint("event_id", name=op.f("uq_events_event_id")),
        sa.CheckConstraint("seq >= 1", name=op.f("ck_events_seq_positive")),
        sqlite_autoincrement=True,
    )
    op.create_index(op.f("ix_events_game_id_type"), "events", ["game_id", "type"])


def downgrade() -> None:
    """Drop both tables (and so every stored event)."""
    op.drop_index(op.f("ix_events_game_id_type"), table_name="events")
    op.drop_table("events")
    op.drop_index(op.f("ix_games_created_at"), table_name="games")
    op.drop_table("games")
