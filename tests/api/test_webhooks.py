"""A club's webhooks (issue 30): events written to the outbox in the transaction of their cause,
posted by the sender signed as Standard Webhooks, retried with backoff, 410 disabling an
endpoint, private addresses refused, and failed deliveries replayed with the same webhook-id."""

from __future__ import annotations

import json
from datetime import datetime, timedelta
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import func, select
from standardwebhooks import Webhook as Verifier
from standardwebhooks import WebhookVerificationError

from scorekeeper.extensions import db
from scorekeeper.models import Delivery, Outbox, Webhook, utcnow
from scorekeeper.services.clubs.events import emit
from scorekeeper.services.clubs.sender import Sender
from scorekeeper.webhooks.policy import DEFAULT_POLICY
from tests.api.club_helpers import bearer, new_club
from tests.api.helpers import API, assert_error, hand
from tests.api.webhook_helpers import (
    FINISHING,
    Receiver,
    finished_game,
    receiving,
    register,
)
from tests.helpers import every_stored_text


@pytest.fixture
def private_allowed(monkeypatch: pytest.MonkeyPatch) -> None:
    """The receiver of these tests listens on 127.0.0.1: allowed as on a club's own network."""
    monkeypatch.setenv("SCOREKEEPER_WEBHOOKS_ALLOW_PRIVATE", "1")


class Clock:
    def __init__(self) -> None:
        self.at = utcnow() + timedelta(seconds=1)

    def __call__(self) -> datetime:
        return self.at


def send(app: Flask, clock: Clock | None = None) -> int:
    with app.app_context():
        return Sender(now=clock or Clock()).look()


def counts(app: Flask) -> tuple[int, int]:
    with app.app_context():
        return (db.session.scalar(select(func.count()).select_from(Outbox)) or 0,
                db.session.scalar(select(func.count()).select_from(Delivery)) or 0)


def test_a_finished_club_game_is_posted_signed_with_its_summary(
        app: Flask, client: FlaskClient, private_allowed: None) -> None:
    club = new_club(client)
    with receiving(Receiver()) as receiver:
        hook = register(client, club, receiver.url)
        assert hook["secret"].startswith("whsec_")
        game = finished_game(client, club)
        assert counts(app) == (1, 1)
        assert receiver.received == []  # nothing leaves from inside the request
        assert send(app) == 1
    [(headers, body)] = receiver.received
    payload = Verifier(hook["secret"]).verify(body, headers)
    assert headers["webhook-id"] == "msg_1"
    assert payload["type"] == "game.finished"
    assert payload["data"] == {
        "game": game["id"], "variant": "australian-500", "tournament": None,
        "sides": [{"name": "North-South", "players": ["Ann", "Cy"]},
                  {"name": "East-West", "players": ["Bo", "Di"]}],
        "winner": 0, "end_reason": payload["data"]["end_reason"], "scores": [520, 0],
        "hands_played": 1, "corrected": False}
    with pytest.raises(WebhookVerificationError):
        Verifier("whsec_" + "A" * 32).verify(body, headers)
    listed = client.get(f"{club.url}/webhooks/{hook['id']}/deliveries",
                        headers=bearer(club.admin)).get_json()["data"]
    assert [(d["status"], d["attempts"], d["webhook_id"]) for d in listed] == [
        ("delivered", 1, "msg_1")]
    assert listed[0]["log"][0]["status"] == 200
    assert "secret" not in client.get(f"{club.url}/webhooks",
                                      headers=bearer(club.admin)).get_json()["data"][0]


def test_only_the_events_an_endpoint_takes_and_only_club_games(
        app: Flask, client: FlaskClient, new_game: Any, private_allowed: None) -> None:
    club = new_club(client)
    register(client, club, "http://127.0.0.1:9/a", ["tournament.finished"])
    finished_game(client, club)
    game = new_game()  # a game outside any club
    assert game.record(FINISHING).status_code == 201
    assert counts(app) == (1, 0)  # the club's event is in its outbox; no endpoint takes it


