"""Live pages on PostgreSQL: each new version of a game or tournament is announced on the channel
`scorekeeper_changes` ("games 12 7"), so the watcher of every app server learns of it at commit
(services/live.py). SQLite has no such notices; its watchers read the versions instead.

Revision ID: 0009
Revises: 0008
Create Date: 2026-11-27
"""

from __future__ import annotations

from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None

TABLES = ("games", "tournaments")


def upgrade() -> None:
    if op.get_bind().dialect.name != "postgresql":
        return
    op.execute("""
        CREATE OR REPLACE FUNCTION scorekeeper_announce() RETURNS trigger AS $$
        BEGIN
            PERFORM pg_notify('scorekeeper_changes',
                              TG_TABLE_NAME || ' ' || NEW.id || ' ' || NEW.version);
            RETURN NULL;
        END
        $$ LANGUAGE plpgsql""")
    for table in TABLES:
        op.execute(f"DROP TRIGGER IF EXISTS {table}_announce ON {table}")
        op.execute(f"CREATE TRIGGER {table}_announce AFTER INSERT OR UPDATE OF version "
                   f"ON {table} FOR EACH ROW EXECUTE FUNCTION scorekeeper_announce()")


def downgrade() -> None:
    if op.get_bind().dialect.name != "postgresql":
        return
    for table in TABLES:
        op.execute(f"DROP TRIGGER IF EXISTS {table}_announce ON {table}")
    op.execute("DROP FUNCTION IF EXISTS scorekeeper_announce()")
