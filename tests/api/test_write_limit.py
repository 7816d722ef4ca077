"""The write limit: N writes per period per client, then 429 with Retry-After, nothing stored."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import func, select

from scorekeeper import create_app
from scorekeeper.extensions import db
from scorekeeper.models import Game, WriteQuota
from scorekeeper.services import write_limit
from tests.conftest import FOUR, database_url

GAME = {"variant": "australian-500", "sides": FOUR}
SPEC = Path(__file__).resolve().parents[2] / "openapi" / "openapi.json"


class Clock:
    def __init__(self) -> None:
        self.at = 1_800_000_000.0

    def __call__(self) -> float:
        return self.at


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> Clock:
    clock = Clock()
    monkeypatch.setattr(write_limit, "now", clock)
    return clock


def limited_app(tmp_path: Path, limit: str = "3/minute", **config: Any) -> Flask:
    return create_app({"TESTING": True, "DATABASE_URL": database_url(tmp_path),
                       "WRITE_LIMIT": limit, **config})


@pytest.fixture
def limited(tmp_path: Path, clock: Clock) -> Iterator[FlaskClient]:
    yield limited_app(tmp_path).test_client()


def games_stored(client: FlaskClient) -> int:
    with client.application.app_context():
        return db.session.scalar(select(func.count()).select_from(Game)) or 0


def test_the_write_after_the_limit_is_refused_with_retry_after_and_not_stored(
        limited: FlaskClient) -> None:
    assert [limited.post("/api/v1/games", json=GAME).status_code for _ in range(3)] == [201] * 3
    refused = limited.post("/api/v1/games", json=GAME)
    assert refused.status_code == 429
    # 3 a minute: one every 20 s once the burst of 3 is spent.
    assert refused.headers["Retry-After"] == "20"
    assert refused.get_json() == {
        "code": 429, "status": "Too Many Requests",
        "message": "Too many writes from this address: at most 3 a minute. Try again in 20 s."}
    assert games_stored(limited) == 3


def test_the_quota_comes_back_one_write_per_interval(limited: FlaskClient, clock: Clock) -> None:
    for _ in range(3):
        limited.post("/api/v1/games", json=GAME)
    clock.at += 10
    assert limited.post("/api/v1/games", json=GAME).headers["Retry-After"] == "10"
    clock.at += 10
    assert limited.post("/api/v1/games", json=GAME).status_code == 201
    assert limited.post("/api/v1/games", json=GAME).status_code == 429
    clock.at += 60  # a whole period idle: the burst is whole again
    assert [limited.post("/api/v1/games", json=GAME).status_code for _ in range(4)] == [
        201, 201, 201, 429]


def test_refused_writes_do_not_push_the_wait_further(limited: FlaskClient, clock: Clock) -> None:
    for _ in range(3):
        limited.post("/api/v1/games", json=GAME)
    for _ in range(5):
        assert limited.post("/api/v1/games", json=GAME).headers["Retry-After"] == "20"
    clock.at += 20
    assert limited.post("/api/v1/games", json=GAME).status_code == 201


def test_every_write_to_games_and_tournaments_counts(limited: FlaskClient) -> None:
    game = limited.post("/api/v1/games", json=GAME).get_json()
    auth = {"Authorization": f"Bearer {game['token']}"}
    hand = {"bidder": 0, "bid": "6S", "tricks": [6, 4]}
    assert limited.post(f"/api/v1/games/{game['id']}/hands", json=hand,
                        headers=auth).status_code == 201
    # A refused write counts too: a client sending garbage is throttled like any other.
    assert limited.post("/api/v1/tournaments", json={}).status_code == 422
    assert limited.post(f"/api/v1/games/{game['id']}/hands", json=hand,
                        headers=auth).status_code == 429
    assert limited.get(f"/api/v1/games/{game['id']}").get_json()["hands_played"] == 1


def test_reads_and_the_referee_do_not_count(limited: FlaskClient) -> None:
    meld = {"variant": "rummy-500", "cards": ["AH", "2H", "3H"]}
    for _ in range(10):
        assert limited.get("/api/v1/variants").status_code == 200
        assert limited.post("/api/v1/adjudicate/meld", json=meld).status_code == 200
    assert [limited.post("/api/v1/games", json=GAME).status_code for _ in range(4)] == [
        201, 201, 201, 429]


def test_each_address_has_its_own_quota(limited: FlaskClient) -> None:
    for _ in range(3):
        limited.post("/api/v1/games", json=GAME)
    assert limited.post("/api/v1/games", json=GAME).status_code == 429
    other = {"REMOTE_ADDR": "192.0.2.7"}
    assert limited.post("/api/v1/games", json=GAME, environ_base=other).status_code == 201


def test_forwarded_addresses_count_only_behind_a_trusted_proxy(tmp_path: Path,
                                                               clock: Clock) -> None:
    def statuses(client: FlaskClient) -> list[int]:
        return [client.post("/api/v1/games", json=GAME,
                            headers={"X-Forwarded-For": f"198.51.100.{i}"}).status_code
                for i in range(4)]

    (tmp_path / "direct").mkdir()
    (tmp_path / "proxied").mkdir()
    # Without a trusted proxy the header is the client's own claim: it cannot dodge the limit.
    assert statuses(limited_app(tmp_path / "direct").test_client()) == [201, 201, 201, 429]
    proxied = limited_app(tmp_path / "proxied", PROXY_HOPS=1).test_client()
    assert statuses(proxied) == [201] * 4


def test_off_means_off(tmp_path: Path) -> None:
    client = limited_app(tmp_path, "0").test_client()
    assert [client.post("/api/v1/games", json=GAME).status_code for _ in range(10)] == [201] * 10


@pytest.mark.parametrize(("text", "writes", "period"), [
    ("120/minute", 120, 60), ("5/second", 5, 1), ("1000 / hour", 1000, 3600),
    (" 2/MINUTE ", 2, 60)])
def test_limits_are_written_as_writes_per_period(text: str, writes: int, period: int) -> None:
    assert write_limit.parse(text) == write_limit.WriteLimit(writes, period)


@pytest.mark.parametrize("text", ["0", "off", "", None])
def test_no_limit(text: str | None) -> None:
    assert write_limit.parse(text) is None


@pytest.mark.parametrize("text", ["120", "120/day", "0/minute", "-1/minute", "lots"])
def test_a_bad_limit_stops_the_app_starting(tmp_path: Path, text: str) -> None:
    with pytest.raises(ValueError, match="N/second, N/minute or N/hour"):
        limited_app(tmp_path, text)


def test_clients_whose_quota_is_whole_again_are_purged(limited: FlaskClient, clock: Clock,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(write_limit, "_last_purge", {})
    limited.post("/api/v1/games", json=GAME, environ_base={"REMOTE_ADDR": "192.0.2.1"})
    clock.at += write_limit.PURGE_EVERY + 1
    limited.post("/api/v1/games", json=GAME, environ_base={"REMOTE_ADDR": "192.0.2.2"})
    with limited.application.app_context():
        assert db.session.scalars(select(WriteQuota.client)).all() == ["192.0.2.2"]


def test_the_spec_documents_429_on_every_limited_write_and_only_there() -> None:
    paths = json.loads(SPEC.read_text())["paths"]
    for path, operations in paths.items():
        for method, operation in operations.items():
            if method == "parameters":
                continue
            limited = method in ("post", "put", "delete") and "/adjudicate/" not in path
            assert ("429" in operation["responses"]) == limited, (method, path)
