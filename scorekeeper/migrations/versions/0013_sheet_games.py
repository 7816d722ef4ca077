"""Tournament matches played on the score sheet: a game may belong to one match of a tournament
(games.tournament_id, games.match), and a reported game of a match may be one hand of such a game
(tournament_games.hand, for matches whose games are deals).

Revision ID: 0013
Revises: 0012
Create Date: 2026-11-28
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0013"
down_revision = "0012"
branch_labels = None
depends_on = None


def _has(table: str, column: str) -> bool:
    return any(c["name"] == column for c in sa.inspect(op.get_bind()).get_columns(table))


def upgrade() -> None:
    # Plain ALTER TABLE, never batch mode (see 0012): a batch copy on SQLite would delete the
    # rows that refer to the copied table.
    if not _has("games", "tournament_id"):
        if op.get_bind().dialect.name == "sqlite":
            # SQLite adds a column with its reference only in the column's own definition (and
            # reads back no ON DELETE from there: none is given; a tournament is never deleted).
            op.execute("ALTER TABLE games ADD COLUMN tournament_id INTEGER "
                       "REFERENCES tournaments (id)")
        else:
            op.add_column("games", sa.Column(
                "tournament_id", sa.Integer(),
                sa.ForeignKey("tournaments.id"),
                nullable=True))
        op.create_index("ix_games_tournament_id", "games", ["tournament_id"])
    if not _has("games", "match"):
        op.add_column("games", sa.Column("match", sa.String(16), nullable=True))
    if not _has("tournament_games", "hand"):
        op.add_column("tournament_games", sa.Column("hand", sa.Integer(), nullable=True))


def downgrade() -> None:
    op.drop_column("tournament_games", "hand")
    op.drop_column("games", "match")
    op.drop_index("ix_games_tournament_id", table_name="games")
    op.drop_column("games", "tournament_id")  # its reference goes with it
