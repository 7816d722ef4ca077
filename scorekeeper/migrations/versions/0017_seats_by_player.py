"""A player's seats with their games in the index itself: a player's page checks whether it changed
by summing the versions of the games the player sat in (hundreds in a busy club), and a merge or
a link by name reads a player's games; with (player_id, game_id) neither reads a seat's row.
The index on player_id alone is its prefix, so it goes.

Revision ID: 0017
Revises: 0016
Create Date: 2026-12-05
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0017"
down_revision = "0016"
branch_labels = None
depends_on = None


def upgrade() -> None:
    inspector = sa.inspect(op.get_bind())
    # A database set back to an earlier revision by hand may have the index already.
    if any(index["name"] == "ix_seats_player_game" for index in inspector.get_indexes("seats")):
        return
    op.create_index("ix_seats_player_game", "seats", ["player_id", "game_id"])
    op.drop_index("ix_seats_player", table_name="seats")


def downgrade() -> None:
    op.create_index("ix_seats_player", "seats", ["player_id"])
    op.drop_index("ix_seats_player_game", table_name="seats")
