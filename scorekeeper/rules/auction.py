"""The referee for auctions: who may call what, who won, and how much kitty is showing.

Calls come in order from the dealer's left. In the Australian auction the bidding goes round and
round, skipping players who have passed, until everybody passes (a passed-out hand) or one bid
stands against all the others' passes; in the American auction each player calls once.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Protocol

from scorekeeper.rules.base import OptionValue, Table, in_words
from scorekeeper.rules.bids import Bid, DisabledBid
from scorekeeper.rules.errors import RuleViolation

PASS = "pass"
INKLE_LEVEL = 6  # a 6-level bid is an inkle where the game has them: a signal
KITTY = 3
FRACTIONAL_KITTY = 5
# Five-Hundred++: with fractional bids, one kitty card turns face up as each of these is reached.
FRACTIONAL_REVEALS = ("7.1S", "7.2S", "6.4S", "9.1S", "8.3S")


@dataclass(frozen=True)
class AuctionRules:
    """What a game's auction allows besides outbidding, as its variant module declares it."""

    # Inkles: a 6-level bid is a signal, allowed only as one of this many first calls (not with
    # fractional bids). None: the game has no inkles, and a 6-level bid is an ordinary bid.
    inkle_calls: int | None = None


ORDINARY_AUCTION = AuctionRules()  # every call may be any bid that beats the standing one


class Bidding(Protocol):
    """What the referee needs of a game's bids (the contract games have it), so this module
    imports nothing of theirs: they call it when a hand carries its auction."""

    @property
    def auction_rules(self) -> AuctionRules: ...

    def find_bid(self, code: object, options: Mapping[str, OptionValue],
                 field: str = "bid") -> Bid: ...

    def bid_order(self, options: Mapping[str, OptionValue]) -> Sequence[Bid]: ...


@dataclass(frozen=True)
class CallRecord:
    """One call as the referee read it."""

    seat: int
    call: str  # "pass" or the canonical bid code
    legal: bool
    kitty_face_up: int  # kitty cards face up after this call


@dataclass(frozen=True)
class AuctionRuling:
    legal: bool
    first_illegal: int | None
    complete: bool
    passed_out: bool
    winning_bid: Bid | None  # the standing bid (the winning one once complete)
    winner_seat: int | None
    kitty_face_up: int
    next_seat: int | None
    may_pass: bool
    next_legal_bids: tuple[Bid, ...]
    calls: tuple[CallRecord, ...]
    explanation: tuple[str, ...]


@dataclass
class _Auction:
    """The auction so far; `refusal` says why a call would break a rule."""

    variant: Bidding
    options: Mapping[str, OptionValue]
    seats: int
    dealer: int
    ralphed: frozenset[int]
    active: set[int] = field(default_factory=set)  # seats that have not passed
    called: set[int] = field(default_factory=set)
    standing: Bid | None = None
    standing_seat: int | None = None
    calls: int = 0
    last_seat: int | None = None

    def __post_init__(self) -> None:
        self.active = set(range(self.seats))

    @property
    def american(self) -> bool:
        return self.options.get("auction") == "american"

    @property
    def fractional(self) -> bool:
        return bool(self.options.get("fractional_bidding"))

    @property
    def complete(self) -> bool:
        if self.american:
            return self.calls == self.seats
        if self.standing_seat is None:
            return not self.active
        return self.active == {self.standing_seat}

    def next_seat(self) -> int:
        seat = self.dealer if self.last_seat is None else self.last_seat
        for _ in range(self.seats):
            seat = (seat + 1) % self.seats
            if self.american or seat in self.active:
                return seat
        raise AssertionError("an auction still open has a player to call")

    def may_pass(self, seat: int) -> bool:
        """Only the dealer under dealer-must-bid, when everyone else passed, must bid."""
        if self.options.get("pass_out") != "dealer-must-bid" or self.standing is not None:
            return True
        last = self.calls == self.seats - 1 if self.american else self.active == {seat}
        return not last

    def refusal(self, seat: int, bid: Bid) -> str | None:
        """Why `seat` may not make `bid` now, or None if it may."""
        if seat in self.ralphed:
            return f"seat {seat} was ralphed last hand and may only pass"
        if not bid.beats(self.standing):
            assert self.standing is not None
            return f"{bid.name} does not beat the standing bid of {self.standing.name}"
        inkle_calls = self.variant.auction_rules.inkle_calls
        if (inkle_calls is not None and not self.fractional and bid.kind == "trumps"
                and bid.level == INKLE_LEVEL and self.calls >= inkle_calls):
            return (f"{bid.name} is an inkle (a 6-level bid), and only the first "
                    f"{in_words(inkle_calls)} players to call may inkle")
        if bid.code == "MIS" and self._misere_after_7 and not (
                self.standing is not None and self.standing.kind == "trumps"
                and self.standing.level == 7):
            return "misère may only be bid once someone has bid 7 (option misere_rank is after-7)"
        if bid.code == "BMIS" and seat in self.called:
            return "blind misère is bid before looking at the cards, so only as a first call"
        return None

    @property
    def _misere_after_7(self) -> bool:
        return (self.options.get("misere_rank") == "after-7" and not self.fractional
                and not self.options.get("low_misere"))

    def record(self, seat: int, bid: Bid | None) -> None:
        self.calls += 1
        self.last_seat = seat
        self.called.add(seat)
        if bid is None:
            self.active.discard(seat)
        else:
            self.standing, self.standing_seat = bid, seat

    def kitty_face_up(self) -> int:
        """Five-Hundred++ visible kitty: one card per trick level the bid has climbed."""
        if not self.options.get("visible_kitty") or self.standing is None:
            return 0
        if self.fractional:
            reveals = [self.variant.find_bid(code, self.options) for code in FRACTIONAL_REVEALS]
            return sum(1 for reveal in reveals if self.standing.rank >= reveal.rank)
        return min(KITTY, max(0, self.standing.level - INKLE_LEVEL))

    def legal_bids(self, seat: int) -> tuple[Bid, ...]:
        return tuple(bid for bid in self.variant.bid_order(self.options)
                     if self.refusal(seat, bid) is None)


