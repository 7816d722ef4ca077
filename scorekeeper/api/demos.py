"""The demo games and tournaments `flask seed` loaded: what a newcomer can watch from the start
page. Games and tournaments are listed here only when the seed marked them as demos; no other
one is ever listed (issue 29: a game outside a club never is)."""

from __future__ import annotations

from typing import Any

import marshmallow as ma
from flask.views import MethodView
from marshmallow import fields

from scorekeeper.api.blueprint import Blueprint
from scorekeeper.services.seeding import listed_demos

blp = Blueprint("demos", __name__, url_prefix="/demos",
                description="The demo games and tournaments loaded by `flask seed`.")


class DemoSideSchema(ma.Schema):
    name = fields.Str(required=True)
    players = fields.List(fields.Str(), required=True)


class DemoGameSchema(ma.Schema):
    class Meta:
        ordered = True

    id = fields.Int(required=True)
    variant = fields.Str(required=True)
    sides = fields.List(fields.Nested(DemoSideSchema), required=True)
    status = fields.Str(required=True, metadata={"enum": ["in_progress", "finished"]})
    winner = fields.Int(required=True, allow_none=True)
    scores = fields.List(fields.Int(), required=True)
    hands_played = fields.Int(required=True)


class DemoTournamentSchema(ma.Schema):
    class Meta:
        ordered = True

    id = fields.Int(required=True)
    name = fields.Str(required=True)
    variant = fields.Str(required=True)


class DemosSchema(ma.Schema):
    class Meta:
        ordered = True

    games = fields.List(fields.Nested(DemoGameSchema), required=True, metadata={
        "description": "each opens read-only at /#/g/{id}/watch"})
    tournaments = fields.List(fields.Nested(DemoTournamentSchema), required=True, metadata={
        "description": "each opens at /#/t/{id}"})


@blp.route("")
class Demos(MethodView):
    @blp.response(200, DemosSchema)
    @blp.doc(operationId="listDemos")
    def get(self) -> dict[str, Any]:
        """The demo games and tournaments (`flask seed`), oldest first; nothing else is listed

        Anyone may read it, no token needed: the start page offers these to a newcomer to watch.
        Only what `flask seed` marked as a demo is here (`flask seed --unlisted` takes the mark
        off); no game or tournament anyone else made is ever listed. Empty when nothing is seeded.
        """
        return listed_demos()
