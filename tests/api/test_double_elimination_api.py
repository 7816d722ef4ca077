"""Double elimination and the third-place match through the API: created, drawn, played out with
reports and advances, the bracket view (winners' and losers' brackets, the grand final) and the
final placings."""

from __future__ import annotations

from typing import Any

from flask.testing import FlaskClient

from tests.api.helpers import API
from tests.api.tournament_helpers import Tourney, create_body, play_out


def placed(body: dict[str, Any]) -> list[tuple[int, int]]:
    numbers = {t["team"]: t["number"] for t in body["teams"]}
    return [(p["place"], numbers[p["team"]]) for p in body["placings"]]


def numbers_of(body: dict[str, Any], match: dict[str, Any]) -> list[int | None]:
    numbers = {t["team"]: t["number"] for t in body["teams"]}
    return [numbers[s["team"]] if s else None for s in match["slots"]]


def test_eight_teams_play_out_with_the_favourites_winning(client: FlaskClient) -> None:
    tourney = Tourney.create(client, 8, "double_elimination")
    assert tourney.created["options"]["grand_final_reset"] is True
    assert tourney.draw().status_code == 200
    body = play_out(tourney)
    assert body["champion"] == tourney.team(1)
    kinds = [r["kind"] for r in body["rounds"]]
    assert kinds == ["knockout", "knockout", "losers", "knockout", "losers", "losers", "losers",
                     "final"]
    names = [r["name"] for r in body["rounds"]]
    assert names[3] == "Winners' final" and names[-2] == "Losers' final"
    assert names[-1] == "Grand final"
    # 8 and 7 out in the first losers' round, 5 and 6 in the second, then 4, 3; 2 lost the final
    assert placed(body) == [(1, 1), (2, 2), (3, 3), (4, 4), (5, 5), (5, 6), (7, 7), (7, 8)]
    assert [s["number"] for s in body["standings"]] == [1, 2, 3, 4, 5, 6, 7, 8]


def test_the_bracket_view_has_both_brackets_and_the_grand_final(client: FlaskClient) -> None:
    tourney = Tourney.create(client, 6, "double_elimination")
    tourney.draw()
    early = tourney.bracket()
    assert [len(r["matches"]) for r in early["knockout"]] == [4, 2, 1]
    assert [len(r["matches"]) for r in early["losers"]] == [2, 2, 1, 1]
    assert all(r["number"] is None for r in early["losers"])
    assert early["final"] == [{"id": None, "kind": "match", "status": "pending",
                               "slots": [None, None], "winner": None, "next": None}]
    assert early["third_place"] is None and early["league"] == []
    body = play_out(tourney)
    view = tourney.bracket()
    assert view["champion"] == body["champion"] == tourney.team(1)
    first, second, third, last = view["losers"]
    # seeds 1 and 2 had byes: the losers' first place above them is empty, the other a bye for 5
    # (4 beat 5 while 3 beat 6... 6 drops beside nobody: 1-8 and 2-7 were byes)
    assert [m["kind"] for m in first["matches"]] == ["bye", "bye"]
    assert [numbers_of(body, m) for m in first["matches"]] == [[5, None], [6, None]]
    assert [m["next"] for m in first["matches"]] == [{"match": 0, "slot": 0},
                                                     {"match": 1, "slot": 0}]
    # the second round crosses: the loser of the winners' second match (3) meets 5
    assert [numbers_of(body, m) for m in second["matches"]] == [[5, 3], [6, 4]]
    assert [m["next"] for m in second["matches"]] == [{"match": 0, "slot": 0},
                                                      {"match": 0, "slot": 1}]
    assert [numbers_of(body, m) for m in third["matches"]] == [[3, 4]]
    assert [numbers_of(body, m) for m in last["matches"]] == [[3, 2]]
    assert last["matches"][0]["next"] is None and last["name"] == "Losers' final"
    assert [numbers_of(body, m) for m in view["final"]] == [[1, 2]]
    assert view["final"][0]["winner"] == tourney.team(1)
    assert placed(body) == [(1, 1), (2, 2), (3, 3), (4, 4), (5, 5), (5, 6)]


