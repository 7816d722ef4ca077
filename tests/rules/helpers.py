"""Shared by the rules tests: the golden tables and the table of a golden case, the hand-worked
trick cases and their referee, and random legal tricks (a hypothesis strategy)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from hypothesis import strategies as st

from scorekeeper.rules.base import Side, Table, Variant
from scorekeeper.rules.cards import SUITS, Card
from scorekeeper.rules.contract import ContractVariant
from scorekeeper.rules.registry import find_variant
from scorekeeper.rules.tricks import TrickRuling, adjudicate_trick

FILES = sorted((Path(__file__).parent / "golden").glob("*.json"))
TABLES: dict[str, dict[str, Any]] = {
    path.stem: json.loads(path.read_text(encoding="utf-8")) for path in FILES}
TWO_SIDE_NAMES = ("North-South", "East-West")


def side_names(sides: list[list[str]]) -> tuple[str, ...]:
    """North-South and East-West for two sides, else each side's players joined with ' & '."""
    if len(sides) == 2:
        return TWO_SIDE_NAMES
    return tuple(" & ".join(players) for players in sides)


def make_table(variant: Variant, case: dict[str, Any]) -> Table:
    options = variant.resolve_options(case["options"])
    sides = tuple(
        Side(name, tuple(players))
        for name, players in zip(side_names(case["sides"]), case["sides"], strict=True)
    )
    return Table(sides=sides, options=options, first_dealer=case["first_dealer"])


TRICK_CASES_FILE = Path(__file__).parent / "cases" / "tricks.json"
TRICK_CASES: list[dict[str, Any]] = json.loads(
    TRICK_CASES_FILE.read_text(encoding="utf-8"))["cases"]


def adjudicate_trick_case(request: dict[str, Any]) -> TrickRuling:
    variant = find_variant(request["variant"])
    assert isinstance(variant, ContractVariant)
    options = variant.resolve_options(request.get("options", {}))
    table = variant.referee_table(options, request.get("players"), request.get("sides"))
    return adjudicate_trick(variant, table, request.get("contract"), request.get("plays"),
                            request.get("led_before"))


FIVE_HUNDRED_PLUS_PLUS = {"megatrump": True, "anti_megatrump": True, "second_joker": True}


def variant_of(key: str) -> ContractVariant:
    variant = find_variant(key)
    assert isinstance(variant, ContractVariant)
    return variant


TRICK_GAMES = [
    ("australian-500", {}, ("6S", "7C", "8D", "9H", "10S", "7NT", "MIS")),
    ("australian-500", FIVE_HUNDRED_PLUS_PLUS, ("6S", "7C", "8D", "9H", "10H", "8NT")),
    ("australian-500", {"j5": True}, ("7J5", "9D")),
    ("quebec-500", {}, ("6S", "8H", "10NT")),
]


@st.composite
def tricks(draw: st.DrawFn) -> tuple[ContractVariant, dict[str, Any], str, list[dict[str, Any]]]:
    """A legal trick: distinct cards of the deck, clockwise from a random leader; a joker led at
    no-trumps names a suit, and so may the anti-joker anywhere after the lead."""
    key, given, contracts = draw(st.sampled_from(TRICK_GAMES))
    variant = variant_of(key)
    options = variant.resolve_options(given)
    contract = draw(st.sampled_from(contracts))
    bid = variant.find_bid(contract, variant.house_rules(options))
    no_trumps = bid.trumps is None or bid.kind != "trumps"
    anti_joker = Card("JKB" if bid.trumps in ("D", "H") else "JKR") \
        if options.get("second_joker") else None
    size = 3 if bid.plays == "alone" else 4  # the bidder's partner sits out
    deck = sorted(variant.deck(variant.house_rules(options), 4), key=lambda card: card.code)
    cards = draw(st.lists(st.sampled_from(deck), min_size=size, max_size=size, unique=True))
    leader = draw(st.integers(0, 3))
    plays = []
    for i, card in enumerate(cards):
        names = card.is_joker and (no_trumps or (i > 0 and card == anti_joker))
        named = {"named_suit": draw(st.sampled_from(SUITS))} if names else {}
        plays.append({"seat": (leader + i) % 4, "card": card.code, **named})
    return variant, options, contract, plays
