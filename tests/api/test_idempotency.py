"""Idempotency-Key on every write: creates made once, replies that keep no secret in the clear,
replays that carry their first ETag, and replies that expire and are swept away."""

from __future__ import annotations

import json
from datetime import timedelta
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import func, select, text, update

from scorekeeper import sealing
from scorekeeper.extensions import db
from scorekeeper.models import (
    CreatedReply,
    Game,
    IdempotentReply,
    Tournament,
    TournamentReply,
    utcnow,
)
from scorekeeper.services import writes
from tests.api.helpers import API, assert_error
from tests.api.tournament_helpers import TOURNAMENTS, Tourney, create_body
from tests.helpers import TWO_SIDES, every_stored_text, in_threads

GAME = {"variant": "australian-500", "sides": TWO_SIDES}
HAND = {"bidder": 1, "bid": "7H", "tricks": [3, 7]}
KEY = "3f6c1c52-9d1e-4f7b-8a43-1d1f0f5e2b77"


def count(app: Flask, model: Any) -> int:
    with app.app_context():
        return db.session.scalar(select(func.count()).select_from(model)) or 0


# -- item 5: a create is made once, and its token comes back to a retry only ----------------------


@pytest.mark.parametrize(("path", "body", "model"), [
    (f"{API}/games", GAME, Game),
    (TOURNAMENTS, create_body(4), Tournament),
])
def test_a_retried_create_makes_one_row_and_gives_the_same_token(
        app: Flask, client: FlaskClient, path: str, body: dict[str, Any], model: Any) -> None:
    first = client.post(path, json=body, headers={"Idempotency-Key": KEY})
    assert first.status_code == 201 and "Idempotent-Replayed" not in first.headers
    again = client.post(path, json=body, headers={"Idempotency-Key": KEY})
    assert again.status_code == 201
    assert again.headers["Idempotent-Replayed"] == "true"
    assert again.get_json() == first.get_json()  # the token included
    assert again.headers["ETag"] == first.headers["ETag"]
    assert again.headers["Location"] == first.headers["Location"]
    assert count(app, model) == 1
    # Without a key, or with another, it is a new one.
    assert client.post(path, json=body).status_code == 201
    assert client.post(path, json=body, headers={"Idempotency-Key": "other"}).status_code == 201
    assert count(app, model) == 3


def test_the_token_a_retry_gets_back_writes(client: FlaskClient) -> None:
    first = client.post(f"{API}/games", json=GAME, headers={"Idempotency-Key": KEY})
    token = client.post(f"{API}/games", json=GAME,
                        headers={"Idempotency-Key": KEY}).get_json()["token"]
    assert token == first.get_json()["token"]
    game = first.get_json()["id"]
    hand = client.post(f"{API}/games/{game}/hands", json=HAND,
                       headers={"Authorization": f"Bearer {token}"})
    assert hand.status_code == 201


def test_a_create_key_sent_with_another_body_is_refused(app: Flask, client: FlaskClient) -> None:
    assert client.post(f"{API}/games", json=GAME,
                       headers={"Idempotency-Key": KEY}).status_code == 201
    other = {**GAME, "first_dealer": 1}
    assert_error(client.post(f"{API}/games", json=other, headers={"Idempotency-Key": KEY}), 422,
                 "Idempotency-Key")
    # The key is one per create, whatever is created.
    assert_error(client.post(TOURNAMENTS, json=create_body(4), headers={"Idempotency-Key": KEY}),
                 422, "Idempotency-Key")
    assert count(app, Game) == 1 and count(app, Tournament) == 0


def test_an_imported_game_is_imported_once(app: Flask, client: FlaskClient,
                                           new_game: Any) -> None:
    game = new_game()
    assert game.record(HAND).status_code == 201
    exported = client.get(f"{game.url}/export").get_json()
    first = client.post(f"{API}/games/import", json=exported, headers={"Idempotency-Key": KEY})
    again = client.post(f"{API}/games/import", json=exported, headers={"Idempotency-Key": KEY})
    assert first.status_code == again.status_code == 201
    assert again.get_json() == first.get_json()
    assert count(app, Game) == 2


