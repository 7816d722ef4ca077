"""Writers of one SQLite file take turns: one at a time across threads and processes, the turn
given back after every write, refused or not, and never waited for past the busy timeout."""

from __future__ import annotations

import fcntl
import os
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any

import pytest
from flask import Flask

from scorekeeper.extensions import WritersTurn, db
from scorekeeper.services import games
from tests.helpers import SHARED_DATABASE, TWO_SIDES, GameHandle

pytestmark = pytest.mark.skipif(SHARED_DATABASE is not None,
                                reason="turns are for SQLite files; other databases lock rows")

HAND = {"bidder": 0, "bid": "6S", "tricks": [6, 4]}


def database_of(app: Flask) -> str:
    with app.app_context():
        database = db.engine.url.database
    assert database
    return database


def turn_is_free(database: str) -> bool:
    """No thread of this process and no process holds the turn."""
    if WritersTurn._threads.get(database, threading.Lock()).locked():
        return False
    probe = os.open(f"{database}.writers", os.O_CREAT | os.O_RDWR, 0o600)
    try:
        fcntl.flock(probe, fcntl.LOCK_EX | fcntl.LOCK_NB)
        return True
    except BlockingIOError:
        return False
    finally:
        os.close(probe)


def taken_in_thread(database: str, timeout_s: float) -> tuple[threading.Thread, threading.Event]:
    """Take a turn in another thread; the event is set once it has it (then it gives it back)."""
    taken = threading.Event()

    def take() -> None:
        with WritersTurn(database, timeout_s):
            taken.set()

    thread = threading.Thread(target=take)
    thread.start()
    return thread, taken


@pytest.mark.parametrize(("case", "expected"), [
    ("recorded", 201), ("no token", 401), ("wrong token", 403), ("unknown game", 404),
    ("stale If-Match", 412), ("illegal hand", 422), ("replayed", 201), ("corrected", 200),
    ("undone", 200), ("game over", 409)])
def test_every_write_gives_the_turn_back(app: Flask, new_game: Any, case: str,
                                         expected: int) -> None:
    game: GameHandle = new_game()
    game.record(HAND, **{"Idempotency-Key": "k"})
    url, headers = f"{game.url}/hands", game.auth()
    body: dict[str, Any] = HAND
    method = "post"
    if case == "no token":
        headers = {}
    elif case == "wrong token":
        headers = {"Authorization": "Bearer not-this-game"}
    elif case == "unknown game":
        url = "/api/v1/games/999/hands"
    elif case == "stale If-Match":
        headers = game.auth(**{"If-Match": '"1-0"'})
    elif case == "illegal hand":
        body = {"bidder": 0, "bid": "6S", "tricks": [6, 6]}
    elif case == "replayed":
        headers = game.auth(**{"Idempotency-Key": "k"})
    elif case == "corrected":
        method, url = "put", f"{game.url}/hands/1"
    elif case == "undone":
        method, url, body = "delete", f"{game.url}/hands/1", {}
    elif case == "game over":
        assert game.record({"bidder": 0, "bid": "10NT", "tricks": [10, 0]}).status_code == 201
    send = getattr(game.client, method)
    response = send(url, json=body, headers=headers) if body else send(url, headers=headers)
    assert response.status_code == expected, response.get_json()
    assert turn_is_free(database_of(app))


NEW_GAME = {"variant": "australian-500", "sides": TWO_SIDES}
NEW_TOURNAMENT = {"name": "Cup", "variant": "quebec-500", "format": "quebec", "teams": [
    {"name": f"Team {n}", "players": [f"P{n}a", f"P{n}b"]} for n in range(4)]}


