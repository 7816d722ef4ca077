"""The stored form of a game's state: every field kept, nothing changed on the way back."""

from __future__ import annotations

import json
from dataclasses import fields

from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.rules.base import GameState
from scorekeeper.rules.reasons import END_REASONS

states = st.builds(
    GameState,
    scores=st.lists(st.integers(-10_000, 10_000), min_size=2, max_size=8).map(tuple),
    dealer=st.integers(0, 7), hands_played=st.integers(0, 10_000), finished=st.booleans(),
    winner=st.none() | st.integers(0, 7), redeals=st.integers(0, 3),
    barred_seat=st.none() | st.integers(0, 7),
    end_reason=st.none() | st.sampled_from(sorted(END_REASONS)))


@given(states)
def test_to_dict_keeps_every_field_and_reads_back(state: GameState) -> None:
    stored = state.to_dict()
    assert set(stored) == {f.name for f in fields(GameState)}
    assert stored["scores"] == list(state.scores)
    assert GameState.from_dict(json.loads(json.dumps(stored))) == state
