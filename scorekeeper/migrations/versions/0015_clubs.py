"""Clubs, their players and the seats of their games (issue 29): games and tournaments may belong
to a club (games.club_id, tournaments.club_id); a club game's seats are kept one row each, to be
linked to the club's players, merged and erased.

Revision ID: 0015
Revises: 0014
Create Date: 2026-11-28
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0015"
down_revision = "0014"
branch_labels = None
depends_on = None

REPLY_COLUMNS = (
    ("key", sa.String(200), False), ("fingerprint", sa.String(64), False),
    ("status", sa.Integer(), False), ("body", sa.JSON(), False), ("sealed", sa.Text(), True),
    ("etag", sa.String(40), True))


def _has(table: str, column: str) -> bool:
    return any(c["name"] == column for c in sa.inspect(op.get_bind()).get_columns(table))


def _add_club_id(table: str) -> None:
    # Plain ALTER TABLE, never batch mode (see 0012 and 0013).
    if _has(table, "club_id"):
        return
    if op.get_bind().dialect.name == "sqlite":
        op.execute(f"ALTER TABLE {table} ADD COLUMN club_id INTEGER REFERENCES clubs (id)")
    else:
        op.add_column(table, sa.Column("club_id", sa.Integer(), sa.ForeignKey("clubs.id"),
                                       nullable=True))
    op.create_index(f"ix_{table}_club_created", table, ["club_id", "created_at", "id"])


def upgrade() -> None:
    if sa.inspect(op.get_bind()).has_table("clubs"):
        return
    op.create_table(
        "clubs",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("name", sa.String(120), nullable=False),
        sa.Column("language", sa.String(8), nullable=False),
        sa.Column("public", sa.Boolean(), nullable=False),
        sa.Column("token_hash", sa.String(64), nullable=False),
        sa.Column("member_token_hash", sa.String(64), nullable=False),
        sa.Column("recovery_hash", sa.String(64), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False))
    op.create_table(
        "club_replies",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("club_id", sa.Integer(), sa.ForeignKey("clubs.id", ondelete="CASCADE"),
                  nullable=False),
        *(sa.Column(name, kind, nullable=nullable) for name, kind, nullable in REPLY_COLUMNS),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.UniqueConstraint("club_id", "key", name="uq_club_reply_key"))
    op.create_index("ix_club_replies_created_at", "club_replies", ["created_at"])
    op.create_table(
        "players",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("club_id", sa.Integer(), sa.ForeignKey("clubs.id", ondelete="CASCADE"),
                  nullable=False),
        sa.Column("name", sa.String(60), nullable=False),
        sa.Column("kind", sa.String(8), nullable=False),
        sa.Column("visibility", sa.String(8), nullable=False),
        sa.Column("merged_into", sa.Integer(), sa.ForeignKey("players.id"), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False))
    op.create_index("ix_players_club_name", "players", ["club_id", "name"])
    op.create_table(
        "seats",
        sa.Column("game_id", sa.Integer(), sa.ForeignKey("games.id", ondelete="CASCADE"),
                  nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("side", sa.Integer(), nullable=False),
        sa.Column("club_id", sa.Integer(), sa.ForeignKey("clubs.id", ondelete="CASCADE"),
                  nullable=False),
        sa.Column("name", sa.String(60), nullable=False),
        sa.Column("player_id", sa.Integer(), sa.ForeignKey("players.id", ondelete="SET NULL"),
                  nullable=True),
        sa.Column("figures", sa.JSON(), nullable=False),
        sa.PrimaryKeyConstraint("game_id", "seat", name="pk_seats"))
    op.create_index("ix_seats_player", "seats", ["player_id"])
    op.create_index("ix_seats_club_player_name", "seats", ["club_id", "player_id", "name"])
    op.create_table(
        "merges",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("club_id", sa.Integer(), sa.ForeignKey("clubs.id", ondelete="CASCADE"),
                  nullable=False),
        sa.Column("from_player", sa.Integer(), sa.ForeignKey("players.id", ondelete="CASCADE"),
                  nullable=False),
        sa.Column("into_player", sa.Integer(), sa.ForeignKey("players.id", ondelete="CASCADE"),
                  nullable=False),
        sa.Column("seats", sa.JSON(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("undone_at", sa.DateTime(timezone=True), nullable=True))
    op.create_index("ix_merges_club_id", "merges", ["club_id"])
    _add_club_id("games")
    _add_club_id("tournaments")


def downgrade() -> None:
    for table in ("tournaments", "games"):
        op.drop_index(f"ix_{table}_club_created", table_name=table)
        op.drop_column(table, "club_id")
    for table in ("merges", "seats", "players", "club_replies", "clubs"):
        op.drop_table(table)
