"""The referee for a dealt hand: must the deal be redone?"""

from __future__ import annotations

from dataclasses import dataclass

from scorekeeper.rules.base import Table
from scorekeeper.rules.cards import QUEBEC_JOKER_NAMES, Card, capital, parse_card
from scorekeeper.rules.contract import TRICKS_PER_HAND, ContractVariant
from scorekeeper.rules.errors import RuleViolation

HONOURS = frozenset({"A", "K", "Q", "J"})


@dataclass(frozen=True)
class DealRuling:
    redeal: bool
    explanation: tuple[str, ...]


def read_hand(variant: ContractVariant, table: Table, cards: object) -> list[Card]:
    """One player's dealt hand: ten cards of the deck, none twice."""
    if not isinstance(cards, list) or len(cards) != TRICKS_PER_HAND:
        raise RuleViolation(f"a hand as dealt has {TRICKS_PER_HAND} cards", "cards")
    deck = variant.deck(table.options, table.seats)
    hand: list[Card] = []
    for i, text in enumerate(cards):
        card = parse_card(text, f"cards.{i}")
        if card not in deck:
            raise RuleViolation(f"{card.code} is not in the {len(deck)}-card deck of "
                                f"{variant.name}", f"cards.{i}")
        if card in hand:
            raise RuleViolation(f"{card.code} is in the hand twice", f"cards.{i}")
        hand.append(card)
    return hand


def adjudicate_deal(variant: ContractVariant, table: Table, cards: object) -> DealRuling:
    """Quebec 500: a player with no face card, no joker and no ace gets a new deal."""
    if not variant.redeal_without_honours:
        raise RuleViolation(f"{variant.name} has no rule for redoing a deal; only Quebec 500 "
                            "redeals a hand without a face card, joker or ace", "variant")
    hand = read_hand(variant, table, cards)
    honours = [card for card in hand if card.is_joker or card.rank in HONOURS]
    if honours:
        best = honours[0]
        name = QUEBEC_JOKER_NAMES.get(best.code, best.name) if variant.two_jokers else best.name
        return DealRuling(False, (f"{capital(name)} is enough: the deal stands.",))
    return DealRuling(True, ("No face card, no joker and no ace in this hand: the cards are "
                             "shuffled and dealt again.",))
