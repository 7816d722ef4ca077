"""Golden scoring cases, one file per variant (or form of it), worked out by hand from RULES.md.

The numbers live in golden/<variant>.json (and golden/<variant>-<form>.json); this module only
replays them through the engine's pure interface and fails on the first number that differs.
"""

from __future__ import annotations

import copy
from typing import Any

import pytest

from scorekeeper.rules.base import GameState, Variant
from scorekeeper.rules.errors import RuleViolation
from scorekeeper.rules.registry import find_variant, variants
from scorekeeper.rules.sentences import render_all
from tests.rules.helpers import TABLES, make_table

CHECKED = ("deltas", "scores", "dealer", "finished", "winner")


def params(key: str) -> list[Any]:
    return [pytest.param(find_variant(data["variant"]), case, id=f"{stem}:{case['name']}")
            for stem, data in TABLES.items() for case in data[key]]


def test_every_variant_with_a_table_has_its_file() -> None:
    assert {data["variant"] for data in TABLES.values()} >= {"australian-500", "quebec-500"}
    # A variant's file is named after it; a form with a table of its own adds a suffix
    # (australian-500-five.json).
    assert all(stem == data["variant"] or stem.startswith(f"{data['variant']}-")
               for stem, data in TABLES.items())


def test_every_registered_variant_has_a_golden_file() -> None:
    """A variant joins the registry with its scoring worked out by hand, or not at all."""
    missing = [variant.key for variant in variants() if variant.key not in TABLES]
    assert not missing, f"no tests/rules/golden/<key>.json for {', '.join(missing)}"


def observed(state: GameState, deltas: tuple[int, ...]) -> dict[str, Any]:
    return {
        "deltas": list(deltas),
        "scores": list(state.scores),
        "dealer": state.dealer,
        "finished": state.outcome is not None,
        "winner": None if state.outcome is None else state.outcome.winner,
    }


@pytest.mark.parametrize(("variant", "case"), params("cases"))
def test_golden_case(variant: Variant, case: dict[str, Any]) -> None:
    table = make_table(variant, case)
    variant.check_table(table)
    state = variant.start(table)
    sides = len(case["sides"])
    assert observed(state, (0,) * sides) == {
        "deltas": [0] * sides,
        "scores": [0] * sides,
        "dealer": case["first_dealer"],
        "finished": False,
        "winner": None,
    }, f"{case['name']}: wrong starting state"

    for number, step in enumerate(case["hands"], start=1):
        where = f"{case['name']} hand {number} {step['hand']} ({case['comment']})"
        result = variant.score_hand(table, state, copy.deepcopy(step["hand"]))
        got = observed(result.state, result.deltas)
        assert got == {key: step[key] for key in CHECKED}, where
        # The explanation is its reasons rendered, one sentence each, in order.
        assert result.explanation == render_all(result.reasons), where
        points = [*result.deltas, *result.state.scores]
        assert all(type(p) is int for p in points), f"{where}: points must be int, got {points}"
        for text in step.get("explain", []):
            assert any(text in line for line in result.explanation), (
                f"{where}: no explanation line contains {text!r}: {result.explanation}"
            )
        state = result.state


@pytest.mark.parametrize(("variant", "case"), params("errors"))
def test_golden_refusal(variant: Variant, case: dict[str, Any]) -> None:
    stage = case["stage"]
    if stage == "options":
        with pytest.raises(RuleViolation) as caught:
            variant.resolve_options(case["options"])
    elif stage == "table":
        table = make_table(variant, case)
        with pytest.raises(RuleViolation) as caught:
            variant.check_table(table)
    else:
        table = make_table(variant, case)
        variant.check_table(table)
        state = variant.start(table)
        for hand in case["before"]:
            state = variant.score_hand(table, state, copy.deepcopy(hand)).state
            assert state.outcome is None, f"{case['name']}: the game ended before the bad hand"
        with pytest.raises(RuleViolation) as caught:
            variant.score_hand(table, state, copy.deepcopy(case["hand"]))
    violation = caught.value
    assert violation.message, f"{case['name']}: the refusal must say which rule it breaks"
    if case["field"] is not None:
        assert violation.field == case["field"], f"{case['name']}: {violation.message}"


@pytest.mark.parametrize("stem", list(TABLES))
def test_option_defaults(stem: str) -> None:
    options = find_variant(TABLES[stem]["variant"]).resolve_options({})
    expected = TABLES[stem]["option_defaults"]
    got = {name: options.get(name, "<missing>") for name in expected}
    assert got == expected
    assert {n: type(v) for n, v in got.items()} == {n: type(v) for n, v in expected.items()}


@pytest.mark.parametrize("stem", list(TABLES))
def test_golden_file_is_consistent(stem: str) -> None:
    """Guards the data itself: running totals add up and every hand is well formed."""
    data = TABLES[stem]
    names = [case["name"] for case in data["cases"] + data["errors"]]
    assert len(names) == len(set(names)), "case names must be unique"
    for case in data["cases"]:
        scores = [0] * len(case["sides"])
        for number, step in enumerate(case["hands"], start=1):
            where = f"{case['name']} hand {number}"
            tricks = step["hand"].get("tricks")
            if tricks is not None:
                assert len(tricks) == len(scores) and sum(tricks) == 10, where
            scores = [s + d for s, d in zip(scores, step["deltas"], strict=True)]
            assert scores == step["scores"], where
            assert step["finished"] == (step["winner"] is not None), where
            assert not step["finished"] or number == len(case["hands"]), where
