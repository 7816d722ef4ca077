"""Games and hands through the API: record, list, read, correct, undo, history, ETags, retries."""

from __future__ import annotations

import hashlib
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.extensions import db
from scorekeeper.models import Game
from tests.api.helpers import API, SIX_IN_THREES, assert_error, hand, snapshot
from tests.helpers import TWO_SIDES

OPEN = {"target": 100_000, "lose_at": None}  # a game that never ends


def standing(game: dict[str, Any]) -> dict[str, Any]:
    return {k: game[k] for k in ("status", "winner", "scores", "hands_played", "dealer")}


def record_all(game: Any, hands: list[dict[str, Any]]) -> list[dict[str, Any]]:
    replies = []
    for entered in hands:
        response = game.record(entered)
        assert response.status_code == 201, response.get_json()
        replies.append(response.get_json())
    return replies


# -- creating a game ---------------------------------------------------------------------------


def test_create_game_returns_resolved_options_token_location_and_etag(
        client: FlaskClient) -> None:
    response = client.post(f"{API}/games", json={
        "variant": "australian-500", "options": {"slam_bonus": False}, "sides": TWO_SIDES,
        "first_dealer": 2})
    assert response.status_code == 201
    body = response.get_json()
    url = f"{API}/games/{body['id']}"
    assert response.headers["Location"].endswith(url)
    assert response.headers["ETag"]
    assert body["variant"] == "australian-500"
    assert body["sides"] == TWO_SIDES
    assert body["options"]["slam_bonus"] is False
    assert body["options"]["target"] == 500 and body["options"]["pass_out"] == "redeal"
    assert (body["status"], body["winner"], body["scores"]) == ("in_progress", None, [0, 0])
    assert (body["hands_played"], body["dealer"]) == (0, 2)
    assert body["created_at"].endswith("Z")
    read = client.get(url)
    assert "token" not in read.get_json()
    assert read.headers["ETag"] == response.headers["ETag"]
    assert {k: v for k, v in body.items() if k != "token"} == read.get_json()


def test_token_is_long_random_and_stored_hashed(app: Flask, client: FlaskClient,
                                                new_game: Any) -> None:
    first, second = new_game(), new_game()
    assert len(first.token) >= 43 and first.token != second.token
    assert set(first.token) <= set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
                                   "0123456789-_")
    reply = first.record(hand(1, "7H", [3, 7]))
    for text in (reply.get_data(as_text=True), client.get(first.url).get_data(as_text=True),
                 client.get(f"{first.url}/hands").get_data(as_text=True),
                 client.get(f"{first.url}/history").get_data(as_text=True)):
        assert first.token not in text
    with app.app_context():
        stored = db.session.get(Game, first.id)
        assert stored is not None
        assert stored.token_hash != first.token
        assert first.token not in stored.token_hash
        assert stored.token_hash == hashlib.sha256(first.token.encode()).hexdigest()


# -- recording, listing, reading -----------------------------------------------------------------


def test_record_a_hand(client: FlaskClient, new_game: Any) -> None:
    game = new_game()
    response = game.record(hand(1, "7H", [3, 7]))
    assert response.status_code == 201
    body = response.get_json()
    assert body["number"] == 1
    assert (body["bidder"], body["bid"], body["tricks"]) == (1, "7H", [3, 7])
    assert body["deltas"] == [30, 200]
    assert body["scores"] == [30, 200]
    assert body["explanation"] == ["7♥ made by East-West: +200", "North-South took 3 tricks: +30"]
    assert body["game"]["status"] == "in_progress" and body["game"]["winner"] is None
    assert body["game"]["scores"] == [30, 200]
    after = client.get(game.url)
    assert standing(after.get_json()) == {"status": "in_progress", "winner": None,
                                          "scores": [30, 200], "hands_played": 1, "dealer": 1}
    assert after.headers["ETag"] == response.headers["ETag"]


def test_bid_is_stored_in_canonical_form(client: FlaskClient, new_game: Any) -> None:
    game = new_game()
    assert game.record(hand(0, " 8nt ", [8, 2])).get_json()["bid"] == "8NT"
    assert client.get(f"{game.url}/hands/1").get_json()["bid"] == "8NT"


