"""Idempotent replies keep no secret in the clear, carry their first ETag and expire; creates
(games, tournaments, imports) get replies of their own.

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-24
"""

from __future__ import annotations

import base64
import hashlib

import sqlalchemy as sa
from alembic import op

from scorekeeper.sealing import key_hash

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None

REPLIES = ("idempotent_replies", "tournament_replies")


def upgrade() -> None:
    for table in REPLIES:
        op.add_column(table, sa.Column("sealed", sa.String(200), nullable=True))
        op.add_column(table, sa.Column("etag", sa.String(40), nullable=True))
        op.create_index(f"ix_{table}_created_at", table, ["created_at"])
        _seal_stored_replies(table)
    op.create_table(
        "created_replies",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("key", sa.String(200), nullable=False),
        sa.Column("fingerprint", sa.String(64), nullable=False),
        sa.Column("status", sa.Integer(), nullable=False),
        sa.Column("body", sa.JSON(), nullable=False),
        sa.Column("sealed", sa.String(200), nullable=True),
        sa.Column("etag", sa.String(40), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.UniqueConstraint("key", name="uq_created_replies_key"),
    )
    op.create_index("ix_created_replies_created_at", "created_replies", ["created_at"])


def _seal_stored_replies(name: str) -> None:
    """Replies stored before this revision hold the raw key and, for scorer tokens, the token:
    hash the one and seal the other under it, as new replies are stored."""
    table = sa.table(name, sa.column("id", sa.Integer()), sa.column("key", sa.String()),
                     sa.column("fingerprint", sa.String()), sa.column("body", sa.JSON()),
                     sa.column("sealed", sa.String()))
    connection = op.get_bind()
    for row in connection.execute(sa.select(table)).all():
        body = dict(row.body)
        token = body.pop("token", None)
        connection.execute(table.update().where(table.c.id == row.id).values(
            key=key_hash(row.key), body=body,
            sealed=None if token is None else seal(token, row.key, row.fingerprint)))


def seal(token: str, key: str, fingerprint: str) -> str:
    """A token sealed as this revision sealed it (revision 0011 keeps such values readable)."""
    data = token.encode()
    material = b"scorekeeper sealed token\x00" + fingerprint.encode() + b"\x00" + key.encode()
    pad = hashlib.shake_256(material).digest(len(data))
    return base64.b64encode(bytes(a ^ b for a, b in zip(data, pad, strict=True))).decode()


def downgrade() -> None:
    op.drop_index("ix_created_replies_created_at", "created_replies")
    op.drop_table("created_replies")
    for table in REPLIES:
        op.drop_index(f"ix_{table}_created_at", table)
        op.drop_column(table, "etag")
        op.drop_column(table, "sealed")
