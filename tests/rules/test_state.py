"""The stored form of a game's state: every field kept, nothing changed on the way back, and the
outcome stored as the three keys states have always had (finished, winner, end_reason)."""

from __future__ import annotations

import json
from typing import get_args

from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.rules.base import GameState, Outcome
from scorekeeper.rules.reasons import END_REASONS, EndReason

STORED_KEYS = {"scores", "dealer", "hands_played", "finished", "winner", "redeals",
               "barred_seat", "end_reason"}

outcomes = st.none() | st.builds(Outcome, end_reason=st.sampled_from(sorted(END_REASONS)),
                                 winner=st.none() | st.integers(0, 7))
states = st.builds(
    GameState,
    scores=st.lists(st.integers(-10_000, 10_000), min_size=2, max_size=8).map(tuple),
    dealer=st.integers(0, 7), hands_played=st.integers(0, 10_000), outcome=outcomes,
    redeals=st.integers(0, 3), barred_seat=st.none() | st.integers(0, 7))


@given(states)
def test_to_dict_keeps_every_field_and_reads_back(state: GameState) -> None:
    stored = state.to_dict()
    assert set(stored) == STORED_KEYS
    assert stored["scores"] == list(state.scores)
    assert GameState.from_dict(json.loads(json.dumps(stored))) == state


@given(states)
def test_the_outcome_is_stored_as_finished_winner_and_end_reason(state: GameState) -> None:
    stored = state.to_dict()
    if state.outcome is None:
        assert (stored["finished"], stored["winner"], stored["end_reason"]) == (False, None, None)
    else:
        assert (stored["finished"], stored["winner"], stored["end_reason"]) == (
            True, state.outcome.winner, state.outcome.end_reason)


def test_the_type_checker_knows_every_end_reason() -> None:
    assert set(get_args(EndReason)) == set(END_REASONS)
