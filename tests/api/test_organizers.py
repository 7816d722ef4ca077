"""Who runs a tournament: the recovery code (a new organizer's token, the old one void at once),
co-organizers' links the organizer makes and revokes, and the door's token, with which a team
checks itself in and does nothing else. On SQLite and PostgreSQL."""

from __future__ import annotations

import re
from typing import Any

from flask import Flask
from flask.testing import FlaskClient

from tests.api.helpers import assert_error
from tests.api.tournament_helpers import TOURNAMENTS, Tourney
from tests.helpers import every_stored_text

CODE = re.compile(r"^[A-HJ-NP-Z]{4}(-[A-HJ-NP-Z]{4}){3}$")  # letters, no I, no O


def recover(t: Tourney, code: str, **headers: str) -> Any:
    return t.client.post(f"{t.url}/recover", json={"recovery_code": code}, headers=headers)


def state(client: FlaskClient, t: Tourney) -> tuple[Any, str]:
    read = client.get(t.url)
    return read.get_json(), read.headers["ETag"]


# -- the recovery code -------------------------------------------------------------------------


def test_creation_gives_a_recovery_code_kept_only_as_a_hash(app: Flask, client: FlaskClient
                                                            ) -> None:
    t = Tourney.create(client, 4)
    code = t.created["recovery_code"]
    assert CODE.match(code), code
    assert code not in every_stored_text(app)
    assert "recovery_code" not in client.get(t.url).get_json()


def test_recover_issues_a_new_token_and_voids_the_old_one_at_once(client: FlaskClient) -> None:
    t = Tourney.create(client, 4)
    # As a person types it back: lower case, spaces instead of dashes.
    typed = t.created["recovery_code"].lower().replace("-", " ")
    got = recover(t, typed)
    assert got.status_code == 200, got.get_json()
    body = got.get_json()
    assert set(body) == {"id", "token", "recovery_code"} and body["id"] == t.id
    assert body["token"] != t.token and CODE.match(body["recovery_code"])
    assert_error(t.draw(token=t.token), 403)  # the old link stops working
    assert client.get(f"{t.url}/access", headers=t.auth(body["token"])).get_json()[
        "role"] == "organizer"
    assert t.draw(token=body["token"]).status_code == 200
    # The code is used up; the new one works.
    assert_error(recover(t, t.created["recovery_code"]), 403)
    assert recover(t, body["recovery_code"]).status_code == 200


def test_a_wrong_code_is_refused_and_changes_nothing(client: FlaskClient) -> None:
    t = Tourney.create(client, 4)
    before = state(client, t)
    for code in ("AAAA-AAAA-AAAA-AAAA", "----", t.created["recovery_code"][:-1]):
        assert_error(recover(t, code), 403)
    assert_error(client.post(f"{t.url}/recover", json={}), 422, "recovery_code")
    assert_error(client.post(f"{t.url}/recover", json={"recovery_code": "x" * 65}), 422,
                 "recovery_code")
    assert_error(client.post(f"{TOURNAMENTS}/999/recover",
                             json={"recovery_code": t.created["recovery_code"]}), 404)
    assert state(client, t) == before
    assert t.draw().status_code == 200  # the organizer's token still works


def test_a_retried_recovery_never_issues_two_tokens(client: FlaskClient) -> None:
    t = Tourney.create(client, 4)
    code = t.created["recovery_code"]
    first = recover(t, code, **{"Idempotency-Key": "lost my phone"})
    again = recover(t, code, **{"Idempotency-Key": "lost my phone"})
    assert first.status_code == again.status_code == 200
    assert again.headers["Idempotent-Replayed"] == "true"
    assert again.get_json() == first.get_json()
    assert t.draw(token=first.get_json()["token"]).status_code == 200
    # Another key with the used code is a new request: refused.
    assert_error(recover(t, code, **{"Idempotency-Key": "another"}), 403)


def test_a_tournament_made_before_codes_has_none_to_recover(app: Flask,
                                                            client: FlaskClient) -> None:
    from scorekeeper.extensions import db
    from scorekeeper.models import Tournament

    t = Tourney.create(client, 4)
    with app.app_context():
        db.session.get(Tournament, t.id).recovery_hash = None  # type: ignore[union-attr]
        db.session.commit()
    body = assert_error(recover(t, t.created["recovery_code"]), 409)
    assert "before recovery codes" in body["message"]


# -- co-organizers -----------------------------------------------------------------------------


def add(t: Tourney, label: str, token: str | None = None, **headers: str) -> Any:
    return t.client.post(f"{t.url}/organizers", json={"label": label},
                         headers=t.auth(token, **headers))


