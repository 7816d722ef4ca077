"""The real server: gunicorn as gunicorn.conf.py sets it up (gevent workers; and two app servers
on one database), threads hitting one game over HTTP, hundreds of live pages open meanwhile. With
If-Match exactly one of two racing writes wins; without it every hand is stored once and numbered
without gaps; retries with one Idempotency-Key store one hand; the write limit holds across
workers; every live page gets every change; never a 5xx, never a traceback in the server's log.

Runs on SQLite, and on PostgreSQL when TEST_DATABASE_URL points there.
"""

from __future__ import annotations

import http.client
import json
import selectors
import socket
import threading
import time
import urllib.error
import urllib.request
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy

from scorekeeper.extensions import WritersTurn
from tests.helpers import SHARED_DATABASE, TWO_SIDES, database_url, in_threads
from tests.server_helpers import Server, new_game_on, start

HAND = {"bidder": 0, "bid": "6S", "tricks": [6, 4]}


def test_the_first_start_on_an_empty_database_always_boots(tmp_path: Path,
                                                          empty_database: str) -> None:
    """The README's production command on a new database, ten times: both workers migrate on
    start (one at a time; the second finds the schema done), boot and answer."""
    postgresql = empty_database.startswith("postgresql")
    for attempt in range(10):
        if postgresql:
            empty(empty_database)
        url = empty_database if postgresql else f"sqlite:///{tmp_path / f'new-{attempt}.sqlite'}"
        log = first_start(url, tmp_path / f"pids-{attempt}.log")
        for sign in ("Worker failed to boot", "Traceback", "[ERROR]"):
            assert sign not in log, f"start {attempt}:\n{log}"


def first_start(url: str, pids: Path) -> str:
    """Start the server with auto-migrate on, ask until both workers have answered, stop it:
    its log."""
    # Each request's worker (its process id) goes to the access log.
    server = start(url, migrated=False,
                   GUNICORN_CMD_ARGS=f"--access-logfile {pids} --access-logformat %(p)s")
    try:
        answered: set[str] = set()
        deadline = time.monotonic() + 30
        while len(answered) < 2 and time.monotonic() < deadline:
            statuses = in_threads(8, lambda _i: status_of(server, "/api/v1/variants"))
            assert statuses == [200] * 8, f"{statuses}\n" + "".join(server.log)
            answered = set(pids.read_text().split())
        assert len(answered) == 2, f"only {answered} answered\n" + "".join(server.log)
    finally:
        server.process.terminate()
        server.process.wait(timeout=30)
        assert server.reader is not None and server.process.stderr is not None
        server.reader.join()
        server.process.stderr.close()
    return "".join(server.log)


def status_of(server: Server, path: str) -> int | str:
    """A GET's status, or why there was none (the server is down)."""
    try:
        return server.call("GET", path).status
    except OSError as error:
        return repr(error)


def empty(url: str) -> None:
    """A PostgreSQL database back to nothing: no table, type, trigger or Alembic revision."""
    engine = sqlalchemy.create_engine(url)
    with engine.begin() as connection:
        connection.exec_driver_sql("DROP SCHEMA public CASCADE; CREATE SCHEMA public")
    engine.dispose()


def test_of_two_writes_with_one_if_match_exactly_one_wins(servers: Callable[..., Server]) -> None:
    server = servers()
    game, auth = new_game_on(server)
    for round_ in range(10):
        etag = server.call("GET", game).headers["ETag"]
        replies = in_threads(2, lambda _i, etag=etag: server.call(
            "POST", f"{game}/hands", HAND, **auth, **{"If-Match": etag}))
        assert sorted(r.status for r in replies) == [201, 412], [r.body for r in replies]
        winner = next(r for r in replies if r.status == 201)
        assert winner.body["number"] == round_ + 1
    assert server.call("GET", game).body["hands_played"] == 10


def test_many_writers_store_every_hand_once_numbered_without_gaps(
        servers: Callable[..., Server]) -> None:
    # Two app servers on one database, as a league deployment would run them.
    first, second = servers(), servers()
    game, auth = new_game_on(first)

    def write(i: int) -> list[int]:
        server = (first, second)[i % 2]
        return [server.call("POST", f"{game}/hands", HAND, **auth).status for _ in range(6)]

    statuses = [s for batch in in_threads(8, write) for s in batch]
    assert statuses == [201] * 48
    hands = first.call("GET", f"{game}/hands").body
    assert [h["number"] for h in hands] == list(range(1, 49))
    state = second.call("GET", game).body
    assert (state["hands_played"], state["scores"]) == (48, [40 * 48, 40 * 48])


