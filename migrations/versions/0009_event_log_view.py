"""A readable view of the log: `event_log` (issue 23, "Browse the database").

Revision ID: 0009
Revises: 0008
Create Date: 2026-12-01

`events` keeps each event's fields in one JSON `payload`; browsing it with SQL
tools (sqlite3, psql, sqlite-utils, Datasette) meant JSON functions in every
query. The view `event_log` puts each event on one row with its game's title
and the payload's main fields as columns (every event's payload names at most
one of each):

- `player`: the player it concerns (`$.player`, else `$.controller`, else
  `$.owner`);
- `card`: the card's name (`$.card`, else `$.source_card`: the source of a
  mana ability, a trigger, a replacement);
- `object_id`: the object it concerns, as stored (the engine's id:
  `$.object_id`, else a text `$.source`, `$.spell_id`, `$.stack_id`);
- `new_id`: the new object it became, for an event that moves one (400.7:
  `$.new_id`; a spell cast: `$.spell_id`);
- `mana`: the mana added, produced, spent or emptied, as JSON (`{"G":1}`);
- `text`: an ability's text, or a pending choice's prompt.

A view holds no data: it reads `events` and `games` as they are, so it adds
nothing to the hash chain, `verify` or the append-only triggers, and dropping it
(downgrade) loses nothing.
"""
from __future__ import annotations

from collections.abc import Sequence

from alembic import op

revision: str = "0009"
down_revision: str | Sequence[str] | None = "0008"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

COLUMNS = ("game_id", "title", "seq", "type", "rule", "cause_seq", "decision_seq",
           "player", "card", "object_id", "new_id", "mana", "text")


def _view(field: str, text_field: str, is_text: str) -> str:
    """The view's SELECT, `field(key)` reading a JSON value as SQL, `text_field(key)` a
    JSON value as its JSON text, `is_text(key)` true when the value is a JSON string."""
    return (
        "CREATE VIEW event_log AS SELECT e.game_id AS game_id, g.title AS title, e.seq AS seq, "
        "e.type AS type, e.rule AS rule, e.cause_seq AS cause_seq, e.decision_seq AS decision_seq, "
        f"COALESCE({field.format('player')}, {field.format('controller')}, {field.format('owner')}) AS player, "
        f"COALESCE({field.format('card')}, {field.format('source_card')}) AS card, "
        f"COALESCE({field.format('object_id')}, "
        f"CASE WHEN {is_text.format('source')} THEN {field.format('source')} END, "
        f"{field.format('spell_id')}, {field.format('stack_id')}) AS object_id, "
        f"COALESCE({field.format('new_id')}, CASE WHEN {field.format('object_id')} IS NOT NULL "
        f"THEN {field.format('spell_id')} END) AS new_id, "
        f"{text_field.format('mana')} AS mana, "
        f"COALESCE({field.format('text')}, {field.format('ability_text')}, {field.format('prompt')}) AS text "
        "FROM events e LEFT JOIN games g ON g.game_id = e.game_id"
    )


def upgrade() -> None:
    """Create `event_log` with this dialect's JSON functions."""
    dialect = op.get_context().dialect.name
    if dialect == "sqlite":
        op.execute(_view("json_extract(e.payload, '$.{0}')", "json_extract(e.payload, '$.{0}')",
                         "json_type(e.payload, '$.{0}') = 'text'"))
    elif dialect == "postgresql":
        op.execute(_view("(e.payload ->> '{0}')", "(e.payload -> '{0}')::text",
                         "json_typeof(e.payload -> '{0}') = 'string'"))
    else:
        raise NotImplementedError(f"the event_log view is not written for {dialect}")


def downgrade() -> None:
    """Drop the view; the tables are untouched."""
    op.execute("DROP VIEW IF EXISTS event_log")
