"""A club's webhook endpoints (the admin's): register one (its secret shown once), list, remove,
read its deliveries with every attempt, and replay one delivery (the same `webhook-id`)."""

from __future__ import annotations

import base64
import os
import secrets
import socket
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from scorekeeper import store
from scorekeeper.errors import Conflict, NotFound, Unprocessable
from scorekeeper.i18n import say
from scorekeeper.models import Club, Delivery, Outbox, Webhook, utcnow
from scorekeeper.sealing import seal, unseal
from scorekeeper.services import present
from scorekeeper.services.clubs.ledger import get_club, guard, require
from scorekeeper.services.writes import Reply, WriteRequest, guarded_write
from scorekeeper.webhooks.addresses import any_refused, endpoint

ALLOW_PRIVATE = "SCOREKEEPER_WEBHOOKS_ALLOW_PRIVATE"
SEALING_KEY = "SCOREKEEPER_WEBHOOKS_KEY"
SEALED = "sealed:"


def private_allowed() -> bool:
    """The operator's choice for an install on a club's own network: read at each check, so the
    API and the sender (separate processes) each follow their own environment."""
    return os.environ.get(ALLOW_PRIVATE, "0") == "1"


def resolve(host: str, port: int) -> list[str]:
    """Every address the host resolves to; [] when it resolves to none."""
    try:
        found = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except (socket.gaierror, UnicodeError):
        return []
    return sorted({str(info[4][0]) for info in found})


def kept_secret(secret: str, webhook_id: int) -> str:
    """The secret as stored: sealed under the operator's SCOREKEEPER_WEBHOOKS_KEY when there is
    one (scorekeeper/sealing.py, the endpoint's id as salt), so a copy of the database alone
    signs nothing; as issued otherwise (the sender must sign with it)."""
    key = os.environ.get(SEALING_KEY, "")
    if not key:
        return secret
    sealed = seal([(("secret",), secret)], key, f"webhook {webhook_id}")
    assert sealed is not None  # one secret in, one out
    return SEALED + sealed


def signing_secret(stored: str, webhook_id: int) -> str | None:
    """The secret to sign with; None when it is sealed and this process lacks the key."""
    if not stored.startswith(SEALED):
        return stored
    key = os.environ.get(SEALING_KEY, "")
    if not key:
        return None
    [(_, secret)] = unseal(stored[len(SEALED):], key, f"webhook {webhook_id}")
    return secret


def new_secret() -> str:
    """A Standard Webhooks secret: `whsec_` and 24 random bytes in base64."""
    return "whsec_" + base64.b64encode(secrets.token_bytes(24)).decode()


def message_id(outbox_id: int) -> str:
    """The event's `webhook-id`: the same for every attempt and every endpoint."""
    return f"msg_{outbox_id}"


def webhook_view(hook: Webhook) -> dict[str, Any]:
    return {"id": hook.id, "club": hook.club_id, "url": hook.url, "events": list(hook.events),
            "disabled_at": None if hook.disabled_at is None
            else present.timestamp(hook.disabled_at),
            "disabled_reason": hook.disabled_reason,
            "created_at": present.timestamp(hook.created_at)}


def delivery_view(delivery: Delivery, event: Outbox) -> dict[str, Any]:
    return {"id": delivery.id, "webhook": delivery.webhook_id,
            "webhook_id": message_id(event.id), "type": event.type, "payload": event.payload,
            "status": delivery.status, "attempts": delivery.attempts,
            "next_attempt_at": None if delivery.next_attempt_at is None
            or delivery.status in ("delivered", "dead")
            else present.timestamp(delivery.next_attempt_at),
            "last_status": delivery.last_status, "last_error": delivery.last_error,
            "log": list(delivery.log), "created_at": present.timestamp(delivery.created_at)}


