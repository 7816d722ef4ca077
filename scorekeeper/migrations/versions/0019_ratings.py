"""Players' ratings per variant family (issue 30): derived data, rebuilt from the club's finished
games (scorekeeper.ratings), so existing clubs start from a rebuild (`flask ratings rebuild`).

Revision ID: 0019
Revises: 0018
Create Date: 2026-12-12
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0019"
down_revision = "0018"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # A database set back to an earlier revision by hand may have the table already.
    if "ratings" in sa.inspect(op.get_bind()).get_table_names():
        return
    op.create_table(
        "ratings",
        sa.Column("player_id", sa.Integer(),
                  sa.ForeignKey("players.id", ondelete="CASCADE"), nullable=False),
        sa.Column("family", sa.String(16), nullable=False),
        sa.Column("club_id", sa.Integer(), sa.ForeignKey("clubs.id", ondelete="CASCADE"),
                  nullable=False),
        sa.Column("mu", sa.Float(), nullable=False),
        sa.Column("sigma", sa.Float(), nullable=False),
        sa.Column("games", sa.Integer(), nullable=False),
        sa.Column("value", sa.Float(), nullable=False),
        sa.Column("history", sa.JSON(), nullable=False),
        sa.PrimaryKeyConstraint("player_id", "family", name="pk_ratings"),
    )
    op.create_index("ix_ratings_club_id", "ratings", ["club_id"])


def downgrade() -> None:
    op.drop_index("ix_ratings_club_id", table_name="ratings")
    op.drop_table("ratings")
