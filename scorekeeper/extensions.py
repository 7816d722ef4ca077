"""The database extension: one SQLAlchemy 2 engine per app and a scoped session."""

from __future__ import annotations

from typing import Any

from flask import Flask, current_app
from sqlalchemy import Engine, create_engine, event
from sqlalchemy.orm import Session, scoped_session, sessionmaker


class Database:
    """One engine per app and a session per thread, removed when the app context ends."""

    def init_app(self, app: Flask) -> None:
        url = app.config["DATABASE_URL"]
        engine = create_engine(url, **_engine_options(url))
        if engine.dialect.name == "sqlite":
            _tune_sqlite(engine, app.config["SQLITE_BUSY_TIMEOUT_MS"])
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


def _engine_options(url: str) -> dict[str, Any]:
    if url.startswith("sqlite"):
        # pysqlite's own busy handling is replaced by the PRAGMA below.
        return {"connect_args": {"check_same_thread": False, "timeout": 0}}
    return {"pool_pre_ping": True}


def _tune_sqlite(engine: Engine, busy_timeout_ms: int) -> None:
    """WAL lets readers run beside a writer; the busy timeout makes writers queue, not fail."""

    @event.listens_for(engine, "connect")
    def _on_connect(dbapi_connection: Any, _record: Any) -> None:
        cursor = dbapi_connection.cursor()
        cursor.execute(f"PRAGMA busy_timeout = {int(busy_timeout_ms)}")
        if engine.url.database not in (None, "", ":memory:"):
            cursor.execute("PRAGMA journal_mode = WAL")
            cursor.execute("PRAGMA synchronous = NORMAL")
        cursor.execute("PRAGMA foreign_keys = ON")
        cursor.close()


db = Database()
