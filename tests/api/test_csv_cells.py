"""The CSVs (a game's score sheet, a tournament's standings) open safely in a spreadsheet: a name
that a spreadsheet would run as a formula is written as text, a number stays a number."""

from __future__ import annotations

import csv
import io
from typing import Any

import pytest
from flask.testing import FlaskClient

from scorekeeper.services.spreadsheet import cell, csv_text
from tests.api.helpers import API
from tests.api.tournament_helpers import TOURNAMENTS, Tourney, create_body

FORMULA = 'HYPERLINK("http://evil/","x")'
STARTS = ["=", "+", "-", "@"]  # tab and CR cannot start a name: names are trimmed, tabs refused


def rows_of(text: str) -> list[list[str]]:
    return list(csv.reader(io.StringIO(text)))


@pytest.mark.parametrize("start", ["=", "+", "-", "@", "\t", "\r"])
def test_a_cell_a_spreadsheet_would_run_is_text(start: str) -> None:
    assert cell(f"{start}{FORMULA}") == f"'{start}{FORMULA}"
    assert rows_of(csv_text([[f"{start}1+1", "A=B"]])) == [[f"'{start}1+1", "A=B"]]


def test_numbers_stay_numbers() -> None:
    assert [cell(n) for n in (-240, 0, 500, -1.5)] == [-240, 0, 500, -1.5]
    assert csv_text([[-240, "-", 30]]) == "-240,'-,30\r\n"


@pytest.mark.parametrize("start", STARTS)
def test_the_score_sheet_neutralises_names(client: FlaskClient, start: str) -> None:
    sides = [{"name": f"{start}{FORMULA}", "players": ["Ann", "Cy"]},
             {"name": "East-West", "players": ["Bo", "Di"]}]
    created = client.post(f"{API}/games", json={"variant": "australian-500", "sides": sides})
    assert created.status_code == 201, created.get_json()
    game = created.get_json()
    auth = {"Authorization": f"Bearer {game['token']}"}
    # 8♠ by North-South, 5 tricks: -240 for them, +50 for East-West.
    hand = client.post(f"{API}/games/{game['id']}/hands", headers=auth,
                       json={"bidder": 0, "bid": "8S", "tricks": [5, 5]})
    assert hand.status_code == 201, hand.get_json()
    text = client.get(f"{API}/games/{game['id']}/sheet.csv").get_data(as_text=True)
    rows = rows_of(text)
    assert rows[0][1:5] == [f"'{start}{FORMULA} points", "East-West points",
                            f"'{start}{FORMULA} total", "East-West total"]
    assert rows[1][:5] == ["1", "-240", "50", "-240", "50"]
    assert text.splitlines()[1].startswith("1,-240,50,-240,50,")  # unquoted: still numbers
    assert all(not c.startswith(tuple(STARTS)) or c.lstrip("-").isdigit()
               for row in rows for c in row)


def standings_csv(client: FlaskClient, start: str) -> str:
    """Standings after one game in which a team scored -120, every name starting with `start`."""
    body: dict[str, Any] = create_body(4)
    for i, team in enumerate(body["teams"]):
        team["name"] = f"{start}{i} {FORMULA}"
        team["players"][0] = f"{start}cmd|' /C calc'!A{i}"
    created = client.post(TOURNAMENTS, json=body)
    assert created.status_code == 201, created.get_json()
    t = Tourney(client, created.get_json())
    assert t.draw().status_code == 200
    assert t.report("r1m1", [-120, 360]).status_code == 201
    text: str = client.get(f"{t.url}/standings.csv").get_data(as_text=True)
    return text


@pytest.mark.parametrize("start", STARTS)
def test_the_standings_neutralise_names(client: FlaskClient, start: str) -> None:
    text = standings_csv(client, start)
    rows = rows_of(text)
    assert rows[0] == ["rank", "number", "team", "players", "played", "won", "lost", "points",
                       "scored", "against"]
    for row in rows[1:]:
        assert row[2].startswith(f"'{start}") and row[2].endswith(FORMULA), row
        assert row[3].startswith(f"'{start}cmd|"), row
    scored = [int(row[8]) for row in rows[1:]]
    assert -120 in scored and 360 in scored
    assert ",-120," in text and "'-120" not in text  # a negative score is still a number
