"""A club tournament seeded by ratings (issue 30): the order its teams were seeded in at the
draw, stored so that ratings changing later never move a drawn bracket. Other tournaments, and
those stored before, have none.

Revision ID: 0021
Revises: 0020
Create Date: 2026-12-07
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0021"
down_revision = "0020"
branch_labels = None
depends_on = None


def upgrade() -> None:
    inspector = sa.inspect(op.get_bind())
    # A database set back to an earlier revision by hand may have the column already.
    if any(column["name"] == "seeds" for column in inspector.get_columns("tournaments")):
        return
    # Plain ALTER TABLE, never batch mode (see 0016).
    op.add_column("tournaments", sa.Column("seeds", sa.JSON(), nullable=True))


def downgrade() -> None:
    op.drop_column("tournaments", "seeds")
