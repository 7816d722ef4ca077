"""A progressive night's rounds in time: when each round was seated and, for a round played for a
time, when the organizer closed it. Tournaments stored before have none (their rounds go by deals).

Revision ID: 0016
Revises: 0015
Create Date: 2026-12-04
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0016"
down_revision = "0015"
branch_labels = None
depends_on = None


def upgrade() -> None:
    inspector = sa.inspect(op.get_bind())
    # A database set back to an earlier revision by hand may have the column already.
    if any(column["name"] == "clock" for column in inspector.get_columns("tournaments")):
        return
    # Plain ALTER TABLE, never batch mode (see 0012 and 0013): a copy of the table would write
    # out club_id's foreign key, which SQLite then will not let 0015's downgrade drop.
    op.add_column("tournaments", sa.Column("clock", sa.JSON(), nullable=False,
                                           server_default="{}"))


def downgrade() -> None:
    op.drop_column("tournaments", "clock")
