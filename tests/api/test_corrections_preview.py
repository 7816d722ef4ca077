"""A correction previewed (?preview=true): the same correction the real one then makes, answered
with the games it drops, the matches it reopens and the standings after, and nothing stored."""

from __future__ import annotations

from typing import Any

from flask.testing import FlaskClient

from tests.api.helpers import assert_error
from tests.api.tournament_helpers import Tourney, five_qualified


def five_with_semis(client: FlaskClient) -> tuple[Tourney, list[int]]:
    """Five Quebec teams: the qualifying played (ranking 1 3 5 4 2 by draw number), the semis
    (1, 4) and (3, 5) built and one game of each reported; and r1m1 game 1 corrected so that 2
    overtakes 4 for the last semi-final seat."""
    t = five_qualified(client)
    t.by_number("r2m1", {1: 30, 4: 10})
    t.by_number("r2m2", {3: 30, 5: 10})
    numbers = t.numbers()
    return t, [199 if numbers[team] == 1 else 150 for team in t.match("r1m1")["teams"]]


def preview(t: Tourney, match: str, number: int, scores: list[int], cascade: bool = True,
            token: str | None = None, **headers: str) -> Any:
    query = "?preview=true" + ("&cascade=true" if cascade else "")
    return t.client.put(f"{t.url}/matches/{match}/games/{number}{query}",
                        json={"scores": scores}, headers=t.auth(token, **headers))


def test_the_preview_is_what_the_correction_then_does(client: FlaskClient) -> None:
    t, corrected = five_with_semis(client)
    before = t.snapshot()
    shown = preview(t, "r1m1", 1, corrected)
    assert shown.status_code == 200, shown.get_json()
    seen = shown.get_json()
    assert seen["preview"] is True
    assert seen["dropped"] == [{"match": "r2m1", "number": 1}]
    assert seen["reopened"] == ["r2m1"]
    assert seen["match"]["results"][0]["scores"] == corrected
    assert [s["number"] for s in seen["standings"]] == [1, 3, 5, 2, 4]
    # nothing stored: the same tournament, the same version
    assert t.snapshot() == before
    assert shown.headers["ETag"] == before["etag"]

    done = t.correct("r1m1", 1, corrected, cascade="true", **{"If-Match": before["etag"]})
    assert done.status_code == 200, done.get_json()
    real = done.get_json()
    assert real["preview"] is False and "standings" not in real
    assert {k: v for k, v in seen.items() if k not in ("preview", "standings")} == {
        k: v for k, v in real.items() if k != "preview"}
    after = t.get()
    assert after["standings"] == seen["standings"]
    assert done.headers["ETag"] != before["etag"]


def test_a_preview_keeps_no_idempotency_record(client: FlaskClient) -> None:
    t, corrected = five_with_semis(client)
    key = {"Idempotency-Key": "fix-r1m1-1"}
    assert preview(t, "r1m1", 1, [200, 100], **key).status_code == 200
    # the real write under the same key, with another body, is a first write, not a replay
    done = t.correct("r1m1", 1, corrected, cascade="true", **key)
    assert done.status_code == 200, done.get_json()
    assert "Idempotent-Replayed" not in done.headers
    assert done.get_json()["dropped"] == [{"match": "r2m1", "number": 1}]


def test_a_preview_within_the_round_in_play(client: FlaskClient) -> None:
    t, _ = five_with_semis(client)
    scorer = t.scorer("r2m2").get_json()["token"]
    before = t.snapshot()
    shown = preview(t, "r2m2", 1, [11, 9], cascade=False, token=scorer)
    assert shown.status_code == 200, shown.get_json()
    body = shown.get_json()
    assert body["dropped"] == [] and body["reopened"] == []
    assert body["match"]["results"][0]["scores"] == [11, 9]
    assert t.snapshot() == before


def test_a_preview_is_refused_as_the_correction_would_be(client: FlaskClient) -> None:
    t, corrected = five_with_semis(client)
    scorer = t.scorer("r1m1").get_json()["token"]
    before = t.snapshot()
    assert_error(preview(t, "r1m1", 1, corrected, cascade=False), 409)  # later rounds depend
    assert_error(preview(t, "r1m1", 1, corrected, token=scorer), 403)
    assert_error(preview(t, "r1m1", 1, [100, 100]), 422)  # no winner
    assert_error(preview(t, "r1m1", 9, corrected), 404)
    assert_error(preview(t, "r1m1", 1, corrected, **{"If-Match": '"t1-1"'}), 412)
    assert_error(t.client.put(f"{t.url}/matches/r1m1/games/1?preview=maybe",
                              json={"scores": corrected}, headers=t.auth()), 422)
    assert t.snapshot() == before
