"""Tie each snapshot to the hash chain: the hash of the event it was taken after.

Revision ID: 0006
Revises: 0005
Create Date: 2026-11-30

`snapshots.event_hash` is the `events.hash` of (game, seq) when the snapshot
was saved. A snapshot is used only while the log still has that event with
that hash, so a snapshot cannot outlive a rewritten or truncated log (it is
checked against the chain on use). Rows saved before this revision have NULL
and are not used (the state is folded from the log instead); nothing is
rewritten.
"""
from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0006"
down_revision: str | Sequence[str] | None = "0005"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """Add the nullable event_hash column (no table rebuild: SQLite ADD COLUMN)."""
    op.add_column("snapshots", sa.Column("event_hash", sa.String(64), nullable=True))


def downgrade() -> None:
    """Drop the column (SQLite: batch mode rebuilds the table)."""
    with op.batch_alter_table("snapshots") as batch:
        batch.drop_column("event_hash")
