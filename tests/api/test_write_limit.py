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
from scorekeeper.services import write_limit, writes
from tests.helpers import TWO_SIDES, database_url

GAME = {"variant": "australian-500", "sides": TWO_SIDES}
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
    monkeypatch.setattr(writes, "_last_sweep", {})
    limited.post("/api/v1/games", json=GAME, environ_base={"REMOTE_ADDR": "192.0.2.1"})
    clock.at += writes.SWEEP_EVERY + 1
    limited.post("/api/v1/games", json=GAME, environ_base={"REMOTE_ADDR": "192.0.2.2"})
    with limited.application.app_context():
        assert db.session.scalars(select(WriteQuota.client)).all() == ["192.0.2.2"]


def test_the_spec_documents_429_on_every_limited_write_and_only_there() -> None:
    paths = json.loads(SPEC.read_text())["paths"]
    for path, operations in paths.items():
        for method, operation in operations.items():
            if method == "parameters":
                continue
            # A preview stores nothing: like the referee, it is a check, with a limit of its own.
            checks = "/adjudicate/" in path or path.endswith("/preview")
            limited = method in ("post", "put", "patch", "delete") and not checks
            # A live stream has its own 429: too many open from one address.
            streams = method == "get" and path.endswith("/events")
            assert ("429" in operation["responses"]) == (limited or streams or checks), (
                method, path)
            if checks:
                assert operation["responses"]["429"] == {"$ref": "#/components/responses/"
                                                                 "CHECK_LIMIT"}
            if streams:
                assert "STREAMS_PER_ADDRESS" in operation["responses"]["429"]["description"]


# -- failed authentication has a limit of its own --------------------------------------------------

HAND = {"bidder": 0, "bid": "6S", "tricks": [6, 4]}
ENDLESS = {**GAME, "options": {"target": 1_000_000, "lose_at": None}}


def shared_address(tmp_path: Path, writes_limit: str, failures: str) -> FlaskClient:
    return limited_app(tmp_path, writes_limit, AUTH_FAILURE_LIMIT=failures).test_client()


def test_wrong_tokens_never_use_up_the_scorers_writes(tmp_path: Path, clock: Clock) -> None:
    """Ten wrong-token writes from a club's shared address: the scorer, with the right token,
    still has every write of the limit."""
    client = shared_address(tmp_path, "3/minute", "100/minute")
    game = client.post("/api/v1/games", json=ENDLESS).get_json()  # 1 of 3
    url = f"/api/v1/games/{game['id']}/hands"
    wrong = [client.post(url, json=HAND, headers={"Authorization": "Bearer nope"}).status_code
             for _ in range(10)]
    assert wrong == [403] * 10
    right = {"Authorization": f"Bearer {game['token']}"}
    assert [client.post(url, json=HAND, headers=right).status_code for _ in range(3)] == [
        201, 201, 429]


def test_failed_authentications_are_limited_and_the_right_token_still_writes(
        tmp_path: Path, clock: Clock) -> None:
    client = shared_address(tmp_path, "100/minute", "4/minute")
    game = client.post("/api/v1/games", json=ENDLESS).get_json()
    url = f"/api/v1/games/{game['id']}/hands"
    refused = [client.post(url, json=HAND, headers=headers)
               for headers in ({}, {"Authorization": "Bearer nope"},
                               {"Authorization": "Bearer nope"}, {"Authorization": "Bearer x"},
                               {"Authorization": "Bearer nope"})]
    assert [r.status_code for r in refused] == [401, 403, 403, 403, 429]
    assert refused[-1].headers["Retry-After"] == "15"
    assert refused[-1].get_json()["message"] == (
        "Too many failed authentications from this address: at most 4 a minute. "
        "Try again in 15 s.")
    # A write to a game that does not exist is a failed authentication too.
    assert client.post("/api/v1/games/999/hands", json=HAND,
                       headers={"Authorization": "Bearer nope"}).status_code == 429
    right = {"Authorization": f"Bearer {game['token']}"}
    assert [client.post(url, json=HAND, headers=right).status_code for _ in range(5)] == [201] * 5
    clock.at += 15
    assert client.post(url, json=HAND, headers={"Authorization": "Bearer nope"}).status_code == 403


