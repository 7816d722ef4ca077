"""Seed 002: a lay-off onto another player's meld needs a meld of one's own, under option
layoff_needs_own_meld; a game stored before that option existed keeps the rule it was played by."""

from __future__ import annotations

from typing import Any

import pytest

from scorekeeper.rules.base import Side, Table
from scorekeeper.rules.errors import RuleViolation
from scorekeeper.rules.registry import find_variant

RUMMY = find_variant("rummy-500")
SIDES = (Side("Ann", ("Ann",)), Side("Bo", ("Bo",)))
# Bo melds nothing and lays his 10♥ off onto Ann's run.
HAND: dict[str, Any] = {"players": [
    {"melds": [["7H", "8H", "9H"]], "hand": [], "went_out": True},
    {"layoffs": [{"card": "10H", "onto": [0, 0]}], "hand": ["2C"]}]}


def score(options: dict[str, Any]) -> tuple[int, ...]:
    table = Table(SIDES, options)
    return RUMMY.score_hand(table, RUMMY.start(table), HAND).deltas


def test_the_default_asks_for_a_meld_of_ones_own() -> None:
    with pytest.raises(RuleViolation) as refused:
        score(RUMMY.resolve_options({}))
    assert (refused.value.rule, refused.value.field) == ("layoff_own_meld", "players.1.layoffs.0")


def test_a_table_that_lets_anyone_lay_off() -> None:
    assert score(RUMMY.resolve_options({"layoff_needs_own_meld": False})) == (24, 8)


def test_a_game_stored_before_the_option_keeps_its_rule() -> None:
    stored = {k: v for k, v in RUMMY.resolve_options({}).items()
              if k != "layoff_needs_own_meld"}
    assert score(stored) == (24, 8)
