"""Shared by the API tests: the error shape, "a rejected write changed nothing", a ruling told by
its reasons, and a game made through the API (four- or five-handed)."""

from __future__ import annotations

from http import HTTPStatus
from typing import Any

from flask.testing import FlaskClient

from scorekeeper.rules.errors import RULES
from scorekeeper.rules.reasons import RULINGS, Reason
from scorekeeper.rules.sentences import render_all
from tests.helpers import TWO_SIDES

API = "/api/v1"
GAMES = f"{API}/games"
SIX_IN_THREES = [{"name": "Reds", "players": ["Ann", "Cy"]},
                 {"name": "Greens", "players": ["Bo", "Di"]},
                 {"name": "Blues", "players": ["Ed", "Flo"]}]
FIVE = [{"name": name, "players": [name]} for name in ("Ann", "Bo", "Cy", "Di", "Ed")]


def error_paths(errors: Any, path: tuple[str, ...] = ()) -> set[str]:
    """Every leaf of an `errors` map as a dotted path, without webargs' location ("json")."""
    if isinstance(errors, dict):
        found: set[str] = set()
        for key, value in errors.items():
            step = () if not path and key in ("json", "headers") else (str(key),)
            found |= error_paths(value, path + step)
        return found
    return {".".join(path)}


def names_field(body: dict[str, Any], field: str) -> bool:
    """True when the error body's `errors` blames `field` (or something inside it)."""
    return any(p == field or p.startswith(field + ".") for p in error_paths(body.get("errors")))


def assert_error(response: Any, status: int, field: str | None = None) -> dict[str, Any]:
    """The contract's error shape: {"code", "status", "message", "errors"?, "rule"?}, message a
    sentence; `rule`, a known code, only on a 422 (a broken rule)."""
    body = response.get_json(silent=True)
    assert response.status_code == status, (response.status_code, body)
    assert isinstance(body, dict), response.get_data(as_text=True)[:300]
    assert body["code"] == status
    assert body["status"] == HTTPStatus(status).phrase
    message = body["message"]
    assert isinstance(message, str) and message.strip(), body
    assert not message[0].islower() and message.rstrip().endswith("."), message
    assert set(body) <= {"code", "status", "message", "errors", "rule"}, body
    if "rule" in body:
        assert status == 422 and body["rule"] in RULES, body
    if "errors" in body:
        assert isinstance(body["errors"], dict) and body["errors"], body
    if field is not None:
        assert names_field(body, field), (field, body.get("errors"))
    return body


def snapshot(client: FlaskClient, url: str) -> dict[str, Any]:
    """Everything a rejected write must leave alone: the game (with its ETag), hands, history."""
    game = client.get(url)
    assert game.status_code == 200
    return {"game": game.get_json(), "etag": game.headers["ETag"],
            "hands": client.get(f"{url}/hands").get_json(),
            "history": client.get(f"{url}/history").get_json()}


def hand(bidder: int, bid: str, tricks: list[int]) -> dict[str, Any]:
    return {"bidder": bidder, "bid": bid, "tricks": tricks}


def assert_told_by_its_reasons(body: dict[str, Any]) -> None:
    """A ruling's reasons: a code of RULINGS per line of its explanation, rendering to it."""
    reasons = [Reason.from_dict(reason) for reason in body["reasons"]]
    assert all(reason.code in RULINGS for reason in reasons)
    assert list(render_all(reasons)) == body["explanation"]


class Game:
    """A game made through the API, with its token."""

    def __init__(self, client: FlaskClient, options: dict[str, Any],
                 created: dict[str, Any] | None = None,
                 sides: list[dict[str, Any]] | None = None) -> None:
        if created is None:
            response = client.post(GAMES, json={"variant": "australian-500",
                                                "sides": sides or TWO_SIDES, "options": options})
            assert response.status_code == 201, response.get_json()
            created = response.get_json()
        body: dict[str, Any] = created
        self.client = client
        self.url = f"{GAMES}/{body['id']}"
        self.headers = {"Authorization": f"Bearer {body['token']}"}

    def record(self, entered: Any) -> Any:
        return self.client.post(f"{self.url}/hands", json=entered, headers=self.headers)

    def correct(self, number: int, entered: Any) -> Any:
        return self.client.put(f"{self.url}/hands/{number}", json=entered, headers=self.headers)

    def state(self) -> dict[str, Any]:
        response = self.client.get(self.url)
        body: dict[str, Any] = response.get_json()
        body["etag"] = response.headers["ETag"]
        return body

    def hands(self) -> list[dict[str, Any]]:
        listed: list[dict[str, Any]] = self.client.get(f"{self.url}/hands").get_json()
        return listed


def five_handed(client: FlaskClient, options: dict[str, Any] | None = None,
                sides: list[dict[str, Any]] | None = None) -> Game:
    """A five-handed game made through the API, with its token."""
    return Game(client, options or {}, sides=sides or FIVE)
