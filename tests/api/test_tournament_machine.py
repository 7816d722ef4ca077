"""A Quebec tournament of 2 to 10 teams driven at random over HTTP (hypothesis stateful).

Rules: report a game on an open match (or play out every open match, and then advance), report
on a complete match or a bye (409, nothing changes), correct a reported game with or without
?cascade, advance (200 when the tournament says it can, else 409 with nothing changed). Small
scores (mostly 1-0) make level teams, so tie-break rounds come up too.

The machine keeps its own record of what must be stored: every reported game's scores and the
teams its match had. After each step: every team plays at most once a round (a tie-break round
is a round robin among the level teams: each pair meets at most once), standings points are
2 × games won, GET shows exactly the recorded games on matches with the same teams, game
numbers run 1..k within what the match can take, and a champion won every knockout match it
played."""

from __future__ import annotations

from typing import Any

from flask.testing import FlaskClient
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
    run_state_machine_as_test,
)

from tests.api.helpers import assert_error
from tests.api.tournament_helpers import Tourney, all_matches

SETTINGS = settings(max_examples=25, stateful_step_count=30, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow,
                                           HealthCheck.function_scoped_fixture])
# 1-0 games keep points and points scored in step, so level teams (and tie-breaks) are common
scores = st.one_of(
    st.sampled_from([[1, 0], [0, 1]]),
    st.tuples(st.integers(0, 3), st.integers(0, 3)).filter(lambda s: s[0] != s[1]).map(list))

Key = tuple[str, int]


