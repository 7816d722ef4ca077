"""Games confirmed by the other team (format option confirm_games): a game one team's scorer
reports counts nowhere until the other team's scorer, or the organizer, confirms it."""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient

from tests.api.helpers import assert_error
from tests.api.tournament_helpers import Tourney, five_qualified

SEED = 20240615
ONE_GAME = {"confirm_games": True, "games_per_match": {"qualifying": 1, "knockout": 1}}


class Desk:
    """A four-team Quebec of one-game matches whose games are confirmed, with a scorer token
    for each team of each qualifying match."""

    def __init__(self, client: FlaskClient, options: dict[str, Any] | None = None) -> None:
        self.t = Tourney.create(client, 4, options=ONE_GAME if options is None else options)
        assert self.t.draw(SEED).status_code == 200
        issued = client.post(f"{self.t.url}/rounds/1/scorers", headers=self.t.auth())
        self.tokens = {(s["match"], s["team"]): s["token"]
                       for s in issued.get_json()["scorers"]}

    def scorer(self, match: str, side: int) -> str:
        """The token of the match's first (0) or second (1) team."""
        return self.tokens[(match, self.t.match(match)["teams"][side])]

    def confirm(self, match: str, number: int, token: str | None = None) -> Any:
        return self.t.client.post(f"{self.t.url}/matches/{match}/games/{number}/confirm",
                                  headers=self.t.auth(token))


def test_an_unconfirmed_game_counts_nowhere_until_the_other_team_confirms(
        client: FlaskClient) -> None:
    d = Desk(client)
    t = d.t
    start = t.get()
    reply = t.report("r1m1", [300, 100], token=d.scorer("r1m1", 0))
    assert reply.status_code == 201, reply.get_json()
    first = t.match("r1m1")["teams"][0]
    assert reply.get_json()["match"]["unconfirmed"] == [
        {"number": 1, "scores": [300, 100], "reported_by": first}]
    assert reply.get_json()["match"]["results"] == []
    assert t.report("r1m2", [300, 100]).status_code == 201  # the organizer's: confirmed
    body = t.get()
    waiting = body["rounds"][0]["matches"][0]
    assert waiting["status"] == "pending" and waiting["totals"] == [0, 0]
    assert body["rounds"][0]["matches"][1]["unconfirmed"] == []
    assert not body["can_advance"]
    assert [s["played"] for s in body["standings"] if s["team"] in waiting["teams"]] == [0, 0]
    assert body["standings"] != start["standings"]  # r1m2 counts
    assert_error(t.advance(), 409)

    done = d.confirm("r1m1", 1, d.scorer("r1m1", 1))
    assert done.status_code == 200, done.get_json()
    match = done.get_json()["match"]
    assert match["unconfirmed"] == [] and match["status"] == "complete"
    assert match["results"] == [{"number": 1, "scores": [300, 100], "game_id": None,
                                 "hand": None}]
    assert done.get_json()["can_advance"] is True
    assert t.advance().status_code == 200


def test_who_may_confirm(client: FlaskClient) -> None:
    d = Desk(client)
    t = d.t
    match_wide = t.scorer("r1m1").get_json()["token"]
    assert t.report("r1m1", [300, 100], token=d.scorer("r1m1", 1)).status_code == 201
    before = t.snapshot()
    assert_error(d.confirm("r1m1", 1, d.scorer("r1m1", 1)), 403)  # the team that reported it
    assert_error(d.confirm("r1m1", 1, match_wide), 403)  # the match's own token: no team
    assert_error(d.confirm("r1m1", 1, d.scorer("r1m2", 0)), 403)  # another match's
    assert_error(d.confirm("r1m1", 1, "nobody"), 403)
    assert_error(t.client.post(f"{t.url}/matches/r1m1/games/1/confirm"), 401)
    assert_error(d.confirm("r1m1", 2), 404)
    assert_error(d.confirm("r9m9", 1), 404)
    assert t.snapshot() == before
    assert d.confirm("r1m1", 1).status_code == 200  # the organizer may
    before = t.snapshot()
    assert_error(d.confirm("r1m1", 1, d.scorer("r1m1", 0)), 409)  # already confirmed
    assert t.snapshot() == before


