"""The sender: the process that posts a club's events (`flask --app scorekeeper webhooks send`),
apart from the app's workers, so no request ever waits on an endpoint.

Each look claims the deliveries that are due, oldest first: on PostgreSQL with `FOR UPDATE SKIP
LOCKED ORDER BY id`, so several senders (one per app server, say) each take different ones. A
claim moves `next_attempt_at` a lease ahead and commits at once; the post then runs outside any
transaction. A sender killed mid-post leaves its claim to expire: another look sends it again,
as the same message (`webhook-id`), so nothing is lost, and a receiver that keeps the ids it
processed processes each once. On SQLite run one sender (the claim is still a compare-and-set,
but SQLite has no row locks to share the work out by).

Each attempt is recorded; the RetryPolicy says when to try again, and when to give up.
"""

from __future__ import annotations

import functools
import http.client
import json
import socket
import ssl
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import select, update
from sqlalchemy.orm import Session
from standardwebhooks import Webhook as Signer

from scorekeeper import store
from scorekeeper.models import Delivery, Outbox, Webhook, utcnow
from scorekeeper.services import present
from scorekeeper.services.clubs.webhooks import (
    SEALING_KEY,
    message_id,
    private_allowed,
    resolve,
    signing_secret,
)
from scorekeeper.services.writes import end_turn, lock_for_writing
from scorekeeper.webhooks.addresses import any_refused, endpoint
from scorekeeper.webhooks.policy import DEFAULT_POLICY, RetryPolicy, verdict

TIMEOUT_S = 10.0
LEASE = timedelta(seconds=60)  # longer than a post can take: a claim outlives its post
USER_AGENT = "scorekeeper-webhooks/1"


@dataclass
class Sender:
    """One sender's settings; `now` is its clock (tests move it)."""

    policy: RetryPolicy = DEFAULT_POLICY
    now: Callable[[], datetime] = utcnow
    timeout_s: float = TIMEOUT_S
    lease: timedelta = LEASE
    batch: int = 20

    def look(self) -> int:
        """Claim what is due, post each, then record every attempt in one commit; answers how
        many were attempted. A sender that dies before the record has its claims expire: they
        are sent again, as the same messages."""
        claimed = claim(self.now(), self.lease, self.batch)
        outcomes = [outcome for delivery_id in claimed
                    if (outcome := self.deliver(delivery_id)) is not None]
        record(outcomes, self.policy, self.now())
        return len(claimed)

    def run(self, idle_s: float = 1.0, stop: Callable[[], bool] = lambda: False) -> None:
        """Look again and again, resting `idle_s` when nothing was due, until `stop()`."""
        while not stop():
            if self.look() == 0:
                time.sleep(idle_s)

    def deliver(self, delivery_id: int) -> Attempt | None:
        """Post one delivery; None when its endpoint was removed since the claim."""
        session = store.current().session
        found = session.execute(
            select(Outbox, Webhook).select_from(Delivery)
            .join(Outbox, Outbox.id == Delivery.outbox_id)
            .join(Webhook, Webhook.id == Delivery.webhook_id)
            .where(Delivery.id == delivery_id)).first()
        session.rollback()  # no transaction stays open during the post
        if found is None:
            return None
        event, hook = found
        at = self.now()
        # Signed at the wall clock's time whatever `now` says: the receiver checks it is recent.
        secret = signing_secret(hook.secret, hook.id)
        status, error = (post(hook.url, secret, message_id(event.id), utcnow(), event.payload,
                              self.timeout_s) if secret is not None
                         else (None, f"the secret is sealed: this sender needs {SEALING_KEY}"))
        return Attempt(delivery_id, at, status, error)


@dataclass(frozen=True)
class Attempt:
    delivery_id: int
    at: datetime
    status: int | None  # the endpoint's answer; None: none
    error: str | None


def claim(now: datetime, lease: timedelta, batch: int) -> list[int]:
    """The ids of up to `batch` due deliveries, oldest first, each leased to this sender."""
    session = store.current().session
    try:
        lock_for_writing(session)
        due = (select(Delivery.id, Delivery.next_attempt_at)
               .where(Delivery.status.in_(("pending", "failed")),
                      Delivery.next_attempt_at <= now)
               .order_by(Delivery.id).limit(batch))
        if session.get_bind().dialect.name == "postgresql":
            due = due.with_for_update(skip_locked=True)
        rows = session.execute(due).all()
        claimed = []
        for delivery_id, was in rows:
            # Compare and set: a claim another sender made in between is not taken twice.
            moved = session.execute(
                update(Delivery).where(Delivery.id == delivery_id,
                                       Delivery.next_attempt_at == was)
                .values(next_attempt_at=now + lease).execution_options(
                    synchronize_session=False))
            if moved.rowcount == 1:  # type: ignore[attr-defined]
                claimed.append(delivery_id)
        session.commit()
        return claimed
    finally:
        session.rollback()
        end_turn(session)


