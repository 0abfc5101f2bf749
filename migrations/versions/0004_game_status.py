"""Add the status of each game's replay to `games`.

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-30

`status` says how the last replay or `apply` of the game ended: "replaying"
(set when the game is created; still there means the replay was interrupted),
"complete", "waiting" (a pending choice awaits an answer), or "stopped" (an
illegal decision: `status_action` is its 1-based action number and
`status_message` the exit-3 message). NULL for games stored before this
revision. Metadata about the replay, not part of the hash chain: the log itself
is unchanged (an illegal decision writes no event). Plain ADD COLUMN (nullable),
so SQLite needs no batch copy of the table.
"""
from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0004"
down_revision: str | Sequence[str] | None = "0003"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """games.status, games.status_action, games.status_message (all nullable)."""
    op.add_column("games", sa.Column("status", sa.String(20), nullable=True))
    op.add_column("games", sa.Column("status_action", sa.Integer(), nullable=True))
    op.add_column("games", sa.Column("status_message", sa.Text(), nullable=True))


def downgrade() -> None:
    """Drop the status columns (the games and their events stay)."""
    with op.batch_alter_table("games") as batch:
        batch.drop_column("status_message")
        batch.drop_column("status_action")
        batch.drop_column("status")
