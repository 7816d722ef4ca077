"""A tournament match played on the score sheet (POST .../matches/{m}/sheet): the game's hands,
or its end, report the match's games themselves, exactly once, and corrections follow."""

from __future__ import annotations

import uuid
from typing import Any

from flask import Flask
from flask.testing import FlaskClient

from tests.api.helpers import GAMES, assert_error, hand, snapshot
from tests.api.sheet_helpers import (
    FAILED,
    MADE,
    drawn,
    play,
    qualifying_on_the_sheet,
    results,
    sheet,
)
from tests.api.tournament_helpers import Tourney
from tests.helpers import in_threads


def test_a_match_opens_on_the_sheet_with_its_teams_and_a_second_phone_gets_the_same_game(
        client: FlaskClient) -> None:
    t = drawn(client)
    match = t.match("r1m1")
    opened = sheet(t, "r1m1")
    assert opened.status_code == 201, opened.get_json()
    game = opened.get_json()
    assert game["tournament"] == t.id and game["match"] == "r1m1"
    assert game["variant"] == "quebec-500" and game["token"]
    teams = t.get()["teams"]
    assert [s["name"] for s in game["sides"]] == [teams[i]["name"] for i in match["teams"]]
    assert [s["players"] for s in game["sides"]] == [teams[i]["players"]
                                                      for i in match["teams"]]
    assert t.match("r1m1")["sheet"] == game["id"]
    # The scorer's phone at the same table: the same game, no second token.
    scorer = t.scorer("r1m1").get_json()["token"]
    again = sheet(t, "r1m1", scorer)
    assert again.status_code == 200
    assert again.get_json()["id"] == game["id"] and again.get_json()["token"] is None
    # A game of its own is no tournament's.
    alone = client.get(f"{GAMES}/{game['id']}").get_json()
    assert alone["tournament"] == t.id


def test_each_deal_reports_one_game_of_the_match_and_a_redeal_reports_nothing(
        client: FlaskClient) -> None:
    t = drawn(client)
    game = sheet(t, "r1m1").get_json()
    first = play(client, game["id"], game["token"], MADE)
    assert first.status_code == 201, first.get_json()
    assert results(t, "r1m1") == [{"number": 1, "scores": first.get_json()["deltas"],
                                   "game_id": game["id"], "hand": 1}]
    assert first.get_json()["deltas"][0] > first.get_json()["deltas"][1]
    passed = play(client, game["id"], game["token"], {"passed_out": True})
    assert passed.status_code == 201, passed.get_json()
    assert len(results(t, "r1m1")) == 1  # dealt again: no game of the match
    second = play(client, game["id"], game["token"], FAILED)
    assert [r["scores"] for r in results(t, "r1m1")] == [first.get_json()["deltas"],
                                                         second.get_json()["deltas"]]


def test_a_retried_hand_reports_once_and_the_scorer_token_writes_too(
        client: FlaskClient) -> None:
    t = drawn(client)
    game = sheet(t, "r1m1").get_json()
    key = str(uuid.uuid4())
    assert play(client, game["id"], game["token"], MADE, key).status_code == 201
    replay = play(client, game["id"], game["token"], MADE, key)
    assert replay.status_code == 201
    assert len(results(t, "r1m1")) == 1
    scorer = t.scorer("r1m1").get_json()["token"]
    assert play(client, game["id"], scorer, FAILED).status_code == 201
    assert len(results(t, "r1m1")) == 2
    other = t.scorer("r1m2").get_json()["token"]
    assert_error(play(client, game["id"], other, MADE), 403)
    assert len(results(t, "r1m1")) == 2


def test_a_complete_match_takes_no_more_deals_and_stores_nothing(client: FlaskClient) -> None:
    t = drawn(client)
    game = sheet(t, "r1m1").get_json()
    for _ in range(5):  # Quebec: five games each played in the qualifying round
        assert play(client, game["id"], game["token"], MADE).status_code == 201
    assert t.match("r1m1")["status"] == "complete"
    before = snapshot(client, f"{GAMES}/{game['id']}")
    assert_error(play(client, game["id"], game["token"], MADE), 409)
    assert snapshot(client, f"{GAMES}/{game['id']}") == before
    assert len(results(t, "r1m1")) == 5


