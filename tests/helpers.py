"""Plain helpers shared by the whole suite (fixtures live in the conftest.py files): the test's
database, a game made through the API, threads released together, and backups."""

from __future__ import annotations

import atexit
import functools
import json
import os
import shutil
import tempfile
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import sqlalchemy
from flask import Flask
from flask.testing import FlaskClient, FlaskCliRunner
from sqlalchemy import select

from scorekeeper import create_app, migrate
from scorekeeper.extensions import db
from scorekeeper.models import Base

# The four-handed table: two sides of two players.
TWO_SIDES = [{"name": "North-South", "players": ["Ann", "Cy"]},
             {"name": "East-West", "players": ["Bo", "Di"]}]


SHARED_DATABASE = os.environ.get("TEST_DATABASE_URL")  # e.g. PostgreSQL, for the second CI run


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


HANDS = [{"bidder": 1, "bid": "7H", "tricks": [3, 7]},
         {"bidder": 0, "bid": "MIS", "tricks": [0, 10]},
         {"passed_out": True},
         {"bidder": 2, "bid": "8S", "tricks": [5, 5]}]


def played(client: FlaskClient, new_game: Any) -> Any:
    game = new_game()
    for hand in HANDS:
        assert game.record(hand).status_code == 201
    # One correction and one undo, so the history has all three kinds of change.
    assert client.put(f"{game.url}/hands/4", json={"bidder": 2, "bid": "8S", "tricks": [7, 3]},
                      headers=game.auth()).status_code == 200
    assert game.record({"bidder": 1, "bid": "6H", "tricks": [4, 6]}).status_code == 201
    assert client.delete(f"{game.url}/hands/5", headers=game.auth()).status_code == 200
    return game


def in_threads(count: int, work: Callable[[int], Any]) -> list[Any]:
    """Run work(0..count-1) at once, released together by a barrier."""
    results: list[Any] = [None] * count
    start = threading.Barrier(count)

    def run(i: int) -> None:
        start.wait()
        results[i] = work(i)

    threads = [threading.Thread(target=run, args=(i,)) for i in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return results


def every_stored_text(app: Flask) -> str:
    """Every row of every table, as text: what a stolen copy of the database would show."""
    with app.app_context():
        rows = [dict(row._mapping) for table in Base.metadata.sorted_tables
                for row in db.session.execute(select(table)).all()]
    return json.dumps(rows, default=str)


def second_database(tmp_path: Path) -> str:
    """A second, empty database: another SQLite file, or the shared one emptied the way
    conftest empties it before each test."""
    if not SHARED_DATABASE:
        return f"sqlite:///{tmp_path / 'restored.sqlite'}"
    engine = sqlalchemy.create_engine(SHARED_DATABASE)
    tables = ", ".join(table.name for table in Base.metadata.sorted_tables)
    with engine.begin() as connection:
        connection.exec_driver_sql(f"TRUNCATE {tables} RESTART IDENTITY CASCADE")
    engine.dispose()
    return SHARED_DATABASE


def new_app(url: str) -> Flask:
    """An app of its own, so nothing rendered for the first database is served again."""
    return create_app({"TESTING": True, "DATABASE_URL": url})


def backup(runner: FlaskCliRunner, out: Path) -> dict[str, Any]:
    result = runner.invoke(args=["backup", str(out)])
    assert result.exit_code == 0, result.output
    data: dict[str, Any] = json.loads(out.read_text(encoding="utf-8"))
    return data