@pytest.mark.parametrize(("entered", "options", "deltas", "explanation"), [
    pytest.param(hand(0, "7H", [7, 3]), None, [200, 30],
                 ["7♥ made by North-South: +200", "East-West took 3 tricks: +30"], id="made"),
    pytest.param(hand(1, "7S", [7, 3]), None, [70, -140],
                 ["7♠ failed by East-West (3 of 7 tricks): -140",
                  "North-South took 7 tricks: +70"], id="failed"),
    pytest.param(hand(1, "7H", [0, 10]), None, [0, 250],
                 ["7♥ made by East-West with every trick: slam, +250 instead of +200",
                  "North-South took no tricks: +0"], id="slam"),
    pytest.param(hand(1, "7H", [0, 10]), {"slam_bonus": False}, [0, 200],
                 ["7♥ made by East-West: +200", "North-South took no tricks: +0"],
                 id="no-slam-bonus"),
    pytest.param(hand(0, "10NT", [10, 0]), None, [520, 0],
                 ["10NT made by North-South: +520", "East-West took no tricks: +0",
                  "North-South reached 500 and wins the game"], id="ten-no-trumps"),
    pytest.param(hand(2, "MIS", [0, 10]), None, [250, 0],
                 ["Misère made by North-South (Cy alone): +250",
                  "Defenders score nothing against a misère"], id="misere"),
    pytest.param(hand(3, "OMIS", [9, 1]), {"lose_at": None}, [0, -500],
                 ["Open misère failed by East-West (Di alone) (1 trick taken): -500",
                  "Defenders score nothing against a misère"], id="open-misere-failed"),
    pytest.param({"passed_out": True}, None, [0, 0],
                 ["Everybody passed: no score; Ann deals again (redeal 1 of 2)"], id="pass-out"),
    pytest.param({"passed_out": True, "tricks": [4, 6]}, {"pass_out": "no-trump"}, [40, 60],
                 ["Everybody passed: the hand was played at no-trumps, 10 points a trick",
                  "North-South took 4 tricks: +40", "East-West took 6 tricks: +60"],
                 id="pass-out-no-trump"),
])
def test_explanations(new_game: Any, entered: dict[str, Any], options: dict[str, Any] | None,
                      deltas: list[int], explanation: list[str]) -> None:
    game = new_game(options=options)
    body = game.record(entered).get_json()
    assert body["deltas"] == deltas
    assert body["explanation"] == explanation


def test_list_hands_and_read_one(client: FlaskClient, new_game: Any) -> None:
    game = new_game()
    replies = record_all(game, [hand(1, "7H", [3, 7]), {"passed_out": True},
                                hand(0, "6NT", [6, 4])])
    listed = client.get(f"{game.url}/hands")
    assert listed.status_code == 200
    hands = listed.get_json()
    assert [h["number"] for h in hands] == [1, 2, 3]
    assert [h["scores"] for h in hands] == [[30, 200], [30, 200], [150, 240]]
    current = standing(game.state())
    for listed_hand, reply in zip(hands, replies, strict=True):
        one = client.get(f"{game.url}/hands/{listed_hand['number']}")
        assert one.status_code == 200
        body = one.get_json()
        assert {k: v for k, v in body.items() if k != "game"} == listed_hand
        assert {k: v for k, v in reply.items() if k != "game"} == listed_hand
        assert {k: body["game"][k] for k in current} == current


# -- corrections ---------------------------------------------------------------------------------


def test_correction_recomputes_later_hands_and_the_game(client: FlaskClient,
                                                       new_game: Any) -> None:
    game = new_game()
    record_all(game, [hand(0, "7H", [7, 3]), hand(1, "6S", [4, 6]), hand(0, "7S", [7, 3])])
    assert game.state()["scores"] == [380, 100]

    response = client.put(f"{game.url}/hands/2", json=hand(1, "6S", [6, 4]),
                          headers=game.auth())
    assert response.status_code == 200
    body = response.get_json()
    assert (body["number"], body["deltas"], body["scores"]) == (2, [60, -40], [260, -10])
    assert body["explanation"][0] == "6♠ failed by East-West (4 of 6 tricks): -40"
    assert body["game"]["scores"] == [400, 20]
    hands = client.get(f"{game.url}/hands").get_json()
    assert [h["deltas"] for h in hands] == [[200, 30], [60, -40], [140, 30]]
    assert [h["scores"] for h in hands] == [[200, 30], [260, -10], [400, 20]]
    assert standing(game.state())["scores"] == [400, 20]

    # Correcting the last hand can finish the game ...
    finished = client.put(f"{game.url}/hands/3", json=hand(0, "8S", [8, 2]),
                          headers=game.auth()).get_json()
    assert finished["game"]["status"] == "finished" and finished["game"]["winner"] == 0
    assert standing(game.state()) == {"status": "finished", "winner": 0, "scores": [500, 10],
                                      "hands_played": 3, "dealer": 3}
    assert game.record(hand(0, "6S", [6, 4])).status_code == 409
    # ... and correcting it back reopens it.
    reopened = client.put(f"{game.url}/hands/3", json=hand(0, "7S", [7, 3]),
                          headers=game.auth()).get_json()
    assert (reopened["game"]["status"], reopened["game"]["winner"]) == ("in_progress", None)
    assert game.record(hand(0, "6S", [6, 4])).status_code == 201