def test_a_match_on_the_sheet_takes_no_typed_scores(client: FlaskClient) -> None:
    t = drawn(client)
    sheet(t, "r1m1")
    before = t.snapshot()
    assert_error(t.report("r1m1", [300, 100]), 409)
    assert t.snapshot() == before


def test_a_corrected_or_undone_deal_corrects_the_match(client: FlaskClient) -> None:
    t = drawn(client)
    game = sheet(t, "r1m1").get_json()
    auth = {"Authorization": f"Bearer {game['token']}"}
    play(client, game["id"], game["token"], MADE)
    play(client, game["id"], game["token"], MADE)
    corrected = client.put(f"{GAMES}/{game['id']}/hands/1", json=FAILED, headers=auth)
    assert corrected.status_code == 200, corrected.get_json()
    assert results(t, "r1m1")[0]["scores"] == corrected.get_json()["deltas"]
    # A correction that makes deal 1 a redeal: the match has one game left, renumbered.
    redeal = client.put(f"{GAMES}/{game['id']}/hands/1", json={"passed_out": True},
                        headers=auth)
    assert redeal.status_code == 200, redeal.get_json()
    hands = client.get(f"{GAMES}/{game['id']}/hands").get_json()
    assert [(r["number"], r["scores"]) for r in results(t, "r1m1")] == [(1, hands[1]["deltas"])]
    undone = client.delete(f"{GAMES}/{game['id']}/hands/2", headers=auth)
    assert undone.status_code == 200, undone.get_json()
    assert results(t, "r1m1") == []


def test_a_correction_a_later_round_was_built_on_is_the_organizers_with_cascade(
        client: FlaskClient) -> None:
    t, game = qualifying_on_the_sheet(client)
    url = f"{GAMES}/{game['id']}/hands/1"
    scorer = t.scorer("r1m1").get_json()["token"]
    before = (t.snapshot(), snapshot(client, f"{GAMES}/{game['id']}"))
    for token, query, status in ((game["token"], "", 409), (scorer, "", 409),
                                 (t.token, "", 409), (game["token"], "?cascade=true", 403),
                                 (scorer, "?cascade=true", 403)):
        assert_error(client.put(url + query, json=FAILED,
                                headers={"Authorization": f"Bearer {token}"}), status)
        assert (t.snapshot(), snapshot(client, f"{GAMES}/{game['id']}")) == before
    applied = client.put(url + "?cascade=true", json=FAILED,
                         headers={"Authorization": f"Bearer {t.token}"})
    assert applied.status_code == 200, applied.get_json()
    assert results(t, "r1m1")[0]["scores"] == applied.get_json()["deltas"]
    assert t.get()["updated_at"] >= before[0]["tournament"]["updated_at"]


def test_a_whole_game_reports_once_when_it_ends(client: FlaskClient) -> None:
    t = drawn(client, 2, fmt="single_elimination", options={"game_unit": "game"})
    key = t.get()["rounds"][0]["matches"][0]["id"]
    game = sheet(t, key).get_json()
    hands = 0
    while client.get(f"{GAMES}/{game['id']}").get_json()["status"] != "finished":
        assert play(client, game["id"], game["token"], hand(0, "10NT", [10, 0])).status_code == 201
        hands += 1
        if client.get(f"{GAMES}/{game['id']}").get_json()["status"] != "finished":
            assert results(t, key) == []
    final = client.get(f"{GAMES}/{game['id']}").get_json()["scores"]
    assert results(t, key) == [{"number": 1, "scores": final, "game_id": game["id"],
                                "hand": None}]
    assert t.get()["status"] == "finished"
    # Reopening a reported game by undoing its last hand takes its report away with it.
    undone = client.delete(f"{GAMES}/{game['id']}/hands/{hands}",
                           headers={"Authorization": f"Bearer {game['token']}"})
    assert undone.status_code == 200, undone.get_json()
    assert results(t, key) == []


def test_two_phones_and_their_retries_report_each_deal_exactly_once(
        app: Flask, client: FlaskClient) -> None:
    t = drawn(client)
    game = sheet(t, "r1m1").get_json()
    tokens = [game["token"], t.scorer("r1m1").get_json()["token"]]
    keys = [str(uuid.uuid4()) for _ in range(4)]

    def send(i: int) -> int:
        with app.test_client() as phone:
            entered = MADE if i % 2 else FAILED
            reply = play(phone, game["id"], tokens[i % 2], entered, keys[i % 4])
            return int(reply.status_code)

    statuses = in_threads(8, send)  # each key sent twice: from each phone's outbox, say
    assert set(statuses) <= {201, 409, 422}
    hands = client.get(f"{GAMES}/{game['id']}/hands").get_json()
    reported = results(t, "r1m1")
    assert len(hands) == len(reported) == 4
    assert [r["scores"] for r in reported] == [h["deltas"] for h in hands]
    assert [r["number"] for r in reported] == [1, 2, 3, 4]


