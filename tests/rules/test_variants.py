"""What every registered variant publishes about itself holds together with what it does."""

from __future__ import annotations

import pytest

from scorekeeper.rules.base import FAMILIES, REFEREES, GameState, Variant
from scorekeeper.rules.errors import RuleViolation
from scorekeeper.rules.registry import variants

ALL = [pytest.param(variant, id=variant.key) for variant in variants()]


@pytest.mark.parametrize("variant", ALL)
def test_the_description_is_in_the_known_words(variant: Variant) -> None:
    assert variant.family in FAMILIES
    assert set(variant.referees) <= set(REFEREES) and variant.referees
    assert all(callable(judge) for judge in variant.referees.values())
    assert variant.hand_fields and len(set(variant.hand_fields)) == len(variant.hand_fields)
    assert variant.forms and all(sides >= 2 and each >= 1 for sides, each in variant.forms)
    size = variant.hand
    assert any(n is not None for n in (size.cards, size.tricks, size.points))
    # An auction is a referee's business only where there are bids to win it with.
    assert ("auction" in variant.referees) == bool(variant.bids())


@pytest.mark.parametrize("variant", ALL)
def test_a_hand_takes_the_published_fields_and_no_other(variant: Variant) -> None:
    """Each published field gets past the check for unknown fields; anything else is refused
    by name."""
    table = variant.referee_table(variant.resolve_options({}))
    state = GameState(scores=(0,) * len(table.sides), dealer=0)
    for name in variant.hand_fields:
        with pytest.raises(RuleViolation) as refused:
            variant.score_hand(table, state, {name: None})
        assert "is not part of" not in refused.value.message, (name, refused.value.message)
    with pytest.raises(RuleViolation) as refused:
        variant.score_hand(table, state, {"wager": 1})
    assert refused.value.field == "wager"
