"""Australian (American) 500: the Avondale table, special bids, house rules, Five-Hundred++."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from functools import lru_cache
from typing import Any

from scorekeeper.rules.auction import AuctionRules
from scorekeeper.rules.base import OptionSpec, OptionValue
from scorekeeper.rules.bids import (
    AVONDALE_BIDS,
    Bid,
    check_fractional_values,
    default_fractional_values,
    fractional_bids,
    j5_bid,
)
from scorekeeper.rules.cards import SUITS, Card, deck_of, suit_cards
from scorekeeper.rules.contract import ContractVariant
from scorekeeper.rules.errors import RuleViolation
from scorekeeper.rules.referees import CONTRACT

GAME_OPTIONS: tuple[OptionSpec, ...] = (
    OptionSpec("target", "integer", 500, "Points a side needs to win the game.", minimum=1),
    OptionSpec("lose_at", "integer", -500,
               "A side at or below this score loses at once (out the back door); null to never "
               "lose that way.", nullable=True, maximum=-1),
    OptionSpec("win_on", "string", "any",
               "How the target is reached: 'any' points (if two sides pass it in one hand the "
               "bidding side wins) or only by making a 'contract'.",
               choices=("any", "contract")),
    OptionSpec("slam_bonus", "boolean", True,
               "A side that bids and takes all ten tricks scores at least 250."),
    OptionSpec("defender_trick_points", "integer", 10,
               "Points the defenders score for each trick they take.", minimum=0),
    OptionSpec("defender_cap", "integer", None,
               "When set, points for tricks taken in defence never lift a side above this score.",
               nullable=True),
    OptionSpec("misere", "boolean", True,
               "Misère (MIS, 250): the bidder plays alone and must take no trick."),
    OptionSpec("misere_rank", "string", "after-7",
               "Where misère ranks in the auction: only once someone has bid 7 ('after-7', it then "
               "beats every 7-bid) or by its value between 8♠ and 8♣ ('by-value').",
               choices=("after-7", "by-value")),
    OptionSpec("open_misere", "boolean", True,
               "Open misère (OMIS, 500): misère with the bidder's hand shown after the first "
               "trick; may open the auction."),
    OptionSpec("blind_misere", "boolean", False,
               "Blind misère (BMIS, 1000): misère bid before looking at the cards, so only as "
               "the bidder's first call."),
    OptionSpec("double_nullo", "boolean", False,
               "Double nullo (DNUL, 500): both partners play and must take no trick."),
    OptionSpec("patastrophe", "boolean", False,
               "Patastrophe (PAT, 1000): open misère played by both partners."),
    OptionSpec("hi_lo", "boolean", False,
               "Hi/lo (HILO, 350): the bidder plays alone at no-trumps and must take exactly "
               "five tricks."),
    OptionSpec("j5", "boolean", False,
               "J5 bids (6J5 to 10J5): no-trumps with each jack above its ace and no left bower, "
               "worth the no-trump bid of the same level."),
    OptionSpec("misere_defender_tricks", "boolean", False,
               "Defenders score for their tricks against a misère-family bid, as against a suit."),
    OptionSpec("pass_out", "string", "redeal",
               "When everybody passes: 'redeal' (same dealer, twice at most, then the deal passes "
               "on), 'no-trump' (played at no-trumps, 10 a trick to everyone), 'next-dealer', or "
               "'dealer-must-bid' (a hand cannot be passed out).",
               choices=("redeal", "no-trump", "next-dealer", "dealer-must-bid")),
    OptionSpec("ralphing", "boolean", False,
               "A bidder who fails by more than 3 tricks, or takes 3 or more in a misère, may not "
               "bid in the next auction."),
    OptionSpec("defender_share", "boolean", False,
               "Three or five players: each defender scores for every trick the defenders took "
               "together (they defend as a temporary partnership), not only their own."),
    OptionSpec("partner_share", "string", "full",
               "Five players: what the bidder and the called partner each score or lose: the "
               "'full' value each, or 'half' of it each. A bidder alone always scores the whole "
               "value.", choices=("full", "half")),
    OptionSpec("auction", "string", "australian",
               "Auction style: 'australian' (round and round until all but one pass) or "
               "'american' (one call each).", choices=("australian", "american")),
)

FIVE_HUNDRED_PLUS_PLUS: tuple[OptionSpec, ...] = (
    OptionSpec("low_misere", "boolean", False,
               "Five-Hundred++: misère is the highest 6-level call, worth 150, and open misère "
               "the highest 9-level call, worth 400 (replaces misere_rank)."),
    OptionSpec("fractional_bidding", "boolean", False,
               "Five-Hundred++: 4♠ and 4♣ join the deck, the kitty has 5 cards, and bids are "
               "N.K plus a suit (6.3H: take 6 tricks, give 3 kitty cards to the opponents). "
               "Suits are equal; no-trumps beats them at the same N.K. Four players."),
    OptionSpec("fractional_values", "table", default_fractional_values(),
               "Five-Hundred++: the value of every fractional bid, {\"N.K\": {\"suit\": points, "
               "\"nt\": points}} from 6.0 to 10.5. The default is the project's own table (the "
               "original is lost): 100 × (N − 6) + 60 × K + 40, plus 20 for no-trumps; bids "
               "rank by value, then tricks, then no-trumps.", checker=check_fractional_values),
    OptionSpec("visible_kitty", "boolean", False,
               "Five-Hundred++: the bidder turns one kitty card face up for every trick level "
               "the bid rises (with fractional bids at 7.1, 7.2, 6.4, 9.1 and 8.3)."),
    OptionSpec("megatrump", "boolean", False,
               "Five-Hundred++: in a suit contract of N tricks the N of trumps is the highest "
               "trump."),
    OptionSpec("anti_megatrump", "boolean", False,
               "Five-Hundred++ (needs megatrump): the N of the opposite suit (hearts/spades, "
               "diamonds/clubs) belongs to both suits; it and the megatrump cancel each other."),
    OptionSpec("second_joker", "boolean", False,
               "Five-Hundred++: a second joker replaces the 4♦ (cards JKR and JKB); the joker of "
               "the contract's colour (black at no-trumps) is the joker, the other the "
               "anti-joker, which cancels the joker and, in suit contracts, the bowers. Four "
               "players."),
)

OPTIONS = GAME_OPTIONS + FIVE_HUNDRED_PLUS_PLUS

MISERE = Bid("MIS", "Misère", 250, kind="misere", option="misere", plays="alone")
OPEN_MISERE = Bid("OMIS", "Open misère", 500, kind="misere", option="open_misere",
                  plays="alone")
BLIND_MISERE = Bid("BMIS", "Blind misère", 1000, kind="misere", option="blind_misere",
                   plays="alone")  # (house) value from a public scoring app, RULES.md
DOUBLE_NULLO = Bid("DNUL", "Double nullo", 500, kind="misere", option="double_nullo")
PATASTROPHE = Bid("PAT", "Patastrophe", 1000, kind="misere", option="patastrophe")
HI_LO = Bid("HILO", "Hi/lo", 350, kind="hilo", option="hi_lo", plays="alone")
SPECIAL_BIDS = (MISERE, OPEN_MISERE, BLIND_MISERE, DOUBLE_NULLO, PATASTROPHE, HI_LO)
LOW_VALUES = {"MIS": 150, "OMIS": 400}  # Five-Hundred++ low misère

# The ordinary bid each special bid sits just above.
PLACES = {"MIS": "7NT", "OMIS": "10D", "BMIS": "10NT", "DNUL": "10D", "PAT": "10NT",
          "HILO": "9C"}
LOW_PLACES = {"MIS": "6NT", "OMIS": "9NT"}


def _in_order(specials: tuple[Bid, ...], places: Mapping[str, str], j5: bool) -> tuple[Bid, ...]:
    """The Avondale bids with each special bid right after the ordinary bid it beats (at that
    bid's trick level), and each J5 bid beside the no-trump bid of its level."""
    table: list[Bid] = []
    for bid in AVONDALE_BIDS:
        table.append(bid)
        if j5 and bid.code.endswith("NT"):
            table.append(j5_bid(bid.tricks))
        table.extend(replace(special, level=bid.tricks) for special in specials
                     if places[special.code] == bid.code)
    return tuple(table)


BID_TABLE = _in_order(SPECIAL_BIDS, PLACES, j5=True)


def bid_order(options: Mapping[str, OptionValue]) -> tuple[Bid, ...]:
    values = options.get("fractional_values")
    frozen_values = tuple(sorted((k, v["suit"], v["nt"]) for k, v in values.items())) if (
        isinstance(values, dict) and options.get("fractional_bidding")) else ()
    return _bid_order(tuple(bool(options.get(bid.option or "")) for bid in SPECIAL_BIDS),
                      bool(options.get("j5")), str(options.get("misere_rank")),
                      bool(options.get("low_misere")), frozen_values)


@lru_cache(maxsize=64)
def _bid_order(enabled: tuple[bool, ...], j5: bool, misere_rank: str, low_misere: bool,
               fractional: tuple[tuple[str, int, int], ...]) -> tuple[Bid, ...]:
    specials = tuple(bid for bid, on in zip(SPECIAL_BIDS, enabled, strict=True) if on)
    places = dict(PLACES)
    if low_misere:
        specials = tuple(replace(bid, points=LOW_VALUES.get(bid.code, bid.points))
                         for bid in specials)
        places |= LOW_PLACES
    elif misere_rank == "by-value":
        places["MIS"] = "8S"  # between 8♠ and 8♣
    if fractional:
        values: dict[str, Any] = {k: {"suit": s, "nt": n} for k, s, n in fractional}
        # Fractional bids rank by value; a special bid sits above the bids of its value.
        return tuple(sorted(
            [*fractional_bids(values),
             *(replace(bid, rank=(bid.points, 11, i)) for i, bid in enumerate(specials))],
            key=lambda bid: bid.rank))
    in_order = _in_order(specials, places, j5)
    return tuple(replace(bid, rank=(i,)) for i, bid in enumerate(in_order))


# RULES.md: an inkle (a 6-level bid) is a signal, allowed only as one of the first two calls.
AUCTION = AuctionRules(inkle_calls=2)


def check_options(options: Mapping[str, OptionValue]) -> None:
    if options.get("anti_megatrump") and not options.get("megatrump"):
        raise RuleViolation("option_clash.anti_megatrump", "options.anti_megatrump",
                            options=["anti_megatrump", "megatrump"])
    if options.get("j5") and options.get("fractional_bidding"):
        raise RuleViolation("option_clash.j5_fractional", "options.j5",
                            options=["j5", "fractional_bidding"])


def deck(options: Mapping[str, OptionValue], players: int) -> frozenset[Card]:
    """33 cards for three, 43 for four (45 with fractional bidding), 53 for five, 63 for six."""
    if players == 3:
        return deck_of(*(suit_cards(suit, "7") for suit in SUITS))
    if players == 5:
        return deck_of(*(suit_cards(suit, "2") for suit in SUITS))
    if players == 6:
        return deck_of(*(suit_cards(suit, "2", "12", "11", *(("13",) if suit in "DH" else ()))
                         for suit in SUITS))
    low = "4" if options.get("fractional_bidding") else "5"
    cards = deck_of(suit_cards("S", low), suit_cards("C", low), suit_cards("D", "4"),
                    suit_cards("H", "4"))
    if options.get("second_joker"):
        return deck_of(cards - {Card("JK")}, jokers=("JKR", "JKB"), without=("4D",))
    return cards


VARIANT = ContractVariant(
    key="australian-500",
    name="Australian 500",
    description="The classic 500: 43 cards, bid tricks and trumps, first side to 500 wins "
                "(also called American 500). The Five-Hundred++ house extensions are options.",
    option_specs=OPTIONS,
    bid_table=BID_TABLE,
    bid_order=bid_order,
    deck=deck,
    forms=((2, 2), (3, 1), (5, 1), (2, 3), (3, 2)),
    partner_forms=((5, 1),),
    auction_rules=AUCTION,
    check_options=check_options,
    referees=CONTRACT,
)
