"""Write quotas: each client's place in the write limit.

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-22
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "write_quotas",
        sa.Column("client", sa.String(64), primary_key=True),
        sa.Column("tat", sa.Float(), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("write_quotas")
