"""What a game publishes so the page can score hands offline: its rules as data (DESIGN.md: the
page applies published data, never rules).

Each family's data is read from the same tables and options the engine scores with (the bid
table of the game's options, the card values, the Mariannas, the end conditions, the way the deal
passes), never written twice; tests/js/conformance.test plays every golden case through the API
and through the page's computation of this data (static/game/provisional.js).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from scorekeeper.rules.base import DEAL_TO_THE_LEFT, DEAL_TO_THE_RIGHT, Table, Variant
from scorekeeper.rules.bids import FRACTIONAL_BID
from scorekeeper.rules.cards import JOKERS, RANKS, SUITS
from scorekeeper.rules.contract import (
    PASS_OUT_TRICK_POINTS,
    REDEALS_BEFORE_DEAL_PASSES,
    SLAM_POINTS,
    TRICKS_PER_HAND,
    ContractVariant,
    half_share,
)
from scorekeeper.rules.variants import cinquecento, rummy

Scoring = dict[str, Any]


def scoring_data(variant: Variant, table: Table) -> Scoring:
    """The data the page scores this game's hands with, for its family."""
    return FAMILIES[variant.family](variant, table)


def contract_scoring(variant: Variant, table: Table) -> Scoring:
    """Each bid this table may win with: the tricks that make it, what the declaring side scores
    (alone, or each of bidder and called partner), its slam value, whether the defenders score
    their tricks; the defenders' trick points and cap, the passed-out hand, the end."""
    assert isinstance(variant, ContractVariant)
    house = variant.house_rules(table.options)
    half = house.partner_share == "half"

    def share(points: int) -> int:
        return half_share(points) if half else points

    bids = []
    for bid in variant.table_bids(table):
        low, high = {"trumps": (bid.tricks, TRICKS_PER_HAND),
                     "hilo": (TRICKS_PER_HAND // 2, TRICKS_PER_HAND // 2)}.get(bid.kind, (0, 0))
        slam = house.slam_bonus and bid.kind == "trumps" and bid.points < SLAM_POINTS
        fractional = FRACTIONAL_BID.match(bid.code)
        bids.append({
            "code": bid.code,
            # Other ways to write it: 6H for 6.0H under fractional bidding (find_bid).
            "codes": [bid.code, *([f"{fractional[1]}{fractional[3]}"]
                                  if fractional and fractional[2] == "0" else [])],
            "made_with": {"min": low, "max": high},
            "points": {"alone": bid.points, "with_partner": share(bid.points)},
            "slam": {"alone": SLAM_POINTS, "with_partner": share(SLAM_POINTS)} if slam else None,
            "defenders_score": bid.kind != "misere" or house.misere_defender_tricks,
        })
    return {
        "family": "contract",
        "tricks_per_hand": TRICKS_PER_HAND,
        "bids": bids,
        "defenders": {"trick_points": house.defender_trick_points, "cap": house.defender_cap,
                      "together": house.defender_share},
        "passed_out": {"policy": house.pass_out, "trick_points": PASS_OUT_TRICK_POINTS,
                       "redeals": REDEALS_BEFORE_DEAL_PASSES},
        "deal": {"passes": DEAL_TO_THE_LEFT, "seats": table.seats},
        "end": {"target": house.target, "lose_at": house.lose_at, "win_on": house.win_on},
    }


def card_points_scoring(variant: Variant, table: Table) -> Scoring:
    """Cinquecento: the points of each card of the game's deck, the card points in a hand, the
    Mariannas' values in the order declared, the target; the deal passes to the right."""
    house = cinquecento.house_rules(table.options)
    cards = {cinquecento.canonical((rank, suit), house.deck): points
             for rank, points in cinquecento.ITALIAN_POINTS.items()
             for suit in cinquecento.SUITS[house.deck]}
    return {
        "family": "card_points",
        "hand_points": cinquecento.HAND_POINTS,
        "cards": cards,
        "mariannas": list(cinquecento.MARIANNA_VALUES[house.marianna_values]),
        "deal": {"passes": DEAL_TO_THE_RIGHT, "seats": table.seats},
        "end": {"target": house.target},
    }


def rummy_scoring(variant: Variant, table: Table) -> Scoring:
    """Rummy 500: each card's rank and value (10 also written T), the jokers' when they play, an
    ace's value at the low end of a run, the target; the deal passes to the left."""
    house = rummy.house_rules(table.options)
    cards: dict[str, dict[str, Any]] = {}
    for rank, points in rummy.VALUES.items():
        for suit in SUITS:
            cards[f"{rank}{suit}"] = {"rank": rank, "points": points}
            if rank == "10":
                cards[f"T{suit}"] = {"rank": rank, "points": points}
    if house.jokers:
        cards |= {code: {"rank": None, "points": rummy.JOKER_POINTS} for code in JOKERS}
    assert set(rummy.VALUES) <= set(RANKS)
    return {
        "family": "rummy",
        "cards": cards,
        "ace_low_points": house.ace_low_points,
        "deal": {"passes": DEAL_TO_THE_LEFT, "seats": table.seats},
        "end": {"target": house.target},
    }


FAMILIES: dict[str, Callable[[Variant, Table], Scoring]] = {
    "contract": contract_scoring, "card_points": card_points_scoring, "rummy": rummy_scoring}
