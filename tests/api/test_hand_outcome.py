"""What a hand came to, published so the page only shows it: a contract hand's `contract.made`
and a Rummy hand's `out` (the player who went out), in the hand replies, the list of hands and
the preview."""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient

from tests.api.helpers import five_handed
from tests.api.rummy_helpers import full, make, quick, record


def published(game: Any, hand: dict[str, Any]) -> dict[str, Any]:
    """The hand's reply to the preview, the write and the list of hands, which must agree."""
    auth = game.auth() if hasattr(game, "auth") else game.headers
    preview = game.client.post(f"{game.url}/hands/preview", json=hand, headers=auth)
    assert preview.status_code == 200, preview.get_json()
    body = record(game, hand)
    listed = game.client.get(f"{game.url}/hands").get_json()[-1]
    fields = {key: body[key] for key in ("contract", "out") if key in body}
    assert fields == {key: preview.get_json()[key] for key in fields}
    assert fields == {key: listed[key] for key in fields}
    return fields


@pytest.mark.parametrize(("options", "hand", "made"), [
    ({}, {"bidder": 1, "bid": "7H", "tricks": [3, 7]}, True),
    ({"slam_bonus": True}, {"bidder": 0, "bid": "7S", "tricks": [10, 0]}, True),
    ({}, {"bidder": 0, "bid": "8NT", "tricks": [7, 3]}, False),
    ({}, {"bidder": 1, "bid": "MIS", "tricks": [10, 0]}, True),
    ({}, {"bidder": 1, "bid": "MIS", "tricks": [9, 1]}, False),
    ({}, {"bidder": 2, "bid": "OMIS", "tricks": [1, 9]}, False),
    ({"hi_lo": True}, {"bidder": 0, "bid": "HILO", "tricks": [5, 5]}, True),
    ({"hi_lo": True}, {"bidder": 0, "bid": "HILO", "tricks": [6, 4]}, False),
])
def test_a_contract_hand_says_whether_the_bid_was_made(
        new_game: Any, options: dict[str, Any], hand: dict[str, Any], made: bool) -> None:
    game = new_game(options)
    assert published(game, hand) == {"contract": {"made": made}}


def test_a_passed_out_hand_has_no_contract(new_game: Any) -> None:
    assert published(new_game(), {"passed_out": True}) == {"contract": None}


@pytest.mark.parametrize(("hand", "made"), [
    ({"bidder": 0, "bid": "7H", "partner": 2, "tricks": [4, 1, 3, 1, 1]}, True),
    ({"bidder": 1, "bid": "6NT", "partner": None, "tricks": [2, 5, 1, 1, 1]}, False),
    ({"bidder": 3, "bid": "MIS", "partner": None, "tricks": [3, 3, 2, 0, 2]}, True),
    ({"bidder": 3, "bid": "MIS", "partner": None, "tricks": [3, 3, 2, 1, 1]}, False),
])
def test_five_handed_contracts_say_whether_made(
        client: FlaskClient, hand: dict[str, Any], made: bool) -> None:
    assert published(five_handed(client), hand) == {"contract": {"made": made}}


@pytest.mark.parametrize(("hand", "out"), [
    (quick((30, 0), (10, 25), (0, 40)), 0),
    (quick((30, 12), (10, 0), (5, 40)), 1),
    (quick((30, 12), (10, 0, True), (5, 40)), 1),
    (quick((30, 12), (10, 3), (5, 40)), None),
    (full({"melds": [["8H", "9H", "TH"]]}, {"hand": ["AS", "QC"]}, {"hand": ["2D"]}), 0),
    (full({"hand": ["AS"]}, {"melds": [["QS", "QD", "QC"]], "hand": [], "went_out": True},
          {"hand": ["2D"]}), 1),
    (full({"melds": [["2S", "3S", "4S"]], "hand": ["KH"]}, {"hand": ["9D"]},
          {"hand": ["2D"], "went_out": False}), None),
])
def test_a_rummy_hand_says_who_went_out(new_game: Any, hand: dict[str, Any],
                                        out: int | None) -> None:
    assert published(make(new_game, players=3), hand) == {"out": out}


def test_card_points_hands_publish_neither(new_game: Any) -> None:
    game = new_game({}, variant="cinquecento")
    assert published(game, {"points": [68, 52]}) == {}
