"""A reported game removed from the desk (DELETE .../matches/{m}/games/{n}): the organizer's,
previewed first, the match's later games moved up, the rounds built on it rebuilt only with
?cascade=true."""

from __future__ import annotations

from typing import Any

from flask.testing import FlaskClient

from tests.api.helpers import assert_error
from tests.api.tournament_helpers import Tourney, five_qualified


def remove(t: Tourney, match: str, number: int, query: str = "", token: str | None = None,
           **headers: str) -> Any:
    return t.client.delete(f"{t.url}/matches/{match}/games/{number}{query}",
                           headers=t.auth(token, **headers))


def test_a_removed_game_moves_the_later_ones_up(client: FlaskClient) -> None:
    t = Tourney.create(client, 4)
    assert t.draw().status_code == 200
    for scores in ([300, 100], [100, 300], [250, 200]):
        assert t.report("r1m1", scores).status_code == 201
    done = remove(t, "r1m1", 2)
    assert done.status_code == 200, done.get_json()
    assert [(r["number"], r["scores"]) for r in t.match("r1m1")["results"]] == [
        (1, [300, 100]), (2, [250, 200])]
    assert done.get_json()["match"]["results"] == t.match("r1m1")["results"]
    assert_error(remove(t, "r1m1", 3), 404)


def test_only_the_organizer_removes_a_game(client: FlaskClient) -> None:
    t = Tourney.create(client, 4)
    assert t.draw().status_code == 200
    assert t.report("r1m1", [300, 100]).status_code == 201
    scorer = t.scorer("r1m1").get_json()["token"]
    before = t.snapshot()
    assert_error(remove(t, "r1m1", 1, token=scorer), 403)
    assert t.snapshot() == before


def test_removing_a_game_a_later_round_was_built_on_is_previewed_then_cascaded(
        client: FlaskClient) -> None:
    t = five_qualified(client)
    t.by_number("r2m1", {1: 30, 4: 10})
    before = t.snapshot()
    assert_error(remove(t, "r1m1", 1), 409)
    assert t.snapshot() == before
    shown = remove(t, "r1m1", 1, "?preview=true&cascade=true")
    assert shown.status_code == 200, shown.get_json()
    seen = shown.get_json()
    assert seen["preview"] is True and len(seen["match"]["results"]) == 4
    assert "standings" in seen
    assert t.snapshot() == before  # a preview stores nothing
    done = remove(t, "r1m1", 1, "?cascade=true")
    assert done.status_code == 200, done.get_json()
    real = done.get_json()
    assert {k: v for k, v in seen.items() if k not in ("preview", "standings")} == {
        k: v for k, v in real.items() if k != "preview"}
    # The qualifying match is open again: the semi-finals it fed are gone with their game.
    assert t.match("r1m1")["status"] != "complete"
    assert len(t.get()["rounds"]) == 1
    assert real["dropped"] == [{"match": "r2m1", "number": 1}]


def test_a_deal_of_the_score_sheet_is_removed_on_the_sheet(client: FlaskClient) -> None:
    t = Tourney.create(client, 4)
    assert t.draw().status_code == 200
    game = client.post(f"{t.url}/matches/r1m1/sheet", headers=t.auth()).get_json()
    assert client.post(f"/api/v1/games/{game['id']}/hands",
                       json={"bidder": 0, "bid": "7H", "tricks": [8, 2]},
                       headers={"Authorization": f"Bearer {game['token']}"}).status_code == 201
    before = t.snapshot()
    assert_error(remove(t, "r1m1", 1), 409)
    assert t.snapshot() == before