def test_correction_that_ends_the_game_before_later_hands_is_409(client: FlaskClient,
                                                                new_game: Any) -> None:
    game = new_game()
    record_all(game, [hand(0, "7H", [7, 3]), hand(1, "7S", [7, 3])])
    before = snapshot(client, game.url)
    response = client.put(f"{game.url}/hands/1", json=hand(0, "10NT", [10, 0]),
                          headers=game.auth())
    body = assert_error(response, 409)
    assert "hand 1" in body["message"]
    assert snapshot(client, game.url) == before


def test_correction_that_makes_a_later_hand_illegal_is_422_naming_it(client: FlaskClient,
                                                                    new_game: Any) -> None:
    game = new_game(options={"ralphing": True, "lose_at": None})
    record_all(game, [hand(0, "7H", [7, 3]), hand(1, "6S", [6, 4]), hand(0, "7H", [7, 3])])
    before = snapshot(client, game.url)
    # Ann (seat 0) fails 10♥ by five tricks in hand 2: she may not win the auction of hand 3.
    response = client.put(f"{game.url}/hands/2", json=hand(0, "10H", [5, 5]),
                          headers=game.auth())
    body = assert_error(response, 422, "bidder")
    assert "hand 3" in body["message"]
    assert snapshot(client, game.url) == before
    # The same correction is fine once the later hand names another bidder.
    assert client.put(f"{game.url}/hands/3", json=hand(2, "7H", [7, 3]),
                      headers=game.auth()).status_code == 200
    assert client.put(f"{game.url}/hands/2", json=hand(0, "10H", [5, 5]),
                      headers=game.auth()).status_code == 200
    assert game.state()["scores"] == [200 - 500 + 200, 30 + 50 + 30]


# -- undo ----------------------------------------------------------------------------------------


def test_undo_the_last_hand_restores_scores_and_dealer(client: FlaskClient,
                                                      new_game: Any) -> None:
    game = new_game(first_dealer=1)
    record_all(game, [hand(1, "7H", [3, 7])])
    after_first = standing(game.state())
    record_all(game, [hand(0, "8S", [8, 2])])
    assert game.state()["dealer"] == 3

    response = client.delete(f"{game.url}/hands/2", headers=game.auth())
    assert response.status_code == 200
    assert standing(response.get_json()) == after_first
    assert standing(game.state()) == after_first == {
        "status": "in_progress", "winner": None, "scores": [30, 200], "hands_played": 1,
        "dealer": 2}
    assert client.get(f"{game.url}/hands/2").status_code == 404
    assert [h["number"] for h in client.get(f"{game.url}/hands").get_json()] == [1]
    assert game.record(hand(0, "6S", [6, 4])).get_json()["number"] == 2


def test_undo_reopens_a_finished_game(client: FlaskClient, new_game: Any) -> None:
    game = new_game()
    record_all(game, [hand(0, "7H", [7, 3])])
    finishing = game.record(hand(0, "8H", [8, 2])).get_json()
    assert (finishing["game"]["status"], finishing["game"]["winner"]) == ("finished", 0)
    assert client.delete(f"{game.url}/hands/2", headers=game.auth()).status_code == 200
    assert standing(game.state()) == {"status": "in_progress", "winner": None,
                                      "scores": [200, 30], "hands_played": 1, "dealer": 1}
    assert game.record(hand(1, "6S", [4, 6])).status_code == 201


