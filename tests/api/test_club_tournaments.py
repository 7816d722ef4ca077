"""A tournament played in a club (POST /tournaments with `club`): its teams' players may be the
club's, and each game a table plays on the sheet is a club game whose seats are those players."""

from __future__ import annotations

from typing import Any

from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import func, select

from scorekeeper.extensions import db
from scorekeeper.models import Tournament
from tests.api.club_helpers import add_player, bearer, new_club, seated
from tests.api.helpers import API, GAMES, assert_error, hand

TOURNAMENTS = f"{API}/tournaments"
MADE = hand(0, "7H", [8, 2])


def quebec(club: int | None, teams: list[dict[str, Any]]) -> dict[str, Any]:
    body: dict[str, Any] = {"name": "Soirée du club", "variant": "quebec-500",
                            "format": "quebec", "teams": teams}
    if club is not None:
        body["club"] = club
    return body


def four_teams(marie: int, luc: int) -> list[dict[str, Any]]:
    return [{"name": "Les As", "players": [seated("Marie B.", marie), "Zoé"]},
            {"name": "Les Rois", "players": [seated("Luc", luc), "Guy"]},
            {"name": "Les Valets", "players": ["Ana", "Bea"]},
            {"name": "Les Dix", "players": ["Cal", "Dan"]}]


def test_a_club_tournament_seats_its_players_on_the_sheet_and_their_records_count(
        client: FlaskClient) -> None:
    club = new_club(client)
    marie, luc = add_player(client, club, "Marie Bouchard"), add_player(client, club, "Luc")
    made = client.post(TOURNAMENTS, json=quebec(club.id, four_teams(marie, luc)),
                       headers={"X-Club-Token": club.member})
    assert made.status_code == 201, made.get_json()
    t = made.get_json()
    assert t["club"] == club.id
    assert [team["players"] for team in t["teams"]][:2] == [["Marie B.", "Zoé"], ["Luc", "Guy"]]
    assert t["teams"][0]["player_ids"] == [marie, None]
    assert "player_ids" not in t["teams"][2]
    auth = {"Authorization": f"Bearer {t['token']}"}
    assert client.post(f"{TOURNAMENTS}/{t['id']}/draw", json={"seed": 7},
                       headers=auth).status_code == 200
    rounds = client.get(f"{TOURNAMENTS}/{t['id']}").get_json()["rounds"]
    match = next(m for m in rounds[0]["matches"] if 0 in m["teams"])
    opened = client.post(f"{TOURNAMENTS}/{t['id']}/matches/{match['id']}/sheet", json={},
                         headers=auth)
    assert opened.status_code == 201, opened.get_json()
    game = opened.get_json()
    assert game["club"] == club.id
    linked = {s["name"]: s["player"] for s in game["seats"]}
    assert linked["Marie B."] == marie and linked["Zoé"] is None
    # The game's seats follow the rules' seat numbers: seat i is side i % 2, place i // 2.
    assert [s["side"] for s in game["seats"]] == [0, 1, 0, 1]
    played = client.post(f"{GAMES}/{game['id']}/hands", json=MADE,
                         headers={"Authorization": f"Bearer {game['token']}"})
    assert played.status_code == 201, played.get_json()
    record = client.get(f"{API}/players/{marie}", headers=bearer(club.member)).get_json()
    assert record["record"]["games"] == 1
    listed = client.get(f"{GAMES}?club={club.id}", headers=bearer(club.member)).get_json()
    assert [g["id"] for g in listed["data"]] == [game["id"]]
    tournaments = client.get(f"{TOURNAMENTS}?club={club.id}",
                             headers=bearer(club.member)).get_json()
    assert [x["id"] for x in tournaments["data"]] == [t["id"]]


