"""Games, their hands (record, list, correct, undo the last) and their history."""

from __future__ import annotations

import functools
from typing import Any

import marshmallow as ma
from flask import Response, request, stream_with_context, url_for
from flask.views import MethodView
from flask_smorest import abort

from scorekeeper.api.blueprint import Blueprint, write_context
from scorekeeper.api.docs import not_modified, refusal, refusals
from scorekeeper.api.rendered import conditional
from scorekeeper.api.schemas.clubs import SeatLinkedSchema, SeatLinkSchema
from scorekeeper.api.schemas.common import (
    ClubCreateHeadersSchema,
    ClubWriteHeadersSchema,
    CreateHeadersSchema,
    WriteHeadersSchema,
)
from scorekeeper.api.schemas.games import (
    ChangeSchema,
    GameCreatedSchema,
    GameCreateSchema,
    GameExportSchema,
    GameSchema,
    HandWriteQuerySchema,
    StatsSchema,
)
from scorekeeper.api.schemas.hands import (
    HAND_FAMILIES,
    HandBodySchema,
    HandCorrectedSchema,
    HandPreviewSchema,
    HandSchema,
    HandUndoneSchema,
    load_hand,
)
from scorekeeper.api.schemas.players import ChancesSchema
from scorekeeper.api.schemas.scoring import ScoringSchema
from scorekeeper.api.schemas.variants import BidSchema
from scorekeeper.limits import EXPORT_ITEM_BYTES, IMPORT_MAX_BYTES, MAX_CHANGES, MAX_HANDS
from scorekeeper.services import games, live, portability, present, scoring, stats
from scorekeeper.services.clubs import ratings, seats
from scorekeeper.services.games import Reply, WriteRequest

blp = Blueprint("games", __name__, url_prefix="/games",
                description="Games and the hands played in them.")

MAX_ID = 2**31 - 1
GAME = f"/<int(max={MAX_ID}):game_id>"
HAND = f"{GAME}/hands/<int(max={MAX_ID}):number>"
WRITE_DOC: dict[str, Any] = {"security": [{"gameToken": []}]}
Result = tuple[dict[str, Any], int, dict[str, str]]
ETAG = {"ETag": {"description": "this version of the game or tournament, for If-Match and "
                               "If-None-Match",
                 "schema": {"type": "string"}}}
WRITTEN = {**ETAG, "Idempotent-Replayed": {
    "description": "\"true\" when this is the stored reply to an earlier request with the same "
                   "Idempotency-Key (nothing was written again); its ETag is the one the first "
                   "reply had", "schema": {"type": "string"}}}
CREATED = {**WRITTEN, "Location": {"description": "where to read what was created",
                                   "schema": {"type": "string"}}}
GAME_VIEW = GameSchema()
STATS_VIEW = StatsSchema()
SCORING_VIEW = ScoringSchema()
FAMILY_EXAMPLE = {family.family: family.example for family in HAND_FAMILIES}
NEW_GAME_EXAMPLE = {
    "variant": "australian-500", "options": {"slam_bonus": True},
    "sides": [{"name": "North-South", "players": ["Ann", "Cy"]},
              {"name": "East-West", "players": ["Bo", "Di"]}],
    "first_dealer": 0}
HAND_EXAMPLES = {
    "contract": {"summary": "East-West bid 7♥ and took 7 tricks",
                 "value": {"bidder": 1, "bid": "7H", "tricks": [3, 7]}},
    "misere": {"summary": "Ann (seat 0) bid misère and took no trick",
               "value": {"bidder": 0, "bid": "MIS", "tricks": [0, 10]}},
    "passed_out": {"summary": "Everybody passed", "value": {"passed_out": True}},
    "five_handed": {"summary": "Five-handed: Ann bid 7♥ and called Cy, who took 4 tricks to her 3",
                    "value": {"bidder": 0, "bid": "7H", "partner": 2,
                              "tricks": [3, 1, 4, 1, 1]}},
    "card_points": {"summary": "Cinquecento: 68 card points to 52, a Marianna each",
                    "value": FAMILY_EXAMPLE["card_points"]},
    "rummy": {"summary": "Rummy 500: Ann went out; Bo was caught with two cards",
              "value": FAMILY_EXAMPLE["rummy"]},
    "rummy_points": {"summary": "Rummy 500, as counted at the table",
                     "value": {"players": [{"meld_points": 85, "hand_points": 0},
                                           {"meld_points": 20, "hand_points": 12}]}},
}
# Read by the schema of the game's variant's family (load_hand); documented as what the rules
# accept: one family's hand, whichever family the game's variant is of.
HAND_BODY = {"description": "A hand of the game's variant: the schema of its family (GET "
                            "/variants/{key} gives the family and the hand_fields it takes)",
             "content": {"application/json": {"schema": {
                 "oneOf": [family.schema for family in HAND_FAMILIES]}}}}


