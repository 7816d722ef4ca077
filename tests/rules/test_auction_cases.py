"""Auction cases worked out by hand (cases/auctions.json), replayed through the referee."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from scorekeeper.rules.auction import AuctionRuling, adjudicate_auction
from scorekeeper.rules.contract import ContractVariant
from scorekeeper.rules.errors import RuleViolation
from scorekeeper.rules.registry import find_variant

CASES: list[dict[str, Any]] = json.loads(
    (Path(__file__).parent / "cases" / "auctions.json").read_text(encoding="utf-8"))["cases"]


def judge(request: dict[str, Any]) -> AuctionRuling:
    variant = find_variant(request["variant"])
    assert isinstance(variant, ContractVariant)
    options = variant.resolve_options(request.get("options", {}))
    table = variant.referee_table(options, request.get("players"), request.get("sides"))
    return adjudicate_auction(variant, table, request["dealer"], request["calls"],
                              request.get("ralphed"))


def observed(ruling: AuctionRuling) -> dict[str, Any]:
    return {
        "legal": ruling.legal, "first_illegal": ruling.first_illegal,
        "complete": ruling.complete, "passed_out": ruling.passed_out,
        "winning_bid": ruling.winning_bid.code if ruling.winning_bid else None,
        "winner_seat": ruling.winner_seat, "kitty_face_up": ruling.kitty_face_up,
        "next_seat": ruling.next_seat, "seats": [call.seat for call in ruling.calls],
    }


def test_there_are_at_least_thirty_cases() -> None:
    assert len(CASES) >= 30
    assert len({case["name"] for case in CASES}) == len(CASES)


@pytest.mark.parametrize("case", [pytest.param(c, id=c["name"]) for c in CASES if "expect" in c])
def test_auction_case(case: dict[str, Any]) -> None:
    ruling = judge(case["request"])
    expect = case["expect"]
    got = observed(ruling)
    assert got == {key: expect[key] for key in got if key in expect}, case["comment"]
    codes = [bid.code for bid in ruling.next_legal_bids]
    if "next_legal_bids" in expect:
        assert codes == expect["next_legal_bids"], case["comment"]
    assert set(expect.get("next_includes", [])) <= set(codes), case["comment"]
    assert not set(expect.get("next_excludes", [])) & set(codes), case["comment"]
    if "kitty_after_each" in expect:
        assert [c.kitty_face_up for c in ruling.calls if c.legal] == expect["kitty_after_each"]
    assert ruling.explanation, "a ruling always says why"


@pytest.mark.parametrize("case", [pytest.param(c, id=c["name"]) for c in CASES if "error" in c])
def test_auction_refusal(case: dict[str, Any]) -> None:
    with pytest.raises(RuleViolation) as caught:
        judge(case["request"])
    assert caught.value.field == case["error"], caught.value.message
