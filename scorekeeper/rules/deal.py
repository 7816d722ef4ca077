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
from scorekeeper.rules.reasons import Reason
from scorekeeper.rules.sentences import render_all


@dataclass(frozen=True)
class DealRuling:
    redeal: bool
    reasons: tuple[Reason, ...]  # why, line by line, as codes (reasons.RULINGS)

    @property
    def explanation(self) -> tuple[str, ...]:
        return render_all(self.reasons)


# A game's rule for one player's hand as dealt: must the cards be dealt again, and why.
DealRule = Callable[[ContractVariant, Sequence[Card]], DealRuling]


def read_hand(variant: ContractVariant, table: Table, cards: object) -> list[Card]:
    """One player's dealt hand: ten cards of the deck, none twice."""
    if not isinstance(cards, list) or len(cards) != TRICKS_PER_HAND:
        raise RuleViolation("card_count", "cards", cards=TRICKS_PER_HAND)
    deck = variant.deck(variant.house_rules(table.options), table.seats)
    hand: list[Card] = []
    for i, text in enumerate(cards):
        card = parse_card(text, f"cards.{i}")
        if card not in deck:
            raise RuleViolation("card_not_in_deck.dealt", f"cards.{i}", card=card.code,
                                size=len(deck), variant=variant.key, variant_name=variant.name)
        if card in hand:
            raise RuleViolation("card_repeated.dealt", f"cards.{i}", card=card.code)
        hand.append(card)
    return hand


def adjudicate_deal(variant: ContractVariant, table: Table, cards: object,
                    rule: DealRule) -> DealRuling:
    """Judge one player's hand as dealt at this table by the game's own rule."""
    return rule(variant, read_hand(variant, table, cards))
