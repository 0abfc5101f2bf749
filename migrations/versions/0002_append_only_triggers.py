"""Make events append-only in the database itself.

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-29

Triggers reject every UPDATE and DELETE on `events` (and TRUNCATE on
PostgreSQL), whoever issues them, so the log cannot be rewritten through the
application or a stray SQL session; the hash chain catches whoever bypasses
them. A separate revision so that downgrading one step (dropping only the
triggers) keeps the data.

Beware: on SQLite, a later batch operation on `events` recreates the table,
which drops these triggers; such a revision must recreate them.
"""
from __future__ import annotations

from collections.abc import Sequence

from alembic import op

revision: str = "0002"
down_revision: str | Sequence[str] | None = "0001"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

MESSAGE = "events are append-only"


def upgrade() -> None:
    """Create the append-only triggers for this dialect."""
    dialect = op.get_context().dialect.name
    if dialect == "sqlite":
        for verb in ("UPDATE", "DELETE"):
            op.execute(
                f"CREATE TRIGGER trg_events_no_{verb.lower()} BEFORE {verb} ON events "
                f"BEGIN SELECT RAISE(ABORT, '{MESSAGE}'); END"
            )
    elif dialect == "postgresql":
        op.execute(
            "CREATE FUNCTION events_append_only() RETURNS trigger LANGUAGE plpgsql AS $$\n"
            "BEGIN\n"
            f"  RAISE EXCEPTION '{MESSAGE} (% rejected)', TG_OP\n"
            "    USING ERRCODE = 'restrict_violation';\n"
            "END;\n"
            "$$"
        )
        op.execute(
            "CREATE TRIGGER trg_events_no_update_delete BEFORE UPDATE OR DELETE ON events "
            "FOR EACH ROW EXECUTE FUNCTION events_append_only()"
        )
        op.execute(
            "CREATE TRIGGER trg_events_no_truncate BEFORE TRUNCATE ON events "
            "FOR EACH STATEMENT EXECUTE FUNCTION events_append_only()"
        )
    else:
        raise NotImplementedError(f"append-only triggers not written for {dialect}")


def downgrade() -> None:
    """Drop the triggers (and the PostgreSQL function); data is untouched."""
    dialect = op.get_context().dialect.name
    if dialect == "sqlite":
        op.execute("DROP TRIGGER IF EXISTS trg_events_no_update")
        op.execute("DROP TRIGGER IF EXISTS trg_events_no_delete")
    elif dialect == "postgresql":
        op.execute("DROP TRIGGER IF EXISTS trg_events_no_truncate ON events")
        op.execute("DROP TRIGGER IF EXISTS trg_events_no_update_delete ON events")
        op.execute("DROP FUNCTION IF EXISTS events_append_only()")
    else:
        raise NotImplementedError(f"append-only triggers not written for {dialect}")
