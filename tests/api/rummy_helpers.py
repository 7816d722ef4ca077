"""Rummy 500 games through the API, shared by test_rummy and test_hand_outcome: the seats, a
game made with the new_game fixture, and hands in the quick and the full form."""

from __future__ import annotations

from typing import Any

NAMES = ("Ann", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal", "Ivy")


def seats(count: int) -> list[dict[str, Any]]:
    """Rummy is played alone: one side per player, named after the player."""
    return [{"name": name, "players": [name]} for name in NAMES[:count]]


def make(new_game: Any, players: int = 3, first_dealer: int = 0, **options: Any) -> Any:
    return new_game(options, sides=seats(players), variant="rummy-500",
                    first_dealer=first_dealer)


def quick(*entries: tuple[int, int] | tuple[int, int, bool]) -> dict[str, Any]:
    """A quick-form hand: (meld_points, hand_points[, went_out]) per player."""
    players = []
    for entry in entries:
        player: dict[str, Any] = {"meld_points": entry[0], "hand_points": entry[1]}
        if len(entry) == 3:
            player["went_out"] = entry[2]
        players.append(player)
    return {"players": players}


def full(*entries: dict[str, Any]) -> dict[str, Any]:
    return {"players": list(entries)}


def record(game: Any, hand: dict[str, Any]) -> dict[str, Any]:
    response = game.record(hand)
    assert response.status_code == 201, response.get_json()
    body: dict[str, Any] = response.get_json()
    return body
