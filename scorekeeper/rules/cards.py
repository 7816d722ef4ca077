"""Card notation and the decks of the trick-taking games.

A card is written rank then suit (``10D``, ``JS``); jokers are ``JK``, or ``JKR`` and ``JKB`` when
a game has two. Input is case-insensitive and ``T`` stands for 10; output is always canonical.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from scorekeeper.rules.errors import RuleViolation

# Suits in bidding order (lowest first), as in the Avondale table.
SUITS: tuple[str, ...] = ("S", "C", "D", "H")
RED: frozenset[str] = frozenset({"D", "H"})
# The other suit of the same colour: where the left bower (petit bord) comes from.
SAME_COLOUR: dict[str, str] = {"S": "C", "C": "S", "D": "H", "H": "D"}

# Every rank from high to low in a plain suit; 13, 12 and 11 exist only in the 6-player deck.
RANKS: tuple[str, ...] = ("A", "K", "Q", "J", "13", "12", "11",
                          "10", "9", "8", "7", "6", "5", "4", "3", "2")
JOKERS: tuple[str, ...] = ("JK", "JKR", "JKB")


@dataclass(frozen=True)
class Card:
    """One card: a rank and a suit, or a joker (suit None)."""

    rank: str
    suit: str | None = None

    @property
    def code(self) -> str:
        return self.rank if self.suit is None else f"{self.rank}{self.suit}"

    @property
    def is_joker(self) -> bool:
        return self.suit is None

    def __str__(self) -> str:
        return self.code


@dataclass(frozen=True)
class Jokers:
    """A game's jokers and trump cards as its players know them: which jokers, highest first
    (each a trump in every contract; Five-Hundred++'s second_joker replaces them), their names at
    the table, what the trick referee rules when one wins a trick, and how a joker led at
    no-trumps names its suit. A variant module declares its own; ONE_JOKER, Australian 500's, is
    the default. The words are rendered in rules/sentences.py from codes and these names."""

    cards: tuple[Card, ...] = (Card("JK"),)
    # By code: a joker's name at the table (else the card's own name) ...
    names: Mapping[str, str] = field(default_factory=dict, hash=False)
    # ... and the ruling (a code of reasons.RULINGS) when it wins a trick (else
    # trick_joker_wins); a joker below the first is ruled the highest after the one above it.
    wins: Mapping[str, str] = field(default_factory=dict, hash=False)
    # The left bower's role (sentences.WORDS["role"]): the jack of the other suit of the trumps'
    # colour.
    left_bower: str = "left_bower"
    # A joker led at no-trumps must name a suit not yet led this hand.
    names_a_new_suit: bool = True

    def called(self, card: Card) -> str | dict[str, str]:
        """A card as a parameter of a sentence (`{card:card_name}`): its code, or for a card the
        table names itself {"code": ..., "called": ...}."""
        if card.code in self.names:
            return {"code": card.code, "called": self.names[card.code]}
        return card.code


ONE_JOKER = Jokers()


def parse_card(text: object, field: str = "card") -> Card:
    """Read a card in the project's notation; RuleViolation naming `field` if it is not one."""
    if not isinstance(text, str):
        raise RuleViolation("card_notation", field)
    code = text.strip().upper()
    if code in JOKERS:
        return Card(code)
    rank, suit = code[:-1], code[-1:]
    rank = "10" if rank == "T" else rank
    if suit not in SUITS or rank not in RANKS:
        raise RuleViolation("card_notation.text", field, text=text)
    return Card(rank, suit)


def suit_cards(suit: str, lowest: str, *extra: str) -> frozenset[Card]:
    """A suit from the ace down to `lowest`, plus any of the extra 6-player ranks."""
    ordinary = RANKS[:4] + RANKS[7:]
    cut = ordinary[: ordinary.index(lowest) + 1]
    return frozenset(Card(rank, suit) for rank in (*cut, *extra))


def deck_of(*parts: frozenset[Card], jokers: tuple[str, ...] = ("JK",),
            without: tuple[str, ...] = ()) -> frozenset[Card]:
    cards = frozenset().union(*parts) | {Card(joker) for joker in jokers}
    return cards - {parse_card(code) for code in without}
