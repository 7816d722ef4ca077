"""The teams at the organizer's desk (issue 18, item 2): late entries, check-in before the draw,
withdrawals with forfeits; every refusal a 4xx in the error shape with nothing stored."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient, FlaskCliRunner

from tests.api.helpers import assert_error
from tests.api.tournament_helpers import Tourney, all_matches, find_match
from tests.helpers import backup, new_app, second_database

NEWCOMER = {"name": "Les Retardataires", "players": ["Lou", "Max"]}


def add(t: Tourney, body: Any = None, **headers: str) -> Any:
    return t.client.post(f"{t.url}/teams", json=NEWCOMER if body is None else body,
                         headers=t.auth(**headers))


def check_in(t: Tourney, team: int, undo: bool = False) -> Any:
    url = f"{t.url}/teams/{team}/check-in"
    return (t.client.delete if undo else t.client.post)(url, headers=t.auth())


def withdraw(t: Tourney, team: int, **headers: str) -> Any:
    return t.client.post(f"{t.url}/teams/{team}/withdraw", headers=t.auth(**headers))


def team_of(body: dict[str, Any], team: int) -> dict[str, Any]:
    found: dict[str, Any] = body["teams"][team]
    assert found["team"] == team
    return found


def test_every_team_has_its_status(client: FlaskClient) -> None:
    t = Tourney.create(client, 4)
    for team in t.get()["teams"]:
        assert (team["status"], team["joined_round"], team["withdrawn_round"]) == (
            "registered", None, None)
    t.draw()
    body = t.get()
    assert all(team["status"] == "registered" for team in body["teams"])
    assert all(match["forfeit"] == [] for match in all_matches(body))


def test_a_team_entered_before_the_draw_is_drawn_like_the_others(client: FlaskClient) -> None:
    t = Tourney.create(client, 4, "single_elimination")
    response = add(t)
    assert response.status_code == 201, response.get_json()
    body = response.get_json()
    assert team_of(body, 4) == {"team": 4, "name": "Les Retardataires", "players": ["Lou", "Max"],
                                "number": None, "status": "registered", "joined_round": None,
                                "withdrawn_round": None}
    t.draw()
    assert sorted(t.numbers().values()) == [1, 2, 3, 4, 5]


def test_check_in_decides_who_is_drawn(client: FlaskClient) -> None:
    t = Tourney.create(client, 5, "round_robin")
    for team in (0, 1, 3):
        response = check_in(t, team)
        assert response.status_code == 200, response.get_json()
    assert team_of(response.get_json(), 3)["status"] == "checked_in"
    # Checking in again changes nothing; undoing it is back to registered.
    version = client.get(t.url).headers["ETag"]
    assert check_in(t, 3).status_code == 200
    assert client.get(t.url).headers["ETag"] == version
    assert team_of(check_in(t, 3, undo=True).get_json(), 3)["status"] == "registered"
    assert check_in(t, 3).status_code == 200
    body = t.draw().get_json()
    statuses = [team["status"] for team in body["teams"]]
    assert statuses == ["checked_in", "checked_in", "withdrawn", "checked_in", "withdrawn"]
    numbers = [team["number"] for team in body["teams"]]
    assert sorted(n for n in numbers if n is not None) == [1, 2, 3]
    assert numbers[2] is None and numbers[4] is None
    playing = {team for match in all_matches(body) for team in match["teams"]}
    assert playing == {0, 1, 3}
    assert {row["team"] for row in body["standings"]} == {0, 1, 3}


def test_without_any_check_in_every_team_is_drawn(client: FlaskClient) -> None:
    t = Tourney.create(client, 4)
    body = t.draw().get_json()
    assert all(team["number"] is not None for team in body["teams"])


@pytest.mark.parametrize("action", ["check_in", "undo"])
def test_check_in_after_the_draw_is_refused(client: FlaskClient, action: str) -> None:
    t = Tourney.create(client, 4)
    t.draw()
    before = t.snapshot()
    assert_error(check_in(t, 1, undo=action == "undo"), 409)
    assert t.snapshot() == before


def test_a_withdrawn_team_cannot_check_in(client: FlaskClient) -> None:
    t = Tourney.create(client, 4)
    assert withdraw(t, 2).status_code == 200
    before = t.snapshot()
    assert_error(check_in(t, 2), 409)
    assert_error(check_in(t, 2, undo=True), 409)
    assert t.snapshot() == before


def test_unknown_teams_are_404(client: FlaskClient) -> None:
    t = Tourney.create(client, 4)
    before = t.snapshot()
    assert_error(check_in(t, 4), 404)
    assert_error(withdraw(t, 99), 404)
    assert_error(client.post("/api/v1/tournaments/999/teams", json=NEWCOMER,
                             headers=t.auth()), 404)
    assert t.snapshot() == before


def test_the_desk_needs_the_organizer_token(client: FlaskClient) -> None:
    t = Tourney.create(client, 4)
    before = t.snapshot()
    assert_error(client.post(f"{t.url}/teams", json=NEWCOMER), 401)
    assert_error(client.post(f"{t.url}/teams/0/withdraw",
                             headers={"Authorization": "Bearer nope"}), 403)
    assert_error(client.post(f"{t.url}/teams/0/check-in"), 401)
    assert t.snapshot() == before


def test_a_withdrawal_before_the_draw_is_not_drawn(client: FlaskClient) -> None:
    t = Tourney.create(client, 5)
    body = withdraw(t, 1).get_json()
    assert team_of(body, 1)["status"] == "withdrawn"
    assert team_of(body, 1)["withdrawn_round"] is None
    body = t.draw().get_json()
    assert team_of(body, 1)["number"] is None
    assert 1 not in {team for match in all_matches(body) for team in match["teams"]}
    assert len(body["rounds"][0]["matches"]) == 2  # four teams left: no bye


@pytest.mark.parametrize(("fmt", "n"), [("quebec", 4), ("single_elimination", 4),
                                        ("round_robin", 4)])
def test_a_late_entry_the_format_cannot_seat_is_refused(client: FlaskClient, fmt: str,
                                                        n: int) -> None:
    t = Tourney.create(client, n, fmt)
    t.draw()
    before = t.snapshot()
    assert_error(add(t), 409)
    assert t.snapshot() == before


@pytest.mark.parametrize(("body", "field"), [
    ({"name": "team 0", "players": ["Lou", "Max"]}, "teams.4.name"),
    ({"name": "Other", "players": ["P1.0", "Max"]}, "teams.4.players"),
    ({"name": "Other", "players": ["Lou"]}, "teams.4.players"),
    ({"name": "Other"}, "players"),
])
def test_a_late_entry_is_checked_as_at_creation(client: FlaskClient, body: dict[str, Any],
                                                field: str) -> None:
    t = Tourney.create(client, 4, "swiss")
    t.draw()
    before = t.snapshot()
    refused = assert_error(add(t, body), 422)
    assert field in refused.get("errors", {}), refused
    assert t.snapshot() == before


def test_a_swiss_late_entry_plays_from_the_next_round(client: FlaskClient) -> None:
    t = Tourney.create(client, 4, "swiss", options={"rounds": 3})
    t.draw()
    key = {"Idempotency-Key": "late-lou"}
    first = add(t, **key)
    assert first.status_code == 201, first.get_json()
    again = add(t, **key)
    assert again.headers["Idempotent-Replayed"] == "true"
    body = t.get()
    assert len(body["teams"]) == 5  # recorded once
    late = team_of(body, 4)
    assert (late["status"], late["number"], late["joined_round"]) == ("checked_in", 5, 2)
    assert 4 not in {team for match in all_matches(body) for team in match["teams"]}
    for match in body["rounds"][0]["matches"]:
        t.report(match["id"], [300, 100])
    assert t.advance().status_code == 200
    second = t.get()["rounds"][1]["matches"]
    assert 4 in {team for match in second for team in match["teams"]}


def test_an_odd_round_robin_seats_a_late_entry_in_the_empty_seat(client: FlaskClient) -> None:
    t = Tourney.create(client, 3, "round_robin")
    t.draw()
    for match in t.get()["rounds"][0]["matches"]:
        if match["kind"] != "bye":
            t.report(match["id"], [300, 100])
    body = add(t).get_json()
    assert team_of(body, 3)["joined_round"] == 2
    first, *later = body["rounds"]
    assert [m["kind"] for m in first["matches"]].count("bye") == 1
    for round_ in later:
        assert all(m["kind"] == "match" for m in round_["matches"])
        assert 3 in {team for m in round_["matches"] for team in m["teams"]}
    # The field is even now: no second late entry.
    before = t.snapshot()
    assert_error(add(t, {"name": "Another", "players": ["Zoe", "Yan"]}), 409)
    assert t.snapshot() == before


def test_a_withdrawal_mid_match_forfeits_the_games_left(client: FlaskClient) -> None:
    t = Tourney.create(client, 4)  # Quebec: five games a qualifying match
    t.draw()
    match = t.match("r1m1")
    leaving, staying = match["teams"]
    t.report("r1m1", [300, 100])  # the leaving team wins the first game
    body = withdraw(t, leaving).get_json()
    assert team_of(body, leaving)["withdrawn_round"] == 1
    after = find_match(body, "r1m1")
    assert after["forfeit"] == [leaving]
    assert after["status"] == "complete" and after["winner"] == staying
    assert after["wins"] == [1, 4] and after["totals"] == [300, 100]
    rows = {row["team"]: row for row in body["standings"]}
    assert (rows[staying]["won"], rows[staying]["lost"], rows[staying]["points"]) == (4, 1, 8)
    assert body["standings"][-1]["team"] == leaving
    # A game reported for the forfeited match is refused, nothing stored.
    before = t.snapshot()
    assert_error(t.report("r1m1", [100, 300]), 409)
    assert_error(withdraw(t, leaving), 409)
    assert t.snapshot() == before


def test_a_withdrawn_team_never_qualifies(client: FlaskClient) -> None:
    t = Tourney.create(client, 6)  # Quebec: a knockout of the top 4
    t.draw()
    numbers = t.numbers()
    for m, match in enumerate(t.get()["rounds"][0]["matches"]):
        while t.match(match["id"])["status"] != "complete":  # nobody level on points scored
            low = min(match["teams"], key=numbers.__getitem__)
            t.report(match["id"], [300 + 10 * m if team == low else 100 + 10 * m
                                   for team in match["teams"]])
    best = t.get()["standings"][0]["team"]
    assert withdraw(t, best).status_code == 200
    assert t.advance().status_code == 200
    body = t.get()
    knockout = body["rounds"][-1]
    assert knockout["kind"] == "knockout"
    assert best not in {team for m in knockout["matches"] for team in m["teams"]}
    assert len({team for m in knockout["matches"] for team in m["teams"]}) == 4


def test_a_quarter_final_nobody_still_in_can_take_is_a_bye(client: FlaskClient) -> None:
    """Issue 27: eight teams, one leaves during the qualifying round; it was put in a
    quarter-final as a walkover. Now the top seed has a bye and the team that left is in no
    knockout match; the bracket shows the bye."""
    t = Tourney.create(client, 8)
    t.draw()
    leaving = t.get()["rounds"][0]["matches"][0]["teams"][0]
    assert withdraw(t, leaving).status_code == 200
    numbers = t.numbers()
    for m, match in enumerate(t.get()["rounds"][0]["matches"]):
        while t.match(match["id"])["status"] != "complete":
            low = min(match["teams"], key=numbers.__getitem__)
            t.report(match["id"], [300 + 10 * m if team == low else 100 + 10 * m
                                   for team in match["teams"]])
    assert t.advance().status_code == 200
    body = t.get()
    quarter_finals = body["rounds"][-1]["matches"]
    assert leaving not in {team for m in quarter_finals for team in m["teams"]}
    assert [m["kind"] for m in quarter_finals].count("bye") == 1
    bye = next(m for m in quarter_finals if m["kind"] == "bye")
    assert bye["teams"] == [body["standings"][0]["team"]]
    bracket = client.get(f"{t.url}/bracket").get_json()
    assert [m["kind"] for m in bracket["knockout"][0]["matches"]].count("bye") == 1


def test_the_last_team_that_can_still_win_cannot_withdraw(client: FlaskClient) -> None:
    t = Tourney.create(client, 2)  # Quebec of two: the qualifying match, then the final
    t.draw()
    assert withdraw(t, 0).status_code == 200  # its qualifying match is forfeited
    before = t.snapshot()
    assert_error(withdraw(t, 1), 409)
    assert t.snapshot() == before
    assert t.advance().status_code == 200
    body = t.get()
    assert body["status"] == "finished" and body["champion"] == 1
    assert body["rounds"][-1]["matches"][0]["teams"] == [1]  # the final is its bye


def test_a_finished_tournament_takes_no_desk_changes(client: FlaskClient) -> None:
    t = Tourney.create(client, 2, "single_elimination")
    t.draw()
    t.report("r1m1", [300, 100])
    assert t.get()["status"] == "finished"
    before = t.snapshot()
    assert_error(withdraw(t, 0), 409)
    assert_error(add(t), 409)
    assert t.snapshot() == before


def test_the_draw_needs_enough_teams_in_play(client: FlaskClient) -> None:
    t = Tourney.create(client, 3)
    assert check_in(t, 0).status_code == 200
    before = t.snapshot()
    assert_error(t.draw(), 409)
    assert t.snapshot() == before


def test_a_backup_keeps_the_desk(app: Flask, client: FlaskClient, runner: FlaskCliRunner,
                                 tmp_path: Path) -> None:
    t = Tourney.create(client, 6, "swiss", options={"rounds": 3})
    for team in (0, 1, 2, 3, 4):
        assert check_in(t, team).status_code == 200
    t.draw()  # team 5 never checked in: withdrawn, not drawn
    first = t.get()["rounds"][0]["matches"][0]
    t.report(first["id"], [300, 100])
    assert withdraw(t, first["teams"][0]).status_code == 200
    assert add(t).status_code == 201
    before = [client.get(f"{t.url}{tail}").get_json() for tail in ("", "/bracket")]
    data = backup(runner, tmp_path / "desk.json")
    stored = data["tournaments"][0]["teams"]
    assert [team["status"] for team in stored] == [
        "withdrawn" if i in (5, first["teams"][0]) else "checked_in" for i in range(7)]
    assert stored[6]["joined"] == 2 and stored[5]["withdrawn"] == 0
    second = new_app(second_database(tmp_path))
    result = second.test_cli_runner().invoke(args=["restore", str(tmp_path / "desk.json")])
    assert result.exit_code == 0, result.output
    again = second.test_client()
    assert [again.get(f"{t.url}{tail}").get_json() for tail in ("", "/bracket")] == before


def test_no_late_entry_once_every_round_is_built(client: FlaskClient) -> None:
    t = Tourney.create(client, 4, "swiss")  # two rounds: log2 of 4
    t.draw()
    for _ in range(2):
        for match in t.get()["rounds"][-1]["matches"]:
            while t.match(match["id"])["status"] != "complete":
                t.report(match["id"], [300, 100])
        if len(t.get()["rounds"]) < 2:
            assert t.advance().status_code == 200
    before = t.snapshot()
    assert_error(add(t), 409)
    assert t.snapshot() == before