def test_a_late_entry_keeps_its_club_players_and_a_check_in_keeps_the_links(
        client: FlaskClient) -> None:
    club = new_club(client)
    marie, luc, ana = (add_player(client, club, n) for n in ("Marie", "Luc", "Anaïs"))
    made = client.post(TOURNAMENTS, json=quebec(club.id, four_teams(marie, luc)),
                       headers={"X-Club-Token": club.admin}).get_json()
    auth = {"Authorization": f"Bearer {made['token']}"}
    url = f"{TOURNAMENTS}/{made['id']}"
    late = client.post(f"{url}/teams", json={"name": "Les Huit",
                                              "players": [seated("Anaïs", ana), "Eve"]},
                       headers=auth)
    assert late.status_code == 201, late.get_json()
    assert late.get_json()["teams"][4]["player_ids"] == [ana, None]
    again = client.post(f"{url}/teams", json={"name": "Les Neuf",
                                               "players": [seated("Marie B.", marie), "Flo"]},
                        headers=auth)
    assert "players.0.player" in assert_error(again, 422)["errors"]  # Marie plays already
    checked = client.post(f"{url}/teams/0/check-in", headers=auth)
    assert checked.status_code == 200, checked.get_json()
    assert checked.get_json()["teams"][0]["player_ids"] == [marie, None]


def stored(app: Flask) -> int:
    with app.app_context():
        return db.session.scalar(select(func.count()).select_from(Tournament)) or 0


def test_club_players_need_the_club_and_its_token_and_nothing_is_stored(
        app: Flask, client: FlaskClient) -> None:
    club, other = new_club(client), new_club(client, name="Autre club")
    marie, luc = add_player(client, club, "Marie"), add_player(client, club, "Luc")
    stranger = add_player(client, other, "Stranger")
    body = quebec(club.id, four_teams(marie, luc))
    assert_error(client.post(TOURNAMENTS, json=body), 401)
    assert_error(client.post(TOURNAMENTS, json=body, headers={"X-Club-Token": other.member}),
                 403)
    no_club = assert_error(client.post(TOURNAMENTS, json=quebec(None, four_teams(marie, luc))),
                           422)
    assert "teams.0.players.0.player" in no_club["errors"]
    foreign = assert_error(client.post(TOURNAMENTS, json=quebec(club.id, four_teams(stranger, luc)),
                                       headers={"X-Club-Token": club.member}), 422)
    assert "teams.0.players.0.player" in foreign["errors"]
    twice = assert_error(client.post(TOURNAMENTS, json=quebec(club.id, four_teams(marie, marie)),
                                     headers={"X-Club-Token": club.member}), 422)
    assert "teams.1.players.0.player" in twice["errors"]
    unknown = assert_error(client.post(TOURNAMENTS, json=quebec(999_999, four_teams(marie, luc)),
                                       headers={"X-Club-Token": club.member}), 422)
    assert "club" in unknown["errors"]
    assert stored(app) == 0


def test_a_progressive_night_in_a_club_links_its_players(client: FlaskClient) -> None:
    club = new_club(client)
    ids = [add_player(client, club, f"Joueur {n}") for n in range(8)]
    body = {"name": "Progressive du club", "variant": "quebec-500", "format": "progressive",
            "club": club.id,
            "players": [seated(f"Joueur {n}", ids[n]) for n in range(7)] + ["Invité"]}
    made = client.post(TOURNAMENTS, json=body, headers={"X-Club-Token": club.member})
    assert made.status_code == 201, made.get_json()
    t = made.get_json()
    assert t["players"][:2] == ["Joueur 0", "Joueur 1"] and t["players"][7] == "Invité"
    assert [team.get("player_ids") for team in t["teams"]][6:] == [[ids[6]], None]
    wrong = dict(body, players=[seated("Joueur 0", ids[0]), seated("J. Zéro", ids[0])]
                 + [f"P{n}" for n in range(6)])
    refused = assert_error(client.post(TOURNAMENTS, json=wrong,
                                       headers={"X-Club-Token": club.member}), 422)
    assert "players.1.player" in refused["errors"]
