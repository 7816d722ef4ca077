"""Cinquecento through the API: hands as points or captured cards, Mariannas, and refusals that
store nothing."""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient

from tests.api.helpers import API, assert_error, assert_told_by_its_reasons, snapshot

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
    assert game.state()["dealer"] == 3  # the deal passes to the right


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


def trick(client: FlaskClient, **body: Any) -> Any:
    return client.post(f"{API}/adjudicate/trick", json={"variant": "cinquecento", **body})


@pytest.mark.parametrize(("trump", "cards", "seat", "card"), [
    (None, ["7-cups", "A-coins", "3-cups", "R-cups"], 2, "3-cups"),   # no trumps: 3 above R
    ("coins", ["7-cups", "2-coins", "3-cups", "A-cups"], 1, "2-coins"),  # any trump wins
    ("coins", ["F-coins", "C-coins", "R-coins", "A-swords"], 2, "R-coins"),  # R C F
    ("swords", ["4-clubs", "5-clubs", "A-cups", "6-clubs"], 3, "6-clubs"),  # no need to follow
])
def test_cinquecento_trick(client: FlaskClient, trump: str | None, cards: list[str], seat: int,
                           card: str) -> None:
    plays = [{"seat": (1 + i) % 4, "card": c} for i, c in enumerate(cards)]
    body = trick(client, trump=trump, plays=plays).get_json()
    assert body["winner"] == {"seat": (seat + 1) % 4, "card": card}, body
    assert body["explanation"][-1].startswith(f"Seat {(seat + 1) % 4} wins the trick with the ")
    assert_told_by_its_reasons(body)


def test_cinquecento_trick_in_the_french_deck_for_three(client: FlaskClient) -> None:
    body = trick(client, options={"deck": "french"}, players=3, trump="hearts",
                 plays=[{"seat": 2, "card": "AS"}, {"seat": 0, "card": "KH"},
                        {"seat": 1, "card": "3h"}]).get_json()
    assert body["winner"] == {"seat": 1, "card": "3H"}
    assert body["explanation"][-1] == "Seat 1 wins the trick with the three of hearts."
    assert_told_by_its_reasons(body)


@pytest.mark.parametrize(("body", "field"), [
    ({"trump": "stars", "plays": [{"seat": 0, "card": "A-coins"}]}, "trump"),
    ({"trump": None, "plays": [{"seat": 0, "card": "A-coins"}]}, "plays"),
    ({"trump": None, "plays": [{"seat": 0, "card": "8-coins"}, {"seat": 1, "card": "A-cups"},
                               {"seat": 2, "card": "3-cups"}, {"seat": 3, "card": "2-cups"}]},
     "plays.0.card"),
    ({"trump": None, "plays": [{"seat": 0, "card": "A-cups"}, {"seat": 1, "card": "A-cups"},
                               {"seat": 2, "card": "3-cups"}, {"seat": 3, "card": "2-cups"}]},
     "plays.1.card"),
    ({"trump": None, "plays": [{"seat": 0, "card": "A-cups"}, {"seat": 2, "card": "7-cups"},
                               {"seat": 1, "card": "3-cups"}, {"seat": 3, "card": "2-cups"}]},
     "plays.1.seat"),
    ({"contract": "7H", "plays": [{"seat": 0, "card": "A-coins"}]}, "contract"),
    ({"players": 5, "trump": None, "plays": [{"seat": 0, "card": "A-coins"}]}, "players"),
])
def test_impossible_cinquecento_tricks(client: FlaskClient, body: dict[str, Any],
                                       field: str) -> None:
    assert_error(trick(client, **body), 422, field)


def test_contract_games_still_need_a_contract(client: FlaskClient) -> None:
    plays = [{"seat": 0, "card": "AS"}]
    assert_error(client.post(f"{API}/adjudicate/trick", json={
        "variant": "australian-500", "plays": plays}), 422, "contract")
    assert_error(client.post(f"{API}/adjudicate/trick", json={
        "variant": "australian-500", "trump": "S", "contract": "7S", "plays": plays}), 422,
        "trump")


THREE_ALONE = [{"name": name, "players": [name]} for name in ("Ann", "Bo", "Cy")]
POINT_CARDS = {suit: [f"{rank}-{suit}" for rank in ("A", "3", "R", "C", "F")]
               for suit in ("coins", "cups", "swords", "clubs")}


def test_three_players_capture_at_most_three_twos(client: FlaskClient, new_game: Any) -> None:
    """RULES.md, decisions of 2026-11-27: the 39-card deck of three players lacks one 2, which
    one being the table's business."""
    game = new_game({}, sides=THREE_ALONE, variant="cinquecento")
    before = snapshot(client, game.url)
    four = [POINT_CARDS["coins"] + POINT_CARDS["cups"] + ["2-coins", "2-cups"],
            POINT_CARDS["swords"] + ["2-swords"], POINT_CARDS["clubs"] + ["2-clubs"]]
    body = assert_error(game.record({"captured": four}), 422, "captured.2.5")
    assert body["rule"] == "card_not_in_deck"
    assert "three" in body["message"] and "2" in body["message"]
    assert snapshot(client, game.url) == before
    assert_error(client.post(f"{game.url}/hands/preview", json={"captured": four}), 422,
                 "captured.2.5")
    three = [four[0], four[1], four[2][:-1]]  # any three 2s will do
    recorded = game.record({"captured": three})
    assert recorded.status_code == 201, recorded.get_json()
    assert recorded.get_json()["deltas"] == [60, 30, 30]


def test_a_two_in_a_three_player_trick_is_the_tables_business(client: FlaskClient) -> None:
    """A trick of three cards cannot show which 2 left the deck: every 2 may be played."""
    for suit in ("coins", "cups", "swords", "clubs"):
        body = client.post(f"{API}/adjudicate/trick", json={
            "variant": "cinquecento", "players": 3, "trump": None,
            "plays": [{"seat": 0, "card": f"2-{suit}"}, {"seat": 1, "card": "4-coins"},
                      {"seat": 2, "card": "5-cups"}]})
        assert body.status_code == 200, body.get_json()


@pytest.mark.parametrize(("sides", "first", "dealers"), [
    (None, 0, [3, 2, 1, 0]),
    (THREE_ALONE, 0, [2, 1, 0]),
    (THREE_ALONE, 1, [0, 2, 1]),
    ([{"name": "Ann", "players": ["Ann"]}, {"name": "Bo", "players": ["Bo"]}], 1, [0, 1])])
def test_the_deal_passes_to_the_right(client: FlaskClient, new_game: Any,
                                      sides: list[Any] | None, first: int,
                                      dealers: list[int]) -> None:
    """Seed 000 and RULES.md (decisions of 2026-11-27): seats are numbered clockwise and the
    next dealer is the seat on the dealer's right, (d − 1) mod n."""
    game = new_game({}, sides=sides, variant="cinquecento", first_dealer=first)
    assert game.state()["dealer"] == first
    points = [120] + [0] * (len(sides or [1, 2]) - 1)
    seen = []
    for _ in dealers:
        preview = client.post(f"{game.url}/hands/preview", json={"points": points}).get_json()
        recorded = game.record({"points": points}).get_json()
        assert preview["game"]["dealer"] == recorded["game"]["dealer"]
        seen.append(game.state()["dealer"])
    assert seen == dealers
    listed = client.get(f"{game.url}/hands").get_json()
    assert len(listed) == len(dealers)
