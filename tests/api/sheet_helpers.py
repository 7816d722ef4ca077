"""Shared by the tests of matches played on the score sheet: opening a match's sheet, playing
deals on it, and a qualifying round played there with the semi-finals built."""

from __future__ import annotations

from typing import Any

from flask.testing import FlaskClient

from tests.api.helpers import GAMES, hand
from tests.api.tournament_helpers import Tourney

MADE = hand(0, "7H", [8, 2])  # the first team takes 8 tricks: 7♥ made
FAILED = hand(1, "8S", [6, 4])  # the second team's 8♠ fails


def sheet(t: Tourney, key: str, token: str | None = None, **headers: str) -> Any:
    return t.client.post(f"{t.url}/matches/{key}/sheet", json={},
                         headers=t.auth(token, **headers))


def play(client: FlaskClient, game_id: int, token: str, entered: dict[str, Any],
         key: str | None = None) -> Any:
    headers = {"Authorization": f"Bearer {token}"}
    if key is not None:
        headers["Idempotency-Key"] = key
    return client.post(f"{GAMES}/{game_id}/hands", json=entered, headers=headers)


def drawn(client: FlaskClient, n: int = 4, **kwargs: Any) -> Tourney:
    t = Tourney.create(client, n, **kwargs)
    assert t.draw().status_code == 200
    return t


def results(t: Tourney, key: str) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = t.match(key)["results"]
    return found


def qualifying_on_the_sheet(client: FlaskClient) -> tuple[Tourney, dict[str, Any]]:
    """Four teams: both qualifying matches played on the sheet, the semi-finals built."""
    t = drawn(client)
    games = {}
    for key in ("r1m1", "r1m2"):
        games[key] = sheet(t, key).get_json()
        for entered in (MADE, MADE, FAILED, MADE, FAILED):
            assert play(client, games[key]["id"], games[key]["token"],
                        entered).status_code == 201
    assert t.advance().status_code == 200
    assert len(t.get()["rounds"]) == 2
    return t, games["r1m1"]
