"""Clubs: create and manage one, its players, the seats of its games, unlinked names, merges."""

from __future__ import annotations

from typing import Any

from flask.views import MethodView

from scorekeeper.api.blueprint import Blueprint
from scorekeeper.api.docs import refusal, refusals
from scorekeeper.api.games import CREATED, ETAG, MAX_ID, WRITTEN, Result, created, reply
from scorekeeper.api.games import write_request as game_write_request
from scorekeeper.api.schemas.clubs import (
    ClubCreatedSchema,
    ClubCreateSchema,
    ClubRecoveredSchema,
    ClubSchema,
    ClubUpdateSchema,
    ErasedSchema,
    LinkNameSchema,
    MemberTokenSchema,
    MergeRequestSchema,
    MergeSchema,
    MergesSchema,
    NameLinkedSchema,
    PlayerCreateSchema,
    PlayerSchema,
    PlayerUpdateSchema,
    UnlinkedSchema,
)
from scorekeeper.api.schemas.common import CreateHeadersSchema, WriteHeadersSchema
from scorekeeper.api.schemas.tournaments import RecoverSchema
from scorekeeper.services.clubs import ledger, merges, players, seats
from scorekeeper.services.writes import WriteRequest

blp = Blueprint(
    "clubs", __name__, url_prefix="/clubs",
    description="A club: players who persist across games, the seats of its games linked to "
                "them, merges. The admin's token (Authorization: Bearer) manages it; the member "
                "token, which members share, starts games in it, adds players and links seats. "
                "A private club (the default) reads only with one of its tokens.")
player_blp = Blueprint(
    "club_players", __name__, url_prefix="/players",
    description="A club's player: the admin edits or erases them (GET /players/{id}, the "
                "record, is the players' reading).")

CLUB = f"/<int(max={MAX_ID}):club_id>"
PLAYER = f"/<int(max={MAX_ID}):player_id>"
ADMIN_DOC: dict[str, Any] = {"security": [{"clubToken": []}]}
CLUB_REFUSALS = ((401, "No token"), (403, "Not a token of this club, or a member's token where "
                                          "the admin's is needed"),
                 (404, "No such club"), (412, "Stale If-Match"),
                 (422, "The body breaks the schema"))


def write_request(headers: dict[str, str]) -> WriteRequest:
    """A club write's request: the club's token as `Authorization: Bearer`, or `X-Club-Token`."""
    return game_write_request(headers, club=True)


def read_token() -> str | None:
    return write_request({}).token


def club_write(*pairs: tuple[int, str]) -> Any:
    def decorate(view: Any) -> Any:
        view = refusals(blp, *CLUB_REFUSALS, *pairs)(view)
        return blp.doc(**ADMIN_DOC)(view)
    return decorate


@blp.route("")
class Clubs(MethodView):
    open_write = True  # needs no token: counted against the write limit before it runs

    @blp.arguments(CreateHeadersSchema(), location="headers", as_kwargs=True)
    @blp.arguments(ClubCreateSchema(), example={"name": "Club de la Rive", "language": "fr"})
    @blp.response(201, ClubCreatedSchema, headers=CREATED)
    @refusal(blp, 422, "The body breaks the schema")
    @blp.doc(operationId="createClub")
    def post(self, data: dict[str, Any], **headers: str) -> Result:
        """Start a club; the reply holds its admin token, member token and recovery code, each
        shown only here (and to a retry with the same Idempotency-Key)

        Anyone may start one. Keep the admin token; share the member token with the club's
        members; keep the recovery code on paper (POST .../recover issues a new admin token).
        """
        return created(ledger.create_club(data, write_request(headers)), "clubs.Club",
                       "club_id")


