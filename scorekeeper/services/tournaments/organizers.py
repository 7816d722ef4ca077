"""Who runs a tournament besides the link made at its creation: the recovery code that issues a
new organizer's token (and voids the old one), co-organizers' tokens the organizer hands out and
revokes, and the door's token, with which a team checks itself in and nothing else."""

from __future__ import annotations

import hmac
import secrets
from collections.abc import Mapping
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from scorekeeper import store
from scorekeeper.errors import Conflict, Forbidden, NotFound
from scorekeeper.i18n import say
from scorekeeper.models import DeskKey, TournamentReply
from scorekeeper.models import Tournament as TournamentRow
from scorekeeper.services import present, write_limit
from scorekeeper.services.tournaments.codes import new_recovery_code, recovery_hash
from scorekeeper.services.tournaments.guard import guard, touch
from scorekeeper.services.tournaments.views import etag, get_tournament
from scorekeeper.services.writes import (
    Guard,
    Reply,
    WriteRequest,
    check_secret,
    guarded_write,
    hash_token,
    is_retry,
    refuse_if_spent,
)


def recover(tournament_id: int, code: str, request: WriteRequest) -> Reply:
    """A new organizer's token for the recovery code, which voids the old token and the code:
    a new code comes with it (the one used has been typed where others could see it). A wrong
    code counts against the address's limit of failed authentications, as a wrong token, and
    once that is used up no code is compared at all."""

    def authorize(row: TournamentRow, _token: str | None) -> None:
        if row.recovery_hash is None:
            raise Conflict(say("this tournament was created before recovery codes: it has "
                               "none"))
        refuse_if_spent(request.context, store.current().session.connection(),
                        write_limit.AUTH_FAILURES)
        if (not hmac.compare_digest(recovery_hash(code), row.recovery_hash)
                # A retry of a recovery made: it replays its reply (the code is used up).
                and not is_retry(store.current().session, TournamentReply,
                                 {"tournament_id": row.id}, request)):
            raise Forbidden(say("that is not this tournament's recovery code"))

    def action(_session: Session, row: TournamentRow) -> tuple[int, dict[str, Any]]:
        token, fresh = secrets.token_urlsafe(32), new_recovery_code()
        row.token_hash, row.recovery_hash = hash_token(token), recovery_hash(fresh)
        touch(row)
        return 200, {"id": row.id, "token": token, "recovery_code": fresh}

    by_code = Guard(load=lambda: get_tournament(tournament_id, lock=True), authorize=authorize,
                    replies=TournamentReply, owner="tournament_id", etag=etag,
                    busy=say("the tournament is busy with other writes; send it again"))
    return guarded_write(by_code, request, action)


# -- co-organizers and the door --------------------------------------------------------------


def _key_view(key: DeskKey) -> dict[str, Any]:
    return {"id": key.id, "label": key.label, "created_at": present.timestamp(key.created_at)}


def _keys(session: Session, row: TournamentRow) -> list[dict[str, Any]]:
    keys = session.scalars(select(DeskKey).where(DeskKey.tournament_id == row.id,
                                                 DeskKey.role == "organizer")
                           .order_by(DeskKey.id)).all()
    return [_key_view(k) for k in keys]


def _new_key(session: Session, row: TournamentRow, role: str,
             label: str | None) -> tuple[DeskKey, str]:
    token = secrets.token_urlsafe(32)
    key = DeskKey(tournament_id=row.id, role=role, label=label, token_hash=hash_token(token))
    session.add(key)
    touch(row)
    session.flush()
    return key, token


def add_organizer(tournament_id: int, body: Mapping[str, Any], request: WriteRequest) -> Reply:
    """A co-organizer's token (shown once): the organizer's own only."""

    def action(session: Session, row: TournamentRow) -> tuple[int, dict[str, Any]]:
        key, token = _new_key(session, row, "organizer", body["label"])
        return 201, {**_key_view(key), "token": token}

    return guarded_write(guard(tournament_id, organizer_only=True), request, action)


def organizers(tournament_id: int, token: str | None) -> dict[str, Any]:
    """The co-organizers' links, without their tokens: the organizer's own eyes only."""
    row = get_tournament(tournament_id)
    check_secret(token, row.token_hash,
                 say("this needs the organizer's token: Authorization: Bearer <token>"),
                 say("only the organizer's token manages co-organizers"))
    return {"organizers": _keys(store.current().session, row)}


def revoke_organizer(tournament_id: int, key_id: int, request: WriteRequest) -> Reply:
    """A co-organizer's token stops working at once; the organizer's own only."""

    def action(session: Session, row: TournamentRow) -> tuple[int, dict[str, Any]]:
        key = session.get(DeskKey, key_id)
        if key is None or key.tournament_id != row.id or key.role != "organizer":
            raise NotFound(say("there is no co-organizer {organizer} in this tournament",
                               organizer=key_id))
        session.delete(key)
        touch(row)
        session.flush()
        return 200, {"organizers": _keys(session, row)}

    return guarded_write(guard(tournament_id, organizer_only=True), request, action)


def door(tournament_id: int, request: WriteRequest) -> Reply:
    """The door's token (shown once; earlier ones keep working, as a printed QR must): it
    checks a team in, before the draw, and does nothing else."""

    def action(session: Session, row: TournamentRow) -> tuple[int, dict[str, Any]]:
        if row.seed is not None:
            raise Conflict(say("the teams were already drawn: check-in is over"))
        _, token = _new_key(session, row, "door", None)
        return 201, {"token": token}

    return guarded_write(guard(tournament_id), request, action)

