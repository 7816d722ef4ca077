"""Games: creating one, reading it, its history, statistics, export and import."""

from __future__ import annotations

from typing import Any

import marshmallow as ma
from marshmallow import fields

from scorekeeper.api import validate
from scorekeeper.api.bounds import Items, Map, options_map
from scorekeeper.api.schemas.clubs import SeatSchema
from scorekeeper.api.schemas.common import (
    MAX_KEY,
    MAX_LINE,
    MAX_NAME,
    MAX_SEAT,
    MAX_SIDES,
    OPTION_VALUE,
    Name,
    Query,
    Strict,
    any_value,
    instant,
    points_list,
    variant_key,
)
from scorekeeper.i18n import say
from scorekeeper.limits import MAX_CHANGES, MAX_HANDS
from scorekeeper.rules.reasons import END_REASONS


class SideSchema(Strict):
    name = Name(required=True, metadata={"example": "North-South"})
    players = Items(Name(), 8, 1, required=True, metadata={"example": ["Ann", "Cy"]})


class LinkedPlayerSchema(Strict):
    name = Name(required=True, metadata={"example": "Ann"})
    player = fields.Int(strict=True, required=True, validate=validate.Range(1, 2**31 - 1),
                        metadata={"description": "a player of the game's club", "example": 12})


class SeatedPlayer(fields.Field):  # type: ignore[type-arg]
    """A player at the table: a name (a guest, as ever), or in a club game {"name", "player"}:
    the name as typed, and the club's player who sits there."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(metadata={
            "description": "a name (a guest), or in a club game {\"name\", \"player\"}: the "
                           "name as typed and the club's player who sits there",
            "oneOf": [{"type": "string", "minLength": 1, "maxLength": MAX_NAME},
                      {"$ref": "#/components/schemas/LinkedPlayer"}]}, **kwargs)
        self.name_field = Name()

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> Any:
        if isinstance(value, str):
            return self.name_field.deserialize(value)
        if isinstance(value, dict):
            return LinkedPlayerSchema().load(value)
        raise ma.ValidationError(say('A name, or an object with "name" and "player".'))


class SideInputSchema(Strict):
    name = Name(required=True, metadata={"example": "North-South"})
    players = Items(SeatedPlayer(), 8, 1, required=True, metadata={"example": ["Ann", "Cy"]})


class GameCreateSchema(Strict):
    variant = variant_key(required=True)
    options = options_map(load_default=dict, metadata={
        "description": "house rules by name (see GET /variants/{key}); the ones left out take "
                       "their defaults", "example": {"slam_bonus": True}})
    sides = Items(fields.Nested(SideInputSchema), MAX_SIDES, 1, required=True)
    first_dealer = fields.Int(strict=True, load_default=0, validate=validate.Range(0, MAX_SEAT),
                              metadata={"description": "seat index of the first dealer"})
    club = fields.Int(strict=True, validate=validate.Range(1, 2**31 - 1), metadata={
        "description": "the club the game is played in (its member or admin token as "
                       "X-Club-Token): its seats are kept, to be linked to the club's players"})


class StandingSchema(Strict):
    status = fields.Str(required=True, validate=validate.OneOf(["in_progress", "finished"]))
    winner = fields.Int(allow_none=True, required=True,
                        metadata={"description": "side index of the winner, null while playing"})
    # Made from the rules' own table, so the spec lists every way a game can end.
    end_reason = fields.Str(allow_none=True, required=True,
                            validate=validate.OneOf(sorted(END_REASONS)), metadata={
                                "description": "why a finished game ended, null while playing; "
                                               "the codes:\n" + "\n".join(
                                                   f"- `{code}`: {why}"
                                                   for code, why in sorted(END_REASONS.items()))})
    scores = fields.List(fields.Int(), required=True,
                         metadata={"description": "running totals, one per side"})
    hands_played = fields.Int(required=True)
    dealer = fields.Int(required=True, metadata={"description": "seat index of the next dealer"})
    barred_seat = fields.Int(allow_none=True, metadata={
        "description": "a ralphed seat that may not win the next auction"})


class GameSchema(StandingSchema):
    id = fields.Int(required=True)
    variant = fields.Str(required=True)
    options = fields.Dict(keys=fields.Str(), values=any_value(OPTION_VALUE), required=True)
    sides = fields.List(fields.Nested(SideSchema), required=True)
    first_dealer = fields.Int(required=True)
    tournament = fields.Int(required=True, allow_none=True, metadata={
        "description": "the tournament whose match this game is played for on the sheet "
                       "(POST /tournaments/{id}/matches/{match_id}/sheet), else null"})
    match = fields.Str(required=True, allow_none=True, metadata={
        "description": "that match's key (r1m2), else null"})
    club = fields.Int(required=True, allow_none=True, metadata={
        "description": "the club the game was played in, else null"})
    seats = fields.List(fields.Nested(SeatSchema), metadata={
        "description": "a club game's seats, in the table's order: the name as typed and the "
                       "club's player linked to it (an id), or null"})
    created_at = fields.Str(required=True, metadata={"format": "date-time"})
    updated_at = fields.Str(required=True, metadata={"format": "date-time"})


class GameCreatedSchema(GameSchema):
    token = fields.Str(required=True, metadata={
        "description": "the game's secret for writes (Authorization: Bearer <token>); shown "
                       "only in this response"})


class SheetGameSchema(GameSchema):
    token = fields.Str(required=True, allow_none=True, metadata={
        "description": "the new game's secret for writes, shown only in this response; null for "
                       "a game already on the sheet (the match's scorer token writes to it)"})


class HandWriteQuerySchema(Query):
    cascade = fields.Boolean(load_default=False, truthy={"true"}, falsy={"false"}, metadata={
        "description": "a game played on a tournament's sheet: rebuild the later rounds built "
                       "on its match (the organizer's token only)"})
    preview = fields.Boolean(load_default=False, truthy={"true"}, falsy={"false"}, metadata={
        "description": "answer what the write would do and store nothing (on a tournament's "
                       "sheet: what it does to the match and later rounds, even where applying "
                       "it needs ?cascade=true)"})


MAX_HAND_KEYS = 16  # fields of a hand as entered, or of a history entry's hand


class ChangeSchema(Strict):
    number = fields.Int(strict=True, required=True, validate=validate.Range(1, 2**31 - 1))
    action = fields.Str(required=True, validate=validate.OneOf(["recorded", "corrected",
                                                                "undone"]))
    at = instant(required=True)
    before = Map(MAX_HAND_KEYS, allow_none=True, metadata={
        "description": "the hand before the change: input, deltas, scores"})
    after = Map(MAX_HAND_KEYS, allow_none=True, metadata={
        "description": "the hand after the change"})


class BidCountSchema(Strict):
    bid = fields.Str(required=True, metadata={"example": "7H"})
    name = fields.Str(required=True, metadata={
        "description": "the bid's name at the table, in the request's language", "example": "7♥"})
    kind = fields.Str(required=True, validate=validate.OneOf(["trumps", "misere", "hilo"]),
                      metadata={"description": "a trump or no-trump contract, a misère (open, "
                                               "blind, …) or hilo"})
    level = fields.Int(required=True, allow_none=True, metadata={
        "description": "the tricks bid (6–10) where the bid sits on the level-and-suit table "
                       "(a fractional bid at its level); null off it (misère, hilo, J5)"})
    suit = fields.Str(required=True, allow_none=True,
                      validate=validate.OneOf(["S", "C", "D", "H", "NT"]), metadata={
                          "description": "the trump suit, or NT for no-trumps; null off the "
                                         "level-and-suit table"})
    won = fields.Int(required=True, metadata={"description": "auctions won with this bid"})
    made = fields.Int(required=True)
    failed = fields.Int(required=True)


class BidRecordSchema(Strict):
    won = fields.Int(required=True, metadata={"description": "auctions won"})
    made = fields.Int(required=True, metadata={"description": "contracts made"})
    failed = fields.Int(required=True, metadata={"description": "contracts failed"})
    slams = fields.Int(required=True, metadata={
        "description": "trump or no-trump contracts made with every trick of the hand"})
    by_bid = fields.List(fields.Nested(BidCountSchema), required=True, metadata={
        "description": "the same, bid by bid in auction order (bids never won are left out)"})


class CountsSchema(Strict):
    """The counts that mean something in the game's variant; the others are left out."""

    hands_won = fields.Int(required=True, metadata={
        "description": "hands in which this side gained the most points (a tie at the top "
                       "counts for nobody)"})
    card_points = fields.Int(metadata={"description": "Cinquecento: card points captured"})
    marianna_points = fields.Int(metadata={"description": "Cinquecento: points for Mariannas"})
    mariannas = fields.Int(metadata={"description": "Cinquecento: Mariannas declared"})
    meld_points = fields.Int(metadata={"description": "Rummy 500: points melded and laid off"})
    penalty_points = fields.Int(metadata={
        "description": "Rummy 500: points of the cards left in hand, counted against"})
    went_out = fields.Int(metadata={"description": "Rummy 500: hands in which this player went "
                                                   "out"})
    bids = fields.Nested(BidRecordSchema, metadata={
        "description": "Australian and Quebec 500: the contracts this side or player won"})


