"""A club's webhooks: an endpoint, its deliveries and their attempts."""

from __future__ import annotations

from marshmallow import fields

from scorekeeper.api import validate
from scorekeeper.api.bounds import Items
from scorekeeper.api.schemas.common import Query, Strict
from scorekeeper.webhooks.policy import EVENTS, STATUSES

MAX_URL = 2000


class WebhookCreateSchema(Strict):
    url = fields.Str(required=True, validate=validate.Length(1, MAX_URL), metadata={
        "description": "where the events are posted (http or https; never a private, loopback "
                       "or link-local address unless the operator allows it)",
        "example": "https://chat.example/hooks/club"})
    events = Items(fields.Str(validate=validate.OneOf(list(EVENTS))), len(EVENTS), least=1,
                   required=True, metadata={"description": "the events to send", "example":
                                            ["game.finished", "tournament.finished"]})


class WebhookSchema(Strict):
    id = fields.Int(required=True)
    club = fields.Int(required=True)
    url = fields.Str(required=True)
    events = fields.List(fields.Str(), required=True)
    disabled_at = fields.Str(required=True, allow_none=True, metadata={
        "format": "date-time", "description": "when the endpoint answered 410 Gone: nothing "
                                              "more is sent to it"})
    disabled_reason = fields.Str(required=True, allow_none=True)
    created_at = fields.Str(required=True, metadata={"format": "date-time"})


class WebhookCreatedSchema(WebhookSchema):
    secret = fields.Str(required=True, metadata={
        "description": "the signing secret (`whsec_…`, Standard Webhooks); shown only here"})


class WebhooksSchema(Strict):
    data = fields.List(fields.Nested(WebhookSchema), required=True)


class AttemptSchema(Strict):
    at = fields.Str(required=True, metadata={"format": "date-time"})
    status = fields.Int(required=True, allow_none=True, metadata={
        "description": "the endpoint's HTTP status; null: no answer"})
    error = fields.Str(required=True, allow_none=True)


class DeliverySchema(Strict):
    id = fields.Int(required=True)
    webhook = fields.Int(required=True)
    webhook_id = fields.Str(required=True, metadata={
        "description": "the message's `webhook-id` header: the same on every attempt"})
    type = fields.Str(required=True)
    payload = fields.Dict(required=True, metadata={
        "description": "the body posted: {type, timestamp, data}"})
    status = fields.Str(required=True, metadata={"enum": list(STATUSES)})
    attempts = fields.Int(required=True)
    next_attempt_at = fields.Str(required=True, allow_none=True, metadata={"format": "date-time"})
    last_status = fields.Int(required=True, allow_none=True)
    last_error = fields.Str(required=True, allow_none=True)
    log = fields.List(fields.Nested(AttemptSchema), required=True)
    created_at = fields.Str(required=True, metadata={"format": "date-time"})


class DeliveriesSchema(Strict):
    data = fields.List(fields.Nested(DeliverySchema), required=True)


class DeliveriesQuery(Query):
    status = fields.Str(validate=validate.OneOf(list(STATUSES)), metadata={
        "description": "only deliveries in this state (`failed`: waiting to be tried again; "
                       "`dead`: given up)"})
