"""Many writers on one game: nothing lost, nothing doubled, numbers without gaps."""

from __future__ import annotations

from typing import Any

from flask import Flask

from tests.helpers import TWO_SIDES, in_threads

HAND = {"bidder": 0, "bid": "6S", "tricks": [6, 4]}


def create(app: Flask) -> tuple[int, dict[str, str]]:
    body = app.test_client().post("/api/v1/games", json={
        "variant": "australian-500", "sides": TWO_SIDES,
        "options": {"target": 1_000_000, "lose_at": None}}).get_json()
    return body["id"], {"Authorization": f"Bearer {body['token']}"}


def test_racing_writers_without_if_match_are_all_stored_once(app: Flask) -> None:
    game_id, auth = create(app)

    def write(_i: int) -> list[int]:
        client = app.test_client()
        return [client.post(f"/api/v1/games/{game_id}/hands", json=HAND, headers=auth).status_code
                for _ in range(5)]

    statuses = [s for batch in in_threads(6, write) for s in batch]
    assert statuses == [201] * 30
    hands = app.test_client().get(f"/api/v1/games/{game_id}/hands").get_json()
    assert [h["number"] for h in hands] == list(range(1, 31))
    game = app.test_client().get(f"/api/v1/games/{game_id}").get_json()
    assert game["hands_played"] == 30
    assert game["scores"] == [40 * 30, 40 * 30]


def test_two_writers_with_the_same_if_match_one_wins(app: Flask) -> None:
    game_id, auth = create(app)
    etag = app.test_client().get(f"/api/v1/games/{game_id}").headers["ETag"]

    def write(_i: int) -> int:
        return app.test_client().post(f"/api/v1/games/{game_id}/hands", json=HAND,
                                      headers={**auth, "If-Match": etag}).status_code

    assert sorted(in_threads(2, write)) == [201, 412]
    assert app.test_client().get(f"/api/v1/games/{game_id}").get_json()["hands_played"] == 1


def test_racing_retries_with_one_idempotency_key_store_one_hand(app: Flask) -> None:
    game_id, auth = create(app)

    def write(_i: int) -> tuple[int, Any]:
        response = app.test_client().post(f"/api/v1/games/{game_id}/hands", json=HAND,
                                          headers={**auth, "Idempotency-Key": "same"})
        return response.status_code, response.get_json()

    replies = in_threads(4, write)
    assert {status for status, _ in replies} == {201}
    assert all(body == replies[0][1] for _, body in replies)
    assert app.test_client().get(f"/api/v1/games/{game_id}").get_json()["hands_played"] == 1
