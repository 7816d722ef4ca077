"""Text stored before every request's strings were checked may hold a lone surrogate or a control
character, which no UTF-8 file can hold: `flask backup` and sheet.csv failed on such a game. Each
such character becomes U+FFFD (the replacement character) wherever names and sentences are kept.

Revision ID: 0005
Revises: 0004
Create Date: 2026-11-24
"""

from __future__ import annotations

import re
from typing import Any

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None

UNSTORABLE = re.compile("[\x00-\x1f\x7f-\x9f\ud800-\udfff]")
# The columns a name or a sentence reaches: sides and teams, explanations, history snapshots.
COLUMNS = {"games": ("sides",), "hands": ("input", "explanation"),
           "hand_changes": ("before", "after"), "tournaments": ("name", "teams")}


def cleaned(value: Any) -> Any:
    if isinstance(value, str):
        return UNSTORABLE.sub("\ufffd", value)
    if isinstance(value, list):
        return [cleaned(item) for item in value]
    if isinstance(value, dict):
        return {cleaned(key): cleaned(item) for key, item in value.items()}
    return value


def upgrade() -> None:
    connection = op.get_bind()
    for name, columns in COLUMNS.items():
        kinds = {column: sa.String() if (name, column) == ("tournaments", "name") else sa.JSON()
                 for column in columns}
        table = sa.table(name, sa.column("id", sa.Integer()),
                         *(sa.column(column, kind) for column, kind in kinds.items()))
        for row in connection.execute(sa.select(table)).all():
            changed = {column: cleaned(getattr(row, column)) for column in columns}
            if any(changed[column] != getattr(row, column) for column in columns):
                connection.execute(table.update().where(table.c.id == row.id).values(**changed))


def downgrade() -> None:
    """Nothing to undo: the replaced characters could not be written out anyway."""
