"""The database extension: one SQLAlchemy 2 engine per app and a scoped session."""

from __future__ import annotations

import fcntl
import functools
import json
import os
import threading
import time
from collections.abc import Mapping
from types import TracebackType
from typing import Any, ClassVar

from flask import Flask, current_app
from sqlalchemy import Engine, create_engine, event, make_url
from sqlalchemy.orm import Session, scoped_session, sessionmaker

STRICT_JSON = functools.partial(json.dumps, allow_nan=False)


class Database:
    """One engine per app and a session per thread, removed when the app context ends."""

    def init_app(self, app: Flask) -> None:
        url = app.config["DATABASE_URL"]
        # JSON columns hold strict JSON: a NaN fails its write rather than every later export.
        engine = create_engine(url, json_serializer=STRICT_JSON,
                               **_engine_options(url, app.config))
        if engine.dialect.name == "sqlite":
            _tune_sqlite(engine, app.config["SQLITE_BUSY_TIMEOUT_MS"],
                         app.config["SQLITE_SYNCHRONOUS"])
        session = scoped_session(sessionmaker(bind=engine, expire_on_commit=False))
        app.extensions["scorekeeper.db"] = (engine, session)
        app.teardown_appcontext(lambda _exc: session.remove())

    @property
    def engine(self) -> Engine:
        engine: Engine = current_app.extensions["scorekeeper.db"][0]
        return engine

    @property
    def session(self) -> Session:
        session: Session = current_app.extensions["scorekeeper.db"][1]()
        return session

    def writers_turn(self) -> WritersTurn:
        """This writer's turn at the database: taken now, until `end()` (or the with block)."""
        url = self.engine.url
        database = url.database if url.get_backend_name() == "sqlite" else None
        return WritersTurn(None if database == ":memory:" else database,
                           current_app.config["SQLITE_BUSY_TIMEOUT_MS"] / 1000)


class WritersTurn:
    """On a SQLite file, writers take turns before they write (other databases lock the rows).

    SQLite's own busy wait sleeps in steps of up to 100 ms, which under a queue of writers put
    seconds on the slowest replies. So the threads of one process queue on a lock that wakes the
    next at once, and one writer a process polls a lock file beside the database every 0.1 ms
    (the lock file is dropped by the kernel if its holder dies). After the busy timeout a writer
    goes on without its turn, to SQLite's lock, which then decides."""

    POLL_S = 0.0001
    _threads: ClassVar[dict[str, threading.Lock]] = {}  # one queue a database in this process

    def __init__(self, database: str | None, timeout_s: float) -> None:
        self._thread_turn: threading.Lock | None = None
        self._file: int | None = None
        if not database:
            return
        deadline = time.monotonic() + timeout_s
        queue = self._threads.setdefault(database, threading.Lock())
        if queue.acquire(timeout=timeout_s):
            self._thread_turn = queue
        try:
            self._file = os.open(f"{database}.writers", os.O_CREAT | os.O_RDWR, 0o600)
            while True:
                try:
                    fcntl.flock(self._file, fcntl.LOCK_EX | fcntl.LOCK_NB)
                    return
                except BlockingIOError:
                    if time.monotonic() > deadline:
                        return
                    time.sleep(self.POLL_S)
        except BaseException:
            self.end()
            raise

    def end(self) -> None:
        """Let the next writer go (closing the file drops its lock)."""
        if self._file is not None:
            os.close(self._file)
            self._file = None
        if self._thread_turn is not None:
            self._thread_turn.release()
            self._thread_turn = None

    def __enter__(self) -> WritersTurn:
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 traceback: TracebackType | None) -> None:
        self.end()


def _engine_options(url: str, config: Mapping[str, Any]) -> dict[str, Any]:
    pool = {"pool_size": config["DB_POOL_SIZE"], "max_overflow": config["DB_MAX_OVERFLOW"],
            "pool_timeout": config["DB_POOL_TIMEOUT"]}
    if url.startswith("sqlite"):
        # pysqlite's own busy handling is replaced by the PRAGMA below.
        options: dict[str, Any] = {"connect_args": {"check_same_thread": False, "timeout": 0}}
        if make_url(url).database not in (None, "", ":memory:"):  # in memory: one connection
            options.update(pool)
        return options
    return {"pool_pre_ping": True, **pool}


SYNCHRONOUS_LEVELS = ("OFF", "NORMAL", "FULL", "EXTRA")


def _tune_sqlite(engine: Engine, busy_timeout_ms: int, synchronous: str) -> None:
    """WAL lets readers run beside a writer; the busy timeout makes writers queue, not fail;
    `synchronous` says when a commit reaches the disk (FULL: before it is acknowledged)."""
    if synchronous.upper() not in SYNCHRONOUS_LEVELS:
        raise ValueError(f"SQLITE_SYNCHRONOUS must be one of {', '.join(SYNCHRONOUS_LEVELS)}")

    @event.listens_for(engine, "connect")
    def _on_connect(dbapi_connection: Any, _record: Any) -> None:
        cursor = dbapi_connection.cursor()
        cursor.execute(f"PRAGMA busy_timeout = {int(busy_timeout_ms)}")
        if engine.url.database not in (None, "", ":memory:"):
            cursor.execute("PRAGMA journal_mode = WAL")
            cursor.execute(f"PRAGMA synchronous = {synchronous.upper()}")
        cursor.execute("PRAGMA foreign_keys = ON")
        cursor.close()


db = Database()
