"""Scoring shared by the contract games (Australian, Quebec 500): bids, tricks, Avondale table.

A variant is a `ContractVariant` built from data: its options, its bid table and the tables it can
seat. Everything that depends on a house rule reads the game's options as a `ContractOptions`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, ClassVar

from scorekeeper.rules.auction import ORDINARY_AUCTION, AuctionRules, adjudicate_auction
from scorekeeper.rules.base import (
    BidSpec,
    Contract,
    GameState,
    HandResult,
    HandSize,
    Judge,
    OptionSpec,
    OptionValue,
    Outcome,
    Preset,
    SeatedGame,
    Table,
    as_played,
)
from scorekeeper.rules.bids import (
    FRACTIONAL_BID,
    Bid,
    DisabledBid,
    UnknownBid,
    pair_bid_barred,
)
from scorekeeper.rules.cards import ONE_JOKER, Card, Jokers
from scorekeeper.rules.errors import RuleViolation
from scorekeeper.rules.house import ContractOptions
from scorekeeper.rules.reasons import EndReason, Reason

TRICKS_PER_HAND = 10
SLAM_POINTS = 250
PASS_OUT_TRICK_POINTS = 10  # RULES.md: a passed-out hand played at no-trumps scores 10 a trick
REDEALS_BEFORE_DEAL_PASSES = 2
RALPH_MARGIN = 3  # failing by more than this many tricks ralphs the bidder
RALPH_MISERE_TRICKS = 3  # ... as does taking this many tricks in a misère-family bid


Deck = Callable[[ContractOptions, int], frozenset[Card]]
BidOrder = Callable[[ContractOptions], tuple[Bid, ...]]


@dataclass(frozen=True)
class ContractVariant(SeatedGame):
    """A trick-taking game scored by contracts won at auction."""

    key: str
    name: str
    description: str
    option_specs: tuple[OptionSpec, ...]
    bid_table: tuple[Bid, ...]  # every fixed bid in its usual auction place, for listing
    bid_order: BidOrder  # the bids a game's options allow, lowest first, with their ranks
    deck: Deck  # the cards in play for the options and the number of players
    forms: tuple[tuple[int, int], ...]  # (sides, players per side) this game can seat
    jokers: Jokers = ONE_JOKER  # its jokers and trump cards, in its own words
    auction_rules: AuctionRules = ORDINARY_AUCTION  # what its auction allows (inkles)
    check_options: Callable[[ContractOptions], None] | None = None
    team_play: bool = True
    # Tables where the bidder calls a partner for the hand (the five-handed game).
    partner_forms: tuple[tuple[int, int], ...] = ()
    presets: tuple[Preset, ...] = ()  # house rules of common tables

    referees: Mapping[str, Judge] = field(default_factory=dict, hash=False, compare=False)
    family: ClassVar[str] = "contract"
    hand: ClassVar[HandSize] = HandSize(cards=TRICKS_PER_HAND, tricks=TRICKS_PER_HAND)

    @property
    def hand_fields(self) -> tuple[str, ...]:
        """What a hand may carry; `partner` where some table calls one."""
        return CONTRACT_HAND + (("partner",) if self.partner_forms else ())

    def calls_partner(self, table: Table) -> bool:
        """Whether the bidder at this table calls a partner (or plays alone) after the auction."""
        return (len(table.sides), len(table.sides[0].players)) in self.partner_forms

    def house_rules(self, options: Mapping[str, OptionValue]) -> ContractOptions:
        """A game's options, as the rules read them."""
        return ContractOptions.from_mapping(as_played(self.option_specs, options))

    def resolve_options(self, given: Mapping[str, object]) -> dict[str, OptionValue]:
        options = super().resolve_options(given)
        if self.check_options is not None:
            self.check_options(ContractOptions.from_mapping(options))
        return options

    def bids(self, options: Mapping[str, OptionValue] | None = None) -> tuple[BidSpec, ...]:
        table = self.bid_table if options is None else self.bid_order(self.house_rules(options))
        return tuple(bid.spec() for bid in table)

    def table_bids(self, table: Table) -> tuple[BidSpec, ...]:
        """The bids this table may win with, each with what a bidder alone scores (`points`) and,
        five-handed under partner_share "half", what bidder and partner each score."""
        house = self.house_rules(table.options)
        halves = self.calls_partner(table) and house.partner_share == "half"
        return tuple(
            replace(bid.spec(), points_with_partner=half_share(bid.points))
            if halves and bid.plays == "side" else bid.spec()
            for bid in self.bid_order(house) if not pair_bid_barred(bid, table))

    def find_bid(self, code: object, house: ContractOptions, field: str = "bid") -> Bid:
        """The bid a code names under these options; UnknownBid or DisabledBid if none."""
        if not isinstance(code, str):
            raise UnknownBid("unknown_bid.not_code", field)
        wanted = code.strip().upper()
        fractional = FRACTIONAL_BID.match(wanted)
        if fractional and house.fractional_bidding:
            wanted = f"{fractional[1]}.{fractional[2] or 0}{fractional[3]}"
        for bid in self.bid_order(house):
            if bid.code == wanted:
                return bid
        for bid in self.bid_table:
            if bid.code == wanted:
                raise DisabledBid("bid_disabled", field, bid=bid.code, bid_name=bid.name,
                                  option=bid.option)
        if fractional and fractional[2] and any(
                spec.name == "fractional_bidding" for spec in self.option_specs):
            raise DisabledBid("bid_disabled.fractional", field, bid=wanted,
                              option="fractional_bidding")
        raise UnknownBid("unknown_bid", field, code=code, variant=self.key, variant_name=self.name)

    def check_table(self, table: Table) -> None:
        super().check_table(table)
        house = self.house_rules(table.options)
        # Five-Hundred++ rules that change the four-player deck or its card order.
        four_players = {"fractional_bidding": house.fractional_bidding,
                        "second_joker": house.second_joker, "megatrump": house.megatrump,
                        "anti_megatrump": house.anti_megatrump}
        for option, on in four_players.items():
            if on and table.seats != 4:
                raise RuleViolation("option_for_table.four_players", f"options.{option}",
                                    option=option, players=table.seats)
        # Only players alone defend as a temporary partnership; partners already share a score.
        if house.defender_share and len(table.sides[0].players) > 1:
            raise RuleViolation("option_for_table.defender_share", "options.defender_share",
                                option="defender_share")
        if house.partner_share != "full" and not self.calls_partner(table):
            raise RuleViolation("option_for_table.partner_share", "options.partner_share",
                                option="partner_share")

    def score_hand(self, table: Table, state: GameState, hand: Mapping[str, Any]) -> HandResult:
        unknown = sorted(set(hand) - set(self.hand_fields))
        if unknown:
            raise RuleViolation("unknown_key.contract_hand", unknown[0], key=unknown[0],
                                variant=self.key, variant_name=self.name)
        if hand.get("passed_out", False) not in (True, False):
            raise RuleViolation("entry_form.passed_out", "passed_out")
        house = self.house_rules(table.options)
        if "calls" in hand:
            self._check_auction(table, house, state, hand)
        if hand.get("passed_out", False):
            return self._passed_out(table, house, state, hand)
        return self._contract(table, house, state, hand)

    def _check_auction(self, table: Table, house: ContractOptions, state: GameState,
                       hand: Mapping[str, Any]) -> None:
        """A hand that carries its calls must agree with what the auction decided."""
        barred = [state.barred_seat] if state.barred_seat is not None else None
        ruling = adjudicate_auction(self, table, state.dealer, hand["calls"], barred)
        if ruling.first_illegal is not None:
            # The ruling's first line says which call and why: the refusal says the same.
            raise RuleViolation("illegal_call", f"calls.{ruling.first_illegal}",
                                **ruling.reasons[0].params)
        if not ruling.complete:
            raise RuleViolation("auction_incomplete", "calls", seat=ruling.next_seat)
        if ruling.winning_bid is None:
            if not hand.get("passed_out", False):
                raise RuleViolation("auction_result.passed_out", "passed_out")
            return
        won = ruling.winning_bid
        if hand.get("passed_out", False):
            raise RuleViolation("auction_result.not_passed_out", "passed_out",
                                seat=ruling.winner_seat, bid=won.code, bid_name=won.name)
        if "bid" in hand and self.find_bid(hand["bid"], house).code != won.code:
            raise RuleViolation("auction_result.bid", "bid", bid=won.code, bid_name=won.name,
                                given=hand["bid"])
        if hand.get("bidder") != ruling.winner_seat:
            raise RuleViolation("auction_result.bidder", "bidder",
                                first=(state.dealer + 1) % table.seats, seat=ruling.winner_seat)

    # -- the two kinds of hand ----------------------------------------------------------------

    def _contract(self, table: Table, house: ContractOptions, state: GameState,
                  hand: Mapping[str, Any]) -> HandResult:
        if "bid" not in hand:
            raise RuleViolation("entry_missing.bid", "bid")
        bid = self.find_bid(hand["bid"], house)
        bidder = hand.get("bidder")
        if isinstance(bidder, bool) or not isinstance(bidder, int) or not (
                0 <= bidder < table.seats):
            raise RuleViolation("seat_range.bidder", "bidder", last=table.seats - 1)
        if state.barred_seat == bidder:
            raise RuleViolation("ralphed_bidder", "bidder", player=table.player_at(bidder),
                                seat=bidder)
        if pair_bid_barred(bid, table):
            raise RuleViolation("bid_needs_partner", "bid", bid=bid.code, bid_name=bid.name)
        partner = self._partner(table, bid, bidder, hand)
        tricks = self._tricks(table, hand.get("tricks"))
        seats = (bidder,) if partner is None else (bidder, partner)
        # The declaring sides, the bidder's first; their tricks count together.
        declaring = tuple(dict.fromkeys(table.side_of(seat) for seat in seats))
        taken = sum(tricks[side] for side in declaring)
        the_bid = {"bid": bid.code, "bid_name": bid.name,
                   "declarers": self._declarers(table, bid, bidder, partner),
                   "points": bid.points}

        if bid.kind == "trumps":
            made = taken >= bid.tricks
            points = bid.points
            if made and taken == TRICKS_PER_HAND and house.slam_bonus and points < SLAM_POINTS:
                lines = [Reason("contract_slam", {**the_bid, "slam": SLAM_POINTS})]
                points = SLAM_POINTS
            elif made:
                lines = [Reason("contract_made", the_bid)]
            else:
                lines = [Reason("contract_failed", {**the_bid, "taken": taken,
                                                    "bid_tricks": bid.tricks})]
            ralphed = bid.tricks - taken > RALPH_MARGIN
        elif bid.kind == "hilo":
            made = taken == TRICKS_PER_HAND // 2
            points = bid.points
            lines = [Reason("hilo_made", the_bid) if made else
                     Reason("hilo_failed", {**the_bid, "taken": taken})]
            ralphed = False
        else:
            made = taken == 0
            points = bid.points
            lines = [Reason("misere_made", the_bid) if made else
                     Reason("misere_failed", {**the_bid, "taken": taken})]
            ralphed = taken >= RALPH_MISERE_TRICKS

        if len(declaring) > 1 and house.partner_share == "half":
            points = half_share(points)
            lines.append(Reason("partner_half", {"points": points if made else -points}))
        elif len(declaring) > 1:
            lines.append(Reason("partner_whole", {"points": points if made else -points}))
        deltas = [0] * len(table.sides)
        for side in declaring:
            deltas[side] = points if made else -points
        if bid.kind != "misere" or house.misere_defender_tricks:
            defenders = [other for other in range(len(table.sides)) if other not in declaring]
            together = sum(tricks[other] for other in defenders)
            share = house.defender_share
            if share:
                lines.append(Reason("defenders_share", {"tricks": together}))
            for other in defenders:
                deltas[other], line = self._trick_points(
                    table, house, state, other, together if share else tricks[other],
                    house.defender_trick_points, shared=share)
                lines.append(line)
        else:
            lines.append(Reason("misere_no_defence"))

        barred = None
        if ralphed and house.ralphing:
            barred = bidder
            lines.append(Reason("ralphed", {"player": table.player_at(bidder)}))
        result = self._finish(table, house, state, deltas, lines, declaring=declaring, made=made,
                              redeals=0, barred=barred)
        on_table = bid.kind == "trumps" and not bid.jacks_high
        return replace(result, contract=Contract(
            bidder, bid.code, made, partner, kind=bid.kind,
            level=bid.tricks if on_table else None,
            suit=(bid.trumps or "NT") if on_table else None,
            slam=bid.kind == "trumps" and taken == TRICKS_PER_HAND))

    def _partner(self, table: Table, bid: Bid, bidder: int, hand: Mapping[str, Any]) -> int | None:
        """The partner the bidder called at a five-handed table: a seat, or None for alone."""
        if not self.calls_partner(table):
            if "partner" in hand:
                raise RuleViolation("partner_not_allowed", "partner")
            return None
        if "partner" not in hand:
            raise RuleViolation("entry_missing.partner", "partner")
        partner = hand["partner"]
        if partner is None:
            return None
        if isinstance(partner, bool) or not isinstance(partner, int) or not (
                0 <= partner < table.seats):
            raise RuleViolation("seat_range.partner", "partner", last=table.seats - 1)
        if partner == bidder:
            raise RuleViolation("partner_is_bidder", "partner")
        if bid.plays == "alone":
            raise RuleViolation("bid_played_alone", "partner", bid=bid.code, bid_name=bid.name)
        return partner

    def _declarers(self, table: Table, bid: Bid, bidder: int,
                   partner: int | None) -> dict[str, str | None]:
        """Who played the contract: the bidder's side, the called partner's side, or the bidder
        playing alone for a side of partners."""
        side = table.side_of(bidder)
        alone = (table.player_at(bidder) if partner is None and bid.plays == "alone"
                 and len(table.sides[side].players) > 1 else None)
        return {"side": table.sides[side].name,
                "partner": None if partner is None else table.sides[table.side_of(partner)].name,
                "alone": alone}

    def _passed_out(self, table: Table, house: ContractOptions, state: GameState,
                    hand: Mapping[str, Any]) -> HandResult:
        policy = house.pass_out
        extra = sorted(set(hand) & {"bid", "bidder", "partner"})
        if extra:
            raise RuleViolation("passed_out_unplayed", extra[0], key=extra[0])
        if policy == "dealer-must-bid":
            raise RuleViolation("dealer_must_bid", "passed_out")
        if policy != "no-trump" and "tricks" in hand:
            raise RuleViolation("passed_out_unplayed.tricks", "tricks")
        lines: list[Reason] = []
        deltas = [0] * len(table.sides)
        redeals = 0
        if policy == "no-trump":
            if "tricks" not in hand:
                raise RuleViolation("entry_missing.no_trump_tricks", "tricks")
            tricks = self._tricks(table, hand["tricks"])
            lines.append(Reason("passed_out_no_trumps", {"trick_points": PASS_OUT_TRICK_POINTS}))
            for side in range(len(table.sides)):
                deltas[side], line = self._trick_points(
                    table, house, state, side, tricks[side], PASS_OUT_TRICK_POINTS)
                lines.append(line)
        elif policy == "redeal" and state.redeals < REDEALS_BEFORE_DEAL_PASSES:
            redeals = state.redeals + 1
            lines.append(Reason("passed_out_redeal", {"dealer": table.player_at(state.dealer),
                                                      "redeal": redeals,
                                                      "redeals": REDEALS_BEFORE_DEAL_PASSES}))
        elif policy == "redeal":
            lines.append(Reason("passed_out_redeals_done", {"redeals": REDEALS_BEFORE_DEAL_PASSES}))
        else:
            lines.append(Reason("passed_out"))
        return self._finish(table, house, state, deltas, lines, declaring=(), made=False,
                            redeals=redeals, barred=None)

    # -- pieces --------------------------------------------------------------------------------

    def _tricks(self, table: Table, tricks: object) -> list[int]:
        n = len(table.sides)
        if not isinstance(tricks, list) or len(tricks) != n:
            raise RuleViolation("entry_form.side_tricks", "tricks", sides=n)
        if any(isinstance(t, bool) or not isinstance(t, int) or t < 0 for t in tricks):
            raise RuleViolation("entry_form.trick_counts", "tricks")
        if sum(tricks) != TRICKS_PER_HAND:
            raise RuleViolation("tricks_sum", "tricks", total=sum(tricks), tricks=TRICKS_PER_HAND)
        return list(tricks)

    def _trick_points(self, table: Table, house: ContractOptions, state: GameState, side: int,
                      tricks: int, per_trick: int, *, shared: bool = False
                      ) -> tuple[int, Reason]:
        """Points for tricks won outside a contract, held under the defender cap if there is one.
        `shared`: the tricks are all the defenders' together (option defender_share)."""
        said = {"side": table.sides[side].name, "tricks": tricks}
        code = "tricks_shared" if shared else "tricks_won"
        earned = tricks * per_trick
        cap = house.defender_cap
        if cap is not None:
            allowed = max(0, min(earned, cap - state.scores[side]))
            if allowed < earned:
                return allowed, Reason(f"{code}_capped", {**said, "points": allowed, "cap": cap})
        return earned, Reason(code, {**said, "points": earned})

    def _finish(self, table: Table, house: ContractOptions, state: GameState,
                deltas: Sequence[int], lines: list[Reason], *, declaring: tuple[int, ...],
                made: bool, redeals: int, barred: int | None) -> HandResult:
        scores = tuple(s + d for s, d in zip(state.scores, deltas, strict=True))
        winner = self._winner(table, house, scores, declaring, made)
        outcome = None if winner is None else Outcome(
            back_door_or_target(scores, winner, house), winner)
        if winner is not None:
            lines.append(self._winner_line(table, house, scores, winner))
        dealer = state.dealer if redeals else (state.dealer + 1) % table.seats
        after = replace(state, scores=scores, dealer=dealer, hands_played=state.hands_played + 1,
                        outcome=outcome, redeals=redeals, barred_seat=barred)
        return HandResult(deltas=tuple(deltas), reasons=tuple(lines), state=after)

    def _winner(self, table: Table, house: ContractOptions, scores: tuple[int, ...],
                declaring: tuple[int, ...], made: bool) -> int | None:
        """Who (if anyone) has won after this hand: by reaching the target, or by others going
        out the back door. `declaring` are the sides that played the contract, the bidder's
        first; they come before the defenders, and the bidder before the partner."""
        target = house.target
        if house.win_on == "contract":
            reached = [s for s in declaring if made and scores[s] >= target]
        else:
            reached = [s for s, score in enumerate(scores) if score >= target]
        # RULES.md, decisions of 2026-11-27: the declaring side first, the bidder before the
        # partner whatever their totals; else the higher total, then the lower seat.
        declarers = [s for s in declaring if s in reached]
        if declarers:
            return declarers[0]
        if reached:
            return _highest(scores, reached)
        lose_at = house.lose_at
        if lose_at is not None and any(score <= lose_at for score in scores):
            standing = [s for s, score in enumerate(scores) if score > lose_at]
            if not standing:
                return _highest(scores, list(range(len(scores))))
            best = max(scores[s] for s in standing)
            top = [s for s in standing if scores[s] == best]
            return ([s for s in declaring if s in top] or top)[0]
        return None

    def _winner_line(self, table: Table, house: ContractOptions, scores: tuple[int, ...],
                     winner: int) -> Reason:
        name = table.sides[winner].name
        lose_at = house.lose_at
        out = [table.sides[s].name for s, score in enumerate(scores)
               if lose_at is not None and score <= lose_at]
        if back_door_or_target(scores, winner, house) == "back_door":
            return Reason("back_door", {"out": out, "side": name})
        return Reason("reached_target", {"side": name, "target": house.target})


def back_door_or_target(scores: Sequence[int], winner: int, house: ContractOptions) -> EndReason:
    """Why a contract game that `winner` won ended: short of the target, it can only be that
    somebody went out the back door."""
    lose_at = house.lose_at
    out = lose_at is not None and any(score <= lose_at for score in scores)
    return "back_door" if out and scores[winner] < house.target else "target"


def half_share(points: int) -> int:
    """What bidder and partner each score under partner_share "half". Avondale values are
    multiples of 20 and slam is 250, so the half is always whole; rounding up keeps a whole
    number for any other value."""
    return -(-points // 2)


def _highest(scores: tuple[int, ...], sides: list[int]) -> int:
    """The side with the most points; a tie goes to the one listed first (house): the bidder
    before the partner, else the lowest side index."""
    return max(sides, key=lambda s: (scores[s], -sides.index(s)))


CONTRACT_HAND = ("bidder", "bid", "tricks", "passed_out", "calls")

