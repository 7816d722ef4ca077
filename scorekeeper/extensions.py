"""The database extension: one SQLAlchemy 2 engine per app and a scoped session (a Store)."""

from __future__ import annotations

import functools
import json
from collections.abc import Mapping
from typing import Any

from flask import Flask, current_app
from sqlalchemy import Engine, create_engine, event, make_url
from sqlalchemy.orm import Session, scoped_session, sessionmaker

from scorekeeper import store
from scorekeeper.store import Store, WritersTurn

STRICT_JSON = functools.partial(json.dumps, allow_nan=False)


class Database:
    """One store per app (an engine and a session per thread, removed when the app context ends),
    served to the services while the app's context is current."""

    def init_app(self, app: Flask) -> None:
        url = app.config["DATABASE_URL"]
        # JSON columns hold strict JSON: a NaN fails its write rather than every later export.
        engine = create_engine(url, json_serializer=STRICT_JSON,
                               **_engine_options(url, app.config))
        if engine.dialect.name == "sqlite":
            _tune_sqlite(engine, app.config["SQLITE_BUSY_TIMEOUT_MS"],
                         app.config["SQLITE_SYNCHRONOUS"])
        sessions = scoped_session(sessionmaker(bind=engine, expire_on_commit=False))
        app.extensions["scorekeeper.db"] = Store(engine, sessions,
                                                 app.config["SQLITE_BUSY_TIMEOUT_MS"] / 1000)
        app.teardown_appcontext(lambda _exc: sessions.remove())

    @property
    def store(self) -> Store:
        return store.current()

    @property
    def engine(self) -> Engine:
        return self.store.engine

    @property
    def session(self) -> Session:
        return self.store.session

    def writers_turn(self) -> WritersTurn:
        return self.store.writers_turn()


def _app_store() -> Store:
    found: Store = current_app.extensions["scorekeeper.db"]
    return found


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
store.serve(_app_store)
