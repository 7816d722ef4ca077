"""Each hand keeps its reasons: the lines of its explanation as codes with parameters.

Hands stored before get theirs here, once, by scoring each again with the rules from the state
stored before it (the previous hand's, or the variant's start): the rules are pure and are the
only source of codes, and filling the column now keeps every read path (a hand, the list, the
history's replies) free of a "not yet known" case. A hand the rules no longer score keeps its
stored sentences word for word (code `as_recorded`), so no hand is ever left without reasons.

Revision ID: 0007
Revises: 0006
Create Date: 2026-11-24
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import sqlalchemy as sa
from alembic import op

from scorekeeper.rules.base import GameState, Side, Table
from scorekeeper.rules.errors import RuleViolation
from scorekeeper.rules.registry import find_variant

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def scored_again(game: Any, hands: Sequence[Any]) -> list[list[dict[str, Any]]]:
    """Each hand's reasons, from the state stored before it."""
    try:
        variant = find_variant(game.variant)
        table = Table(sides=tuple(Side(side["name"], tuple(side["players"]))
                                  for side in game.sides),
                      options=game.options, first_dealer=game.first_dealer)
        state = variant.start(table)
    except (RuleViolation, KeyError, TypeError):
        return [as_recorded(hand) for hand in hands]
    found = []
    for hand in hands:
        try:
            result = variant.score_hand(table, state, hand.input)
            reasons = [reason.to_dict() for reason in result.reasons]
            found.append(reasons if list(result.explanation) == hand.explanation
                         else as_recorded(hand))
        except (RuleViolation, KeyError, TypeError, ValueError):
            found.append(as_recorded(hand))
        state = GameState.from_dict(hand.state)
    return found


def as_recorded(hand: Any) -> list[dict[str, Any]]:
    return [{"code": "as_recorded", "params": {"sentence": line}} for line in hand.explanation]


def upgrade() -> None:
    connection = op.get_bind()
    # A database set back to an earlier revision by hand may have the column already.
    if any(column["name"] == "reasons" for column in sa.inspect(connection).get_columns("hands")):
        return
    with op.batch_alter_table("hands") as batch:
        batch.add_column(sa.Column("reasons", sa.JSON(), nullable=True))
    games = sa.table("games", sa.column("id", sa.Integer()), sa.column("variant", sa.String()),
                     sa.column("options", sa.JSON()), sa.column("sides", sa.JSON()),
                     sa.column("first_dealer", sa.Integer()))
    hands = sa.table("hands", sa.column("id", sa.Integer()), sa.column("game_id", sa.Integer()),
                     sa.column("number", sa.Integer()), sa.column("input", sa.JSON()),
                     sa.column("explanation", sa.JSON()), sa.column("state", sa.JSON()),
                     sa.column("reasons", sa.JSON()))
    for game in connection.execute(sa.select(games)).all():
        played = connection.execute(sa.select(hands).where(hands.c.game_id == game.id)
                                    .order_by(hands.c.number)).all()
        for hand, reasons in zip(played, scored_again(game, played), strict=True):
            connection.execute(hands.update().where(hands.c.id == hand.id)
                               .values(reasons=reasons))
    with op.batch_alter_table("hands") as batch:
        batch.alter_column("reasons", existing_type=sa.JSON(), nullable=False)


def downgrade() -> None:
    with op.batch_alter_table("hands") as batch:
        batch.drop_column("reasons")
