"""A progressive night (format progressive): players register alone, each round seats them four
to a table as two partnerships, deals are reported per partnership (typed or from the score
sheet), and the night ends with individual standings and the high, second and booby prizes."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from flask.testing import FlaskClient, FlaskCliRunner

from tests.api.helpers import GAMES, assert_error, hand
from tests.api.tournament_helpers import TOURNAMENTS as TOURNAMENTS_URL
from tests.api.tournament_helpers import Tourney
from tests.helpers import backup, new_app, second_database

NAMES = [f"Player {n:02}" for n in range(1, 25)]
MADE = hand(0, "7H", [8, 2])  # North-South take 8 tricks: 7♥ made
FAILED = hand(1, "8S", [6, 4])  # East-West's 8♠ fails


def night(client: FlaskClient, players: list[str] | None = None, **options: Any) -> Tourney:
    body = {"name": "Progressive", "variant": "australian-500", "format": "progressive",
            "players": NAMES if players is None else players,
            "options": {"rounds": 6, "deals_per_round": 2, **options}}
    response = client.post(TOURNAMENTS_URL, json=body)
    assert response.status_code == 201, response.get_json()
    return Tourney(client, response.get_json())


@pytest.mark.parametrize(("body", "field"), [
    ({"format": "progressive", "teams": [{"name": n, "players": [n]} for n in NAMES]}, "teams"),
    ({"format": "progressive"}, "players"),
    ({"format": "quebec", "players": NAMES}, "players"),
    ({"format": "progressive", "players": NAMES[:7]}, "players"),
    ({"format": "progressive", "players": [f"P{n}" for n in range(65)]}, "players"),
    ({"format": "progressive", "players": [*NAMES[:8], " player 03 "]}, "players.8"),
    ({"format": "progressive", "players": NAMES, "variant": "rummy-500"}, "format"),
    ({"format": "progressive", "players": NAMES, "options": {"deals_per_round": 0}},
     "options.deals_per_round"),
])
def test_a_night_is_refused_naming_the_field(client: FlaskClient, body: dict[str, Any],
                                             field: str) -> None:
    sent = {"name": "Night", "variant": "quebec-500", **body}
    response = client.post(TOURNAMENTS_URL, json=sent)
    error = assert_error(response, 422)
    assert field in error["errors"], error
    assert client.get(f"{TOURNAMENTS_URL}/1").status_code == 404  # nothing stored


def play_round(t: Tourney, scores: dict[str, list[list[int]]]) -> dict[str, Any]:
    """Type every open table's deals: (10 x table + deal, 5 x deal) unless given."""
    body = t.get()
    round_ = body["rounds"][-1]
    for match in round_["matches"]:
        if match["kind"] != "partnerships":
            continue
        for deal in range(len(match["results"]), match["games"]):
            given = scores.setdefault(match["id"], [])
            pair = [10 * match["table"] + deal + 1, 5 * (deal + 1)]
            given.append(pair)
            assert t.report(match["id"], pair).status_code == 201
    return round_


