"""Cinquecento through the API: hands as points or captured cards, Mariannas, and refusals that
store nothing."""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient

from tests.api.helpers import API, assert_error, snapshot

ITALIAN_ALL = [f"{rank}-{suit}" for suit in ("coins", "cups", "swords", "clubs")
               for rank in ("A", "3", "R", "C", "F", "7", "6", "5", "4", "2")]


def make(new_game: Any, **options: Any) -> Any:
    return new_game(options, variant="cinquecento")


def test_points_and_mariannas(new_game: Any) -> None:
    game = make(new_game)
    hand = game.record({"points": [68, 52], "mariannas": [{"side": 1, "suit": "cups"},
                                                          {"side": 0, "suit": "coins"}]})
    assert hand.status_code == 201, hand.get_json()
    body = hand.get_json()
    assert body["deltas"] == [88, 92]
    assert "Marianna of cups by East-West: +40; cups are trumps" in body["explanation"]
    assert game.state()["dealer"] == 1


def test_captured_cards_are_counted(new_game: Any) -> None:
    game = make(new_game)
    north_south = ITALIAN_ALL[:20]  # coins and cups: 2 × 30 points
    body = game.record({"captured": [north_south, ITALIAN_ALL[20:]]}).get_json()
    assert body["deltas"] == [60, 60]
    french = make(new_game, deck="french")
    cards = [f"{r}{s}" for s in "HDSC" for r in ("A", "3", "K", "Q", "J", "7", "6", "5", "4",
                                                   "2")]
    body = french.record({"captured": [cards[:5], cards[5:]],
                          "mariannas": [{"side": 0, "suit": "hearts"}]}).get_json()
    assert body["deltas"] == [30 + 40, 90]


@pytest.mark.parametrize(("hand", "field"), [
    ({"points": [60, 59]}, "points"),
    ({"points": [60, 60], "captured": [[], []]}, "captured"),
    ({}, "points"),
    ({"points": [60, 60], "mariannas": [{"side": 0, "suit": "coins"},
                                        {"side": 1, "suit": "coins"}]}, "mariannas.1.suit"),
    ({"points": [60, 60], "mariannas": [{"side": 0, "suit": s} for s in
                                        ("coins", "cups", "swords", "clubs", "coins")]},
     "mariannas"),
    ({"points": [60, 60], "mariannas": [{"side": 0, "suit": "hearts"}]}, "mariannas.0.suit"),
    ({"points": [60, 60], "mariannas": [{"side": 2, "suit": "coins"}]}, "mariannas.0.side"),
    ({"points": [60, 60], "mariannas": [{"side": 0, "suit": "coins", "stock_exhausted": True}]},
     "mariannas.0"),
    ({"captured": [["A-coins", "A-coins"], ITALIAN_ALL[2:]]}, "captured.0.1"),
    ({"captured": [["8-coins"], ITALIAN_ALL]}, "captured.0.0"),
    ({"captured": [ITALIAN_ALL[:1], ITALIAN_ALL[2:]]}, "captured"),
    ({"points": [60, 60], "bid": "7H"}, "bid"),
])
def test_refusals_store_nothing(client: FlaskClient, new_game: Any, hand: dict[str, Any],
                                field: str) -> None:
    game = make(new_game)
    before = snapshot(client, game.url)
    assert_error(game.record(hand), 422, field)
    assert snapshot(client, game.url) == before


def test_the_game_ends_at_500_and_a_tie_at_the_top_plays_on(client: FlaskClient,
                                                           new_game: Any) -> None:
    game = make(new_game, target=150)
    assert game.record({"points": [60, 60]}).get_json()["game"]["status"] == "in_progress"
    tied = game.record({"points": [60, 60], "mariannas": [{"side": 0, "suit": "coins"},
                                                          {"side": 1, "suit": "cups"},
                                                          {"side": 1, "suit": "swords"}]})
    body = tied.get_json()
    assert body["scores"] == [160, 160] and body["game"]["status"] == "in_progress"
    assert "North-South and East-West are level at 160: play on" in body["explanation"]
    won = game.record({"points": [41, 79]}).get_json()  # both over 150: the higher wins
    assert (won["game"]["status"], won["game"]["winner"]) == ("finished", 1)
    assert "East-West reached 150 and wins the game" in won["explanation"]
    assert client.get(f"{API}/variants/cinquecento").get_json()["players"] == {"min": 2,
                                                                               "max": 4}
