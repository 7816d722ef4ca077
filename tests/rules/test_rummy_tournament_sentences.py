"""Rummy 500's refusals, the tournaments' and an import's come out as a rule code, a key and plain
parameters, and their sentence is rendered from them (rules/sentences.py); the meld referee's
explanation is rendered from its reasons, one per line."""

from __future__ import annotations

import ast
import inspect
import json
from collections.abc import Callable
from typing import Any

import pytest

from scorekeeper.rules.base import Side, Table
from scorekeeper.rules.errors import RULES, RuleViolation
from scorekeeper.rules.reasons import RULINGS
from scorekeeper.rules.sentences import REFUSALS, WORDS, render_all
from scorekeeper.rules.variants.rummy import VARIANT, adjudicate_meld, read_meld
from scorekeeper.services.portability import moment
from scorekeeper.tournaments import Match, Team, check_scores, check_tournament

MELD_FLAWS = WORDS["meld flaw"]


def rummy_table(players: int = 3, **options: Any) -> Table:
    sides = tuple(Side(name, (name,)) for name in ("Ann", "Bo", "Cy", "Di", "Ed")[:players])
    return Table(sides=sides, options=VARIANT.resolve_options(options), first_dealer=0)


def hand(*players: dict[str, Any]) -> dict[str, Any]:
    return {"players": list(players)}


def refusal_of(act: Callable[[], object]) -> RuleViolation:
    with pytest.raises(RuleViolation) as caught:
        act()
    violation = caught.value
    assert violation.says in REFUSALS and violation.rule in RULES
    json.dumps(violation.params)  # plain JSON values, no cards or dataclasses
    return violation


def score(table: Table, entry: dict[str, Any]) -> Callable[[], object]:
    return lambda: VARIANT.score_hand(table, VARIANT.start(table), entry)


CASES: list[Any] = [
    pytest.param(
        score(rummy_table(), hand({"melds": [["7H", "8H", "9H"]], "hand": []},
                                  {"melds": [["QS", "QD", "QC"]],
                                   "layoffs": [{"card": "JH", "onto": [0, 0]}], "hand": ["3C"]},
                                  {"hand": ["KD", "2C"]})),
        "meld_invalid.layoff", "meld_invalid", "players.0.melds.0",
        {"laid": ["JH"], "cards": ["7H", "8H", "9H"], "flaw": "not_in_sequence"},
        "with JH laid off onto it, 7H 8H 9H is no longer a meld: the cards are not in sequence",
        id="rummy-layoff-breaks-the-meld"),
    pytest.param(
        score(rummy_table(), hand({"melds": [["7H", "8H", "9H"]], "hand": ["8H"]},
                                  {"hand": ["KD"]}, {"hand": ["2C"]})),
        "card_repeated.rummy", "card_repeated", "players.0.hand.0", {"card": "8H", "decks": 1},
        "8H appears more often than one deck holds", id="rummy-card-twice"),
    pytest.param(
        lambda: adjudicate_meld(rummy_table(5, jokers=True), ["JK"] * 5),
        "card_repeated.rummy_jokers", "card_repeated", "cards.4", {"jokers": 4, "decks": 2},
        "there are only 4 jokers in 2 decks", id="rummy-jokers-two-decks"),
    pytest.param(
        score(rummy_table(), hand({"meld_points": 300, "hand_points": 0},
                                  {"meld_points": 0, "hand_points": 97},
                                  {"meld_points": 0, "hand_points": 0, "went_out": False})),
        "went_out_cards.no_cards", "went_out_cards", "players.2.went_out", {},
        "a player with no cards left in hand went out", id="rummy-went-out-flag"),
    pytest.param(
        score(rummy_table(), hand({"melds": [], "meld_points": 3}, {}, {})),
        "entry_both_ways.rummy", "entry_both_ways", "players.0",
        {"cards": "melds", "points": "meld_points"},
        "give a player's cards or counted points, not both (melds and meld_points)",
        id="rummy-both-ways"),
    pytest.param(
        lambda: check_tournament("quebec", "cinquecento", (2,),
                                 [Team(f"T{i}", (f"a{i}", f"b{i}")) for i in range(4)], {}),
        "format_variant", "format_variant", "format",
        {"format": "Quebec", "variants": ["Australian 500", "Quebec 500"],
         "variant_name": "Cinquecento"},
        "the format Quebec is for Australian 500 or Quebec 500, not Cinquecento",
        id="tournament-format-variant"),
    pytest.param(
        lambda: check_tournament("league", "quebec-500", (2,), [], {}),
        "unknown_format", "unknown_format", "format",
        {"key": "league", "known": ["quebec", "single_elimination", "double_elimination",
                                    "round_robin", "swiss", "rummy_tables", "progressive"]},
        "there is no format 'league'; the formats are quebec, single_elimination, "
        "double_elimination, round_robin, swiss, rummy_tables, progressive",
        id="tournament-unknown-format"),
    pytest.param(
        lambda: check_scores(Match("r1m1", 1, "table", (0, 1, 2), 1, None), [10, 20]),
        "entry_form.table_scores", "entry_form", "scores", {"count": 3},
        "give one score for each of the 3 players of this match, in its order",
        id="tournament-table-scores"),
    pytest.param(
        lambda: moment("2026-11-20T19:02:11", "created_at"),
        "date_time.offset", "date_time", "created_at", {"text": "2026-11-20T19:02:11"},
        "'2026-11-20T19:02:11' has no offset: write Z (UTC) or +hh:mm", id="import-no-offset"),
]


