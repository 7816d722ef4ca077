"""The database as the services use it, with no web framework: an engine, a session per thread,
and the writers' turn. The web app serves its own (extensions.py); a job outside a request binds
one with `using(store)`."""

from __future__ import annotations

import fcntl
import os
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from types import TracebackType
from typing import ClassVar, NamedTuple

from sqlalchemy import Engine
from sqlalchemy.orm import Session, scoped_session


class Store(NamedTuple):
    """One database: its engine, its sessions (one per thread) and how long a writer waits for its
    turn before it goes on to the database's own lock."""

    engine: Engine
    sessions: scoped_session[Session]
    busy_timeout_s: float

    @property
    def session(self) -> Session:
        return self.sessions()

    def writers_turn(self) -> WritersTurn:
        """This writer's turn at the database: taken now, until `end()` (or the with block)."""
        url = self.engine.url
        database = url.database if url.get_backend_name() == "sqlite" else None
        return WritersTurn(None if database == ":memory:" else database, self.busy_timeout_s)


_BOUND: ContextVar[Store | None] = ContextVar("scorekeeper_store", default=None)
_SERVED: list[Callable[[], Store]] = []  # the web app's store for its context (extensions.py)


def serve(finder: Callable[[], Store]) -> None:
    """Have the services use the store `finder` gives (the app's), unless `using` says otherwise."""
    _SERVED[:] = [finder]


def current() -> Store:
    """The store the services read and write: the one bound by `using`, else the app's."""
    bound = _BOUND.get()
    if bound is not None:
        return bound
    if not _SERVED:
        raise RuntimeError("no database: bind one with scorekeeper.store.using(store)")
    return _SERVED[0]()


@contextmanager
def using(store: Store) -> Iterator[Store]:
    """Run the services on `store` inside the block (a job outside any request)."""
    token = _BOUND.set(store)
    try:
        yield store
    finally:
        _BOUND.reset(token)


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
