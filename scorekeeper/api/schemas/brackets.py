"""GET /tournaments/{id}/bracket: the draw as a bracket, every slot placed."""

from __future__ import annotations

from marshmallow import fields

from scorekeeper.api.schemas.common import Strict


class SlotSchema(Strict):
    team = fields.Int(allow_none=True, required=True)
    name = fields.Str(allow_none=True, required=True)
    seed = fields.Int(allow_none=True, required=True)
    wins = fields.Int(allow_none=True, required=True)


class NextSchema(Strict):
    match = fields.Int(required=True, metadata={"description": "index in the next round"})
    slot = fields.Int(required=True, metadata={"description": "0 (top) or 1 (bottom)"})


class BracketMatchSchema(Strict):
    id = fields.Str(allow_none=True, required=True, metadata={
        "description": "null until the round is built"})
    kind = fields.Str(required=True, metadata={
        "description": "match, bye, or empty: a place nobody comes to (below two byes, or every "
                       "team that would have come withdrew)"})
    status = fields.Str(required=True)
    slots = fields.List(fields.Nested(SlotSchema, allow_none=True, metadata={
        "description": "who fills this slot, or null"}), required=True,
                        metadata={"description": "two slots; null where nobody is known yet"})
    winner = fields.Int(allow_none=True, required=True)
    next = fields.Nested(NextSchema, allow_none=True, required=True,
                         metadata={"description": "where the winner goes; null for the final "
                                                  "(and for a winners' or losers' final, whose "
                                                  "winner goes to the grand final)"})


class BracketRoundSchema(Strict):
    name = fields.Str(required=True)
    number = fields.Int(allow_none=True, required=True)
    matches = fields.List(fields.Nested(BracketMatchSchema), required=True)


class LeagueTeamSchema(Strict):
    team = fields.Int(required=True)
    name = fields.Str(required=True)
    total = fields.Int(required=True)


class LeagueMatchSchema(Strict):
    id = fields.Str(required=True)
    kind = fields.Str(required=True)
    status = fields.Str(required=True)
    teams = fields.List(fields.Nested(LeagueTeamSchema), required=True)
    winner = fields.Int(allow_none=True, required=True)


class LeagueRoundSchema(Strict):
    number = fields.Int(required=True)
    name = fields.Str(required=True)
    kind = fields.Str(required=True)
    matches = fields.List(fields.Nested(LeagueMatchSchema), required=True)


class BracketSchema(Strict):
    tournament_id = fields.Int(required=True)
    format = fields.Str(required=True)
    champion = fields.Int(allow_none=True, required=True)
    league = fields.List(fields.Nested(LeagueRoundSchema), required=True)
    knockout = fields.List(fields.Nested(BracketRoundSchema), required=True, metadata={
        "description": "first round to final, every slot placed: draw round by round "
                       "(double elimination: the winners' bracket)"})
    losers = fields.List(fields.Nested(BracketRoundSchema), required=True, metadata={
        "description": "double elimination's losers' bracket, first round to its final "
                       "(empty for other formats); a minor round's slot 0 is the survivor, slot "
                       "1 the team dropping in from the winners' bracket"})
    final = fields.List(fields.Nested(BracketMatchSchema), required=True, metadata={
        "description": "double elimination's grand final (slot 0 the winners' champion), then "
                       "its reset if played (empty for other formats)"})
    third_place = fields.Nested(BracketMatchSchema, allow_none=True, required=True, metadata={
        "description": "single elimination's match for third place when the option is on "
                       "(empty slots until the final is built), else null"})
