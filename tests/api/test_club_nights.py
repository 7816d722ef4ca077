"""A club night (GET /clubs/{id}/nights/{night}, issue 30): the games and tournaments finished
that night, each one's wins, and the milestones the night made. Games go through the API; when
their hands were recorded is then set in the database, to put them on chosen nights."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import update

from scorekeeper.extensions import db
from scorekeeper.models import Game, Hand, Tournament, TournamentGame
from tests.api.club_helpers import ClubHandle, add_player, bearer, new_club, seated
from tests.api.helpers import GAMES, assert_error
from tests.api.tournament_helpers import Tourney, play_out

TORONTO = "America/Toronto"  # UTC-5 in March before the 9th, UTC-4 from then
# Cy 7♠ made; Ann misère made; Di 8♥ failed; Bo 9NT failed: East-West out the back door,
# North-South (Ann and Cy) win.
BACK_DOOR = [{"bidder": 2, "bid": "7S", "tricks": [7, 3]},
             {"bidder": 0, "bid": "MIS", "tricks": [0, 10]},
             {"bidder": 3, "bid": "8H", "tricks": [4, 6]},
             {"bidder": 1, "bid": "9NT", "tricks": [3, 7]}]
# Three-handed: Ann 6♠ made, then Bo's open misère made takes Bo to 500.
OPEN_MISERE = [{"bidder": 0, "bid": "6S", "tricks": [6, 2, 2]},
               {"bidder": 1, "bid": "OMIS", "tricks": [5, 0, 5]}]


def game(client: FlaskClient, app: Flask, club: ClubHandle, sides: list[dict[str, Any]],
         hands: list[dict[str, Any]], at: datetime) -> int:
    """A club game played out through the API, its hands then dated `at` (UTC)."""
    made = client.post(GAMES, json={"variant": "australian-500", "sides": sides,
                                    "club": club.id}, headers={"X-Club-Token": club.member})
    assert made.status_code == 201, made.get_json()
    body = made.get_json()
    for entered in hands:
        recorded = client.post(f"{GAMES}/{body['id']}/hands", json=entered,
                               headers={"Authorization": f"Bearer {body['token']}"})
        assert recorded.status_code == 201, recorded.get_json()
    with app.app_context():
        db.session.execute(update(Hand).where(Hand.game_id == body["id"]).values(created_at=at))
        db.session.execute(update(Game).where(Game.id == body["id"])
                           .values(created_at=at, updated_at=at))
        db.session.commit()
    game_id: int = body["id"]
    return game_id


def night(client: FlaskClient, club: ClubHandle, which: str, tz: str = TORONTO,
          token: str | None = None) -> Any:
    token = club.member if token is None else token
    return client.get(f"{club.url}/nights/{which}?tz={tz}",
                      headers=bearer(token) if token else {})


def people(client: FlaskClient, club: ClubHandle) -> dict[str, int]:
    return {name: add_player(client, club, f"{name} Smith")
            for name in ("Ann", "Bo", "Cy", "Di")}


def four(p: dict[str, int], guest: str | None = None) -> list[dict[str, Any]]:
    di = guest if guest is not None else seated("Di", p["Di"])
    return [{"name": "North-South", "players": [seated("Ann", p["Ann"]), seated("Cy", p["Cy"])]},
            {"name": "East-West", "players": [seated("Bo", p["Bo"]), di]}]


def three(p: dict[str, int]) -> list[dict[str, Any]]:
    return [{"name": n, "players": [seated(n, p[n])]} for n in ("Ann", "Bo", "Cy")]


def test_a_night_runs_from_six_to_six_in_the_clubs_time_zone(client: FlaskClient,
                                                             app: Flask) -> None:
    club = new_club(client)
    p = people(client, club)
    # 23:30 and 01:30 Toronto time (UTC-5) on the evening of 7 March; the next evening's at 20:00.
    late = game(client, app, club, four(p), BACK_DOOR, datetime(2025, 3, 8, 4, 30, tzinfo=UTC))
    later = game(client, app, club, three(p), OPEN_MISERE, datetime(2025, 3, 8, 6, 30, tzinfo=UTC))
    next_night = game(client, app, club, four(p), BACK_DOOR,
                      datetime(2025, 3, 9, 1, 0, tzinfo=UTC))
    got = night(client, club, "2025-03-07")
    assert got.status_code == 200, got.get_json()
    body = got.get_json()
    assert [g["id"] for g in body["games"]] == [late, later]
    assert (body["date"], body["time_zone"]) == ("2025-03-07", TORONTO)
    assert (body["starts_at"], body["ends_at"]) == ("2025-03-07T11:00:00Z", "2025-03-08T11:00:00Z")
    first = body["games"][0]
    assert [(s["name"], s["won"]) for s in first["sides"]] == [("North-South", True),
                                                                ("East-West", False)]
    assert [pl["name"] for pl in first["sides"][0]["players"]] == ["Ann Smith", "Cy Smith"]
    # In UTC the same games fall on two dates: 04:30 is still the 7th's night, 06:30 the 8th's.
    assert [g["id"] for g in night(client, club, "2025-03-07", "UTC").get_json()["games"]] == [
        late]
    assert [g["id"] for g in night(client, club, "2025-03-08").get_json()["games"]] == [
        next_night]
    assert night(client, club, "latest").get_json()["date"] == "2025-03-08"


def test_each_ones_wins_most_first_with_a_guest_by_the_name_typed(client: FlaskClient,
                                                                   app: Flask) -> None:
    club = new_club(client)
    p = people(client, club)
    at = datetime(2025, 5, 2, 23, 0, tzinfo=UTC)
    game(client, app, club, four(p, guest="Zed"), BACK_DOOR, at)
    game(client, app, club, three(p), OPEN_MISERE, at)
    wins = night(client, club, "2025-05-02", "UTC").get_json()["wins"]
    assert [(w["name"], w["player"] is not None, w["games"], w["won"]) for w in wins] == [
        ("Ann Smith", True, 2, 1), ("Bo Smith", True, 2, 1), ("Cy Smith", True, 2, 1),
        ("Zed", False, 1, 0)]


def test_milestones_are_the_counts_the_night_made_cross(client: FlaskClient, app: Flask) -> None:
    club = new_club(client)
    p = people(client, club)
    game(client, app, club, four(p), BACK_DOOR, datetime(2025, 5, 2, 23, 0, tzinfo=UTC))
    game(client, app, club, three(p), OPEN_MISERE, datetime(2025, 5, 9, 23, 0, tzinfo=UTC))
    first = night(client, club, "2025-05-02", "UTC").get_json()["milestones"]
    # Everyone's first game; Ann and Cy their first win; Ann her first misère made.
    assert {(m["name"], m["figure"], m["count"]) for m in first} == {
        ("Ann Smith", "games", 1), ("Bo Smith", "games", 1), ("Cy Smith", "games", 1),
        ("Di Smith", "games", 1), ("Ann Smith", "won", 1), ("Cy Smith", "won", 1),
        ("Ann Smith", "misere.made", 1)}
    second = night(client, club, "2025-05-09", "UTC").get_json()["milestones"]
    # A second game crosses nothing; Bo's first win and first open misère made do.
    assert [(m["name"], m["figure"], m["count"]) for m in second] == [
        ("Bo Smith", "won", 1), ("Bo Smith", "open_misere.made", 1)]
    # Looking back at the first night, the later one changes nothing.
    assert night(client, club, "2025-05-02", "UTC").get_json()["milestones"] == first


def test_a_club_tournament_finished_that_night_gives_its_final_standings(
        client: FlaskClient, app: Flask) -> None:
    club = new_club(client)
    tourney = Tourney.create(client, 4)
    with app.app_context():
        db.session.execute(update(Tournament).where(Tournament.id == tourney.id)
                           .values(club_id=club.id))
        db.session.commit()
    assert tourney.draw().status_code == 200
    final = play_out(tourney)
    with app.app_context():
        db.session.execute(update(TournamentGame).where(TournamentGame.tournament_id == tourney.id)
                           .values(created_at=datetime(2025, 6, 6, 22, 0, tzinfo=UTC)))
        db.session.commit()
    body = night(client, club, "latest", "UTC").get_json()
    assert body["date"] == "2025-06-06"
    [placed] = body["placings"]
    assert placed["tournament"] == tourney.id
    assert placed["placings"] == final["placings"]
    assert [s["name"] for s in placed["standings"]] == [s["name"] for s in final["standings"]]
    assert night(client, club, "2025-06-05", "UTC").get_json()["placings"] == []


def test_a_private_clubs_night_reads_with_its_tokens_and_names_as_the_reader_may_see(
        client: FlaskClient, app: Flask) -> None:
    club = new_club(client)
    p = people(client, club)
    game(client, app, club, four(p), BACK_DOOR, datetime(2025, 5, 2, 23, 0, tzinfo=UTC))
    assert_error(night(client, club, "latest", token=""), 401)
    assert_error(night(client, club, "latest", token="not-a-token"), 403)
    assert_error(client.get("/api/v1/clubs/999999/nights/latest"), 404)
    public = new_club(client, public=True)
    q = people(client, public)
    hidden = client.patch(f"/api/v1/players/{q['Di']}", json={"visibility": "hidden"},
                          headers=bearer(public.admin))
    assert hidden.status_code == 200, hidden.get_json()
    game(client, app, public, four(q), BACK_DOOR, datetime(2025, 5, 2, 23, 0, tzinfo=UTC))
    body = night(client, public, "2025-05-02", "UTC", token="").get_json()
    names = [pl["name"] for s in body["games"][0]["sides"] for pl in s["players"]]
    assert names == ["Ann S.", "Cy S.", "Bo S.", "Di"]  # a hidden player: the name typed
    assert "Di Smith" not in str(body) and q["Di"] not in [m["player"] for m in body["milestones"]]


def test_a_bad_night_or_time_zone_is_refused_by_name(client: FlaskClient) -> None:
    club = new_club(client)
    for bad in ("2025-13-01", "yesterday", "2025-3-7"):
        assert_error(night(client, club, bad), 422, "night")
    assert_error(night(client, club, "latest", tz="Mars/Olympus"), 422, "tz")


def test_the_same_night_answers_304_to_its_etag(client: FlaskClient) -> None:
    club = new_club(client)
    first = night(client, club, "latest")
    again = client.get(f"{club.url}/nights/latest?tz={TORONTO}",
                       headers={**bearer(club.member), "If-None-Match": first.headers["ETag"]})
    assert again.status_code == 304


def test_the_ladders_movers_are_the_places_the_night_changed(client: FlaskClient,
                                                              app: Flask) -> None:
    club = new_club(client)
    p = people(client, club)
    assert night(client, club, "2025-05-02", "UTC").get_json()["season"] is None
    made = client.post(f"{club.url}/seasons", json={
        "name": "Printemps", "starts_on": "2025-05-01", "ends_on": "2025-05-31"},
        headers=bearer(club.admin))
    assert made.status_code == 201, made.get_json()
    game(client, app, club, four(p), BACK_DOOR, datetime(2025, 5, 2, 23, 0, tzinfo=UTC))
    game(client, app, club, three(p), OPEN_MISERE, datetime(2025, 5, 9, 23, 0, tzinfo=UTC))

    def lines(body: dict[str, Any], key: str) -> list[tuple[str, int, int | None]]:
        return [(line["player"]["name"], line["place"], line["before"]) for line in body[key]]

    first = night(client, club, "2025-05-02", "UTC").get_json()
    assert first["season"] == {"id": made.get_json()["id"], "name": "Printemps"}
    # A game won is a point: Ann and Cy won, Bo and Di are listed below them; none was before.
    assert lines(first, "ladder") == [("Ann Smith", 1, None), ("Cy Smith", 1, None),
                                      ("Bo Smith", 3, None), ("Di Smith", 3, None)]
    assert lines(first, "movers") == lines(first, "ladder")
    second = night(client, club, "2025-05-09", "UTC").get_json()
    # Bo's win takes him level with Ann and Cy; Di falls to fourth.
    assert lines(second, "movers") == [("Bo Smith", 1, 3), ("Di Smith", 4, 3)]
    assert [line["points"] for line in second["ladder"]] == [1, 1, 1, 0]
    # A night outside the season has none.
    assert night(client, club, "2025-06-06", "UTC").get_json()["season"] is None