def test_retries_with_one_idempotency_key_store_one_hand(servers: Callable[..., Server]) -> None:
    server = servers()
    game, auth = new_game_on(server)
    for key in ("retry-1", "retry-2", "retry-3"):
        replies = in_threads(8, lambda _i, key=key: server.call(
            "POST", f"{game}/hands", HAND, **auth, **{"Idempotency-Key": key}))
        assert [r.status for r in replies] == [201] * 8
        assert len({json.dumps(r.body, sort_keys=True) for r in replies}) == 1
        replayed = Counter(r.headers.get("Idempotent-Replayed") for r in replies)
        assert replayed == {None: 1, "true": 7}
    hands = server.call("GET", f"{game}/hands").body
    assert [h["number"] for h in hands] == [1, 2, 3]


def test_the_write_limit_holds_across_workers(servers: Callable[..., Server]) -> None:
    server = servers(SCOREKEEPER_WRITE_LIMIT="10/hour")  # no slow machine refills it mid-test
    body = {"variant": "australian-500", "sides": TWO_SIDES}
    replies = in_threads(8, lambda _i: [server.call("POST", "/api/v1/games", body)
                                        for _ in range(3)])
    flat = [r for batch in replies for r in batch]
    assert Counter(r.status for r in flat) == {201: 10, 429: 14}
    # No one is told to wait longer than one interval (an hour / 10).
    assert all(1 <= int(r.headers["Retry-After"]) <= 360 for r in flat if r.status == 429)
    ids = sorted(r.body["id"] for r in flat if r.status == 201)
    assert ids == list(range(1, 11))
    assert server.call("GET", "/api/v1/games/11").status == 404


def test_hundreds_of_live_pages_see_every_hand_while_the_writes_go_in(
        servers: Callable[..., Server]) -> None:
    """400 phones follow one game (no worker thread each: gevent) while hands are recorded; every
    stream gets every new version, and every write is stored."""
    server = servers()
    game, auth = new_game_on(server)
    with LivePages(server, f"{game}/events", 400) as pages:
        assert pages.wait_for(server.call("GET", game).headers["ETag"].strip('"'))
        for _ in range(5):
            recorded = server.call("POST", f"{game}/hands", HAND, **auth)
            assert recorded.status == 201, recorded.body
            assert pages.wait_for(recorded.headers["ETag"].strip('"')), pages.missing
    assert server.call("GET", game).body["hands_played"] == 5


def test_a_change_through_one_server_reaches_live_pages_on_another(
        servers: Callable[..., Server]) -> None:
    """Two app servers on one database (PostgreSQL: the trigger's notices; SQLite: each
    watcher's poll); a tournament too."""
    first, second = servers(), servers()
    game, auth = new_game_on(first)
    tournament = first.call("POST", "/api/v1/tournaments", {
        "name": "Club", "variant": "quebec-500", "format": "quebec",
        "teams": [{"name": n, "players": [f"{n}1", f"{n}2"]} for n in "ABCD"]})
    assert tournament.status == 201, tournament.body
    t_path = f"/api/v1/tournaments/{tournament.body['id']}"
    with LivePages(second, f"{game}/events", 20) as games, \
            LivePages(second, f"{t_path}/events", 20) as tournaments:
        recorded = first.call("POST", f"{game}/hands", HAND, **auth)
        # Within seconds: the notice (or SQLite's quarter-second poll), not PostgreSQL's
        # safety poll every 30 s.
        assert games.wait_for(recorded.headers["ETag"].strip('"'), timeout=5), games.missing
        drawn = first.call("POST", f"{t_path}/draw", {"seed": 7},
                           Authorization=f"Bearer {tournament.body['token']}")
        assert drawn.status == 200, drawn.body
        assert tournaments.wait_for(drawn.headers["ETag"].strip('"'), timeout=5), \
            tournaments.missing


