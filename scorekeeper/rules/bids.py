"""Bids: the Avondale table, the special and fractional bids, and how bid codes are read."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal

from scorekeeper.rules.base import MAX_OPTION_NUMBER, BidSpec, Table
from scorekeeper.rules.cards import SUITS
from scorekeeper.rules.errors import RuleViolation
from scorekeeper.rules.sentences import SUIT_SYMBOLS

DENOMINATIONS: tuple[str, ...] = (*SUITS, "NT")  # Avondale order, spades lowest

BidKind = Literal["trumps", "misere", "hilo"]

FRACTIONAL_BID = re.compile(r"^(6|7|8|9|10)(?:\.([0-5]))?(S|C|D|H|NT)$")
FRACTIONAL_TRICKS = range(6, 11)
FRACTIONAL_KITTY = range(0, 6)  # kitty cards given to the opponents
# (house) RULES.md: the seed's own value table is lost; this is the project's.
FRACTIONAL_KITTY_POINTS = 60
FRACTIONAL_NT_POINTS = 20


def avondale_value(tricks: int, denomination: str) -> int:
    """The Avondale table: 40 + 20 per denomination step + 100 per trick above six."""
    return 40 + 20 * DENOMINATIONS.index(denomination) + 100 * (tricks - 6)


@dataclass(frozen=True)
class Bid:
    """A contract that can be won at auction, with what making it is worth."""

    code: str
    name: str
    points: int
    kind: BidKind = "trumps"
    tricks: int = 0  # tricks the bidding side needs (trumps bids only)
    option: str | None = None
    plays: Literal["side", "alone"] = "side"  # who plays for the bidding side
    trumps: str | None = None  # the trump suit; None is played at no-trumps
    jacks_high: bool = False  # J5: each jack above its ace, no left bower
    level: int = 0  # the trick level it sits at in the auction (visible kitty, inkles)
    rank: tuple[int, ...] = ()  # auction rank under the game's options; higher beats lower

    def spec(self) -> BidSpec:
        return BidSpec(self.code, self.name, self.points, self.option, self.kind, self.tricks,
                       self.plays)

    def beats(self, other: Bid | None) -> bool:
        return other is None or self.rank > other.rank


PAIR = 2  # players per side where every bidder has one partner from the deal


def pair_bid_barred(bid: Bid, table: Table) -> bool:
    """A bid played by a pair of partners (double nullo, patastrophe) at a table where the
    bidder has no single partner from the deal: three or five players, or six in two sides of
    three (RULES.md, decisions of 2026-11-27). Recording a hand, a table's list of bids and the
    auction referee all ask this."""
    return bid.kind == "misere" and bid.plays == "side" and len(table.sides[0].players) != PAIR


def trump_bid(tricks: int, denomination: str) -> Bid:
    symbol = SUIT_SYMBOLS.get(denomination, denomination)
    return Bid(f"{tricks}{denomination}", f"{tricks}{symbol}", avondale_value(tricks, denomination),
               tricks=tricks, trumps=None if denomination == "NT" else denomination, level=tricks)


AVONDALE_BIDS: tuple[Bid, ...] = tuple(
    trump_bid(tricks, d) for tricks in range(6, 11) for d in DENOMINATIONS
)


def j5_bid(tricks: int) -> Bid:
    """J5: no-trumps with the jacks on top; worth the no-trump bid of its level."""
    return Bid(f"{tricks}J5", f"{tricks}NT (J5)", avondale_value(tricks, "NT"), tricks=tricks,
               option="j5", jacks_high=True, level=tricks)


def default_fractional_values() -> dict[str, dict[str, int]]:
    """(house) 100 per trick above six, 60 per kitty card given away, 40 more, 20 more for NT."""
    table = {}
    for tricks in FRACTIONAL_TRICKS:
        for given in FRACTIONAL_KITTY:
            suit = 100 * (tricks - 6) + FRACTIONAL_KITTY_POINTS * given + 40
            table[f"{tricks}.{given}"] = {"suit": suit, "nt": suit + FRACTIONAL_NT_POINTS}
    return table


def check_fractional_values(value: object, where: str) -> dict[str, Any]:
    """A full fractional value table: every N.K from 6.0 to 10.5, a positive whole number of
    points for a suit and for no-trumps."""
    if not isinstance(value, dict):
        raise RuleViolation("option_value.fractional_values", where,
                            option="fractional_values")
    wanted = default_fractional_values()
    unknown = sorted(set(value) - set(wanted))
    if unknown:
        raise RuleViolation("option_value.fractional_unknown", f"{where}.{unknown[0]}",
                            option="fractional_values", bid=unknown[0])
    missing = [key for key in wanted if key not in value]
    if missing:
        raise RuleViolation("option_value.fractional_missing", f"{where}.{missing[0]}",
                            option="fractional_values", bid=missing[0])
    for key, cell in value.items():
        if (not isinstance(cell, dict) or set(cell) != {"suit", "nt"} or any(
                isinstance(v, bool) or not isinstance(v, int) or not 0 < v <= MAX_OPTION_NUMBER
                for v in cell.values())):
            raise RuleViolation("option_value.fractional_cell", f"{where}.{key}",
                                option="fractional_values", bid=key)
    return {key: dict(value[key]) for key in wanted}


def fractional_bid(tricks: int, given: int, denomination: str,
                   values: Mapping[str, Any]) -> Bid:
    """`6.3H`: win six tricks with hearts as trumps and give three kitty cards away."""
    cell = values[f"{tricks}.{given}"]
    points = int(cell["nt" if denomination == "NT" else "suit"])
    symbol = SUIT_SYMBOLS.get(denomination, denomination)
    return Bid(f"{tricks}.{given}{denomination}", f"{tricks}.{given}{symbol}", points,
               tricks=tricks, option="fractional_bidding",
               trumps=None if denomination == "NT" else denomination, level=tricks,
               rank=(points, tricks, int(denomination == "NT")))


def fractional_bids(values: Mapping[str, Any]) -> tuple[Bid, ...]:
    bids = [fractional_bid(tricks, given, d, values) for tricks in FRACTIONAL_TRICKS
            for given in FRACTIONAL_KITTY for d in DENOMINATIONS]
    # Equal suits are listed in the Avondale order.
    return tuple(sorted(bids, key=lambda bid: (bid.rank, DENOMINATIONS.index(bid.trumps or "NT"))))


class UnknownBid(RuleViolation):
    """A code that is no bid of the variant at all (not a call anybody could make): an
    `unknown_bid` refusal."""


class DisabledBid(RuleViolation):
    """A real bid that this game's options leave out: a `bid_disabled` refusal."""
