"""The guard every write passes, for games and tournaments alike.

In order: the row exists (404), the token is right (401/403), the write counts against its
address's write limit (429), a retried Idempotency-Key replays its first reply, If-Match is
current (412), then the action decides (422/409) and everything commits once. Writers of one row
queue behind a lock taken first thing; the row's version column is the safety net, and a write
that still loses a race is retried from the start. A write refused before its token was found
right counts against the address's limit of failed authentications instead.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from datetime import timedelta
from functools import cache
from typing import Any, Generic, TypeVar

from sqlalchemy import Connection, Delete, Insert, Select, bindparam, delete, insert, select
from sqlalchemy.exc import IntegrityError, OperationalError
from sqlalchemy.orm import Session
from sqlalchemy.orm.exc import StaleDataError
from werkzeug.http import parse_etags

from scorekeeper import store
from scorekeeper.errors import (
    Conflict,
    Forbidden,
    NotFound,
    PreconditionFailed,
    ServiceError,
    TooManyRequests,
    Unauthorized,
    Unprocessable,
)
from scorekeeper.i18n import say
from scorekeeper.limits import MAX_IDEMPOTENCY_KEY
from scorekeeper.models import (
    Club,
    ClubReply,
    CreatedReply,
    Game,
    GameRecord,
    IdempotentReply,
    Tournament,
    TournamentReply,
    utcnow,
)
from scorekeeper.rules.errors import RuleViolation
from scorekeeper.sealing import key_hash, restored, seal, unseal, withheld
from scorekeeper.services import write_limit
from scorekeeper.services.write_limit import WriteLimit

WRITE_ATTEMPTS = 8
TOKEN = "token"  # where a new game's or tournament's token goes in its reply
SWEEP_EVERY = 600.0  # seconds between clean-ups of expired replies and whole quotas, per process
REPLIES = (IdempotentReply, TournamentReply, CreatedReply, ClubReply)
Replies = (type[IdempotentReply] | type[TournamentReply] | type[CreatedReply]
           | type[ClubReply])


@dataclass(frozen=True)
class Reply:
    """A write's answer: status, body, and the row's ETag after it (unknown only for a replay
    stored before replies kept theirs)."""

    status: int
    body: dict[str, Any]
    etag: str | None
    replayed: bool = False


@dataclass(frozen=True)
class WriteContext:
    """Where a write is made from, built once per request by the HTTP layer (or once by a job
    outside any request): the client's address, the write limits by bucket (none: nothing is
    counted) and how many hours a reply is kept for retries (REPLY_HOURS)."""

    client: str | None
    limits: Mapping[str, WriteLimit | None]
    reply_hours: float


@dataclass(frozen=True)
class WriteRequest:
    """What the HTTP layer passes to a write besides its body."""

    token: str | None
    if_match: str | None
    idempotency_key: str | None
    method: str
    path: str
    body: Any
    context: WriteContext

Row = TypeVar("Row", GameRecord, Tournament, Club)


@dataclass(frozen=True)
class Guard(Generic[Row]):
    load: Callable[[], Row]  # the row, locked for writing, or NotFound
    authorize: Callable[[Row, str | None], None]
    replies: type[IdempotentReply] | type[TournamentReply] | type[ClubReply]
    owner: str  # the replies' column naming the row
    etag: Callable[[Row], str]
    busy: str  # what to say when the write lost every race
    # Asked before the action; what it answers runs after it, in the same transaction: a club's
    # events (services/clubs/events.py) are the difference.
    watch: Callable[[Session, Row], Callable[[], None] | None] | None = None


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def check_secret(token: str | None, token_hash: str, missing: str, wrong: str) -> None:
    """401 without a token (`missing` says which), 403 with another one (`wrong`); compared in
    constant time."""
    if not token:
        raise Unauthorized(missing,
                           headers={"WWW-Authenticate": 'Bearer realm="scorekeeper"'})
    if not hmac.compare_digest(hash_token(token), token_hash):
        raise Forbidden(wrong)


# A refusal before the token was found right: what the limit of failed authentications counts.
NOT_AUTHENTICATED = (NotFound, Unauthorized, Forbidden)
COUNTED_REFUSALS = (ServiceError, RuleViolation)


def guarded_write(guard: Guard[Row], request: WriteRequest,
                  action: Callable[[Session, Row], tuple[int, dict[str, Any]]]) -> Reply:
    key = request.idempotency_key
    fingerprint = _fingerprint(request) if key is not None else ""
    context = request.context
    session = store.current().session
    for attempt in range(WRITE_ATTEMPTS):
        authenticated = False
        try:
            row = guard.load()
            guard.authorize(row, request.token)
            authenticated = True
            _checked_key(key)
            charge(context, session.connection(), write_limit.WRITES)
            if key is not None:
                replay = _replay(session, guard.replies, {guard.owner: row.id}, key, fingerprint,
                                 context.reply_hours)
                if replay is not None:
                    session.commit()  # its count, and the row's lock let go before the turn
                    return replay
            _check_if_match(guard.etag(row), request.if_match)
            after = None if guard.watch is None else guard.watch(session, row)
            status, body = action(session, row)
            if after is not None:
                after()
            etag = guard.etag(row)
            if key is not None:
                _store(session.connection(), guard.replies, {guard.owner: row.id}, key,
                       fingerprint, status, body, etag)
            sweep_if_due(session.connection(), context.reply_hours)
            session.commit()
            return Reply(status, body, etag)
        except (StaleDataError, IntegrityError, OperationalError) as error:
            # Another write to this row committed first (or holds the lock): start again.
            session.rollback()
            if isinstance(error, OperationalError) and "locked" not in str(error):
                raise
            if attempt == WRITE_ATTEMPTS - 1:
                raise Conflict(guard.busy) from None
        except BaseException as error:
            session.rollback()
            # The refusal rolled its count back: count it again, on its own.
            if not authenticated and isinstance(error, NOT_AUTHENTICATED):
                _count_alone(context, write_limit.AUTH_FAILURES)
            elif (authenticated and isinstance(error, COUNTED_REFUSALS)
                  and not isinstance(error, TooManyRequests)):
                _count_alone(context, write_limit.WRITES, refuse=False)
            raise
        finally:
            end_turn(session)
    raise AssertionError("unreachable")  # pragma: no cover


def previewed_write(guard: Guard[Row], request: WriteRequest,
                    action: Callable[[Session, Row], tuple[int, dict[str, Any]]]) -> Reply:
    """The write made and answered under the same guard, then rolled back: nothing is stored,
    the ETag does not move, and no reply is kept under its Idempotency-Key (a preview is not
    the write, so it is never replayed and never uses up the key)."""

    def made(session: Session, row: Row) -> tuple[int, dict[str, Any]]:
        before = guard.etag(row)
        status, body = action(session, row)
        raise _Previewed(Reply(status, {**body, "preview": True}, before))

    try:
        return guarded_write(guard, replace(request, idempotency_key=None), made)
    except _Previewed as previewed:
        return previewed.reply


class _Previewed(Exception):  # not an error: how a preview's reply leaves its rolled-back write
    def __init__(self, reply: Reply) -> None:
        super().__init__("previewed")
        self.reply = reply


def create_once(request: WriteRequest,
                create: Callable[[Session], tuple[dict[str, Any], str, str]]) -> Reply:
    """A new game or tournament: `create` adds it to the session and answers its view, its
    token and its ETag; with an Idempotency-Key a retry gets the first reply (token included)
    and nothing is created twice."""
    key = _checked_key(request.idempotency_key)
    fingerprint = _fingerprint(request) if key is not None else ""
    hours = request.context.reply_hours
    session = store.current().session
    for _attempt in range(WRITE_ATTEMPTS):
        try:
            # A new row: nothing to queue on but, on SQLite, the turn.
            with store.current().writers_turn():
                replay = (None if key is None
                          else _replay(session, CreatedReply, {}, key, fingerprint, hours))
                if replay is None:
                    body, token, etag = create(session)
                    reply = Reply(201, {**body, TOKEN: token}, etag)
                    if key is not None:
                        _store(session.connection(), CreatedReply, {}, key, fingerprint, 201,
                               reply.body, etag)
                    sweep_if_due(session.connection(), hours)
                session.commit()
            return replay or reply
        except IntegrityError:
            session.rollback()  # the same key's first request committed meanwhile: replay it
        except BaseException:
            session.rollback()
            raise
    raise Conflict(say("this Idempotency-Key is busy with another request; send it again"))


def charge(context: WriteContext, connection: Connection, bucket: str, *,
           refuse: bool = True) -> None:
    """Count this write against its address's quota in `bucket`, in the caller's transaction;
    429 once the quota is used up (unless only counting). A context without limits (the seed
    command's) counts nothing."""
    limit = context.limits.get(bucket)
    if limit is None:
        return
    client = write_limit.client_key(bucket, context.client)
    wait = write_limit.take(connection, limit, client)
    if wait is not None and refuse:
        _too_many(bucket, limit, wait)


def refuse_if_spent(context: WriteContext, connection: Connection, bucket: str) -> None:
    """429 while the address's quota in `bucket` is used up, counting nothing: a secret a person
    can type (a recovery code) is not even compared then, so guessing never outruns the limit."""
    limit = context.limits.get(bucket)
    if limit is None:
        return
    wait = write_limit.spent(connection, limit, write_limit.client_key(bucket, context.client))
    if wait is not None:
        _too_many(bucket, limit, wait)


def _too_many(bucket: str, limit: WriteLimit, wait: float) -> None:
    said = (say("Too many writes from this address: at most {limit}. Try again in {wait} s",
                limit=limit, wait=f"{wait:.0f}") if bucket == write_limit.WRITES
            else say("Too many failed authentications from this address: at most {limit}. "
                     "Try again in {wait} s", limit=limit, wait=f"{wait:.0f}"))
    raise TooManyRequests(said, headers={"Retry-After": f"{wait:.0f}"})


def _count_alone(context: WriteContext, bucket: str, *, refuse: bool = True) -> None:
    """Count a refused write in a transaction of its own (the writer still has its turn)."""
    with store.current().engine.begin() as connection:
        charge(context, connection, bucket, refuse=refuse)


_last_sweep: dict[str, float] = {}


def sweep_if_due(connection: Connection, reply_hours: float) -> None:
    """Every SWEEP_EVERY seconds in each process, inside a write's own transaction: replies older
    than REPLY_HOURS and quota rows that are whole again are deleted. No job for the operator to
    remember, and no connection or turn of its own to wait for (which, after the write had
    committed, could have answered its client 503 for a write that was made)."""
    url = str(connection.engine.url)
    at = write_limit.now()
    if at - _last_sweep.get(url, -math.inf) < SWEEP_EVERY:
        return
    _last_sweep[url] = at
    cutoff = utcnow() - timedelta(hours=reply_hours)
    for model in REPLIES:
        connection.execute(delete(model).where(model.created_at < cutoff))
    write_limit.purge(connection)


def lock_for_writing(session: Session) -> None:
    """Queue behind any other writer of the database (SQLite: see WritersTurn) or of the row
    (others: the caller's SELECT ... FOR UPDATE), so writers wait their turn instead of failing."""
    connection = session.connection()  # checked out of the pool before the turn, not in it
    if connection.dialect.name != "sqlite":
        return
    if "writers_turn" not in session.info:
        session.info["writers_turn"] = store.current().writers_turn()
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
        raise PreconditionFailed(say("it has changed since you read it (it is now {current}); "
                                     "reload and try again", current=current))


def _checked_key(key: str | None) -> str | None:
    if key is not None and not 0 < len(key) <= MAX_IDEMPOTENCY_KEY:
        raise Unprocessable(say("Idempotency-Key must be 1 to {most} characters",
                                most=MAX_IDEMPOTENCY_KEY),
                            {"Idempotency-Key": [say("too long or empty")]})
    return key


@dataclass(frozen=True)
class _RepliesTable:
    find: Select[Any]
    forget: Delete
    store: Insert


@cache
def _replies_table(model: Replies, owner: str | None) -> _RepliesTable:
    """The statements that find, forget and store idempotent replies, prepared once a table."""
    where = [model.key == bindparam("key")]
    if owner is not None:
        where.append(getattr(model, owner) == bindparam(owner))
    expired = (model.created_at < bindparam("cutoff", type_=model.created_at.type)).label(
        "expired")
    return _RepliesTable(
        find=select(model.id, model.fingerprint, model.status, model.body, model.sealed,
                    model.etag, expired).where(*where),
        forget=delete(model).where(model.id == bindparam("reply_id")),
        store=insert(model))


def _replay(session: Session, model: Replies, owner: dict[str, int], key: str,
            fingerprint: str, reply_hours: float) -> Reply | None:
    """The stored first reply to this key, or None (a reply past its time is forgotten)."""
    statements = _replies_table(model, next(iter(owner), None))
    connection = session.connection()
    cutoff = utcnow() - timedelta(hours=reply_hours)
    stored = connection.execute(statements.find,
                                {**owner, "key": key_hash(key), "cutoff": cutoff}).first()
    if stored is None:
        return None
    if stored.expired:
        connection.execute(statements.forget, {"reply_id": stored.id})
        return None
    if not hmac.compare_digest(stored.fingerprint, fingerprint):
        raise Unprocessable(say("this Idempotency-Key was already used for a different request"),
                            {"Idempotency-Key": [say("already used with another body or path")]})
    body = stored.body
    if stored.sealed is not None:
        body = restored(body, unseal(stored.sealed, key, fingerprint))
    return Reply(stored.status, body, stored.etag, replayed=True)


def _store(connection: Connection, model: Replies, owner: dict[str, int], key: str,
           fingerprint: str, status: int, body: dict[str, Any], etag: str) -> None:
    """Keep the reply for retries: the key hashed, every secret in it sealed under the key."""
    kept, secrets = withheld(body)
    connection.execute(_replies_table(model, next(iter(owner), None)).store, {
        **owner, "key": key_hash(key), "fingerprint": fingerprint, "status": status,
        "body": kept, "sealed": seal(secrets, key, fingerprint), "etag": etag,
        "created_at": utcnow()})


def is_retry(session: Session, model: type[TournamentReply] | type[ClubReply],
             owner: dict[str, int], request: WriteRequest) -> bool:
    """Whether this request's Idempotency-Key already has a stored reply to this very request
    (same method, path and body): a write whose secret it used up (a recovery code) lets its
    retry through to that reply."""
    if request.idempotency_key is None:
        return False
    stored = session.connection().execute(
        _replies_table(model, next(iter(owner))).find,
        {**owner, "key": key_hash(request.idempotency_key), "cutoff": utcnow()
         - timedelta(hours=request.context.reply_hours)}).first()
    return (stored is not None and not stored.expired
            and hmac.compare_digest(stored.fingerprint, _fingerprint(request)))


def _fingerprint(request: WriteRequest) -> str:
    canonical = json.dumps([request.method, request.path, request.body], sort_keys=True,
                           separators=(",", ":"), default=str)
    return hashlib.sha256(canonical.encode()).hexdigest()


_VERSIONS = {model: select(model.version).where(model.id == bindparam("row_id"))
             for model in (Game, Tournament, Club)}


def read_version(model: type[Game] | type[Tournament] | type[Club], row_id: int) -> int | None:
    """A row's version alone, straight from the engine (no session): a cached read needs no
    more, and this is the hot path of every poll."""
    with store.current().engine.connect() as connection:
        version: int | None = connection.execute(_VERSIONS[model], {"row_id": row_id}).scalar()
    return version
