"""Live pages: a game or tournament pushed to every open stream (Server-Sent Events) as it changes.

One watcher per process learns of a change once and wakes the streams of that game or tournament:
on PostgreSQL it LISTENs to the notice a trigger sends with each new version (migration 0009), so
a write through any app server reaches the streams of all of them at once; on SQLite it reads the
versions of everything followed, one query every quarter of a second. The view of each version is
built once per language by the first stream that needs it and sent as the same bytes to the
others. A stream waits on its topic holding no database connection and, under gevent
(gunicorn.conf.py), no thread.
Each client address may hold a limited number of streams per process (429 beyond them).
"""

from __future__ import annotations

import json
import logging
import random
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from flask import Flask, current_app
from sqlalchemy import Connection, NullPool, create_engine, select

from scorekeeper.errors import TooManyRequests
from scorekeeper.extensions import db
from scorekeeper.i18n import language, say
from scorekeeper.models import Game, Tournament
from scorekeeper.services import games
from scorekeeper.services.tournaments import views

log = logging.getLogger(__name__)

CHANNEL = "scorekeeper_changes"  # the trigger of migration 0009 notifies here: "games 12 7"
POLL_SECONDS = 0.25  # SQLite: how often the watcher reads the versions followed (one query)
SAFETY_POLL_SECONDS = 30.0  # PostgreSQL: a full read now and then, besides the notices
NOTICE_GAP_SECONDS = 0.25  # PostgreSQL: streams woken at most this often (a burst coalesced)
WAKE_BATCH = 100  # streams woken before other requests get a turn
LIFETIME_SECONDS = 300.0  # then the stream ends and EventSource reconnects (to any server)
RETRY_MS = 2000
IDS_PER_QUERY = 500


@dataclass(frozen=True)
class Kind:
    """What can be followed: its table, its ETag from a version, its view read afresh."""

    model: type[Game] | type[Tournament]
    view: Callable[[int], tuple[str, dict[str, Any]]]
    found: Callable[[int], str]  # its ETag, or NotFound


KINDS = {
    "games": Kind(Game, games.tagged_view, games.game_tag),
    "tournaments": Kind(Tournament, views.tagged_view, views.tournament_tag),
}


@dataclass
class Topic:
    """One game or tournament followed by open streams: its latest version, the streams waiting
    for the next one, and the event of the latest version already written in each language."""

    version: int = -1
    streams: int = 0
    waiting: set[threading.Event] = field(default_factory=set)
    moving: threading.Lock = field(default_factory=threading.Lock)  # the version
    building: threading.Lock = field(default_factory=threading.Lock)  # an event being written
    # language -> (the version it was written for, its ETag, the event)
    events: dict[str, tuple[int, str, bytes]] = field(default_factory=dict)

    def advance(self, version: int) -> None:
        with self.moving:  # never back to an older version when two report at once
            moved = version > self.version
            if moved:
                self.version = version
        if moved:
            self.wake()

    def wake(self) -> None:
        """Wake the waiting streams a batch at a time, letting other requests (a hand being
        written) run in between: under gevent a woken stream runs before anything that comes
        after it, so thousands woken at once would hold a write back until all had sent."""
        for n, woken in enumerate(list(self.waiting), start=1):
            woken.set()
            if n % WAKE_BATCH == 0:
                time.sleep(0)


