"""A refusal of the rules answers with its rule's code beside the sentence: the code a client acts
on, the same whatever the sentence says; the service's own refusals carry none."""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient

from tests.api.helpers import API, assert_error, hand
from tests.helpers import TWO_SIDES

FIVE = [{"name": name, "players": [name]} for name in ("Ann", "Bo", "Cy", "Di", "Ed")]
THREE = [{"name": name, "players": [name]} for name in ("Ann", "Bo", "Cy")]


def refused(response: Any, rule: str) -> str:
    body = assert_error(response, 422)
    assert body["rule"] == rule, body
    return str(body["message"])


@pytest.mark.parametrize("tricks", [[3, 8], [3, 6]])
def test_tricks_not_adding_up_to_ten(new_game: Any, tricks: list[int]) -> None:
    refused(new_game().record(hand(1, "7H", tricks)), "tricks_sum")


def test_the_code_is_the_same_whatever_the_message(new_game: Any) -> None:
    game = new_game()
    over, under = (refused(game.record(hand(1, "7H", t)), "tricks_sum") for t in ([3, 8], [3, 6]))
    assert over != under


def test_a_bid_the_options_leave_out(new_game: Any) -> None:
    refused(new_game().record(hand(1, "DNUL", [0, 10])), "bid_disabled")


def test_a_bid_that_does_not_exist(new_game: Any) -> None:
    refused(new_game().record(hand(1, "12Z", [3, 7])), "unknown_bid")


def test_cinquecento_points_not_totalling_120(new_game: Any) -> None:
    game = new_game(variant="cinquecento")
    refused(game.record({"points": [60, 59]}), "card_points_sum")


def test_an_invalid_rummy_meld(new_game: Any) -> None:
    game = new_game(sides=THREE, variant="rummy-500")
    refused(game.record({"players": [{"melds": [["7H", "8S", "9H"]], "hand": []},
                                     {"melds": [["QS", "QD", "QC"]], "hand": ["2C"]},
                                     {"hand": ["5D", "KC"]}]}), "meld_invalid")


@pytest.mark.parametrize("target", ["500", -5, 1.5])
def test_a_bad_option_value(client: FlaskClient, target: Any) -> None:
    response = client.post(f"{API}/games", json={"variant": "australian-500", "sides": TWO_SIDES,
                                                 "options": {"target": target}})
    refused(response, "option_value")


def test_an_option_the_variant_does_not_have(client: FlaskClient) -> None:
    response = client.post(f"{API}/games", json={"variant": "australian-500", "sides": TWO_SIDES,
                                                 "options": {"no_such_rule": True}})
    refused(response, "unknown_option")


@pytest.mark.parametrize("bid", ["MIS", "OMIS"])
def test_a_five_handed_partner_on_misere(new_game: Any, bid: str) -> None:
    game = new_game(sides=FIVE)
    refused(game.record({"bidder": 0, "bid": bid, "partner": 2, "tricks": [0, 3, 3, 2, 2]}),
            "bid_played_alone")


def test_a_refusal_retold_keeps_its_rule(client: FlaskClient, new_game: Any) -> None:
    """An import scores every hand again: a hand that breaks a rule is refused in the import's
    words ("hand 1: ...") under that rule's own code."""
    game = new_game()
    assert game.record(hand(1, "7H", [3, 7])).status_code == 201
    exported = client.get(f"{game.url}/export").get_json()
    exported["hands"][0]["input"]["tricks"] = [3, 8]
    response = client.post(f"{API}/games/import", json=exported)
    assert refused(response, "tricks_sum").startswith("Hand 1: ")
    assert "hands.0.input.tricks" in response.get_json()["errors"]


def test_the_services_own_refusals_carry_no_rule(client: FlaskClient, new_game: Any) -> None:
    game = new_game()
    assert "rule" not in assert_error(client.post(f"{game.url}/hands", json=hand(1, "7H", [3, 7])),
                                      401)
    assert "rule" not in assert_error(client.get(f"{API}/games/999999"), 404)
    schema = client.post(f"{API}/games", json={"variant": "australian-500"})
    assert "rule" not in assert_error(schema, 422, "sides")
