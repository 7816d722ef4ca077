"""Trick cases worked out by hand (cases/tricks.json), replayed through the trick referee.

A case names the winning seat and card, or the field a 422 must name.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from scorekeeper.rules.cards import parse_card
from scorekeeper.rules.contract import ContractVariant
from scorekeeper.rules.errors import RuleViolation
from scorekeeper.rules.registry import find_variant
from scorekeeper.rules.tricks import TrickRuling, adjudicate_trick

CASES_FILE = Path(__file__).parent / "cases" / "tricks.json"
CASES: list[dict[str, Any]] = json.loads(CASES_FILE.read_text(encoding="utf-8"))["cases"]

def adjudicate(request: dict[str, Any]) -> TrickRuling:
    variant = find_variant(request["variant"])
    assert isinstance(variant, ContractVariant)
    options = variant.resolve_options(request.get("options", {}))
    table = variant.referee_table(options, request.get("players"), request.get("sides"))
    return adjudicate_trick(variant, table, request.get("contract"), request.get("plays"),
                            request.get("led_before"))


def test_there_are_at_least_sixty_cases() -> None:
    assert len(CASES) >= 60
    assert len({case["name"] for case in CASES}) == len(CASES)


@pytest.mark.parametrize("case", [pytest.param(case, id=case["name"]) for case in CASES])
def test_trick_case(case: dict[str, Any]) -> None:
    if "error" in case:
        with pytest.raises(RuleViolation) as error:
            adjudicate(case["request"])
        assert error.value.field == case["error"], error.value.message
        return
    ruling = adjudicate(case["request"])
    expected = case["winner"]
    got = {"seat": ruling.seat, "card": ruling.card.code}
    assert got == {"seat": expected["seat"], "card": parse_card(expected["card"]).code}, \
        ruling.explanation
    assert ruling.explanation[-1].startswith(f"Seat {ruling.seat} wins the trick with ")
