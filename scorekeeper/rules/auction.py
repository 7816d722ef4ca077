"""The referee for auctions: who may call what, who won, and how much kitty is showing.

Calls come in order from the dealer's left. In the Australian auction the bidding goes round and
round, skipping players who have passed, until everybody passes (a passed-out hand) or one bid
stands against all the others' passes; in the American auction each player calls once.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Protocol

from scorekeeper.rules.base import OptionValue, Table
from scorekeeper.rules.bids import Bid, DisabledBid, pair_bid_barred
from scorekeeper.rules.errors import RuleViolation
from scorekeeper.rules.house import ContractOptions
from scorekeeper.rules.reasons import Reason
from scorekeeper.rules.sentences import render_all

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

    def house_rules(self, options: Mapping[str, OptionValue]) -> ContractOptions: ...

    def find_bid(self, code: object, house: ContractOptions, field: str = "bid") -> Bid: ...

    def bid_order(self, house: ContractOptions) -> Sequence[Bid]: ...


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
    reasons: tuple[Reason, ...]  # the ruling line by line, as codes (reasons.RULINGS)

    @property
    def explanation(self) -> tuple[str, ...]:
        return render_all(self.reasons)


@dataclass
class _Auction:
    """The auction so far; `refusal` names the rule a call would break."""

    variant: Bidding
    table: Table
    house: ContractOptions  # the table's options
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
    def seats(self) -> int:
        return self.table.seats

    @property
    def american(self) -> bool:
        return self.house.auction == "american"

    @property
    def fractional(self) -> bool:
        return bool(self.house.fractional_bidding)

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
        if self.house.pass_out != "dealer-must-bid" or self.standing is not None:
            return True
        last = self.calls == self.seats - 1 if self.american else self.active == {seat}
        return not last

    def refusal(self, seat: int, bid: Bid) -> RuleViolation | None:
        """Why `seat` may not make `bid` now (an `illegal_call` refusal, not raised: the ruling
        says it), or None if it may."""
        if seat in self.ralphed:
            return RuleViolation("illegal_call.ralphed", None, seat=seat)
        said = {"bid": bid.code, "bid_name": bid.name}
        if pair_bid_barred(bid, self.table):
            return RuleViolation("illegal_call.pair_bid", None, **said)
        if not bid.beats(self.standing):
            assert self.standing is not None
            return RuleViolation("illegal_call.not_higher", None, **said,
                                 standing=self.standing.code, standing_name=self.standing.name)
        inkle_calls = self.variant.auction_rules.inkle_calls
        if (inkle_calls is not None and not self.fractional and bid.kind == "trumps"
                and bid.level == INKLE_LEVEL and self.calls >= inkle_calls):
            return RuleViolation("illegal_call.inkle", None, **said, calls=inkle_calls)
        if bid.code == "MIS" and self._misere_after_7 and not (
                self.standing is not None and self.standing.kind == "trumps"
                and self.standing.level == 7):
            return RuleViolation("illegal_call.misere_after_7", None, **said)
        if bid.code == "BMIS" and seat in self.called:
            return RuleViolation("illegal_call.blind_misere", None, **said)
        return None

    @property
    def _misere_after_7(self) -> bool:
        return (self.house.misere_rank == "after-7" and not self.fractional
                and not self.house.low_misere)

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
        if not self.house.visible_kitty or self.standing is None:
            return 0
        if self.fractional:
            reveals = [self.variant.find_bid(code, self.house) for code in FRACTIONAL_REVEALS]
            return sum(1 for reveal in reveals if self.standing.rank >= reveal.rank)
        return min(KITTY, max(0, self.standing.level - INKLE_LEVEL))

    def legal_bids(self, seat: int) -> tuple[Bid, ...]:
        return tuple(bid for bid in self.variant.bid_order(self.house)
                     if self.refusal(seat, bid) is None)


def adjudicate_auction(variant: Bidding, table: Table, dealer: object, calls: object,
                       ralphed: object = None) -> AuctionRuling:
    """Judge a sequence of calls under the table's options (options already resolved)."""
    seats = table.seats
    if isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < seats:
        raise RuleViolation("seat_range.dealer", "dealer", last=seats - 1)
    barred = _seats(ralphed, seats, "ralphed")
    if not isinstance(calls, list):
        raise RuleViolation("entry_form.calls", "calls")
    auction = _Auction(variant, table, variant.house_rules(table.options), dealer, barred)
    records: list[CallRecord] = []
    first_illegal: int | None = None
    reason: RuleViolation | None = None
    for index, call in enumerate(calls):
        where = f"calls.{index}"
        if auction.complete:
            raise RuleViolation("call_after_auction", where, call=index)
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
               where: str) -> tuple[str, Bid | None, RuleViolation | None]:
    """The call as written, the bid it names (None for a pass) and why it is not allowed."""
    if not isinstance(call, str):
        raise RuleViolation("entry_form.call", where)
    if call.strip().lower() == PASS:
        if auction.may_pass(seat):
            return PASS, None, None
        return PASS, None, RuleViolation("illegal_call.dealer_pass", None, seat=seat)
    try:
        bid = auction.variant.find_bid(call, auction.house, where)
    except DisabledBid as off:
        return call.strip().upper(), None, off
    return bid.code, bid, auction.refusal(seat, bid)


def _seats(value: object, seats: int, where: str) -> frozenset[int]:
    if value is None:
        return frozenset()
    if not isinstance(value, list):
        raise RuleViolation("entry_form.ralphed", where)
    for i, seat in enumerate(value):
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < seats:
            raise RuleViolation("seat_range.ralphed", f"{where}.{i}", last=seats - 1)
    return frozenset(value)


def _ruling(auction: _Auction, records: Sequence[CallRecord], first_illegal: int | None,
            reason: RuleViolation | None, given: int) -> AuctionRuling:
    complete = auction.complete
    next_seat = None if complete else auction.next_seat()
    lines: list[Reason] = []
    if first_illegal is not None:
        assert reason is not None
        bad = records[first_illegal]
        lines.append(Reason("call_illegal", {"call": first_illegal + 1, "said": bad.call,
                                             "seat": bad.seat, "why": reason.nested()}))
        if given > first_illegal + 1:
            lines.append(Reason("calls_not_judged"))
    lines.extend(_standing_lines(auction, complete))
    face_up = auction.kitty_face_up()
    if face_up:
        lines.append(Reason("kitty_face_up", {"cards": face_up}))
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
        reasons=tuple(lines))


def _standing_lines(auction: _Auction, complete: bool) -> Iterable[Reason]:
    bid, seat = auction.standing, auction.standing_seat
    if complete and bid is None:
        yield Reason("auction_passed_out")
    elif complete and bid is not None:
        yield Reason("auction_won", {"seat": seat, "bid": bid.code, "bid_name": bid.name})
    elif bid is not None:
        yield Reason("bid_standing", {"seat": seat, "bid": bid.code, "bid_name": bid.name})
    else:
        yield Reason("no_bid_yet")


def _next_line(seat: int, bids: Sequence[Bid], may_pass: bool) -> Reason:
    if not bids:
        return Reason("next_only_pass", {"seat": seat})
    code = ("next_may_bid" if may_pass else "next_must_bid") + ("_only" if len(bids) == 1 else "")
    return Reason(code, {"seat": seat, "bid": bids[0].code, "bid_name": bids[0].name})
