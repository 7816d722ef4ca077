"""The referee over HTTP: every hand-worked trick and auction case end to end, the deal rule,
and hands that carry their auction."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from flask.testing import FlaskClient

from scorekeeper.rules.reasons import RULINGS, Reason
from scorekeeper.rules.sentences import render_all
from tests.api.helpers import API, assert_error, assert_told_by_its_reasons, snapshot

CASES = Path(__file__).parent.parent / "rules" / "cases"
TRICKS: list[dict[str, Any]] = json.loads((CASES / "tricks.json").read_text("utf-8"))["cases"]
AUCTIONS: list[dict[str, Any]] = json.loads((CASES / "auctions.json").read_text("utf-8"))["cases"]
QUEBEC_NOTHING = ["10S", "9S", "8C", "7C", "6D", "5D", "4H", "10H", "9D", "4S"]


def ids(cases: list[dict[str, Any]]) -> list[Any]:
    return [pytest.param(case, id=case["name"]) for case in cases]


@pytest.mark.parametrize("case", ids(TRICKS))
def test_trick_case_over_http(client: FlaskClient, case: dict[str, Any]) -> None:
    response = client.post(f"{API}/adjudicate/trick", json=case["request"])
    if "error" in case:
        assert_error(response, 422, case["error"])
        return
    assert response.status_code == 200, response.get_json()
    body = response.get_json()
    assert body["winner"] == case["winner"], case["comment"]
    assert body["explanation"][-1].startswith(f"Seat {case['winner']['seat']} wins")
    assert_told_by_its_reasons(body)


@pytest.mark.parametrize("case", ids(AUCTIONS))
def test_auction_case_over_http(client: FlaskClient, case: dict[str, Any]) -> None:
    response = client.post(f"{API}/adjudicate/auction", json=case["request"])
    if "error" in case:
        assert_error(response, 422, case["error"])
        return
    assert response.status_code == 200, response.get_json()
    body = response.get_json()
    expect = case["expect"]
    for key in ("legal", "first_illegal", "complete", "passed_out", "winning_bid",
                "winner_seat", "kitty_face_up", "next_seat"):
        if key in expect:
            assert body[key] == expect[key], (key, case["comment"])
    assert [call["seat"] for call in body["calls"]] == expect["seats"]
    if "next_legal_bids" in expect:
        assert body["next_legal_bids"] == expect["next_legal_bids"]


def test_the_contract_example_answers_as_documented(client: FlaskClient) -> None:
    trick = client.post(f"{API}/adjudicate/trick", json={
        "variant": "australian-500", "contract": "7H",
        "plays": [{"seat": 1, "card": "10D"}, {"seat": 2, "card": "JD"},
                  {"seat": 3, "card": "AD"}, {"seat": 0, "card": "5H"}]}).get_json()
    assert trick["winner"] == {"seat": 2, "card": "JD"}
    assert any("left bower" in line for line in trick["explanation"])
    auction = client.post(f"{API}/adjudicate/auction", json={
        "variant": "australian-500", "dealer": 0,
        "calls": ["pass", "7H", "MIS", "pass", "pass"]}).get_json()
    assert {k: auction[k] for k in ("legal", "first_illegal", "complete", "winning_bid",
                                    "winner_seat", "kitty_face_up", "next_legal_bids")} == {
        "legal": True, "first_illegal": None, "complete": True, "winning_bid": "MIS",
        "winner_seat": 3, "kitty_face_up": 0, "next_legal_bids": []}
    assert "Seat 3 wins the auction with Misère (MIS)." in auction["explanation"]


def test_an_illegal_call_is_named_and_the_answer_stops_before_it(client: FlaskClient) -> None:
    body = client.post(f"{API}/adjudicate/auction", json={
        "variant": "australian-500", "dealer": 0,
        "calls": ["pass", "6H", "MIS", "pass"]}).get_json()
    assert (body["legal"], body["first_illegal"], body["winning_bid"]) == (False, 2, "6H")
    assert body["next_seat"] == 3 and "MIS" not in body["next_legal_bids"]
    assert "misère may only be bid once someone has bid 7" in body["explanation"][0]
    assert body["explanation"][1] == "The calls after it were not judged."
    assert body["calls"][-1] == {"seat": 3, "call": "MIS", "legal": False, "kitty_face_up": 0}


def test_visible_kitty_is_reported_after_every_call(client: FlaskClient) -> None:
    body = client.post(f"{API}/adjudicate/auction", json={
        "variant": "australian-500", "options": {"visible_kitty": True}, "dealer": 3,
        "calls": ["6S", "8S", "pass", "pass", "9H"]}).get_json()
    assert [c["kitty_face_up"] for c in body["calls"]] == [0, 2, 2, 2, 3]
    assert "3 kitty cards are face up." in body["explanation"]


def test_every_next_legal_bid_is_accepted_next(client: FlaskClient) -> None:
    start = {"variant": "australian-500", "options": {"hi_lo": True, "blind_misere": True},
             "dealer": 1, "calls": ["pass", "7D"]}
    body = client.post(f"{API}/adjudicate/auction", json=start).get_json()
    assert body["next_legal_bids"][:3] == ["7H", "7NT", "MIS"]
    for bid in body["next_legal_bids"]:
        after = client.post(f"{API}/adjudicate/auction",
                            json={**start, "calls": [*start["calls"], bid]}).get_json()
        assert after["legal"] and after["winning_bid"] == bid


@pytest.mark.parametrize(("cards", "redeal", "says"), [
    (QUEBEC_NOTHING, True, "shuffled and dealt again"),
    ([*QUEBEC_NOTHING[:9], "AS"], False, "The ace of spades is enough"),
    ([*QUEBEC_NOTHING[:9], "JKB"], False, "La blanche is enough"),
    ([*QUEBEC_NOTHING[:9], "jkr"], False, "Le bonhomme is enough"),
    ([*QUEBEC_NOTHING[:9], "JD"], False, "The jack of diamonds is enough"),
])
def test_quebec_deal(client: FlaskClient, cards: list[str], redeal: bool, says: str) -> None:
    body = client.post(f"{API}/adjudicate/deal",
                       json={"variant": "quebec-500", "cards": cards}).get_json()
    assert body["redeal"] is redeal
    assert says in body["explanation"][0]


@pytest.mark.parametrize(("body", "field"), [
    ({"variant": "quebec-500", "cards": [*QUEBEC_NOTHING[:9], "3S"]}, "cards.9"),
    ({"variant": "quebec-500", "cards": [*QUEBEC_NOTHING[:9], "JK"]}, "cards.9"),
    ({"variant": "quebec-500", "cards": [*QUEBEC_NOTHING[:9], "10S"]}, "cards.9"),
    ({"variant": "quebec-500", "cards": QUEBEC_NOTHING[:9]}, "cards"),
    ({"variant": "quebec-500", "cards": [*QUEBEC_NOTHING[:9], "ZZ"]}, "cards.9"),
    ({"variant": "quebec-500", "cards": [*QUEBEC_NOTHING[:9], 7]}, "cards.9"),
    ({"variant": "australian-500", "cards": QUEBEC_NOTHING}, "variant"),
    ({"variant": "no-such-game", "cards": QUEBEC_NOTHING}, "variant"),
    ({"variant": "quebec-500", "players": 3, "cards": QUEBEC_NOTHING}, "players"),
    ({"variant": "quebec-500", "options": {"megatrump": True}, "cards": QUEBEC_NOTHING},
     "options.megatrump"),
])
def test_impossible_deals_are_refused(client: FlaskClient, body: dict[str, Any],
                                      field: str) -> None:
    assert_error(client.post(f"{API}/adjudicate/deal", json=body), 422, field)


@pytest.mark.parametrize("path", ["trick", "auction", "deal"])
def test_malformed_and_empty_bodies(client: FlaskClient, path: str) -> None:
    url = f"{API}/adjudicate/{path}"
    assert_error(client.post(url, data="{nope", content_type="application/json"), 400)
    assert_error(client.post(url, json={}), 422, "variant")
    assert_error(client.post(url, json=[1, 2]), 422)


@pytest.mark.parametrize(("body", "field"), [
    ({"contract": "7H", "plays": [{"seat": "1", "card": "AD"}]}, "plays.0.seat"),
    ({"contract": "7H", "plays": [{"seat": 1, "card": "AD", "extra": 1}]}, "plays.0.extra"),
    ({"contract": "7H", "plays": [{"seat": 1, "card": "AD", "named_suit": "X"}]},
     "plays.0.named_suit"),
    ({"contract": 7, "plays": []}, "contract"),
    ({"plays": [{"seat": 1, "card": "AD"}]}, "contract"),
])
def test_trick_bodies_of_the_wrong_shape(client: FlaskClient, body: dict[str, Any],
                                         field: str) -> None:
    response = client.post(f"{API}/adjudicate/trick", json={"variant": "australian-500", **body})
    assert_error(response, 422, field)


# -- hands that carry their auction --------------------------------------------------------------


def test_a_hand_with_calls_is_checked_and_stored(new_game: Any) -> None:
    game = new_game()
    calls = ["pass", "7h", "MIS", "pass", "Pass"]
    response = game.record({"bidder": 3, "bid": "MIS", "tricks": [10, 0], "calls": calls})
    assert response.status_code == 201, response.get_json()
    hand = response.get_json()
    assert hand["calls"] == ["pass", "7H", "MIS", "pass", "pass"]
    assert hand["deltas"] == [0, 250]


@pytest.mark.parametrize(("hand", "field", "says"), [
    ({"bidder": 3, "bid": "8H", "tricks": [2, 8], "calls": ["pass", "7H", "MIS", "pass", "pass"]},
     "bid", "the auction was won with Misère (MIS), not 8H"),
    ({"bidder": 2, "bid": "MIS", "tricks": [0, 10], "calls": ["pass", "7H", "MIS", "pass", "pass"]},
     "bidder", "give the auction to seat 3"),
    ({"bidder": 2, "bid": "MIS", "tricks": [0, 10], "calls": ["pass", "MIS", "pass", "pass"]},
     "calls.1", "misère may only be bid once someone has bid 7"),
    ({"bidder": 1, "bid": "7H", "tricks": [3, 7], "calls": ["pass", "7H", "pass"]},
     "calls", "the auction is not over"),
    ({"bidder": 2, "bid": "7H", "tricks": [7, 3],
      "calls": ["pass", "7H", "pass", "pass", "8H"]}, "calls.4", "the auction was over"),
    ({"passed_out": True, "calls": ["pass", "7H", "pass", "pass"]},
     "passed_out", "so the hand was not passed out"),
    ({"bidder": 1, "bid": "7H", "tricks": [3, 7], "calls": ["pass"] * 4},
     "passed_out", "everybody passed"),
    ({"bidder": 3, "bid": "6S", "tricks": [3, 7], "calls": ["pass", "pass", "6S", "pass", "pass",
                                                            "pass"]},
     "calls.2", "only the first two players to call may inkle"),
])
def test_a_hand_whose_calls_disagree_is_refused(client: FlaskClient, new_game: Any,
                                                 hand: dict[str, Any], field: str,
                                                 says: str) -> None:
    game = new_game()
    before = snapshot(client, game.url)
    body = assert_error(game.record(hand), 422, field)
    assert says.lower() in body["message"].lower()
    assert snapshot(client, game.url) == before


def test_a_ralphed_player_may_not_bid_in_the_next_auction(new_game: Any) -> None:
    game = new_game({"ralphing": True})
    assert game.record({"bidder": 1, "bid": "9H", "tricks": [5, 5]}).status_code == 201
    # Seat 1 failed by four: ralphed. The dealer is now seat 1, so seat 2 calls first.
    refused = game.record({"bidder": 0, "bid": "8S", "tricks": [8, 2],
                           "calls": ["pass", "pass", "8S", "8H"]})
    body = assert_error(refused, 422, "calls.3")
    assert "seat 1 was ralphed last hand" in body["message"]
    ok = game.record({"bidder": 0, "bid": "8S", "tricks": [8, 2],
                      "calls": ["pass", "pass", "8S", "pass"]})
    assert ok.status_code == 201, ok.get_json()


# -- Quebec 500 and the Five-Hundred++ options through the API ---------------------------------


def test_quebec_is_listed_and_plays_to_1000(client: FlaskClient) -> None:
    variant = client.get(f"{API}/variants/quebec-500").get_json()
    assert variant["players"] == {"min": 4, "max": 4}
    assert variant["options"]["target"]["default"] == 1000
    assert variant["options"]["lose_at"]["default"] == -1000
    assert variant["options"]["slam_bonus"]["default"] is False
    assert "JKB" in variant["description"] and "JKR" in variant["description"]
    game = client.post(f"{API}/games", json={
        "variant": "quebec-500", "sides": [{"name": "Nous", "players": ["Ann", "Cy"]},
                                           {"name": "Eux", "players": ["Bo", "Di"]}]})
    assert game.status_code == 201
    created = game.get_json()
    hand = client.post(f"{API}/games/{created['id']}/hands",
                       json={"bidder": 0, "bid": "10NT", "tricks": [10, 0]},
                       headers={"Authorization": f"Bearer {created['token']}"}).get_json()
    assert hand["deltas"] == [520, 0] and hand["game"]["status"] == "in_progress"


def test_five_hundred_plus_plus_options_are_listed(client: FlaskClient) -> None:
    options = client.get(f"{API}/variants/australian-500").get_json()["options"]
    for name in ("low_misere", "fractional_bidding", "visible_kitty", "megatrump",
                 "anti_megatrump", "second_joker"):
        assert options[name]["type"] == "boolean" and options[name]["default"] is False
    table = options["fractional_values"]
    assert table["type"] == "table" and "project's own" in table["description"]
    assert table["default"]["6.0"] == {"suit": 40, "nt": 60}
    assert table["default"]["8.3"] == {"suit": 420, "nt": 440}
    assert len(table["default"]) == 30


def test_fractional_bids_are_scored_from_the_game_table(new_game: Any) -> None:
    default = new_game({"fractional_bidding": True})
    made = default.record({"bidder": 0, "bid": "6.3h", "tricks": [6, 4]}).get_json()
    assert made["bid"] == "6.3H" and made["deltas"] == [220, 40]
    assert default.record({"bidder": 1, "bid": "7H", "tricks": [4, 6]}).get_json()[
        "deltas"] == [40, -140]  # 7H is read as 7.0H
    own = {f"{n}.{k}": {"suit": 10 * n + k, "nt": 10 * n + k + 5}
           for n in range(6, 11) for k in range(6)}
    custom = new_game({"fractional_bidding": True, "fractional_values": own})
    assert custom.state()["options"]["fractional_values"]["8.2"] == {"suit": 82, "nt": 87}
    assert custom.record({"bidder": 0, "bid": "8.2NT", "tricks": [8, 2]}).get_json()[
        "deltas"] == [87, 20]


@pytest.mark.parametrize(("options", "field"), [
    ({"fractional_bidding": True, "fractional_values": {"6.0": {"suit": 1, "nt": 2}}},
     "options.fractional_values.6.1"),
    ({"fractional_values": []}, "options.fractional_values"),
    ({"fractional_values": {"6.9": {"suit": 1, "nt": 2}}}, "options.fractional_values.6.9"),
    ({"anti_megatrump": True}, "options.anti_megatrump"),
    ({"j5": True, "fractional_bidding": True}, "options.j5"),
])
def test_five_hundred_plus_plus_options_are_validated(client: FlaskClient,
                                                      options: dict[str, Any],
                                                      field: str) -> None:
    response = client.post(f"{API}/games", json={
        "variant": "australian-500", "options": options,
        "sides": [{"name": "A", "players": ["Ann", "Cy"]},
                  {"name": "B", "players": ["Bo", "Di"]}]})
    assert_error(response, 422, field)


def test_deck_changing_options_need_four_players(client: FlaskClient) -> None:
    response = client.post(f"{API}/games", json={
        "variant": "australian-500", "options": {"second_joker": True},
        "sides": [{"name": "A", "players": ["Ann"]}, {"name": "B", "players": ["Bo"]},
                  {"name": "C", "players": ["Cy"]}]})
    assert_error(response, 422, "options.second_joker")


@pytest.mark.parametrize(("path", "body"), [
    ("auction", {"variant": "australian-500", "dealer": 0, "calls": ["pass", "6H", "MIS"]}),
    ("auction", {"variant": "australian-500", "options": {"visible_kitty": True}, "dealer": 3,
                 "calls": ["6S", "8S", "pass", "pass", "9H"]}),
    ("deal", {"variant": "quebec-500", "cards": QUEBEC_NOTHING}),
    ("deal", {"variant": "quebec-500", "cards": [*QUEBEC_NOTHING[:9], "JKB"]}),
])
def test_auction_and_deal_rulings_carry_their_reasons(client: FlaskClient, path: str,
                                                      body: dict[str, Any]) -> None:
    reply = client.post(f"{API}/adjudicate/{path}", json=body).get_json()
    reasons = [Reason.from_dict(reason) for reason in reply["reasons"]]
    assert all(reason.code in RULINGS for reason in reasons)
    assert list(render_all(reasons)) == reply["explanation"]