class QuebecMachine(RuleBasedStateMachine):
    def __init__(self, client: FlaskClient) -> None:
        super().__init__()
        self.client = client
        self.t: Tourney | None = None
        self.body: dict[str, Any] = {}
        self.etag = ""
        self.stored: dict[Key, tuple[list[int], list[int]]] = {}  # scores, the match's teams

    # -- helpers -------------------------------------------------------------------------------

    @property
    def tourney(self) -> Tourney:
        assert self.t is not None
        return self.t

    def refresh(self) -> None:
        response = self.client.get(self.tourney.url)
        assert response.status_code == 200
        self.body, self.etag = response.get_json(), response.headers["ETag"]

    def open_matches(self) -> list[dict[str, Any]]:
        return [m for m in all_matches(self.body)
                if m["kind"] != "bye" and m["status"] != "complete"]

    def has_open(self) -> bool:
        return bool(self.body) and bool(self.open_matches())

    def has_closed(self) -> bool:
        return bool(self.body) and any(m["status"] == "complete" for m in all_matches(self.body))

    def has_games(self) -> bool:
        return bool(self.stored)

    def report_one(self, match: dict[str, Any], game: list[int], check: bool = True) -> None:
        """Report the next game of `match`; `check`: read the tournament back and compare."""
        response = self.tourney.report(match["id"], game)
        assert response.status_code == 201, response.get_json()
        reply = response.get_json()
        self.stored[(match["id"], len(match["results"]) + 1)] = (game, match["teams"])
        assert reply["dropped"] == []
        assert reply["match"]["results"] == [*match["results"], {
            "number": len(match["results"]) + 1, "scores": game, "game_id": None,
            "hand": None}]
        if not check:
            match.update(reply["match"])
            return
        self.refresh()
        # the reply's match is what a GET shows
        assert [m for m in all_matches(self.body) if m["id"] == match["id"]] == [reply["match"]]
        assert (reply["status"], reply["champion"], reply["can_advance"]) == (
            self.body["status"], self.body["champion"], self.body["can_advance"])

    def unchanged(self, response: Any, status: int) -> None:
        before, etag = self.body, self.etag
        assert_error(response, status)
        self.refresh()
        assert (self.body, self.etag) == (before, etag)

    # -- rules ---------------------------------------------------------------------------------

    @initialize(n=st.integers(2, 10), seed=st.integers(0, 2**31 - 1))
    def start(self, n: int, seed: int) -> None:
        self.t = Tourney.create(self.client, n)
        drawn = self.tourney.draw(seed)
        assert drawn.status_code == 200, drawn.get_json()
        self.refresh()
        assert self.body["seed"] == seed

    @precondition(has_open)
    @rule(data=st.data())
    def report(self, data: st.DataObject) -> None:
        match = data.draw(st.sampled_from(self.open_matches()), label="match")
        self.report_one(match, data.draw(scores, label="scores"))

    @precondition(has_open)
    @rule(data=st.data())
    def play_out_open_matches(self, data: st.DataObject) -> None:
        for key in [m["id"] for m in self.open_matches()]:
            while True:
                match = next(m for m in all_matches(self.body) if m["id"] == key)
                if match["status"] == "complete":
                    break
                self.report_one(match, data.draw(scores, label="scores"), check=False)
        self.refresh()

    @precondition(lambda self: bool(self.body) and self.body["status"] != "finished")
    @rule(data=st.data())
    def play_out_and_advance(self, data: st.DataObject) -> None:
        """The organizer's usual step, so that random runs get to the knockout and the end."""
        if self.has_open():
            self.play_out_open_matches(data)
        self.advance()

    @precondition(has_closed)
    @rule(data=st.data())
    def report_on_a_closed_match(self, data: st.DataObject) -> None:
        closed = [m for m in all_matches(self.body) if m["status"] == "complete"]
        match = data.draw(st.sampled_from(closed), label="match")
        self.unchanged(self.tourney.report(match["id"], [2, 1]), 409)

    @precondition(has_games)
    @rule(data=st.data(), cascade=st.booleans())
    def correct(self, data: st.DataObject, cascade: bool) -> None:
        key, number = data.draw(st.sampled_from(sorted(self.stored)), label="game")
        game = data.draw(scores, label="scores")
        match = next(m for m in all_matches(self.body) if m["id"] == key)
        later = any(r["number"] > match["round"] for r in self.body["rounds"])
        response = self.tourney.correct(key, number, game,
                                        cascade="true" if cascade else None)
        if later and not cascade:
            self.unchanged(response, 409)
            return
        assert response.status_code == 200, response.get_json()
        dropped = response.get_json()["dropped"]
        self.stored[(key, number)] = (game, self.stored[(key, number)][1])
        for gone in dropped:
            assert (gone["match"], gone["number"]) != (key, number)
            del self.stored[(gone["match"], gone["number"])]
        if not later:
            # nothing was built on it: only games past the end of its own match can go
            assert all(gone["match"] == key for gone in dropped)
        self.refresh()

    @precondition(lambda self: bool(self.body))
    @rule()
    def advance(self) -> None:
        allowed = self.body["can_advance"]
        response = self.tourney.advance()
        if not allowed:
            self.unchanged(response, 409)
            return
        assert response.status_code == 200, response.get_json()
        before = len(self.body["rounds"])
        self.refresh()
        assert response.get_json() == self.body
        assert len(self.body["rounds"]) == before + 1

    # -- invariants ----------------------------------------------------------------------------

    @invariant()
    def each_team_plays_once_a_round(self) -> None:
        for round_ in self.body.get("rounds", []):
            if round_["kind"] == "tiebreak":
                # a round robin of single games among the level teams: each pair meets once
                pairs = [frozenset(m["teams"]) for m in round_["matches"]]
                assert all(len(p) == 2 for p in pairs) and len(pairs) == len(set(pairs))
                continue
            teams = [t for m in round_["matches"] for t in m["teams"]]
            assert len(teams) == len(set(teams)), round_

    @invariant()
    def points_are_two_a_game_won(self) -> None:
        for row in self.body.get("standings", []):
            assert row["points"] == 2 * row["won"], row

    @invariant()
    def results_are_what_was_reported(self) -> None:
        if not self.body:
            return
        shown: dict[Key, tuple[list[int], list[int]]] = {}
        for match in all_matches(self.body):
            numbers = [r["number"] for r in match["results"]]
            assert numbers == list(range(1, len(numbers) + 1)), match
            assert len(numbers) <= match["games"], match
            if match["kind"] == "bye":
                assert numbers == []
            if match["first_to"] is not None:
                # no game after a side reached first_to
                wins = [0, 0]
                for r in match["results"]:
                    assert max(wins) < match["first_to"], match
                    wins[0 if r["scores"][0] > r["scores"][1] else 1] += 1
            for r in match["results"]:
                assert r["game_id"] is None
                shown[(match["id"], r["number"])] = (r["scores"], match["teams"])
        assert shown == self.stored

    @invariant()
    def the_champion_won_every_knockout_match_it_played(self) -> None:
        if not self.body:
            return
        champion = self.body["champion"]
        finished = self.body["status"] == "finished"
        assert (champion is not None) == finished
        if not finished:
            return
        final = self.body["rounds"][-1]
        assert (final["name"], final["kind"]) == ("Final", "knockout")
        assert final["matches"][0]["winner"] == champion
        for round_ in self.body["rounds"]:
            if round_["kind"] != "knockout":
                continue
            for match in round_["matches"]:
                if champion in match["teams"]:
                    assert match["winner"] == champion, match


def test_a_random_quebec_tournament(client: FlaskClient) -> None:
    run_state_machine_as_test(lambda: QuebecMachine(client), settings=SETTINGS)