@pytest.mark.parametrize(("act", "says", "rule", "field", "params", "message"), CASES)
def test_a_refusal_is_a_key_with_its_parameters(act: Callable[[], object], says: str, rule: str,
                                                field: str, params: dict[str, Any],
                                                message: str) -> None:
    violation = refusal_of(act)
    assert (violation.says, violation.rule, violation.field) == (says, rule, field)
    assert violation.params == params
    assert violation.message == message


def test_the_history_limit_says_its_numbers_with_thousands() -> None:
    violation = RuleViolation("history_limit", "history", hands=1200, most=10200)
    assert violation.message.startswith("a game of 1,200 hands keeps at most 10,200 history "
                                         "entries")


@pytest.mark.parametrize(("cards", "options", "explanation"), [
    (["KS", "KH", "KD"], {}, ("A set of 3 kings.", "Worth 30 points (10 + 10 + 10).")),
    (["6S", "JK", "6D"], {"jokers": True},
     ("A set of 3 sixes (1 joker standing in).", "Worth 27 points (6 + 15 + 6).")),
    (["AH", "2H", "3H"], {}, ("A run of hearts: A, 2, 3. The ace is low.",
                              "Worth 20 points (15 + 2 + 3).")),
    (["QC", "JK", "AC"], {"jokers": True},
     ("A run of clubs: Q, K (a joker), A.", "Worth 40 points (10 + 15 + 15).")),
    (["KS", "AS", "2S"], {}, ("KS AS 2S is not a meld: the cards are not in sequence; the ace is "
                              "high (Q-K-A) or low (A-2-3), never both (K-A-2 is not a run).",)),
])
def test_the_meld_rulings_words(cards: list[str], options: dict[str, Any],
                                explanation: tuple[str, ...]) -> None:
    ruling = adjudicate_meld(rummy_table(4, **options), cards)
    assert ruling.explanation == explanation
    assert all(reason.code in RULINGS for reason in ruling.reasons)
    assert render_all(ruling.reasons) == ruling.explanation
    json.dumps([reason.to_dict() for reason in ruling.reasons])


def test_every_meld_flaw_is_said_and_listed_in_the_spec() -> None:
    assert set(MELD_FLAWS) == set(read_meld_flaws())
    assert all(flaw in RULINGS["not_a_meld"] for flaw in MELD_FLAWS)


def read_meld_flaws() -> set[str]:
    """The flaw codes rummy.read_meld can give, read from its source."""
    tree = ast.parse(inspect.getsource(read_meld))
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Return) and node.value is not None:
            for part in ast.walk(node.value):
                if isinstance(part, ast.Constant) and isinstance(part.value, str):
                    found.add(part.value)
    return found - {"set", "run", "A"}
