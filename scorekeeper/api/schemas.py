"""Request and response schemas: the shapes of ../shared/API.md, documented in the OpenAPI spec."""

from __future__ import annotations

from typing import Any

import marshmallow as ma
from marshmallow import fields, validate

MAX_SEAT = 63
MAX_TRICKS = 1000
MAX_NAME = 60


class Strict(ma.Schema):
    """Unknown fields are refused (422) rather than silently dropped."""

    class Meta:
        unknown = ma.RAISE
        ordered = True


class ErrorSchema(ma.Schema):
    """Every 4xx: the status, a sentence a person understands, and the fields at fault."""

    code = fields.Int(required=True, metadata={"example": 422})
    status = fields.Str(required=True, metadata={"example": "Unprocessable Entity"})
    message = fields.Str(required=True, metadata={
        "example": "The tricks add up to 11, but a hand has 10."})
    errors = fields.Dict(metadata={"description": "messages by field",
                                   "example": {"tricks": ["the tricks add up to 11"]}})


class StrictBool(fields.Boolean):
    """Only JSON true or false: "yes", 1 and "on" are refused rather than guessed at."""

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> bool:
        if not isinstance(value, bool):
            raise self.make_error("invalid", input=value)
        return value


# -- variants -----------------------------------------------------------------------------------


class PlayerCountSchema(Strict):
    min = fields.Int(required=True)
    max = fields.Int(required=True)


class OptionSchema(Strict):
    type = fields.Str(required=True, metadata={"description": "boolean, integer or string"})
    default = fields.Raw(allow_none=True, required=True)
    description = fields.Str(required=True)
    choices = fields.List(fields.Str(), metadata={"description": "the accepted values, if fixed"})
    nullable = fields.Bool(metadata={"description": "null is accepted (switches the rule off)"})
    minimum = fields.Int()
    maximum = fields.Int()


class BidSchema(Strict):
    code = fields.Str(required=True, metadata={"example": "7H"})
    name = fields.Str(required=True, metadata={"example": "7♥"})
    points = fields.Int(required=True, metadata={"example": 200})
    option = fields.Str(allow_none=True, metadata={
        "description": "the option that enables this bid; null for the ordinary bids"})


class VariantSchema(Strict):
    key = fields.Str(required=True, metadata={"example": "australian-500"})
    name = fields.Str(required=True)
    description = fields.Str(required=True)
    players = fields.Nested(PlayerCountSchema, required=True)
    team_play = fields.Bool(required=True)
    options = fields.Dict(keys=fields.Str(), values=fields.Nested(OptionSchema), required=True)
    bids = fields.List(fields.Nested(BidSchema), metadata={
        "description": "every bid with its value, in auction order (variants with an auction)"})


# -- games --------------------------------------------------------------------------------------


class SideSchema(Strict):
    name = fields.Str(required=True, validate=validate.Length(1, MAX_NAME),
                      metadata={"example": "North-South"})
    players = fields.List(fields.Str(validate=validate.Length(1, MAX_NAME)), required=True,
                          validate=validate.Length(1, 8), metadata={"example": ["Ann", "Cy"]})


class GameCreateSchema(Strict):
    variant = fields.Str(required=True, metadata={"example": "australian-500"})
    options = fields.Dict(keys=fields.Str(), values=fields.Raw(allow_none=True),
                          load_default=dict, metadata={
                              "description": "house rules by name (see GET /variants/{key}); "
                                             "the ones left out take their defaults",
                              "example": {"slam_bonus": True}})
    sides = fields.List(fields.Nested(SideSchema), required=True,
                        validate=validate.Length(1, 8))
    first_dealer = fields.Int(strict=True, load_default=0, validate=validate.Range(0, MAX_SEAT),
                              metadata={"description": "seat index of the first dealer"})


class StandingSchema(Strict):
    status = fields.Str(required=True, validate=validate.OneOf(["in_progress", "finished"]))
    winner = fields.Int(allow_none=True, required=True,
                        metadata={"description": "side index of the winner, null while playing"})
    scores = fields.List(fields.Int(), required=True,
                         metadata={"description": "running totals, one per side"})
    hands_played = fields.Int(required=True)
    dealer = fields.Int(required=True, metadata={"description": "seat index of the next dealer"})
    barred_seat = fields.Int(allow_none=True, metadata={
        "description": "a ralphed seat that may not win the next auction"})


class GameSchema(StandingSchema):
    id = fields.Int(required=True)
    variant = fields.Str(required=True)
    options = fields.Dict(keys=fields.Str(), values=fields.Raw(allow_none=True), required=True)
    sides = fields.List(fields.Nested(SideSchema), required=True)
    first_dealer = fields.Int(required=True)
    created_at = fields.Str(required=True, metadata={"format": "date-time"})
    updated_at = fields.Str(required=True, metadata={"format": "date-time"})


class GameCreatedSchema(GameSchema):
    token = fields.Str(required=True, metadata={
        "description": "the game's secret for writes (Authorization: Bearer <token>); shown "
                       "only in this response"})


# -- hands --------------------------------------------------------------------------------------


class HandInputSchema(Strict):
    """A hand as entered at the table. Which fields apply depends on the variant."""

    bidder = fields.Int(strict=True, validate=validate.Range(0, MAX_SEAT), metadata={
        "description": "seat index of the player who won the auction"})
    bid = fields.Str(validate=validate.Length(1, 10), metadata={
        "description": "bid code: 6S…10NT, MIS, OMIS, … (see the variant's bids)",
        "example": "7H"})
    tricks = fields.List(fields.Int(strict=True, validate=validate.Range(0, MAX_TRICKS)),
                         validate=validate.Length(1, 8), metadata={
                             "description": "tricks won by each side, in side order",
                             "example": [3, 7]})
    passed_out = StrictBool(metadata={"description": "true when everybody passed"})

    @ma.post_load
    def canonical(self, data: dict[str, Any], **_kwargs: Any) -> dict[str, Any]:
        if "bid" in data:
            data["bid"] = data["bid"].strip().upper()
        return data


class HandSchema(HandInputSchema):
    number = fields.Int(required=True, metadata={"description": "1 for the first hand"})
    deltas = fields.List(fields.Int(), required=True,
                         metadata={"description": "points each side gained or lost"})
    scores = fields.List(fields.Int(), required=True,
                         metadata={"description": "running totals after this hand"})
    explanation = fields.List(fields.Str(), required=True, metadata={
        "example": ["7♥ made by East-West: +200", "North-South took 3 tricks: +30"]})
    recorded_at = fields.Str(required=True, metadata={"format": "date-time"})
    game = fields.Nested(StandingSchema, metadata={"description": "the game after this hand"})


class ChangeSchema(Strict):
    number = fields.Int(required=True)
    action = fields.Str(required=True, validate=validate.OneOf(["recorded", "corrected",
                                                                "undone"]))
    at = fields.Str(required=True, metadata={"format": "date-time"})
    before = fields.Dict(allow_none=True, metadata={
        "description": "the hand before the change: input, deltas, scores"})
    after = fields.Dict(allow_none=True, metadata={"description": "the hand after the change"})


class WriteHeadersSchema(ma.Schema):
    class Meta:
        unknown = ma.EXCLUDE

    if_match = fields.Str(data_key="If-Match", metadata={
        "description": "the game's ETag as last read; a stale one is refused with 412"})
    idempotency_key = fields.Str(data_key="Idempotency-Key", metadata={
        "description": "any unique string; a retry with the same key and body returns the "
                       "first reply and records nothing new"})
