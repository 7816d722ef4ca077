"""A club's webhooks: endpoints, their deliveries, a replay (the admin's token)."""

from __future__ import annotations

from typing import Any

from flask.views import MethodView

from scorekeeper.api.blueprint import Blueprint
from scorekeeper.api.clubs import ADMIN_DOC, CLUB, CLUB_REFUSALS, read_token, write_request
from scorekeeper.api.docs import refusals
from scorekeeper.api.games import MAX_ID, WRITTEN, Result, reply
from scorekeeper.api.schemas.common import WriteHeadersSchema
from scorekeeper.api.schemas.webhooks import (
    DeliveriesQuery,
    DeliveriesSchema,
    DeliverySchema,
    WebhookCreatedSchema,
    WebhookCreateSchema,
    WebhookSchema,
    WebhooksSchema,
)
from scorekeeper.services.clubs import webhooks

blp = Blueprint(
    "webhooks", __name__, url_prefix="/clubs",
    description="A club's webhooks (Standard Webhooks 1.0): its events posted, signed, to the "
                "endpoints its admin registers, from a durable outbox (docs/webhooks.md).")

WEBHOOK = f"{CLUB}/webhooks/<int(max={MAX_ID}):webhook_id>"
READ_REFUSALS = ((401, "No token"), (403, "Not the club's admin token"), (404, "No such club "
                                                                         "or webhook"))


def admin_write(*pairs: tuple[int, str]) -> Any:
    def decorate(view: Any) -> Any:
        view = refusals(blp, *CLUB_REFUSALS, *pairs)(view)
        return blp.doc(**ADMIN_DOC)(view)
    return decorate


@blp.route(f"{CLUB}/webhooks")
class Webhooks(MethodView):
    @blp.response(200, WebhooksSchema)
    @refusals(blp, *READ_REFUSALS)
    @blp.doc(operationId="listWebhooks", **ADMIN_DOC)
    def get(self, club_id: int) -> Result:
        """The club's webhook endpoints (the admin's token)

        Each with its events and, once it answered 410 Gone, when and why it was disabled. A
        secret is never shown again: register the endpoint anew for a new one.
        """
        return {"data": webhooks.webhooks(club_id, read_token())}, 200, {}

    @blp.arguments(WriteHeadersSchema(), location="headers", as_kwargs=True)
    @blp.arguments(WebhookCreateSchema(), example={
        "url": "https://chat.example/hooks/club", "events": ["game.finished"]})
    @blp.response(201, WebhookCreatedSchema, headers=WRITTEN)
    @admin_write()
    @blp.doc(operationId="createWebhook")
    def post(self, body: dict[str, Any], club_id: int, **headers: str) -> Result:
        """Register an endpoint for the club's events; the reply holds its signing secret,
        shown only here

        Each delivery is a POST of `{type, timestamp, data}` with the headers `webhook-id`
        (the same on every attempt), `webhook-timestamp` and `webhook-signature` (HMAC-SHA256
        with the secret). A private, loopback or link-local address is refused (422).
        """
        return reply(webhooks.register(club_id, body, write_request(headers)))


@blp.route(WEBHOOK)
class WebhookEntry(MethodView):
    @blp.arguments(WriteHeadersSchema(), location="headers", as_kwargs=True)
    @blp.response(200, WebhookSchema, headers=WRITTEN)
    @admin_write()
    @blp.doc(operationId="deleteWebhook")
    def delete(self, club_id: int, webhook_id: int, **headers: str) -> Result:
        """Remove an endpoint with its deliveries; nothing more is sent to it

        The admin's token only. The reply is the endpoint as it was.
        """
        return reply(webhooks.remove(club_id, webhook_id, write_request(headers)))


@blp.route(f"{WEBHOOK}/deliveries")
class Deliveries(MethodView):
    @blp.arguments(DeliveriesQuery, location="query", as_kwargs=True)
    @blp.response(200, DeliveriesSchema)
    @refusals(blp, *READ_REFUSALS, (422, "An unknown status"))
    @blp.doc(operationId="listDeliveries", **ADMIN_DOC)
    def get(self, club_id: int, webhook_id: int, status: str | None = None) -> Result:
        """An endpoint's deliveries, newest first (the last 100), each with every attempt

        `?status=failed` lists those waiting to be tried again; `?status=dead` those given up.
        """
        return {"data": webhooks.deliveries(club_id, webhook_id, read_token(), status)}, 200, {}


@blp.route(f"{WEBHOOK}/deliveries/<int(max={MAX_ID}):delivery_id>/retry")
class Retry(MethodView):
    @blp.arguments(WriteHeadersSchema(), location="headers", as_kwargs=True)
    @blp.response(200, DeliverySchema, headers=WRITTEN)
    @admin_write((409, "The webhook is disabled"))
    @blp.doc(operationId="retryDelivery")
    def post(self, club_id: int, webhook_id: int, delivery_id: int, **headers: str) -> Result:
        """Send a delivery again now, as the same message (the same `webhook-id`)

        The sender takes it at its next look, with a fresh round of attempts.
        """
        return reply(webhooks.retry(club_id, webhook_id, delivery_id, write_request(headers)))
