"""A club night: what the weekly results sheet and the club's projector show."""

from __future__ import annotations

from datetime import date
from zoneinfo import ZoneInfo

from flask import Response, jsonify
from flask.views import MethodView

from scorekeeper.api.blueprint import Blueprint
from scorekeeper.api.docs import not_modified, refusal
from scorekeeper.api.games import MAX_ID, write_request
from scorekeeper.api.rendered import weak_tagged
from scorekeeper.api.schemas.nights import NightQuerySchema, NightSchema
from scorekeeper.errors import Unprocessable
from scorekeeper.i18n import say
from scorekeeper.services.clubs import nights

blp = Blueprint("nights", __name__, url_prefix="/clubs",
                description="A club night: its games, placings, wins and milestones.")

NIGHT_VIEW = NightSchema()
WEAK_ETAG = {"ETag": {"description": "a weak tag of this reply, for If-None-Match",
                      "schema": {"type": "string"}}}


def night_date(text: str) -> date | None:
    """`latest` (None), or a date as YYYY-MM-DD; else 422."""
    if text == "latest":
        return None
    try:
        if len(text) == 10:
            return date.fromisoformat(text)
    except ValueError:
        pass
    message = say("A night is a date as YYYY-MM-DD, or latest.")
    raise Unprocessable(message, {"night": [message]})


@blp.route(f"/<int(max={MAX_ID}):club_id>/nights/<string(maxlength=16):night>")
class Night(MethodView):
    @blp.arguments(NightQuerySchema, location="query", as_kwargs=True)
    @blp.response(200, NightSchema, headers=WEAK_ETAG)
    @not_modified(blp)
    @refusal(blp, 401, "A private club, and no token")
    @refusal(blp, 403, "Not a token of this club")
    @refusal(blp, 404, "No such club")
    @refusal(blp, 422, "A bad night or time zone")
    @blp.doc(operationId="readClubNight")
    def get(self, club_id: int, night: str, tz: str) -> Response:
        """A club night: the club's games finished that night (sides, players, scores), its
        tournaments finished that night (final standings), each player's wins, and milestones

        `night` is a date (YYYY-MM-DD) or `latest`: the night of the club's last finished game
        or tournament (today's when there is none). A night runs from 6 a.m. on its date to 6
        a.m. the next day in `tz`. A milestone is a count (finished games, games won, slams,
        open misères and misères made) that the night made cross 1, 50, 100, 250, 500 or 1000.
        The same readers as the club's ledger: a private club's with one of its tokens. Names as
        that reader may see them. A weak ETag: If-None-Match answers 304 while it is the same.
        """
        view = nights.night_view(club_id, night_date(night), ZoneInfo(tz),
                                 write_request({}).token)
        return weak_tagged(jsonify(NIGHT_VIEW.dump(view)).get_data())