def test_a_co_organizer_runs_the_desk_until_revoked(client: FlaskClient) -> None:
    t = Tourney.create(client, 4)
    made = add(t, "  Marie at the bar ")
    assert made.status_code == 201, made.get_json()
    marie = made.get_json()
    assert marie["label"] == "Marie at the bar" and marie["token"]
    listed = client.get(f"{t.url}/organizers", headers=t.auth()).get_json()["organizers"]
    assert listed == [{k: marie[k] for k in ("id", "label", "created_at")}]
    assert client.get(f"{t.url}/access", headers=t.auth(marie["token"])).get_json() == {
        "role": "co_organizer", "match": None, "team": None}
    assert client.post(f"{t.url}/teams/0/check-in",
                       headers=t.auth(marie["token"])).status_code == 200
    # ... but not the co-organizers: neither list, add nor revoke.
    assert_error(client.get(f"{t.url}/organizers", headers=t.auth(marie["token"])), 403)
    assert_error(add(t, "Luc", marie["token"]), 403)
    assert_error(client.delete(f"{t.url}/organizers/{marie['id']}",
                               headers=t.auth(marie["token"])), 403)
    gone = client.delete(f"{t.url}/organizers/{marie['id']}", headers=t.auth())
    assert gone.status_code == 200 and gone.get_json() == {"organizers": []}
    assert_error(client.post(f"{t.url}/teams/1/check-in", headers=t.auth(marie["token"])), 403)
    assert_error(t.draw(token=marie["token"]), 403)
    assert_error(client.delete(f"{t.url}/organizers/{marie['id']}", headers=t.auth()), 404)


def test_co_organizers_refuse_bad_requests_and_store_nothing(app: Flask,
                                                              client: FlaskClient) -> None:
    t = Tourney.create(client, 4)
    other = Tourney.create(client, 4)
    luc = add(other, "Luc").get_json()
    before = state(client, t)
    assert_error(add(t, "Marie", "nope"), 403)
    assert_error(client.post(f"{t.url}/organizers", json={"label": "Marie"}), 401)
    assert_error(add(t, "Marie", other.token), 403)
    assert_error(add(t, "Marie", luc["token"]), 403)  # another tournament's co-organizer
    assert_error(add(t, "   "), 422, "label")
    assert_error(add(t, "x" * 81), 422, "label")
    assert_error(client.delete(f"{t.url}/organizers/{luc['id']}", headers=t.auth()), 404)
    assert_error(client.get(f"{t.url}/organizers"), 401)
    assert state(client, t) == before
    assert client.get(f"{t.url}/organizers", headers=t.auth()).get_json() == {"organizers": []}
    assert luc["token"] not in every_stored_text(app)


def test_a_retried_co_organizer_link_is_made_once(client: FlaskClient) -> None:
    t = Tourney.create(client, 4)
    first = add(t, "Marie", **{"Idempotency-Key": "marie"})
    again = add(t, "Marie", **{"Idempotency-Key": "marie"})
    assert again.get_json() == first.get_json() and first.status_code == 201
    assert len(client.get(f"{t.url}/organizers", headers=t.auth()).get_json()[
        "organizers"]) == 1


def test_recovery_leaves_co_organizers_working(client: FlaskClient) -> None:
    t = Tourney.create(client, 4)
    marie = add(t, "Marie").get_json()
    assert recover(t, t.created["recovery_code"]).status_code == 200
    assert t.draw(token=marie["token"]).status_code == 200


# -- the door ----------------------------------------------------------------------------------


def door(t: Tourney, token: str | None = None, **headers: str) -> Any:
    return t.client.post(f"{t.url}/door", headers=t.auth(token, **headers))


def test_the_door_checks_teams_in_and_does_nothing_else(client: FlaskClient) -> None:
    t = Tourney.create(client, 4)
    made = door(t)
    assert made.status_code == 201
    gate = made.get_json()["token"]
    assert client.get(f"{t.url}/access", headers=t.auth(gate)).get_json()["role"] == "door"
    checked = client.post(f"{t.url}/teams/2/check-in", headers=t.auth(gate))
    assert checked.status_code == 200
    assert checked.get_json()["teams"][2]["status"] == "checked_in"
    before = state(client, t)
    assert_error(client.delete(f"{t.url}/teams/2/check-in", headers=t.auth(gate)), 403)
    assert_error(client.post(f"{t.url}/teams/1/withdraw", headers=t.auth(gate)), 403)
    assert_error(t.draw(token=gate), 403)
    assert_error(door(t, gate), 403)
    assert_error(add(t, "Door", gate), 403)
    assert_error(client.post(f"{t.url}/teams", json={"name": "Crashers", "players": ["A", "B"]},
                             headers=t.auth(gate)), 403)
    assert state(client, t) == before
    # The desk undoes it.
    assert client.delete(f"{t.url}/teams/2/check-in", headers=t.auth()).status_code == 200
    # A co-organizer may open the door too; a second door token leaves the first working.
    marie = add(t, "Marie").get_json()
    assert door(t, marie["token"]).status_code == 201
    assert client.post(f"{t.url}/teams/0/check-in", headers=t.auth(gate)).status_code == 200
    assert client.post(f"{t.url}/teams/1/check-in", headers=t.auth(gate)).status_code == 200
    # After the draw the door is closed.
    assert t.draw().status_code == 200
    assert_error(client.post(f"{t.url}/teams/0/check-in", headers=t.auth(gate)), 409)
    assert_error(door(t), 409)


def test_another_tournaments_door_opens_nothing_here(client: FlaskClient) -> None:
    t = Tourney.create(client, 4)
    other = Tourney.create(client, 4)
    gate = door(other).get_json()["token"]
    assert_error(client.post(f"{t.url}/teams/0/check-in", headers=t.auth(gate)), 403)
    assert_error(client.get(f"{t.url}/access", headers=t.auth(gate)), 403)
