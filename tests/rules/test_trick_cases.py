"""Trick cases worked out by hand (cases/tricks.json), replayed through the trick referee.

A case names the winning seat and card, or the field a 422 must name.
"""

from __future__ import annotations

from typing import Any

import pytest

from scorekeeper.rules.cards import parse_card
from scorekeeper.rules.errors import RuleViolation
from tests.rules.helpers import TRICK_CASES, adjudicate_trick_case


def test_there_are_at_least_sixty_cases() -> None:
    assert len(TRICK_CASES) >= 60
    assert len({case["name"] for case in TRICK_CASES}) == len(TRICK_CASES)


@pytest.mark.parametrize("case", [pytest.param(case, id=case["name"]) for case in TRICK_CASES])
def test_trick_case(case: dict[str, Any]) -> None:
    if "error" in case:
        with pytest.raises(RuleViolation) as error:
            adjudicate_trick_case(case["request"])
        assert error.value.field == case["error"], error.value.message
        return
    ruling = adjudicate_trick_case(case["request"])
    expected = case["winner"]
    got = {"seat": ruling.seat, "card": ruling.card.code}
    assert got == {"seat": expected["seat"], "card": parse_card(expected["card"]).code}, \
        ruling.explanation
    assert ruling.explanation[-1].startswith(f"Seat {ruling.seat} wins the trick with ")