def adjudicate_auction(variant: Bidding, table: Table, dealer: object, calls: object,
                       ralphed: object = None) -> AuctionRuling:
    """Judge a sequence of calls under the table's options (options already resolved)."""
    seats = table.seats
    if isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < seats:
        raise RuleViolation(f"dealer must be a seat from 0 to {seats - 1}", "dealer",
                            rule="seat_range")
    barred = _seats(ralphed, seats, "ralphed")
    if not isinstance(calls, list):
        raise RuleViolation('calls must be a list of calls such as "pass" or "7H"', "calls",
                            rule="entry_form")
    auction = _Auction(variant, table.options, seats, dealer, barred)
    records: list[CallRecord] = []
    first_illegal: int | None = None
    reason = ""
    for index, call in enumerate(calls):
        where = f"calls.{index}"
        if auction.complete:
            raise RuleViolation(
                f"the auction was over after call {index}: nobody calls after that", where,
                                rule="call_after_auction")
        seat = auction.next_seat()
        said, bid, refusal = _read_call(auction, seat, call, where)
        if refusal is not None:
            first_illegal, reason = index, refusal
            records.append(CallRecord(seat, said, False, auction.kitty_face_up()))
            break
        auction.record(seat, bid)
        records.append(CallRecord(seat, said, True, auction.kitty_face_up()))
    return _ruling(auction, records, first_illegal, reason, len(calls))


def _read_call(auction: _Auction, seat: int, call: object,
               where: str) -> tuple[str, Bid | None, str | None]:
    """The call as written, the bid it names (None for a pass) and why it is not allowed."""
    if not isinstance(call, str):
        raise RuleViolation('a call is "pass" or a bid code such as 7H or MIS', where,
                            rule="entry_form")
    if call.strip().lower() == PASS:
        if auction.may_pass(seat):
            return PASS, None, None
        return PASS, None, ("everybody else has passed, and the dealer must bid "
                            "(option pass_out is dealer-must-bid)")
    try:
        bid = auction.variant.find_bid(call, auction.options, where)
    except DisabledBid as off:
        return call.strip().upper(), None, off.message
    return bid.code, bid, auction.refusal(seat, bid)


def _seats(value: object, seats: int, where: str) -> frozenset[int]:
    if value is None:
        return frozenset()
    if not isinstance(value, list):
        raise RuleViolation(f"{where} must be a list of seats", where, rule="entry_form")
    for i, seat in enumerate(value):
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < seats:
            raise RuleViolation(f"{where} must list seats from 0 to {seats - 1}", f"{where}.{i}",
                                rule="seat_range")
    return frozenset(value)


def _ruling(auction: _Auction, records: Sequence[CallRecord], first_illegal: int | None,
            reason: str, given: int) -> AuctionRuling:
    complete = auction.complete
    next_seat = None if complete else auction.next_seat()
    lines: list[str] = []
    if first_illegal is not None:
        bad = records[first_illegal]
        lines.append(f"Call {first_illegal + 1} ({_said(bad.call)} by seat {bad.seat}) is not "
                     f"allowed: {reason}.")
        if given > first_illegal + 1:
            lines.append("The calls after it were not judged.")
    lines.extend(_standing_lines(auction, complete))
    face_up = auction.kitty_face_up()
    if face_up:
        lines.append(f"{_count(face_up, 'kitty card')} face up.")
    legal_bids: tuple[Bid, ...] = ()
    may_pass = False
    if next_seat is not None:
        legal_bids = auction.legal_bids(next_seat)
        may_pass = auction.may_pass(next_seat)
        lines.append(_next_line(next_seat, legal_bids, may_pass))
    return AuctionRuling(
        legal=first_illegal is None, first_illegal=first_illegal, complete=complete,
        passed_out=complete and auction.standing is None, winning_bid=auction.standing,
        winner_seat=auction.standing_seat, kitty_face_up=face_up, next_seat=next_seat,
        may_pass=may_pass, next_legal_bids=legal_bids, calls=tuple(records),
        explanation=tuple(lines))


def _standing_lines(auction: _Auction, complete: bool) -> Iterable[str]:
    bid, seat = auction.standing, auction.standing_seat
    if complete and bid is None:
        yield "Everybody passed: the hand is passed out."
    elif complete and bid is not None:
        yield f"Seat {seat} wins the auction with {bid.name} ({bid.code})."
    elif bid is not None:
        yield f"The standing bid is {bid.name} ({bid.code}) by seat {seat}."
    else:
        yield "Nobody has bid yet."


def _next_line(seat: int, bids: Sequence[Bid], may_pass: bool) -> str:
    if not bids:
        return f"Seat {seat} calls next and may only pass."
    lowest = f"the lowest bid allowed is {bids[0].name}" if len(bids) > 1 else \
        f"the only bid allowed is {bids[0].name}"
    if not may_pass:
        return f"Seat {seat} calls next and must bid: {lowest}."
    return f"Seat {seat} calls next: pass or bid ({lowest})."


def _said(call: str) -> str:
    return "a pass" if call == PASS else call


def _count(n: int, noun: str) -> str:
    return f"1 {noun} is" if n == 1 else f"{n} {noun}s are"

