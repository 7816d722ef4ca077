"""Shared fixtures: an app on a fresh database per test, its client, new games, and production
servers (gunicorn) for the tests that run them."""

from __future__ import annotations

import functools
import os
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy
from flask import Flask
from flask.testing import FlaskClient, FlaskCliRunner

from scorekeeper import create_app, extensions, migrate
from scorekeeper.models import Base
from tests.helpers import SHARED_DATABASE, TWO_SIDES, GameHandle, database_url
from tests.server_helpers import Server, start

# The suite writes far faster than any table; the write limit has its own tests.
os.environ.setdefault("SCOREKEEPER_WRITE_LIMIT", "0")
os.environ.setdefault("SCOREKEEPER_AUTH_FAILURE_LIMIT", "0")
os.environ.setdefault("SCOREKEEPER_CHECK_LIMIT", "0")


@pytest.fixture(scope="session")
def _shared_engine() -> Iterator[sqlalchemy.Engine | None]:
    if not SHARED_DATABASE:
        yield None
        return
    engine = sqlalchemy.create_engine(SHARED_DATABASE)
    migrate.upgrade(engine)
    yield engine
    engine.dispose()


@functools.cache
def _emptying(engine: sqlalchemy.Engine) -> str:
    """Every row deleted (children first) and every sequence back to 1: on tables of a few rows,
    eight times faster than TRUNCATE ... RESTART IDENTITY, which makes new files for each table."""
    with engine.connect() as connection:
        sequences = connection.exec_driver_sql(
            "SELECT sequencename FROM pg_sequences WHERE schemaname = current_schema()").scalars()
        return "; ".join([f"DELETE FROM {table.name}"
                          for table in reversed(Base.metadata.sorted_tables)]
                         + [f"SELECT setval('{name}', 1, false)" for name in sequences])


@pytest.fixture(autouse=True)
def _fresh_shared_database(_shared_engine: sqlalchemy.Engine | None,
                           monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """On a shared database every test starts from empty tables with ids from 1, as on SQLite,
    and the engines its apps opened are closed after it (the server's connections are finite)."""
    if _shared_engine is None:
        yield
        return
    with _shared_engine.begin() as connection:
        connection.exec_driver_sql(_emptying(_shared_engine))
    engines: list[sqlalchemy.Engine] = []

    def recorded(*args: Any, **kwargs: Any) -> sqlalchemy.Engine:
        engines.append(sqlalchemy.create_engine(*args, **kwargs))
        return engines[-1]

    monkeypatch.setattr(extensions, "create_engine", recorded)
    yield
    for engine in engines:
        engine.dispose()


@pytest.fixture
def empty_database(tmp_path: Path) -> Iterator[str]:
    """A database with nothing in it: a new SQLite file, or a new database on the server the
    suite runs against."""
    if not SHARED_DATABASE or not SHARED_DATABASE.startswith("postgresql"):
        yield f"sqlite:///{tmp_path / 'empty.sqlite'}"
        return
    server = sqlalchemy.make_url(SHARED_DATABASE)
    name = f"scorekeeper_migrations_{os.getpid()}"
    admin = sqlalchemy.create_engine(server, isolation_level="AUTOCOMMIT")
    with admin.connect() as connection:
        connection.exec_driver_sql(f"DROP DATABASE IF EXISTS {name}")
        connection.exec_driver_sql(f"CREATE DATABASE {name}")
    yield server.set(database=name).render_as_string(hide_password=False)
    with admin.connect() as connection:
        connection.exec_driver_sql(f"DROP DATABASE {name} WITH (FORCE)")
    admin.dispose()


@pytest.fixture
def app(tmp_path: Path) -> Iterator[Flask]:
    yield create_app({"TESTING": True, "DATABASE_URL": database_url(tmp_path)})


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    return app.test_client()


@pytest.fixture
def runner(app: Flask) -> FlaskCliRunner:
    return app.test_cli_runner()


@pytest.fixture
def new_game(client: FlaskClient) -> Any:
    def make(options: dict[str, Any] | None = None, sides: list[Any] | None = None,
             **extra: Any) -> GameHandle:
        body = {"variant": "australian-500", "sides": sides or TWO_SIDES, **extra}
        if options is not None:
            body["options"] = options
        response = client.post("/api/v1/games", json=body)
        assert response.status_code == 201, response.get_json()
        return GameHandle(client, response.get_json())

    return make


@pytest.fixture
def servers(tmp_path: Path) -> Iterator[Callable[..., Server]]:
    """Start servers on the test's database; on the way out stop them and read their logs."""
    started: list[Server] = []

    def make(workers: int = 2, **env: str) -> Server:
        started.append(start(database_url(tmp_path), workers, **env))
        return started[-1]

    yield make
    for server in started:
        server.process.terminate()
        server.process.wait(timeout=30)
        assert server.reader is not None and server.process.stderr is not None
        server.reader.join()
        server.process.stderr.close()
        log = "".join(server.log)
        assert "Traceback" not in log and "[ERROR]" not in log, log