def test_a_bye_or_an_undrawn_tournament_has_no_sheet(client: FlaskClient) -> None:
    t = Tourney.create(client, 3, fmt="round_robin")
    assert_error(sheet(t, "r1m1"), 409)
    assert t.draw().status_code == 200
    bye = next(m for r in t.get()["rounds"] for m in r["matches"] if m["kind"] == "bye")
    assert_error(sheet(t, bye["id"]), 409)
    assert_error(sheet(t, "r9m9"), 404)
    assert_error(sheet(t, "r1m1", "not-a-token"), 403)


def test_an_offline_queue_replayed_after_success_reports_each_deal_once(
        client: FlaskClient) -> None:
    """The page's outbox sends its hands in order, each with its own Idempotency-Key and the
    ETag the previous reply gave as If-Match. Replies lost on the way back: it sends the same
    entries again (same keys, the If-Match they had), which must record and report nothing
    twice, and the queue's next hand goes on from the replayed reply's ETag."""
    t = drawn(client)
    game = sheet(t, "r1m1").get_json()
    url = f"{GAMES}/{game['id']}/hands"
    queue = [(str(uuid.uuid4()), entered) for entered in (MADE, FAILED, MADE)]

    def send(key: str, entered: dict[str, Any], if_match: str) -> Any:
        return client.post(url, json=entered, headers={
            "Authorization": f"Bearer {game['token']}", "Idempotency-Key": key,
            "If-Match": if_match})

    etag = client.get(f"{GAMES}/{game['id']}").headers["ETag"]
    sent = []
    for key, entered in queue[:2]:  # two hands reach the server; their replies are lost
        sent.append(etag)
        reply = send(key, entered, etag)
        assert reply.status_code == 201, reply.get_json()
        etag = reply.headers["ETag"]
    # The connection returns: the outbox sends its whole queue again, from the first entry.
    etag = sent[0]
    for key, entered in queue:
        reply = send(key, entered, etag)
        assert reply.status_code == 201, reply.get_json()
        etag = reply.headers["ETag"]
    replayed = [send(key, entered, sent[i]).headers.get("Idempotent-Replayed")
                for i, (key, entered) in enumerate(queue[:2])]
    assert replayed == ["true", "true"]
    hands = client.get(url).get_json()
    assert len(hands) == 3
    assert [r["scores"] for r in results(t, "r1m1")] == [h["deltas"] for h in hands]
    assert [r["number"] for r in results(t, "r1m1")] == [1, 2, 3]


def test_a_retried_correction_or_undo_corrects_the_match_once(client: FlaskClient) -> None:
    t = drawn(client)
    game = sheet(t, "r1m1").get_json()
    for entered in (MADE, MADE, MADE):
        play(client, game["id"], game["token"], entered)
    auth = {"Authorization": f"Bearer {game['token']}"}
    fixed, undone = str(uuid.uuid4()), str(uuid.uuid4())
    replies = [client.put(f"{GAMES}/{game['id']}/hands/1", json={"passed_out": True},
                          headers={**auth, "Idempotency-Key": fixed}) for _ in range(2)]
    assert [r.status_code for r in replies] == [200, 200]
    assert replies[1].headers["Idempotent-Replayed"] == "true"
    assert [r["number"] for r in results(t, "r1m1")] == [1, 2]  # deal 1 a redeal: 2 games left
    replies = [client.delete(f"{GAMES}/{game['id']}/hands/3",
                             headers={**auth, "Idempotency-Key": undone}) for _ in range(2)]
    assert [r.status_code for r in replies] == [200, 200]
    hands = client.get(f"{GAMES}/{game['id']}/hands").get_json()
    assert len(hands) == 2
    assert [r["scores"] for r in results(t, "r1m1")] == [hands[1]["deltas"]]
    history = client.get(f"{GAMES}/{game['id']}/history").get_json()
    assert [c["action"] for c in history] == ["recorded"] * 3 + ["corrected", "undone"]