def test_racing_retries_of_one_create_make_one_game(app: Flask) -> None:
    def create(_i: int) -> tuple[int, dict[str, Any]]:
        response = app.test_client().post(f"{API}/games", json=GAME,
                                          headers={"Idempotency-Key": KEY})
        return response.status_code, response.get_json()

    results = in_threads(6, create)
    assert [status for status, _ in results] == [201] * 6
    assert len({json.dumps(body, sort_keys=True) for _, body in results}) == 1
    assert count(app, Game) == 1


def test_no_token_and_no_key_is_stored_in_the_clear(app: Flask, client: FlaskClient) -> None:
    """A copy of the database must not give a game's, an organizer's or a scorer's token, nor the
    Idempotency-Keys that would unseal them."""
    keys = {"game": "key-game-1", "tournament": "key-tournament-1", "scorer": "key-scorer-1",
            "hand": "key-hand-1", "draw": "key-draw-1"}
    game = client.post(f"{API}/games", json=GAME, headers={"Idempotency-Key": keys["game"]})
    created = client.post(TOURNAMENTS, json=create_body(4),
                          headers={"Idempotency-Key": keys["tournament"]}).get_json()
    tourney = Tourney(client, created)
    assert tourney.draw(**{"Idempotency-Key": keys["draw"]}).status_code == 200
    scorer = client.post(f"{tourney.url}/matches/r1m1/scorers",
                         headers=tourney.auth(**{"Idempotency-Key": keys["scorer"]}))
    assert scorer.status_code == 201
    hand = client.post(f"{API}/games/{game.get_json()['id']}/hands", json=HAND, headers={
        "Authorization": f"Bearer {game.get_json()['token']}", "Idempotency-Key": keys["hand"]})
    assert hand.status_code == 201
    assert count(app, CreatedReply) == 2 and count(app, TournamentReply) == 2
    assert count(app, IdempotentReply) == 1

    stored = every_stored_text(app)
    secrets = [game.get_json()["token"], created["token"], scorer.get_json()["token"],
               *keys.values()]
    assert [secret for secret in secrets if secret in stored] == []

    # The scorer's retry still gets its token, and it reports its match.
    again = client.post(f"{tourney.url}/matches/r1m1/scorers",
                        headers=tourney.auth(**{"Idempotency-Key": keys["scorer"]}))
    assert again.get_json() == scorer.get_json()
    assert tourney.report("r1m1", [360, 120], token=again.get_json()["token"]).status_code == 201


def secrets_in(body: Any) -> list[str]:
    """Every token a reply gave, wherever it sits."""
    if isinstance(body, dict):
        return [v for k, v in body.items() if k == "token" or k.endswith("_token")
                or k == "recovery_code"] + [s for v in body.values() for s in secrets_in(v)]
    if isinstance(body, list):
        return [s for item in body for s in secrets_in(item)]
    return []


def test_every_secret_of_every_stored_reply_is_sealed(app: Flask, client: FlaskClient) -> None:
    """The print kit asks for a round's scorer tokens with an Idempotency-Key: each table's token
    is sealed like a game's, none in the clear, and a retry gets the very same reply back."""
    game = client.post(f"{API}/games", json=GAME)
    exported = client.get(f"{API}/games/{game.get_json()['id']}/export").get_json()
    tourney = Tourney.create(client, 8, options={"confirm_games": True})
    assert tourney.draw().status_code == 200
    writes_ = {
        "game": (f"{API}/games", GAME, {}),
        "import": (f"{API}/games/import", exported, {}),
        "tournament": (TOURNAMENTS, create_body(4), {}),
        "match scorer": (f"{tourney.url}/matches/r1m1/scorers", None, tourney.auth()),
        "round scorers": (f"{tourney.url}/rounds/1/scorers", None, tourney.auth()),
    }
    first = {name: client.post(path, json=body, headers={**auth, "Idempotency-Key": name})
             for name, (path, body, auth) in writes_.items()}
    assert {name: r.status_code for name, r in first.items()} == dict.fromkeys(writes_, 201)
    issued = {name: secrets_in(r.get_json()) for name, r in first.items()}
    assert len(issued["round scorers"]) == 8  # 4 tables, a token for each team
    assert all(issued.values())

    stored = every_stored_text(app)
    assert [t for tokens in issued.values() for t in tokens if t in stored] == []

    for name, (path, body, auth) in writes_.items():
        again = client.post(path, json=body, headers={**auth, "Idempotency-Key": name})
        assert again.headers["Idempotent-Replayed"] == "true", name
        assert again.data == first[name].data, name  # every token back, every field in order
    scorer = issued["round scorers"][0]
    assert tourney.report("r1m1", [360, 120], token=scorer).status_code == 201


