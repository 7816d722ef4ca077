"""The HTTP API under /api/v1: thin flask-smorest views over the service layer."""

from __future__ import annotations

from flask_smorest import Api

from scorekeeper.api import games, referee, tournaments, variants

PREFIX = "/api/v1"


def register(api: Api) -> None:
    api.spec.components.security_scheme(
        "gameToken", {"type": "http", "scheme": "bearer",
                      "description": "the token returned once when the game (or tournament) was "
                                     "created, or a tournament match's scorer token"})
    for blueprint in (variants.blp, games.blp, referee.blp, tournaments.blp):
        api.register_blueprint(blueprint, url_prefix=PREFIX + (blueprint.url_prefix or ""))
