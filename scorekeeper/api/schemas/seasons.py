"""A club's seasons: their counting rules, and the ladder (standings) they give."""

from __future__ import annotations

from typing import Any

import marshmallow as ma
from marshmallow import fields

from scorekeeper.api import validate
from scorekeeper.api.bounds import Items
from scorekeeper.api.schemas.common import MAX_TOURNAMENT_NAME, Name, Strict
from scorekeeper.i18n import say
from scorekeeper.rules.registry import variants
from scorekeeper.seasons import PLACING_POINTS

MAX_COUNT = 10_000  # games, nights or best results a rule may name
MAX_PLACES = 64  # rows of a placing table
MAX_PLACE_POINTS = 1000
REASONS = ("best", "guests", "variant")


def count(least: int, **kwargs: Any) -> fields.Int:
    return fields.Int(strict=True, validate=validate.Range(least, MAX_COUNT), **kwargs)


class SeasonCountingSchema(Strict):
    min_games = count(0, metadata={
        "description": "listed only after this many games (default 1): eligible ones, after "
                       "`guests` and the season's `variants`; for `placing`, matches played at "
                       "the nights"})
    min_nights = count(0, metadata={
        "description": "listed only after this many club nights (default 0): days with an "
                       "eligible game, or, for `placing`, nights placed at"})
    best = count(1, allow_none=True, metadata={
        "description": "only the best N results count, the lowest dropped (a later one before "
                       "an earlier equal); null (the default): all"})
    guests = fields.Str(validate=validate.OneOf(("count", "exclude")), metadata={
        "description": "`count` (the default), or `exclude`: a game where an unlinked name or a "
                       "guest player sat (a night where one played) counts for nobody"})
    points = fields.Str(validate=validate.OneOf(("wins", "placing")), metadata={
        "description": "`wins` (the default): 1 a finished game won, 0 one lost; `placing`: a "
                       "club night (a club tournament finished, started in the window) gives "
                       "`placing_points` by place"})
    placing_points = Items(fields.Int(strict=True, validate=validate.Range(0, MAX_PLACE_POINTS)),
                           MAX_PLACES, least=1, metadata={
                               "description": "points for 1st, 2nd, ... at a night (default "
                                              f"{list(PLACING_POINTS)}); 0 below the table"})


DAY = {"maxLength": 10}  # YYYY-MM-DD: the spec bounds every string a body may carry


class SeasonCreateSchema(Strict):
    name = Name(MAX_TOURNAMENT_NAME, required=True, metadata={"example": "Hiver 2027"})
    starts_on = fields.Date(required=True, metadata={
        **DAY, "description": "its first day (UTC), included", "example": "2027-01-04"})
    ends_on = fields.Date(required=True, metadata={
        **DAY, "description": "its last day (UTC), included; not before `starts_on`",
        "example": "2027-04-26"})
    variants = Items(fields.Str(validate=validate.OneOf([v.key for v in variants()])), 32,
                     least=1, allow_none=True, metadata={
                         "description": "the variant keys counted; null (the default): all"})
    counting = fields.Nested(SeasonCountingSchema, metadata={
        "description": "the counting rules; each left out takes its default"})


class SeasonUpdateSchema(SeasonCreateSchema):
    name = Name(MAX_TOURNAMENT_NAME)
    starts_on = fields.Date(metadata=DAY)
    ends_on = fields.Date(metadata=DAY)

    @ma.validates_schema
    def _something(self, data: dict[str, Any], **_kwargs: Any) -> None:
        if not data:
            raise ma.ValidationError(say("Send at least one field to change."), "_schema")


class SeasonCountingViewSchema(Strict):
    min_games = fields.Int(required=True)
    min_nights = fields.Int(required=True)
    best = fields.Int(required=True, allow_none=True)
    guests = fields.Str(required=True)
    points = fields.Str(required=True)
    placing_points = fields.List(fields.Int(), required=True)


class SeasonSchema(Strict):
    id = fields.Int(required=True)
    club = fields.Int(required=True)
    name = fields.Str(required=True)
    starts_on = fields.Str(required=True, metadata={"format": "date"})
    ends_on = fields.Str(required=True, metadata={"format": "date"})
    variants = fields.List(fields.Str(), required=True, allow_none=True)
    counting = fields.Nested(SeasonCountingViewSchema, required=True, metadata={
        "description": "every rule, defaults filled in"})
    created_at = fields.Str(required=True, metadata={"format": "date-time"})
    updated_at = fields.Str(required=True, metadata={"format": "date-time"})


class SeasonsSchema(Strict):
    data = fields.List(fields.Nested(SeasonSchema), required=True)


class LadderPlayerSchema(Strict):
    id = fields.Int(required=True, allow_none=True, metadata={
        "description": "null for a hidden player, to a reader outside the club"})
    name = fields.Str(required=True, metadata={
        "description": "as this reader may see it (\"a guest\" for a hidden player outside "
                       "the club)"})


class LadderResultSchema(Strict):
    game = fields.Int(required=True, allow_none=True)
    tournament = fields.Int(required=True, allow_none=True)
    date = fields.Str(required=True, metadata={"format": "date", "description": "its night"})
    points = fields.Int(required=True, metadata={"description": "what it gives (or would)"})
    won = fields.Bool(required=True, allow_none=True, metadata={"description": "a game's"})
    placing = fields.Int(required=True, allow_none=True, metadata={"description": "a night's"})
    reason = fields.Str(required=True, allow_none=True, validate=validate.OneOf(REASONS),
                        metadata={"description": "why it was dropped: `best` (beyond the best "
                                                 "N), `guests` (a guest sat), `variant` (not "
                                                 "counted this season); null when it counted"})


class LadderEntrySchema(Strict):
    player = fields.Nested(LadderPlayerSchema, required=True)
    points = fields.Int(required=True)
    games = fields.Int(required=True, metadata={"description": "eligible games"})
    nights = fields.Int(required=True, metadata={"description": "eligible nights"})


class LadderStandingSchema(LadderEntrySchema):
    place = fields.Int(required=True, metadata={"description": "shared by equal points"})
    tied = fields.Bool(required=True, metadata={"description": "others share the place (=2)"})
    counted = fields.List(fields.Nested(LadderResultSchema), required=True)
    dropped = fields.List(fields.Nested(LadderResultSchema), required=True)


class LadderNeedsSchema(Strict):
    games = fields.Int(metadata={"description": "games still lacking"})
    nights = fields.Int(metadata={"description": "nights still lacking"})


class LadderUnlistedSchema(LadderEntrySchema):
    needs = fields.Nested(LadderNeedsSchema, required=True)


class LadderSchema(Strict):
    season = fields.Nested(SeasonSchema, required=True)
    standings = fields.List(fields.Nested(LadderStandingSchema), required=True)
    unlisted = fields.List(fields.Nested(LadderUnlistedSchema), required=True, metadata={
        "description": "players with results not listed yet, with what they lack"})
