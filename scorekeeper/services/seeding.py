"""Loading demo games: each seed file is one game, recorded hand by hand through the service."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from sqlalchemy import delete, select

from scorekeeper.errors import ServiceError
from scorekeeper.extensions import db
from scorekeeper.models import Game
from scorekeeper.rules.errors import RuleViolation
from scorekeeper.services.games import WriteRequest, create_game, record_hand


class SeedRefused(Exception):
    """A seed file the rules refuse; nothing of it is kept."""


def load_seed(name: str, data: Mapping[str, Any]) -> str:
    """Create the seed's game unless a game with this seed name exists; say what happened."""
    session = db.session
    existing = session.scalars(select(Game).where(Game.seed_name == name)).first()
    if existing is not None:
        return f"already loaded as game {existing.id}"
    if not isinstance(data, Mapping) or not {"game", "hands"} <= set(data):
        raise SeedRefused('a seed file is {"game": {...}, "hands": [...]}')
    try:
        game, token = create_game(data["game"], seed_name=name)
    except (RuleViolation, ServiceError) as refused:
        raise SeedRefused(f"the game is refused: {refused}") from None
    for number, hand in enumerate(data["hands"], start=1):
        try:
            record_hand(game.id, dict(hand), WriteRequest(
                token=token, if_match=None, idempotency_key=None, method="SEED",
                path=f"{name}#{number}", body=hand))
        except (RuleViolation, ServiceError) as refused:
            # Hands commit one by one, so a refused file is removed whole.
            session.execute(delete(Game).where(Game.id == game.id))
            session.commit()
            raise SeedRefused(f"hand {number} is refused: {refused}") from None
    return f"loaded as game {game.id} with {len(data['hands'])} hands (token {token})"