def test_a_correction_that_changes_the_result_sends_again_and_an_undo_sends_nothing(
        app: Flask, client: FlaskClient, private_allowed: None) -> None:
    club = new_club(client)
    register(client, club, "http://127.0.0.1:9/a")
    game = finished_game(client, club)
    url, auth = f"{API}/games/{game['id']}/hands/1", bearer(game["token"])
    assert client.put(url, json=hand(0, "10NT", [10, 0]), headers=auth).status_code == 200
    assert counts(app) == (1, 1)  # the same result: nothing new
    assert client.delete(url, headers=auth).status_code == 200
    assert counts(app) == (1, 1)  # un-finished: nothing sent
    assert client.post(f"{API}/games/{game['id']}/hands", json=hand(1, "10NT", [0, 10]),
                       headers=auth).status_code == 201
    with app.app_context():
        events = db.session.scalars(select(Outbox).order_by(Outbox.id)).all()
        assert [(e.payload["data"]["winner"], e.payload["data"]["corrected"]) for e in events] \
            == [(0, False), (1, False)]
    assert client.put(url, json=hand(0, "10NT", [10, 0]), headers=auth).status_code == 200
    with app.app_context():
        last = db.session.scalars(select(Outbox).order_by(Outbox.id.desc())).first()
        assert last is not None and last.payload["data"]["corrected"] is True
        assert last.payload["data"]["winner"] == 0


def test_the_outbox_row_is_written_in_the_transaction_of_its_cause(
        app: Flask, client: FlaskClient, private_allowed: None) -> None:
    club = new_club(client)
    register(client, club, "http://127.0.0.1:9/a")
    game = finished_game(client, club)
    # A preview makes the write and rolls it back: its event goes with it.
    previewed = client.put(f"{API}/games/{game['id']}/hands/1?preview=true",
                           json=hand(1, "10NT", [0, 10]), headers=bearer(game["token"]))
    assert previewed.status_code == 200, previewed.get_json()
    assert counts(app) == (1, 1)
    with app.app_context():
        club_id = club.id
        emit(db.session, club_id, "game.finished", {"game": 0})
        db.session.rollback()  # the cause failed: no event is left
        assert counts(app) == (1, 1)
        emit(db.session, club_id, "season.standings_changed", {"season": 1})
        db.session.commit()
    assert counts(app) == (2, 1)  # the endpoint takes game.finished only


def test_failures_are_retried_with_backoff_and_given_up_after_a_day(
        app: Flask, client: FlaskClient, private_allowed: None) -> None:
    club = new_club(client)
    with receiving(Receiver(answers=[500] * 20)) as receiver:
        hook = register(client, club, receiver.url)
        finished_game(client, club)
        clock = Clock()
        assert send(app, clock) == 1
        clock.at += timedelta(seconds=4)
        assert send(app, clock) == 0  # not yet: the first wait is 5 s
        waited = timedelta(0)
        for wait in DEFAULT_POLICY.waits:
            clock.at += wait
            waited += wait
            assert send(app, clock) == 1
        assert send(app, clock) == 0  # dead: no more attempts
    assert timedelta(hours=24) < waited < timedelta(hours=30)
    ids = {h["webhook-id"] for h, _ in receiver.received}
    assert len(receiver.received) == DEFAULT_POLICY.attempts and ids == {"msg_1"}
    dead = client.get(f"{club.url}/webhooks/{hook['id']}/deliveries?status=dead",
                      headers=bearer(club.admin)).get_json()["data"]
    assert [(d["attempts"], d["last_status"], len(d["log"])) for d in dead] == [
        (DEFAULT_POLICY.attempts, 500, DEFAULT_POLICY.attempts)]


def test_a_failed_delivery_is_listed_and_replayed_with_the_same_webhook_id(
        app: Flask, client: FlaskClient, private_allowed: None) -> None:
    club = new_club(client)
    with receiving(Receiver(answers=[503])) as receiver:
        hook = register(client, club, receiver.url)
        finished_game(client, club)
        send(app)
        base = f"{club.url}/webhooks/{hook['id']}/deliveries"
        failed = client.get(f"{base}?status=failed", headers=bearer(club.admin)).get_json()
        [delivery] = failed["data"]
        assert (delivery["status"], delivery["last_status"]) == ("failed", 503)
        assert client.get(f"{base}?status=delivered",
                          headers=bearer(club.admin)).get_json()["data"] == []
        again = client.post(f"{base}/{delivery['id']}/retry", headers=bearer(club.admin))
        assert again.status_code == 200, again.get_json()
        assert again.get_json()["status"] == "pending"
        assert send(app) == 1  # due at once, whatever the backoff said
    assert [h["webhook-id"] for h, _ in receiver.received] == ["msg_1", "msg_1"]
    assert receiver.processed == {"msg_1": 1}
    assert_error(client.post(f"{base}/999/retry", headers=bearer(club.admin)), 404)
    assert_error(client.post(f"{base}/{delivery['id']}/retry", headers=bearer(club.member)),
                 403)
    assert_error(client.get(f"{base}?status=lost", headers=bearer(club.admin)), 422)


