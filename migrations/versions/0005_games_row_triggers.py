"""Protect the games row: no DELETE of a game that has events, no UPDATE but a growing version (and the status).

Revision ID: 0005
Revises: 0004
Create Date: 2026-11-30

Deleting a game's row hid the game completely (`games`, `verify --all` did not
see its events), and setting `version` back made a truncated log look whole.
Triggers now refuse, whoever issues them (SQLite and PostgreSQL):

* DELETE of a game that has events;
* UPDATE of `game_id`, `title`, `source` or `created_at`;
* UPDATE that lowers `version` (appends only ever raise it; `state_digest`
  changes with it).

The replay status columns of migration 0004 (`status`, `status_action`,
`status_message`, set by `EventStore.set_status` after a replay or `apply`) stay
updatable: they are metadata about the replay, not part of the hash chain.

A database writer who drops the triggers can still do all of this; `verify
--all` then reports events whose game is missing, and `verify --expect-head`
catches a truncation (docs/reliability.md, "Threat model").
"""
from __future__ import annotations

from collections.abc import Sequence

from alembic import op

revision: str = "0005"
down_revision: str | Sequence[str] | None = "0004"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

NO_DELETE = "a game that has events cannot be deleted"
NO_UPDATE = "only the version (upwards), state digest and replay status of a game may change"
FIXED = ("game_id", "title", "source", "created_at")


def upgrade() -> None:
    """Create the games-row triggers for this dialect."""
    dialect = op.get_context().dialect.name
    if dialect == "sqlite":
        op.execute(
            "CREATE TRIGGER trg_games_no_delete BEFORE DELETE ON games "
            "WHEN EXISTS (SELECT 1 FROM events WHERE events.game_id = OLD.game_id) "
            f"BEGIN SELECT RAISE(ABORT, '{NO_DELETE}'); END"
        )
        changed = " OR ".join(f"NEW.{c} IS NOT OLD.{c}" for c in FIXED)
        op.execute(
            "CREATE TRIGGER trg_games_no_update BEFORE UPDATE ON games "
            f"WHEN {changed} OR NEW.version < OLD.version "
            f"BEGIN SELECT RAISE(ABORT, '{NO_UPDATE}'); END"
        )
    elif dialect == "postgresql":
        changed = " OR ".join(f"NEW.{c} IS DISTINCT FROM OLD.{c}" for c in FIXED)
        op.execute(
            "CREATE FUNCTION games_row_guard() RETURNS trigger LANGUAGE plpgsql AS $$\n"
            "BEGIN\n"
            "  IF TG_OP = 'DELETE' THEN\n"
            "    IF EXISTS (SELECT 1 FROM events WHERE events.game_id = OLD.game_id) THEN\n"
            f"      RAISE EXCEPTION '{NO_DELETE}' USING ERRCODE = 'restrict_violation';\n"
            "    END IF;\n"
            "    RETURN OLD;\n"
            "  END IF;\n"
            f"  IF {changed} OR NEW.version < OLD.version THEN\n"
            f"    RAISE EXCEPTION '{NO_UPDATE}' USING ERRCODE = 'restrict_violation';\n"
            "  END IF;\n"
            "  RETURN NEW;\n"
            "END;\n"
            "$$"
        )
        op.execute(
            "CREATE TRIGGER trg_games_row_guard BEFORE UPDATE OR DELETE ON games "
            "FOR EACH ROW EXECUTE FUNCTION games_row_guard()"
        )
    else:
        raise NotImplementedError(f"games-row triggers not written for {dialect}")


def downgrade() -> None:
    """Drop the triggers (and the PostgreSQL function); data is untouched."""
    dialect = op.get_context().dialect.name
    if dialect == "sqlite":
        op.execute("DROP TRIGGER IF EXISTS trg_games_no_delete")
        op.execute("DROP TRIGGER IF EXISTS trg_games_no_update")
    elif dialect == "postgresql":
        op.execute("DROP TRIGGER IF EXISTS trg_games_row_guard ON games")
        op.execute("DROP FUNCTION IF EXISTS games_row_guard()")
    else:
        raise NotImplementedError(f"games-row triggers not written for {dialect}")