def test_secrets_sealed_under_one_key_never_share_a_pad() -> None:
    """Two equal tokens of one reply seal differently: each takes its own stretch of pad (two
    equal ciphertexts would tell a copy of the database that the tokens are equal, and XORed
    together cancel the pad)."""
    same = "x" * 43
    secrets = [(("scorers", 0, "token"), same), (("scorers", 1, "token"), same)]
    sealed = sealing.seal(secrets, KEY, "fingerprint")
    assert sealed is not None
    assert len({text for _, text in json.loads(sealed)}) == 2
    assert sealing.unseal(sealed, KEY, "fingerprint") == secrets


# -- item 7: a replay carries the ETag its first reply had -----------------------------------------


def test_a_replay_carries_its_first_etag_not_the_games_current_one(client: FlaskClient,
                                                                   new_game: Any) -> None:
    game = new_game()
    first = game.record(HAND, **{"Idempotency-Key": KEY})
    assert first.status_code == 201
    assert game.record({"bidder": 0, "bid": "6S", "tricks": [6, 4]}).status_code == 201
    now = client.get(game.url).headers["ETag"]
    assert now != first.headers["ETag"]

    again = game.record(HAND, **{"Idempotency-Key": KEY})
    assert again.headers["Idempotent-Replayed"] == "true"
    assert again.headers["ETag"] == first.headers["ETag"]
    # So a client that writes with it learns of the change it never saw.
    stale = game.record(HAND, **{"If-Match": again.headers["ETag"]})
    assert_error(stale, 412)
    assert game.state()["hands_played"] == 2


def test_a_tournament_replay_carries_its_first_etag(client: FlaskClient) -> None:
    tourney = Tourney.create(client, 4)
    assert tourney.draw().status_code == 200
    first = tourney.report("r1m1", [360, 120], **{"Idempotency-Key": KEY})
    assert tourney.report("r1m2", [360, 120]).status_code == 201
    again = tourney.report("r1m1", [360, 120], **{"Idempotency-Key": KEY})
    assert again.headers["Idempotent-Replayed"] == "true"
    assert again.headers["ETag"] == first.headers["ETag"] != client.get(
        tourney.url).headers["ETag"]


# -- item 8: replies are kept for REPLY_HOURS, then swept away without a job ----------------------


def age_replies(app: Flask, hours: float) -> None:
    with app.app_context():
        for model in (IdempotentReply, TournamentReply, CreatedReply):
            db.session.execute(update(model).values(
                created_at=utcnow() - timedelta(hours=hours)))
        db.session.commit()


def test_a_reply_past_its_time_is_not_replayed(app: Flask, client: FlaskClient,
                                               new_game: Any) -> None:
    game = new_game()
    assert game.record(HAND, **{"Idempotency-Key": KEY}).status_code == 201
    age_replies(app, app.config["REPLY_HOURS"] + 0.1)
    again = game.record(HAND, **{"Idempotency-Key": KEY})
    assert again.status_code == 201 and "Idempotent-Replayed" not in again.headers
    assert game.state()["hands_played"] == 2
    # ... and the key now stands for the new write.
    third = game.record(HAND, **{"Idempotency-Key": KEY})
    assert third.headers["Idempotent-Replayed"] == "true"
    assert third.get_json() == again.get_json()
    assert count(app, IdempotentReply) == 1


def test_a_reply_within_its_time_is_replayed(app: Flask, new_game: Any) -> None:
    game = new_game()
    game.record(HAND, **{"Idempotency-Key": KEY})
    age_replies(app, app.config["REPLY_HOURS"] - 0.1)
    assert game.record(HAND, **{"Idempotency-Key": KEY}).headers["Idempotent-Replayed"] == "true"


