"""Quebec 500: 46 cards with two jokers (la blanche above le bonhomme), the Avondale table,
game to 1000. The house rules are australian-500's, with no special bid or slam unless
switched on (RULES.md, quebec-500)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from scorekeeper.rules.base import OptionSpec, OptionValue, Preset
from scorekeeper.rules.cards import SUITS, Card, Jokers, deck_of, suit_cards
from scorekeeper.rules.contract import ContractVariant
from scorekeeper.rules.deal import DealRuling
from scorekeeper.rules.house import ContractOptions
from scorekeeper.rules.reasons import Reason
from scorekeeper.rules.referees import CONTRACT
from scorekeeper.rules.referees import deal as deal_referee
from scorekeeper.rules.variants import australian

QUEBEC_DEFAULTS: dict[str, OptionValue] = {
    "target": 1000, "lose_at": -1000, "slam_bonus": False, "misere": False, "open_misere": False,
}
# (house) RULES.md: a failed contract and the defenders score as in the Avondale game.
OPTIONS: tuple[OptionSpec, ...] = tuple(
    replace(spec, default=QUEBEC_DEFAULTS.get(spec.name, spec.default))
    for spec in australian.GAME_OPTIONS)

# House rules of common tables, one tap on the start page (tests check each validates).
PRESETS: tuple[Preset, ...] = (
    Preset("quebec-club", "Quebec club",
           "As Quebec clubs play it: 1000 to win, out the back door at −1000, no misère and no "
           "slam bonus, 10 a trick to the defenders.",
           {"target": 1000, "lose_at": -1000, "slam_bonus": False, "misere": False,
            "open_misere": False, "defender_trick_points": 10}),
    Preset("quebec-short", "Short evening",
           "The club rules to 500 instead of 1000, out at −500: a game in about half the time.",
           {"target": 500, "lose_at": -500}),
    Preset("quebec-with-misere", "With misère",
           "The club rules with misère, open misère and the slam worth 250, as in the Avondale "
           "game.",
           {"misere": True, "open_misere": True, "slam_bonus": True}),
)

# JKB is la blanche (the black-and-white joker, highest), JKR le bonhomme (the coloured one):
# both always trumps. The jack of the other suit of the trumps' colour is the petit bord, and a
# joker led at no-trumps may name any suit.
JOKERS = Jokers(
    cards=(Card("JKB"), Card("JKR")),
    names={"JKB": "la blanche", "JKR": "le bonhomme"},
    wins={"JKB": "trick_highest_card", "JKR": "trick_highest_after"},
    left_bower="petit_bord",
    names_a_new_suit=False,
)
DECK: frozenset[Card] = deck_of(*(suit_cards(suit, "4") for suit in SUITS),
                                jokers=tuple(joker.code for joker in JOKERS.cards))
# A hand with one of these, or a joker, keeps the deal.
HONOURS = frozenset({"A", "K", "Q", "J"})


def deck(house: ContractOptions, players: int) -> frozenset[Card]:
    return DECK


def redeal_without_honours(variant: ContractVariant, hand: Sequence[Card]) -> DealRuling:
    """RULES.md quebec-500: a player with no face card, no joker and no ace gets a new deal."""
    honours = [card for card in hand if card.is_joker or card.rank in HONOURS]
    if honours:
        card = variant.jokers.called(honours[0])
        return DealRuling(False, (Reason("deal_stands", {"card": card}),))
    return DealRuling(True, (Reason("redeal_no_honours"),))


VARIANT = ContractVariant(
    key="quebec-500",
    name="Quebec 500",
    description="500 as played in Quebec: 46 cards with two jokers, la blanche (JKB) above le "
                "bonhomme (JKR), two sides of two, first side to 1000 wins.",
    option_specs=OPTIONS,
    presets=PRESETS,
    bid_table=australian.BID_TABLE,
    bid_order=australian.bid_order,
    deck=deck,
    forms=((2, 2),),
    jokers=JOKERS,
    referees={**CONTRACT, "deal": deal_referee(redeal_without_honours)},
)
