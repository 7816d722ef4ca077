"""A small client for the tournaments API, shared by test_tournaments and test_tournament_machine.

Tests speak in draw numbers where they can: `team(n)` is the index of the team that drew n."""

from __future__ import annotations

import csv
import io
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from flask.testing import FlaskClient

from tests.api.helpers import API

TOURNAMENTS = f"{API}/tournaments"
VARIANT_OF = {"rummy_tables": "rummy-500"}


def teams_body(n: int, players: int = 2, prefix: str = "Team") -> list[dict[str, Any]]:
    return [{"name": f"{prefix} {i}", "players": [f"P{i}.{j}" for j in range(players)]}
            for i in range(n)]


def create_body(n: int, fmt: str = "quebec", variant: str | None = None,
                options: Mapping[str, Any] | None = None, **extra: Any) -> dict[str, Any]:
    variant = variant or VARIANT_OF.get(fmt, "quebec-500")
    body: dict[str, Any] = {"name": f"{fmt} of {n}", "variant": variant, "format": fmt,
                            "teams": teams_body(n, 1 if fmt == "rummy_tables" else 2)}
    if options is not None:
        body["options"] = dict(options)
    body.update(extra)
    return body


class Tourney:
    """A created tournament, its organizer token, and the writes an organizer sends."""

    def __init__(self, client: FlaskClient, created: dict[str, Any]) -> None:
        self.client = client
        self.id: int = created["id"]
        self.token: str = created["token"]
        self.url = f"{TOURNAMENTS}/{self.id}"
        self.created = created

    @classmethod
    def create(cls, client: FlaskClient, n: int, fmt: str = "quebec", **kwargs: Any) -> Tourney:
        response = client.post(TOURNAMENTS, json=create_body(n, fmt, **kwargs))
        assert response.status_code == 201, response.get_json()
        return cls(client, response.get_json())

    # -- headers -------------------------------------------------------------------------------

    def auth(self, token: str | None = None, **extra: str) -> dict[str, str]:
        return {"Authorization": f"Bearer {token or self.token}", **extra}

    # -- writes --------------------------------------------------------------------------------

    def draw(self, seed: int | None = 2024, token: str | None = None, **headers: str) -> Any:
        body = {} if seed is None else {"seed": seed}
        return self.client.post(f"{self.url}/draw", json=body,
                                headers=self.auth(token, **headers))

    def report(self, match: str, body: Any, token: str | None = None, **headers: str) -> Any:
        """POST a game: `body` as JSON, or a list of scores (sent as {"scores": [...]})."""
        if isinstance(body, list | tuple):
            body = {"scores": list(body)}
        return self.client.post(f"{self.url}/matches/{match}/games", json=body,
                                headers=self.auth(token, **headers))

    def correct(self, match: str, number: int, body: Any, cascade: str | None = None,
                token: str | None = None, **headers: str) -> Any:
        """PUT game `number`: `body` as in report; `cascade` is sent as the query's value."""
        if isinstance(body, list | tuple):
            body = {"scores": list(body)}
        query = "" if cascade is None else f"?cascade={cascade}"
        return self.client.put(f"{self.url}/matches/{match}/games/{number}{query}", json=body,
                               headers=self.auth(token, **headers))

    def advance(self, token: str | None = None, **headers: str) -> Any:
        return self.client.post(f"{self.url}/advance", headers=self.auth(token, **headers))

    def scorer(self, match: str, token: str | None = None) -> Any:
        return self.client.post(f"{self.url}/matches/{match}/scorers",
                                headers=self.auth(token))

    # -- reads ---------------------------------------------------------------------------------

    def get(self) -> dict[str, Any]:
        response = self.client.get(self.url)
        assert response.status_code == 200, response.get_json()
        body: dict[str, Any] = response.get_json()
        return body

    def bracket(self) -> dict[str, Any]:
        response = self.client.get(f"{self.url}/bracket")
        assert response.status_code == 200, response.get_json()
        body: dict[str, Any] = response.get_json()
        return body

    def csv_rows(self) -> list[list[str]]:
        response = self.client.get(f"{self.url}/standings.csv")
        assert response.status_code == 200
        assert response.mimetype == "text/csv"
        return list(csv.reader(io.StringIO(response.get_data(as_text=True))))

    def snapshot(self) -> dict[str, Any]:
        """Everything a refused write must leave alone."""
        response = self.client.get(self.url)
        body = response.get_json()
        state = {"tournament": body, "etag": response.headers["ETag"],
                 "csv": self.client.get(f"{self.url}/standings.csv").get_data(as_text=True)}
        if body["seed"] is not None:
            state["bracket"] = self.bracket()
        return state

    # -- draw numbers --------------------------------------------------------------------------

    def numbers(self) -> dict[int, int]:
        """team index → drawn number."""
        return {t["team"]: t["number"] for t in self.get()["teams"]}

    def team(self, number: int) -> int:
        return next(t for t, n in self.numbers().items() if n == number)

    def match(self, key: str) -> dict[str, Any]:
        return find_match(self.get(), key)

    def by_number(self, key: str, scores: Mapping[int, int], **kwargs: Any) -> Any:
        """Report a game with scores given by draw number; checks the 201."""
        numbers = self.numbers()
        match = self.match(key)
        ordered = [scores[numbers[team]] for team in match["teams"]]
        response = self.report(key, ordered, **kwargs)
        assert response.status_code == 201, response.get_json()
        return response