def test_undo_every_hand_back_to_the_start(client: FlaskClient, new_game: Any) -> None:
    game = new_game(first_dealer=3)
    start = standing(game.state())
    record_all(game, [hand(1, "7H", [3, 7]), {"passed_out": True}])
    for number in (2, 1):
        assert client.delete(f"{game.url}/hands/{number}", headers=game.auth()).status_code == 200
    assert standing(game.state()) == start
    assert client.get(f"{game.url}/hands").get_json() == []


# -- history -------------------------------------------------------------------------------------


def test_history_keeps_every_version(client: FlaskClient, new_game: Any) -> None:
    game = new_game()
    first, second = record_all(game, [hand(0, "7H", [7, 3]), hand(1, "6S", [4, 6])])
    client.put(f"{game.url}/hands/1", json=hand(0, "7H", [6, 4]), headers=game.auth())
    second_now = client.get(f"{game.url}/hands/2").get_json()
    client.delete(f"{game.url}/hands/2", headers=game.auth())

    history = client.get(f"{game.url}/history")
    assert history.status_code == 200
    changes = history.get_json()
    assert [(c["number"], c["action"]) for c in changes] == [
        (1, "recorded"), (2, "recorded"), (1, "corrected"), (2, "undone")]
    assert all(c["at"] for c in changes)
    assert [c["at"] for c in changes] == sorted(c["at"] for c in changes)
    assert changes[0]["before"] is None
    assert changes[0]["after"] == {"input": hand(0, "7H", [7, 3]), "deltas": first["deltas"],
                                   "scores": first["scores"]}
    assert changes[1]["after"]["deltas"] == second["deltas"]
    # The correction keeps the old version of hand 1 ...
    assert changes[2]["before"] == changes[0]["after"]
    assert changes[2]["after"] == {"input": hand(0, "7H", [6, 4]), "deltas": [-200, 40],
                                   "scores": [-200, 40]}
    # ... and the undo keeps hand 2 as it stood (after the correction changed its scores).
    assert changes[3]["before"] == {"input": hand(1, "6S", [4, 6]), "deltas": [40, 40],
                                    "scores": second_now["scores"]}
    assert second_now["scores"] == [-160, 80]
    assert changes[3]["after"] is None


# -- ETags and If-Match / If-None-Match ------------------------------------------------------------


def test_etag_changes_on_every_write(client: FlaskClient) -> None:
    created = client.post(f"{API}/games", json={"variant": "australian-500", "sides": TWO_SIDES})
    body = created.get_json()
    url, auth = f"{API}/games/{body['id']}", {"Authorization": f"Bearer {body['token']}"}
    writes = [created,
              client.post(f"{url}/hands", json=hand(1, "7H", [3, 7]), headers=auth),
              client.post(f"{url}/hands", json={"passed_out": True}, headers=auth),
              client.put(f"{url}/hands/1", json=hand(1, "7H", [4, 6]), headers=auth),
              client.put(f"{url}/hands/1", json=hand(1, "7H", [4, 6]), headers=auth),
              client.delete(f"{url}/hands/2", headers=auth)]
    tags = []
    for write in writes:
        assert write.status_code in (200, 201), write.get_json()
        tags.append(write.headers["ETag"])
    assert len(set(tags)) == len(tags)
    assert client.get(url).headers["ETag"] == tags[-1]


def test_if_match_with_the_current_etag_or_star_succeeds(client: FlaskClient,
                                                        new_game: Any) -> None:
    game = new_game()
    tag = client.get(game.url).headers["ETag"]
    first = game.record(hand(1, "7H", [3, 7]), **{"If-Match": tag})
    assert first.status_code == 201
    second = game.record(hand(0, "6S", [6, 4]), **{"If-Match": first.headers["ETag"]})
    assert second.status_code == 201
    corrected = client.put(f"{game.url}/hands/1", json=hand(1, "7H", [2, 8]),
                           headers=game.auth(**{"If-Match": second.headers["ETag"]}))
    assert corrected.status_code == 200
    undone = client.delete(f"{game.url}/hands/2",
                           headers=game.auth(**{"If-Match": corrected.headers["ETag"]}))
    assert undone.status_code == 200
    assert game.record(hand(0, "6S", [6, 4]), **{"If-Match": "*"}).status_code == 201
    assert client.put(f"{game.url}/hands/2", json=hand(0, "6C", [6, 4]),
                      headers=game.auth(**{"If-Match": "*"})).status_code == 200
    assert client.delete(f"{game.url}/hands/2",
                         headers=game.auth(**{"If-Match": "*"})).status_code == 200
    assert game.state()["hands_played"] == 1
    # One of several offered tags being current is enough.
    now = client.get(game.url).headers["ETag"]
    assert game.record(hand(0, "6S", [6, 4]), **{"If-Match": f'{tag}, {now}'}).status_code == 201