def test_five_teams_leave_an_empty_place_in_the_losers_bracket(client: FlaskClient) -> None:
    tourney = Tourney.create(client, 5, "double_elimination")
    tourney.draw()
    tourney.by_number("r1m2", {4: 300, 5: 100})
    assert tourney.advance().status_code == 200
    view = tourney.bracket()
    assert [m["kind"] for m in view["losers"][0]["matches"]] == ["bye", "empty"]
    assert view["losers"][0]["matches"][1]["id"] is None


def test_the_losers_side_winning_the_grand_final_forces_a_reset(client: FlaskClient) -> None:
    tourney = Tourney.create(client, 4, "double_elimination")
    tourney.draw()

    def two_on_the_last_day(teams: list[int], numbers: dict[int, int]) -> int:
        # 1 wins the winners' bracket, then 2 beats it twice in the grand finals
        final = any(r["kind"] == "final" for r in tourney.get()["rounds"])
        return min(teams, key=lambda t: (not (final and numbers[t] == 2), numbers[t]))

    body = play_out(tourney, two_on_the_last_day)
    finals = [r for r in body["rounds"] if r["kind"] == "final"]
    assert [r["name"] for r in finals] == ["Grand final", "Grand final reset"]
    assert body["champion"] == tourney.team(2)
    assert placed(body)[:2] == [(1, 2), (2, 1)]
    assert len(tourney.bracket()["final"]) == 2


def test_without_a_reset_the_grand_final_decides(client: FlaskClient) -> None:
    tourney = Tourney.create(client, 4, "double_elimination",
                             options={"grand_final_reset": False})
    tourney.draw()

    def two_in_the_final(teams: list[int], numbers: dict[int, int]) -> int:
        final = any(r["kind"] == "final" for r in tourney.get()["rounds"])
        return min(teams, key=lambda t: (not (final and numbers[t] == 2), numbers[t]))

    body = play_out(tourney, two_in_the_final)
    assert [r["kind"] for r in body["rounds"]].count("final") == 1
    assert body["champion"] == tourney.team(2)
    assert placed(body) == [(1, 2), (2, 1), (3, 3), (4, 4)]


def test_a_third_place_match_decides_places_three_and_four(client: FlaskClient) -> None:
    tourney = Tourney.create(client, 8, "single_elimination", options={"third_place": True})
    tourney.draw()
    assert tourney.bracket()["third_place"]["id"] is None
    body = play_out(tourney, lambda teams, numbers: max(teams, key=numbers.__getitem__)
                    if any(r["kind"] == "third_place" for r in tourney.get()["rounds"])
                    and sorted(numbers[t] for t in teams) == [3, 4]
                    else min(teams, key=numbers.__getitem__))
    kinds = [r["kind"] for r in body["rounds"]]
    assert kinds == ["knockout", "knockout", "third_place", "knockout"]
    assert body["rounds"][2]["name"] == "Third place"
    assert placed(body) == [(1, 1), (2, 2), (3, 4), (4, 3), (5, 5), (5, 6), (5, 7), (5, 8)]
    view = tourney.bracket()
    assert numbers_of(body, view["third_place"]) == [4, 3]  # the semi-finals' order
    assert view["third_place"]["winner"] == tourney.team(4)
    assert view["losers"] == [] and view["final"] == []


def test_bad_options_are_refused_and_nothing_is_stored(client: FlaskClient) -> None:
    for options, rule in (({"games_per_match": 2}, "knockout_odd"),
                          ({"grand_final_reset": "yes"}, "option_value.boolean"),
                          ({"third_place": True}, "unknown_option")):
        response = client.post(f"{API}/tournaments",
                               json=create_body(4, "double_elimination", options=options))
        assert response.status_code == 422, response.get_json()
        assert response.get_json()["rule"].startswith(rule.split(".")[0]), response.get_json()
    # nothing was stored: the first tournament made is number 1
    assert Tourney.create(client, 4, "double_elimination").id == 1
