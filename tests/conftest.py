"""Shared fixtures: an app on a fresh database per test, its client, and game helpers."""

from __future__ import annotations

import atexit
import functools
import os
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy
from flask import Flask
from flask.testing import FlaskClient, FlaskCliRunner

from scorekeeper import create_app, extensions, migrate
from scorekeeper.models import Base

FOUR = [{"name": "North-South", "players": ["Ann", "Cy"]},
        {"name": "East-West", "players": ["Bo", "Di"]}]


SHARED_DATABASE = os.environ.get("TEST_DATABASE_URL")  # e.g. PostgreSQL, for the second CI run
# The suite writes far faster than any table; the write limit has its own tests.
os.environ.setdefault("SCOREKEEPER_WRITE_LIMIT", "0")
os.environ.setdefault("SCOREKEEPER_AUTH_FAILURE_LIMIT", "0")
os.environ.setdefault("SCOREKEEPER_CHECK_LIMIT", "0")


def database_url(tmp_path: Path) -> str:
    """A new SQLite file per test, unless TEST_DATABASE_URL points the suite elsewhere. It starts
    as a copy of one migrated once for the whole run: running the migrations took half the time
    of a short test (tests/test_migrations.py runs them on empty databases)."""
    if SHARED_DATABASE:
        return SHARED_DATABASE
    path = tmp_path / "test.sqlite"
    if not path.exists():
        shutil.copyfile(_migrated_sqlite(), path)
    return f"sqlite:///{path}"


@functools.cache
def _migrated_sqlite() -> Path:
    folder = tempfile.mkdtemp(prefix="scorekeeper-schema-")
    atexit.register(shutil.rmtree, folder, ignore_errors=True)
    path = Path(folder) / "migrated.sqlite"
    engine = sqlalchemy.create_engine(f"sqlite:///{path}")
    migrate.upgrade(engine)
    engine.dispose()
    return path


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


class GameHandle:
    """A created game with its token, for tests that write hands."""

    def __init__(self, client: FlaskClient, body: dict[str, Any]) -> None:
        self.client = client
        self.id: int = body["id"]
        self.token: str = body["token"]
        self.url = f"/api/v1/games/{self.id}"

    def auth(self, **extra: str) -> dict[str, str]:
        return {"Authorization": f"Bearer {self.token}", **extra}

    def record(self, hand: dict[str, Any], **headers: str) -> Any:
        return self.client.post(f"{self.url}/hands", json=hand, headers=self.auth(**headers))

    def state(self) -> dict[str, Any]:
        return self.client.get(self.url).get_json()


@pytest.fixture
def new_game(client: FlaskClient) -> Any:
    def make(options: dict[str, Any] | None = None, sides: list[Any] | None = None,
             **extra: Any) -> GameHandle:
        body = {"variant": "australian-500", "sides": sides or FOUR, **extra}
        if options is not None:
            body["options"] = options
        response = client.post("/api/v1/games", json=body)
        assert response.status_code == 201, response.get_json()
        return GameHandle(client, response.get_json())

    return make