def test_if_none_match(client: FlaskClient, new_game: Any) -> None:
    game = new_game()
    tag = client.get(game.url).headers["ETag"]
    not_modified = client.get(game.url, headers={"If-None-Match": tag})
    assert not_modified.status_code == 304
    assert not_modified.headers["ETag"] == tag
    assert not_modified.get_data() == b""
    game.record(hand(1, "7H", [3, 7]))
    changed = client.get(game.url, headers={"If-None-Match": tag})
    assert changed.status_code == 200
    assert changed.headers["ETag"] != tag
    assert changed.get_json()["hands_played"] == 1


# -- Idempotency-Key -------------------------------------------------------------------------------


def idempotent_write(client: FlaskClient, game: Any, kind: str, key: str) -> Any:
    headers = game.auth(**{"Idempotency-Key": key})
    if kind == "POST":
        return client.post(f"{game.url}/hands", json=hand(0, "8D", [8, 2]), headers=headers)
    if kind == "PUT":
        return client.put(f"{game.url}/hands/1", json=hand(0, "8D", [8, 2]), headers=headers)
    return client.delete(f"{game.url}/hands/2", headers=headers)


@pytest.mark.parametrize(("kind", "status", "hands_after", "actions"), [
    ("POST", 201, 3, ["recorded", "recorded", "recorded"]),
    ("PUT", 200, 2, ["recorded", "recorded", "corrected"]),
    ("DELETE", 200, 1, ["recorded", "recorded", "undone"]),
])
def test_idempotency_key_replays_the_first_reply(client: FlaskClient, new_game: Any, kind: str,
                                                 status: int, hands_after: int,
                                                 actions: list[str]) -> None:
    game = new_game()
    record_all(game, [hand(1, "7H", [3, 7]), hand(1, "6S", [4, 6])])
    first = idempotent_write(client, game, kind, "retry-me")
    assert first.status_code == status
    assert "Idempotent-Replayed" not in first.headers
    after_first = snapshot(client, game.url)

    again = idempotent_write(client, game, kind, "retry-me")
    assert again.status_code == status
    assert again.headers["Idempotent-Replayed"] == "true"
    assert again.get_json() == first.get_json()
    assert again.headers["ETag"] == first.headers["ETag"]
    assert snapshot(client, game.url) == after_first
    assert len(after_first["hands"]) == hands_after
    assert [c["action"] for c in after_first["history"]] == actions

    # A new key is a new write.
    fresh = idempotent_write(client, game, kind, "another")
    if kind == "DELETE":
        assert_error(fresh, 404)  # hand 2 is gone already
    else:
        assert fresh.status_code == status and "Idempotent-Replayed" not in fresh.headers
        assert client.get(game.url).headers["ETag"] != after_first["etag"]


def test_a_retry_replays_even_with_the_now_stale_if_match(client: FlaskClient,
                                                         new_game: Any) -> None:
    game = new_game()
    tag = client.get(game.url).headers["ETag"]
    headers = {"Idempotency-Key": "k-1", "If-Match": tag}
    first = game.record(hand(1, "7H", [3, 7]), **headers)
    assert first.status_code == 201
    again = game.record(hand(1, "7H", [3, 7]), **headers)
    assert again.status_code == 201 and again.headers["Idempotent-Replayed"] == "true"
    assert again.get_json() == first.get_json()
    assert len(client.get(f"{game.url}/history").get_json()) == 1


def test_idempotency_keys_belong_to_one_game(new_game: Any) -> None:
    one, two = new_game(), new_game()
    assert one.record(hand(1, "7H", [3, 7]), **{"Idempotency-Key": "same"}).status_code == 201
    other = two.record(hand(1, "7H", [3, 7]), **{"Idempotency-Key": "same"})
    assert other.status_code == 201 and "Idempotent-Replayed" not in other.headers
    assert one.state()["hands_played"] == two.state()["hands_played"] == 1


# -- the end of a game, the deal -------------------------------------------------------------------


