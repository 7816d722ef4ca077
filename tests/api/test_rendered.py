"""Read replies are rendered once per ETag and process, and never served under the wrong ETag."""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.api.rendered import Rendered
from scorekeeper.services import games

HAND = {"bidder": 0, "bid": "7H", "tricks": [7, 3]}


def rendered(app: Flask) -> Rendered:
    cache: Rendered = app.extensions["scorekeeper.rendered"]
    return cache


def test_a_read_is_rendered_once_and_a_write_shows_at_once(app: Flask, client: FlaskClient,
                                                           new_game: Any) -> None:
    game = new_game()
    first = client.get(game.url)
    assert client.get(game.url).get_data() == first.get_data()
    assert list(rendered(app).bodies) == [("games.Game", first.headers["ETag"], "en")]
    game.record(HAND)
    after = client.get(game.url)
    assert after.headers["ETag"] != first.headers["ETag"]
    assert (after.get_json()["hands_played"], after.get_json()["scores"]) == (1, [200, 30])
    stats = client.get(f"{game.url}/stats")
    assert stats.get_json() != after.get_json()  # one ETag, two endpoints, two bodies
    assert ("games.Stats", after.headers["ETag"], "en") in rendered(app).bodies


def test_a_write_between_version_and_load_is_kept_under_its_own_etag(
        app: Flask, client: FlaskClient, new_game: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    game = new_game()
    stale = client.get(game.url).headers["ETag"]
    rendered(app).bodies.clear()  # the older version was never rendered in this process
    game.record(HAND)
    monkeypatch.setattr(games, "game_tag", lambda _game_id: stale)  # read just before the write
    reply = client.get(game.url)
    assert reply.get_json()["hands_played"] == 1
    assert reply.headers["ETag"] != stale
    assert list(rendered(app).bodies) == [("games.Game", reply.headers["ETag"], "en")]


def test_the_least_recently_read_reply_is_dropped_first() -> None:
    cache = Rendered(size=2)
    cache.put(("e", "1", "en"), b"one")
    cache.put(("e", "2", "en"), b"two")
    assert cache.get(("e", "1", "en")) == b"one"
    cache.put(("e", "3", "en"), b"three")
    assert list(cache.bodies) == [("e", "1", "en"), ("e", "3", "en")]
    assert cache.get(("e", "2", "en")) is None


def test_a_tournament_read_is_rendered_once(app: Flask, client: FlaskClient) -> None:
    created = client.post("/api/v1/tournaments", json={
        "name": "Club", "variant": "quebec-500", "format": "quebec",
        "teams": [{"name": f"T{i}", "players": [f"a{i}", f"b{i}"]} for i in range(4)]})
    assert created.status_code == 201, created.get_json()
    url = created.headers["Location"]
    first = client.get(url)
    assert client.get(url).get_data() == first.get_data()
    assert ("tournaments.Tournament", first.headers["ETag"], "en") in rendered(app).bodies