def test_expired_replies_are_swept_by_the_writes_themselves(
        app: Flask, client: FlaskClient, new_game: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    game = new_game({"target": 1_000_000, "lose_at": None})
    for n in range(3):
        game.record(HAND, **{"Idempotency-Key": f"hand-{n}"})
    Tourney.create(client, 4).draw(**{"Idempotency-Key": "draw"})
    client.post(f"{API}/games", json=GAME, headers={"Idempotency-Key": "create"})
    age_replies(app, 25)
    game.record(HAND, **{"Idempotency-Key": "fresh"})  # the last sweep was moments ago
    assert count(app, IdempotentReply) == 4

    monkeypatch.setattr(writes, "_last_sweep", {})  # as if SWEEP_EVERY had passed
    game.record(HAND)
    assert count(app, IdempotentReply) == 1  # "fresh" only
    assert count(app, TournamentReply) == count(app, CreatedReply) == 0


def test_how_long_replies_are_kept_is_a_setting(tmp_path: Any) -> None:
    from scorekeeper import create_app
    from tests.helpers import database_url

    app = create_app({"TESTING": True, "DATABASE_URL": database_url(tmp_path),
                      "REPLY_HOURS": 1})
    client = app.test_client()
    game = client.post(f"{API}/games", json=GAME).get_json()
    auth = {"Authorization": f"Bearer {game['token']}", "Idempotency-Key": KEY}
    client.post(f"{API}/games/{game['id']}/hands", json=HAND, headers=auth)
    age_replies(app, 1.5)
    again = client.post(f"{API}/games/{game['id']}/hands", json=HAND, headers=auth)
    assert "Idempotent-Replayed" not in again.headers


def test_replies_stored_before_they_were_sealed_are_sealed_by_the_migration(
        tmp_path: Any) -> None:
    """Revision 0004 hashes the keys of stored replies and seals the scorer tokens they hold;
    a retry after the upgrade still gets its token back."""
    import sqlalchemy

    from scorekeeper import create_app, migrate
    from tests.helpers import SHARED_DATABASE

    if SHARED_DATABASE:
        pytest.skip("needs a database of its own to upgrade step by step")
    url = f"sqlite:///{tmp_path / 'old.sqlite'}"
    engine = sqlalchemy.create_engine(url)
    migrate.upgrade(engine, "0003")
    token_hash = writes.hash_token("organizer")
    with engine.begin() as connection:
        connection.execute(text(
            "INSERT INTO tournaments (id, name, variant, format, options, teams, seed, advances,"
            " token_hash, version, created_at, updated_at) VALUES (1, 'Club', 'quebec-500', "
            "'quebec', '{}', :teams, 7, 0, :hash, 3, '2026-11-20 10:00:00', "
            "'2026-11-20 10:00:00')"), {"teams": json.dumps(create_body(4)["teams"]),
                                        "hash": token_hash})
        request = writes.WriteRequest(token="organizer", if_match=None, idempotency_key="k",
                                      method="POST", path="/api/v1/tournaments/1/matches/r1m1/"
                                      "scorers", body=None,
                                      context=writes.WriteContext(None, {}, reply_hours=24))
        connection.execute(text(
            "INSERT INTO tournament_replies (tournament_id, key, fingerprint, status, body, "
            "created_at) VALUES (1, 'k', :fingerprint, 201, :body, :at)"), {
                "fingerprint": writes._fingerprint(request),
                "body": json.dumps({"match": "r1m1", "token": "scorer-secret"}),
                "at": utcnow().replace(tzinfo=None).isoformat(sep=" ")})
    engine.dispose()
    app = create_app({"TESTING": True, "DATABASE_URL": url})  # upgrades to head
    assert "scorer-secret" not in every_stored_text(app)
    replay = app.test_client().post("/api/v1/tournaments/1/matches/r1m1/scorers", headers={
        "Authorization": "Bearer organizer", "Idempotency-Key": "k"})
    assert replay.status_code == 201 and replay.headers["Idempotent-Replayed"] == "true"
    assert replay.get_json() == {"match": "r1m1", "token": "scorer-secret"}
    assert "ETag" not in replay.headers  # its first ETag was never stored
