"""A progressive night whose rounds are played for a time (option round_minutes): each round's
start is stored when it is seated, tables play until the organizer closes the round once the
time is up, deals after the close are refused, and a sit-out gets the average of the seated
players' round scores however many deals each table played. The clock is set by the test."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from flask.testing import FlaskClient, FlaskCliRunner

from scorekeeper.services.tournaments import clock
from tests.api.helpers import GAMES, assert_error, hand
from tests.api.tournament_helpers import TOURNAMENTS, Tourney
from tests.helpers import backup, new_app, second_database

NINE = [f"Player {n}" for n in range(1, 10)]  # two tables and a sit-out
START = datetime(2026, 12, 4, 19, 30, tzinfo=UTC)


class Clock:
    """The time the service reads, moved on by the test."""

    def __init__(self) -> None:
        self.at = START

    def __call__(self) -> datetime:
        return self.at

    def minutes(self, n: float) -> None:
        self.at = START + timedelta(minutes=n)


@pytest.fixture
def time(monkeypatch: pytest.MonkeyPatch) -> Clock:
    now = Clock()
    monkeypatch.setattr(clock, "utcnow", now)
    return now


def night(client: FlaskClient, **options: Any) -> Tourney:
    body = {"name": "Timed night", "variant": "quebec-500", "format": "progressive",
            "players": NINE, "options": {"rounds": 2, **options}}
    response = client.post(TOURNAMENTS, json=body)
    assert response.status_code == 201, response.get_json()
    return Tourney(client, response.get_json())


def close(t: Tourney, number: int, token: str | None = None) -> Any:
    return t.client.post(f"{t.url}/rounds/{number}/close", headers=t.auth(token))


def test_a_round_for_a_time_is_closed_by_the_organizer_once_the_time_is_up(
        client: FlaskClient, runner: FlaskCliRunner, tmp_path: Path, time: Clock) -> None:
    t = night(client, round_minutes=20)
    assert t.draw().status_code == 200
    first = t.get()["rounds"][0]
    assert (first["starts_at"], first["ends_at"], first["closed_at"]) == (
        "2026-12-04T19:30:00Z", "2026-12-04T19:50:00Z", None)
    tables = [m for m in first["matches"] if m["kind"] == "partnerships"]
    bye = next(m for m in first["matches"] if m["kind"] == "bye")
    assert len(tables) == 2
    assert "close the round" in t.get()["next_step"]

    # Tables play as many deals as they get through: three at one, one at the other (on the
    # score sheet), and a table may report past the number of deals a round by deals would take.
    for n in range(3):
        assert t.report(tables[0]["id"], [100 + n, 20]).status_code == 201
    opened = client.post(f"{t.url}/matches/{tables[1]['id']}/sheet", json={}, headers=t.auth())
    assert opened.status_code == 201, opened.get_json()
    game = opened.get_json()
    sheet = {"Authorization": f"Bearer {game['token']}"}
    assert client.post(f"{GAMES}/{game['id']}/hands", json=hand(0, "7H", [8, 2]),
                       headers=sheet).status_code == 201
    body = t.get()
    assert not body["can_advance"] and [m["status"] for m in body["rounds"][0]["matches"]
                                        if m["kind"] == "partnerships"] == ["playing"] * 2

    # Before the time is up the round cannot be closed; nothing changes.
    time.minutes(19)
    before = t.snapshot()
    refused = assert_error(close(t, 1), 409)
    assert "1 min left" in refused["message"], refused
    assert t.snapshot() == before
    scorer = client.post(f"{t.url}/matches/{tables[0]['id']}/scorers", json={},
                         headers=t.auth()).get_json()["token"]
    assert_error(close(t, 1, scorer), 403)

    # Time is up: the tables finish the deal in play, then the organizer closes the round.
    time.minutes(20)
    assert t.report(tables[0]["id"], [90, 30]).status_code == 201
    time.minutes(22)
    closed = close(t, 1)
    assert closed.status_code == 200, closed.get_json()
    body = closed.get_json()
    assert body["rounds"][0]["closed_at"] == "2026-12-04T19:52:00Z"
    assert body["rounds"][0]["complete"] and body["can_advance"]

    # After the close: no deal typed, none from the sheet, no second close; nothing stored.
    before = t.snapshot()
    late = assert_error(t.report(tables[1]["id"], [50, 40]), 409)
    assert "round 1 is closed" in late["message"].lower(), late
    late = assert_error(client.post(f"{GAMES}/{game['id']}/hands", json=hand(0, "8S", [6, 4]),
                                    headers=sheet), 409)
    assert "closed" in late["message"], late
    assert len(client.get(f"{GAMES}/{game['id']}/hands").get_json()) == 1
    assert_error(close(t, 1), 409)
    assert_error(close(t, 3), 404)
    assert t.snapshot() == before

    # The sit-out's credit: the average of the seated players' round scores (rounded down),
    # whatever number of deals each table played.
    round_ = t.get()["rounds"][0]
    seated: dict[int, int] = {}
    for m in round_["matches"]:
        for side, pair in enumerate((m["teams"][:2], m["teams"][2:])
                                    if m["kind"] == "partnerships" else ()):
            for player in pair:
                seated[player] = m["totals"][side]
    average = sum(seated.values()) // len(seated)
    points = {s["team"]: s["points"] for s in t.get()["standings"]}
    assert points == {**seated, bye["teams"][0]: average}
    played = {s["team"]: s["played"] for s in t.get()["standings"]}
    assert sorted(played.values()) == [0, 1, 1, 1, 1, 4, 4, 4, 4]

    # The next round starts when it is seated, and runs its own time.
    time.minutes(25)
    assert t.advance().status_code == 200
    second = t.get()["rounds"][1]
    assert (second["starts_at"], second["ends_at"], second["closed_at"]) == (
        "2026-12-04T19:55:00Z", "2026-12-04T20:15:00Z", None)
    time.minutes(45)
    assert close(t, 2).status_code == 200
    assert t.advance().status_code == 200
    assert t.get()["status"] == "finished"

    # Backup and restore keep the rounds' times and closes.
    written = backup(runner, tmp_path / "night.json")
    again = new_app(second_database(tmp_path))
    result = again.test_cli_runner().invoke(args=["restore", str(tmp_path / "night.json")])
    assert result.exit_code == 0, result.output
    assert again.test_client().get(t.url).get_json() == client.get(t.url).get_json()
    assert written["tournaments"][0]["clock"]["1"] == {"starts_at": "2026-12-04T19:30:00Z",
                                                       "closed_at": "2026-12-04T19:52:00Z"}


def test_a_round_by_deals_has_a_start_and_no_close(client: FlaskClient, time: Clock) -> None:
    t = night(client, deals_per_round=1)
    assert t.draw().status_code == 200
    round_ = t.get()["rounds"][0]
    assert (round_["starts_at"], round_["ends_at"], round_["closed_at"]) == (
        "2026-12-04T19:30:00Z", None, None)
    time.minutes(300)
    before = t.snapshot()
    refused = assert_error(close(t, 1), 409)
    assert "by deals" in refused["message"], refused
    assert t.snapshot() == before
    assert [m["games"] for m in round_["matches"] if m["kind"] == "partnerships"] == [1, 1]
    assert t.get()["next_step"] == "2 tables still to play."


@pytest.mark.parametrize("minutes", [-1, 181, "20", 2.5])
def test_round_minutes_out_of_range_is_refused(client: FlaskClient, minutes: Any) -> None:
    body = {"name": "Night", "variant": "quebec-500", "format": "progressive", "players": NINE,
            "options": {"round_minutes": minutes}}
    error = assert_error(client.post(TOURNAMENTS, json=body), 422)
    assert "options.round_minutes" in error["errors"], error
    assert client.get(f"{TOURNAMENTS}/1").status_code == 404
