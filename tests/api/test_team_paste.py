"""Teams as the new-tournament form sends them (issue 27): every fault of the teams is refused
at its team, teams.N.players or teams.N.name, with one message per fault naming the team (never
one repeated message at "teams"), and nothing is stored."""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import func, select

from scorekeeper.extensions import db
from scorekeeper.models import Tournament
from tests.api.helpers import assert_error
from tests.api.tournament_helpers import TOURNAMENTS


def create(client: FlaskClient, teams: list[tuple[str, list[str]]],
           variant: str = "quebec-500", fmt: str = "quebec") -> Any:
    return client.post(TOURNAMENTS, json={
        "name": "Friday", "variant": variant, "format": fmt,
        "teams": [{"name": name, "players": players} for name, players in teams]})


def stored(app: Flask) -> int:
    with app.app_context():
        return db.session.scalar(select(func.count()).select_from(Tournament)) or 0


def test_one_player_teams_are_named_where_the_game_needs_two(app: Flask,
                                                              client: FlaskClient) -> None:
    """Lines pasted without a colon came as teams of one: the 422 said "every team has the
    same number of players" once, at "teams", naming none of them."""
    body = assert_error(create(client, [("Les As", ["Marie", "Jean"]), ("Bob", ["Bob"]),
                                        ("Les Rois", ["Ann", "Cy"]), ("Zoé", ["Zoé"])]), 422)
    assert set(body["errors"]) == {"teams.1.players", "teams.3.players"}
    assert "'Bob'" in body["errors"]["teams.1.players"][0]
    assert "'Zoé'" in body["errors"]["teams.3.players"][0]
    assert body["rule"] == "team_size"
    assert stored(app) == 0


def test_a_team_unlike_the_others_is_the_one_named(app: Flask, client: FlaskClient) -> None:
    """Australian 500 seats sides of two or of three: the teams must all be one size, and the
    one that differs from most is at fault."""
    body = assert_error(create(client, [("A", ["a1", "a2"]), ("B", ["b1", "b2", "b3"]),
                                        ("C", ["c1", "c2"])], "australian-500", "round_robin"),
                        422)
    assert list(body["errors"]) == ["teams.1.players"]
    assert body["errors"]["teams.1.players"] == [
        "team 'B' has 3 players; the other teams have 2 players"]
    assert stored(app) == 0


def test_a_player_twice_in_one_line_is_refused_at_that_team(app: Flask,
                                                            client: FlaskClient) -> None:
    body = assert_error(create(client, [("A", ["Marie", "marie "]), ("B", ["c", "d"])]), 422,
                        "teams.0.players")
    assert body["rule"] == "player_twice"
    assert stored(app) == 0


def test_every_fault_has_its_own_message_at_its_team(app: Flask, client: FlaskClient) -> None:
    body = assert_error(create(client, [("A", ["a", "b"]), ("a", ["c", "d"]), ("C", ["a", "e"]),
                                        ("D", ["f"])]), 422)
    errors = body["errors"]
    assert set(errors) == {"teams.1.name", "teams.2.players", "teams.3.players"}
    messages = [m for found in errors.values() for m in found]
    assert len(messages) == len(set(messages)) == 3
    assert "teams" not in errors
    assert stored(app) == 0


@pytest.mark.parametrize("where", ["name", "players"])
def test_a_name_too_long_is_refused_at_its_team(app: Flask, client: FlaskClient,
                                                where: str) -> None:
    long = "x" * 61
    teams = [("A", ["a", "b"]), (long, ["c", "d"]) if where == "name" else ("B", [long, "d"])]
    assert_error(create(client, teams), 422, f"teams.1.{where}" + (".0" if where == "players"
                                                                    else ""))
    assert stored(app) == 0
