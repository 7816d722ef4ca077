"""Server-Sent Events: a spectator's stream gets the game (or tournament) now and after each
change."""

from __future__ import annotations

import json
import threading
import time
from pathlib import Path
from typing import Any

from flask import Flask

from scorekeeper import create_app
from tests.api.helpers import API, assert_error
from tests.conftest import FOUR, database_url


def streaming_app(tmp_path: Path) -> Flask:
    return create_app({"TESTING": True, "DATABASE_URL": database_url(tmp_path),
                       "SSE_POLL_SECONDS": 0.05, "SSE_LIFETIME_SECONDS": 1.5})


def updates(response: Any) -> list[dict[str, Any]]:
    """Every `update` event's data, read until the stream ends."""
    text = b"".join(response.response).decode()
    events = [block for block in text.split("\n\n") if block.startswith("event: update")]
    return [json.loads(line[len("data: "):]) for block in events
            for line in block.splitlines() if line.startswith("data: ")]


def test_a_spectator_sees_the_game_now_and_each_hand_as_it_is_recorded(tmp_path: Path) -> None:
    app = streaming_app(tmp_path)
    client = app.test_client()
    game = client.post(f"{API}/games", json={"variant": "australian-500", "sides": FOUR})
    body = game.get_json()
    auth = {"Authorization": f"Bearer {body['token']}"}

    def scorer() -> None:
        time.sleep(0.3)
        app.test_client().post(f"{API}/games/{body['id']}/hands", headers=auth,
                               json={"bidder": 1, "bid": "7H", "tricks": [3, 7]})

    thread = threading.Thread(target=scorer)
    thread.start()
    response = client.get(f"{API}/games/{body['id']}/events", buffered=False)
    assert response.status_code == 200
    assert response.mimetype == "text/event-stream"
    assert response.headers["Cache-Control"] == "no-cache"
    seen = updates(response)
    thread.join()
    assert [update["scores"] for update in seen] == [[0, 0], [30, 200]]
    assert seen[-1]["hands_played"] == 1


def test_a_tournament_streams_too(tmp_path: Path) -> None:
    client = streaming_app(tmp_path).test_client()
    created = client.post(f"{API}/tournaments", json={
        "name": "Club", "variant": "quebec-500", "format": "quebec",
        "teams": [{"name": n, "players": [f"{n}1", f"{n}2"]} for n in "ABC"]}).get_json()
    seen = updates(client.get(f"{API}/tournaments/{created['id']}/events", buffered=False))
    assert [update["status"] for update in seen] == ["registered"]


def test_no_stream_for_an_unknown_game(tmp_path: Path) -> None:
    client = streaming_app(tmp_path).test_client()
    assert_error(client.get(f"{API}/games/99/events"), 404)
    assert_error(client.get(f"{API}/tournaments/99/events"), 404)


def test_a_stream_builds_the_view_only_when_the_version_moved(tmp_path: Path) -> None:
    app = create_app({"TESTING": True, "DATABASE_URL": database_url(tmp_path),
                      "SSE_POLL_SECONDS": 0, "SSE_LIFETIME_SECONDS": 60})
    from scorekeeper.services import events

    polls: list[str] = []
    built: list[str] = []

    def tag() -> str:  # the version moves after 50 polls
        polls.append('"1-1"' if len(polls) < 50 else '"1-2"')
        return polls[-1]

    def build() -> tuple[str, dict[str, Any]]:
        built.append(polls[-1])
        return polls[-1], {}

    with app.app_context():
        stream = events.stream(tag, build)
        sent = [next(stream) for _ in range(3)]
    assert [line.split("\n")[1] for line in sent[1:]] == ["id: 1-1", "id: 1-2"]
    assert len(polls) == 51 and built == ['"1-1"', '"1-2"']