def test_a_wrong_organizer_token_is_a_failed_authentication(tmp_path: Path, clock: Clock) -> None:
    client = shared_address(tmp_path, "100/minute", "2/minute")
    created = client.post("/api/v1/tournaments", json={
        "name": "Club", "variant": "quebec-500", "format": "quebec",
        "teams": [{"name": n, "players": [f"{n}1", f"{n}2"]} for n in "ABCD"]}).get_json()
    draw = f"/api/v1/tournaments/{created['id']}/draw"
    wrong = {"Authorization": "Bearer nope"}
    assert [client.post(draw, json={}, headers=wrong).status_code for _ in range(3)] == [
        403, 403, 429]
    assert client.post(draw, json={}, headers={
        "Authorization": f"Bearer {created['token']}"}).status_code == 200


def test_writes_refused_after_their_token_count_as_writes(tmp_path: Path, clock: Clock) -> None:
    client = shared_address(tmp_path, "3/minute", "100/minute")
    game = client.post("/api/v1/games", json=ENDLESS).get_json()
    url = f"/api/v1/games/{game['id']}/hands"
    right = {"Authorization": f"Bearer {game['token']}"}
    assert client.post(url, json={"bidder": 0, "bid": "6S", "tricks": [6, 5]},
                       headers=right).status_code == 422  # the tricks add up to 11
    assert [client.post(url, json=HAND, headers=right).status_code for _ in range(2)] == [
        201, 429]
    with client.application.app_context():
        assert db.session.scalar(select(func.count()).select_from(WriteQuota)) == 1


@pytest.mark.parametrize("address", [
    "x" * 300, "2001:0db8:0000:0000:0000:0000:0000:0001%" + "e" * 80, "not an address",
    "::ffff:255.255.255.255"])
def test_any_forwarded_address_fits_its_row(tmp_path: Path, clock: Clock, address: str) -> None:
    """X-Forwarded-For is text a client or proxy chose: whatever it holds, the write limit keeps
    a short key for it (a 500 on PostgreSQL once, for a header longer than the column)."""
    client = limited_app(tmp_path, "2/minute", PROXY_HOPS=1).test_client()
    headers = {"X-Forwarded-For": address}
    assert [client.post("/api/v1/games", json=GAME, headers=headers).status_code
            for _ in range(3)] == [201, 201, 429]
    with client.application.app_context():
        (client_key,) = db.session.scalars(select(WriteQuota.client)).all()
    assert len(client_key) <= 64


def test_addresses_are_keyed_one_way_and_junk_is_hashed() -> None:
    key = write_limit.client_key
    assert key(write_limit.WRITES, "2001:DB8:0:0:0:0:0:1") == "2001:db8::1"
    assert key(write_limit.WRITES, "192.0.2.7") == "192.0.2.7"
    assert key(write_limit.AUTH_FAILURES, "192.0.2.7") == "auth 192.0.2.7"
    junk = key(write_limit.WRITES, "<script>" * 40)
    assert junk.startswith("#") and len(junk) == 41
    assert junk != key(write_limit.WRITES, "<script>" * 41)


def test_wrong_recovery_codes_are_failed_authentications(tmp_path: Path, clock: Clock) -> None:
    """A recovery code cannot be guessed faster than the limit of failed authentications."""
    client = shared_address(tmp_path, "100/minute", "3/minute")
    created = client.post("/api/v1/tournaments", json={
        "name": "Club", "variant": "quebec-500", "format": "quebec",
        "teams": [{"name": n, "players": [f"{n}1", f"{n}2"]} for n in "ABCD"]}).get_json()
    url = f"/api/v1/tournaments/{created['id']}/recover"
    guesses = [client.post(url, json={"recovery_code": f"AAAA-AAAA-AAAA-AAA{c}"}).status_code
               for c in "ABCD"]
    assert guesses == [403, 403, 403, 429]
    # Even the right code waits: a guesser cannot tell it found it.
    assert client.post(url, json={"recovery_code": created["recovery_code"]}).status_code == 429
    clock.at += 20
    assert client.post(url, json={"recovery_code": created["recovery_code"]}).status_code == 200
