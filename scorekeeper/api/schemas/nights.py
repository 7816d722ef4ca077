"""A club night (GET /clubs/{id}/nights/{night}): its games, placings, wins and milestones."""

from __future__ import annotations

from zoneinfo import ZoneInfo, ZoneInfoNotFoundError, available_timezones

import marshmallow as ma
from marshmallow import fields

from scorekeeper.api import validate
from scorekeeper.api.schemas.common import Query, Strict
from scorekeeper.i18n import say
from scorekeeper.nights import COUNTED, MILESTONES

MAX_ZONE = 64  # the longest IANA zone name is 32 characters


class NightQuerySchema(Query):
    tz = fields.Str(load_default="UTC", validate=validate.Length(1, MAX_ZONE), metadata={
        "description": "the club's time zone (IANA, e.g. America/Toronto; default UTC): a "
                       "night runs from 6 a.m. on its date to 6 a.m. the next day there"})

    @ma.validates("tz")
    def _known(self, value: str, **_kwargs: object) -> None:
        try:
            known = value in available_timezones() and ZoneInfo(value) is not None
        except (ZoneInfoNotFoundError, ValueError):
            known = False
        if not known:
            raise ma.ValidationError(say("Not a time zone this server knows."))


class NightSeatSchema(Strict):
    name = fields.Str(required=True)
    player = fields.Int(required=True, allow_none=True, metadata={
        "description": "the club's player linked to the seat; null: a guest or unlinked name"})


class NightSideSchema(Strict):
    name = fields.Str(required=True)
    score = fields.Int(required=True)
    won = fields.Bool(required=True)
    players = fields.List(fields.Nested(NightSeatSchema), required=True)


class NightGameSchema(Strict):
    id = fields.Int(required=True)
    variant = fields.Str(required=True)
    finished_at = fields.Str(required=True, metadata={
        "format": "date-time", "description": "when its last hand was recorded"})
    hands = fields.Int(required=True)
    end_reason = fields.Str(required=True, allow_none=True)
    sides = fields.List(fields.Nested(NightSideSchema), required=True)


class NightPlacingSchema(Strict):
    place = fields.Int(required=True)
    team = fields.Int(required=True)
    name = fields.Str(required=True)


class NightStandingSchema(Strict):
    rank = fields.Int(required=True)
    name = fields.Str(required=True)
    points = fields.Int(required=True)


class NightTournamentSchema(Strict):
    tournament = fields.Int(required=True)
    name = fields.Str(required=True)
    variant = fields.Str(required=True)
    format = fields.Str(required=True)
    finished_at = fields.Str(required=True, metadata={
        "format": "date-time", "description": "when its last game was reported"})
    placings = fields.List(fields.Nested(NightPlacingSchema), required=True)
    standings = fields.List(fields.Nested(NightStandingSchema), required=True, metadata={
        "description": "the final standings, as GET /tournaments/{id} gives them"})


class NightWinsSchema(NightSeatSchema):
    games = fields.Int(required=True)
    won = fields.Int(required=True)


class NightMilestoneSchema(Strict):
    player = fields.Int(required=True)
    name = fields.Str(required=True)
    figure = fields.Str(required=True, validate=validate.OneOf(COUNTED), metadata={
        "description": "games (finished), won, or a figure of the record: slam, "
                       "open_misere.made, misere.made"})
    count = fields.Int(required=True, validate=validate.OneOf(MILESTONES), metadata={
        "description": f"the milestone the night crossed, one of {list(MILESTONES)}"})
    game = fields.Int(required=True, metadata={"description": "the game that crossed it"})


class NightSeasonSchema(Strict):
    id = fields.Int(required=True)
    name = fields.Str(required=True)


class NightPersonSchema(Strict):
    id = fields.Int(required=True, allow_none=True, metadata={
        "description": "null: a hidden player, to a reader outside the club"})
    name = fields.Str(required=True)


class NightLineSchema(Strict):
    place = fields.Int(required=True)
    tied = fields.Bool(required=True)
    player = fields.Nested(NightPersonSchema, required=True)
    points = fields.Int(required=True)
    before = fields.Int(required=True, allow_none=True, metadata={
        "description": "the place before the night; null: not listed then"})


class NightClubSchema(Strict):
    id = fields.Int(required=True)
    name = fields.Str(required=True)
    language = fields.Str(required=True)


class NightSchema(Strict):
    club = fields.Nested(NightClubSchema, required=True)
    date = fields.Str(required=True, metadata={"format": "date"})
    time_zone = fields.Str(required=True)
    starts_at = fields.Str(required=True, metadata={"format": "date-time"})
    ends_at = fields.Str(required=True, metadata={"format": "date-time"})
    games = fields.List(fields.Nested(NightGameSchema), required=True, metadata={
        "description": "the club's games finished that night, in the order they finished"})
    placings = fields.List(fields.Nested(NightTournamentSchema), required=True, metadata={
        "description": "the club's tournaments finished that night"})
    wins = fields.List(fields.Nested(NightWinsSchema), required=True, metadata={
        "description": "each one who played that night: games and games won, most wins first"})
    milestones = fields.List(fields.Nested(NightMilestoneSchema), required=True, metadata={
        "description": "a count the night made cross a milestone: a first game, a 100th win, "
                       "a first open misère made"})
    season = fields.Nested(NightSeasonSchema, required=True, allow_none=True, metadata={
        "description": "the season the night falls in (the latest begun); null: none"})
    ladder = fields.List(fields.Nested(NightLineSchema), required=True, metadata={
        "description": "that season's ladder after the night, as GET .../standings counts it"})
    movers = fields.List(fields.Nested(NightLineSchema), required=True, metadata={
        "description": "the ladder's lines whose place the night changed (newly listed too)"})
