"""HTTP details a generated client relies on: ETag comparison rules and the flat errors map."""

from __future__ import annotations

from typing import Any

from flask.testing import FlaskClient

HAND = {"bidder": 0, "bid": "6S", "tricks": [6, 4]}


def test_if_match_compares_strongly(new_game: Any) -> None:
    game = new_game()
    etag = game.client.get(game.url).headers["ETag"]
    assert game.record(HAND, **{"If-Match": f"W/{etag}"}).status_code == 412
    assert game.record(HAND, **{"If-Match": f'"other", {etag}'}).status_code == 201
    assert game.state()["hands_played"] == 1


def test_if_none_match_compares_weakly(new_game: Any) -> None:
    game = new_game()
    etag = game.client.get(game.url).headers["ETag"]
    for tag in (etag, f"W/{etag}", "*"):
        response = game.client.get(game.url, headers={"If-None-Match": tag})
        assert response.status_code == 304, tag
        assert response.headers["ETag"] == etag
    game.record(HAND)
    assert game.client.get(game.url, headers={"If-None-Match": etag}).status_code == 200


def test_errors_name_fields_by_flat_dotted_paths(client: FlaskClient, new_game: Any) -> None:
    refused = client.post("/api/v1/games", json={
        "variant": "australian-500", "sides": [{"name": "", "players": ["Ann"]}]})
    assert refused.status_code == 422
    errors = refused.get_json()["errors"]
    assert errors == {"sides.0.name": ["Length must be between 1 and 60."]}
    game = new_game()
    body = game.record({**HAND, "tricks": [-1, 11]}).get_json()
    assert set(body["errors"]) == {"tricks.0"}
    assert body["message"].startswith("The request is not valid (tricks.0):")
    header = game.record(HAND, **{"Idempotency-Key": ""}).get_json()
    assert set(header["errors"]) == {"Idempotency-Key"}