class Watcher:
    """The streams of one app in one process, and the thread that watches what they follow."""

    def __init__(self, app: Flask) -> None:
        self.app = app
        self.lock = threading.Lock()
        self.topics: dict[tuple[str, int], Topic] = {}
        self.addresses: Counter[str] = Counter()
        self.thread: threading.Thread | None = None
        self.stopped = False

    # -- streams ---------------------------------------------------------------------------------

    def follow(self, kind: str, row_id: int, address: str) -> Subscription:
        """A stream's place on its topic, or 404 (no such row) / 429 (too many streams)."""
        limit = int(self.app.config["STREAMS_PER_ADDRESS"])
        key = (kind, row_id)
        with self.lock:
            if limit and self.addresses[address] >= limit:
                raise TooManyRequests(
                    say("Too many live pages open from this address: at most {limit}. Close one "
                        "and try again", limit=limit),
                    headers={"Retry-After": str(int(self.heartbeat()) + 1)})
            topic = self.topics.setdefault(key, Topic())
            topic.streams += 1
            self.addresses[address] += 1
            if self.thread is None and not self.stopped:
                self.thread = threading.Thread(target=self._watch, daemon=True,
                                               name="scorekeeper-live")
                self.thread.start()
        subscription = Subscription(self, key, topic, address)
        try:
            # Read after joining the topic: a change from now on reaches it either way.
            with db.engine.connect() as connection:
                version = read_versions(connection, kind, [row_id]).get(row_id)
            if version is None:
                KINDS[kind].found(row_id)  # NotFound
                raise AssertionError(f"{kind} {row_id} has no version")
        except BaseException:  # 404, or a database too busy to answer (503)
            subscription.close()
            raise
        topic.advance(version)
        return subscription

    def _leave(self, key: tuple[str, int], address: str) -> None:
        with self.lock:
            topic = self.topics[key]
            topic.streams -= 1
            if not topic.streams:
                del self.topics[key]
            self.addresses[address] -= 1
            if not self.addresses[address]:
                del self.addresses[address]

    def open_streams(self) -> int:
        with self.lock:
            return sum(self.addresses.values())

    def heartbeat(self) -> float:
        return float(self.app.config["SSE_HEARTBEAT_SECONDS"])

    def stop(self) -> None:
        """End every open stream and the watching thread (a server shutting down, a test)."""
        with self.lock:
            self.stopped = True
            topics = list(self.topics.values())
        for topic in topics:
            topic.wake()

    # -- the watching thread ---------------------------------------------------------------------

    def _followed(self) -> dict[str, list[int]] | None:
        """What the streams follow now, by kind; None when nothing is (the thread then ends,
        and the next stream starts another)."""
        with self.lock:
            if not self.topics or self.stopped:
                self.thread = None
                return None
            followed: dict[str, list[int]] = {}
            for kind, row_id in self.topics:
                followed.setdefault(kind, []).append(row_id)
            return followed

    def _moved(self, kind: str, versions: dict[int, int]) -> None:
        with self.lock:
            topics = [(self.topics.get((kind, row_id)), version)
                      for row_id, version in versions.items()]
        for topic, version in topics:
            if topic is not None:
                topic.advance(version)

    def _poll(self, connection: Connection) -> bool:
        followed = self._followed()
        if followed is None:
            return False
        for kind, ids in followed.items():
            self._moved(kind, read_versions(connection, kind, ids))
        return True

    def _watch(self) -> None:
        """Until nothing is followed, on a connection of its own (none taken from the requests'
        pool); a lost one is opened again a second later (the streams meanwhile wait, and get
        what changed then)."""
        with self.app.app_context():
            engine = create_engine(db.engine.url, poolclass=NullPool)
        poll = float(self.app.config.get("SSE_POLL_SECONDS", POLL_SECONDS))
        while True:
            try:
                with engine.connect() as connection:
                    if engine.dialect.name == "postgresql":
                        self._listen(connection.execution_options(isolation_level="AUTOCOMMIT"))
                    else:
                        while self._poll(connection):
                            connection.rollback()  # the next read sees what was written since
                            time.sleep(poll)
                return
            except Exception:
                log.exception("the live watcher lost the database; trying again")
                time.sleep(1)

    def _listen(self, connection: Connection) -> None:
        """Wait for the trigger's notices; read everything followed once listening (what changed
        before), then now and then in case a notice was missed. The notices of a burst of writes
        are taken together, at most one wake-up of the streams every NOTICE_GAP_SECONDS: each
        wake-up sends the latest version to every stream, whatever came in between."""
        safety = float(self.app.config.get("SSE_SAFETY_POLL_SECONDS", SAFETY_POLL_SECONDS))
        gap = float(self.app.config.get("SSE_NOTICE_GAP_SECONDS", NOTICE_GAP_SECONDS))
        connection.exec_driver_sql(f"LISTEN {CHANNEL}")
        driver: Any = connection.connection.driver_connection
        woken = 0.0
        while self._poll(connection):
            deadline = time.monotonic() + safety
            while time.monotonic() < deadline:
                notices: dict[str, dict[int, int]] = {}
                _take(notices, driver.notifies(timeout=1.0, stop_after=1))
                if notices:
                    time.sleep(max(0.0, woken + gap - time.monotonic()))
                    while _take(notices, driver.notifies(timeout=0)):
                        pass
                    woken = time.monotonic()
                for kind, versions in notices.items():
                    if kind in KINDS:
                        self._moved(kind, versions)
                if self._followed() is None:
                    return