def check_url(url: str) -> None:
    """422 unless the URL is an http(s) endpoint whose every address may be delivered to."""
    parts = endpoint(url)
    if parts is None:
        raise Unprocessable(say("the webhook's url must be an http or https address"),
                            {"url": [say("not an http or https address")]})
    if private_allowed():
        return
    assert parts.hostname is not None
    addresses = resolve(parts.hostname, parts.port or (443 if parts.scheme == "https" else 80))
    if not addresses:
        raise Unprocessable(say("the webhook's host cannot be found"),
                            {"url": [say("no such host")]})
    if any_refused(addresses):
        raise Unprocessable(say("webhooks are not sent to private or local addresses"),
                            {"url": [say("a private or local address")]})


def register(club_id: int, body: dict[str, Any], request: WriteRequest) -> Reply:
    """A new endpoint for the club's events; the reply holds its signing secret, shown only
    there (and to a retry with the same Idempotency-Key, sealed in the stored reply)."""

    def action(session: Session, club: Club) -> tuple[int, dict[str, Any]]:
        check_url(body["url"])  # once the token is found right: no lookup for a stranger
        secret = new_secret()
        hook = Webhook(club_id=club.id, url=body["url"], events=sorted(set(body["events"])),
                       secret="", created_at=utcnow())
        session.add(hook)
        session.flush()
        hook.secret = kept_secret(secret, hook.id)
        return 201, {**webhook_view(hook), "secret": secret}

    return guarded_write(guard(club_id, "admin"), request, action)


def webhooks(club_id: int, token: str | None) -> list[dict[str, Any]]:
    require(get_club(club_id), token, "admin")
    rows = store.current().session.scalars(
        select(Webhook).where(Webhook.club_id == club_id).order_by(Webhook.id)).all()
    return [webhook_view(h) for h in rows]


def _webhook(session: Session, club_id: int, webhook_id: int) -> Webhook:
    hook = session.get(Webhook, webhook_id)
    if hook is None or hook.club_id != club_id:
        raise NotFound(say("there is no webhook {webhook} in this club", webhook=webhook_id))
    return hook


def remove(club_id: int, webhook_id: int, request: WriteRequest) -> Reply:
    """The endpoint and its deliveries go; nothing more is sent to it."""

    def action(session: Session, club: Club) -> tuple[int, dict[str, Any]]:
        hook = _webhook(session, club.id, webhook_id)
        view = webhook_view(hook)
        session.delete(hook)
        session.flush()
        return 200, view

    return guarded_write(guard(club_id, "admin"), request, action)


def deliveries(club_id: int, webhook_id: int, token: str | None,
               status: str | None) -> list[dict[str, Any]]:
    """An endpoint's deliveries, newest first, each with every attempt; `status` keeps one kind
    (`failed`: those waiting to be tried again; `dead`: given up)."""
    require(get_club(club_id), token, "admin")
    session = store.current().session
    _webhook(session, club_id, webhook_id)
    query = (select(Delivery, Outbox).join(Outbox, Outbox.id == Delivery.outbox_id)
             .where(Delivery.webhook_id == webhook_id).order_by(Delivery.id.desc()).limit(100))
    if status is not None:
        query = query.where(Delivery.status == status)
    return [delivery_view(d, e) for d, e in session.execute(query)]


def retry(club_id: int, webhook_id: int, delivery_id: int, request: WriteRequest) -> Reply:
    """Send one delivery again now, as the same message (the same `webhook-id`): the sender
    takes it at its next look, and it gets a full round of attempts again."""

    def action(session: Session, club: Club) -> tuple[int, dict[str, Any]]:
        hook = _webhook(session, club.id, webhook_id)
        delivery = session.get(Delivery, delivery_id)
        if delivery is None or delivery.webhook_id != hook.id:
            raise NotFound(say("there is no delivery {delivery} of this webhook",
                               delivery=delivery_id))
        if hook.disabled_at is not None:
            raise Conflict(say("this webhook is disabled: add the endpoint again"))
        delivery.status, delivery.next_attempt_at, delivery.attempts = "pending", utcnow(), 0
        session.flush()
        event = session.get(Outbox, delivery.outbox_id)
        assert event is not None
        return 200, delivery_view(delivery, event)

    return guarded_write(guard(club_id, "admin"), request, action)