def test_streams_per_address_are_capped_and_a_closed_one_is_dropped(
        servers: Callable[..., Server]) -> None:
    """One worker, two streams an address: the third is refused with 429 until a phone hangs
    up; the server notices at its next heartbeat and frees the place."""
    server = servers(workers=1, SCOREKEEPER_STREAMS_PER_ADDRESS="2",
                     SCOREKEEPER_HEARTBEAT_SECONDS="0.2")
    game, _auth = new_game_on(server)
    url = f"{server.base}{game}/events"
    first, second = (urllib.request.urlopen(url, timeout=30) for _ in range(2))
    try:
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(url, timeout=30)
        assert refused.value.code == 429
        assert int(refused.value.headers["Retry-After"]) >= 1
        assert json.loads(refused.value.read())["code"] == 429
        assert next_id(first) and next_id(second)
        first.close()  # the phone is gone
        deadline = time.monotonic() + 10
        while True:
            try:
                third = urllib.request.urlopen(url, timeout=30)
                break
            except urllib.error.HTTPError as error:
                assert error.code == 429
                assert time.monotonic() < deadline, "the closed stream was never dropped"
                time.sleep(0.2)
        assert next_id(third)
        third.close()
    finally:
        first.close()
        second.close()


class LivePages:
    """`count` phones following `path` on `server` over raw sockets, in one background thread,
    spread over a few loopback addresses (streams per address are capped)."""

    PER_ADDRESS = 100

    def __init__(self, server: Server, path: str, count: int) -> None:
        self.host, port = server.base.removeprefix("http://").split(":")
        self.port, self.path, self.count = int(port), path, count
        self.seen: list[set[str]] = [set() for _ in range(count)]
        self.lock = threading.Lock()
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.last_seen: list[int] = []

    def __enter__(self) -> LivePages:
        self.thread.start()
        return self

    def __exit__(self, *_exc: object) -> None:
        self.stop.set()
        self.thread.join(timeout=30)

    def _run(self) -> None:
        selector = selectors.DefaultSelector()
        for n in range(self.count):
            page = socket.create_connection(
                (self.host, self.port), timeout=30,
                source_address=(f"127.0.0.{2 + n // self.PER_ADDRESS}", 0))
            page.sendall(f"GET {self.path} HTTP/1.1\r\nHost: {self.host}\r\n\r\n".encode())
            page.setblocking(False)
            selector.register(page, selectors.EVENT_READ, [n, b""])
        try:
            while not self.stop.is_set():
                for key, _mask in selector.select(timeout=0.1):
                    data = key.fileobj.recv(65536)  # type: ignore[union-attr]
                    n, buffer = key.data
                    lines = (buffer + data).split(b"\n")
                    key.data[1] = lines.pop()
                    ids = {line[4:].decode() for line in lines if line.startswith(b"id: ")}
                    with self.lock:
                        self.seen[n] |= ids
                    if not data:
                        selector.unregister(key.fileobj)
        finally:
            for key in list(selector.get_map().values()):
                key.fileobj.close()  # type: ignore[union-attr]
            selector.close()

    @property
    def missing(self) -> str:
        return f"pages that have not seen it: {self.count - len(self.last_seen)}"

    def wait_for(self, etag: str, timeout: float = 30) -> bool:
        """Whether every page got the update `etag` within `timeout` seconds."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            with self.lock:
                self.last_seen = [n for n, ids in enumerate(self.seen) if etag in ids]
            if len(self.last_seen) == self.count:
                return True
            time.sleep(0.05)
        return False


def test_two_production_servers_stay_within_the_database_connections(
        servers: Callable[..., Server], tmp_path: Path) -> None:
    """docs/production.md's production command on two app servers (4 workers each), 128 writers at
    once on one game while another writer holds it for a moment, so they all queue, each holding
    a database connection. With SQLAlchemy's default pools (5 + 10 a worker: 120) PostgreSQL's
    default 100 connections ran out and writes failed with 500; each worker's pool now stops at
    5 + 5. A write that gets no connection within the pool timeout would be a 503 (counted,
    allowed); every 201 is one hand."""
    first, second = servers(workers=4), servers(workers=4)
    game, auth = new_game_on(first)

    def write(i: int) -> list[int]:
        server = (first, second)[i % 2]
        statuses = []
        for n in range(3):
            try:
                statuses.append(server.call("POST", f"{game}/hands", HAND, **auth,
                                            **{"Idempotency-Key": f"{i}-{n}"}).status)
            except ValueError:  # a reply that is not JSON: not the API's
                statuses.append(0)
        return statuses

    with peak_connections() as peak, game_held(database_url(tmp_path), game, seconds=4):
        statuses = Counter(s for batch in in_threads(128, write) for s in batch)
    print(f"128 writers x 3 hands: {dict(statuses)}; at most {peak[0]} database connections"
          if SHARED_DATABASE else f"128 writers x 3 hands: {dict(statuses)}")
    assert set(statuses) <= {201, 503}, statuses
    # servers x workers x (pool size + overflow), and the two connections of this test. A pool
    # closes an overflow connection as it comes back; its backend stays in pg_stat_activity until
    # it has exited, a moment in which the pool may open another (CI once counted 83): a worker
    # may be seen with one such connection more. Still under the 97 a default server lets in.
    assert peak[0] <= 2 * 4 * (5 + 5 + 1) + 2
    hands = first.call("GET", f"{game}/hands").body
    assert [h["number"] for h in hands] == list(range(1, statuses[201] + 1))


@contextmanager
def game_held(url: str, game: str, seconds: float) -> Iterator[None]:
    """Another writer holds the game for `seconds` from now (PostgreSQL: its row lock; SQLite:
    the writers' turn), so every write meanwhile queues, holding a database connection."""
    engine = sqlalchemy.create_engine(url, poolclass=sqlalchemy.NullPool)
    taken = threading.Event()

    def hold() -> None:
        if engine.dialect.name == "sqlite":
            with WritersTurn(engine.url.database, timeout_s=10):
                taken.set()
                time.sleep(seconds)
            return
        with engine.begin() as connection:
            connection.execute(sqlalchemy.text("SELECT id FROM games WHERE id = :id FOR UPDATE"),
                               {"id": int(game.rsplit("/", 1)[1])})
            taken.set()
            time.sleep(seconds)

    holder = threading.Thread(target=hold)
    holder.start()
    taken.wait(timeout=30)
    try:
        yield
    finally:
        holder.join()
        engine.dispose()


@contextmanager
def peak_connections() -> Iterator[list[int]]:
    """The most connections the app servers held at once (PostgreSQL only), sampled meanwhile."""
    peak = [0]
    if not SHARED_DATABASE:
        yield peak
        return
    # Autocommit: a transaction would see the same snapshot of pg_stat_activity every time.
    engine = sqlalchemy.create_engine(SHARED_DATABASE, poolclass=sqlalchemy.NullPool,
                                      isolation_level="AUTOCOMMIT")
    done = threading.Event()

    def sample() -> None:
        with engine.connect() as connection:
            while not done.wait(0.02):
                peak[0] = max(peak[0], connection.exec_driver_sql(
                    "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database()"
                    " AND backend_type = 'client backend' AND pid <> pg_backend_pid()").scalar()
                    or 0)

    sampler = threading.Thread(target=sample)
    sampler.start()
    try:
        yield peak
    finally:
        done.set()
        sampler.join()
        engine.dispose()


def test_a_body_over_the_cap_closes_its_connection_cleanly(
        servers: Callable[..., Server]) -> None:
    """The 413 comes before the body is read; the server closes the connection after it and says
    so, and the client's next request goes on a new one (it was lost on the old one)."""
    server = servers()
    connection = http.client.HTTPConnection(server.base.removeprefix("http://"), timeout=30)
    try:
        body = json.dumps({"variant": "australian-500", "sides": TWO_SIDES, "pad": "x" * 300_000})
        connection.request("POST", "/api/v1/games", body, {"Content-Type": "application/json"})
        refused = connection.getresponse()
        assert (refused.status, refused.getheader("Connection")) == (413, "close")
        assert json.loads(refused.read())["code"] == 413
        connection.request("GET", "/api/v1/variants")
        assert connection.getresponse().status == 200
    finally:
        connection.close()


def next_id(stream: Any) -> str:
    """The id of the next `update` event on an event stream."""
    for line in iter(stream.readline, b""):
        if line.startswith(b"id: "):
            return str(line[4:].decode().strip())
    raise AssertionError("the stream ended")
