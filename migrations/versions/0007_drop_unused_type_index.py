"""Drop the events (game_id, type) index: no query reads it, and every append wrote it.

Revision ID: 0007
Revises: 0006
Create Date: 2026-11-30

Revision 0001 indexed events by (game_id, type) for queries by event type that
were never written: every reader selects a game's events by seq (the unique
(game_id, seq) index) or by hash. The index still cost every append a page of
its B-tree per transaction: about a tenth of the SQL work of a decision's
append on SQLite (issue 10's append figure), and disk space besides.
Downgrade recreates it.
"""
from __future__ import annotations

from collections.abc import Sequence

from alembic import op

revision: str = "0007"
down_revision: str | Sequence[str] | None = "0006"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """Drop the index (both dialects)."""
    op.drop_index("ix_events_game_id_type", table_name="events")


def downgrade() -> None:
    """Recreate it as revision 0001 made it."""
    op.create_index("ix_events_game_id_type", "events", ["game_id", "type"])
