"""Issue 25 on the production server (gunicorn.conf.py, gevent): while the largest refused imports
are sent to a single worker (a body just under IMPORT_MAX_CONTENT_LENGTH of as many tiny hands as
fit, and 10 MB of them chunked), another client's reads of a game keep answering within 100 ms.
Before, one such body held the worker (every request on it) for seconds. A 10 MB chunked body to
an ordinary endpoint is a 413 in the documented shape.

The one timing assertion the issue asks for: the slowest of many reads, each against a 100 ms
bound that is dozens of times what a read takes on an idle server (measured first), in one of up
to three rounds (a busy machine may slow a read of any round; a held worker slows every round).

Runs on SQLite, and on PostgreSQL when TEST_DATABASE_URL points there.
"""

from __future__ import annotations

import http.client
import json
import socket
import threading
import time
from collections.abc import Callable, Iterator

from scorekeeper.limits import IMPORT_MAX_BYTES
from tests.server_helpers import Server, new_game_on

EXPORT_HEAD = ('{"format": "scorekeeper.game/1", "variant": "australian-500", "options": {}, '
               '"sides": [{"name": "A", "players": ["B"]}, {"name": "C", "players": ["D"]}], '
               '"first_dealer": 0, "created_at": "2026-11-20T19:02:11Z", '
               '"updated_at": "2026-11-20T19:02:11Z", "status": "in_progress", "winner": null, '
               '"scores": [0, 0], "history": [], "hands": [')
EXPORT_TAIL = "{}]}"
READ_BOUND_S = 0.100
ROUNDS = 3


def tiny_hands(size: int) -> bytes:
    """An import of `size` bytes at most: as many empty hands as fit."""
    hands = (size - len(EXPORT_HEAD) - len(EXPORT_TAIL)) // 3
    return (EXPORT_HEAD + "{}," * hands + EXPORT_TAIL).encode()


def in_chunks(body: bytes, size: int = 64 * 1024) -> Iterator[bytes]:
    for at in range(0, len(body), size):
        yield body[at:at + size]


def send(server: Server, path: str, body: bytes, *, chunked: bool) -> tuple[int, dict[str, str]]:
    """POST `body` and read the reply, which may come before the whole body is sent: a server
    that refuses a body unread closes the connection, so sending stops at the first error."""
    host, port = server.base.removeprefix("http://").split(":")
    with socket.create_connection((host, int(port)), timeout=120) as sock:
        framing = ("Transfer-Encoding: chunked" if chunked else f"Content-Length: {len(body)}")
        sock.sendall(f"POST {path} HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n"
                     f"Content-Type: application/json\r\n{framing}\r\n\r\n".encode())
        try:
            for piece in in_chunks(body):
                sock.sendall(b"%x\r\n%s\r\n" % (len(piece), piece) if chunked else piece)
            if chunked:
                sock.sendall(b"0\r\n\r\n")
        except OSError:  # refused unread: the reply is waiting
            pass
        response = http.client.HTTPResponse(sock)
        response.begin()
        return response.status, json.loads(response.read())


def read_times(server: Server, game: str, stop: threading.Event) -> list[float]:
    """Read the game over and over on one connection until `stop`, timing each read."""
    times = []
    connection = http.client.HTTPConnection(server.base.removeprefix("http://"), timeout=60)
    try:
        while not stop.is_set() or not times:
            started = time.perf_counter()
            connection.request("GET", game)
            response = connection.getresponse()
            response.read()
            assert response.status == 200
            times.append(time.perf_counter() - started)
            time.sleep(0.005)
    finally:
        connection.close()
    return times


def test_reads_go_on_while_the_largest_refused_imports_are_sent(
        servers: Callable[..., Server]) -> None:
    server = servers(workers=1)
    game, _auth = new_game_on(server)
    idle = threading.Event()
    idle.set()
    baseline = max(read_times(server, game, idle) for _ in range(20))[0]
    largest = tiny_hands(IMPORT_MAX_BYTES)
    assert IMPORT_MAX_BYTES - 3 <= len(largest) <= IMPORT_MAX_BYTES

    # Up to three rounds, and one within the bound is enough: another process on the machine
    # (a loaded CI runner) can slow any read, but a worker held by the imports slows them all.
    rounds = []
    for _ in range(ROUNDS):
        replies, times = reads_while_refused(server, game, largest)
        assert [status for status, _ in replies] == [422] * 4, replies
        assert all(body["code"] == 422 and body["message"] for _, body in replies)
        rounds.append(max(times))
        print(f"reads: idle {baseline * 1000:.1f} ms; while refused imports were sent, "
              f"{len(times)} reads, slowest {max(times) * 1000:.1f} ms")
        if max(times) < READ_BOUND_S:
            break
    assert min(rounds) < READ_BOUND_S, (baseline, rounds)
    assert server.call("GET", "/api/v1/games/2").status == 404  # nothing was imported


def reads_while_refused(server: Server, game: str, largest: bytes
                        ) -> tuple[list[tuple[int, dict[str, str]]], list[float]]:
    """Send the largest refused imports twice (as sized and chunked) while reading the game."""
    replies: list[tuple[int, dict[str, str]]] = []
    stop = threading.Event()

    def refused_imports() -> None:
        try:
            for _ in range(2):
                replies.append(send(server, "/api/v1/games/import", largest, chunked=False))
                replies.append(send(server, "/api/v1/games/import", tiny_hands(10_000_000),
                                    chunked=True))
        finally:
            stop.set()

    sender = threading.Thread(target=refused_imports)
    sender.start()
    times = read_times(server, game, stop)
    sender.join()
    return replies, times


def test_a_chunked_body_past_the_limit_is_a_413_on_the_real_server(
        servers: Callable[..., Server]) -> None:
    server = servers(workers=1)
    status, body = send(server, "/api/v1/games", b" " * 10_000_000, chunked=True)
    assert (status, body["code"], body["status"]) == (413, 413, "Request Entity Too Large")
    assert body["message"] == ("The body is larger than 262144 bytes, the most this endpoint "
                               "takes.")
    assert server.call("GET", "/api/v1/variants").status == 200