def hand_body(view: Any) -> Any:
    """The view gets the hand read by the schema of its game's family (a 422 when it does not
    fit); a body for no game is passed on as it is, for the service to refuse with 404 (and
    count, a write's, against the failed authentications)."""

    @functools.wraps(view)
    def read(self: MethodView, body: dict[str, Any], *args: Any, game_id: int, **kwargs: Any
             ) -> Any:
        variant = games.variant_of(game_id)
        if variant is not None:
            try:
                body = load_hand(variant.family, body)
            except ma.ValidationError as error:
                abort(422, exc=error, messages={"json": error.messages})
        return view(self, body, *args, game_id=game_id, **kwargs)

    return blp.doc(requestBody=HAND_BODY)(
        blp.arguments(HandBodySchema(), examples=HAND_EXAMPLES)(read))


def write_request(headers: dict[str, str], *, club: bool = False) -> WriteRequest:
    """The request as a write's service takes it; with `club`, the token is a club's, sent as
    X-Club-Token (or, where no game's token is asked for, as Authorization: Bearer)."""
    auth = request.headers.get("Authorization", "")
    scheme, _, token = auth.partition(" ")
    club_token = request.headers.get("X-Club-Token", "").strip() if club else ""
    return WriteRequest(
        token=club_token or (token.strip() if scheme.lower() == "bearer" else None),
        if_match=headers.get("if_match"),
        idempotency_key=headers.get("idempotency_key"),
        method=request.method, path=request.path, body=request.get_json(silent=True),
        context=write_context())


def reply(result: Reply) -> Result:
    headers = {}
    if result.etag is not None:  # the ETag of the first reply, on a replay too
        headers["ETag"] = result.etag
    if result.replayed:
        headers["Idempotent-Replayed"] = "true"
    return result.body, result.status, headers


def created(result: Reply, endpoint: str, id_name: str) -> Result:
    """201 for a new game or tournament: its view with the token (shown only to the request
    that created it and its retries), ETag and Location."""
    body, status, headers = reply(result)
    headers["Location"] = url_for(endpoint, **{id_name: body["id"]})
    return body, status, headers


WRITE_REFUSALS = ((401, "No token"), (403, "Wrong token"), (404, "No such game or hand"),
                  (409, "The game's state forbids this"), (412, "Stale If-Match"),
                  (422, "The hand breaks the schema or a rule of the game"))


def document_write_errors(view: Any) -> Any:
    return blp.doc(**WRITE_DOC)(refusals(blp, *WRITE_REFUSALS)(view))


@blp.route("")
class Games(MethodView):
    open_write = True  # needs no token: counted against the write limit before it runs

    @blp.arguments(ClubCreateHeadersSchema(), location="headers", as_kwargs=True)
    @blp.arguments(GameCreateSchema(), example=NEW_GAME_EXAMPLE)
    @blp.response(201, GameCreatedSchema, headers=CREATED)
    @refusals(blp, (401, "A club game without X-Club-Token"),
              (403, "A club game with a token not of that club"),
              (422, "Unknown variant, option or club, sides it cannot seat, or a player not of "
                    "the club"))
    @blp.doc(operationId="createGame")
    def post(self, data: dict[str, Any], **headers: str) -> Result:
        """Start a game; the reply holds its token, shown only here (and to a retry with the
        same Idempotency-Key)

        Anyone may create a game. The options are checked against the variant and the sides against
        the tables it seats (422 naming the option or side at fault). Keep the token: every later
        write to the game needs it as `Authorization: Bearer <token>`. A game played in a club
        names it in `club`, with the club's member (or admin) token as `X-Club-Token`; its
        players may then be `{"name": "Ann", "player": 12}`, the club's player in that seat,
        and the game keeps one seat per player (`seats`) to link later.
        """
        return created(games.create_game(data, write_request(headers, club=True)),
                       "games.Game", "game_id")


