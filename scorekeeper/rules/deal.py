"""The referee for a dealt hand: read it, then ask the game's own rule whether it is dealt again.

A variant whose rules may void a deal (Quebec 500) writes that rule and lists the `deal` referee
built from it (referees.deal); this module knows no game's rule.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from scorekeeper.rules.base import Table
from scorekeeper.rules.cards import Card, parse_card
from scorekeeper.rules.contract import TRICKS_PER_HAND, ContractVariant
from scorekeeper.rules.errors import RuleViolation


@dataclass(frozen=True)
class DealRuling:
    redeal: bool
    explanation: tuple[str, ...]


# A game's rule for one player's hand as dealt: must the cards be dealt again, and why.
DealRule = Callable[[ContractVariant, Sequence[Card]], DealRuling]


def read_hand(variant: ContractVariant, table: Table, cards: object) -> list[Card]:
    """One player's dealt hand: ten cards of the deck, none twice."""
    if not isinstance(cards, list) or len(cards) != TRICKS_PER_HAND:
        raise RuleViolation(f"a hand as dealt has {TRICKS_PER_HAND} cards", "cards",
                            rule="card_count")
    deck = variant.deck(table.options, table.seats)
    hand: list[Card] = []
    for i, text in enumerate(cards):
        card = parse_card(text, f"cards.{i}")
        if card not in deck:
            raise RuleViolation(f"{card.code} is not in the {len(deck)}-card deck of "
                                f"{variant.name}", f"cards.{i}", rule="card_not_in_deck")
        if card in hand:
            raise RuleViolation(f"{card.code} is in the hand twice", f"cards.{i}",
                                rule="card_repeated")
        hand.append(card)
    return hand


def adjudicate_deal(variant: ContractVariant, table: Table, cards: object,
                    rule: DealRule) -> DealRuling:
    """Judge one player's hand as dealt at this table by the game's own rule."""
    return rule(variant, read_hand(variant, table, cards))
