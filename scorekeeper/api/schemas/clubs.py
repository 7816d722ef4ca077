"""Clubs, their players, the seats of their games, the unlinked names and the merge log."""

from __future__ import annotations

from typing import Any

import marshmallow as ma
from marshmallow import fields

from scorekeeper.api import validate
from scorekeeper.api.schemas.common import MAX_TOURNAMENT_NAME, Name, Strict, StrictBool
from scorekeeper.i18n import LANGUAGES, say

MAX_ID = 2**31 - 1
KINDS = ("member", "guest")
VISIBILITIES = ("public", "full", "hidden")
VISIBILITY = ("how the name shows outside the club: `public` as \"First L.\", `full` whole, "
              "`hidden` never (\"a guest\" in others' histories); the club's tokens always see "
              "the whole name")


def player_id(**kwargs: Any) -> fields.Int:
    return fields.Int(strict=True, validate=validate.Range(1, MAX_ID), **kwargs)


class ClubCreateSchema(Strict):
    name = Name(MAX_TOURNAMENT_NAME, required=True, metadata={"example": "Club de la Rive"})
    language = fields.Str(validate=validate.OneOf(list(LANGUAGES)), metadata={
        "description": "the club's language (default: the request's)", "example": "fr"})
    public = StrictBool(load_default=False, metadata={
        "description": "whether its ledger (players, games in lists) reads without a token"})


class ClubUpdateSchema(Strict):
    name = Name(MAX_TOURNAMENT_NAME)
    language = fields.Str(validate=validate.OneOf(list(LANGUAGES)))
    public = StrictBool()

    @ma.validates_schema
    def _something(self, data: dict[str, Any], **_kwargs: Any) -> None:
        if not data:
            raise ma.ValidationError(say("Send at least one of name, language and public."),
                                     "_schema")


class ClubSchema(Strict):
    id = fields.Int(required=True)
    name = fields.Str(required=True)
    language = fields.Str(required=True)
    public = fields.Bool(required=True)
    role = fields.Str(required=True, allow_none=True, metadata={
        "description": "what the token sent may do here: `admin`, `member`, or null (none)"})
    created_at = fields.Str(required=True, metadata={"format": "date-time"})
    updated_at = fields.Str(required=True, metadata={"format": "date-time"})


class ClubCreatedSchema(ClubSchema):
    token = fields.Str(required=True, metadata={
        "description": "the admin's token (Authorization: Bearer); shown only here"})
    member_token = fields.Str(required=True, metadata={
        "description": "the token members share to start games and add players; shown only "
                       "here (the admin may rotate it)"})
    recovery_code = fields.Str(required=True, metadata={
        "description": "issues a new admin token (POST .../recover); shown only here"})


class MemberTokenSchema(Strict):
    id = fields.Int(required=True)
    member_token = fields.Str(required=True, metadata={
        "description": "the new member token (the old one no longer works); shown once"})


class ClubRecoveredSchema(Strict):
    id = fields.Int(required=True)
    token = fields.Str(required=True, metadata={
        "description": "the admin's new token (the old one no longer works); shown once"})
    recovery_code = fields.Str(required=True, metadata={
        "description": "the next recovery code (the one sent is used up); shown once"})


class PlayerCreateSchema(Strict):
    name = Name(required=True, metadata={"example": "Marie Bouchard"})
    kind = fields.Str(validate=validate.OneOf(KINDS), metadata={
        "description": "`member` (the default) or `guest`"})
    visibility = fields.Str(validate=validate.OneOf(VISIBILITIES), metadata={
        "description": VISIBILITY + "; the admin's token only (default `public`)"})


class PlayerUpdateSchema(PlayerCreateSchema):
    name = Name(metadata={"example": "Marie Bouchard"})

    @ma.validates_schema
    def _something(self, data: dict[str, Any], **_kwargs: Any) -> None:
        if not data:
            raise ma.ValidationError(say("Send at least one of name, kind and visibility."),
                                     "_schema")


class PlayerSchema(Strict):
    id = fields.Int(required=True)
    name = fields.Str(required=True)
    club = fields.Int(required=True)
    kind = fields.Str(required=True, validate=validate.OneOf(KINDS))
    visibility = fields.Str(required=True, validate=validate.OneOf(VISIBILITIES),
                            metadata={"description": VISIBILITY})
    merged_into = fields.Int(required=True, allow_none=True, metadata={
        "description": "the player this one was merged into, else null"})
    created_at = fields.Str(required=True, metadata={"format": "date-time"})
    updated_at = fields.Str(required=True, metadata={"format": "date-time"})


class ErasedSchema(Strict):
    id = fields.Int(required=True)
    erased = fields.List(fields.Int(), required=True, metadata={
        "description": "the players erased: this one and any merged into it"})
    seats = fields.Int(required=True, metadata={"description": "seats that became guests"})
    games = fields.Int(required=True, metadata={"description": "games those seats are in"})


class SeatLinkSchema(Strict):
    player = player_id(required=True, allow_none=True, metadata={
        "description": "a player of the game's club (not merged), or null to unlink"})


class SeatSchema(Strict):
    seat = fields.Int(required=True, metadata={"description": "the seat's number at the table"})
    side = fields.Int(required=True)
    name = fields.Str(required=True, metadata={"description": "the name as typed at the table"})
    player = fields.Int(required=True, allow_none=True, metadata={
        "description": "the club's player who sat there, or null (a guest, or not linked yet)"})


class SeatLinkedSchema(SeatSchema):
    game = fields.Int(required=True)


class UnlinkedNameSchema(Strict):
    name = fields.Str(required=True)
    seats = fields.Int(required=True)
    games = fields.Int(required=True)
    first = fields.Str(required=True, metadata={"format": "date-time",
                                                "description": "the first game's start"})
    last = fields.Str(required=True, metadata={"format": "date-time",
                                               "description": "the last game's start"})


class UnlinkedSchema(Strict):
    data = fields.List(fields.Nested(UnlinkedNameSchema), required=True)


class LinkNameSchema(Strict):
    name = Name(required=True, metadata={"example": "Marie B."})
    player = player_id(required=True, metadata={"example": 12})


class NameLinkedSchema(Strict):
    name = fields.Str(required=True)
    player = fields.Int(required=True)
    linked = fields.Int(required=True, metadata={"description": "seats linked"})
    skipped = fields.Int(required=True, metadata={
        "description": "seats of that name left unlinked: in games where the player already "
                       "sits (or a second seat of that name at one game)"})


class MergeRequestSchema(Strict):
    into = player_id(required=True, metadata={"example": 12})


class MergeSchema(Strict):
    id = fields.Int(required=True)
    club = fields.Int(required=True)
    from_ = fields.Int(required=True, data_key="from", attribute="from")
    into = fields.Int(required=True)
    seats = fields.Int(required=True, metadata={"description": "seats moved"})
    created_at = fields.Str(required=True, metadata={"format": "date-time"})
    undone_at = fields.Str(required=True, allow_none=True, metadata={"format": "date-time"})


class MergesSchema(Strict):
    data = fields.List(fields.Nested(MergeSchema), required=True)