IMPORT_EXAMPLE = {
    "format": "scorekeeper.game/1", "variant": "australian-500",
    "options": {"slam_bonus": True}, "sides": NEW_GAME_EXAMPLE["sides"], "first_dealer": 0,
    "created_at": "2026-11-20T19:02:11Z", "updated_at": "2026-11-20T19:09:40Z",
    "status": "in_progress", "winner": None, "scores": [30, 200],
    "hands": [{"number": 1, "input": {"bidder": 1, "bid": "7H", "tricks": [3, 7]},
               "deltas": [30, 200], "scores": [30, 200],
               "explanation": ["7♥ made by East-West: +200", "North-South took 3 tricks: +30"],
               "recorded_at": "2026-11-20T19:09:40Z", "updated_at": "2026-11-20T19:09:40Z"}],
    "history": [{"number": 1, "action": "recorded", "at": "2026-11-20T19:09:40Z",
                 "before": None, "after": {"input": {"bidder": 1, "bid": "7H",
                                                     "tricks": [3, 7]},
                                           "deltas": [30, 200], "scores": [30, 200]}}]}


IMPORT_DESCRIPTION = (
    f"The body may be up to {IMPORT_MAX_BYTES:,} bytes (about {IMPORT_MAX_BYTES / 2**20:.0f} MiB, "
    f"setting IMPORT_MAX_CONTENT_LENGTH), where every other request takes 256 KiB: room for "
    f"the most an export holds, {MAX_HANDS:,} hands and {MAX_CHANGES:,} history entries, at "
    f"{EXPORT_ITEM_BYTES // 1024} KiB each (a Rummy 500 hand of 8 players listing their cards), "
    f"and 256 KiB for the rest. Every hand is scored again by the rules.")


@blp.route("/import")
class Import(MethodView):
    open_write = True

    @blp.arguments(CreateHeadersSchema(), location="headers", as_kwargs=True)
    @blp.arguments(GameExportSchema(), example=IMPORT_EXAMPLE)
    @blp.response(201, GameCreatedSchema, headers=CREATED)
    @refusal(blp, 413, "The body is larger than an export can be")
    @refusal(blp, 422, "Not an export, or a hand the rules score differently")
    @blp.doc(operationId="importGame", description=IMPORT_DESCRIPTION)
    def post(self, data: dict[str, Any], **headers: str) -> Result:
        """Import a game exported by GET /games/{id}/export (a new game, with a new token)"""
        return created(portability.import_game(data, write_request(headers)), "games.Game",
                       "game_id")


@blp.route(GAME)
class Game(MethodView):
    @blp.response(200, GameSchema, headers=ETAG)
    @not_modified(blp)
    @refusal(blp, 404, "No such game")
    @blp.doc(operationId="readGame")
    def get(self, game_id: int) -> Response:
        """Read a game: scores, status, winner and who deals next (never replays its hands)

        Anyone may read it, no token needed. The ETag names this version: send it as If-None-Match
        for a 304 while nothing changed, and as If-Match on a write. 404 for an unknown id.
        """
        return conditional(games.game_tag(game_id), GAME_VIEW,
                           lambda: games.tagged_view(game_id))


