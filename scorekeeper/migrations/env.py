"""Alembic environment: migrations run on the connection the app (or `flask db`) hands over."""

from __future__ import annotations

from alembic import context

from scorekeeper.models import Base

connection = context.config.attributes.get("connection")
if connection is None:  # pragma: no cover - only the app's own helpers run migrations
    raise RuntimeError("run migrations through scorekeeper.migrate, which passes a connection")

context.configure(
    connection=connection,
    target_metadata=Base.metadata,
    render_as_batch=connection.dialect.name == "sqlite",  # SQLite alters tables by copying
    compare_type=True,
)
with context.begin_transaction():
    context.run_migrations()
