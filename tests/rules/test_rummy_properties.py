"""Properties of the Rummy 500 meld referee over melds built to be valid (random sets and runs,
with or without jokers, one or two decks, either ace_low_points): the ruling does not care what
the suits are called nor in which order the cards come, and a joker added to the high end of a
run that has room for it keeps the meld valid."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.rules.variants.rummy import VARIANT, MeldRuling, adjudicate_meld

SUITS = ("S", "H", "D", "C")
# Positions in A 2 3 ... 10 J Q K A: 1 is the low ace, 14 the high ace.
RANK_AT = {1: "A", **{n: str(n) for n in range(2, 11)}, 11: "J", 12: "Q", 13: "K", 14: "A"}
VALUE = {"A": 15, "K": 10, "Q": 10, "J": 10, **{str(n): n for n in range(2, 11)}}
JOKER_POINTS = 15


@dataclass(frozen=True)
class Meld:
    options: dict[str, Any]
    cards: tuple[str, ...]
    kind: str  # what it must be read as
    floor: int  # points of the placement it was built from (the referee may find more)
    plain: int  # every ace 15: what the referee must answer under ace_low_points 15
    jokers: int


def judge(options: dict[str, Any], cards: list[str] | tuple[str, ...]) -> MeldRuling:
    table = VARIANT.referee_table(VARIANT.resolve_options(options), 4)
    return adjudicate_meld(table, list(cards))


def table_options(draw: st.DrawFn, jokers: bool | None = None) -> dict[str, Any]:
    return {"jokers": draw(st.booleans()) if jokers is None else jokers,
            "decks": draw(st.sampled_from([1, 2])),
            "ace_low_points": draw(st.sampled_from([15, 1]))}


def draw_jokers(draw: st.DrawFn, options: dict[str, Any], most: int,
                spare: int = 0) -> list[str]:
    """Up to `most` joker codes the deck holds, leaving `spare` of them in the deck: JKR and JKB
    at most `decks` times each, all jokers together at most 2 x decks (any of them may be
    written plain JK)."""
    if not options["jokers"]:
        return []
    pool = ["JKR", "JKB"] * options["decks"]
    count = draw(st.integers(0, min(most, len(pool) - spare)))
    chosen = draw(st.permutations(pool))[:count]
    return [draw(st.sampled_from([code, "JK"])) for code in chosen]


@st.composite
def sets(draw: st.DrawFn, jokers: bool | None = None) -> Meld:
    options = table_options(draw, jokers)
    rank = draw(st.sampled_from(list(VALUE)))
    size = draw(st.sampled_from([3, 4]))
    wild = draw_jokers(draw, options, size - 1)
    naturals = [rank + suit for suit in draw(st.permutations(SUITS))[:size - len(wild)]]
    points = VALUE[rank] * len(naturals) + JOKER_POINTS * len(wild)
    return Meld(options, tuple(naturals + wild), "set", points, points, len(wild))


@st.composite
def runs(draw: st.DrawFn, jokers: bool | None = None, longest: int = 13,
         highest: int = 14, spare: int = 0) -> Meld:
    options = table_options(draw, jokers)
    length = draw(st.integers(3, longest))
    start = draw(st.integers(1, highest - length + 1))
    positions = list(range(start, start + length))
    suit = draw(st.sampled_from(SUITS))
    wild = draw_jokers(draw, options, length - 1, spare)
    at = draw(st.permutations(positions))[:len(wild)]
    naturals = [p for p in positions if p not in at]
    cards = [RANK_AT[p] + suit for p in naturals] + wild
    plain = sum(VALUE[RANK_AT[p]] for p in naturals) + JOKER_POINTS * len(wild)
    floor = plain - (15 - options["ace_low_points"] if 1 in naturals else 0)
    # One natural card and jokers, 3 or 4 cards, reads both ways: a set.
    kind = "set" if len(naturals) == 1 and length <= 4 else "run"
    return Meld(options, tuple(cards), kind, floor, plain, len(wild))


def melds() -> st.SearchStrategy[Meld]:
    return st.one_of(sets(), runs())


def check_valid(meld: Meld, ruling: MeldRuling) -> None:
    assert ruling.valid, (meld, ruling.explanation)
    assert ruling.kind == meld.kind, (meld, ruling.explanation)
    assert ruling.explanation
    if meld.options["ace_low_points"] == 15:
        assert ruling.points == meld.plain, (meld, ruling.explanation)
    else:
        assert meld.floor <= ruling.points <= meld.plain, (meld, ruling.explanation)


def ruling_of(ruling: MeldRuling) -> tuple[bool, str | None, int]:
    return ruling.valid, ruling.kind, ruling.points


@settings(max_examples=300, deadline=None)
@given(meld=melds(), renaming=st.permutations(SUITS))
def test_renaming_the_suits_changes_nothing(meld: Meld, renaming: list[str]) -> None:
    ruling = judge(meld.options, meld.cards)
    check_valid(meld, ruling)
    rename = dict(zip(SUITS, renaming, strict=True))
    renamed = [card if card.startswith("JK") else card[:-1] + rename[card[-1]]
               for card in meld.cards]
    assert ruling_of(judge(meld.options, renamed)) == ruling_of(ruling), (meld.cards, renamed)


@settings(max_examples=300, deadline=None)
@given(meld=melds(), data=st.data())
def test_the_order_of_the_cards_changes_nothing(meld: Meld, data: Any) -> None:
    ruling = judge(meld.options, meld.cards)
    check_valid(meld, ruling)
    shuffled = data.draw(st.permutations(meld.cards))
    assert ruling_of(judge(meld.options, shuffled)) == ruling_of(ruling), (meld.cards, shuffled)


@settings(max_examples=300, deadline=None)
@given(meld=runs(jokers=True, longest=12, highest=13, spare=1))
def test_a_joker_on_the_high_end_of_a_short_run_keeps_it_valid(meld: Meld) -> None:
    before = judge(meld.options, meld.cards)
    check_valid(meld, before)
    after = judge(meld.options, [*meld.cards, "JK"])
    assert after.valid, (meld.cards, after.explanation)
    naturals = len(meld.cards) - meld.jokers
    assert after.kind == ("set" if naturals == 1 and len(meld.cards) + 1 <= 4 else "run")
    # The old placement with the joker on top is still a placement: worth 15 more at least.
    assert after.points >= before.points + JOKER_POINTS, (meld.cards, after.explanation)
    if meld.options["ace_low_points"] == 15:
        assert after.points == before.points + JOKER_POINTS