@blp.route(CLUB)
class Club(MethodView):
    @blp.response(200, ClubSchema, headers=ETAG)
    @refusals(blp, (401, "A private club, no token"), (403, "A private club, not its token"),
              (404, "No such club"))
    @blp.doc(operationId="readClub", **ADMIN_DOC)
    def get(self, club_id: int) -> Result:
        """Read a club: its name, language, whether it is public, and what your token may do

        A public club reads without a token; a private one only with one of its tokens (401
        without, 403 with another): its name is part of its ledger.
        """
        tag, view = ledger.read_club(club_id, read_token())
        return view, 200, {"ETag": tag}

    @blp.arguments(WriteHeadersSchema(), location="headers", as_kwargs=True)
    @blp.arguments(ClubUpdateSchema(), example={"public": True})
    @blp.response(200, ClubSchema, headers=WRITTEN)
    @club_write()
    @blp.doc(operationId="updateClub")
    def patch(self, body: dict[str, Any], club_id: int, **headers: str) -> Result:
        """Change a club's name, language or whether it is public

        The admin's token only. Send at least one of the three; the reply is the club as read.
        """
        return reply(ledger.update_club(club_id, body, write_request(headers)))


@blp.route(f"{CLUB}/member-token")
class MemberToken(MethodView):
    @blp.arguments(WriteHeadersSchema(), location="headers", as_kwargs=True)
    @blp.response(200, MemberTokenSchema, headers=WRITTEN)
    @club_write()
    @blp.doc(operationId="rotateMemberToken")
    def post(self, club_id: int, **headers: str) -> Result:
        """Issue a new member token; the old one stops working at once

        The admin's token only. Share the new token with the club's members; it is shown once.
        """
        return reply(ledger.rotate_member_token(club_id, write_request(headers)))


@blp.route(f"{CLUB}/recover")
class Recover(MethodView):
    @blp.arguments(WriteHeadersSchema(), location="headers", as_kwargs=True)
    @blp.arguments(RecoverSchema(), example={"recovery_code": "KQWM-TZRD-HNBX-PEGA"})
    @blp.response(200, ClubRecoveredSchema, headers=WRITTEN)
    @refusals(blp, (403, "Not this club's recovery code"), (404, "No such club"),
              (412, "Stale If-Match"), (422, "The body breaks the schema"))
    @blp.doc(operationId="recoverClub")
    def post(self, body: dict[str, Any], club_id: int, **headers: str) -> Result:
        """Issue a new admin token for the recovery code; the old token stops working

        Needs no token: the recovery code is the proof. The reply holds the new token and the
        next recovery code, each shown once. A wrong code is 403 and counts against the
        address's limit of failed authentications (429 beyond it).
        """
        return reply(ledger.recover(club_id, body["recovery_code"], write_request(headers)))


@blp.route(f"{CLUB}/players")
class Players(MethodView):
    @blp.arguments(WriteHeadersSchema(), location="headers", as_kwargs=True)
    @blp.arguments(PlayerCreateSchema(), example={"name": "Marie Bouchard"})
    @blp.response(201, PlayerSchema, headers=WRITTEN)
    @club_write()
    @blp.doc(operationId="addPlayer")
    def post(self, body: dict[str, Any], club_id: int, **headers: str) -> Result:
        """Add a player to the club

        The member token (or the admin's); only the admin's may set `visibility` (403 from a
        member). The player's name is their display name; seats keep the names typed.
        """
        return reply(players.add_player(club_id, body, write_request(headers)))


@player_blp.route(PLAYER)
class Player(MethodView):
    @player_blp.arguments(WriteHeadersSchema(), location="headers", as_kwargs=True)
    @player_blp.arguments(PlayerUpdateSchema(), example={"visibility": "full"})
    @player_blp.response(200, PlayerSchema, headers=WRITTEN)
    @refusals(player_blp, *CLUB_REFUSALS)
    @player_blp.doc(operationId="updatePlayer", **ADMIN_DOC)
    def patch(self, body: dict[str, Any], player_id: int, **headers: str) -> Result:
        """Rename a player, or change their kind or visibility (the club's admin token)

        Seats keep the name typed at the table: a rename changes no game.
        """
        return reply(players.update_player(player_id, body, write_request(headers)))

    @player_blp.arguments(WriteHeadersSchema(), location="headers", as_kwargs=True)
    @player_blp.response(200, ErasedSchema, headers=WRITTEN)
    @refusals(player_blp, *CLUB_REFUSALS)
    @player_blp.doc(operationId="erasePlayer", **ADMIN_DOC)
    def delete(self, player_id: int, **headers: str) -> Result:
        """Erase a player (the club's admin token): their seats become guests

        The player's row, and any player merged into them, are deleted with their merges; each
        of their seats is unlinked and its typed name replaced by "Guest", in the seat and in
        its game's sides (a side's name loses the name too). Scores and hands do not change.
        """
        return reply(players.erase_player(player_id, write_request(headers)))