def test_410_disables_the_endpoint_and_nothing_more_is_sent(
        app: Flask, client: FlaskClient, private_allowed: None) -> None:
    club = new_club(client)
    with receiving(Receiver(answers=[410])) as receiver:
        hook = register(client, club, receiver.url)
        finished_game(client, club)
        finished_game(client, club)
        clock = Clock()
        with app.app_context():
            assert Sender(now=clock, batch=1).look() == 1
        clock.at += timedelta(days=2)
        assert send(app, clock) == 0  # the other delivery went with the endpoint
        finished_game(client, club)
        assert send(app, clock) == 0
    assert len(receiver.received) == 1
    [listed] = client.get(f"{club.url}/webhooks", headers=bearer(club.admin)).get_json()["data"]
    assert listed["disabled_at"] is not None and "410" in listed["disabled_reason"]
    assert counts(app) == (3, 2)  # the third event found no endpoint taking it
    dead = client.get(f"{club.url}/webhooks/{hook['id']}/deliveries?status=dead",
                      headers=bearer(club.admin)).get_json()["data"]
    assert len(dead) == 2
    assert_error(client.post(f"{club.url}/webhooks/{hook['id']}/deliveries/{dead[0]['id']}"
                             "/retry", headers=bearer(club.admin)), 409)


@pytest.mark.parametrize("url", [
    "http://127.0.0.1/hook", "http://10.1.2.3/hook", "http://192.168.1.5/x",
    "http://169.254.169.254/latest/meta-data", "http://[::1]/hook", "http://0.0.0.0/",
    "http://224.0.0.1/", "http://240.0.0.1/", "http://[::ffff:127.0.0.1]/", "http://localhost/"])
def test_a_private_or_local_address_is_refused_at_registration(
        app: Flask, client: FlaskClient, url: str) -> None:
    club = new_club(client)
    refused = client.post(f"{club.url}/webhooks", headers=bearer(club.admin),
                          json={"url": url, "events": ["game.finished"]})
    body = assert_error(refused, 422)
    assert "url" in body["errors"]
    with app.app_context():
        assert db.session.scalar(select(func.count()).select_from(Webhook)) == 0


def test_registration_refuses_what_is_no_endpoint(app: Flask, client: FlaskClient) -> None:
    club = new_club(client)
    for body in ({"url": "ftp://93.184.215.14/x", "events": ["game.finished"]},
                 {"url": "https://93.184.215.14/x", "events": []},
                 {"url": "https://93.184.215.14/x", "events": ["game.started"]},
                 {"url": "https://user:pw@93.184.215.14/x", "events": ["game.finished"]},
                 {"url": "https://93.184.215.14:99999/x", "events": ["game.finished"]}):
        assert_error(client.post(f"{club.url}/webhooks", headers=bearer(club.admin),
                                 json=body), 422)
    assert_error(client.post(f"{club.url}/webhooks", headers=bearer(club.member), json={
        "url": "https://93.184.215.14/x", "events": ["game.finished"]}), 403)
    public = client.post(f"{club.url}/webhooks", headers=bearer(club.admin), json={
        "url": "https://93.184.215.14/x", "events": ["game.finished"]})
    assert public.status_code == 201, public.get_json()
    removed = client.delete(f"{club.url}/webhooks/{public.get_json()['id']}",
                            headers=bearer(club.admin))
    assert removed.status_code == 200
    assert client.get(f"{club.url}/webhooks", headers=bearer(club.admin)).get_json() == {
        "data": []}


