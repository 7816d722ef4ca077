"""A hand's reasons: every registered code is produced by the rules, each reason renders to its
line of the explanation, and the parameters are plain JSON values."""

from __future__ import annotations

import copy
import json
from typing import Any

from scorekeeper.rules.base import GameState, HandResult, Side, Table
from scorekeeper.rules.reasons import REASONS, RULINGS, Reason
from scorekeeper.rules.registry import find_variant
from scorekeeper.rules.sentences import TEMPLATES, render, render_all
from tests.rules.helpers import TABLES, make_table

# Not the rules' own: kept sentences, from an import or revision 0007 (tests/api/test_reasons.py,
# tests/test_migrations.py).
KEPT_AS_WRITTEN = {"as_recorded"}
THREE = (Side("Ann", ("Ann",)), Side("Bo", ("Bo",)), Side("Cy", ("Cy",)))


def golden_results() -> list[HandResult]:
    results = []
    for data in TABLES.values():
        variant = find_variant(data["variant"])
        for case in data["cases"]:
            table = make_table(variant, case)
            state = variant.start(table)
            for step in case["hands"]:
                result = variant.score_hand(table, state, copy.deepcopy(step["hand"]))
                results.append(result)
                state = result.state
    return results


def shared_and_capped() -> HandResult:
    """The defenders share their tricks (defender_share) and one is held under defender_cap."""
    variant = find_variant("australian-500")
    table = Table(sides=THREE, options=variant.resolve_options(
        {"defender_share": True, "defender_cap": 450}))
    return variant.score_hand(table, GameState(scores=(0, 440, 0), dealer=0),
                              {"bidder": 0, "bid": "7H", "tricks": [7, 2, 1]})


def test_every_reason_code_is_produced_and_has_a_template() -> None:
    produced = {reason.code for result in [*golden_results(), shared_and_capped()]
                for reason in result.reasons}
    assert produced | KEPT_AS_WRITTEN == set(REASONS)
    assert set(TEMPLATES) == set(REASONS) | set(RULINGS)


def test_reasons_render_to_the_explanation_line_by_line() -> None:
    for result in golden_results():
        assert len(result.reasons) == len(result.explanation)
        assert result.explanation == render_all(result.reasons)
        for reason in result.reasons:
            stored = json.loads(json.dumps(reason.to_dict()))  # plain JSON, as stored
            assert render(Reason.from_dict(stored)) == render(reason)


def test_shared_tricks_held_under_the_cap() -> None:
    result = shared_and_capped()
    assert [reason.code for reason in result.reasons] == [
        "contract_made", "defenders_share", "tricks_shared_capped", "tricks_shared"]
    assert result.explanation[2] == ("Bo shares the defenders' 3 tricks: +10, held under the "
                                     "defender cap of 450")


def test_declarers_are_named_as_the_table_plays() -> None:
    params: dict[str, Any] = {"bid": "7H", "bid_name": "7♥", "points": 180}
    for declarers, line in (
            ({"side": "Reds", "partner": None, "alone": None}, "7♥ made by Reds: +180"),
            ({"side": "Reds", "partner": "Blues", "alone": None},
             "7♥ made by Reds with partner Blues: +180"),
            ({"side": "Reds", "partner": None, "alone": "Ann"},
             "7♥ made by Reds (Ann alone): +180")):
        assert render(Reason("contract_made", {**params, "declarers": declarers})) == line
