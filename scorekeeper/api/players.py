"""Club players: a player's record, and the hands behind each of its figures."""

from __future__ import annotations

from typing import Any

from flask import Response, current_app, jsonify, request
from flask.views import MethodView

from scorekeeper.api.blueprint import Blueprint
from scorekeeper.api.docs import not_modified, refusal
from scorekeeper.api.games import MAX_ID, write_request
from scorekeeper.api.rendered import Rendered, weak_tagged
from scorekeeper.api.schemas.players import (
    FigureHandsQuerySchema,
    FigureHandsSchema,
    PlayerRatingsSchema,
    PlayerRecordSchema,
)
from scorekeeper.i18n import language
from scorekeeper.services.clubs import ratings, records

blp = Blueprint("players", __name__, url_prefix="/players",
                description="A club's players and their records.")

PLAYER = f"/<int(max={MAX_ID}):player_id>"
PLAYER_VIEW = PlayerRecordSchema()
WEAK_ETAG = {"ETag": {"description": "a weak tag of this reply, for If-None-Match",
                      "schema": {"type": "string"}}}


@blp.route(PLAYER)
class Player(MethodView):
    @blp.response(200, PlayerRecordSchema, headers=WEAK_ETAG)
    @not_modified(blp)
    @refusal(blp, 404, "No such player, or not one this reader may see")
    @blp.doc(operationId="readPlayer")
    def get(self, player_id: int) -> Response:
        """A player and their record, from the hands: games, wins, streaks, figures per variant
        family, partners and opponents

        A private club's player reads only with one of its tokens (admin or member) as
        `Authorization: Bearer`, and a hidden player only with one, too: anyone else gets 404, as
        for an unknown id. Outside the club a player shows as "First L." unless they chose their
        full name. Each figure counts hands (GET /players/{id}/hands?figure=KEY lists them). A
        weak ETag: If-None-Match answers 304 while the record is the same.
        """
        token = write_request({}).token
        # Rendered once per record tag in each process: a busy player's page sums hundreds of
        # seats, and it changes only when one of their games or the club's ledger does.
        rendered: Rendered = current_app.extensions.setdefault("scorekeeper.rendered",
                                                                Rendered())
        key = (request.endpoint or "", records.record_tag(player_id, token), language())
        body = rendered.get(key)
        if body is None:
            body = jsonify(PLAYER_VIEW.dump(records.player_view(player_id, token))).get_data()
            rendered.put(key, body)
        return weak_tagged(body)


@blp.route(f"{PLAYER}/hands")
class FigureHands(MethodView):
    @blp.arguments(FigureHandsQuerySchema, location="query", as_kwargs=True)
    @blp.response(200, FigureHandsSchema)
    @refusal(blp, 404, "No such player, or not one this reader may see")
    @refusal(blp, 422, "A bad figure, limit or cursor")
    @blp.doc(operationId="listPlayerFigureHands")
    def get(self, player_id: int, figure: str, limit: int, cursor: str | None
            ) -> dict[str, Any]:
        """The hands behind one figure of a player's record: each with its game, number, date
        and the hand as recorded

        Newest game first, hands in order within a game; `limit` a page (1-100, 25), then
        `next_cursor` as `cursor` for the next while `has_more`. The same readers as the player.
        """
        return records.figure_hands(player_id, write_request({}).token, figure, limit, cursor)


@blp.route(f"{PLAYER}/ratings")
class Ratings(MethodView):
    @blp.response(200, PlayerRatingsSchema)
    @refusal(blp, 404, "No such player, or not one this reader may see")
    @blp.doc(operationId="readPlayerRatings")
    def get(self, player_id: int) -> dict[str, Any]:
        """A player's ratings, one per variant family, from the club's finished games
        (openskill's Plackett-Luce), each with its history

        `value`: out of 100 head-to-head games against an average newcomer, how many the player
        is expected to finish ahead in (50: even); `provisional` until 10 games in the family.
        Partnerships rate as teams of two, three- and five-handed games and Rummy as
        individuals; guests play at a newcomer's rating, never stored. Rebuilt whenever a
        correction, link, merge or erasure touches a finished game. The same readers as the
        player (GET /players/{id}).
        """
        return ratings.player_ratings(player_id, write_request({}).token)