def test_a_private_address_is_refused_at_send_time(
        app: Flask, client: FlaskClient, monkeypatch: pytest.MonkeyPatch) -> None:
    """Registered while allowed (or a name that moved inside since): the sender checks again."""
    club = new_club(client)
    with receiving(Receiver()) as receiver:
        monkeypatch.setenv("SCOREKEEPER_WEBHOOKS_ALLOW_PRIVATE", "1")
        hook = register(client, club, receiver.url)
        monkeypatch.setenv("SCOREKEEPER_WEBHOOKS_ALLOW_PRIVATE", "0")
        finished_game(client, club)
        assert send(app) == 1
    assert receiver.received == []
    [failed] = client.get(f"{club.url}/webhooks/{hook['id']}/deliveries",
                          headers=bearer(club.admin)).get_json()["data"]
    assert failed["status"] == "failed" and "private" in failed["last_error"]


def test_a_club_tournament_sends_its_rounds_and_its_end(
        app: Flask, client: FlaskClient, private_allowed: None) -> None:
    club = new_club(client)
    events = ["tournament.round_completed", "tournament.finished"]
    with receiving(Receiver()) as receiver:
        hook = register(client, club, receiver.url, events)
        made = client.post(f"{API}/tournaments", headers={"X-Club-Token": club.member}, json={
            "name": "Soirée", "variant": "australian-500", "format": "single_elimination",
            "club": club.id, "options": {"games_per_match": 1},
            "teams": [{"name": f"T{i}", "players": [f"P{i}a", f"P{i}b"]} for i in range(4)]})
        assert made.status_code == 201, made.get_json()
        t = made.get_json()
        auth = bearer(t["token"])
        url = f"{API}/tournaments/{t['id']}"
        drawn = client.post(f"{url}/draw", json={"seed": 7}, headers=auth)
        assert drawn.status_code == 200, drawn.get_json()
        first = [m["id"] for m in drawn.get_json()["rounds"][0]["matches"]]
        for match in first:
            done = client.post(f"{url}/matches/{match}/games", json={"scores": [500, 100]},
                               headers=auth)
            assert done.status_code == 201, done.get_json()
        advanced = client.post(f"{url}/advance", headers=auth)
        assert advanced.status_code == 200, advanced.get_json()
        final = advanced.get_json()["rounds"][1]["matches"][0]["id"]
        assert client.post(f"{url}/matches/{final}/games", json={"scores": [100, 500]},
                           headers=auth).status_code == 201
        while send(app):
            pass
    sent = [json.loads(body) for _, body in receiver.received]
    assert [(e["type"], e["data"].get("round")) for e in sent] == [
        ("tournament.round_completed", 1), ("tournament.round_completed", 2),
        ("tournament.finished", None)]
    assert sent[2]["data"]["tournament"] == t["id"] and sent[2]["data"]["champion"] is not None
    for headers, body in receiver.received:
        Verifier(hook["secret"]).verify(body, headers)
    assert counts(app) == (3, 3)