def test_no_second_report_while_a_game_waits(client: FlaskClient) -> None:
    d = Desk(client, {"confirm_games": True})  # five qualifying games a match
    t = d.t
    assert t.report("r1m1", [300, 100], token=d.scorer("r1m1", 0)).status_code == 201
    before = t.snapshot()
    assert_error(t.report("r1m1", [300, 100], token=d.scorer("r1m1", 0)), 409)
    assert_error(t.report("r1m1", [300, 100], token=d.scorer("r1m1", 1)), 409)
    assert_error(t.report("r1m1", [300, 100]), 409)
    assert t.snapshot() == before
    assert d.confirm("r1m1", 1, d.scorer("r1m1", 1)).status_code == 200
    reply = t.report("r1m1", [100, 300], token=d.scorer("r1m1", 1))
    assert reply.status_code == 201
    assert reply.get_json()["match"]["unconfirmed"][0]["number"] == 2


def test_corrections_of_waiting_and_confirmed_games(client: FlaskClient) -> None:
    d = Desk(client, {"confirm_games": True})
    t = d.t
    mine, theirs = d.scorer("r1m1", 0), d.scorer("r1m1", 1)
    assert t.report("r1m1", [300, 100], token=mine).status_code == 201
    # the reporting team may still put its own waiting game right; it keeps waiting
    fixed = t.correct("r1m1", 1, [310, 100], token=mine)
    assert fixed.status_code == 200, fixed.get_json()
    assert fixed.get_json()["match"]["unconfirmed"][0]["scores"] == [310, 100]
    before = t.snapshot()
    assert_error(t.correct("r1m1", 1, [100, 310], token=theirs), 403)  # not theirs to change
    assert t.snapshot() == before
    # the organizer's correction is confirmed at once
    done = t.correct("r1m1", 1, [320, 100])
    assert done.status_code == 200
    assert done.get_json()["match"]["unconfirmed"] == []
    assert done.get_json()["match"]["results"][0]["scores"] == [320, 100]
    before = t.snapshot()
    assert_error(t.correct("r1m1", 1, [100, 320], token=mine), 403)  # confirmed: organizer's
    assert t.snapshot() == before


@pytest.mark.parametrize("options", [{}, {"confirm_games": False}])
def test_without_the_option_a_scorers_game_counts_at_once(client: FlaskClient,
                                                          options: dict[str, Any]) -> None:
    t = Tourney.create(client, 4, options=options)
    assert t.draw(SEED).status_code == 200
    scorer = t.client.post(f"{t.url}/rounds/1/scorers", headers=t.auth()).get_json()[
        "scorers"][0]
    assert scorer["team"] is None
    reply = t.report("r1m1", [300, 100], token=scorer["token"])
    assert reply.get_json()["match"]["results"][0]["scores"] == [300, 100]
    assert all(m["unconfirmed"] == [] for r in t.get()["rounds"] for m in r["matches"])


def test_a_waiting_game_whose_match_changes_is_dropped_by_a_cascade(client: FlaskClient) -> None:
    """Five teams, qualifying ranking 1 3 5 4 2 (by draw number): semis (1, 4) and (3, 5). A
    correction that lifts 2 over 4 changes r2m1's teams: its waiting game goes with it."""
    t = five_qualified(client, confirm_games=True)
    scorers = t.client.post(f"{t.url}/rounds/2/scorers", headers=t.auth()).get_json()["scorers"]
    token = next(s["token"] for s in scorers if s["match"] == "r2m1")
    assert t.report("r2m1", [30, 10], token=token).status_code == 201
    assert t.match("r2m1")["unconfirmed"] != []
    numbers = t.numbers()
    corrected = [199 if numbers[team] == 1 else 150 for team in t.match("r1m1")["teams"]]
    done = t.correct("r1m1", 1, corrected, cascade="true")
    assert done.status_code == 200, done.get_json()
    assert done.get_json()["dropped"] == [{"match": "r2m1", "number": 1}]
    assert done.get_json()["reopened"] == ["r2m1"]
    semi = t.match("r2m1")
    assert semi["unconfirmed"] == [] and semi["results"] == []
    assert sorted(numbers[team] for team in semi["teams"]) == [1, 2]
