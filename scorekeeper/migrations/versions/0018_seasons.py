"""A club's seasons (issue 30): dates, variants counted and counting rules; the ladder is read
from the club's results, never stored.

Revision ID: 0018
Revises: 0017
Create Date: 2026-12-12
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0018"
down_revision = "0017"
branch_labels = None
depends_on = None


def upgrade() -> None:
    if sa.inspect(op.get_bind()).has_table("seasons"):
        return
    op.create_table(
        "seasons",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("club_id", sa.Integer(), sa.ForeignKey("clubs.id", ondelete="CASCADE"),
                  nullable=False),
        sa.Column("name", sa.String(120), nullable=False),
        sa.Column("starts_on", sa.Date(), nullable=False),
        sa.Column("ends_on", sa.Date(), nullable=False),
        sa.Column("variants", sa.JSON(), nullable=True),
        sa.Column("counting", sa.JSON(), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False))
    op.create_index("ix_seasons_club_starts", "seasons", ["club_id", "starts_on"])


def downgrade() -> None:
    op.drop_index("ix_seasons_club_starts", table_name="seasons")
    op.drop_table("seasons")
