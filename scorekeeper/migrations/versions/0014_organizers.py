"""A tournament's recovery code (its hash; none for one made before) and the tokens its
organizer hands out: co-organizers' and the door's check-in (table desk_keys).

Revision ID: 0014
Revises: 0013
Create Date: 2026-12-06
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0014"
down_revision = "0013"
branch_labels = None
depends_on = None


def upgrade() -> None:
    inspector = sa.inspect(op.get_bind())
    # A database set back to an earlier revision by hand may have them already (see 0012).
    if all(c["name"] != "recovery_hash" for c in inspector.get_columns("tournaments")):
        # Plain ALTER TABLE, never batch mode (see 0012): a tournament made before has no code.
        op.add_column("tournaments", sa.Column("recovery_hash", sa.String(64), nullable=True))
    if inspector.has_table("desk_keys"):
        return
    op.create_table(
        "desk_keys",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("tournament_id", sa.Integer(),
                  sa.ForeignKey("tournaments.id", ondelete="CASCADE"), nullable=False),
        sa.Column("role", sa.String(16), nullable=False),
        sa.Column("label", sa.String(80), nullable=True),
        sa.Column("token_hash", sa.String(64), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.UniqueConstraint("token_hash", name="uq_desk_keys_token_hash"))
    op.create_index("ix_desk_keys_tournament_id", "desk_keys", ["tournament_id"])


def downgrade() -> None:
    op.drop_index("ix_desk_keys_tournament_id", table_name="desk_keys")
    op.drop_table("desk_keys")
    op.drop_column("tournaments", "recovery_hash")
