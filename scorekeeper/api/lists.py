"""The lists (issue 29): games, tournaments, a club's players, a player's games; a page at a
time, each with the cursor of the next (body, and Link rel="next"), a weak ETag and 304."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlencode

from flask import Response, current_app, json, request
from flask.views import MethodView
from marshmallow import Schema

from scorekeeper.api.blueprint import Blueprint
from scorekeeper.api.docs import not_modified, refusals
from scorekeeper.api.rendered import weak_tagged
from scorekeeper.api.schemas.lists import (
    MAX_ID,
    GamesPageSchema,
    GamesQuery,
    PageQuery,
    PlayerGamesQuery,
    PlayersPageSchema,
    TournamentsPageSchema,
    TournamentsQuery,
)
from scorekeeper.services import lists
from scorekeeper.services.lists import Filters, Page

blp = Blueprint("lists", __name__, description="Lists of a club's ledger, a page at a time.")

HEADERS = {
    "ETag": {"description": "weak: this page as this reader sees it, for If-None-Match",
             "schema": {"type": "string"}},
    "Link": {"description": "RFC 8288: `<url>; rel=\"next\"`, the next page's address, when "
                            "there is one", "schema": {"type": "string"}}}
TOKEN: list[dict[str, list[str]]] = [{}, {"clubToken": []}]
REFUSED = ((400, "A cursor this list did not give"), (401, "A private club, and no token"),
           (403, "A private club, and a token not of this club"),
           (422, "A query argument out of its range or unknown"))
GAMES_PAGE, TOURNAMENTS_PAGE, PLAYERS_PAGE = (
    GamesPageSchema(), TournamentsPageSchema(), PlayersPageSchema())


def club_token() -> str | None:
    """A club's admin or member token, from Authorization: Bearer."""
    scheme, _, token = request.headers.get("Authorization", "").partition(" ")
    return token.strip() or None if scheme.lower() == "bearer" else None


def filters(args: dict[str, Any]) -> Filters:
    return Filters(**{key: args.get(key) for key in ("club", "player", "variant", "status",
                                                     "since", "until")})


def next_link(cursor: str) -> str:
    """The next page's address under the public address (SCOREKEEPER_PUBLIC_URL), with the
    request's own query but its cursor."""
    base = current_app.config["PUBLIC_URL"] or request.url_root.rstrip("/")
    query = [(key, value) for key, value in request.args.items(multi=True) if key != "cursor"]
    return f"{base}{request.path}?{urlencode([*query, ('cursor', cursor)])}"


def listed(page: Page, schema: Schema) -> Response:
    """The page with its weak ETag (a hash of what this reader gets), or 304."""
    headers = {"Vary": "Authorization, Accept-Language"}
    if page.next_cursor is not None:
        headers["Link"] = f'<{next_link(page.next_cursor)}>; rel="next"'
    return weak_tagged(json.dumps(schema.dump(page)).encode(), headers)


@blp.route("/games")
class Games(MethodView):
    @blp.arguments(GamesQuery, location="query", as_kwargs=True)
    @blp.response(200, GamesPageSchema, headers=HEADERS)
    @not_modified(blp)
    @refusals(blp, *REFUSED, (404, "No such club or player"))
    @blp.doc(operationId="listGames", security=TOKEN)
    def get(self, limit: int, cursor: str | None = None, **args: Any) -> Response:
        """List club games, newest first, a page at a time

        Only club games are listed: a game started outside any club never is. With `club`, that
        club's games (a private club's need one of its tokens as `Authorization: Bearer`, 401
        without, 403 with another); with `player`, the games that player sat in; else every
        public club's games, and the token's own club's. Filters combine. Names are shown as the
        reader may see them. Follow `next_cursor` (or the Link header) for the next page.
        """
        return listed(lists.games(filters(args), club_token(), limit, cursor), GAMES_PAGE)


@blp.route("/tournaments")
class Tournaments(MethodView):
    @blp.arguments(TournamentsQuery, location="query", as_kwargs=True)
    @blp.response(200, TournamentsPageSchema, headers=HEADERS)
    @not_modified(blp)
    @refusals(blp, *REFUSED, (404, "No such club"))
    @blp.doc(operationId="listTournaments", security=TOKEN)
    def get(self, limit: int, cursor: str | None = None, **args: Any) -> Response:
        """List club tournaments, newest first, a page at a time

        Only club tournaments are listed. With `club`, that club's (a private club's need one
        of its tokens); else every public club's, and the token's own club's. `status`:
        registered (not drawn yet), playing or finished.
        """
        return listed(lists.tournaments(filters(args), club_token(), limit, cursor),
                      TOURNAMENTS_PAGE)


@blp.route(f"/clubs/<int(max={MAX_ID}):club_id>/players")
class ClubPlayers(MethodView):
    @blp.arguments(PageQuery, location="query", as_kwargs=True)
    @blp.response(200, PlayersPageSchema, headers=HEADERS)
    @not_modified(blp)
    @refusals(blp, *REFUSED, (404, "No such club"))
    @blp.doc(operationId="listClubPlayers", security=TOKEN)
    def get(self, club_id: int, limit: int, cursor: str | None = None) -> Response:
        """List a club's players by name, a page at a time

        A private club's players need one of its tokens. Hidden players are listed only to the
        club's tokens; a player merged into another is not listed (their games are the other's).
        `games` counts the club games each sat in.
        """
        return listed(lists.club_players(club_id, club_token(), limit, cursor), PLAYERS_PAGE)


@blp.route(f"/players/<int(max={MAX_ID}):player_id>/games")
class PlayerGames(MethodView):
    @blp.arguments(PlayerGamesQuery, location="query", as_kwargs=True)
    @blp.response(200, GamesPageSchema, headers=HEADERS)
    @not_modified(blp)
    @refusals(blp, *REFUSED, (404, "No such player (a hidden one, without its club's token)"))
    @blp.doc(operationId="listPlayerGames", security=TOKEN)
    def get(self, player_id: int, limit: int, cursor: str | None = None, **args: Any
            ) -> Response:
        """List the games a player sat in, newest first, a page at a time

        A hidden player is no player (404) but to the club's tokens; a private club's player
        needs one of its tokens.
        """
        return listed(lists.player_games(player_id, filters(args), club_token(), limit, cursor),
                      GAMES_PAGE)
