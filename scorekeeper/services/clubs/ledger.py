"""A club itself: creating it, reading it, its settings, its member token and its recovery code,
and the guard every write to its ledger goes through (services/writes.py with the club's own
loading and tokens)."""

from __future__ import annotations

import hmac
import secrets
from collections.abc import Mapping
from typing import Any

from sqlalchemy.orm import Session

from scorekeeper import store
from scorekeeper.errors import Forbidden, NotFound, Unauthorized
from scorekeeper.i18n import chosen_language, say
from scorekeeper.models import Club, ClubReply, utcnow
from scorekeeper.services import present, write_limit
from scorekeeper.services.clubs.access import Role, club_role, may_read_ledger
from scorekeeper.services.tournaments.codes import new_recovery_code, recovery_hash
from scorekeeper.services.writes import (
    Guard,
    Reply,
    WriteRequest,
    create_once,
    guarded_write,
    hash_token,
    is_retry,
    lock_for_writing,
    read_version,
    refuse_if_spent,
)

BEARER = {"WWW-Authenticate": 'Bearer realm="scorekeeper"'}


def etag(club: Club) -> str:
    return tag(club.id, club.version)


def tag(club_id: int, version: int) -> str:
    return f'"c{club_id}-{version}"'


def written_etag(club: Club) -> str:
    """The ETag after a write: its changes flushed, so the version has moved on."""
    store.current().session.flush()
    return etag(club)


def get_club(club_id: int, *, lock: bool = False) -> Club:
    session = store.current().session
    if lock:
        lock_for_writing(session)
    club = session.get(Club, club_id, with_for_update=lock or None, populate_existing=lock)
    if club is None:
        raise NotFound(say("there is no club {club}", club=club_id))
    return club


def club_view(club: Club, role: Role | None) -> dict[str, Any]:
    """The club as a reader sees it; `role` says what the reader's token may do in it."""
    return {"id": club.id, "name": club.name, "language": club.language,
            "public": club.public, "role": role,
            "created_at": present.timestamp(club.created_at),
            "updated_at": present.timestamp(club.updated_at)}


def require(club: Club, token: str | None, least: Role) -> Role:
    """The token's role in the club, at least `least` (an admin may do all a member may): 401
    without a token, 403 with one that is not the club's (or only a member's, for the admin's
    writes)."""
    if not token:
        raise Unauthorized(say("this needs one of the club's tokens: Authorization: Bearer "
                               "<token>"), headers=BEARER)
    role = club_role(club, token)
    if role is None:
        raise Forbidden(say("that token does not belong to this club"))
    if least == "admin" and role != "admin":
        raise Forbidden(say("only the club's admin token may do this"))
    return role


def guard(club_id: int, least: Role, roles: list[Role] | None = None) -> Guard[Club]:
    """Writes to the club's ledger: its admin token, or (`least` "member") its member token
    too; the role found is noted in `roles`."""

    def authorize(club: Club, token: str | None) -> None:
        role = require(club, token, least)
        if roles is not None:
            roles.append(role)

    return Guard(load=lambda: get_club(club_id, lock=True), authorize=authorize,
                 replies=ClubReply, owner="club_id", etag=written_etag,
                 busy=say("the club is busy with other writes; send it again"))


def touch(club: Club) -> None:
    club.updated_at = utcnow()  # always an UPDATE, so the version (the ETag) moves on


def create_club(data: Mapping[str, Any], request: WriteRequest) -> Reply:
    """A new club: the admin's token, the member token and the recovery code, each shown to
    this request (and its retries) only and stored hashed."""

    def create(session: Session) -> tuple[dict[str, Any], str, str]:
        token, member, code = (secrets.token_urlsafe(32), secrets.token_urlsafe(32),
                               new_recovery_code())
        club = Club(name=data["name"], language=data.get("language") or chosen_language(),
                    public=data.get("public", False), token_hash=hash_token(token),
                    member_token_hash=hash_token(member), recovery_hash=recovery_hash(code))
        session.add(club)
        session.flush()
        return ({**club_view(club, "admin"), "member_token": member, "recovery_code": code},
                token, etag(club))

    return create_once(request, create)


def club_tag(club_id: int) -> str:
    version = read_version(Club, club_id)
    if version is None:
        raise NotFound(say("there is no club {club}", club=club_id))
    return tag(club_id, version)


def read_club(club_id: int, token: str | None) -> tuple[str, dict[str, Any]]:
    """A public club to anyone; a private one to its own tokens only (401 without one, 403
    with another): its name is part of its ledger."""
    club = get_club(club_id)
    return etag(club), club_view(club, reader_role(club, token))


def reader_role(club: Club, token: str | None) -> Role | None:
    """The reader's role for reading the ledger: 401/403 for a private club without its token."""
    if not may_read_ledger(club, token):
        return require(club, token, "member")
    return club_role(club, token)


def update_club(club_id: int, body: Mapping[str, Any], request: WriteRequest) -> Reply:
    def action(_session: Session, club: Club) -> tuple[int, dict[str, Any]]:
        for name in ("name", "language", "public"):
            if name in body:
                setattr(club, name, body[name])
        touch(club)
        return 200, club_view(club, "admin")

    return guarded_write(guard(club_id, "admin"), request, action)


def rotate_member_token(club_id: int, request: WriteRequest) -> Reply:
    """A new member token; the old one stops working at once."""

    def action(_session: Session, club: Club) -> tuple[int, dict[str, Any]]:
        member = secrets.token_urlsafe(32)
        club.member_token_hash = hash_token(member)
        touch(club)
        return 200, {"id": club.id, "member_token": member}

    return guarded_write(guard(club_id, "admin"), request, action)


def recover(club_id: int, code: str, request: WriteRequest) -> Reply:
    """A new admin token for the recovery code, which voids the old token and the code (a new
    code comes with it), as a tournament's recovery does."""

    def authorize(club: Club, _token: str | None) -> None:
        session = store.current().session
        refuse_if_spent(request.context, session.connection(), write_limit.AUTH_FAILURES)
        if (not hmac.compare_digest(recovery_hash(code), club.recovery_hash)
                and not is_retry(session, ClubReply, {"club_id": club.id}, request)):
            raise Forbidden(say("that is not this club's recovery code"))

    def action(_session: Session, club: Club) -> tuple[int, dict[str, Any]]:
        token, fresh = secrets.token_urlsafe(32), new_recovery_code()
        club.token_hash, club.recovery_hash = hash_token(token), recovery_hash(fresh)
        touch(club)
        return 200, {"id": club.id, "token": token, "recovery_code": fresh}

    by_code = Guard(load=lambda: get_club(club_id, lock=True), authorize=authorize,
                    replies=ClubReply, owner="club_id", etag=written_etag,
                    busy=say("the club is busy with other writes; send it again"))
    return guarded_write(by_code, request, action)
