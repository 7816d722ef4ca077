"""Clubs: creating one, reading it, its settings, member token and recovery (issue 29)."""

from __future__ import annotations

import pytest
from flask.testing import FlaskClient

from tests.api.club_helpers import CLUBS, bearer, new_club
from tests.api.helpers import assert_error


def test_a_new_club_shows_its_three_secrets_once_and_a_retry_gets_the_same(
        client: FlaskClient) -> None:
    headers = {"Idempotency-Key": "club-1"}
    first = client.post(CLUBS, json={"name": "Club de la Rive", "language": "fr"},
                        headers=headers)
    again = client.post(CLUBS, json={"name": "Club de la Rive", "language": "fr"},
                        headers=headers)
    assert first.status_code == again.status_code == 201
    body = first.get_json()
    assert again.get_json() == body and again.headers["Idempotent-Replayed"] == "true"
    assert {body["token"], body["member_token"]} and body["recovery_code"]
    assert body["public"] is False and body["language"] == "fr" and body["role"] == "admin"
    # one club, not two
    assert client.get(f"{CLUBS}/2", headers=bearer(body["token"])).status_code == 404
    read = client.get(f"{CLUBS}/{body['id']}", headers=bearer(body["member_token"]))
    assert read.status_code == 200
    assert not {"token", "member_token", "recovery_code"} & set(read.get_json())
    assert read.get_json()["role"] == "member"


def test_a_private_club_reads_only_with_its_tokens_and_a_public_one_to_anyone(
        client: FlaskClient) -> None:
    private, other = new_club(client), new_club(client, name="Autre club")
    assert_error(client.get(private.url), 401)
    assert_error(client.get(private.url, headers=bearer(other.admin)), 403)
    assert client.get(private.url, headers=bearer(private.member)).status_code == 200
    public = new_club(client, public=True)
    read = client.get(public.url)
    assert read.status_code == 200 and read.get_json()["role"] is None
    assert_error(client.get(f"{CLUBS}/999"), 404)


@pytest.mark.parametrize("body, field", [
    ({}, "name"), ({"name": ""}, "name"), ({"name": "x", "language": "de"}, "language"),
    ({"name": "x", "public": "yes"}, "public"), ({"name": "x", "extra": 1}, "extra")])
def test_bad_clubs_are_refused_and_nothing_is_stored(client: FlaskClient, body: dict[str, object],
                                                     field: str) -> None:
    assert_error(client.post(CLUBS, json=body), 422, field)
    club = new_club(client)
    assert club.id == 1


def test_the_admin_edits_the_club_and_a_member_may_not(client: FlaskClient) -> None:
    club = new_club(client)
    assert_error(client.patch(club.url, json={"public": True}, headers=bearer(club.member)), 403)
    assert_error(client.patch(club.url, json={"public": True}), 401)
    assert_error(client.patch(club.url, json={}, headers=bearer(club.admin)), 422)
    before = client.get(club.url, headers=bearer(club.admin))
    changed = client.patch(club.url, json={"public": True, "name": "La Rive"},
                           headers=bearer(club.admin))
    assert changed.status_code == 200
    assert changed.get_json()["public"] is True and changed.get_json()["name"] == "La Rive"
    assert changed.headers["ETag"] != before.headers["ETag"]
    assert client.get(club.url).status_code == 200  # public now


def test_rotating_the_member_token_voids_the_old_one(client: FlaskClient) -> None:
    club = new_club(client)
    assert_error(client.post(f"{club.url}/member-token", headers=bearer(club.member)), 403)
    rotated = client.post(f"{club.url}/member-token", headers=bearer(club.admin))
    assert rotated.status_code == 200
    fresh = rotated.get_json()["member_token"]
    assert fresh != club.member
    assert_error(client.get(club.url, headers=bearer(club.member)), 403)
    assert client.get(club.url, headers=bearer(fresh)).status_code == 200


def test_the_recovery_code_issues_a_new_admin_token_and_voids_the_old(
        client: FlaskClient) -> None:
    club = new_club(client)
    assert_error(client.post(f"{club.url}/recover", json={"recovery_code": "AAAA-AAAA"}), 403)
    headers = {"Idempotency-Key": "recover-1"}
    body = {"recovery_code": club.recovery_code.lower()}
    recovered = client.post(f"{club.url}/recover", json=body, headers=headers)
    assert recovered.status_code == 200
    again = client.post(f"{club.url}/recover", json=body, headers=headers)
    assert again.get_json() == recovered.get_json()  # the retry, though the code is used up
    new = recovered.get_json()
    assert_error(client.patch(club.url, json={"public": True}, headers=bearer(club.admin)), 403)
    assert client.patch(club.url, json={"public": True},
                        headers=bearer(new["token"])).status_code == 200
    assert_error(client.post(f"{club.url}/recover", json=body), 403)  # the old code is spent
    assert client.post(f"{club.url}/recover",
                       json={"recovery_code": new["recovery_code"]}).status_code == 200
