"""Why a game ended: the rules set a code of END_REASONS when it finishes, and none before."""

from __future__ import annotations

from typing import Any

import pytest

from scorekeeper.rules.base import GameState, Side, Table
from scorekeeper.rules.reasons import END_REASONS
from scorekeeper.rules.registry import find_variant

TWO = (Side("North-South", ("Ann", "Cy")), Side("East-West", ("Bo", "Di")))
PLAYERS = (Side("Ann", ("Ann",)), Side("Bo", ("Bo",)))


def finish(key: str, sides: tuple[Side, ...], scores: tuple[int, ...], hand: dict[str, Any],
           **options: Any) -> GameState:
    variant = find_variant(key)
    table = Table(sides=sides, options=variant.resolve_options(options))
    return variant.score_hand(table, GameState(scores=scores, dealer=0), hand).state


# (variant, sides, scores before, hand, options) → the end_reason after it
CASES = [
    pytest.param("australian-500", TWO, (400, 0), {"bidder": 0, "bid": "7H", "tricks": [7, 3]},
                 {}, "target", id="contract-target"),
    pytest.param("australian-500", TWO, (-300, 100), {"bidder": 0, "bid": "8H", "tricks": [2, 8]},
                 {}, "back_door", id="contract-back-door"),
    pytest.param("quebec-500", TWO, (900, 0), {"bidder": 0, "bid": "7H", "tricks": [7, 3]},
                 {}, "target", id="quebec-target"),
    pytest.param("cinquecento", TWO, (450, 300), {"points": [70, 50]}, {}, "target",
                 id="cinquecento-target"),
    pytest.param("rummy-500", PLAYERS, (480, 100),
                 {"players": [{"meld_points": 40, "hand_points": 0},
                              {"meld_points": 0, "hand_points": 10}]}, {}, "target",
                 id="rummy-target"),
]


@pytest.mark.parametrize(("key", "sides", "scores", "hand", "options", "reason"), CASES)
def test_a_finished_game_says_why_it_ended(key: str, sides: tuple[Side, ...],
                                           scores: tuple[int, ...], hand: dict[str, Any],
                                           options: dict[str, Any], reason: str) -> None:
    state = finish(key, sides, scores, hand, **options)
    assert state.outcome is not None and state.outcome.end_reason == reason
    assert reason in END_REASONS


def test_every_end_reason_is_reached_by_a_case() -> None:
    assert {case.values[-1] for case in CASES} == set(END_REASONS)


@pytest.mark.parametrize(("key", "sides", "scores", "hand"), [
    ("australian-500", TWO, (0, 0), {"bidder": 0, "bid": "7H", "tricks": [7, 3]}),
    ("cinquecento", TWO, (450, 450), {"points": [60, 60]}),  # level above the target: play on
])
def test_a_game_in_progress_has_no_end_reason(key: str, sides: tuple[Side, ...],
                                              scores: tuple[int, ...],
                                              hand: dict[str, Any]) -> None:
    state = finish(key, sides, scores, hand)
    assert state.outcome is None
