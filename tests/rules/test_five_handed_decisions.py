"""Five-handed australian-500 as RULES.md's decisions of 2026-11-27 settle it: who wins when
several reach the target, defenders sharing their tricks against misère, the bids' points with a
partner, `partner` only at five, and a target reached in the hand somebody goes out the back door.
"""

from __future__ import annotations

from typing import Any

import pytest

from scorekeeper.rules.base import GameState, Outcome, Side, Table
from scorekeeper.rules.contract import ContractVariant
from scorekeeper.rules.errors import RuleViolation
from scorekeeper.rules.registry import find_variant

VARIANT = find_variant("australian-500")
assert isinstance(VARIANT, ContractVariant)
AUSTRALIAN: ContractVariant = VARIANT
NAMES = ("Ann", "Bo", "Cy", "Di", "Ed")


def table(names: tuple[str, ...] = NAMES, **options: Any) -> Table:
    seated = Table(sides=tuple(Side(name, (name,)) for name in names),
                   options=AUSTRALIAN.resolve_options(options))
    AUSTRALIAN.check_table(seated)
    return seated


def after(seated: Table, scores: tuple[int, ...], hand: dict[str, Any]) -> GameState:
    return AUSTRALIAN.score_hand(seated, GameState(scores=scores, dealer=0), hand).state


def test_bidder_and_partner_both_over_the_target_the_bidder_wins() -> None:
    # 7♥ (200) by Ann with Cy: Ann 350 → 550, Cy 400 → 600. Cy is higher; the bidder wins.
    state = after(table(), (350, 0, 400, 0, 0),
                  {"bidder": 0, "bid": "7H", "partner": 2, "tricks": [4, 1, 3, 1, 1]})
    assert state.outcome == Outcome("target", 0)


def test_the_partner_over_the_target_beats_a_defender_who_is_higher() -> None:
    # 6♠ (40) by Ann with Cy: Cy 470 → 510; Bo, defending, 495 → 525 with 3 tricks.
    state = after(table(), (0, 495, 470, 0, 0),
                  {"bidder": 0, "bid": "6S", "partner": 2, "tricks": [3, 3, 3, 1, 0]})
    assert state.outcome == Outcome("target", 2)


def test_defenders_alone_over_the_target_the_higher_then_the_lower_seat() -> None:
    # 8♠ (240) by Ann alone fails; Bo and Di, 480 each, take 2 tricks: 500 each. Level: seat 1.
    level = after(table(), (0, 480, 0, 480, 0),
                  {"bidder": 0, "bid": "8S", "partner": None, "tricks": [4, 2, 1, 2, 1]})
    assert level.outcome == Outcome("target", 1)
    higher = after(table(), (0, 480, 0, 490, 0),
                   {"bidder": 0, "bid": "8S", "partner": None, "tricks": [4, 2, 1, 2, 1]})
    assert higher.outcome == Outcome("target", 3)


@pytest.mark.parametrize("names", [NAMES, NAMES[:3]], ids=["five", "three"])
def test_defenders_share_their_tricks_against_misere(names: tuple[str, ...]) -> None:
    """defender_share with misere_defender_tricks: every defender scores all the defenders'
    tricks, against misère as against a suit bid."""
    seated = table(names, defender_share=True, misere_defender_tricks=True)
    tricks = [0, 6, 4] + [0] * (len(names) - 3)
    hand: dict[str, Any] = {"bidder": 0, "bid": "MIS", "tricks": tricks}
    if len(names) == 5:
        hand["partner"] = None
    result = AUSTRALIAN.score_hand(seated, AUSTRALIAN.start(seated), hand)
    assert result.deltas == (250, *([100] * (len(names) - 1)))
    assert "defenders_share" in [reason.code for reason in result.reasons]


def test_the_bids_say_what_a_partner_scores_under_half_shares() -> None:
    half = {bid.code: bid for bid in AUSTRALIAN.table_bids(table(partner_share="half"))}
    assert (half["7H"].points, half["7H"].points_with_partner) == (200, 100)
    assert (half["10NT"].points, half["10NT"].points_with_partner) == (520, 260)
    assert half["MIS"].points == 250 and half["MIS"].points_with_partner is None  # alone
    full = AUSTRALIAN.table_bids(table())
    four = AUSTRALIAN.table_bids(Table(
        sides=(Side("NS", ("Ann", "Cy")), Side("EW", ("Bo", "Di"))),
        options=AUSTRALIAN.resolve_options({})))
    assert all(bid.points_with_partner is None for bid in (*full, *four))


@pytest.mark.parametrize("partner", [None, 1])
@pytest.mark.parametrize(("names", "tricks"), [
    (("NS", "EW"), [7, 3]), (NAMES[:3], [7, 2, 1])], ids=["four", "three"])
def test_partner_is_refused_where_nobody_calls_one(names: tuple[str, ...], tricks: list[int],
                                                    partner: int | None) -> None:
    seated = (table(names) if len(names) == 3 else Table(
        sides=(Side("NS", ("Ann", "Cy")), Side("EW", ("Bo", "Di"))),
        options=AUSTRALIAN.resolve_options({})))
    with pytest.raises(RuleViolation) as refused:
        AUSTRALIAN.score_hand(seated, AUSTRALIAN.start(seated),
                              {"bidder": 0, "bid": "7H", "partner": partner, "tricks": tricks})
    assert (refused.value.rule, refused.value.field) == ("partner_not_allowed", "partner")


@pytest.mark.parametrize(("names", "scores", "hand", "winner"), [
    (NAMES[:3], (450, -300, 0), {"bidder": 1, "bid": "10NT", "tricks": [6, 2, 2]}, 0),
    (NAMES, (0, -300, 0, 0, 480), {"bidder": 1, "bid": "10NT", "partner": None,
                                   "tricks": [2, 2, 2, 2, 2]}, 4),
], ids=["three", "five"])
def test_target_and_back_door_in_one_hand_is_a_win_by_the_target(
        names: tuple[str, ...], scores: tuple[int, ...], hand: dict[str, Any],
        winner: int) -> None:
    """Bo fails 10NT (520) and goes out the back door while a defender passes the target."""
    state = after(table(names), scores, hand)
    assert min(state.scores) <= -500 and state.scores[winner] >= 500
    assert state.outcome == Outcome("target", winner)
