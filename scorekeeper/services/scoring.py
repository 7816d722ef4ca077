"""A game's rules as data, for the page to score hands offline (rules/scoring.py)."""

from __future__ import annotations

from typing import Any

from scorekeeper.rules.base import GameState
from scorekeeper.rules.registry import find_variant
from scorekeeper.rules.scoring import scoring_data
from scorekeeper.services import present
from scorekeeper.services.games import get_game, table_of


def game_scoring(game_id: int) -> tuple[str, dict[str, Any]]:
    """The game's ETag, and the data its hands after the last one recorded are scored with."""
    game = get_game(game_id)
    state = GameState.from_dict(game.state)
    data = scoring_data(find_variant(game.variant), table_of(game))
    return present.etag(game), {**data, "start": {"hands_played": state.hands_played,
                                                  "redeals": state.redeals}}
