"""A hand of a game on a tournament's sheet corrected or undone with ?preview=true: what the
write would do (the hand, the game, and what the match, the later rounds and the standings
become) whoever may apply it, and nothing stored. Co-organizers are the organizer there; the
door is not."""

from __future__ import annotations

import uuid
from typing import Any

from flask.testing import FlaskClient

from tests.api.helpers import GAMES, assert_error, hand, snapshot
from tests.api.sheet_helpers import drawn, play, qualifying_on_the_sheet, results, sheet
from tests.api.tournament_helpers import Tourney

SWING = hand(1, "10NT", [0, 10])  # hand 1 of r1m1 made the second team's: the seeds change


def put(client: FlaskClient, game: dict[str, Any], number: int, body: dict[str, Any],
        token: str, query: str = "", **headers: str) -> Any:
    return client.put(f"{GAMES}/{game['id']}/hands/{number}{query}", json=body,
                      headers={"Authorization": f"Bearer {token}", **headers})


def knockout(client: FlaskClient) -> tuple[Tourney, dict[str, Any]]:
    """Qualifying played on the sheet, semi-finals built, one semi-final game typed in."""
    t, game = qualifying_on_the_sheet(client)
    semi = t.get()["rounds"][1]["matches"][0]["id"]
    assert t.report(semi, [300, 100]).status_code == 201
    return t, game


def state(t: Tourney, game: dict[str, Any]) -> Any:
    return t.snapshot(), snapshot(t.client, f"{GAMES}/{game['id']}")


def test_a_preview_says_what_the_cascade_would_do_and_stores_nothing(
        client: FlaskClient) -> None:
    t, game = knockout(client)
    semi = t.get()["rounds"][1]["matches"][0]
    before = state(t, game)
    shown = put(client, game, 1, SWING, t.token, "?preview=true")
    assert shown.status_code == 200, shown.get_json()
    body = shown.get_json()
    assert body["preview"] is True and body["number"] == 1
    assert body["bid"] == "10NT" and body["deltas"][1] > 0  # the hand as it would be scored
    old = before[1]["hands"][0]["deltas"]
    assert body["game"]["scores"] == [total - was + now for total, was, now in zip(
        before[1]["game"]["scores"], old, body["deltas"], strict=True)]  # the game's after it
    preview = body["tournament"]
    assert preview["apply"] == "cascade"  # the organizer, and ?cascade=true to apply
    assert preview["dropped"] == [{"match": semi["id"], "number": 1}]
    assert preview["reopened"] == [semi["id"]]
    assert preview["match"]["results"][0]["scores"] == body["deltas"]
    assert [s["team"] for s in preview["standings"]] != [s["team"]
                                                       for s in t.get()["standings"]]
    assert shown.headers["ETag"] == before[1]["etag"]
    assert state(t, game) == before
    # Applied as the organizer with ?cascade=true: what the preview said.
    applied = put(client, game, 1, SWING, t.token, "?cascade=true")
    assert applied.status_code == 200, applied.get_json()
    after = t.get()
    assert [s["team"] for s in after["standings"]] == [s["team"] for s in preview["standings"]]
    assert t.match(semi["id"])["results"] == [] or t.match(semi["id"])["teams"] != semi["teams"]
    assert results(t, "r1m1")[0]["scores"] == body["deltas"]


def test_a_preview_answers_every_token_the_write_takes_and_says_who_applies_it(
        client: FlaskClient) -> None:
    t, game = knockout(client)
    scorer = t.scorer("r1m1").get_json()["token"]
    other = t.scorer("r1m2").get_json()["token"]
    before = state(t, game)
    for token, query, apply in ((game["token"], "", "organizer"), (scorer, "", "organizer"),
                                (t.token, "", "cascade"), (t.token, "&cascade=true", "now")):
        shown = put(client, game, 1, SWING, token, "?preview=true" + query)
        assert shown.status_code == 200, shown.get_json()
        assert shown.get_json()["tournament"]["apply"] == apply
    # The write's token rules: none, a stranger's, another match's scorer, a scorer's cascade.
    assert_error(client.put(f"{GAMES}/{game['id']}/hands/1?preview=true", json=SWING), 401)
    for token, query, status in (("not-a-token", "", 403), (other, "", 403),
                                 (scorer, "&cascade=true", 403)):
        assert_error(put(client, game, 1, SWING, token, "?preview=true" + query), status)
    # The write's own refusals: a hand the game does not have, a hand the rules refuse.
    assert_error(put(client, game, 9, SWING, t.token, "?preview=true"), 404)
    assert_error(put(client, game, 1, hand(0, "7H", [9, 9]), t.token, "?preview=true"), 422)
    assert state(t, game) == before


def test_an_undo_previewed_on_the_sheet_says_what_the_match_loses(client: FlaskClient) -> None:
    t, game = qualifying_on_the_sheet(client)
    before = state(t, game)
    shown = client.delete(f"{GAMES}/{game['id']}/hands/5?preview=true",
                          headers={"Authorization": f"Bearer {game['token']}"})
    assert shown.status_code == 200, shown.get_json()
    body = shown.get_json()
    assert body["preview"] is True and body["hands_played"] == 4
    assert body["tournament"] == t.id  # the game's own field, untouched
    preview = body["tournament_preview"]
    assert preview["apply"] == "organizer"
    assert len(preview["match"]["results"]) == 4 and preview["match"]["status"] != "complete"
    assert state(t, game) == before


