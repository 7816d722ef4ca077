"""Properties of Cinquecento's card counting: however the 40 cards are split among the sides
(2 or 3 of them, Italian or French deck, any order, any case), the captured points add up to the
120 of a hand; and a card captured twice is refused."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.rules.errors import RuleViolation
from scorekeeper.rules.variants.cinquecento import count_captured

HAND_POINTS = 120
POINTS = {"A": 11, "3": 10, "R": 4, "C": 3, "F": 2, "7": 0, "6": 0, "5": 0, "4": 0, "2": 0}
ITALIAN = [f"{rank}-{suit}" for suit in ("coins", "cups", "swords", "clubs") for rank in POINTS]
FRENCH_RANKS = {"A": "A", "3": "3", "R": "K", "C": "Q", "F": "J", "7": "7", "6": "6", "5": "5",
                "4": "4", "2": "2"}
FRENCH = [f"{FRENCH_RANKS[rank]}{suit}" for suit in "HDSC" for rank in POINTS]
DECKS = {"italian": ITALIAN, "french": FRENCH}


def worth(card: str, deck: str) -> int:
    """Card points of one card, from the RULES.md table (A 11, 3 10, R/K 4, C/Q 3, F/J 2)."""
    rank = card.partition("-")[0] if deck == "italian" else card[:-1]
    italian = {v: k for k, v in FRENCH_RANKS.items()}[rank] if deck == "french" else rank
    return POINTS[italian]


def test_the_decks_hold_forty_cards_worth_a_hundred_and_twenty() -> None:
    for deck, cards in DECKS.items():
        assert len(set(cards)) == 40
        assert sum(worth(card, deck) for card in cards) == HAND_POINTS


@st.composite
def splits(draw: st.DrawFn) -> tuple[str, int, list[list[str]]]:
    """A deck, a number of sides, and every card of the deck given to one side, in any order."""
    deck = draw(st.sampled_from(sorted(DECKS)))
    sides = draw(st.sampled_from([2, 3]))
    cards = draw(st.permutations(DECKS[deck]))
    owners = draw(st.lists(st.integers(0, sides - 1), min_size=40, max_size=40))
    captured: list[list[str]] = [[] for _ in range(sides)]
    for card, owner in zip(cards, owners, strict=True):
        captured[owner].append(draw(st.sampled_from([card, card.lower(), card.upper()]))
                               if deck == "french" else card)
    return deck, sides, captured


@settings(max_examples=300, deadline=None)
@given(split=splits())
def test_any_split_of_the_deck_counts_a_hundred_and_twenty(split: Any) -> None:
    deck, sides, captured = split
    points = count_captured(captured, sides, deck)
    assert len(points) == sides
    assert sum(points) == HAND_POINTS
    expected = [sum(worth(card.upper() if deck == "french" else card, deck) for card in cards)
                for cards in captured]
    assert points == expected


@settings(max_examples=200, deadline=None)
@given(split=splits(), data=st.data())
def test_a_card_captured_twice_is_refused(split: Any, data: Any) -> None:
    deck, sides, captured = split
    taken = [card for cards in captured for card in cards]
    again = data.draw(st.sampled_from(taken))
    side = data.draw(st.integers(0, sides - 1))
    where = data.draw(st.integers(0, len(captured[side])))
    captured[side].insert(where, again)
    with pytest.raises(RuleViolation) as error:
        count_captured(captured, sides, deck)
    assert error.value.field is not None and error.value.field.startswith("captured.")
    assert error.value.message.strip()