def test_24_players_through_6_rounds_to_the_prizes(client: FlaskClient, runner: FlaskCliRunner,
                                                   tmp_path: Path) -> None:
    t = night(client)
    created = t.created
    assert created["players"] == NAMES and [e["players"] for e in created["teams"]] == [
        [n] for n in NAMES]
    assert t.draw().status_code == 200
    first = t.get()["rounds"][0]
    tables = [m for m in first["matches"] if m["kind"] == "partnerships"]
    assert len(tables) == 6 and sorted(m["table"] for m in tables) == list(range(1, 7))
    table = tables[0]
    assert [p["seats"] for p in table["partnerships"]] == ["north_south", "east_west"]
    assert [p["players"] for p in table["partnerships"]] == [table["teams"][:2],
                                                             table["teams"][2:]]

    # Table 1 plays its deals on the score sheet: sides are the partnerships as seated.
    opened = client.post(f"{t.url}/matches/{table['id']}/sheet", json={}, headers=t.auth())
    assert opened.status_code == 201, opened.get_json()
    game = opened.get_json()
    names = [p["names"] for p in table["partnerships"]]
    assert [s["players"] for s in game["sides"]] == names
    assert [s["name"] for s in game["sides"]] == [" & ".join(n) for n in names]
    auth = {"Authorization": f"Bearer {game['token']}"}
    for entered in (MADE, FAILED):
        recorded = client.post(f"{GAMES}/{game['id']}/hands", json=entered, headers=auth)
        assert recorded.status_code == 201, recorded.get_json()
    sheet_scores = [h["deltas"] for h in client.get(f"{GAMES}/{game['id']}/hands").get_json()]
    assert len(sheet_scores) == 2
    assert [r["scores"] for r in t.match(table["id"])["results"]] == sheet_scores
    assert t.match(table["id"])["status"] == "complete"

    scores: dict[str, list[list[int]]] = {table["id"]: sheet_scores}
    play_round(t, scores)
    assert t.get()["can_advance"]
    rounds = [t.get()["rounds"][0]]
    late = leaver = None
    for number in range(2, 7):
        if number == 3:  # a late arrival: 25 present, one sits out each round from now
            added = client.post(f"{t.url}/teams", json={"name": "Zoe", "players": ["Zoe"]},
                                headers=t.auth())
            assert added.status_code == 201, added.get_json()
            late = len(added.get_json()["teams"]) - 1
            assert added.get_json()["teams"][late]["joined_round"] == 3
        if number == 5:  # an early leaver, between rounds: 24 again
            leaver = rounds[-1]["matches"][0]["teams"][0]
            assert client.post(f"{t.url}/teams/{leaver}/withdraw",
                               headers=t.auth()).status_code == 200
        advanced = t.advance()
        assert advanced.status_code == 200, advanced.get_json()
        play_round(t, scores)
        rounds.append(t.get()["rounds"][-1])
    body = t.get()
    assert body["status"] == "playing" and body["can_advance"] and body["prizes"] == []

    # Who played and who sat out: everyone present seated once a round, or sitting out;
    # the late arrival and the leaver only for their rounds; sit-outs fair (nobody twice).
    sat_out: list[int] = []
    partners: set[frozenset[int]] = set()
    for round_ in rounds:
        seated = [p for m in round_["matches"] if m["kind"] == "partnerships"
                  for p in m["teams"]]
        out = [m["teams"][0] for m in round_["matches"] if m["kind"] == "bye"]
        assert len(seated) == len(set(seated)) and not set(seated) & set(out)
        present = set(range(24)) | ({late} if round_["number"] >= 3 else set())
        present -= {leaver} if round_["number"] >= 5 else set()
        assert set(seated) | set(out) == present
        assert len(out) == len(present) % 4
        sat_out += out
        for m in round_["matches"]:
            if m["kind"] == "partnerships":
                for pair in (m["teams"][:2], m["teams"][2:]):
                    assert frozenset(pair) not in partners  # no partner twice in 6 rounds
                    partners.add(frozenset(pair))
    assert len(sat_out) == 2 and len(set(sat_out)) == 2  # rounds 3 and 4: 25 present

    # Standings: each player's partnership scores, plus the round's average for a sit-out.
    points = {p: 0 for p in range(25)}
    deals = {p: 0 for p in range(25)}
    for round_ in rounds:
        seated_scores: dict[int, int] = {}
        for m in round_["matches"]:
            if m["kind"] != "partnerships":
                continue
            for side, pair in enumerate((m["teams"][:2], m["teams"][2:])):
                for p in pair:
                    seated_scores[p] = sum(s[side] for s in scores[m["id"]])
                    deals[p] += len(scores[m["id"]])
        for p, score in seated_scores.items():
            points[p] += score
        average = sum(seated_scores.values()) // len(seated_scores)
        for m in round_["matches"]:
            if m["kind"] == "bye":
                points[m["teams"][0]] += average
    standings = body["standings"]
    assert {s["team"]: s["points"] for s in standings} == points
    assert {s["team"]: s["played"] for s in standings} == deals
    # Ranked by points (the leaver last), ties by scores played for, then draw number.
    stayed = [s for s in standings if s["team"] != leaver]
    assert standings[-1]["team"] == leaver
    assert [s["points"] for s in stayed] == sorted((s["points"] for s in stayed),
                                                   reverse=True)

    finished = t.advance()
    assert finished.status_code == 200, finished.get_json()
    body = t.get()
    assert body["status"] == "finished"
    order = [p["team"] for p in body["placings"]]
    assert order == [s["team"] for s in body["standings"]]
    assert body["prizes"] == [
        {"prize": "high", "player": order[0], "name": body["teams"][order[0]]["name"]},
        {"prize": "second", "player": order[1], "name": body["teams"][order[1]]["name"]},
        {"prize": "booby", "player": order[-2], "name": body["teams"][order[-2]]["name"]}]
    assert body["teams"][order[0]]["name"] in body["next_step"]

    # Backup and restore bring the whole night back, read for read.
    written = backup(runner, tmp_path / "night.json")
    second = new_app(second_database(tmp_path))
    result = second.test_cli_runner().invoke(args=["restore", str(tmp_path / "night.json")])
    assert result.exit_code == 0, result.output
    again = second.test_client().get(t.url)
    assert again.get_json() == client.get(t.url).get_json()
    assert backup(second.test_cli_runner(), tmp_path / "again.json")["tournaments"] == written[
        "tournaments"]