@blp.route(f"{CLUB}/unlinked")
class Unlinked(MethodView):
    @blp.response(200, UnlinkedSchema)
    @refusals(blp, (401, "No token"), (403, "Not a token of this club"), (404, "No such club"))
    @blp.doc(operationId="listUnlinked", **ADMIN_DOC)
    def get(self, club_id: int) -> Result:
        """The names played in the club's games and linked to no player, most played first

        The club's tokens only. Each name with its seats, games, and the first and last game's
        start. "Guest" (an erased player's seats) is not listed.
        """
        return {"data": seats.unlinked(club_id, read_token())}, 200, {}


@blp.route(f"{CLUB}/unlinked/link")
class LinkName(MethodView):
    @blp.arguments(WriteHeadersSchema(), location="headers", as_kwargs=True)
    @blp.arguments(LinkNameSchema(), example={"name": "Marie B.", "player": 12})
    @blp.response(200, NameLinkedSchema, headers=WRITTEN)
    @club_write()
    @blp.doc(operationId="linkName")
    def post(self, body: dict[str, Any], club_id: int, **headers: str) -> Result:
        """Link every unlinked seat of this exact name in the club's games to a player

        The member token. Games where the player already sits are skipped (and a second seat
        of the name at one game); the reply says how many were linked and skipped.
        """
        return reply(seats.link_name(club_id, body["name"], body["player"],
                                     write_request(headers)))


@blp.route(f"{CLUB}/players/<int(max={MAX_ID}):from_id>/merge")
class MergePlayer(MethodView):
    @blp.arguments(WriteHeadersSchema(), location="headers", as_kwargs=True)
    @blp.arguments(MergeRequestSchema(), example={"into": 12})
    @blp.response(200, MergeSchema, headers=WRITTEN)
    @club_write((409, "Both sat at one game, or either was merged already"))
    @blp.doc(operationId="mergePlayer")
    def post(self, body: dict[str, Any], club_id: int, from_id: int, **headers: str) -> Result:
        """Merge a player into another: their seats move there (the admin's token)

        Logged and undoable (DELETE /clubs/{id}/merges/{m}). Refused 409 when both sat at one
        game. The merged player keeps its row, with `merged_into` set.
        """
        return reply(merges.merge(club_id, from_id, body["into"], write_request(headers)))


@blp.route(f"{CLUB}/merges")
class Merges(MethodView):
    @blp.response(200, MergesSchema)
    @refusals(blp, (401, "No token"), (403, "Not a token of this club"), (404, "No such club"))
    @blp.doc(operationId="listMerges", **ADMIN_DOC)
    def get(self, club_id: int) -> Result:
        """The club's merge log, newest first

        The club's tokens only. Each entry says which player went into which, how many seats
        moved, and when it was undone (null while it stands).
        """
        return {"data": merges.merges(club_id, read_token())}, 200, {}


@blp.route(f"{CLUB}/merges/<int(max={MAX_ID}):merge_id>")
class MergeEntry(MethodView):
    @blp.arguments(WriteHeadersSchema(), location="headers", as_kwargs=True)
    @blp.response(200, MergeSchema, headers=WRITTEN)
    @club_write((409, "Undone already, or a later merge of either player stands"))
    @blp.doc(operationId="undoMerge")
    def delete(self, club_id: int, merge_id: int, **headers: str) -> Result:
        """Undo a merge: exactly the seats it moved go back (the admin's token)

        Seats since linked elsewhere stay where they are. Refused 409 when undone already, or
        while a later merge involving either player stands (undo that one first).
        """
        return reply(merges.undo(club_id, merge_id, write_request(headers)))
