"""Shared by the webhook tests: a tiny endpoint that keeps what it receives, and a club whose
games finish in one hand."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from flask.testing import FlaskClient

from tests.api.club_helpers import ClubHandle, bearer, club_game
from tests.api.helpers import hand

FINISHING = hand(0, "10NT", [10, 0])  # 520 at once: the game is over


@dataclass
class Receiver:
    """Answers each POST with the next of `answers` (then 200). An idempotent receiver: a
    message is processed the first time its `webhook-id` comes, a later copy is only counted.
    With `stall_first`, the first request is processed, then held until `release` is set."""

    answers: list[int] = field(default_factory=list)
    stall_first: bool = False
    received: list[tuple[dict[str, str], str]] = field(default_factory=list)
    processed: dict[str, int] = field(default_factory=dict)  # webhook-id: times processed
    arrivals: dict[str, int] = field(default_factory=dict)  # webhook-id: times received
    stalled: threading.Event = field(default_factory=threading.Event)
    release: threading.Event = field(default_factory=threading.Event)
    lock: threading.Lock = field(default_factory=threading.Lock)
    url: str = ""

    def take(self, headers: dict[str, str], body: str) -> int:
        with self.lock:
            self.received.append((headers, body))
            msg = headers.get("webhook-id", "")
            self.arrivals[msg] = self.arrivals.get(msg, 0) + 1
            if msg not in self.processed:
                self.processed[msg] = 1
            stall = self.stall_first and not self.stalled.is_set()
            if stall:
                self.stalled.set()
            status = self.answers.pop(0) if self.answers else 200
        if stall:
            self.release.wait(30)
        return status


@contextmanager
def receiving(receiver: Receiver) -> Iterator[Receiver]:
    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            body = self.rfile.read(int(self.headers.get("Content-Length", "0"))).decode()
            status = receiver.take({k.lower(): v for k, v in self.headers.items()}, body)
            try:
                self.send_response(status)
                self.send_header("Content-Length", "0")
                self.end_headers()
            except OSError:
                pass  # the sender is gone (killed mid-delivery)

        def log_message(self, *args: Any) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    receiver.url = f"http://127.0.0.1:{server.server_address[1]}/hook"
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield receiver
    finally:
        receiver.release.set()
        server.shutdown()
        server.server_close()


def register(client: FlaskClient, club: ClubHandle, url: str,
             events: list[str] | None = None) -> dict[str, Any]:
    made = client.post(f"{club.url}/webhooks", headers=bearer(club.admin), json={
        "url": url, "events": events or ["game.finished"]})
    assert made.status_code == 201, made.get_json()
    body: dict[str, Any] = made.get_json()
    return body


def finished_game(client: FlaskClient, club: ClubHandle) -> dict[str, Any]:
    """A club game, finished by its first hand."""
    game = club_game(client, club, ["Ann", "Bo", "Cy", "Di"])
    done = client.post(f"/api/v1/games/{game['id']}/hands", json=FINISHING,
                       headers=bearer(game["token"]))
    assert done.status_code == 201, done.get_json()
    return game
