"""The HTTP API under /api/v1: thin flask-smorest views over the service layer."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from apispec import APISpec

from scorekeeper.api import (
    clubs,
    demos,
    games,
    lists,
    nights,
    players,
    referee,
    seasons,
    tournaments,
    variants,
    webhooks,
)
from scorekeeper.api.schemas.games import LinkedPlayerSchema
from scorekeeper.api.schemas.hands import HAND_FAMILIES
from scorekeeper.i18n import LANGUAGES
from scorekeeper.rules.registry import variants as all_variants

if TYPE_CHECKING:
    from scorekeeper.errors import ScorekeeperApi

PREFIX = "/api/v1"


# The spec of every app of a process with the same API_* and OPENAPI_* settings is the same, and
# building it was half of create_app's time (the suite creates thousands of apps): built once.
_SPECS: dict[tuple[tuple[str, Any], ...], APISpec] = {}


def register(api: ScorekeeperApi) -> None:
    settings = tuple(sorted((key, repr(value)) for key, value in api.config.items()
                            if key.startswith(("API_", "OPENAPI_"))))
    built = _SPECS.get(settings)
    if built is None:
        document(api.spec)
    else:
        api.spec = built
    for blueprint in (variants.blp, games.blp, referee.blp, tournaments.blp, demos.blp,
                      players.blp, lists.blp, clubs.blp, clubs.player_blp, seasons.blp,
                      nights.blp, webhooks.blp):
        api.register_blueprint(blueprint, url_prefix=PREFIX + (blueprint.url_prefix or ""),
                               document=built is None)
    _SPECS.setdefault(settings, api.spec)


def try_later(spec: APISpec, name: str, description: str, wait: str) -> None:
    """A refusal that says when to ask again (Retry-After), in the error shape."""
    spec.components.response(name, {
        "description": description,
        "headers": {"Retry-After": {"description": wait,
                                    "schema": {"type": "integer", "minimum": 1}}},
        "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}})


def document(spec: APISpec) -> None:
    """What the spec says beyond the views' own docs."""
    # flask-smorest registers the schema of its pagination header; no view pages its replies.
    spec.components.schemas.pop("PaginationMetadata", None)
    spec.components.security_scheme(
        "gameToken", {"type": "http", "scheme": "bearer",
                      "description": "the token returned once when the game (or tournament) was "
                                     "created, or a tournament match's scorer token"})
    spec.components.security_scheme(
        "clubToken", {"type": "http", "scheme": "bearer",
                      "description": "a club's admin token, or its member token where an "
                                     "operation says so (also accepted as X-Club-Token)"})
    try_later(spec, "WRITE_LIMIT", "Too many writes from this client (SCOREKEEPER_WRITE_LIMIT); "
              "nothing was stored. Send it again after Retry-After seconds.",
              "seconds to wait before the next write")
    try_later(spec, "CHECK_LIMIT", "Too many checks from this client (SCOREKEEPER_CHECK_LIMIT: "
              "the referee and hand previews, which need no token). Ask again after Retry-After "
              "seconds.", "seconds to wait before the next check")
    try_later(spec, "DATABASE_BUSY", "No database connection came free in time "
              "(SCOREKEEPER_DB_POOL_TIMEOUT), or the database server has no connection left; "
              "nothing was stored. Send it again after Retry-After seconds (a write with its "
              "Idempotency-Key).", "seconds to wait before trying again")
    spoken = ", ".join(f"`{code}` ({name})" for code, (name, _) in LANGUAGES.items())
    spec.components.parameter("lang", "query", {
        "description": f"The language of the reply's words: {spoken}. Overrides "
                       "Accept-Language; any other value is ignored. Codes, field names and "
                       "stored data never change with the language; `Content-Language` says "
                       "which one the reply speaks.",
        "required": False, "schema": {"type": "string"}})
    spec.components.parameter("AcceptLanguage", "header", {"name": "Accept-Language",
        "description": f"The languages the client reads, best first (RFC 9110); the reply "
                       f"speaks the best of {spoken}, else English.",
        "required": False, "schema": {"type": "string"}})
    register_hand_families(spec)
    spec.components.schema("LinkedPlayer", schema=LinkedPlayerSchema)


def register_hand_families(spec: APISpec) -> None:
    """One component per family of hands, naming the variants it is for (read from the variants,
    so a new one is named where its family says). Each asks for at least one field: an empty hand
    says nothing and every variant refuses it, and with no field shared between families this
    keeps the hand bodies' oneOf unambiguous."""
    for family in HAND_FAMILIES:
        keys = ", ".join(v.key for v in all_variants() if v.family == family.family)
        doc: dict[str, Any] = {"description": f"A hand of {keys} (family {family.family}). "
                                              f"{family.description}",
                               "example": family.example, "minProperties": 1}
        if family.required:
            doc["required"] = list(family.required)
        spec.components.schema(family.component, doc, schema=family.schema)