def _take(notices: dict[str, dict[int, int]], received: Iterable[Any]) -> bool:
    """Note the newest version of each row the notices name ("games 12 7"); whether any came."""
    came = False
    for notice in received:
        came = True
        kind, row_id, version = notice.payload.split()
        seen = notices.setdefault(kind, {})
        seen[int(row_id)] = max(int(version), seen.get(int(row_id), -1))
    return came


@dataclass
class Subscription:
    """One open stream on a topic; closed once, when the stream ends or its client is gone."""

    watcher: Watcher
    key: tuple[str, int]
    topic: Topic
    address: str
    closed: bool = False

    def close(self) -> None:
        if not self.closed:
            self.closed = True
            self.watcher._leave(self.key, self.address)

    def event(self) -> tuple[str, bytes]:
        """The `update` event (ETag, bytes) of the topic's latest version in the request's
        language: taken from the stream that wrote it first, else read and written here."""
        wanted, code = self.topic.version, language()
        cached = self.topic.events.get(code)
        if cached is None or cached[0] < wanted:
            with self.topic.building:
                cached = self.topic.events.get(code)
                if cached is None or cached[0] < wanted:
                    try:
                        etag, body = KINDS[self.key[0]].view(self.key[1])
                    finally:
                        db.session.close()  # no connection held while the stream waits
                    data = json.dumps(body)
                    cached = (wanted, etag,
                              f"event: update\nid: {etag.strip(chr(34))}\ndata: {data}\n\n"
                              .encode())
                    self.topic.events[code] = cached
        return cached[1], cached[2]


def watcher() -> Watcher:
    """This app's watcher (one per app, and an app per process in production)."""
    app: Flask = current_app._get_current_object()  # type: ignore[attr-defined]
    found: Watcher | None = app.extensions.get("scorekeeper.live")
    if found is None:
        found = app.extensions.setdefault("scorekeeper.live", Watcher(app))
    return found


def stream(subscription: Subscription) -> Iterator[bytes]:
    """The stream's events: the current view at once, then every version the watcher sees, with
    a heartbeat when idle. It ends after its lifetime (spread a little, so streams opened
    together do not all reconnect together) or when the watcher stops."""
    watcher, topic = subscription.watcher, subscription.topic
    config = watcher.app.config
    started = time.monotonic()
    spread = random.uniform(0.9, 1.0)
    last_tag: str | None = None
    woken = threading.Event()
    topic.waiting.add(woken)
    try:
        yield f"retry: {RETRY_MS}\n\n".encode()
        while not watcher.stopped:
            seen = topic.version
            etag, event = subscription.event()
            if etag != last_tag:
                last_tag = etag
                yield event
            lifetime = float(config.get("SSE_LIFETIME_SECONDS", LIFETIME_SECONDS)) * spread
            left = lifetime - (time.monotonic() - started)
            if left <= 0:
                return
            woken.clear()
            # A version that came while this stream was sending is sent at once.
            if topic.version == seen and not woken.wait(min(left, watcher.heartbeat())) \
                    and time.monotonic() - started < lifetime:
                yield b": still here\n\n"
    finally:
        topic.waiting.discard(woken)
        subscription.close()


def read_versions(connection: Connection, kind: str, ids: Sequence[int]) -> dict[int, int]:
    """The versions of these rows, a query per IDS_PER_QUERY of them (rows not found left out)."""
    model = KINDS[kind].model
    found: dict[int, int] = {}
    for chunk in _chunks(ids, IDS_PER_QUERY):
        rows = connection.execute(select(model.id, model.version).where(model.id.in_(chunk)))
        found.update({row_id: version for row_id, version in rows})
    return found


def _chunks(ids: Sequence[int], size: int) -> Iterable[Sequence[int]]:
    return (ids[i:i + size] for i in range(0, len(ids), size))
