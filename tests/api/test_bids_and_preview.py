"""GET /games/{id}/bids: the bids a game's table may win with, at the points that game scores;
POST /games/{id}/hands/preview: what recording a hand would give, with nothing stored."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from flask.testing import FlaskClient

from scorekeeper import create_app
from tests.api.helpers import API, SIX_IN_THREES, assert_error
from tests.helpers import TWO_SIDES, database_url

THREE = [{"name": name, "players": [name]} for name in ("Ann", "Bo", "Cy")]
LEVEL = re.compile(r"^(\d+)(?:\.\d)?(S|C|D|H|NT)$")


def bids_of(client: FlaskClient, game: Any) -> list[dict[str, Any]]:
    response = client.get(f"{game.url}/bids")
    assert response.status_code == 200, response.get_json()
    body: list[dict[str, Any]] = response.get_json()
    return body


def test_the_bids_of_a_plain_game_at_avondale_values(client: FlaskClient, new_game: Any) -> None:
    bids = bids_of(client, new_game())
    points = {bid["code"]: bid["points"] for bid in bids}
    assert [bid["code"] for bid in bids[:6]] == ["6S", "6C", "6D", "6H", "6NT", "7S"]
    assert (points["6S"], points["7H"], points["10NT"]) == (40, 200, 520)
    assert (points["MIS"], points["OMIS"]) == (250, 500)  # misère and open misère are on
    assert "BMIS" not in points and "DN" not in points  # off by default
    assert {bid["name"] for bid in bids if bid["code"] == "7H"} == {"7♥"}


def test_each_bid_says_its_kind_the_tricks_it_needs_and_who_plays_it(
        client: FlaskClient, new_game: Any) -> None:
    """What the page reads instead of guessing from a bid's code: where the row of tricks starts
    and whether a partner is called."""
    options = {"hi_lo": True, "j5": True, "double_nullo": True, "fractional_bidding": False}
    bids = {bid["code"]: bid for bid in bids_of(client, new_game(options))}
    said = {code: (bid["kind"], bid["tricks"], bid["plays"]) for code, bid in bids.items()}
    assert said["7H"] == ("trumps", 7, "side")
    assert said["10NT"] == ("trumps", 10, "side")
    assert said["8J5"] == ("trumps", 8, "side")
    assert said["MIS"] == ("misere", 0, "alone")
    assert said["OMIS"] == ("misere", 0, "alone")
    assert said["HILO"] == ("hilo", 0, "alone")
    assert said["DNUL"] == ("misere", 0, "side")  # double nullo: the partners play it together
    game = new_game({"fractional_bidding": True})
    fractional = {bid["code"]: bid for bid in bids_of(client, game)}
    assert (fractional["6.3H"]["kind"], fractional["6.3H"]["tricks"]) == ("trumps", 6)


def test_the_bids_follow_the_games_options(client: FlaskClient, new_game: Any) -> None:
    low = {bid["code"]: bid["points"] for bid in bids_of(client, new_game({"low_misere": True}))}
    assert low["MIS"] == 150  # where the page once said 250
    fractional = bids_of(client, new_game({"fractional_bidding": True}))
    points = {bid["code"]: bid["points"] for bid in fractional}
    assert points["7.0H"] == 140 and "7H" not in points  # where the page once said 200
    assert points["6.3H"] == 220 and points["10.5NT"] == 760


def test_bids_played_by_partners_are_left_out_where_everybody_plays_alone(
        client: FlaskClient, new_game: Any) -> None:
    options = {"double_nullo": True, "patastrophe": True}
    four = {bid["code"] for bid in bids_of(client, new_game(options))}
    three = {bid["code"] for bid in bids_of(client, new_game(options, sides=THREE))}
    partners = four - three
    assert partners and all(code not in three for code in partners)
    assert {"MIS", "OMIS", "7H"} <= three


@pytest.mark.parametrize(("variant", "sides"), [
    ("cinquecento", [{"name": "Noi", "players": ["Ann", "Cy"]},
                     {"name": "Voi", "players": ["Bo", "Di"]}]),
    ("rummy-500", THREE)])
def test_games_without_an_auction_have_no_bids(client: FlaskClient, variant: str,
                                               sides: list[Any]) -> None:
    game = client.post(f"{API}/games", json={"variant": variant, "sides": sides}).get_json()
    assert client.get(f"{API}/games/{game['id']}/bids").get_json() == []


def test_bids_of_no_game_is_404(client: FlaskClient) -> None:
    assert_error(client.get(f"{API}/games/99/bids"), 404)


def made(code: str) -> dict[str, Any]:
    """A hand in which seat 0 (North-South) makes this bid, without a slam."""
    level = LEVEL.match(code)
    if level:
        tricks = int(level[1])
        return {"bidder": 0, "bid": code, "tricks": [tricks, 10 - tricks]}
    return {"bidder": 0, "bid": code, "tricks": [0, 10]}  # the misère family


def test_every_bid_of_a_fractional_game_previews_at_its_listed_points(
        client: FlaskClient, new_game: Any) -> None:
    game = new_game({"fractional_bidding": True})
    tag = client.get(game.url).headers["ETag"]
    bids = bids_of(client, game)
    assert len(bids) > 150
    for bid in bids:
        preview = client.post(f"{game.url}/hands/preview", json=made(bid["code"]))
        assert preview.status_code == 200, (bid, preview.get_json())
        assert preview.get_json()["deltas"][0] == bid["points"], bid
    assert client.get(game.url).headers["ETag"] == tag
    assert game.state()["hands_played"] == 0
    assert client.get(f"{game.url}/history").get_json() == []


def test_a_preview_is_what_recording_gives(client: FlaskClient, new_game: Any) -> None:
    game = new_game()
    assert game.record({"bidder": 1, "bid": "7H", "tricks": [3, 7]}).status_code == 201
    hand = {"bidder": 0, "bid": "8S", "tricks": [7, 3]}
    preview = client.post(f"{game.url}/hands/preview", json=hand)  # no token
    assert preview.status_code == 200
    assert "ETag" not in preview.headers
    recorded = game.record(hand).get_json()
    assert preview.get_json() == {k: v for k, v in recorded.items() if k != "recorded_at"}
    assert preview.get_json()["deltas"] == [-240, 30]
    assert preview.get_json()["game"]["dealer"] == recorded["game"]["dealer"] == 2


def test_a_preview_of_the_winning_hand_says_the_game_would_be_over(
        client: FlaskClient, new_game: Any) -> None:
    game = new_game()
    game.record({"bidder": 1, "bid": "10H", "tricks": [0, 10]})  # 500: East-West win at once
    assert_error(client.post(f"{game.url}/hands/preview", json=made("7S")), 409)
    other = new_game()
    body = client.post(f"{other.url}/hands/preview", json={"bidder": 1, "bid": "10H",
                                                           "tricks": [0, 10]}).get_json()
    assert body["game"]["status"] == "finished" and body["game"]["winner"] == 1
    assert other.state()["status"] == "in_progress"


@pytest.mark.parametrize(("hand", "field"), [
    ({"bidder": 0, "bid": "7H", "tricks": [3, 8]}, "tricks"),
    ({"bidder": 0, "bid": "7Q", "tricks": [3, 7]}, "bid"),
    ({"bidder": 9, "bid": "7H", "tricks": [3, 7]}, "bidder"),
    ({"bidder": 0, "bid": "7H", "tricks": [3, 7], "colour": "red"}, "colour"),
])
def test_a_hand_the_rules_refuse_is_refused_in_preview_too(client: FlaskClient, new_game: Any,
                                                           hand: dict[str, Any],
                                                           field: str) -> None:
    game = new_game()
    previewed = client.post(f"{game.url}/hands/preview", json=hand)
    recorded = game.record(hand)
    assert_error(previewed, 422, field)
    assert previewed.get_json() == recorded.get_json()
    assert_error(client.post(f"{API}/games/99/hands/preview", json=made("7H")), 404)


def test_previews_are_not_writes(tmp_path: Path) -> None:
    """Nothing is stored, so nothing counts against the write limit."""
    client = create_app({"TESTING": True, "DATABASE_URL": database_url(tmp_path),
                         "WRITE_LIMIT": "1/minute"}).test_client()
    game = client.post(f"{API}/games", json={"variant": "australian-500", "sides": TWO_SIDES})
    url = f"{API}/games/{game.get_json()['id']}/hands/preview"
    assert [client.post(url, json=made("7H")).status_code for _ in range(5)] == [200] * 5


@pytest.mark.parametrize("sides", [
    THREE,
    [{"name": name, "players": [name]} for name in ("Ann", "Bo", "Cy", "Di", "Ed")],
    [{"name": "Odds", "players": ["Ann", "Cy", "Ed"]},
     {"name": "Evens", "players": ["Bo", "Di", "Fi"]}]], ids=["three", "five", "six-2x3"])
def test_pair_bids_are_refused_alike_by_the_list_the_hand_the_preview_and_the_referee(
        client: FlaskClient, new_game: Any, sides: list[Any]) -> None:
    """RULES.md, decisions of 2026-11-27: double nullo and patastrophe only where every side is
    two partners."""
    options = {"double_nullo": True, "patastrophe": True}
    game = new_game(options, sides=sides)
    assert not {"DNUL", "PAT"} & {bid["code"] for bid in bids_of(client, game)}
    tricks = [0] * len(sides)
    tricks[-1] = 10
    hand: dict[str, Any] = {"bidder": 0, "bid": "DNUL", "tricks": tricks}
    if len(sides) == 5:
        hand["partner"] = 2
    for response in (client.post(f"{game.url}/hands/preview", json=hand), game.record(hand)):
        body = assert_error(response, 422, "bid")
        assert body["rule"] == "bid_needs_partner"
    players = sum(len(side["players"]) for side in sides)
    ruling = client.post(f"{API}/adjudicate/auction", json={
        "variant": "australian-500", "options": options, "players": players,
        "sides": len(sides), "dealer": players - 1, "calls": ["PAT"]}).get_json()
    assert (ruling["legal"], ruling["first_illegal"]) == (False, 0)
    assert "two partners together" in ruling["explanation"][0]
    assert not {"DNUL", "PAT"} & set(ruling["next_legal_bids"])
    assert ruling["reasons"][0]["params"]["why"]["says"] == "illegal_call.pair_bid"


def test_pair_bids_stay_at_six_in_three_sides_of_two(client: FlaskClient, new_game: Any) -> None:
    game = new_game({"double_nullo": True}, sides=SIX_IN_THREES)
    assert "DNUL" in {bid["code"] for bid in bids_of(client, game)}
    recorded = game.record({"bidder": 0, "bid": "DNUL", "tricks": [0, 5, 5]})
    assert recorded.status_code == 201 and recorded.get_json()["deltas"][0] == 500
