"""Loading demo data: each seed file is one game, recorded hand by hand through the service, or one
tournament, drawn, reported and advanced through the service."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from sqlalchemy import delete, select

from scorekeeper import site, store
from scorekeeper.errors import ServiceError
from scorekeeper.models import Game, Tournament
from scorekeeper.rules.errors import RuleViolation
from scorekeeper.services.games import create_game, record_hand
from scorekeeper.services.tournaments import lifecycle
from scorekeeper.services.writes import WriteContext, WriteRequest


class SeedRefused(Exception):
    """A seed file the rules refuse; nothing of it is kept."""


def load_seed(name: str, data: Mapping[str, Any], context: WriteContext,
              public_url: str | None = None) -> str:
    """Create the seed's game unless a game with this seed name exists; say what happened: with
    the site's public address, the new game's scorer link (or tournament's organizer link), else
    its token."""
    if isinstance(data, Mapping) and "tournament" in data:
        return load_tournament(name, data, context, public_url)
    session = store.current().session
    existing = session.scalars(select(Game).where(Game.seed_name == name)).first()
    if existing is not None:
        return f"already loaded as game {existing.id}"
    if not isinstance(data, Mapping) or not {"game", "hands"} <= set(data):
        raise SeedRefused('a seed file is {"game": {...}, "hands": [...]}')
    try:
        created = create_game(data["game"], _seeding(context, None, name, None),
                              seed_name=name).body
        game_id, token = created["id"], created["token"]
    except (RuleViolation, ServiceError) as refused:
        raise SeedRefused(f"the game is refused: {refused}") from None
    for number, hand in enumerate(data["hands"], start=1):
        try:
            record_hand(game_id, dict(hand), _seeding(context, token, f"{name}#{number}", hand))
        except (RuleViolation, ServiceError) as refused:
            # Hands commit one by one, so a refused file is removed whole.
            session.execute(delete(Game).where(Game.id == game_id))
            session.commit()
            raise SeedRefused(f"hand {number} is refused: {refused}") from None
    loaded = f"loaded as game {game_id} with {len(data['hands'])} hands"
    if public_url:
        return f"{loaded}: scorer link {site.game_link(public_url, game_id, token)}"
    return f"{loaded} (token {token})"


def load_tournament(name: str, data: Mapping[str, Any], context: WriteContext,
                    public_url: str | None = None) -> str:
    """{"tournament": {...}, "draw_seed": n, "steps": [{"match": id, "scores": [...]} or
    {"advance": true}, ...]}: created, drawn and played step by step."""
    session = store.current().session
    existing = session.scalars(select(Tournament).where(Tournament.seed_name == name)).first()
    if existing is not None:
        return f"already loaded as tournament {existing.id}"
    try:
        created = lifecycle.create_tournament(
            data["tournament"], _seeding(context, None, name, None), seed_name=name).body
        tournament_id, token = created["id"], created["token"]
    except (RuleViolation, ServiceError) as refused:
        raise SeedRefused(f"the tournament is refused: {refused}") from None

    def request(step: str) -> WriteRequest:
        return _seeding(context, token, f"{name}#{step}", None)

    steps = data.get("steps", [])
    number = 0
    try:
        lifecycle.draw(tournament_id, data.get("draw_seed"), request("draw"))
        for number, step in enumerate(steps, start=1):
            if step.get("advance"):
                lifecycle.advance(tournament_id, request(str(number)))
            else:
                lifecycle.report_game(tournament_id, step["match"], step, request(str(number)))
    except (RuleViolation, ServiceError, KeyError) as refused:
        session.execute(delete(Tournament).where(Tournament.id == tournament_id))
        session.commit()
        raise SeedRefused(f"step {number} is refused: {refused}") from None
    loaded = f"loaded as tournament {tournament_id} with {len(steps)} steps"
    if public_url:
        return f"{loaded}: organizer link {site.tournament_link(public_url, tournament_id, token)}"
    return f"{loaded} (token {token})"


def _seeding(context: WriteContext, token: str | None, path: str, body: Any) -> WriteRequest:
    return WriteRequest(token=token, if_match=None, idempotency_key=None, method="SEED",
                        path=path, body=body, context=context)
