"""Meld cases worked out by hand (cases/melds.json), replayed through the Rummy 500 meld referee.

A case names the ruling (valid, kind, points) or the field a 422 must name.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from scorekeeper.rules.errors import RuleViolation
from scorekeeper.rules.variants.rummy import VARIANT, MeldRuling, adjudicate_meld

CASES_FILE = Path(__file__).parent / "cases" / "melds.json"
CASES: list[dict[str, Any]] = json.loads(CASES_FILE.read_text(encoding="utf-8"))["cases"]


def adjudicate(request: dict[str, Any]) -> MeldRuling:
    assert request["variant"] == VARIANT.key == "rummy-500"
    options = VARIANT.resolve_options(request.get("options", {}))
    table = VARIANT.referee_table(options, request.get("players"))
    return adjudicate_meld(table, request["cards"])


def test_there_are_at_least_a_hundred_and_twenty_cases() -> None:
    assert len(CASES) >= 120
    assert len({case["name"] for case in CASES}) == len(CASES)
    for case in CASES:
        assert ("error" in case) != ("valid" in case), case["name"]
        if not case.get("valid", True):
            assert case["kind"] is None and case["points"] == 0, case["name"]


@pytest.mark.parametrize("case", [pytest.param(case, id=case["name"]) for case in CASES])
def test_meld_case(case: dict[str, Any]) -> None:
    if "error" in case:
        with pytest.raises(RuleViolation) as error:
            adjudicate(case["request"])
        assert error.value.field == case["error"], error.value.message
        assert error.value.message.strip()
        return
    ruling = adjudicate(case["request"])
    got = {"valid": ruling.valid, "kind": ruling.kind, "points": ruling.points}
    expected = {"valid": case["valid"], "kind": case["kind"], "points": case["points"]}
    assert got == expected, (case["comment"], ruling.explanation)
    assert isinstance(ruling.explanation, tuple) and ruling.explanation
    assert all(isinstance(line, str) and line.strip() for line in ruling.explanation)