def test_with_the_operator_s_key_the_secret_is_sealed_at_rest_and_still_signs(
        app: Flask, client: FlaskClient, private_allowed: None,
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SCOREKEEPER_WEBHOOKS_KEY", "the operator's key, kept off the database")
    club = new_club(client)
    with receiving(Receiver()) as receiver:
        hook = register(client, club, receiver.url)
        assert hook["secret"] not in every_stored_text(app)
        finished_game(client, club)
        assert send(app) == 1
        [(headers, body)] = receiver.received
        assert Verifier(hook["secret"]).verify(body, headers)["type"] == "game.finished"
        # A sender without the key cannot sign: the attempt fails, and says why.
        monkeypatch.delenv("SCOREKEEPER_WEBHOOKS_KEY")
        finished_game(client, club)
        assert send(app) == 1
    assert len(receiver.received) == 1
    failed = client.get(f"{club.url}/webhooks/{hook['id']}/deliveries?status=failed",
                        headers=bearer(club.admin)).get_json()["data"]
    assert "SCOREKEEPER_WEBHOOKS_KEY" in failed[0]["last_error"]


def test_without_the_key_the_secret_is_kept_as_issued(
        app: Flask, client: FlaskClient, private_allowed: None) -> None:
    club = new_club(client)
    hook = register(client, club, "http://127.0.0.1:9/a")
    assert hook["secret"] in every_stored_text(app)  # the sender must sign with it


def test_a_game_on_a_club_tournament_s_sheet_finishes_the_game_the_round_and_the_tournament(
        app: Flask, client: FlaskClient, private_allowed: None) -> None:
    club = new_club(client)
    register(client, club, "http://127.0.0.1:9/a",
             ["game.finished", "tournament.round_completed", "tournament.finished"])
    made = client.post(f"{API}/tournaments", headers={"X-Club-Token": club.member}, json={
        "name": "Finale", "variant": "australian-500", "format": "single_elimination",
        "club": club.id, "options": {"games_per_match": 1, "game_unit": "game"},
        "teams": [{"name": "Les As", "players": ["Ana", "Bea"]},
                  {"name": "Les Rois", "players": ["Cal", "Dan"]}]})
    assert made.status_code == 201, made.get_json()
    t = made.get_json()
    auth, url = bearer(t["token"]), f"{API}/tournaments/{t['id']}"
    drawn = client.post(f"{url}/draw", json={"seed": 3}, headers=auth).get_json()
    match = drawn["rounds"][0]["matches"][0]["id"]
    sheet = client.post(f"{url}/matches/{match}/sheet", json={}, headers=auth)
    assert sheet.status_code == 201, sheet.get_json()
    game = sheet.get_json()
    played = client.post(f"{API}/games/{game['id']}/hands", json=FINISHING,
                         headers=bearer(game["token"]))
    assert played.status_code == 201, played.get_json()
    with app.app_context():
        events = db.session.scalars(select(Outbox).order_by(Outbox.id)).all()
        assert [e.type for e in events] == [
            "game.finished", "tournament.round_completed", "tournament.finished"]
        assert events[0].payload["data"]["tournament"] == t["id"]
    assert counts(app) == (3, 3)


def test_a_registration_retried_with_its_key_gives_the_same_secret_and_one_endpoint(
        app: Flask, client: FlaskClient) -> None:
    club = new_club(client)
    body = {"url": "https://93.184.215.14/hook", "events": ["game.finished"]}
    headers = {**bearer(club.admin), "Idempotency-Key": "add the chat"}
    first = client.post(f"{club.url}/webhooks", json=body, headers=headers)
    again = client.post(f"{club.url}/webhooks", json=body, headers=headers)
    assert first.status_code == again.status_code == 201
    assert again.headers["Idempotent-Replayed"] == "true"
    assert again.get_json()["secret"] == first.get_json()["secret"]
    with app.app_context():
        assert db.session.scalar(select(func.count()).select_from(Webhook)) == 1


def test_a_result_in_a_season_s_window_says_its_standings_changed(
        app: Flask, client: FlaskClient, private_allowed: None) -> None:
    club = new_club(client)
    today = utcnow().date()

    def season(name: str, starts: int, ends: int, variants: list[str] | None) -> int:
        made = client.post(f"{club.url}/seasons", headers=bearer(club.admin), json={
            "name": name, "starts_on": (today + timedelta(days=starts)).isoformat(),
            "ends_on": (today + timedelta(days=ends)).isoformat(), "variants": variants})
        assert made.status_code == 201, made.get_json()
        season_id: int = made.get_json()["id"]
        return season_id

    winter = season("Winter", -7, 7, ["australian-500"])
    season("Rummy league", -7, 7, ["rummy-500"])  # another variant: not moved
    season("Autumn", -60, -8, None)  # over before the game: not moved
    every = season("Open", 0, 0, None)  # today only, every variant
    register(client, club, "http://127.0.0.1:9/a", ["season.standings_changed"])
    game = finished_game(client, club)

    def moved() -> list[tuple[str, Any]]:
        with app.app_context():
            return [(e.type, e.payload["data"].get("season"))
                    for e in db.session.scalars(select(Outbox).order_by(Outbox.id))]

    assert moved() == [("game.finished", None), ("season.standings_changed", winter),
                       ("season.standings_changed", every)]
    with app.app_context():
        event = db.session.scalars(select(Outbox).where(
            Outbox.type == "season.standings_changed").order_by(Outbox.id)).first()
        assert event is not None
        assert event.payload["data"] == {"season": winter, "name": "Winter", "game": game["id"]}
    assert counts(app)[1] == 2  # the endpoint takes the season's events only
    # The result goes (the deciding hand undone): the ladders move again; the game sends nothing.
    url = f"{API}/games/{game['id']}/hands/1"
    assert client.delete(url, headers=bearer(game["token"])).status_code == 200
    assert moved()[3:] == [("season.standings_changed", winter),
                           ("season.standings_changed", every)]
