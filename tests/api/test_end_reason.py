"""A finished game says why it ended (`end_reason`) on the game, and in a hand reply's `game`."""

from __future__ import annotations

from typing import Any


def test_end_reason_is_null_in_play_and_target_when_reached(new_game: Any) -> None:
    game = new_game({"target": 300})
    first = game.record({"bidder": 0, "bid": "7S", "tricks": [7, 3]}).get_json()
    assert first["game"]["end_reason"] is None
    assert game.state()["end_reason"] is None
    last = game.record({"bidder": 0, "bid": "7H", "tricks": [7, 3]}).get_json()
    assert last["game"]["status"] == "finished" and last["game"]["end_reason"] == "target"
    assert game.state()["end_reason"] == "target"


def test_end_reason_back_door(new_game: Any) -> None:
    game = new_game({"lose_at": -200})
    last = game.record({"bidder": 0, "bid": "10H", "tricks": [2, 8]}).get_json()
    assert last["explanation"][-1] == ("North-South went out the back door; East-West wins the "
                                       "game")
    assert last["game"]["end_reason"] == "back_door"
    assert game.state()["end_reason"] == "back_door"


def test_correcting_the_last_hand_clears_the_end_reason(new_game: Any) -> None:
    game = new_game({"lose_at": -200})
    game.record({"bidder": 0, "bid": "10H", "tricks": [2, 8]})
    fixed = game.client.put(f"{game.url}/hands/1", json={"bidder": 0, "bid": "7H",
                                                         "tricks": [7, 3]},
                            headers=game.auth()).get_json()
    assert fixed["game"]["end_reason"] is None and game.state()["end_reason"] is None
