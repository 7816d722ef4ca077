"""Properties of the auction referee over random auctions under random options: what it offers
next is exactly what it accepts next, and the visible kitty only ever turns up."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.rules.auction import AuctionRuling, adjudicate_auction
from scorekeeper.rules.contract import ContractVariant
from scorekeeper.rules.registry import find_variant


@st.composite
def games(draw: st.DrawFn) -> tuple[ContractVariant, dict[str, Any], int, int]:
    key = draw(st.sampled_from(["australian-500", "quebec-500"]))
    variant = find_variant(key)
    assert isinstance(variant, ContractVariant)
    given: dict[str, Any] = {
        "auction": draw(st.sampled_from(["australian", "american"])),
        "misere": draw(st.booleans()), "misere_rank": draw(st.sampled_from(["after-7",
                                                                             "by-value"])),
        "open_misere": draw(st.booleans()), "hi_lo": draw(st.booleans()),
        "blind_misere": draw(st.booleans()), "double_nullo": draw(st.booleans()),
        "pass_out": draw(st.sampled_from(["redeal", "dealer-must-bid"])),
    }
    players = 4
    if key == "australian-500":
        given |= {"low_misere": draw(st.booleans()), "visible_kitty": draw(st.booleans())}
        if draw(st.booleans()):
            given["fractional_bidding"] = True
        else:
            given["j5"] = draw(st.booleans())
            players = draw(st.sampled_from([3, 4, 6]))
    dealer = draw(st.integers(0, players - 1))
    return variant, variant.resolve_options(given), players, dealer


def judge(variant: ContractVariant, options: dict[str, Any], players: int, dealer: int,
          calls: list[str]) -> AuctionRuling:
    table = variant.referee_table(options, players)
    return adjudicate_auction(variant, table, dealer, calls)


@settings(max_examples=150, deadline=None)
@given(game=games(), data=st.data())
def test_next_legal_bids_are_exactly_the_bids_accepted_next(game: Any, data: Any) -> None:
    variant, options, players, dealer = game
    calls: list[str] = []
    ruling = judge(variant, options, players, dealer, calls)
    steps = data.draw(st.integers(0, 12))
    faces = [0]
    for _ in range(steps):
        if ruling.complete:
            break
        choices = [bid.code for bid in ruling.next_legal_bids] + (["pass"] if ruling.may_pass
                                                                 else [])
        calls.append(data.draw(st.sampled_from(choices)))
        ruling = judge(variant, options, players, dealer, calls)
        assert ruling.legal, (calls, ruling.explanation)
        faces.append(ruling.kitty_face_up)
    assert faces == sorted(faces) and faces[-1] <= (5 if options.get("fractional_bidding") else 3)
    if ruling.complete:
        return
    offered = {bid.code for bid in ruling.next_legal_bids}
    for bid in variant.bid_order(variant.house_rules(options)):
        after = judge(variant, options, players, dealer, [*calls, bid.code])
        assert after.legal == (bid.code in offered), (calls, bid.code, after.explanation)
        if after.legal:
            assert after.winning_bid == bid and after.winner_seat == ruling.next_seat
    passing = judge(variant, options, players, dealer, [*calls, "pass"])
    assert passing.legal == ruling.may_pass
