"""A finished tournament's final places (`placings`), champion first, as far as the format
decides: a knockout places its teams by the round they went out in, that round's losers sharing a
place; the teams that never reached it follow by the qualifying standings; a league places by its
standings. And the table each match is played at. Every game here is won by the team with the
lower drawn number, so who goes how far is known in advance."""

from __future__ import annotations

from typing import Any

from flask.testing import FlaskClient

from tests.api.tournament_helpers import Tourney, play_out


def placed(body: dict[str, Any]) -> list[tuple[int, int]]:
    """(place, drawn number) in the order of `placings`."""
    numbers = {t["team"]: t["number"] for t in body["teams"]}
    names = {t["team"]: t["name"] for t in body["teams"]}
    assert all(p["name"] == names[p["team"]] for p in body["placings"])
    return [(p["place"], numbers[p["team"]]) for p in body["placings"]]


def test_a_knockout_places_each_round_s_losers_together(client: FlaskClient) -> None:
    tourney = Tourney.create(client, 8, "single_elimination")
    tourney.draw()
    body = play_out(tourney)
    assert body["champion"] == tourney.team(1)
    assert placed(body) == [(1, 1), (2, 2), (3, 3), (3, 4), (5, 5), (5, 6), (5, 7), (5, 8)]


def test_a_knockout_with_byes_places_a_team_by_the_round_it_went_out_in(
        client: FlaskClient) -> None:
    tourney = Tourney.create(client, 6, "single_elimination")
    tourney.draw()
    body = play_out(tourney)
    # Seeds 1 and 2 have byes into the semi-finals; 3 to 6 play the first round.
    assert placed(body) == [(1, 1), (2, 2), (3, 3), (3, 4), (5, 5), (5, 6)]


def test_quebec_places_the_knockout_then_the_qualifying_round(client: FlaskClient) -> None:
    tourney = Tourney.create(client, 16, "quebec")
    tourney.draw()
    body = play_out(tourney)
    places = placed(body)
    # The odd numbers win every qualifying game and make the knockout of 8.
    assert [place for place, _ in places[:8]] == [1, 2, 3, 3, 5, 5, 5, 5]
    assert [number for _, number in places[:8]] == [1, 3, 5, 7, 9, 11, 13, 15]
    # The others follow in the qualifying standings' order, each in a place of its own.
    qualifying = [row["number"] for row in body["standings"]]
    assert [number for _, number in places[8:]] == [n for n in qualifying if n % 2 == 0]
    assert [place for place, _ in places[8:]] == list(range(9, 17))
    # The standings stay the qualifying table: the champion is not necessarily first there.
    assert body["standings"][0]["number"] in (1, 3, 5, 7, 9, 11, 13, 15)


def test_a_league_places_by_its_standings(client: FlaskClient) -> None:
    tourney = Tourney.create(client, 4, "round_robin")
    tourney.draw()
    body = play_out(tourney)
    assert placed(body) == [(1, 1), (2, 2), (3, 3), (4, 4)]
    assert [p["team"] for p in body["placings"]] == [s["team"] for s in body["standings"]]


def test_a_tournament_not_finished_has_no_placings(client: FlaskClient) -> None:
    tourney = Tourney.create(client, 4, "single_elimination")
    assert tourney.get()["placings"] == []
    tourney.draw()
    assert tourney.get()["placings"] == []


def test_every_match_of_a_round_has_its_own_table_and_a_bye_none(client: FlaskClient) -> None:
    """API.md: every match of a round has `table`, a number from 1, unique within the round."""
    tourney = Tourney.create(client, 7, "swiss")
    tourney.draw()
    body = play_out(tourney)
    for round_ in body["rounds"]:
        played = [m["table"] for m in round_["matches"] if m["kind"] != "bye"]
        assert played == list(range(1, len(played) + 1)), round_
        assert all(m["table"] is None for m in round_["matches"] if m["kind"] == "bye")
    assert any(m["kind"] == "bye" for r in body["rounds"] for m in r["matches"])
    first = body["rounds"][0]["matches"][0]
    assert tourney.match(first["id"])["table"] == first["table"]
