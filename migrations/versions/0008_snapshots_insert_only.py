"""Snapshots may be inserted, never changed nor deleted (issue 24).

Revision ID: 0008
Revises: 0007
Create Date: 2026-12-01

A snapshot is a cache of a folded state beside the log; `state` and `why` start
from one when it hashes to its digest and is tied to the hash of the event it
was taken after. Any session that could write the database could UPDATE one
(its state and digest together) and `state` then printed a forged life total.
Triggers now refuse UPDATE and DELETE on `snapshots`, whoever issues them
(SQLite and PostgreSQL); the store only ever inserts snapshots (it never prunes
them). Whoever can drop triggers can still forge one, or INSERT one at a seq
that has none: `verify` compares every snapshot with the fold of the log
(docs/reliability.md, "Threat model").
"""
from __future__ import annotations

from collections.abc import Sequence

from alembic import op

revision: str = "0008"
down_revision: str | Sequence[str] | None = "0007"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

REFUSED = "snapshots are insert-only: a snapshot cannot be changed or deleted"


def upgrade() -> None:
    """Create the snapshot triggers for this dialect."""
    dialect = op.get_context().dialect.name
    if dialect == "sqlite":
        for what in ("UPDATE", "DELETE"):
            op.execute(f"CREATE TRIGGER trg_snapshots_no_{what.lower()} BEFORE {what} ON snapshots "
                       f"BEGIN SELECT RAISE(ABORT, '{REFUSED}'); END")
    elif dialect == "postgresql":
        op.execute(
            "CREATE FUNCTION snapshots_insert_only() RETURNS trigger LANGUAGE plpgsql AS $$\n"
            "BEGIN\n"
            f"  RAISE EXCEPTION '{REFUSED}' USING ERRCODE = 'restrict_violation';\n"
            "END;\n"
            "$$"
        )
        op.execute("CREATE TRIGGER trg_snapshots_insert_only BEFORE UPDATE OR DELETE ON snapshots "
                   "FOR EACH ROW EXECUTE FUNCTION snapshots_insert_only()")
        op.execute("CREATE TRIGGER trg_snapshots_no_truncate BEFORE TRUNCATE ON snapshots "
                   "FOR EACH STATEMENT EXECUTE FUNCTION snapshots_insert_only()")
    else:
        raise NotImplementedError(f"snapshot triggers not written for {dialect}")


def downgrade() -> None:
    """Drop the triggers (and the PostgreSQL function); data is untouched."""
    dialect = op.get_context().dialect.name
    if dialect == "sqlite":
        op.execute("DROP TRIGGER IF EXISTS trg_snapshots_no_update")
        op.execute("DROP TRIGGER IF EXISTS trg_snapshots_no_delete")
    elif dialect == "postgresql":
        op.execute("DROP TRIGGER IF EXISTS trg_snapshots_insert_only ON snapshots")
        op.execute("DROP TRIGGER IF EXISTS trg_snapshots_no_truncate ON snapshots")
        op.execute("DROP FUNCTION IF EXISTS snapshots_insert_only()")
    else:
        raise NotImplementedError(f"snapshot triggers not written for {dialect}")
