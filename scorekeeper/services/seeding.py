"""Loading demo games: each seed file is one game, recorded hand by hand through the service."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from sqlalchemy import select

from scorekeeper.extensions import db
from scorekeeper.models import Game
from scorekeeper.services.games import WriteRequest, create_game, record_hand


def load_seed(name: str, data: Mapping[str, Any]) -> str:
    """Create the seed's game unless a game with this seed name exists; say what happened."""
    existing = db.session.scalars(select(Game).where(Game.seed_name == name)).first()
    if existing is not None:
        return f"already loaded as game {existing.id}"
    game, token = create_game(data["game"], seed_name=name)
    for number, hand in enumerate(data["hands"], start=1):
        record_hand(game.id, dict(hand), WriteRequest(
            token=token, if_match=None, idempotency_key=None, method="SEED",
            path=f"{name}#{number}", body=hand))
    return f"loaded as game {game.id} with {len(data['hands'])} hands (token {token})"