def test_game_finishes_at_500_then_refuses_hands(client: FlaskClient, new_game: Any) -> None:
    game = new_game()
    record_all(game, [hand(0, "8H", [8, 2])])
    body = game.record(hand(2, "7H", [7, 3])).get_json()
    assert body["scores"] == [500, 50]
    assert standing(body["game"]) == {"status": "finished", "winner": 0, "scores": [500, 50],
                                      "hands_played": 2, "dealer": 2}
    assert body["explanation"][-1] == "North-South reached 500 and wins the game"
    state = game.state()
    assert (state["status"], state["winner"]) == ("finished", 0)
    before = snapshot(client, game.url)
    for entered in (hand(1, "6S", [4, 6]), {"passed_out": True}):
        refused = assert_error(game.record(entered), 409)
        assert "over" in refused["message"]
    assert snapshot(client, game.url) == before


def test_game_lost_out_the_back_door(new_game: Any) -> None:
    game = new_game()
    body = game.record(hand(1, "10H", [5, 5])).get_json()
    assert body["scores"] == [50, -500]
    assert (body["game"]["status"], body["game"]["winner"]) == ("finished", 0)
    assert body["explanation"][-1] == "East-West went out the back door; North-South wins the game"


@pytest.mark.parametrize(("sides", "first_dealer", "dealers"), [
    (TWO_SIDES, 0, [1, 2, 3, 0, 1]),
    (TWO_SIDES, 3, [0, 1, 2, 3, 0]),
    (SIX_IN_THREES, 4, [5, 0, 1, 2, 3, 4, 5]),
])
def test_the_deal_passes_to_the_left(new_game: Any, sides: list[Any], first_dealer: int,
                                     dealers: list[int]) -> None:
    game = new_game(options=OPEN, sides=sides, first_dealer=first_dealer)
    assert game.state()["dealer"] == first_dealer
    tricks = [10 - 3 * (len(sides) - 1)] + [3] * (len(sides) - 1)
    seen = []
    for number in range(len(dealers)):
        reply = game.record(hand(number % (2 * len(sides)), "6S", tricks)).get_json()
        seen.append(reply["game"]["dealer"])
    assert seen == dealers
    assert game.state()["dealer"] == dealers[-1]


def test_redeal_rule(client: FlaskClient, new_game: Any) -> None:
    game = new_game(first_dealer=2)
    dealers = [game.record({"passed_out": True}).get_json()["game"]["dealer"] for _ in range(3)]
    # The same dealer deals again twice; after two redeals in a row the deal passes on.
    assert dealers == [2, 2, 3]
    # A new dealer starts a new count; a played hand resets it.
    assert game.record({"passed_out": True}).get_json()["game"]["dealer"] == 3
    assert game.record(hand(0, "6S", [6, 4])).get_json()["game"]["dealer"] == 0
    assert game.record({"passed_out": True}).get_json()["game"]["dealer"] == 0
    # Undoing that pass-out restores the count to zero: seat 0 may deal again twice more.
    assert client.delete(f"{game.url}/hands/6", headers=game.auth()).status_code == 200
    replies = [game.record({"passed_out": True}).get_json() for _ in range(3)]
    assert [r["game"]["dealer"] for r in replies] == [0, 0, 1]
    assert [r["explanation"] for r in replies] == [
        ["Everybody passed: no score; Ann deals again (redeal 1 of 2)"],
        ["Everybody passed: no score; Ann deals again (redeal 2 of 2)"],
        ["Everybody passed after 2 redeals: no score; the deal passes on"]]


@pytest.mark.parametrize(("policy", "dealers"), [
    ("next-dealer", [1, 2, 3]),
    ("no-trump", [1, 2, 3]),
])
def test_other_pass_out_policies_pass_the_deal(new_game: Any, policy: str,
                                               dealers: list[int]) -> None:
    game = new_game(options={"pass_out": policy})
    entered: dict[str, Any] = {"passed_out": True}
    if policy == "no-trump":
        entered["tricks"] = [5, 5]
    replies = [game.record(entered).get_json() for _ in dealers]
    assert [r["game"]["dealer"] for r in replies] == dealers
    expected = [50, 50] if policy == "no-trump" else [0, 0]
    assert all(r["deltas"] == expected for r in replies)


# -- variants --------------------------------------------------------------------------------------

AVONDALE = {f"{tricks}{suit}": 40 + 20 * s + 100 * (tricks - 6)
            for tricks in range(6, 11) for s, suit in enumerate(["S", "C", "D", "H", "NT"])}
