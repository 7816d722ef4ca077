"""Quebec 500: 46 cards with two jokers (la blanche above le bonhomme), the Avondale table,
game to 1000. The house rules are australian-500's, with no special bid or slam unless
switched on (RULES.md, quebec-500)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from scorekeeper.rules.base import OptionSpec, OptionValue
from scorekeeper.rules.cards import SUITS, Card, deck_of, suit_cards
from scorekeeper.rules.contract import ContractVariant
from scorekeeper.rules.referees import CONTRACT
from scorekeeper.rules.referees import deal as judge_deal
from scorekeeper.rules.variants import australian

QUEBEC_DEFAULTS: dict[str, OptionValue] = {
    "target": 1000, "lose_at": -1000, "slam_bonus": False, "misere": False, "open_misere": False,
}
# (house) RULES.md: a failed contract and the defenders score as in the Avondale game.
OPTIONS: tuple[OptionSpec, ...] = tuple(
    replace(spec, default=QUEBEC_DEFAULTS.get(spec.name, spec.default))
    for spec in australian.GAME_OPTIONS)

# JKB is la blanche (the black-and-white joker, highest), JKR le bonhomme (the coloured one).
DECK: frozenset[Card] = deck_of(*(suit_cards(suit, "4") for suit in SUITS),
                                jokers=("JKB", "JKR"))


def deck(options: Mapping[str, OptionValue], players: int) -> frozenset[Card]:
    return DECK


VARIANT = ContractVariant(
    key="quebec-500",
    name="Quebec 500",
    description="500 as played in Quebec: 46 cards with two jokers, la blanche (JKB) above le "
                "bonhomme (JKR), two sides of two, first side to 1000 wins.",
    option_specs=OPTIONS,
    bid_table=australian.BID_TABLE,
    bid_order=australian.bid_order,
    deck=deck,
    forms=((2, 2),),
    two_jokers=True,
    redeal_without_honours=True,
    referees={**CONTRACT, "deal": judge_deal},  # the deal without honours is redone
)