@pytest.mark.parametrize("what", ["game", "imported game", "tournament"])
def test_new_rows_wait_their_turn_too(app: Flask, new_game: Any, what: str) -> None:
    client = app.test_client()
    if what == "imported game":
        game: GameHandle = new_game()
        game.record(HAND)
        url, body = "/api/v1/games/import", client.get(f"{game.url}/export").get_json()
    else:
        url, body = f"/api/v1/{what}s", NEW_GAME if what == "game" else NEW_TOURNAMENT
    database = database_of(app)
    replies: list[int] = []
    with WritersTurn(database, timeout_s=30):
        thread = threading.Thread(
            target=lambda: replies.append(app.test_client().post(url, json=body).status_code))
        thread.start()
        thread.join(0.3)
        assert replies == []  # it waits while another writer has the turn ...
    thread.join(10)
    assert replies == [201]  # ... and is written once it ends
    assert turn_is_free(database)


def test_a_refused_quota_gives_the_turn_back(tmp_path: Path) -> None:
    from scorekeeper import create_app

    app = create_app({"TESTING": True, "DATABASE_URL": f"sqlite:///{tmp_path / 'q.sqlite'}",
                      "WRITE_LIMIT": "1/hour"})
    client = app.test_client()
    assert [client.post("/api/v1/games", json=NEW_GAME).status_code
            for _ in range(2)] == [201, 429]
    assert turn_is_free(database_of(app))


def test_threads_of_one_process_take_turns(tmp_path: Path) -> None:
    database = str(tmp_path / "turns.sqlite")
    with WritersTurn(database, timeout_s=30):
        thread, taken = taken_in_thread(database, timeout_s=30)
        assert not taken.wait(0.2)  # it waits while this turn lasts ...
    thread.join(10)
    assert taken.is_set()  # ... and has it once the turn ends
    assert turn_is_free(database)


def test_processes_take_turns(tmp_path: Path) -> None:
    database = str(tmp_path / "turns.sqlite")
    with subprocess.Popen(
            [sys.executable, "-c", "import fcntl, os, sys; "
             f"f = os.open({database + '.writers'!r}, os.O_CREAT | os.O_RDWR); "
             "fcntl.flock(f, fcntl.LOCK_EX); print('holding', flush=True); sys.stdin.readline()"],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True) as holder:
        assert holder.stdout is not None and holder.stdin is not None
        assert holder.stdout.readline() == "holding\n"
        thread, taken = taken_in_thread(database, timeout_s=30)
        assert not taken.wait(0.2)  # another process has the turn
        holder.stdin.write("done\n")
        holder.stdin.flush()
        thread.join(10)
        assert taken.is_set()
    assert turn_is_free(database)


def test_a_writer_waits_no_longer_than_the_busy_timeout(tmp_path: Path) -> None:
    """Past the timeout it goes on without the turn, to SQLite's own lock, which then decides."""
    database = str(tmp_path / "turns.sqlite")
    with WritersTurn(database, timeout_s=30):
        thread, taken = taken_in_thread(database, timeout_s=0.05)
        thread.join(10)
        assert taken.is_set()


def test_no_turn_for_an_in_memory_database() -> None:
    with WritersTurn(None, timeout_s=0) as turn:
        turn.end()  # ending twice is harmless


def test_a_write_that_finds_the_game_moved_on_is_made_again_once(
        app: Flask, new_game: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """The row lock makes a lost update impossible; should a write all the same find the version
    it read gone (a writer that went on without its turn), it is rolled back and made again."""
    game: GameHandle = new_game()
    assert game.record(HAND).status_code == 201
    before = game.client.get(game.url).headers["ETag"]
    read = games.get_game
    loads = []

    def stale_first(game_id: int, *, lock: bool = False) -> Any:
        record = read(game_id, lock=lock)
        loads.append(record.version)
        if lock and len(loads) == 1:
            record.version -= 1  # as if read before the last write
        return record

    monkeypatch.setattr(games, "get_game", stale_first)
    response = game.record(HAND)
    assert response.status_code == 201
    assert len(loads) == 2
    assert response.get_json()["number"] == 2
    hands = game.client.get(f"{game.url}/hands").get_json()
    assert [h["number"] for h in hands] == [1, 2]
    history = game.client.get(f"{game.url}/history").get_json()
    assert [(c["number"], c["action"]) for c in history] == [(1, "recorded"), (2, "recorded")]
    assert before != response.headers["ETag"] == game.client.get(game.url).headers["ETag"]
    assert turn_is_free(database_of(app))
