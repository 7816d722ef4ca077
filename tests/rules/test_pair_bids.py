"""Pair bids (double nullo, patastrophe) exist only where the bidder has a partner from the deal:
four players, or six in three sides of two (RULES.md, decisions of 2026-11-27). Recording a hand,
the table's list of bids and the auction referee give one answer."""

from __future__ import annotations

import pytest

from scorekeeper.rules.auction import adjudicate_auction
from scorekeeper.rules.base import Side, Table
from scorekeeper.rules.contract import ContractVariant
from scorekeeper.rules.errors import RuleViolation
from scorekeeper.rules.registry import find_variant

PAIR_BIDS = ("DNUL", "PAT")
# (sides, players per side) → whether pair bids are played there
FORMS = [((2, 2), True), ((3, 2), True), ((3, 1), False), ((5, 1), False), ((2, 3), False)]


def australian() -> ContractVariant:
    variant = find_variant("australian-500")
    assert isinstance(variant, ContractVariant)
    return variant


def table_of(sides: int, each: int, first_dealer: int = 0) -> Table:
    options = australian().resolve_options({"double_nullo": True, "patastrophe": True})
    return Table(tuple(Side(f"side {s}", tuple(f"p{s}.{k}" for k in range(each)))
                       for s in range(sides)), options, first_dealer)


def hand(table: Table, bid: str) -> dict[str, object]:
    tricks = [10] + [0] * (len(table.sides) - 1)  # the defenders take every trick: made
    entered: dict[str, object] = {"bidder": 0, "bid": bid, "tricks": tricks[::-1]}
    if australian().calls_partner(table):
        entered["partner"] = 1
    return entered


@pytest.mark.parametrize(("form", "played"), FORMS, ids=[f"{s}x{e}" for (s, e), _ in FORMS])
def test_recording_the_list_and_the_referee_agree(form: tuple[int, int], played: bool) -> None:
    variant, table = australian(), table_of(*form)
    listed = {bid.code for bid in variant.table_bids(table)}
    opening = adjudicate_auction(variant, table, table.seats - 1, [])
    callable_now = {bid.code for bid in opening.next_legal_bids}
    for code in PAIR_BIDS:
        assert (code in listed) is played
        assert (code in callable_now) is played
        called = adjudicate_auction(variant, table, table.seats - 1, [code])
        assert called.legal is played, called.explanation
        state = variant.start(table)
        if played:
            assert variant.score_hand(table, state, hand(table, code)).deltas[0] > 0
        else:
            with pytest.raises(RuleViolation) as refused:
                variant.score_hand(table, state, hand(table, code))
            assert (refused.value.rule, refused.value.field) == ("bid_needs_partner", "bid")
            why = called.reasons[0].params["why"]
            assert why["says"] == "illegal_call.pair_bid", why
            assert "partners" in called.explanation[0]


def test_a_pair_bid_in_a_hands_auction_is_an_illegal_call() -> None:
    variant, table = australian(), table_of(5, 1, first_dealer=4)  # seat 0 calls first
    entered = {**hand(table, "DNUL"), "partner": None, "calls": ["DNUL", "pass", "pass",
                                                                  "pass", "pass"]}
    with pytest.raises(RuleViolation) as refused:
        variant.score_hand(table, variant.start(table), entered)
    assert (refused.value.rule, refused.value.field) == ("illegal_call", "calls.0")
