"""Australian (American) 500: the Avondale table, special bids, house rules, Five-Hundred++."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from functools import lru_cache
from typing import Any

from scorekeeper.rules.auction import AuctionRules
from scorekeeper.rules.base import MAX_OPTION_NUMBER, OptionSpec, Preset
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
from scorekeeper.rules.house import ContractOptions
from scorekeeper.rules.referees import CONTRACT
from scorekeeper.rules.sentences import WORDS

MAX_TRICK_POINTS = 100  # points for one trick taken in defence: ten times the usual

GAME_OPTIONS: tuple[OptionSpec, ...] = (
    OptionSpec("target", "integer", 500, "Points a side needs to win the game.", minimum=1,
               maximum=MAX_OPTION_NUMBER,
               label="Points to win"),
    OptionSpec("lose_at", "integer", -500,
               "A side whose score falls to this or below loses at once, whoever reaches the "
               "target. Leave it empty to play without it.", nullable=True,
               minimum=-MAX_OPTION_NUMBER, maximum=-1,
               label="Out the back door at", null_label="Never"),
    OptionSpec("win_on", "string", "any",
               "Whether any points reach the target, tricks taken in defence included (when both "
               "sides pass it in one hand the bidders win), or only a contract made does.",
               choices=("any", "contract"), label="Reaching the target",
               choice_labels=("Any points; the bidders first if both pass it",
                              "Only by making a contract")),
    OptionSpec("slam_bonus", "boolean", True,
               "Bidders who take all ten tricks score at least 250, whatever they bid.",
               label="Slam worth 250"),
    OptionSpec("defender_trick_points", "integer", 10,
               "What the side that did not win the bidding scores for each trick it takes.",
               minimum=0, maximum=MAX_TRICK_POINTS, label="Points per trick in defence"),
    OptionSpec("defender_cap", "integer", None,
               "Points for tricks taken in defence never lift a side above this score (490 makes "
               "a side bid to win). Leave it empty for no limit.", nullable=True,
               minimum=-MAX_OPTION_NUMBER, maximum=MAX_OPTION_NUMBER,
               label="Defenders stop at", null_label="No limit"),
    OptionSpec("misere", "boolean", True,
               "Worth 250: the bidder plays alone and must take no trick.", label="Misère"),
    OptionSpec("misere_rank", "string", "after-7",
               "Misère may be bid only once someone has bid 7, and then beats every 7; or it "
               "ranks by its value, between 8♠ and 8♣.", choices=("after-7", "by-value"),
               label="When misère may be bid",
               choice_labels=("Only after a 7, then above every 7", "By value, between 8♠ and 8♣")),
    OptionSpec("open_misere", "boolean", True,
               "Worth 500: misère with the bidder's cards laid face up after the first trick; it "
               "may open the bidding.", label="Open misère"),
    OptionSpec("blind_misere", "boolean", False,
               "Worth 1000: misère called before looking at the cards, so only as the bidder's "
               "first call.", label="Blind misère"),
    OptionSpec("double_nullo", "boolean", False,
               "Worth 500: both partners play and must take no trick.", label="Double nullo"),
    OptionSpec("patastrophe", "boolean", False,
               "Worth 1000: open misère played by both partners.", label="Patastrophe"),
    OptionSpec("hi_lo", "boolean", False,
               "Worth 350: the bidder plays alone at no-trumps and must take exactly five "
               "tricks.", label="Hi/lo"),
    OptionSpec("j5", "boolean", False,
               "No-trumps with each jack above its ace and no left bower, worth the no-trump "
               "bid of the same level (6 J5 to 10 J5).", label="J5 bids"),
    OptionSpec("misere_defender_tricks", "boolean", False,
               "Against misère and its kin the defenders score for their tricks, as against a "
               "suit bid.", label="Defenders score against misère"),
    OptionSpec("pass_out", "string", "redeal",
               "What happens to a hand nobody bids on: the same dealer deals again (twice at "
               "most, then the deal passes on), it is played at no-trumps with 10 a trick to "
               "everyone, the next dealer deals, or the dealer must bid.",
               choices=("redeal", "no-trump", "next-dealer", "dealer-must-bid"),
               label="When everybody passes",
               choice_labels=("Same dealer deals again", "Play it at no-trumps",
                              "Next dealer deals", "Dealer must bid")),
    OptionSpec("ralphing", "boolean", False,
               "A bidder who goes down by more than 3 tricks, or takes 3 or more in a misère, "
               "may not win the next bidding.", label="Ralphing"),
    OptionSpec("defender_share", "boolean", False,
               "Three or five players: each defender scores for every trick the defenders took "
               "together (they defend as a temporary partnership), not only their own.",
               label="Defenders share their tricks"),
    OptionSpec("partner_share", "string", "full",
               "Five players: what the bidder and the called partner each score or lose (the "
               "full value each, or half of it each). A bidder alone always scores the whole "
               "value.", choices=("full", "half"), label="A called partner scores",
               choice_labels=("The full value each", "Half the value each")),
    OptionSpec("auction", "string", "australian",
               "How the bidding goes: round and round until all but one pass, or one call each.",
               choices=("australian", "american"), label="Bidding",
               choice_labels=("Round and round (Australian)", "One call each (American)")),
)

FIVE_HUNDRED_PLUS_PLUS: tuple[OptionSpec, ...] = (
    OptionSpec("low_misere", "boolean", False,
               "Five-Hundred++: misère is the highest 6-level call, worth 150, and open misère "
               "the highest 9-level call, worth 400; no 7 needs to come first.",
               label="Low misère (500++)"),
    OptionSpec("fractional_bidding", "boolean", False,
               "Five-Hundred++: 4♠ and 4♣ join the pack, the kitty has 5 cards, and a bid names "
               "tricks and kitty cards given away (6.3♥: take 6 tricks and give 3 kitty cards to "
               "the opponents). Suits are equal; no-trumps beats them at the same bid. Four "
               "players.", label="Fractional bids (500++)"),
    OptionSpec("fractional_values", "table", default_fractional_values(),
               "Five-Hundred++: the value of every fractional bid, {\"N.K\": {\"suit\": points, "
               "\"nt\": points}} from 6.0 to 10.5. The default is the project's own table (the "
               "original is lost): 100 × (N − 6) + 60 × K + 40, plus 20 for no-trumps; bids "
               "rank by value, then tricks, then no-trumps.", checker=check_fractional_values,
               label="Values of the fractional bids (500++)"),
    OptionSpec("visible_kitty", "boolean", False,
               "Five-Hundred++: the bidder turns one kitty card face up for every trick level "
               "the bidding rises (with fractional bids at 7.1, 7.2, 6.4, 9.1 and 8.3).",
               label="Kitty turned up as the bidding rises (500++)"),
    OptionSpec("megatrump", "boolean", False,
               "Five-Hundred++: in a suit contract of N tricks the N of trumps is the highest "
               "trump (the 8 in 8 diamonds).", label="Megatrump (500++)"),
    OptionSpec("anti_megatrump", "boolean", False,
               "Five-Hundred++, with the megatrump: the N of the opposite suit (hearts and "
               "spades, diamonds and clubs) belongs to both suits; it and the megatrump cancel "
               "each other.", label="Anti-megatrump (500++)"),
    OptionSpec("second_joker", "boolean", False,
               "Five-Hundred++: a second joker replaces the 4♦; the joker of the contract's "
               "colour (black at no-trumps) is the joker, the other the anti-joker, which "
               "cancels the joker and, in suit contracts, the bowers. Four players.",
               label="Second joker (500++)"),
)

OPTIONS = GAME_OPTIONS + FIVE_HUNDRED_PLUS_PLUS

# House rules of common tables, one tap on the start page (tests check each validates).
PRESETS: tuple[Preset, ...] = (
    Preset("avondale", "Avondale standard",
           "The rules printed with the Avondale table: 500 to win, out the back door at −500, "
           "misère and open misère, a slam worth 250, 10 a trick to the defenders.",
           {"target": 500, "lose_at": -500, "win_on": "any", "slam_bonus": True, "misere": True,
            "open_misere": True, "defender_trick_points": 10}),
    Preset("bid-to-win", "Bid to win",
           "A side wins only by making a contract, and defence never lifts it past 490; misère "
           "and open misère allowed.",
           {"win_on": "contract", "defender_cap": 490}),
    Preset("every-misere", "Every misère",
           "For tables that love to go nil: blind misère, double nullo and patastrophe as well, "
           "with ralphing to keep the bidding honest.",
           {"blind_misere": True, "double_nullo": True, "patastrophe": True, "ralphing": True}),
    # Seed 001's own advice for a first game (RULES.md, decisions of 2026-11-27).
    Preset("five-hundred-plus-plus", "Five-Hundred++ starter",
           "The two Five-Hundred++ extensions its authors advise starting with: kitty cards "
           "turned face up one by one as the bidding rises, and fractional bids with a 5-card "
           "kitty, where a bid also gives kitty cards to the opponents. Four players.",
           {"visible_kitty": True, "fractional_bidding": True}),
    Preset("five-hundred-plus-plus-full", "Five-Hundred++ complete",
           "Every Five-Hundred++ extension: fractional bids with a 5-card kitty, low misère, the "
           "kitty turned up, megatrump and anti-megatrump, and the second joker. Four players.",
           {"low_misere": True, "fractional_bidding": True, "visible_kitty": True,
            "megatrump": True, "anti_megatrump": True, "second_joker": True}),
)

# Their names are the sentences' table, where they are translated.
BID_NAMES = WORDS["bid"]
MISERE = Bid("MIS", BID_NAMES["MIS"], 250, kind="misere", option="misere", plays="alone")
OPEN_MISERE = Bid("OMIS", BID_NAMES["OMIS"], 500, kind="misere", option="open_misere",
                  plays="alone")
BLIND_MISERE = Bid("BMIS", BID_NAMES["BMIS"], 1000, kind="misere", option="blind_misere",
                   plays="alone")  # (house) value from a public scoring app, RULES.md
DOUBLE_NULLO = Bid("DNUL", BID_NAMES["DNUL"], 500, kind="misere", option="double_nullo")
PATASTROPHE = Bid("PAT", BID_NAMES["PAT"], 1000, kind="misere", option="patastrophe")
HI_LO = Bid("HILO", BID_NAMES["HILO"], 350, kind="hilo", option="hi_lo", plays="alone")
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


def bid_order(house: ContractOptions) -> tuple[Bid, ...]:
    values = house.fractional_values
    frozen_values = tuple(sorted((k, v["suit"], v["nt"]) for k, v in values.items())) if (
        values is not None and house.fractional_bidding) else ()
    # Each of SPECIAL_BIDS, in its order, as its `option` allows it.
    enabled = (house.misere, house.open_misere, house.blind_misere, house.double_nullo,
               house.patastrophe, house.hi_lo)
    return _bid_order(enabled, house.j5, house.misere_rank, bool(house.low_misere),
                      frozen_values)


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


def check_options(house: ContractOptions) -> None:
    if house.anti_megatrump and not house.megatrump:
        raise RuleViolation("option_clash.anti_megatrump", "options.anti_megatrump",
                            options=["anti_megatrump", "megatrump"])
    if house.j5 and house.fractional_bidding:
        raise RuleViolation("option_clash.j5_fractional", "options.j5",
                            options=["j5", "fractional_bidding"])


def deck(house: ContractOptions, players: int) -> frozenset[Card]:
    """33 cards for three, 43 for four (45 with fractional bidding), 53 for five, 63 for six."""
    if players == 3:
        return deck_of(*(suit_cards(suit, "7") for suit in SUITS))
    if players == 5:
        return deck_of(*(suit_cards(suit, "2") for suit in SUITS))
    if players == 6:
        return deck_of(*(suit_cards(suit, "2", "12", "11", *(("13",) if suit in "DH" else ()))
                         for suit in SUITS))
    low = "4" if house.fractional_bidding else "5"
    cards = deck_of(suit_cards("S", low), suit_cards("C", low), suit_cards("D", "4"),
                    suit_cards("H", "4"))
    if house.second_joker:
        return deck_of(cards - {Card("JK")}, jokers=("JKR", "JKB"), without=("4D",))
    return cards


VARIANT = ContractVariant(
    key="australian-500",
    name="Australian 500",
    description="The classic 500: 43 cards, bid tricks and trumps, first side to 500 wins "
                "(also called American 500). The Five-Hundred++ house extensions are options.",
    option_specs=OPTIONS,
    presets=PRESETS,
    bid_table=BID_TABLE,
    bid_order=bid_order,
    deck=deck,
    forms=((2, 2), (3, 1), (5, 1), (2, 3), (3, 2)),
    partner_forms=((5, 1),),
    auction_rules=AUCTION,
    check_options=check_options,
    referees=CONTRACT,
)
