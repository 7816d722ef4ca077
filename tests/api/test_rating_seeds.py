"""Seeding "ratings" (issue 30): a club tournament's field seeded at the draw by its players'
ratings, strongest first, stored so that a later rating never moves the drawn bracket."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import func, select, update

from scorekeeper.extensions import db
from scorekeeper.models import PlayerRating, Tournament
from tests.api.club_helpers import ClubHandle, add_player, bearer, club_game, new_club, seated
from tests.api.helpers import API, GAMES, assert_error, hand
from tests.helpers import backup, new_app, second_database

TOURNAMENTS = f"{API}/tournaments"
NORTH_SOUTH_WINS = [hand(0, "8H", [8, 2]), hand(2, "7H", [7, 3])]  # 500 to 50


def finished(client: FlaskClient, club: ClubHandle, players: list[Any]) -> None:
    """A club game played to its end: seats 0 and 2 (North-South) win."""
    game = club_game(client, club, players)
    for entered in NORTH_SOUTH_WINS:
        made = client.post(f"{GAMES}/{game['id']}/hands", json=entered,
                           headers=bearer(game["token"]))
        assert made.status_code == 201, made.get_json()


def rated_club(client: FlaskClient) -> tuple[ClubHandle, dict[str, int]]:
    """Ann and Bo won twice against Cy and Di; Eve has played nothing."""
    club = new_club(client)
    ids = {n: add_player(client, club, n) for n in ("Ann", "Bo", "Cy", "Di", "Eve")}
    for _ in range(2):
        finished(client, club, [seated("Ann", ids["Ann"]), seated("Cy", ids["Cy"]),
                                seated("Bo", ids["Bo"]), seated("Di", ids["Di"])])
    return club, ids


def seeded(club: int | None, fmt: str, ids: dict[str, int]) -> dict[str, Any]:
    """Listed weakest first: a ratings seeding that kept (or reversed) the list would show."""
    body: dict[str, Any] = {
        "name": "Coupe du club", "variant": "australian-500", "format": fmt,
        "options": {"seeding": "ratings"},
        "teams": [{"name": "Les Piques", "players": [seated("Cy", ids["Cy"]),
                                                      seated("Di", ids["Di"])]},
                  {"name": "Les Trèfles", "players": ["Gil", "Hal"]},
                  {"name": "Les Coeurs", "players": [seated("Ann", ids["Ann"]),
                                                      seated("Bo", ids["Bo"])]},
                  {"name": "Les Carreaux", "players": [seated("Eve", ids["Eve"]), "Ivo"]}]}
    if club is not None:
        body["club"] = club
    return body


# The strongest (Ann and Bo) first; the guests' team and Eve's (unrated: a newcomer's mu, as
# average) level, in their listed order; Cy and Di, who lost, last.
SEEDED = [2, 1, 3, 0]


def numbers(view: dict[str, Any]) -> list[int]:
    """The teams in their seed order (number 1 first)."""
    return [t["team"] for t in sorted(view["teams"], key=lambda t: t["number"])]


@pytest.mark.parametrize("fmt", ["single_elimination", "round_robin"])
def test_a_club_tournament_seeded_by_ratings_puts_the_strongest_first_and_keeps_its_draw(
        app: Flask, client: FlaskClient, tmp_path: Path, fmt: str) -> None:
    club, ids = rated_club(client)
    made = client.post(TOURNAMENTS, json=seeded(club.id, fmt, ids),
                       headers={"X-Club-Token": club.member})
    assert made.status_code == 201, made.get_json()
    t = made.get_json()
    assert t["options"]["seeding"] == "ratings"
    drawn = client.post(f"{TOURNAMENTS}/{t['id']}/draw", json={"seed": 7},
                        headers=bearer(t["token"]))
    assert drawn.status_code == 200, drawn.get_json()
    view = client.get(f"{TOURNAMENTS}/{t['id']}").get_json()
    assert numbers(view) == SEEDED
    if fmt == "single_elimination":  # seeds 1 and 2 meet in the final at the earliest
        assert [m["teams"] for m in view["rounds"][0]["matches"]] == [[2, 0], [1, 3]]
    # Cy becomes the club's best player: the drawn bracket does not move.
    with app.app_context():
        db.session.execute(update(PlayerRating).where(PlayerRating.player_id == ids["Cy"])
                           .values(mu=60.0))
        db.session.commit()
    again = client.get(f"{TOURNAMENTS}/{t['id']}").get_json()
    assert numbers(again) == SEEDED and again["rounds"] == view["rounds"]
    # A backup carries the stored order; restored, the tournament reads the same.
    written = backup(app.test_cli_runner(), tmp_path / "club.json")
    assert [x["seeds"] for x in written["tournaments"]] == [SEEDED]
    second = new_app(second_database(tmp_path))
    result = second.test_cli_runner().invoke(args=["restore", str(tmp_path / "club.json")])
    assert result.exit_code == 0, result.output
    restored = second.test_client().get(f"{TOURNAMENTS}/{t['id']}").get_json()
    assert numbers(restored) == SEEDED and restored["rounds"] == view["rounds"]


def test_a_backup_written_before_seeds_restores_as_before(
        app: Flask, client: FlaskClient, tmp_path: Path) -> None:
    club, ids = rated_club(client)
    body = seeded(club.id, "single_elimination", ids)
    body["options"] = {"seeding": "listed"}
    t = client.post(TOURNAMENTS, json=body, headers={"X-Club-Token": club.member}).get_json()
    client.post(f"{TOURNAMENTS}/{t['id']}/draw", json={}, headers=bearer(t["token"]))
    written = backup(app.test_cli_runner(), tmp_path / "club.json")
    for entry in written["tournaments"]:
        assert entry.pop("seeds") is None
    (tmp_path / "old.json").write_text(json.dumps(written), encoding="utf-8")
    second = new_app(second_database(tmp_path))
    result = second.test_cli_runner().invoke(args=["restore", str(tmp_path / "old.json")])
    assert result.exit_code == 0, result.output
    restored = second.test_client().get(f"{TOURNAMENTS}/{t['id']}").get_json()
    assert numbers(restored) == [0, 1, 2, 3]


def test_seeding_by_ratings_outside_a_club_is_refused_and_stores_nothing(
        app: Flask, client: FlaskClient) -> None:
    body = {"name": "Coupe", "variant": "australian-500", "format": "single_elimination",
            "options": {"seeding": "ratings"},
            "teams": [{"name": f"Team {n}", "players": [f"A{n}", f"B{n}"]} for n in range(4)]}
    refused = client.post(TOURNAMENTS, json=body)
    error = assert_error(refused, 422, "options.seeding")
    assert "club" in error["message"]
    with app.app_context():
        assert db.session.scalar(select(func.count()).select_from(Tournament)) == 0
