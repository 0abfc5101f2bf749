"""Create the snapshots table: a cache of folded game states.

Revision ID: 0003
Revises: 0002
Create Date: 2026-12-01

One row per (game, seq): the whole state after event `seq` as JSON
(`simulator.state.state_to_dict`) and its `state_digest`, so that `state --at N`
and long replays fold from the latest snapshot at or before N instead of from
the first event. Snapshots are derived data: not part of the hash chain, never
required (any of them may be missing), and `verify` checks them against the
log. A separate table, not a column of `events`, so the append-only triggers
and the hash chain stay exactly what they were. Constraint names are spelled
out (they follow the naming convention in simulator/store.py).
"""
from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0003"
down_revision: str | Sequence[str] | None = "0002"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """Create snapshots (keyed by game and seq)."""
    op.create_table(
        "snapshots",
        sa.Column("game_id", sa.String(200), nullable=False),
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("state", sa.JSON(), nullable=False),
        sa.Column("digest", sa.String(64), nullable=False),
        sa.Column("created_at", sa.String(40), nullable=False),
        sa.PrimaryKeyConstraint("game_id", "seq", name=op.f("pk_snapshots")),
        sa.ForeignKeyConstraint(
            ["game_id"], ["games.game_id"], name=op.f("fk_snapshots_game_id_games")
        ),
        sa.CheckConstraint("seq >= 1", name=op.f("ck_snapshots_seq_positive")),
    )


def downgrade() -> None:
    """Drop snapshots (a cache: the events they were folded from stay)."""
    op.drop_table("snapshots")