class PlayerStatsSchema(CountsSchema):
    """A player: their bids; all of the side's counts when they play alone."""

    hands_won = fields.Int()
    name = fields.Str(required=True)
    seat = fields.Int(required=True)


class SideStatsSchema(CountsSchema):
    side = fields.Int(required=True)
    name = fields.Str(required=True)
    score = fields.Int(required=True)
    players = fields.List(fields.Nested(PlayerStatsSchema), required=True)


class StatsSchema(Strict):
    game_id = fields.Int(required=True)
    variant = fields.Str(required=True)
    hands_played = fields.Int(required=True)
    sides = fields.List(fields.Nested(SideStatsSchema), required=True)


class HandExportSchema(Strict):
    number = fields.Int(strict=True, required=True, validate=validate.Range(1, MAX_HANDS))
    input = Map(MAX_HAND_KEYS, required=True, metadata={
        "description": "the hand exactly as entered"})
    deltas = points_list(required=True)
    scores = points_list(required=True)
    explanation = Items(fields.Str(validate=validate.Length(0, MAX_LINE)), 64, required=True)
    recorded_at = instant(required=True)
    updated_at = instant(required=True)


class GameExportSchema(Strict):
    """A whole game: import it (POST /games/import) to get it back, checked by the rules."""

    format = fields.Str(required=True, validate=validate.Length(1, MAX_KEY),
                        metadata={"example": "scorekeeper.game/1"})
    variant = variant_key(required=True)
    options = options_map(required=True)
    sides = Items(fields.Nested(SideSchema), MAX_SIDES, 1, required=True)
    first_dealer = fields.Int(strict=True, required=True, validate=validate.Range(0, MAX_SEAT))
    created_at = instant(required=True)
    updated_at = instant(required=True)
    status = fields.Str(required=True, validate=validate.OneOf(["in_progress", "finished"]))
    winner = fields.Int(strict=True, allow_none=True, required=True,
                        validate=validate.Range(0, MAX_SIDES - 1))
    scores = points_list(required=True)
    hands = Items(fields.Nested(HandExportSchema), MAX_HANDS, required=True)
    history = Items(fields.Nested(ChangeSchema), MAX_CHANGES, required=True)
