"""The guard every write passes, for games and tournaments alike.

In order: the row exists (404), the token is right (401/403), a retried Idempotency-Key replays its
first reply, If-Match is current (412), then the action decides (422/409) and everything commits
once. Writers of one row queue behind a lock taken first thing; the row's version column is the
safety net, and a write that still loses a race is retried from the start.
"""

from __future__ import annotations

import hashlib
import hmac
import json
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import Any, Generic, TypeVar

from sqlalchemy import Insert, Select, bindparam, insert, select
from sqlalchemy.exc import IntegrityError, OperationalError
from sqlalchemy.orm import Session
from sqlalchemy.orm.exc import StaleDataError
from werkzeug.http import parse_etags

from scorekeeper.errors import Conflict, Forbidden, PreconditionFailed, Unauthorized, Unprocessable
from scorekeeper.extensions import db
from scorekeeper.models import Game, GameRecord, IdempotentReply, Tournament, TournamentReply

WRITE_ATTEMPTS = 8
MAX_IDEMPOTENCY_KEY = 200


@dataclass(frozen=True)
class Reply:
    """A write's answer: status, body, and the row's ETag after it."""

    status: int
    body: dict[str, Any]
    etag: str
    replayed: bool = False


@dataclass(frozen=True)
class WriteRequest:
    """What the HTTP layer passes to a write besides its body."""

    token: str | None
    if_match: str | None
    idempotency_key: str | None
    method: str
    path: str
    body: Any


Row = TypeVar("Row", GameRecord, Tournament)


@dataclass(frozen=True)
class Guard(Generic[Row]):
    load: Callable[[], Row]  # the row, locked for writing, or NotFound
    authorize: Callable[[Row, str | None], None]
    replies: type[IdempotentReply] | type[TournamentReply]
    owner: str  # the replies' column naming the row
    etag: Callable[[Row], str]
    busy: str  # what to say when the write lost every race


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def check_secret(token: str | None, token_hash: str, what: str, wrong: str) -> None:
    """401 without a token, 403 with another one; compared in constant time."""
    if not token:
        raise Unauthorized(f"this write needs {what}: Authorization: Bearer <token>",
                           headers={"WWW-Authenticate": 'Bearer realm="scorekeeper"'})
    if not hmac.compare_digest(hash_token(token), token_hash):
        raise Forbidden(wrong)


def guarded_write(guard: Guard[Row], request: WriteRequest,
                  action: Callable[[Session, Row], tuple[int, dict[str, Any]]]) -> Reply:
    key = request.idempotency_key
    fingerprint = _fingerprint(request) if key is not None else ""
    session = db.session
    for attempt in range(WRITE_ATTEMPTS):
        try:
            row = guard.load()
            guard.authorize(row, request.token)
            if key is not None and not 0 < len(key) <= MAX_IDEMPOTENCY_KEY:
                raise Unprocessable(
                    f"Idempotency-Key must be 1 to {MAX_IDEMPOTENCY_KEY} characters",
                    {"Idempotency-Key": ["too long or empty"]})
            if key is not None:
                replay = _replay(session, guard, row, key, fingerprint)
                if replay is not None:
                    return replay
            _check_if_match(guard.etag(row), request.if_match)
            status, body = action(session, row)
            if key is not None:
                session.connection().execute(_replies_table(guard.replies, guard.owner).store, {
                    guard.owner: row.id, "key": key, "fingerprint": fingerprint,
                    "status": status, "body": body})
            session.commit()
            return Reply(status, body, guard.etag(row))
        except (StaleDataError, IntegrityError, OperationalError) as error:
            # Another write to this row committed first (or holds the lock): start again.
            session.rollback()
            if isinstance(error, OperationalError) and "locked" not in str(error):
                raise
            if attempt == WRITE_ATTEMPTS - 1:
                raise Conflict(guard.busy) from None
        except BaseException:
            session.rollback()
            raise
        finally:
            end_turn(session)
    raise AssertionError("unreachable")  # pragma: no cover


def lock_for_writing(session: Session) -> None:
    """Queue behind any other writer of the database (SQLite: see WritersTurn) or of the row
    (others: the caller's SELECT ... FOR UPDATE), so writers wait their turn instead of failing."""
    connection = session.connection()  # checked out of the pool before the turn, not in it
    if connection.dialect.name != "sqlite":
        return
    if "writers_turn" not in session.info:
        session.info["writers_turn"] = db.writers_turn()
    connection.exec_driver_sql("BEGIN IMMEDIATE")


def end_turn(session: Session) -> None:
    """Let the next SQLite writer go."""
    turn = session.info.pop("writers_turn", None)
    if turn is not None:
        turn.end()


def _check_if_match(current: str, if_match: str | None) -> None:
    if if_match is None:
        return
    if not parse_etags(if_match).contains(current.strip('"')):  # strong comparison, RFC 9110
        raise PreconditionFailed(
            f"it has changed since you read it (it is now {current}); reload and try again")


@dataclass(frozen=True)
class _RepliesTable:
    find: Select[Any]
    store: Insert


@cache
def _replies_table(model: type[IdempotentReply] | type[TournamentReply], owner: str
                   ) -> _RepliesTable:
    """The statements that find and store idempotent replies, prepared once for each table."""
    return _RepliesTable(
        find=select(model.fingerprint, model.status, model.body).where(
            getattr(model, owner) == bindparam("owner"), model.key == bindparam("key")),
        store=insert(model))


def _replay(session: Session, guard: Guard[Row], row: Row, key: str,
            fingerprint: str) -> Reply | None:
    stored = session.connection().execute(_replies_table(guard.replies, guard.owner).find,
                                          {"owner": row.id, "key": key}).first()
    if stored is None:
        return None
    if not hmac.compare_digest(stored.fingerprint, fingerprint):
        raise Unprocessable("this Idempotency-Key was already used for a different request",
                            {"Idempotency-Key": ["already used with another body or path"]})
    return Reply(stored.status, stored.body, guard.etag(row), replayed=True)


def _fingerprint(request: WriteRequest) -> str:
    canonical = json.dumps([request.method, request.path, request.body], sort_keys=True,
                           separators=(",", ":"), default=str)
    return hashlib.sha256(canonical.encode()).hexdigest()


_VERSIONS = {model: select(model.version).where(model.id == bindparam("row_id"))
             for model in (Game, Tournament)}


def read_version(model: type[Game] | type[Tournament], row_id: int) -> int | None:
    """A row's version alone, straight from the engine (no session): a cached read needs no
    more, and this is the hot path of every poll."""
    with db.engine.connect() as connection:
        version: int | None = connection.execute(_VERSIONS[model], {"row_id": row_id}).scalar()
    return version
