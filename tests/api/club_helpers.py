"""Shared by the club tests: a club made through the API, its players, and its games."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from flask.testing import FlaskClient

from tests.api.helpers import API, GAMES

CLUBS = f"{API}/clubs"


@dataclass
class ClubHandle:
    id: int
    admin: str
    member: str
    recovery_code: str

    @property
    def url(self) -> str:
        return f"{CLUBS}/{self.id}"


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def new_club(client: FlaskClient, **body: Any) -> ClubHandle:
    made = client.post(CLUBS, json={"name": "Club de la Rive", **body})
    assert made.status_code == 201, made.get_json()
    data = made.get_json()
    return ClubHandle(data["id"], data["token"], data["member_token"], data["recovery_code"])


def add_player(client: FlaskClient, club: ClubHandle, name: str, **body: Any) -> int:
    made = client.post(f"{club.url}/players", json={"name": name, **body},
                       headers=bearer(club.admin))
    assert made.status_code == 201, made.get_json()
    player: int = made.get_json()["id"]
    return player


def club_game(client: FlaskClient, club: ClubHandle, players: list[Any]) -> dict[str, Any]:
    """A four-handed Australian game in the club: `players` in seat order (0, 1, 2, 3)."""
    sides = [{"name": "North-South", "players": [players[0], players[2]]},
             {"name": "East-West", "players": [players[1], players[3]]}]
    made = client.post(GAMES, json={"variant": "australian-500", "sides": sides,
                                    "club": club.id}, headers={"X-Club-Token": club.member})
    assert made.status_code == 201, made.get_json()
    game: dict[str, Any] = made.get_json()
    return game


def seated(name: str, player: int) -> dict[str, Any]:
    return {"name": name, "player": player}
