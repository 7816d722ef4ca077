"""Every secret of a stored reply is sealed, wherever it sits in the body: `sealed` becomes text
holding all of them ([[where, sealed secret], ...], scorekeeper/sealing.py).

A reply stored before held a top-level token sealed on its own: that is the first secret of the
new form, sealed with the same pad, so it is only wrapped and its retries replay as before. A reply
that holds a secret in the clear (the scorer tokens of a round) cannot be sealed here: sealing
takes the Idempotency-Key, and only its hash is stored. Such a reply is deleted, which takes the
tokens off the disk; a retry of that request within REPLY_HOURS is then made again rather than
replayed (a round's scorers get new tokens; the ones issued first keep working).

Revision ID: 0011
Revises: 0010
Create Date: 2026-11-28
"""

from __future__ import annotations

import json

import sqlalchemy as sa
from alembic import op

from scorekeeper.sealing import withheld

revision = "0011"
down_revision = "0010"
branch_labels = None
depends_on = None

REPLIES = ("idempotent_replies", "tournament_replies", "created_replies")


def _table(name: str) -> sa.TableClause:
    return sa.table(name, sa.column("id", sa.Integer()), sa.column("body", sa.JSON()),
                    sa.column("sealed", sa.Text()))


def upgrade() -> None:
    connection = op.get_bind()
    for name in REPLIES:
        with op.batch_alter_table(name) as batch:
            batch.alter_column("sealed", type_=sa.Text(), existing_type=sa.String(200),
                               existing_nullable=True)
        table = _table(name)
        for row in connection.execute(sa.select(table)).all():
            _, in_the_clear = withheld(row.body)
            if in_the_clear:
                connection.execute(table.delete().where(table.c.id == row.id))
            elif row.sealed is not None:
                connection.execute(table.update().where(table.c.id == row.id).values(
                    sealed=json.dumps([[["token"], row.sealed]], separators=(",", ":"))))


def downgrade() -> None:
    """Back to one sealed top-level token a reply; a reply with other secrets is deleted (the
    code before this revision could not replay it)."""
    connection = op.get_bind()
    for name in REPLIES:
        table = _table(name)
        for row in connection.execute(sa.select(table).where(table.c.sealed.is_not(None))):
            sealed = json.loads(row.sealed)
            if [path for path, _ in sealed] == [["token"]]:
                connection.execute(table.update().where(table.c.id == row.id).values(
                    sealed=sealed[0][1]))
            else:
                connection.execute(table.delete().where(table.c.id == row.id))
        with op.batch_alter_table(name) as batch:
            batch.alter_column("sealed", type_=sa.String(200), existing_type=sa.Text(),
                               existing_nullable=True)
