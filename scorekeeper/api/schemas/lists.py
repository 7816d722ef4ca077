"""The lists' queries and replies (issue 29): a page of small items, the cursor of the next."""

from __future__ import annotations

from typing import Any

import marshmallow as ma
from marshmallow import fields

from scorekeeper.api import validate
from scorekeeper.api.schemas.common import Query, Strict
from scorekeeper.rules.reasons import END_REASONS
from scorekeeper.rules.registry import variants
from scorekeeper.services.lists import GAME_STATUSES, MOST, PAGE, TOURNAMENT_STATUSES

MAX_ID = 2**31 - 1
MAX_CURSOR = 200
RFC3339 = ("RFC 3339 with its offset (Z or +hh:mm, the + written %2B in a query); on created_at")


class PageQuery(Query):
    limit = fields.Int(load_default=PAGE, validate=validate.Range(1, MOST),
                       metadata={"description": f"items in a page, {PAGE} when left out"})
    cursor = fields.Str(validate=validate.Length(1, MAX_CURSOR), metadata={
        "description": "the `next_cursor` of the page before, as it came (opaque); a cursor "
                       "this list did not give, with these filters, is refused with 400"})


class TimedQuery(PageQuery):
    variant = fields.Str(validate=validate.OneOf([v.key for v in variants()]))
    since = fields.AwareDateTime(format="iso", metadata={
        "description": f"only what was created at or after this instant: {RFC3339}"})
    until = fields.AwareDateTime(format="iso", metadata={
        "description": f"only what was created before this instant: {RFC3339}"})


class PlayerGamesQuery(TimedQuery):
    status = fields.Str(validate=validate.OneOf(GAME_STATUSES), metadata={
        "description": "`in_progress` (or `playing`, the same) or `finished`"})


class GamesQuery(PlayerGamesQuery):
    club = fields.Int(validate=validate.Range(1, MAX_ID), metadata={
        "description": "one club's games (a private club's need one of its tokens)"})
    player = fields.Int(validate=validate.Range(1, MAX_ID), metadata={
        "description": "only the games this player sat in"})


class TournamentsQuery(TimedQuery):
    status = fields.Str(validate=validate.OneOf(TOURNAMENT_STATUSES))
    club = fields.Int(validate=validate.Range(1, MAX_ID), metadata={
        "description": "one club's tournaments (a private club's need one of its tokens)"})


class ListedSideSchema(Strict):
    name = fields.Str(required=True)
    players = fields.List(fields.Str(), required=True, metadata={
        "description": "as this reader may see them: a club's tokens read names in full, "
                       "others \"First L.\" (or the whole name where the player chose so; "
                       "\"a guest\" for a hidden player)"})


class ListedGameSchema(Strict):
    id = fields.Int(required=True)
    variant = fields.Str(required=True)
    club = fields.Int(required=True)
    sides = fields.List(fields.Nested(ListedSideSchema), required=True)
    scores = fields.List(fields.Int(), required=True)
    status = fields.Str(required=True, validate=validate.OneOf(["in_progress", "finished"]))
    winner = fields.Int(required=True, allow_none=True)
    end_reason = fields.Str(required=True, allow_none=True,
                            validate=validate.OneOf(sorted(END_REASONS)))
    hands_played = fields.Int(required=True)
    created_at = fields.Str(required=True, metadata={"format": "date-time"})
    updated_at = fields.Str(required=True, metadata={"format": "date-time"})


class ListedTournamentSchema(Strict):
    id = fields.Int(required=True)
    name = fields.Str(required=True)
    variant = fields.Str(required=True)
    format = fields.Str(required=True)
    club = fields.Int(required=True)
    status = fields.Str(required=True, validate=validate.OneOf(TOURNAMENT_STATUSES))
    teams = fields.Int(required=True, metadata={"description": "how many teams entered"})
    created_at = fields.Str(required=True, metadata={"format": "date-time"})
    updated_at = fields.Str(required=True, metadata={"format": "date-time"})


class ListedPlayerSchema(Strict):
    id = fields.Int(required=True)
    name = fields.Str(required=True, metadata={"description": "as this reader may see it"})
    kind = fields.Str(required=True, validate=validate.OneOf(["member", "guest"]))
    club = fields.Int(required=True)
    games = fields.Int(required=True, metadata={"description": "club games sat in"})


def page_of(item: type[ma.Schema], name: str) -> type[ma.Schema]:
    """A page of `item`s: the reply every list gives."""
    body: dict[str, Any] = {
        "data": fields.List(fields.Nested(item), required=True),
        "has_more": fields.Bool(required=True),
        "next_cursor": fields.Str(required=True, allow_none=True, metadata={
            "description": "the cursor of the next page, null on the last"})}
    return Strict.from_dict(body, name=name)


GamesPageSchema = page_of(ListedGameSchema, "GamesPage")
TournamentsPageSchema = page_of(ListedTournamentSchema, "TournamentsPage")
PlayersPageSchema = page_of(ListedPlayerSchema, "PlayersPage")