def find_match(body: Mapping[str, Any], key: str) -> dict[str, Any]:
    for round_ in body["rounds"]:
        for match in round_["matches"]:
            if match["id"] == key:
                result: dict[str, Any] = match
                return result
    raise AssertionError(f"no match {key}")


def all_matches(body: Mapping[str, Any]) -> list[dict[str, Any]]:
    return [m for r in body["rounds"] for m in r["matches"]]


def pairs_in_numbers(body: Mapping[str, Any], round_index: int) -> list[tuple[int, ...]]:
    numbers = {t["team"]: t["number"] for t in body["teams"]}
    return [tuple(numbers[t] for t in m["teams"]) for m in body["rounds"][round_index]["matches"]]


def standings_rows(body: Mapping[str, Any]) -> list[tuple[int, ...]]:
    """(rank, number, played, won, lost, points, scored, against) for each standing."""
    return [(s["rank"], s["number"], s["played"], s["won"], s["lost"], s["points"], s["scored"],
             s["against"]) for s in body["standings"]]


def same_team_sequence(body: Mapping[str, Any], numbers: Sequence[int]) -> list[int]:
    by_number = {t["number"]: t["team"] for t in body["teams"]}
    return [by_number[n] for n in numbers]


Favourite = Callable[[list[int], dict[int, int]], int]


def lower(teams: list[int], numbers: dict[int, int]) -> int:
    """The team with the lower drawn number."""
    return min(teams, key=numbers.__getitem__)


def play_out(tourney: Tourney, favourite: Favourite = lower) -> dict[str, Any]:
    """Report every open match (the favourite winning each game) and advance until the tournament
    is finished (no placings before that); its final view."""
    for _ in range(60):
        body = tourney.get()
        if body["status"] == "finished":
            return body
        assert body["placings"] == []
        numbers = {t["team"]: t["number"] for t in body["teams"]}
        for round_ in body["rounds"]:
            for match in round_["matches"]:
                if match["kind"] == "bye" or match["status"] == "complete":
                    continue
                best = favourite(match["teams"], numbers)
                while tourney.match(match["id"])["status"] != "complete":
                    scores = [300 if team == best else 100 for team in match["teams"]]
                    assert tourney.report(match["id"], scores).status_code == 201
        if tourney.get()["can_advance"]:
            assert tourney.advance().status_code == 200
    raise AssertionError("the tournament did not finish")


FIVE_SEED = 20240615


def five_qualified(client: FlaskClient, **options: Any) -> Tourney:
    """Five Quebec teams drawn with FIVE_SEED, the qualifying played (ranking 1 3 5 4 2 by draw
    number: the lower number wins all five games of 1-2 and 3-4, 5 has the bye) and advanced: the
    semis (1, 4) and (3, 5) are built."""
    t = Tourney.create(client, 5, options=options or None)
    assert t.draw(FIVE_SEED).status_code == 200
    for m in (1, 2):
        low, high = 2 * m - 1, 2 * m
        for _ in range(5):
            t.by_number(f"r1m{m}", {low: 200 - low, high: high})
    assert t.advance().status_code == 200
    return t