def test_a_preview_on_a_match_no_round_was_built_on_applies_now(client: FlaskClient) -> None:
    t = drawn(client)
    game = sheet(t, "r1m1").get_json()
    play(client, game["id"], game["token"], hand(0, "7H", [8, 2]))
    shown = put(client, game, 1, hand(1, "8S", [6, 4]), game["token"], "?preview=true")
    assert shown.status_code == 200, shown.get_json()
    preview = shown.get_json()["tournament"]
    assert preview["apply"] == "now" and preview["dropped"] == []
    assert preview["match"]["results"][0]["scores"] == shown.get_json()["deltas"]
    assert results(t, "r1m1")[0]["scores"] != shown.get_json()["deltas"]  # nothing stored


def test_a_game_of_its_own_previews_a_correction_without_a_tournament(
        client: FlaskClient, new_game: Any) -> None:
    made = new_game()
    game = {"id": made.id}
    url = f"{GAMES}/{made.id}"
    assert made.record(hand(0, "7H", [8, 2])).status_code == 201
    before = snapshot(client, url)
    shown = put(client, game, 1, hand(1, "8S", [6, 4]), made.token, "?preview=true")
    assert shown.status_code == 200, shown.get_json()
    assert shown.get_json()["preview"] is True and "tournament" not in shown.get_json()
    assert snapshot(client, url) == before


def test_a_preview_is_not_the_write_for_its_idempotency_key(client: FlaskClient) -> None:
    """As for a tournament's previewed correction: a preview keeps no reply under its key, so
    the write sent after it with the same key is made, not answered with the preview."""
    t, game = knockout(client)
    key = str(uuid.uuid4())
    for _ in range(2):
        shown = put(client, game, 1, SWING, t.token, "?preview=true", **{"Idempotency-Key": key})
        assert shown.status_code == 200 and "Idempotent-Replayed" not in shown.headers
    applied = put(client, game, 1, SWING, t.token, "?cascade=true", **{"Idempotency-Key": key})
    assert applied.status_code == 200 and "preview" not in applied.get_json()
    assert "Idempotent-Replayed" not in applied.headers
    assert results(t, "r1m1")[0]["scores"] == applied.get_json()["deltas"]
    # Previewed again with the key the write used: a preview, not the write's stored reply.
    again = put(client, game, 1, SWING, t.token, "?preview=true", **{"Idempotency-Key": key})
    assert again.status_code == 200 and again.get_json()["preview"] is True


# -- co-organizers and the door on the sheet ------------------------------------------------------


def desk_key(t: Tourney, path: str, body: dict[str, Any] | None = None) -> dict[str, Any]:
    made = t.client.post(f"{t.url}/{path}", json=body, headers=t.auth())
    assert made.status_code == 201, made.get_json()
    found: dict[str, Any] = made.get_json()
    return found


def test_a_co_organizer_is_the_organizer_on_the_sheet_until_revoked(
        client: FlaskClient) -> None:
    t, game = knockout(client)
    marie = desk_key(t, "organizers", {"label": "Marie"})
    shown = put(client, game, 1, SWING, marie["token"], "?preview=true")
    assert shown.status_code == 200 and shown.get_json()["tournament"]["apply"] == "cascade"
    applied = put(client, game, 1, SWING, marie["token"], "?cascade=true")
    assert applied.status_code == 200, applied.get_json()
    assert results(t, "r1m1")[0]["scores"] == applied.get_json()["deltas"]
    # She opens a match's sheet and plays on it like the organizer.
    key = next(m["id"] for m in t.get()["rounds"][1]["matches"] if not m["results"])
    opened = sheet(t, key, marie["token"])
    assert opened.status_code == 201, opened.get_json()
    semi = opened.get_json()
    assert play(client, semi["id"], marie["token"], hand(0, "7H", [8, 2])).status_code == 201
    assert len(results(t, key)) == 1
    # Revoked: none of it any more.
    assert client.delete(f"{t.url}/organizers/{marie['id']}",
                         headers=t.auth()).status_code == 200
    before = state(t, game)
    assert_error(put(client, game, 1, hand(0, "7H", [8, 2]), marie["token"], "?cascade=true"),
                 403)
    assert_error(put(client, game, 1, SWING, marie["token"], "?preview=true"), 403)
    assert_error(play(client, semi["id"], marie["token"], hand(0, "7H", [8, 2])), 403)
    assert_error(sheet(t, key, marie["token"]), 403)
    assert state(t, game) == before


def test_the_door_is_no_organizer_on_the_sheet(client: FlaskClient) -> None:
    t = Tourney.create(client, 4)
    gate = desk_key(t, "door")["token"]
    assert t.draw().status_code == 200
    game = sheet(t, "r1m1").get_json()
    play(client, game["id"], game["token"], hand(0, "7H", [8, 2]))
    before = state(t, game)
    assert_error(sheet(t, "r1m2", gate), 403)
    assert_error(play(client, game["id"], gate, hand(0, "7H", [8, 2])), 403)
    assert_error(put(client, game, 1, SWING, gate, "?preview=true"), 403)
    assert_error(put(client, game, 1, SWING, gate, "?cascade=true"), 403)
    assert state(t, game) == before
