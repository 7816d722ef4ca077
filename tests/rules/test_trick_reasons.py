"""The trick referee's reasons (the contract games and Cinquecento): one code of RULINGS per line
of the explanation, the line rendered from it in rules/sentences.py; and the refusals of the
trick referee, of Cinquecento and of the referee service as keys with parameters."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings

from scorekeeper.rules.contract import ContractVariant
from scorekeeper.rules.errors import RULES, RuleViolation
from scorekeeper.rules.reasons import RULINGS, Reason
from scorekeeper.rules.registry import find_variant
from scorekeeper.rules.sentences import REFUSALS, TEMPLATES, render_all
from scorekeeper.rules.tricks import adjudicate_trick
from scorekeeper.rules.variants import cinquecento
from scorekeeper.services import referee
from tests.rules.helpers import TRICK_CASES, adjudicate_trick_case, tricks

# The trick referee's codes: its section of RULINGS.
TRICK_CODES = {code for code in RULINGS if code.startswith(("trick_", "cinquecento_"))}


def cinquecento_trick(trump: str | None, cards: list[str], deck: str = "italian",
                      players: int = 4, leader: int = 0) -> dict[str, Any]:
    variant = find_variant("cinquecento")
    table = variant.referee_table(variant.resolve_options({"deck": deck}), players)
    plays = [{"seat": (leader + i) % players, "card": card} for i, card in enumerate(cards)]
    return cinquecento.judge_trick(variant, table, {"trump": trump, "plays": plays})


def assert_told_by_its_reasons(reasons: tuple[Reason, ...], explanation: tuple[str, ...]) -> None:
    assert [reason.code for reason in reasons if reason.code not in TRICK_CODES] == []
    assert len(reasons) == len(explanation)
    assert render_all(reasons) == explanation
    json.dumps([reason.to_dict() for reason in reasons])  # plain JSON values only


# -- the contract games ----------------------------------------------------------------------------

WON = [case for case in TRICK_CASES if "error" not in case]
# A trick no case has: an anti-joker without value led, which nobody follows.
EXTRA = [{"variant": "australian-500", "options": {"second_joker": True}, "contract": "7H",
          "plays": [{"seat": 0, "card": "JKB", "shown_void": ["H"]}, {"seat": 1, "card": "5S"},
                    {"seat": 2, "card": "AD"}, {"seat": 3, "card": "KS"}]}]


@pytest.mark.parametrize("request_", [pytest.param(case["request"], id=case["name"])
                                      for case in WON] + EXTRA)
def test_each_line_of_a_contract_trick_is_a_reason(request_: dict[str, Any]) -> None:
    ruling = adjudicate_trick_case(request_)
    assert_told_by_its_reasons(ruling.reasons, ruling.explanation)
    assert ruling.reasons[-1] == Reason("trick_won", {"seat": ruling.seat,
                                                      "card": ruling.reasons[-1].params["card"]})


@settings(max_examples=150, deadline=None)
@given(tricks())
def test_every_legal_trick_is_told_by_its_reasons(
        trick: tuple[ContractVariant, dict[str, Any], str, list[dict[str, Any]]]) -> None:
    variant, options, contract, plays = trick
    ruling = adjudicate_trick(variant, variant.referee_table(options), contract, plays)
    assert_told_by_its_reasons(ruling.reasons, ruling.explanation)


def test_quebec_jokers_are_named_by_the_table_not_in_the_reasons_code() -> None:
    ruling = adjudicate_trick_case({"variant": "quebec-500", "contract": "6NT", "plays": [
        {"seat": 2, "card": "JKR", "named_suit": "D"}, {"seat": 3, "card": "AD"},
        {"seat": 0, "card": "KD"}, {"seat": 1, "card": "QD"}]})
    blanche = {"code": "JKB", "called": "la blanche"}
    bonhomme = {"code": "JKR", "called": "le bonhomme"}
    assert [reason.to_dict() for reason in ruling.reasons] == [
        {"code": "trick_no_trumps", "params": {"jokers": [blanche, bonhomme]}},
        {"code": "trick_joker_led", "params": {"card": bonhomme, "suit": "D"}},
        {"code": "trick_highest_after", "params": {"card": bonhomme, "after": blanche}},
        {"code": "trick_won", "params": {"seat": 2, "card": bonhomme}}]


def test_the_anti_joker_and_the_bowers_are_said_by_their_roles() -> None:
    ruling = adjudicate_trick_case({"variant": "australian-500", "options": {"second_joker": True},
                             "contract": "7H", "plays": [
                                 {"seat": 1, "card": "JKB"}, {"seat": 2, "card": "JD"},
                                 {"seat": 3, "card": "JH"}, {"seat": 0, "card": "5S"}]})
    assert ruling.reasons[1:3] == (
        Reason("trick_second_joker", {"joker": "JKR", "anti_joker": "JKB", "trumps": "H"}),
        Reason("trick_anti_joker_cancels", {"cancelled": ["bowers"]}))
    assert ruling.reasons[3] == Reason("trick_anti_card_wins", {"role": "anti_joker",
                                                                "card": "JKB"})


# -- Cinquecento -----------------------------------------------------------------------------------


@pytest.mark.parametrize(("trump", "cards", "deck", "players", "lines"), [
    (None, ["7-cups", "A-coins", "3-cups", "R-cups"], "italian", 4, [
        "No Marianna has been declared: there are no trumps.",
        "The highest cup wins (A 3 R C F 7 6 5 4 2).",
        "Seat 2 wins the trick with the three of cups."]),
    ("coins", ["F-coins", "C-coins", "R-coins", "A-swords"], "italian", 4, [
        "Coins are trumps.", "The highest trump wins.",
        "Seat 2 wins the trick with the re of coins."]),
    ("swords", ["4-clubs", "5-clubs", "A-cups", "C-clubs"], "italian", 4, [
        "Swords are trumps.",
        "No trump was played, so the highest club wins (A 3 R C F 7 6 5 4 2).",
        "Seat 3 wins the trick with the cavallo of clubs."]),
    ("hearts", ["AS", "KH", "3h"], "french", 3, [
        "Hearts are trumps.", "The highest trump wins.",
        "Seat 2 wins the trick with the three of hearts."]),
    ("hearts", ["QS", "JS"], "french", 2, [
        "Hearts are trumps.",
        "No trump was played, so the highest spade wins (A 3 K Q J 7 6 5 4 2).",
        "Seat 0 wins the trick with the queen of spades."]),
])
def test_each_line_of_a_cinquecento_trick_is_a_reason(trump: str | None, cards: list[str],
                                                      deck: str, players: int,
                                                      lines: list[str]) -> None:
    reply = cinquecento_trick(trump, cards, deck, players)
    assert reply["explanation"] == lines
    reasons = tuple(Reason.from_dict(reason) for reason in reply["reasons"])
    assert_told_by_its_reasons(reasons, tuple(reply["explanation"]))
    assert reasons[-1].params["card"] == reply["winner"]["card"]


def test_every_trick_ruling_code_is_given() -> None:
    given = {reason.code for request in [*(case["request"] for case in WON), *EXTRA]
             for reason in adjudicate_trick_case(request).reasons}
    for trump, cards in ((None, ["7-cups", "A-cups"]), ("coins", ["7-cups", "A-cups"]),
                         ("coins", ["7-coins", "A-cups"])):
        given |= {reason["code"] for reason in cinquecento_trick(trump, cards, players=2)[
            "reasons"]}
    assert given == TRICK_CODES
    assert set(TEMPLATES) >= TRICK_CODES


# -- refusals --------------------------------------------------------------------------------------

TRICK = [{"seat": 0, "card": "AS"}, {"seat": 1, "card": "KS"}, {"seat": 2, "card": "QS"}]


def refusal_of(call: Any) -> RuleViolation:
    with pytest.raises(RuleViolation) as error:
        call()
    violation = error.value
    assert violation.says in REFUSALS and violation.rule in RULES
    json.dumps(violation.params)
    return violation


@pytest.mark.parametrize(("request_", "says", "field", "message"), [
    ({"variant": "quebec-500", "contract": "7H", "plays": [*TRICK, {"seat": 3, "card": "JK"}]},
     "card_not_in_deck.joker", "plays.3.card",
     "Quebec 500 has two jokers, JKB (la blanche) and JKR (le bonhomme), so there is no JK"),
    ({"variant": "australian-500", "contract": "7H", "plays": [*TRICK, {"seat": 3, "card": "JKR"}]},
     "card_not_in_deck.joker", "plays.3.card",
     "Australian 500 has one joker, written JK, so there is no JKR"),
    ({"variant": "australian-500", "contract": "7H", "plays": [*TRICK, {"seat": 3, "card": "3S"}]},
     "card_not_in_deck", "plays.3.card",
     "the 3♠ is not in this deck: Australian 500 for 4 players uses 43 cards"),
    ({"variant": "australian-500", "contract": "MIS", "players": 6, "plays": TRICK[:1]},
     "trick_size.alone", "plays",
     "a trick here has 4 plays (in Misère the bidder plays alone and 2 partners sit out), not 1"),
    ({"variant": "australian-500", "contract": "7H", "plays": [*TRICK, {"seat": 3, "card": "AS"}]},
     "card_repeated.trick", "plays.3.card", "the A♠ has already been played to this trick"),
    ({"variant": "australian-500", "contract": "7H",
      "plays": [*TRICK, {"seat": 3, "card": "5S", "shown_void": "S"}]},
     "entry_form.shown_void", "plays.3.shown_void",
     'plays.3.shown_void must list the suits this player showed void in earlier, such as '
     '["H", "S"]'),
    ({"variant": "australian-500", "options": {"second_joker": True}, "contract": "7NT",
      "plays": [{"seat": 0, "card": "JKR"}, *TRICK[1:], {"seat": 3, "card": "5S"}]},
     "named_suit_missing", "plays.0.named_suit",
     "the anti-joker led at no-trumps must name the suit the others follow (named_suit)"),
    ({"variant": "quebec-500", "contract": "7H",
      "plays": [*TRICK, {"seat": 3, "card": "JKB", "named_suit": "S"}]},
     "named_suit_trumps", "plays.3.named_suit",
     "la blanche is a trump in hearts; it cannot be played as spades"),
    ({"variant": "australian-500", "contract": "7H",
      "plays": [*TRICK, {"seat": 3, "card": "JD", "shown_void": ["H"]}]},
     "revoke", "plays.3.card",
     "seat 3 showed void in hearts earlier, so playing the jack of diamonds, which belongs to "
     "hearts, now is a revoke"),
    ({"variant": "australian-500", "contract": "7H",
      "plays": [*TRICK, {"seat": 3, "card": "5S", "named_suit": "spades"}]},
     "unknown_suit.named_suit", "plays.3.named_suit", "named_suit must be one of S, C, D or H"),
])
def test_a_trick_refusal_is_a_key_with_parameters(request_: dict[str, Any], says: str, field: str,
                                                   message: str) -> None:
    violation = refusal_of(lambda: adjudicate_trick_case(request_))
    assert (violation.says, violation.field, violation.message) == (says, field, message)
    assert violation.rule == says.partition(".")[0]


@pytest.mark.parametrize(("hand", "says", "rule", "message"), [
    ({"points": [60, 59]}, "card_points_sum", "card_points_sum",
     "the card points add up to 119, but a hand has 120"),
    ({"points": [60, 60], "mariannas": [{}] * 5}, "marianna_twice.count", "marianna_twice",
     "there are only four Mariannas in a hand, one per suit"),
    ({"points": [60, 60], "mariannas": [{"side": 0, "suit": "cups"}] * 2}, "marianna_twice",
     "marianna_twice", "the Marianna of cups was already declared this hand"),
    ({"points": [60, 60], "mariannas": [{"side": 0, "suit": "stars"}]}, "unknown_suit.marianna",
     "unknown_suit", "the suits of this deck are coins, cups, swords, clubs"),
    ({"captured": [["A-coins", "AH"], []]}, "card_not_in_deck.cinquecento", "card_not_in_deck",
     "'AH' is not a card of the Italian Cinquecento deck (write cards like R-coins)"),
    ({"bid": "7H"}, "unknown_key.cinquecento_hand", "unknown_key",
     "bid is not part of a Cinquecento hand"),
])
def test_a_cinquecento_refusal_is_a_key_with_parameters(hand: dict[str, Any], says: str,
                                                        rule: str, message: str) -> None:
    variant = find_variant("cinquecento")
    table = variant.referee_table(variant.resolve_options({}))
    violation = refusal_of(lambda: variant.score_hand(table, variant.start(table), hand))
    assert (violation.says, violation.rule, violation.message) == (says, rule, message)


def test_cinquecento_trick_refusals() -> None:
    violation = refusal_of(lambda: cinquecento_trick("stars", ["A-coins"] * 4))
    assert (violation.says, violation.rule, violation.params) == (
        "unknown_suit.trump", "unknown_suit", {"suits": ["coins", "cups", "swords", "clubs"]})
    assert violation.message == ("trump must be null (no Marianna yet) or one of coins, cups, "
                                 "swords, clubs")
    violation = refusal_of(lambda: cinquecento_trick(None, ["A-coins", "3-coins", "A-coins"],
                                                     players=3))
    assert (violation.rule, violation.field) == ("card_repeated", "plays.2.card")
    assert violation.message == "that card has already been played to this trick"


@pytest.mark.parametrize(("what", "variant", "message"), [
    ("deal", "australian-500",
     "Australian 500 has no deal to judge (the deal referee is for Quebec 500)"),
    ("trick", "rummy-500", "Rummy 500 has no tricks to judge (the trick referee is for "
                           "Australian 500, Quebec 500 or Cinquecento)"),
])
def test_a_referee_the_variant_lacks(what: str, variant: str, message: str) -> None:
    violation = refusal_of(lambda: referee.judge(what, {"variant": variant}))
    assert (violation.says, violation.rule, violation.field) == ("no_referee.elsewhere",
                                                                 "no_referee", "variant")
    assert violation.message == message
    assert violation.params["what"] == what
