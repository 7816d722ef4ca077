"""Assertions shared by the API tests: the error shape, and "a rejected write changed nothing"."""

from __future__ import annotations

from http import HTTPStatus
from typing import Any

from flask.testing import FlaskClient

from scorekeeper.rules.errors import RULES

API = "/api/v1"
SIX_IN_THREES = [{"name": "Reds", "players": ["Ann", "Cy"]},
                 {"name": "Greens", "players": ["Bo", "Di"]},
                 {"name": "Blues", "players": ["Ed", "Flo"]}]


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
