"""A finished game's state says why it ended (`end_reason`). States stored before it was kept get
it here, from what they already hold: a winner short of the target can only have won because
somebody went out the back door (option lose_at); every other finished game reached the target.

Revision ID: 0006
Revises: 0005
Create Date: 2026-11-24
"""

from __future__ import annotations

from typing import Any

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def with_end_reason(state: dict[str, Any], options: dict[str, Any]) -> dict[str, Any]:
    """The state with its end_reason, the rules' own choice (contract.back_door_or_target) kept
    here as it stood, so that later rule changes never rewrite old rows."""
    if "end_reason" in state:
        return state
    reason = None
    if state.get("finished") and state.get("winner") is not None:
        scores = state["scores"]
        lose_at = options.get("lose_at")
        out = isinstance(lose_at, int) and not isinstance(lose_at, bool) and any(
            score <= lose_at for score in scores)
        short = scores[state["winner"]] < int(options.get("target", 0))
        reason = "back_door" if out and short else "target"
    return {**state, "end_reason": reason}


def upgrade() -> None:
    connection = op.get_bind()
    games = sa.table("games", sa.column("id", sa.Integer()), sa.column("options", sa.JSON()),
                     sa.column("state", sa.JSON()))
    hands = sa.table("hands", sa.column("id", sa.Integer()), sa.column("game_id", sa.Integer()),
                     sa.column("state", sa.JSON()))
    options = {}
    for game in connection.execute(sa.select(games)).all():
        options[game.id] = game.options
        if game.state and "scores" in game.state:
            state = with_end_reason(game.state, game.options)
            if state != game.state:
                connection.execute(games.update().where(games.c.id == game.id).values(state=state))
    for hand in connection.execute(sa.select(hands)).all():
        state = with_end_reason(hand.state, options[hand.game_id])
        if state != hand.state:
            connection.execute(hands.update().where(hands.c.id == hand.id).values(state=state))


def downgrade() -> None:
    """Nothing to undo: a state with end_reason reads the same to the code before it."""
