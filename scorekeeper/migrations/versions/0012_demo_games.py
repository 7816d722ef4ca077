"""Demo games and tournaments: `flask seed` marks what it loads as a demo, and the start page lists
those (GET /api/v1/demos) and nothing else. Rows stored before are no demo; running `flask seed`
again marks the seeds it had loaded.

Revision ID: 0012
Revises: 0011
Create Date: 2026-11-29
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0012"
down_revision = "0011"
branch_labels = None
depends_on = None

TABLES = ("games", "tournaments")


def upgrade() -> None:
    inspector = sa.inspect(op.get_bind())
    for table in TABLES:
        # A database set back to an earlier revision by hand may have the column already.
        if any(column["name"] == "demo" for column in inspector.get_columns(table)):
            continue
        # Plain ALTER TABLE, never batch mode: on SQLite a batch that copies the table drops the
        # old one, and with foreign keys on that deletes every row referring to it (a
        # tournament's games, scorers and stored replies; a game's hands).
        op.add_column(table, sa.Column("demo", sa.Boolean(), nullable=False,
                                       server_default=sa.false()))
        op.create_index(f"ix_{table}_demo", table, ["demo"])


def downgrade() -> None:
    for table in TABLES:
        op.drop_index(f"ix_{table}_demo", table_name=table)
        op.drop_column(table, "demo")
