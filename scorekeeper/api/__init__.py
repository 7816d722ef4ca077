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
    api.spec.components.response("WRITE_LIMIT", {
        "description": "Too many writes from this client (SCOREKEEPER_WRITE_LIMIT); nothing was "
                       "stored. Send it again after Retry-After seconds.",
        "headers": {"Retry-After": {"description": "seconds to wait before the next write",
                                    "schema": {"type": "integer", "minimum": 1}}},
        "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}})
    api.spec.components.response("DATABASE_BUSY", {
        "description": "No database connection came free in time (SCOREKEEPER_DB_POOL_TIMEOUT), "
                       "or the database server has no connection left; nothing was stored. Send "
                       "it again after Retry-After seconds (a write with its Idempotency-Key).",
        "headers": {"Retry-After": {"description": "seconds to wait before trying again",
                                    "schema": {"type": "integer", "minimum": 1}}},
        "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}})
    for blueprint in (variants.blp, games.blp, referee.blp, tournaments.blp):
        api.register_blueprint(blueprint, url_prefix=PREFIX + (blueprint.url_prefix or ""))