def record(attempts: list[Attempt], policy: RetryPolicy, now: datetime) -> None:
    """Each attempt's outcome, in one commit: delivered, tried again later, given up, or (410)
    the endpoint disabled with every delivery still waiting for it."""
    if not attempts:
        return
    session = store.current().session
    try:
        lock_for_writing(session)
        for attempt in attempts:
            _record(session, attempt, policy, now)
        session.commit()
    finally:
        session.rollback()
        end_turn(session)


def _record(session: Session, attempt: Attempt, policy: RetryPolicy, now: datetime) -> None:
    delivery = session.get(Delivery, attempt.delivery_id, with_for_update=True,
                           populate_existing=True)
    if delivery is None or delivery.status in ("delivered", "dead"):
        return
    delivery.attempts += 1
    delivery.last_status, delivery.last_error = attempt.status, attempt.error
    delivery.log = [*delivery.log, {"at": present.timestamp(attempt.at),
                                    "status": attempt.status, "error": attempt.error}]
    outcome = verdict(attempt.status)
    if outcome == "delivered":
        delivery.status = "delivered"
    elif outcome == "disable":
        delivery.status = "dead"
        _disable(session, delivery.webhook_id, now)
    else:
        wait = policy.wait_after(delivery.attempts)
        delivery.status = "dead" if wait is None else "failed"
        if wait is not None:
            delivery.next_attempt_at = now + wait


def _disable(session: Session, webhook_id: int, now: datetime) -> None:
    hook = session.get(Webhook, webhook_id)
    if hook is None:
        return
    hook.disabled_at, hook.disabled_reason = now, "the endpoint answered 410 Gone"
    session.execute(update(Delivery).where(Delivery.webhook_id == webhook_id,
                                           Delivery.status.in_(("pending", "failed")))
                    .values(status="dead").execution_options(synchronize_session=False))


def post(url: str, secret: str, msg_id: str, at: datetime, payload: dict[str, Any],
         timeout_s: float) -> tuple[int | None, str | None]:
    """Post one signed message; answers the endpoint's status (None: no answer) and what went
    wrong, if anything. The host is resolved now and checked again (a name may have moved to a
    private address since registration), and the connection goes to the address checked."""
    parts = endpoint(url)
    if parts is None or parts.hostname is None:
        return None, "not an http or https address"
    https = parts.scheme == "https"
    port = parts.port or (443 if https else 80)
    addresses = resolve(parts.hostname, port)
    if not addresses:
        return None, "the host cannot be found"
    if not private_allowed() and any_refused(addresses):
        return None, "a private or local address: refused"
    body = json.dumps(payload, separators=(",", ":"))
    headers = {"Content-Type": "application/json", "User-Agent": USER_AGENT,
               "webhook-id": msg_id, "webhook-timestamp": str(int(at.timestamp())),
               "webhook-signature": Signer(secret).sign(msg_id, at, body)}
    connection = _Pinned(parts.hostname, port, addresses[0], https, timeout_s)
    path = (parts.path or "/") + (f"?{parts.query}" if parts.query else "")
    try:
        connection.request("POST", path, body=body.encode(), headers=headers)
        answer = connection.getresponse()
        answer.read(4096)  # a little of the body, so the endpoint sees its answer taken
        status = answer.status
    except (OSError, http.client.HTTPException) as failed:
        return None, f"{type(failed).__name__}: {failed}"[:500]
    finally:
        connection.close()
    if 300 <= status < 400:
        return status, "a redirect: not followed"
    return status, None if 200 <= status < 300 else f"HTTP {status}"


@functools.cache
def _tls() -> ssl.SSLContext:
    """One TLS context for every post: loading the system's certificates takes 40 ms."""
    return ssl.create_default_context()


class _Pinned(http.client.HTTPSConnection):
    """A connection to the address that was checked, whatever the name resolves to by then;
    https still verifies the certificate against the name."""

    def __init__(self, host: str, port: int, address: str, https: bool,
                 timeout_s: float) -> None:
        super().__init__(host, port, timeout=timeout_s, context=_tls())
        self._address, self._https = address, https

    def connect(self) -> None:
        self.sock = socket.create_connection((self._address, self.port), self.timeout)
        if self._https:
            self.sock = self._context.wrap_socket(  # type: ignore[attr-defined]
                self.sock, server_hostname=self.host)
