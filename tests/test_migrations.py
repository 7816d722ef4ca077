"""Alembic owns the schema: it builds it from nothing and matches the models exactly."""

from __future__ import annotations

from pathlib import Path

from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from sqlalchemy import create_engine, inspect, text

from scorekeeper import create_app, migrate
from scorekeeper.models import Base


def test_migrations_build_exactly_the_models(tmp_path: Path) -> None:
    engine = create_engine(f"sqlite:///{tmp_path / 'm.sqlite'}")
    migrate.upgrade(engine)
    with engine.connect() as connection:
        differences = compare_metadata(MigrationContext.configure(connection), Base.metadata)
    assert differences == []
    assert migrate.current_revision(engine) == migrate.head_revision()


def test_app_start_upgrades_an_existing_database_in_place(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'old.sqlite'}"
    engine = create_engine(url)
    migrate.upgrade(engine, "0001")
    with engine.begin() as connection:
        connection.execute(text(
            "INSERT INTO games (variant, options, sides, first_dealer, token_hash, state, version,"
            " created_at, updated_at) VALUES ('australian-500', '{}', '[]', 0, 'x', '{}', 1,"
            " '2026-01-01', '2026-01-01')"))
    create_app({"DATABASE_URL": url})
    assert migrate.current_revision(engine) == migrate.head_revision()
    with engine.connect() as connection:
        assert connection.execute(text("SELECT count(*) FROM games")).scalar() == 1
    assert set(inspect(engine).get_table_names()) >= {"games", "hands", "hand_changes",
                                                       "idempotent_replies"}


def test_sqlite_runs_in_wal_mode_with_a_busy_timeout(tmp_path: Path) -> None:
    app = create_app({"DATABASE_URL": f"sqlite:///{tmp_path / 'w.sqlite'}"})
    from scorekeeper.extensions import db

    with app.app_context(), db.engine.connect() as connection:
        assert connection.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
        assert connection.exec_driver_sql("PRAGMA busy_timeout").scalar() == 10_000
        assert connection.exec_driver_sql("PRAGMA foreign_keys").scalar() == 1
