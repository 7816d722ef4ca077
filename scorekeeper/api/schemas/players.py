"""A player and their record (GET /players/{id}), and the hands behind a figure."""

from __future__ import annotations

from marshmallow import fields

from scorekeeper.api import validate
from scorekeeper.api.schemas.common import Query, Strict
from scorekeeper.api.schemas.hands import HandSchema

MAX_FIGURE = 40  # a figure's key: "partner.6.3NT.failed" and the like
MAX_CURSOR = 100
RESULT = ("won", "lost", "unfinished")


class TallySchema(Strict):
    games = fields.Int(required=True)
    won = fields.Int(required=True)
    lost = fields.Int(required=True)
    unfinished = fields.Int(required=True)


class FamilyRecordSchema(TallySchema):
    figures = fields.Dict(keys=fields.Str(), values=fields.Int(), required=True, metadata={
        "description": "each figure's key (docs/features.md: bid.7H.made, misere.made, set, "
                       "marianna.trump, meld, ...) and how many times; GET "
                       "/players/{id}/hands?figure=KEY lists the hands behind it"})


class StreaksSchema(Strict):
    current = fields.Int(required=True, metadata={"description": "games won in a row, to the "
                                                                 "latest finished one"})
    longest = fields.Int(required=True)


class RecentGameSchema(Strict):
    game = fields.Int(required=True)
    played_at = fields.Str(required=True, metadata={"format": "date-time"})
    variant = fields.Str(required=True)
    family = fields.Str(required=True)
    result = fields.Str(required=True, validate=validate.OneOf(RESULT))
    end_reason = fields.Str(required=True, allow_none=True)
    score = fields.Int(required=True)


class SharedSchema(TallySchema):
    """A partner or opponent: the games shared, and this player's results in them."""

    player = fields.Int(required=True)
    name = fields.Str(required=True)


class RecordSchema(TallySchema):
    families = fields.Dict(keys=fields.Str(), values=fields.Nested(FamilyRecordSchema),
                           required=True, metadata={"description": "per variant family: "
                                                    "contract, card_points, rummy"})
    streaks = fields.Nested(StreaksSchema, required=True)
    recent = fields.List(fields.Nested(RecentGameSchema), required=True, metadata={
        "description": "the latest games, newest first"})
    partners = fields.List(fields.Nested(SharedSchema), required=True, metadata={
        "description": "players on this player's side in at least three games, most shared "
                       "first"})
    opponents = fields.List(fields.Nested(SharedSchema), required=True)


class PlayerRecordSchema(Strict):
    id = fields.Int(required=True)
    name = fields.Str(required=True)
    club = fields.Int(required=True)
    kind = fields.Str(required=True, validate=validate.OneOf(["member", "guest"]))
    visibility = fields.Str(required=True,
                            validate=validate.OneOf(["public", "full", "hidden"]))
    merged_into = fields.Int(required=True, allow_none=True)
    record = fields.Nested(RecordSchema, required=True)


class FigureHandsQuerySchema(Query):
    figure = fields.Str(required=True, validate=validate.Length(1, MAX_FIGURE), metadata={
        "description": "a figure's key, as in the record's `figures`"})
    limit = fields.Int(load_default=25, validate=validate.Range(1, 100))
    cursor = fields.Str(load_default=None, validate=validate.Length(1, MAX_CURSOR), metadata={
        "description": "next_cursor of the page before"})


class FigureHandSchema(Strict):
    game = fields.Int(required=True)
    number = fields.Int(required=True)
    date = fields.Str(required=True, metadata={"format": "date-time"})
    hand = fields.Nested(HandSchema, required=True)


class FigureHandsSchema(Strict):
    data = fields.List(fields.Nested(FigureHandSchema), required=True)
    has_more = fields.Bool(required=True)
    next_cursor = fields.Str(required=True, allow_none=True)


class RatingPointSchema(Strict):
    game = fields.Int(required=True)
    at = fields.Str(required=True, metadata={"format": "date-time",
                                             "description": "when the game was decided"})
    value = fields.Float(required=True, metadata={"description": "the value after this game"})


class RatingSchema(Strict):
    family = fields.Str(required=True, validate=validate.OneOf(
        ["contract", "card_points", "rummy"]))
    value = fields.Float(required=True, metadata={
        "description": "out of 100 head-to-head games against an average newcomer, how many "
                       "this player is expected to finish ahead in (50: even)"})
    provisional = fields.Bool(required=True, metadata={
        "description": "fewer than 10 games in this family"})
    games = fields.Int(required=True)
    mu = fields.Float(required=True, metadata={"description": "openskill's mean skill"})
    sigma = fields.Float(required=True, metadata={"description": "openskill's uncertainty"})
    history = fields.List(fields.Nested(RatingPointSchema), required=True, metadata={
        "description": "the value after each game, oldest first"})


class PlayerRatingsSchema(Strict):
    player = fields.Int(required=True)
    ratings = fields.List(fields.Nested(RatingSchema), required=True)


class SideChanceSchema(Strict):
    side = fields.Int(required=True)
    chance = fields.Float(required=True, metadata={"description": "0 to 1"})


class ChancesSchema(Strict):
    sides = fields.List(fields.Nested(SideChanceSchema), required=True)
    rated = fields.Bool(required=True, metadata={
        "description": "whether any seat's player has a rating in the game's family"})
