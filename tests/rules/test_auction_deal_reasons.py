"""The auction and deal referees say their rulings as codes (reasons.RULINGS), one per line of the
explanation, which is rendered from them; the refusals of the registry, the options, the bids,
the contract games, the auction and the deal are keys and parameters that render as before."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from scorekeeper.rules import referees
from scorekeeper.rules.bids import DisabledBid, UnknownBid
from scorekeeper.rules.contract import ContractVariant
from scorekeeper.rules.errors import RULES, RuleViolation
from scorekeeper.rules.reasons import RULINGS, Reason
from scorekeeper.rules.registry import find_variant
from scorekeeper.rules.sentences import render_all
from scorekeeper.rules.variants.quebec import VARIANT as QUEBEC

CASES = Path(__file__).parent / "cases"
AUCTIONS: list[dict[str, Any]] = json.loads((CASES / "auctions.json").read_text("utf-8"))["cases"]
QUEBEC_NOTHING = ["10S", "9S", "8C", "7C", "6D", "5D", "4H", "10H", "9D", "4S"]


def contract_game(key: str) -> ContractVariant:
    variant = find_variant(key)
    assert isinstance(variant, ContractVariant)
    return variant


def ask(judge: Callable[..., dict[str, Any]], request: dict[str, Any]) -> dict[str, Any]:
    variant = contract_game(request["variant"])
    options = variant.resolve_options(request.get("options", {}))
    table = variant.referee_table(options, request.get("players"), request.get("sides"))
    return judge(variant, table, request)


def assert_said_by_reasons(reply: dict[str, Any]) -> None:
    reasons = [Reason.from_dict(reason) for reason in reply["reasons"]]
    assert all(reason.code in RULINGS for reason in reasons), reply["reasons"]
    assert len(reasons) == len(reply["explanation"])
    assert list(render_all(reasons)) == reply["explanation"]
    json.dumps(reply["reasons"])  # plain JSON values


@pytest.mark.parametrize("case", [pytest.param(c, id=c["name"]) for c in AUCTIONS
                                  if "expect" in c])
def test_auction_rulings_are_said_by_their_reasons(case: dict[str, Any]) -> None:
    assert_said_by_reasons(ask(referees.auction, case["request"]))


def test_an_illegal_call_names_its_refusal() -> None:
    reply = ask(referees.auction, {"variant": "australian-500", "dealer": 0,
                                   "calls": ["pass", "6H", "MIS", "pass"]})
    assert_said_by_reasons(reply)
    first = reply["reasons"][0]
    assert first == {"code": "call_illegal", "params": {
        "call": 3, "said": "MIS", "seat": 3,
        "why": {"says": "illegal_call.misere_after_7",
                "params": {"bid": "MIS", "bid_name": "Misère"}}}}
    assert [r["code"] for r in reply["reasons"][1:]] == [
        "calls_not_judged", "bid_standing", "next_may_bid"]
    assert reply["explanation"][0] == (
        "Call 3 (MIS by seat 3) is not allowed: misère may only be bid once someone has bid 7 "
        "(option misere_rank is after-7).")


@pytest.mark.parametrize(("request_", "codes"), [
    ({"dealer": 0, "calls": []}, ["no_bid_yet", "next_may_bid"]),
    ({"dealer": 0, "calls": ["pass"] * 4}, ["auction_passed_out"]),
    ({"dealer": 0, "options": {"visible_kitty": True}, "calls": ["8S"]},
     ["bid_standing", "kitty_face_up", "next_may_bid"]),
    ({"dealer": 0, "options": {"pass_out": "dealer-must-bid"}, "calls": ["pass"] * 3},
     ["no_bid_yet", "next_must_bid"]),
    ({"dealer": 0, "calls": ["10NT"]}, ["bid_standing", "next_only_pass"]),
    ({"dealer": 0, "calls": ["10NT", "pass", "pass", "pass"]}, ["auction_won"]),
    ({"dealer": 0, "calls": ["10H"]}, ["bid_standing", "next_may_bid_only"]),
    ({"dealer": 0, "calls": ["7H", "7D", "pass"]},
     ["call_illegal", "calls_not_judged", "bid_standing", "next_may_bid"]),
])
def test_each_kind_of_auction_line(request_: dict[str, Any], codes: list[str]) -> None:
    reply = ask(referees.auction, {"variant": "australian-500", **request_})
    assert_said_by_reasons(reply)
    assert [r["code"] for r in reply["reasons"]] == codes


def test_a_disabled_bid_called_is_said_by_its_own_refusal() -> None:
    reply = ask(referees.auction, {"variant": "australian-500", "dealer": 0,
                                   "calls": ["BMIS"]})
    assert_said_by_reasons(reply)
    why = reply["reasons"][0]["params"]["why"]
    assert why["says"] == "bid_disabled" and why["params"]["option"] == "blind_misere"
    assert reply["explanation"][0] == ("Call 1 (BMIS by seat 1) is not allowed: Blind misère is "
                                       "not allowed in this game: option blind_misere is off.")


@pytest.mark.parametrize(("cards", "code", "line"), [
    (QUEBEC_NOTHING, "redeal_no_honours", "No face card, no joker and no ace in this hand: the "
                                          "cards are shuffled and dealt again."),
    ([*QUEBEC_NOTHING[:9], "JKB"], "deal_stands", "La blanche is enough: the deal stands."),
    ([*QUEBEC_NOTHING[:9], "AS"], "deal_stands", "The ace of spades is enough: the deal stands."),
])
def test_deal_rulings_are_said_by_their_reasons(cards: list[str], code: str, line: str) -> None:
    reply = ask(QUEBEC.referees["deal"], {"variant": "quebec-500", "cards": cards})
    assert_said_by_reasons(reply)
    assert [r["code"] for r in reply["reasons"]] == [code]
    assert reply["explanation"] == [line]


def refused(act: Callable[[], object]) -> RuleViolation:
    with pytest.raises(RuleViolation) as caught:
        act()
    json.dumps(caught.value.params)
    assert caught.value.rule in RULES
    return caught.value


AUSTRALIAN = contract_game("australian-500")


@pytest.mark.parametrize(("act", "rule", "message"), [
    (lambda: AUSTRALIAN.resolve_options({"nope": 1}), "unknown_option",
     "there is no option 'nope' in this variant"),
    (lambda: AUSTRALIAN.resolve_options({"target": "500"}), "option_value",
     "option target must be a whole number"),
    (lambda: AUSTRALIAN.resolve_options({"pass_out": "never"}), "option_value",
     "option pass_out must be one of 'redeal', 'no-trump', 'next-dealer', 'dealer-must-bid'"),
    (lambda: AUSTRALIAN.resolve_options({"fractional_values": []}), "option_value",
     'option fractional_values must be an object such as {"6.0": {"suit": 40, "nt": 60}, ...}'),
    (lambda: AUSTRALIAN.resolve_options({"megatrump": False, "anti_megatrump": True}),
     "option_clash", "option anti_megatrump needs option megatrump: the anti-megatrump is "
                     "defined against the megatrump"),
    (lambda: AUSTRALIAN.referee_table(AUSTRALIAN.resolve_options({}), 7), "table_form",
     "Australian 500 is played by 3, 4, 5 or 6 players"),
    (lambda: AUSTRALIAN.find_bid("7X", AUSTRALIAN.house_rules({})), "unknown_bid",
     "there is no bid '7X' in Australian 500"),
    (lambda: AUSTRALIAN.find_bid("BMIS", AUSTRALIAN.house_rules({})), "bid_disabled",
     "Blind misère is not allowed in this game: option blind_misere is off"),
])
def test_refusals_render_from_their_keys(act: Callable[[], object], rule: str,
                                         message: str) -> None:
    violation = refused(act)
    assert (violation.rule, violation.message) == (rule, message)


def test_bid_refusals_keep_their_kinds() -> None:
    options = AUSTRALIAN.house_rules(AUSTRALIAN.resolve_options({}))
    assert isinstance(refused(lambda: AUSTRALIAN.find_bid(7, options)), UnknownBid)
    assert isinstance(refused(lambda: AUSTRALIAN.find_bid("6.2H", options)), DisabledBid)


def test_a_hand_that_breaks_its_auction_says_the_call() -> None:
    table = AUSTRALIAN.referee_table(AUSTRALIAN.resolve_options({}))
    state = AUSTRALIAN.start(table)
    violation = refused(lambda: AUSTRALIAN.score_hand(table, state, {
        "calls": ["7H", "7D"], "bid": "7H", "bidder": 1, "tricks": [7, 3]}))
    assert violation.rule == "illegal_call" and violation.field == "calls.1"
    assert violation.message == ("Call 2 (7D by seat 2) is not allowed: 7♦ does not beat the "
                                 "standing bid of 7♥")
    violation = refused(lambda: AUSTRALIAN.score_hand(table, state, {"tricks": [7, 3]}))
    assert (violation.says, violation.message) == (
        "entry_missing.bid", "a hand needs the winning bid, or passed_out: true")
    violation = refused(lambda: AUSTRALIAN.score_hand(table, state, {
        "bid": "7H", "bidder": 0, "tricks": [7, 4]}))
    assert violation.message == "the tricks add up to 11, but a hand has 10"


def test_deal_refusals() -> None:
    table = QUEBEC.referee_table(QUEBEC.resolve_options({}))
    judge = QUEBEC.referees["deal"]
    assert refused(lambda: judge(QUEBEC, table, {"cards": [*QUEBEC_NOTHING[:9], "3S"]})
                   ).message == "3S is not in the 46-card deck of Quebec 500"
    assert refused(lambda: judge(QUEBEC, table, {"cards": [*QUEBEC_NOTHING[:9], "10S"]})
                   ).message == "10S is in the hand twice"
    assert refused(lambda: judge(QUEBEC, table, {"cards": QUEBEC_NOTHING[:9]})
                   ).message == "a hand as dealt has 10 cards"

