"""Run the Alembic migrations shipped inside the package against an engine."""

from __future__ import annotations

import fcntl
import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import Connection, Engine, text

MIGRATIONS = Path(__file__).with_name("migrations")
# PostgreSQL's advisory lock that migrators of one database queue on (any fixed 64-bit number).
MIGRATORS_LOCK = 5_000_500_500


def alembic_config() -> Config:
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    return config


def current_revision(engine: Engine) -> str | None:
    with engine.connect() as connection:
        return _revision(connection)


def head_revision() -> str | None:
    return ScriptDirectory.from_config(alembic_config()).get_current_head()


def upgrade(engine: Engine, revision: str = "head") -> None:
    """Bring the schema to `revision`; a database already there is left untouched.

    Processes that start together on one database (gunicorn's workers, several app servers)
    migrate one at a time, and each reads the revision again once its turn has come: the first
    migrates, the others find the schema done. Without the turn they all created the same tables
    at once, and all but one failed to start. On SQLite even the first look waits its turn: a
    new connection sets the journal mode, which a migration under way refuses ("database is
    locked")."""
    with _migrators_turn(engine):
        if revision == "head" and current_revision(engine) == head_revision():
            return
        config = alembic_config()
        with engine.begin() as connection:
            if connection.dialect.name == "postgresql":
                # Held until this transaction, the whole migration, commits or rolls back.
                connection.execute(text("SELECT pg_advisory_xact_lock(:lock)"),
                                   {"lock": MIGRATORS_LOCK})
            if revision == "head" and _revision(connection) == head_revision():
                return
            config.attributes["connection"] = connection
            command.upgrade(config, revision)


@contextmanager
def _migrators_turn(engine: Engine) -> Iterator[None]:
    """On a SQLite file, an exclusive lock on a file beside it (the kernel drops it should its
    holder die); other databases queue inside the migration's transaction (see upgrade)."""
    database = engine.url.database if engine.dialect.name == "sqlite" else None
    if not database or database == ":memory:":  # in memory: one process, nobody to wait for
        yield
        return
    handle = os.open(f"{database}.migrating", os.O_CREAT | os.O_RDWR, 0o600)
    try:
        fcntl.flock(handle, fcntl.LOCK_EX)
        yield
    finally:
        os.close(handle)


def _revision(connection: Connection) -> str | None:
    return MigrationContext.configure(connection).get_current_revision()


def revision(engine: Engine, message: str) -> None:
    """Write a new migration from the difference between the models and the database."""
    config = alembic_config()
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.revision(config, message=message, autogenerate=True)
