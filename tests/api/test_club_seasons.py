"""A club's seasons through the API: written by the admin only, read as the club's ledger, the
ladder from the club's finished games (a correction moves a result), weak ETag and 304, hidden
players, and every bad body refused with nothing stored."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from flask.testing import FlaskClient

from tests.api.club_helpers import ClubHandle, add_player, bearer, club_game, new_club, seated
from tests.api.helpers import API
from tests.api.tournament_helpers import Tourney, play_out

TODAY = datetime.now(UTC).date()
SEASON = {"name": "Hiver", "starts_on": (TODAY - timedelta(days=30)).isoformat(),
          "ends_on": (TODAY + timedelta(days=30)).isoformat()}
SLAM = {"bidder": 0, "bid": "10NT", "tricks": [10, 0]}  # 520: the bidder's side is out


def new_season(client: FlaskClient, club: ClubHandle, **body: Any) -> dict[str, Any]:
    made = client.post(f"{club.url}/seasons", json={**SEASON, **body},
                       headers=bearer(club.admin))
    assert made.status_code == 201, made.get_json()
    season: dict[str, Any] = made.get_json()
    return season


def ladder(client: FlaskClient, club: ClubHandle, season: dict[str, Any],
           token: str | None = None) -> dict[str, Any]:
    read = client.get(f"{club.url}/seasons/{season['id']}/standings",
                      headers=bearer(token or club.member))
    assert read.status_code == 200, read.get_json()
    body: dict[str, Any] = read.get_json()
    return body


@pytest.fixture
def four(client: FlaskClient) -> tuple[ClubHandle, list[int], list[dict[str, Any]]]:
    club = new_club(client)
    names = ["Ann Smith", "Bo Jones", "Cy Brown", "Di Green"]
    ids = [add_player(client, club, name) for name in names]
    seats = [seated(n, p) for n, p in zip(names, ids, strict=True)]
    return club, ids, seats


def finish(client: FlaskClient, game: dict[str, Any], bidder: int = 0) -> None:
    made = client.post(f"{API}/games/{game['id']}/hands", json={**SLAM, "bidder": bidder},
                       headers=bearer(game["token"]))
    assert made.status_code == 201, made.get_json()
    assert made.get_json()["game"]["status"] == "finished"


def test_the_admin_keeps_seasons_and_the_ledger_readers_read_them(
        client: FlaskClient, four: tuple[ClubHandle, list[int], list[Any]]) -> None:
    club = four[0]
    season = new_season(client, club, counting={"best": 3}, variants=["australian-500"])
    assert season["counting"] == {"min_games": 1, "min_nights": 0, "best": 3,
                                  "guests": "count", "points": "wins",
                                  "placing_points": [10, 8, 6, 5, 4, 3, 2, 1]}
    url = f"{club.url}/seasons/{season['id']}"
    assert client.post(f"{club.url}/seasons", json=SEASON,
                       headers=bearer(club.member)).status_code == 403
    assert client.get(f"{club.url}/seasons").status_code == 401  # a private club
    assert client.get(url, headers=bearer(club.member)).get_json() == season
    changed = client.patch(url, json={"counting": {"guests": "exclude"}},
                           headers=bearer(club.admin))
    assert changed.status_code == 200
    assert changed.get_json()["counting"]["best"] == 3  # the rules not sent stay
    assert changed.get_json()["counting"]["guests"] == "exclude"
    listed = client.get(f"{club.url}/seasons", headers=bearer(club.member)).get_json()["data"]
    assert [s["id"] for s in listed] == [season["id"]]
    assert client.delete(url, headers=bearer(club.member)).status_code == 403
    assert client.delete(url, headers=bearer(club.admin)).status_code == 200
    assert client.get(url, headers=bearer(club.member)).status_code == 404


def test_a_retry_with_the_same_idempotency_key_makes_one_season(
        client: FlaskClient, four: tuple[ClubHandle, list[int], list[Any]]) -> None:
    club = four[0]
    headers = {**bearer(club.admin), "Idempotency-Key": "winter"}
    first = client.post(f"{club.url}/seasons", json=SEASON, headers=headers)
    again = client.post(f"{club.url}/seasons", json=SEASON, headers=headers)
    assert first.status_code == again.status_code == 201
    assert again.headers["Idempotent-Replayed"] == "true"
    assert len(client.get(f"{club.url}/seasons", headers=bearer(club.admin)
                          ).get_json()["data"]) == 1


@pytest.mark.parametrize("body", [
    {**SEASON, "ends_on": (TODAY - timedelta(days=31)).isoformat()},
    {**SEASON, "starts_on": "2027-02-30"},
    {**SEASON, "variants": ["pinochle"]},
    {**SEASON, "variants": []},
    {**SEASON, "counting": {"best": 0}},
    {**SEASON, "counting": {"min_games": -1}},
    {**SEASON, "counting": {"min_games": "5"}},
    {**SEASON, "counting": {"points": "goals"}},
    {**SEASON, "counting": {"guests": "maybe"}},
    {**SEASON, "counting": {"placing_points": []}},
    {**SEASON, "counting": {"placing_points": [10, -1]}},
    {**SEASON, "counting": {"drop_worst": 2}},
    {"name": "Hiver", "starts_on": SEASON["starts_on"]},
])
def test_a_bad_season_is_refused_422_and_nothing_is_stored(
        client: FlaskClient, four: tuple[ClubHandle, list[int], list[Any]],
        body: dict[str, Any]) -> None:
    club = four[0]
    refused = client.post(f"{club.url}/seasons", json=body, headers=bearer(club.admin))
    assert refused.status_code == 422, refused.get_json()
    assert set(refused.get_json()) >= {"code", "status", "message", "errors"}
    assert client.get(f"{club.url}/seasons", headers=bearer(club.admin)
                      ).get_json()["data"] == []


def test_a_patch_that_ends_a_season_before_it_starts_is_refused(
        client: FlaskClient, four: tuple[ClubHandle, list[int], list[Any]]) -> None:
    club = four[0]
    season = new_season(client, club)
    url = f"{club.url}/seasons/{season['id']}"
    refused = client.patch(url, json={"starts_on": (TODAY + timedelta(days=31)).isoformat()},
                           headers=bearer(club.admin))
    assert refused.status_code == 422
    assert list(refused.get_json()["errors"]) == ["ends_on"]
    assert client.get(url, headers=bearer(club.admin)).get_json() == season


def test_the_ladder_counts_finished_games_and_a_correction_moves_a_result(
        client: FlaskClient, four: tuple[ClubHandle, list[int], list[dict[str, Any]]]) -> None:
    club, ids, seats = four
    season = new_season(client, club)
    games = [club_game(client, club, seats) for _ in range(3)]
    for game in games[:2]:
        finish(client, game, bidder=0)  # North-South: Ann and Cy
    unfinished = games[2]
    client.post(f"{API}/games/{unfinished['id']}/hands",
                json={"bidder": 0, "bid": "6S", "tricks": [6, 4]},
                headers=bearer(unfinished["token"]))
    body = ladder(client, club, season)
    top = body["standings"][:2]
    assert [(s["player"]["id"], s["place"], s["tied"], s["points"]) for s in top] == [
        (ids[0], 1, True, 2), (ids[2], 1, True, 2)]
    assert {s["player"]["id"]: s["points"] for s in body["standings"][2:]} == {
        ids[1]: 0, ids[3]: 0}
    assert all(s["games"] == 2 for s in body["standings"])  # the unfinished game counts not
    assert top[0]["counted"][0] == {"game": games[0]["id"], "tournament": None,
                                    "date": TODAY.isoformat(), "points": 1, "won": True,
                                    "placing": None, "reason": None}
    # East-West made the slam after all: the first game's win moves to them.
    corrected = client.put(f"{API}/games/{games[0]['id']}/hands/1",
                           json={**SLAM, "bidder": 1, "tricks": [0, 10]},
                           headers=bearer(games[0]["token"]))
    assert corrected.status_code == 200, corrected.get_json()
    after = {s["player"]["id"]: s["points"] for s in ladder(client, club, season)["standings"]}
    assert after == {ids[0]: 1, ids[1]: 1, ids[2]: 1, ids[3]: 1}


def test_the_ladder_has_a_weak_etag_and_answers_304(
        client: FlaskClient, four: tuple[ClubHandle, list[int], list[dict[str, Any]]]) -> None:
    club, _ids, seats = four
    season = new_season(client, club)
    game = club_game(client, club, seats)
    url = f"{club.url}/seasons/{season['id']}/standings"
    first = client.get(url, headers=bearer(club.member))
    tag = first.headers["ETag"]
    assert tag.startswith('W/"')
    again = client.get(url, headers={**bearer(club.member), "If-None-Match": tag})
    assert again.status_code == 304
    finish(client, game)
    moved = client.get(url, headers={**bearer(club.member), "If-None-Match": tag})
    assert moved.status_code == 200 and moved.headers["ETag"] != tag
    assert moved.get_json()["standings"][0]["points"] == 1


def test_a_hidden_player_is_a_guest_to_a_reader_outside_a_public_club(
        client: FlaskClient) -> None:
    club = new_club(client, public=True)
    names = ["Ann Smith", "Bo Jones", "Cy Brown", "Di Green"]
    ids = [add_player(client, club, name, **({"visibility": "hidden"} if i == 0 else {}))
           for i, name in enumerate(names)]
    season = new_season(client, club)
    finish(client, club_game(client, club, [seated(n, p) for n, p in zip(names, ids,
                                                                          strict=True)]))
    outside = client.get(f"{club.url}/seasons/{season['id']}/standings").get_json()
    players = [s["player"] for s in outside["standings"]]
    assert {"id": None, "name": "a guest"} in players
    assert {"id": ids[2], "name": "Cy B."} in players
    assert ids[0] not in [p["id"] for p in players]
    inside = ladder(client, club, season, club.member)
    assert {"id": ids[0], "name": "Ann Smith"} in [s["player"] for s in inside["standings"]]


def test_guests_excluded_drop_a_game_where_an_unlinked_name_sat(
        client: FlaskClient, four: tuple[ClubHandle, list[int], list[dict[str, Any]]]) -> None:
    club, ids, seats = four
    season = new_season(client, club, counting={"guests": "exclude", "min_games": 0})
    finish(client, club_game(client, club, seats))
    finish(client, club_game(client, club, [*seats[:3], "Visitor"]))
    ann = ladder(client, club, season)["standings"][0]
    assert ann["player"]["id"] == ids[0] and ann["points"] == 1 and ann["games"] == 1
    assert [d["reason"] for d in ann["dropped"]] == ["guests"]


def test_placing_points_come_from_a_finished_club_night(
        client: FlaskClient, four: tuple[ClubHandle, list[int], list[dict[str, Any]]]) -> None:
    club, ids, seats = four
    season = new_season(client, club, counting={"points": "placing",
                                                "placing_points": [10, 8, 6]})
    teams = [{"name": f"Team {i}", "players": [seats[i], f"Guest {i}"]} for i in range(4)]
    made = client.post(f"{API}/tournaments", json={
        "name": "Soirée", "variant": "australian-500", "format": "single_elimination",
        "teams": teams, "club": club.id}, headers={"X-Club-Token": club.member})
    assert made.status_code == 201, made.get_json()
    night = Tourney(client, made.get_json())
    assert night.draw().status_code == 200
    assert ladder(client, club, season)["standings"] == []  # not finished: no night yet
    placings = play_out(night)["placings"]
    body = ladder(client, club, season)
    table = {1: 10, 2: 8, 3: 6}
    expected = {ids[p["team"]]: table.get(p["place"], 0) for p in placings}
    assert {s["player"]["id"]: s["points"] for s in body["standings"]} == expected
    first = body["standings"][0]
    assert first["nights"] == 1 and first["counted"][0]["tournament"] == night.id
    assert first["counted"][0]["placing"] == 1 and first["counted"][0]["game"] is None
    # Every team had a guest: excluding guests drops the night for everyone.
    client.patch(f"{club.url}/seasons/{season['id']}",
                 json={"counting": {"guests": "exclude", "min_games": 0}},
                 headers=bearer(club.admin))
    after = ladder(client, club, season)["standings"]
    assert {s["points"] for s in after} == {0}
    assert {d["reason"] for s in after for d in s["dropped"]} == {"guests"}
