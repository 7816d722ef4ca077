"""A tournament's language: the one its projector, print kit and scorer pages speak unless the
viewer picks another. Tournaments stored before speak English, as their pages did by default.

Revision ID: 0010
Revises: 0009
Create Date: 2026-11-27
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0010"
down_revision = "0009"
branch_labels = None
depends_on = None


def upgrade() -> None:
    inspector = sa.inspect(op.get_bind())
    # A database set back to an earlier revision by hand may have the column already.
    if any(column["name"] == "language" for column in inspector.get_columns("tournaments")):
        return
    with op.batch_alter_table("tournaments") as batch:
        batch.add_column(sa.Column("language", sa.String(8), nullable=False,
                                   server_default="en"))


def downgrade() -> None:
    with op.batch_alter_table("tournaments") as batch:
        batch.drop_column("language")
