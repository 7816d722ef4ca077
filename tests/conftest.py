"""Shared fixtures: an app on a fresh database per test, its client, and game helpers."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient, FlaskCliRunner

from scorekeeper import create_app

FOUR = [{"name": "North-South", "players": ["Ann", "Cy"]},
        {"name": "East-West", "players": ["Bo", "Di"]}]


def database_url(tmp_path: Path) -> str:
    """A new SQLite file per test, unless TEST_DATABASE_URL points the suite elsewhere."""
    return os.environ.get("TEST_DATABASE_URL") or f"sqlite:///{tmp_path / 'test.sqlite'}"


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
