"""${message}

Revision ID: ${up_revision}
Revises: ${down_revision | comma,n}
Create Date: ${create_date}

Write migrations by hand with op.* (the naming convention in
simulator/store.py names constraints). SQLite runs in batch mode: a batch
operation on `events` recreates the table and so DROPS its append-only
triggers; recreate them in the same revision.
"""
from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op
${imports if imports else ""}

revision: str = ${repr(up_revision)}
down_revision: str | Sequence[str] | None = ${repr(down_revision)}
branch_labels: str | Sequence[str] | None = ${repr(branch_labels)}
depends_on: str | Sequence[str] | None = ${repr(depends_on)}


def upgrade() -> None:
    """What this revision adds, and why."""
    ${upgrades if upgrades else "pass"}


def downgrade() -> None:
    """Undo upgrade() exactly."""
    ${downgrades if downgrades else "pass"}