EVENT_STREAM = {
    "200": {"description": "text/event-stream: an `update` event with the whole resource (as GET "
                           "returns it) now and after every change; a comment every 15 s keeps "
                           "the connection alive; the stream ends after about five minutes and "
                           "EventSource reconnects by itself",
            "content": {"text/event-stream": {"schema": {"type": "string"}}}},
    "429": {"description": "This client address already holds the most live streams one server "
                           "process allows (SCOREKEEPER_STREAMS_PER_ADDRESS, 200); close one and "
                           "try again after Retry-After seconds.",
            "headers": {"Retry-After": {"description": "seconds to wait before trying again",
                                        "schema": {"type": "integer", "minimum": 1}}},
            "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}}}


def event_stream(kind: str, row_id: int) -> Response:
    """A live stream of a game or tournament (404 or 429 before it starts)."""
    subscription = live.watcher().follow(kind, row_id, request.remote_addr or "")
    response = Response(stream_with_context(live.stream(subscription)),
                        mimetype="text/event-stream",
                        headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"})
    response.call_on_close(subscription.close)  # also when the stream never started
    return response


@blp.route(f"{GAME}/events")
class GameEvents(MethodView):
    @blp.doc(responses=EVENT_STREAM)
    @refusal(blp, 404, "No such game")
    @blp.doc(operationId="followGame")
    def get(self, game_id: int) -> Response:
        """Follow a game live (Server-Sent Events), for spectators' pages

        Opens a text/event-stream that sends the game, as GET /games/{id} returns it, at once and
        after each change. Anyone may follow it. 404 for an unknown game; 429 when this address
        already holds too many streams.
        """
        return event_stream("games", game_id)


@blp.route(f"{GAME}/export")
class Export(MethodView):
    @blp.response(200, GameExportSchema)
    @refusal(blp, 404, "No such game")
    @blp.doc(operationId="exportGame")
    def get(self, game_id: int) -> dict[str, Any]:
        """Export the whole game: options, sides, every hand as entered, its history

        Anyone may export a game. The file holds what POST /games/import takes back: options, sides,
        each hand as entered with its points, and the history of changes; never the token. 404 for
        an unknown game.
        """
        return portability.export_game(game_id)


@blp.route(f"{GAME}/sheet.csv")
class SheetCsv(MethodView):
    @blp.doc(responses={"200": {"description": "The score sheet as CSV", "content": {
        "text/csv": {"schema": {"type": "string"}}}}})
    @refusal(blp, 404, "No such game")
    @blp.doc(operationId="readScoreSheetCsv")
    def get(self, game_id: int) -> Response:
        """The score sheet as CSV: each hand's points and running totals per side

        One row per hand with each side's points and running totals, for a spreadsheet. Anyone may
        read it. 404 for an unknown game.
        """
        return Response(portability.sheet_csv(game_id), mimetype="text/csv", headers={
            "Content-Disposition": f'attachment; filename="game-{game_id}.csv"'})


@blp.route(f"{GAME}/stats")
class Stats(MethodView):
    @blp.response(200, StatsSchema, headers=ETAG)
    @not_modified(blp)
    @refusal(blp, 404, "No such game")
    @blp.doc(operationId="readGameStats")
    def get(self, game_id: int) -> Response:
        """Statistics per side and player: hands won; meld points and penalties (Rummy 500);
        card and Marianna points (Cinquecento); bids won, made and failed by bid (the contract
        games)

        In the contract games each bid comes with its name, its kind (trumps, misère, hilo) and
        its level and suit, so a client can lay the contracts out on the level-and-suit table
        and list misères apart; `slams` counts contracts made with every trick. Anyone may read
        them. Only the counts that mean something in the game's variant are present.
        The ETag is the game's, so If-None-Match answers 304 while no hand changed. 404 for an
        unknown game.
        """
        def build() -> tuple[str, dict[str, Any]]:
            return present.etag(games.get_game(game_id)), stats.game_stats(game_id)

        return conditional(games.game_tag(game_id), STATS_VIEW, build)


@blp.route(f"{GAME}/chances")
class Chances(MethodView):
    @blp.response(200, ChancesSchema)
    @refusal(blp, 404, "No such game")
    @blp.doc(operationId="readGameChances")
    def get(self, game_id: int) -> dict[str, Any]:
        """Each side's chance of winning, from its players' ratings in the game's family
        (openskill's predict_win)

        A guest, a seat not linked to a club player, or a player not rated yet counts as a
        newcomer; `rated` is false when no seat has a rating (a game outside a club: even
        chances). Anyone may read it; 404 for an unknown game.
        """
        return ratings.chances(games.get_game(game_id))


@blp.route(f"{GAME}/scoring")
class Scoring(MethodView):
    @blp.response(200, ScoringSchema, headers=ETAG)
    @not_modified(blp)
    @refusal(blp, 404, "No such game")
    @blp.doc(operationId="readGameScoring")
    def get(self, game_id: int) -> Response:
        """The game's rules as data, for scoring its next hands with no connection: what each
        bid scores here, points per trick, Mariannas or card values, the end and the deal

        Anyone may read it, no token needed. A client applies it to hands it has not sent yet and
        marks the result provisional; where the data cannot decide a hand exactly (`exact`), it
        says "about". It changes with every hand (the ETag is the game's): If-None-Match for a
        304. 404 for an unknown id.
        """
        return conditional(games.game_tag(game_id), SCORING_VIEW,
                           lambda: scoring.game_scoring(game_id))


@blp.route(f"{GAME}/hands")
class Hands(MethodView):
    @blp.response(200, HandSchema(many=True))
    @refusal(blp, 404, "No such game")
    @blp.doc(operationId="listHands")
    def get(self, game_id: int) -> list[dict[str, Any]]:
        """List a game's hands in order

        Each hand as entered, with its points, running totals, explanation and the reasons behind
        each line. Anyone may read them. 404 for an unknown game.
        """
        _game, hands = games.list_hands(game_id)
        return [present.hand_view(hand) for hand in hands]

    @blp.arguments(WriteHeadersSchema(), location="headers", as_kwargs=True)
    @hand_body
    @blp.response(201, HandSchema, headers=WRITTEN)
    @document_write_errors
    @blp.doc(operationId="recordHand")
    def post(self, hand: dict[str, Any], game_id: int, **headers: str) -> Result:
        """Record the next hand

        Needs the game's token. The body is a hand of the game's variant, read by its family's
        schema (GET /variants/{key}: `family`, `hand_fields`). 422 when it breaks the schema or a
        rule of the game, with the rule's code in `rule`; 409 once the game is over; 412 when
        If-Match is stale. Idempotency-Key makes a retry safe.
        """
        return reply(games.record_hand(game_id, hand, write_request(headers)))


@blp.route(f"{GAME}/hands/preview")
class HandPreview(MethodView):
    @hand_body
    @blp.response(200, HandPreviewSchema)
    @refusals(blp, (404, "No such game"), (409, "The game is over"),
              (422, "The hand breaks the schema or a rule of the game"))
    @blp.doc(operationId="previewHand")
    def post(self, hand: dict[str, Any], game_id: int) -> dict[str, Any]:
        """What recording this hand next would give: deltas, scores, explanation and the game
        after it, checked by the same rules; nothing is stored, no token is needed and the ETag
        does not change

        Anyone may ask, no token needed; counted against the check limit (429). Same body and same
        refusals as recording the hand: 422 for a broken rule, 409 once the game is over, 404 for an
        unknown game.
        """
        return games.preview_hand(game_id, hand)


@blp.route(f"{GAME}/bids")
class Bids(MethodView):
    @blp.response(200, BidSchema(many=True))
    @refusal(blp, 404, "No such game")
    @blp.doc(operationId="listGameBids")
    def get(self, game_id: int) -> list[dict[str, Any]]:
        """Every bid this game's table may win an auction with, under its own options, in
        auction order, with the points this game scores when it is made (an empty list for
        games without an auction)

        Anyone may read it. The points follow the game's own options (special bids, Five-Hundred++
        rules, the partner's share at five). 404 for an unknown game.
        """
        return games.table_bids(game_id)


@blp.route(HAND)
class OneHand(MethodView):
    @blp.response(200, HandSchema)
    @refusal(blp, 404, "No such game or hand")
    @blp.doc(operationId="readHand")
    def get(self, game_id: int, number: int) -> dict[str, Any]:
        """Read one hand

        Anyone may read it. 404 for an unknown game or hand number.
        """
        game, hand = games.get_hand(game_id, number)
        return present.hand_view(hand, game)

    @blp.arguments(WriteHeadersSchema(), location="headers", as_kwargs=True)
    @blp.arguments(HandWriteQuerySchema(), location="query", as_kwargs=True)
    @hand_body
    @blp.response(200, HandCorrectedSchema, headers=WRITTEN)
    @document_write_errors
    @blp.doc(operationId="correctHand")
    def put(self, hand: dict[str, Any], game_id: int, number: int, cascade: bool, preview: bool,
            **headers: str) -> Result:
        """Correct a hand; every later hand and the game's status are recomputed

        Needs the game's token. The body replaces the whole hand, read as a new hand is. The later
        hands are scored again from it; if one of them no longer fits, the correction is refused
        (422 naming the hand) and nothing changes. 409 when the game would end before hands already
        recorded; 412 when If-Match is stale. A game played on a tournament's sheet also takes
        the organizer's token and its match's scorer tokens, and its match's reported games are
        corrected with it (409 once a later round was built on the match, unless the organizer
        sends ?cascade=true). With ?preview=true (same token, same refusals) it answers what the
        correction would give and stores nothing; on a tournament's sheet `tournament` says what
        it does to the match, the later rounds and the standings, even where applying it needs
        the organizer and ?cascade=true (`apply` says so). A preview is not the write: its
        Idempotency-Key is neither kept nor replayed.
        """
        return reply(games.correct_hand(game_id, number, hand, write_request(headers), cascade,
                                        preview))

    @blp.arguments(WriteHeadersSchema(), location="headers", as_kwargs=True)
    @blp.arguments(HandWriteQuerySchema(), location="query", as_kwargs=True)
    @blp.response(200, HandUndoneSchema, headers=WRITTEN)
    @document_write_errors
    @blp.doc(operationId="undoHand")
    def delete(self, game_id: int, number: int, cascade: bool, preview: bool,
               **headers: str) -> Result:
        """Undo the last hand (an earlier one is refused with 409: correct it instead)

        Needs the game's token. Only the last hand may be undone (409 for another). The undone hand
        stays in the history. 412 when If-Match is stale. On a tournament's sheet, as for a
        correction: the match's reported games follow. ?preview=true as for a correction, the
        tournament's part in `tournament_preview`.
        """
        return reply(games.undo_hand(game_id, number, write_request(headers), cascade, preview))


@blp.route(f"{GAME}/history")
class History(MethodView):
    @blp.response(200, ChangeSchema(many=True))
    @refusal(blp, 404, "No such game")
    @blp.doc(operationId="readHistory")
    def get(self, game_id: int) -> list[dict[str, Any]]:
        """Every change to the game's hands, oldest first, with the old version of each

        Each change (recorded, corrected, undone) with when it happened and the hand before and
        after it: what a dispute at the table needs. Anyone may read it. 404 for an unknown game.
        """
        return [present.change_view(change) for change in games.history(game_id)]


@blp.route(f"{GAME}/seats/<int(max={MAX_ID}):seat>")
class GameSeat(MethodView):
    @blp.arguments(ClubWriteHeadersSchema(), location="headers", as_kwargs=True)
    @blp.arguments(SeatLinkSchema(), example={"player": 12})
    @blp.response(200, SeatLinkedSchema, headers=WRITTEN)
    @refusals(blp, (401, "No club token"), (403, "Not a token of the game's club"),
              (404, "No such game or seat"),
              (409, "Not a club game, or that player already sits elsewhere in it"),
              (412, "Stale If-Match (the club's ETag)"),
              (422, "Not a player of the game's club, or merged into another"))
    @blp.doc(operationId="linkSeat", security=[{"clubToken": []}])
    def put(self, body: dict[str, Any], game_id: int, seat: int, **headers: str) -> Result:
        """Link a seat of a club game to one of the club's players, or unlink it (null)

        The club's member (or admin) token, as X-Club-Token or Authorization: Bearer. The seat
        keeps the name typed there. Refused 409 when the player already sits elsewhere in the
        game.
        """
        return reply(seats.link_seat(game_id, seat, body["player"],
                                     write_request(headers, club=True)))
