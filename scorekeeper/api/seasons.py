"""A club's seasons and their ladder (issue 30)."""

from __future__ import annotations

from typing import Any

from flask import Response, current_app, jsonify, request
from flask.views import MethodView

from scorekeeper.api.blueprint import Blueprint
from scorekeeper.api.clubs import ADMIN_DOC, CLUB, CLUB_REFUSALS, read_token, write_request
from scorekeeper.api.docs import not_modified, refusals
from scorekeeper.api.games import MAX_ID, WRITTEN, Result, reply
from scorekeeper.api.rendered import Rendered, weak_tagged
from scorekeeper.api.schemas.common import WriteHeadersSchema
from scorekeeper.api.schemas.seasons import (
    LadderSchema,
    SeasonCreateSchema,
    SeasonSchema,
    SeasonsSchema,
    SeasonUpdateSchema,
)
from scorekeeper.i18n import language
from scorekeeper.services.clubs import seasons

blp = Blueprint(
    "seasons", __name__, url_prefix="/clubs",
    description="A club's seasons: dates, variants counted and counting rules, set by the "
                "admin; the ladder each gives, read by whoever reads the club's ledger.")

SEASON = f"{CLUB}/seasons/<int(max={MAX_ID}):season_id>"
LADDER_VIEW = LadderSchema()
READ_REFUSALS = ((401, "A private club, no token"), (403, "A private club, not its token"),
                 (404, "No such club or season"))
WEAK_ETAG = {"ETag": {"description": "a weak tag of this reply, for If-None-Match",
                      "schema": {"type": "string"}}}
EXAMPLE = {"name": "Hiver 2027", "starts_on": "2027-01-04", "ends_on": "2027-04-26",
           "counting": {"min_nights": 5, "best": 30, "guests": "exclude"}}


def season_write(view: Any) -> Any:
    view = refusals(blp, *CLUB_REFUSALS)(view)
    return blp.doc(**ADMIN_DOC)(view)


@blp.route(f"{CLUB}/seasons")
class Seasons(MethodView):
    @blp.arguments(WriteHeadersSchema(), location="headers", as_kwargs=True)
    @blp.arguments(SeasonCreateSchema(), example=EXAMPLE)
    @blp.response(201, SeasonSchema, headers=WRITTEN)
    @season_write
    @blp.doc(operationId="createSeason")
    def post(self, body: dict[str, Any], club_id: int, **headers: str) -> Result:
        """Start a season (the admin's token): its name, dates, variants and counting rules

        Both dates are included, as days in UTC; `ends_on` before `starts_on` is refused 422.
        Each counting rule left out takes its default (the reply shows them all). An
        Idempotency-Key makes a retry safe, as for the club's other writes.
        """
        return reply(seasons.create_season(club_id, body, write_request(headers)))

    @blp.response(200, SeasonsSchema)
    @refusals(blp, *READ_REFUSALS)
    @blp.doc(operationId="listSeasons", **ADMIN_DOC)
    def get(self, club_id: int) -> Result:
        """The club's seasons, the latest start first

        Read as the club's ledger: a public club's by anyone, a private one's with its tokens.
        """
        return {"data": seasons.list_seasons(club_id, read_token())}, 200, {}


@blp.route(SEASON)
class Season(MethodView):
    @blp.response(200, SeasonSchema)
    @refusals(blp, *READ_REFUSALS)
    @blp.doc(operationId="readSeason", **ADMIN_DOC)
    def get(self, club_id: int, season_id: int) -> Result:
        """A season: its dates, variants and counting rules

        Read as the club's ledger: a public club's by anyone, a private one's with its tokens.
        """
        return seasons.read_season(club_id, season_id, read_token()), 200, {}

    @blp.arguments(WriteHeadersSchema(), location="headers", as_kwargs=True)
    @blp.arguments(SeasonUpdateSchema(), example={"counting": {"best": 20}})
    @blp.response(200, SeasonSchema, headers=WRITTEN)
    @season_write
    @blp.doc(operationId="updateSeason")
    def patch(self, body: dict[str, Any], club_id: int, season_id: int,
              **headers: str) -> Result:
        """Change a season (the admin's token); the counting rules sent replace those rules only

        The ladder follows at once: it is read from the club's results, never stored.
        """
        return reply(seasons.update_season(club_id, season_id, body, write_request(headers)))

    @blp.arguments(WriteHeadersSchema(), location="headers", as_kwargs=True)
    @blp.response(200, SeasonSchema, headers=WRITTEN)
    @season_write
    @blp.doc(operationId="deleteSeason")
    def delete(self, club_id: int, season_id: int, **headers: str) -> Result:
        """Delete a season (the admin's token)

        No game or result changes: the ladder was never stored. The reply is the season as it
        was.
        """
        return reply(seasons.delete_season(club_id, season_id, write_request(headers)))


@blp.route(f"{SEASON}/standings")
class Standings(MethodView):
    @blp.response(200, LadderSchema, headers=WEAK_ETAG)
    @not_modified(blp)
    @refusals(blp, *READ_REFUSALS)
    @blp.doc(operationId="readSeasonStandings", **ADMIN_DOC)
    def get(self, club_id: int, season_id: int) -> Response:
        """The season's ladder: each player's place, points, games and nights, the results that
        counted and those dropped (and why), and who is not listed yet (and what they lack)

        Read as the club's ledger. Same points, same place (`tied`: shown "=2"); a tie lists
        fewer games first, then the player who joined first. A hidden player shows as "a
        guest" without an id to a reader outside the club. A weak ETag: If-None-Match answers
        304 while the ladder is the same.
        """
        token = read_token()
        # Rendered once per tag in each process: a season reads thousands of seats, and its
        # ladder changes only with a game or night in its window, or the club's ledger.
        rendered: Rendered = current_app.extensions.setdefault("scorekeeper.rendered",
                                                                Rendered())
        key = (request.endpoint or "", seasons.standings_tag(club_id, season_id, token),
               language())
        body = rendered.get(key)
        if body is None:
            body = jsonify(LADDER_VIEW.dump(seasons.standings(club_id, season_id, token))
                           ).get_data()
            rendered.put(key, body)
        return weak_tagged(body)
