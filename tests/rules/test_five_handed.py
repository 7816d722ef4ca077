"""Five-handed australian-500 (call-a-partner): properties of the scoring, and the referees at five.

The golden cases (golden/australian-500-five.json) fix the numbers; these check that any legal
hand's deltas follow from RULES.md, and that the trick and auction referees seat five.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.rules.auction import adjudicate_auction
from scorekeeper.rules.base import Side, Table
from scorekeeper.rules.cards import Card
from scorekeeper.rules.contract import ContractVariant
from scorekeeper.rules.errors import RuleViolation
from scorekeeper.rules.registry import find_variant
from scorekeeper.rules.tricks import adjudicate_trick

VARIANT = find_variant("australian-500")
assert isinstance(VARIANT, ContractVariant)
AUSTRALIAN: ContractVariant = VARIANT
NAMES = ("Ann", "Bo", "Cy", "Di", "Ed")
DENOMINATIONS = ("S", "C", "D", "H", "NT")
AVONDALE = {f"{n}{d}": (n, 40 + 20 * i + 100 * (n - 6))
            for n in range(6, 11) for i, d in enumerate(DENOMINATIONS)}
OPEN = {"target": 1_000_000, "lose_at": None}


def five(**options: Any) -> Table:
    table = Table(sides=tuple(Side(name, (name,)) for name in NAMES),
                  options=AUSTRALIAN.resolve_options({**OPEN, **options}))
    AUSTRALIAN.check_table(table)
    return table


@st.composite
def five_handed(draw: st.DrawFn) -> dict[str, Any]:
    """A legal five-handed contract: any Avondale bid, any partner or none, any tricks."""
    bidder = draw(st.integers(0, 4))
    partner = draw(st.none() | st.sampled_from([s for s in range(5) if s != bidder]))
    cuts = sorted(draw(st.lists(st.integers(0, 10), min_size=4, max_size=4)))
    tricks = [b - a for a, b in zip([0, *cuts], [*cuts, 10], strict=True)]
    return {"bidder": bidder, "bid": draw(st.sampled_from(sorted(AVONDALE))), "partner": partner,
            "tricks": tricks}


@given(hand=five_handed(), partner_share=st.sampled_from(["full", "half"]),
       defender_share=st.booleans(), slam_bonus=st.booleans())
def test_deltas_follow_from_the_rules(hand: dict[str, Any], partner_share: str,
                                      defender_share: bool, slam_bonus: bool) -> None:
    table = five(partner_share=partner_share, defender_share=defender_share,
                 slam_bonus=slam_bonus)
    result = AUSTRALIAN.score_hand(table, AUSTRALIAN.start(table), hand)
    needed, value = AVONDALE[hand["bid"]]
    declarers = [hand["bidder"]] + ([hand["partner"]] if hand["partner"] is not None else [])
    defenders = [s for s in range(5) if s not in declarers]
    taken = sum(hand["tricks"][s] for s in declarers)
    if slam_bonus and taken == 10 and value < 250:
        value = 250
    each = value // 2 if partner_share == "half" and len(declarers) == 2 else value
    assert value % 2 == 0  # halves are whole: every value at five is even
    sign = 1 if taken >= needed else -1
    defended = sum(hand["tricks"][s] for s in defenders)
    for seat in declarers:
        assert result.deltas[seat] == sign * each
    for seat in defenders:
        own = hand["tricks"][seat]
        assert result.deltas[seat] == 10 * (defended if defender_share else own)
    assert sum(result.deltas) == sign * each * len(declarers) + 10 * (
        defended * len(defenders) if defender_share else defended)
    assert result.contract is not None
    assert result.contract.declarers == tuple(declarers)
    assert all(result.contract.declaring(s) == (s in declarers) for s in range(5))
    assert result.state.dealer == 1  # the first dealer is seat 0; the deal passes to seat 1


# -- the deck and the referees at five ------------------------------------------------------------


def test_the_deck_at_five_is_the_full_pack_and_one_joker() -> None:
    deck = AUSTRALIAN.deck(AUSTRALIAN.house_rules(five().options), 5)
    assert len(deck) == 53 == 5 * 10 + 3
    assert Card("2", "S") in deck and Card("3", "H") in deck and Card("JK") in deck


def referee(players: int = 5) -> Table:
    return AUSTRALIAN.referee_table(AUSTRALIAN.resolve_options({}), players)


def test_the_referee_seats_five_alone() -> None:
    table = referee()
    assert (len(table.sides), table.seats) == (5, 5)
    with pytest.raises(RuleViolation) as refused:
        AUSTRALIAN.referee_table(AUSTRALIAN.resolve_options({}), 5, 2)
    assert refused.value.field == "sides"


@pytest.mark.parametrize(("contract", "plays", "seat", "card"), [
    # Every seat plays; the 2s and 3s rank below the 4s.
    ("7H", [(0, "4S"), (1, "2S"), (2, "3S"), (3, "5S"), (4, "9D")], 3, "5S"),
    ("7H", [(2, "3C"), (3, "2C"), (4, "4C"), (0, "9D"), (1, "3D")], 4, "4C"),
    # A 2 of trumps beats the ace led; the left bower beats it.
    ("6D", [(4, "AS"), (0, "2D"), (1, "KS"), (2, "JH"), (3, "3S")], 2, "JH"),
    # Misère at five: nobody sits out, so all five play.
    ("MIS", [(1, "2H"), (2, "3H"), (3, "4H"), (4, "AS"), (0, "JK")], 0, "JK"),
])
def test_trick_at_five(contract: str, plays: list[tuple[int, str]], seat: int,
                       card: str) -> None:
    ruling = adjudicate_trick(AUSTRALIAN, referee(), contract,
                              [{"seat": s, "card": c} for s, c in plays],
                              None if contract != "MIS" else [])
    assert (ruling.seat, ruling.card.code) == (seat, card)


def test_trick_at_five_needs_five_plays() -> None:
    with pytest.raises(RuleViolation) as refused:
        adjudicate_trick(AUSTRALIAN, referee(), "7H",
                         [{"seat": s, "card": c} for s, c in ((0, "AH"), (1, "KH"), (2, "QH"),
                                                              (3, "10H"))])
    assert refused.value.field == "plays"


def test_auction_at_five_goes_round_five_seats() -> None:
    table = referee()
    ruling = adjudicate_auction(AUSTRALIAN, table, 3, ["6S", "pass", "7H", "pass", "pass",
                                                       "8C", "pass"])
    # Dealer 3: seat 4 opens 6S, 0 passes, 1 bids 7H, 2 and 3 pass, 4 bids 8C, 1 passes.
    assert ruling.complete and ruling.winner_seat == 4
    assert ruling.winning_bid is not None and ruling.winning_bid.code == "8C"


def test_auction_at_five_all_pass() -> None:
    ruling = adjudicate_auction(AUSTRALIAN, referee(), 0, ["pass"] * 5)
    assert ruling.complete and ruling.passed_out


def test_a_hand_carrying_its_calls_at_five() -> None:
    table = five()
    hand = {"bidder": 2, "bid": "7S", "partner": 0, "tricks": [3, 2, 4, 1, 0],
            "calls": ["6S", "7S", "pass", "pass", "pass", "pass"]}
    result = AUSTRALIAN.score_hand(table, AUSTRALIAN.start(table), hand)
    # Dealer 0: seat 1 opens 6S, seat 2 bids 7S, the others pass and seat 1 passes too;
    # Cy and Ann make 7S (140) with 7.
    assert result.deltas == (140, 20, 140, 10, 0)
