"""No connection to the database to be had (the worker's pool stayed empty for the pool timeout,
or the server has no slot left) is a 503 with Retry-After, never a 500; any other database
failure is still a fault."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from sqlalchemy import event

from scorekeeper import create_app
from scorekeeper.extensions import db
from tests.api.helpers import API, assert_error
from tests.helpers import TWO_SIDES, database_url

HAND = {"bidder": 0, "bid": "6S", "tricks": [6, 4]}


def tiny_pool_app(tmp_path: Path, **config: Any) -> Flask:
    return create_app({"TESTING": True, "DATABASE_URL": database_url(tmp_path),
                       "DB_POOL_SIZE": 1, "DB_MAX_OVERFLOW": 0, "DB_POOL_TIMEOUT": 0.2,
                       **config})


def test_an_exhausted_pool_is_a_503_with_retry_after(tmp_path: Path) -> None:
    app = tiny_pool_app(tmp_path)
    client = app.test_client()
    created = client.post(f"{API}/games", json={"variant": "australian-500", "sides": TWO_SIDES})
    assert created.status_code == 201
    game = f"{API}/games/{created.get_json()['id']}"
    auth = {"Authorization": f"Bearer {created.get_json()['token']}"}
    with app.app_context(), db.engine.connect():  # the pool's one connection, taken
        for response in (client.post(f"{game}/hands", json=HAND, headers=auth),
                         client.get(game)):
            body = assert_error(response, 503)
            assert response.headers["Retry-After"] == "3"
            assert "busy" in body["message"]
    assert client.get(game).get_json()["hands_played"] == 0
    assert client.post(f"{game}/hands", json=HAND, headers=auth).status_code == 201


@pytest.mark.parametrize(("refusal", "status"), [
    ('FATAL:  sorry, too many clients already', 503),
    ('FATAL:  remaining connection slots are reserved for roles with the SUPERUSER attribute',
     503),
    ('FATAL:  too many connections for role "scorekeeper"', 503),
    ('FATAL:  password authentication failed for user "scorekeeper"', 500),
])
def test_a_server_with_no_connection_slot_left_is_a_503(tmp_path: Path, refusal: str,
                                                         status: int) -> None:
    app = tiny_pool_app(tmp_path, PROPAGATE_EXCEPTIONS=False)
    engine = app.extensions["scorekeeper.db"][0]
    engine.dispose()  # every later checkout connects afresh, and is refused

    @event.listens_for(engine, "do_connect")
    def _refuse(*_args: Any) -> None:
        raise engine.dialect.loaded_dbapi.OperationalError(
            f'connection to server at "db.example", port 5432 failed: {refusal}')

    response = app.test_client().get(f"{API}/games/1")
    assert_error(response, status)
    assert ("Retry-After" in response.headers) == (status == 503)


def test_the_spec_documents_the_503_where_the_database_is_used(app: Flask) -> None:
    spec = app.extensions["scorekeeper.api"].spec.to_dict()
    for path, operations in spec["paths"].items():
        for method, operation in operations.items():
            if method == "parameters":
                continue
            uses_database = not path.startswith((f"{API}/variants", f"{API}/adjudicate"))
            assert ("503" in operation["responses"]) == uses_database, (method, path)
    assert "Retry-After" in spec["components"]["responses"]["DATABASE_BUSY"]["headers"]
