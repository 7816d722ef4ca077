"""The organizer's desk: table numbers kept per tournament, scorer tokens for one team of a
match, and games that wait for the other team to confirm them.

Rows stored before get the values that mean "as before": no table overrides, match-wide scorer
tokens, every game confirmed.

Revision ID: 0008
Revises: 0007
Create Date: 2026-11-25
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    inspector = sa.inspect(op.get_bind())
    # A database set back to an earlier revision by hand may have the columns already.
    if any(column["name"] == "tables" for column in inspector.get_columns("tournaments")):
        return
    with op.batch_alter_table("tournaments") as batch:
        batch.add_column(sa.Column("tables", sa.JSON(), nullable=False, server_default="{}"))
    with op.batch_alter_table("scorer_tokens") as batch:
        batch.add_column(sa.Column("team", sa.Integer(), nullable=True))
    with op.batch_alter_table("tournament_games") as batch:
        batch.add_column(sa.Column("confirmed", sa.Boolean(), nullable=False,
                                   server_default=sa.true()))
        batch.add_column(sa.Column("reported_by", sa.Integer(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("tournament_games") as batch:
        batch.drop_column("reported_by")
        batch.drop_column("confirmed")
    with op.batch_alter_table("scorer_tokens") as batch:
        batch.drop_column("team")
    with op.batch_alter_table("tournaments") as batch:
        batch.drop_column("tables")