DEFAULTS = {"target": 500, "lose_at": -500, "win_on": "any", "slam_bonus": True,
            "defender_trick_points": 10, "defender_cap": None, "misere": True,
            "misere_rank": "after-7", "open_misere": True, "blind_misere": False,
            "double_nullo": False, "patastrophe": False, "hi_lo": False, "j5": False,
            "misere_defender_tricks": False, "pass_out": "redeal", "ralphing": False,
            "auction": "australian"}
SPECIAL = {"MIS": 250, "OMIS": 500, "BMIS": 1000, "DNUL": 500, "PAT": 1000, "HILO": 350}


def test_variants_list(client: FlaskClient) -> None:
    response = client.get(f"{API}/variants")
    assert response.status_code == 200
    variants = response.get_json()
    assert isinstance(variants, list)
    by_key = {v["key"]: v for v in variants}
    assert "australian-500" in by_key
    for variant in variants:
        assert client.get(f"{API}/variants/{variant['key']}").get_json() == variant
        assert {"key", "name", "players", "team_play", "options"} <= set(variant)


def test_australian_500_options(client: FlaskClient) -> None:
    variant = client.get(f"{API}/variants/australian-500").get_json()
    assert variant["name"] == "Australian 500"
    assert variant["players"] == {"min": 3, "max": 6}
    assert variant["team_play"] is True
    options = variant["options"]
    assert {name: spec["default"] for name, spec in options.items() if name in DEFAULTS} \
        == DEFAULTS
    for name, spec in options.items():
        assert spec["type"] in ("boolean", "integer", "string", "table"), name
        assert "default" in spec, name
        assert isinstance(spec["description"], str) and spec["description"].strip(), name
        if "choices" in spec:
            assert spec["choices"] and spec["default"] in spec["choices"], name
    assert options["pass_out"]["choices"] == ["redeal", "no-trump", "next-dealer",
                                              "dealer-must-bid"]
    assert set(options["win_on"]["choices"]) == {"any", "contract"}
    # A game created without options gets exactly these defaults.
    created = client.post(f"{API}/games", json={"variant": "australian-500", "sides": TWO_SIDES})
    assert created.get_json()["options"] == {name: spec["default"]
                                             for name, spec in options.items()}


def test_australian_500_bids(client: FlaskClient) -> None:
    bids = client.get(f"{API}/variants/australian-500").get_json()["bids"]
    points = {bid["code"]: bid["points"] for bid in bids}
    assert len(points) == len(bids)
    assert {code: points[code] for code in AVONDALE} == AVONDALE
    assert len(AVONDALE) == 25
    assert (points["6S"], points["6NT"], points["7H"], points["10NT"]) == (40, 120, 200, 520)
    assert {code: points[code] for code in SPECIAL} == SPECIAL
    assert all(isinstance(bid["name"], str) and bid["name"] for bid in bids)
    # Auction order: ordinary bids by tricks then suit; misère between 7NT and 8♠, open misère
    # between 10♦ and 10♥, blind misère above 10NT.
    order = [bid["code"] for bid in bids]
    ordinary = [code for code in order if code in AVONDALE]
    assert ordinary == list(AVONDALE)
    assert order.index("7NT") < order.index("MIS") < order.index("8S")
    assert order.index("10D") < order.index("OMIS") < order.index("10H")
    assert order.index("10NT") < order.index("BMIS")
    assert order.index("9C") < order.index("HILO") < order.index("9D")
    # Every bid an option enables names that option.
    enabled_by = {bid["code"]: bid.get("option") for bid in bids}
    assert all(enabled_by[code] is None for code in AVONDALE)
    assert (enabled_by["MIS"], enabled_by["OMIS"], enabled_by["BMIS"]) == (
        "misere", "open_misere", "blind_misere")


@pytest.mark.parametrize("code", sorted(AVONDALE))
def test_every_avondale_bid_scores_its_value(new_game: Any, code: str) -> None:
    game = new_game(options=OPEN)
    needed = int(code[:-2] if code.endswith("NT") else code[:-1])
    made = game.record(hand(1, code, [10 - needed, needed])).get_json()
    value = AVONDALE[code]
    slam = 250 if needed == 10 and value < 250 else value
    assert made["deltas"] == [(10 - needed) * 10, slam]
    failed = game.record(hand(0, code, [needed - 1, 11 - needed])).get_json()
    assert failed["deltas"] == [-value, (11 - needed) * 10]
