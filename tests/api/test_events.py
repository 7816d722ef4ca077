"""Server-Sent Events: a spectator's stream gets the game (or tournament) now and after each
change."""

from __future__ import annotations

import json
import queue
import threading
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from flask import Flask

from scorekeeper import create_app
from scorekeeper.extensions import db
from scorekeeper.i18n import language
from scorekeeper.services import live
from tests.api.helpers import API, assert_error
from tests.helpers import TWO_SIDES, database_url


def streaming_app(tmp_path: Path, **config: Any) -> Flask:
    return create_app({"TESTING": True, "DATABASE_URL": database_url(tmp_path),
                       "SSE_POLL_SECONDS": 0.05, "SSE_LIFETIME_SECONDS": 1.5, **config})


def followed_game(tmp_path: Path, **config: Any) -> tuple[Flask, Any, dict[str, Any]]:
    """An app whose streams last a minute with a heartbeat every 0.1 s (a phone hangs up at
    once), its client, and a new game's reply."""
    app = streaming_app(tmp_path, SSE_LIFETIME_SECONDS=60, SSE_HEARTBEAT_SECONDS=0.1, **config)
    client = app.test_client()
    body = client.post(f"{API}/games", json={"variant": "australian-500",
                                             "sides": TWO_SIDES}).get_json()
    return app, client, body


def updates(response: Any) -> list[dict[str, Any]]:
    """Every `update` event's data, read until the stream ends."""
    text = b"".join(response.response).decode()
    events = [block for block in text.split("\n\n") if block.startswith("event: update")]
    return [json.loads(line[len("data: "):]) for block in events
            for line in block.splitlines() if line.startswith("data: ")]


def test_a_spectator_sees_the_game_now_and_each_hand_as_it_is_recorded(tmp_path: Path) -> None:
    app = streaming_app(tmp_path)
    client = app.test_client()
    game = client.post(f"{API}/games", json={"variant": "australian-500", "sides": TWO_SIDES})
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
    app = streaming_app(tmp_path)
    client = app.test_client()
    assert_error(client.get(f"{API}/games/99/events"), 404)
    assert_error(client.get(f"{API}/tournaments/99/events"), 404)
    assert app.extensions["scorekeeper.live"].open_streams() == 0  # no place kept for them


class Phone(threading.Thread):
    """A phone following `path` in a thread of its own (a stream keeps its request context in
    the thread that reads it): `status`, then the ids of its `update` events as they come, until
    `hang_up()`."""

    def __init__(self, client: Any, path: str, **environ: Any) -> None:
        super().__init__(daemon=True)
        self.client, self.path, self.environ = client, path, environ
        self.answered = threading.Event()
        self.ids: queue.Queue[str] = queue.Queue()
        self.done = threading.Event()
        self.status = 0
        self.start()
        assert self.answered.wait(timeout=30)

    def run(self) -> None:
        response = self.client.get(self.path, buffered=False, environ_base=self.environ)
        self.status, self.reply = response.status_code, response
        self.answered.set()
        try:
            if self.status == 200:
                for chunk in response.response:
                    for line in chunk.decode().splitlines():
                        if line.startswith("id: "):
                            self.ids.put(line[len("id: "):])
                    if self.done.is_set():
                        return
        finally:
            response.close()

    def next_id(self) -> str:
        return self.ids.get(timeout=30)

    def hang_up(self) -> None:
        self.done.set()
        self.join(timeout=30)


def test_many_streams_get_each_change_and_each_version_is_read_once_per_language(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Thirty phones follow one game, some in French: each gets the game now and after the hand,
    and the game's view was read twice per language (two versions), not once per phone."""
    app, client, body = followed_game(tmp_path)
    read: list[str] = []
    kind = live.KINDS["games"]

    def view(game_id: int) -> tuple[str, dict[str, Any]]:
        read.append(language())
        return kind.view(game_id)

    monkeypatch.setitem(live.KINDS, "games", replace(kind, view=view))
    phones = [Phone(app.test_client(), f"{API}/games/{body['id']}/events?lang={lang}")
              for lang in ["en", "fr", "fr"] * 10]
    first = [phone.next_id() for phone in phones]
    recorded = client.post(f"{API}/games/{body['id']}/hands",
                           headers={"Authorization": f"Bearer {body['token']}"},
                           json={"bidder": 1, "bid": "7H", "tricks": [3, 7]})
    second = [phone.next_id() for phone in phones]
    for phone in phones:
        phone.hang_up()
    assert first == [f"{body['id']}-1"] * 30
    assert second == [recorded.headers["ETag"].strip('"')] * 30
    assert sorted(read) == ["en", "en", "fr", "fr"]
    assert app.extensions["scorekeeper.live"].open_streams() == 0


def test_a_waiting_stream_holds_no_database_connection(tmp_path: Path) -> None:
    app, _client, body = followed_game(tmp_path)
    phones = [Phone(app.test_client(), f"{API}/games/{body['id']}/events")
              for _ in range(12)]  # more than the pool's 5 + 5 connections
    assert [phone.next_id() for phone in phones] == [f"{body['id']}-1"] * 12
    with app.app_context():
        assert db.engine.pool.checkedout() == 0  # type: ignore[attr-defined]
    for phone in phones:
        phone.hang_up()


def test_streams_per_client_address_are_capped(tmp_path: Path) -> None:
    """Beyond the cap a stream is refused with 429 and Retry-After; a closed one frees its place."""
    app, client, body = followed_game(tmp_path, STREAMS_PER_ADDRESS=3)
    path = f"{API}/games/{body['id']}/events"
    phones = [Phone(app.test_client(), path) for _ in range(3)]
    assert [phone.status for phone in phones] == [200] * 3
    refused = client.get(path)
    assert_error(refused, 429)
    assert int(refused.headers["Retry-After"]) >= 1
    assert "at most 3" in refused.get_json()["message"]
    in_french = client.get(f"{path}?lang=fr")
    assert in_french.get_json()["message"] == ("Trop de pages en direct ouvertes depuis cette "
                                               "adresse\u00a0: 3 au plus. Fermez-en une et "
                                               "réessayez.")
    # Another address is not held back by this one.
    other = Phone(app.test_client(), path, REMOTE_ADDR="192.0.2.7")
    assert other.status == 200
    phones.pop().hang_up()
    again = Phone(app.test_client(), path)
    assert again.status == 200
    for phone in [*phones, other, again]:
        phone.hang_up()
    assert app.extensions["scorekeeper.live"].open_streams() == 0


def test_a_stream_answered_but_never_read_frees_its_place(tmp_path: Path) -> None:
    app, client, body = followed_game(tmp_path, STREAMS_PER_ADDRESS=1)
    path = f"{API}/games/{body['id']}/events"
    for _ in range(3):  # each closed unread (a client gone before the first byte)
        response = client.get(path, buffered=False)
        assert response.status_code == 200
        response.close()
    assert app.extensions["scorekeeper.live"].open_streams() == 0