def test_a_progressive_table_takes_two_scores_and_a_sit_out_none(client: FlaskClient) -> None:
    t = night(client, NAMES[:9])
    assert t.draw().status_code == 200
    round_ = t.get()["rounds"][0]
    table = next(m for m in round_["matches"] if m["kind"] == "partnerships")
    bye = next(m for m in round_["matches"] if m["kind"] == "bye")
    before = t.snapshot()
    assert_error(t.report(table["id"], [10, 20, 30, 40]), 422)
    assert_error(t.report(bye["id"], [10, 20]), 409)
    assert t.snapshot() == before
    assert t.report(table["id"], [10, 20]).status_code == 201
    assert t.match(table["id"])["totals"] == [10, 20]


def test_the_draw_needs_eight_players_in_play(client: FlaskClient) -> None:
    t = night(client, NAMES[:8])
    assert client.post(f"{t.url}/teams/0/withdraw", headers=t.auth()).status_code == 200
    assert_error(t.draw(), 409)


def test_a_tied_deal_at_a_progressive_table_counts_and_a_pass_out_does_not(
        client: FlaskClient) -> None:
    t = night(client, NAMES[:8])
    assert t.draw().status_code == 200
    table = next(m for m in t.get()["rounds"][0]["matches"] if m["kind"] == "partnerships")
    game = client.post(f"{t.url}/matches/{table['id']}/sheet", json={},
                       headers=t.auth()).get_json()
    auth = {"Authorization": f"Bearer {game['token']}"}
    passed = client.post(f"{GAMES}/{game['id']}/hands", json={"passed_out": True}, headers=auth)
    assert passed.status_code == 201, passed.get_json()
    assert t.match(table["id"])["results"] == []  # dealt again
    # 6♠ made exactly: the bidders' 40 and the defenders' four tricks at 10 each.
    tied = client.post(f"{GAMES}/{game['id']}/hands", json=hand(0, "6S", [6, 4]), headers=auth)
    assert tied.get_json()["deltas"] == [40, 40]
    assert [r["scores"] for r in t.match(table["id"])["results"]] == [[40, 40]]
    assert t.match(table["id"])["totals"] == [40, 40]
