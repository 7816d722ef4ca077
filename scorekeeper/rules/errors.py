"""Errors the rules raise when a game or a hand breaks a rule, and the codes of those rules."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any, Final

# Every rule a refusal can name: its stable code (what a client acts on) and what it says. The
# sentence of a refusal may be reworded or translated; its code never changes meaning. The
# spec's enum of ErrorSchema.rule is made from this table, and tests/test_rule_codes.py checks
# that every refusal names one of these and that each is used.
RULES: Final[Mapping[str, str]] = MappingProxyType({
    # the shape of what was entered
    "entry_form": "each part of an entry has the form the rules read: a list with one entry per "
                  "side or player, an object, true or false, a whole number of 0 or more",
    "entry_missing": "every part the rules need is given (the bid, the partner, the tricks or "
                     "points, the contract)",
    "unknown_key": "an entry has only the keys of its kind of hand, play, player or trick",
    "entry_both_ways": "a hand or a player is given as cards or as counted points, not both",
    "entry_mixed_ways": "every player of a hand is entered the same way: all with their cards, or "
                        "all with counted points",
    "seat_range": "a seat is a number from 0 to the number of players less one",
    "side_range": "a side is a number from 0 to the number of sides less one",
    "date_time": "a date and time is ISO 8601 with its offset, between 1970 and 2999",
    # options and the table
    "unknown_option": "an option is one that the variant or tournament format has",
    "option_value": "an option takes one of the values it accepts",
    "option_for_table": "an option is set only at the tables it is for (its number of players or "
                        "sides)",
    "option_clash": "options that exclude each other are not both on",
    "unknown_variant": "a variant is named by one of the variants' keys",
    "table_form": "a variant is played by its numbers of players, in its forms of sides",
    # cards
    "card_notation": "a card is written rank then suit, such as 10D or JS",
    "card_not_in_deck": "a card is one of this game's deck",
    "card_repeated": "no card appears more often than the deck holds it",
    "card_count": "a hand as dealt has 10 cards",
    "unknown_suit": "a suit is one of this deck's",
    # bids and the auction
    "unknown_bid": "a bid is one of the variant's bid codes",
    "bid_disabled": "a bid is one that this game's options allow",
    "illegal_call": "each call is one the auction allows: above the last bid, not by a ralphed "
                    "seat, no pass where the dealer must bid, no pair bid where sides are not "
                    "pairs",
    "call_after_auction": "nobody calls once the auction is over",
    "auction_incomplete": "a hand's calls make a finished auction",
    "auction_result": "the hand agrees with the auction its calls make (bid, bidder, passed out)",
    "ralphed_bidder": "the player ralphed last hand may not win this auction",
    "dealer_must_bid": "nobody passes a hand out where the dealer must bid (option pass_out)",
    "passed_out_unplayed": "a passed-out hand has no bid, bidder or partner, and no tricks unless "
                           "option pass_out plays it at no-trumps",
    # partners
    "bid_needs_partner": "a bid played by two partners together needs sides of two: four "
                         "players, or six in three sides of two",
    "partner_not_allowed": "only the five-handed game calls a partner",
    "partner_is_bidder": "the called partner is another player than the bidder",
    "bid_played_alone": "a bid always played alone calls no partner",
    # tricks
    "tricks_sum": "the tricks of a hand add up to 10",
    "trick_size": "a trick has one play by each player who plays the hand",
    "seat_repeated": "each seat plays once to a trick",
    "sitting_out": "only the bidder's partners sit out a hand played alone",
    "play_order": "play goes clockwise",
    "named_suit_trumps": "in a trump game a joker is a trump: it leads and plays as trumps",
    "named_suit_missing": "a joker led at no-trumps names the suit the others follow",
    "named_suit_new": "a joker led names a suit not yet led this hand",
    "named_suit_joker": "only a joker is played as a named suit",
    "revoke": "a player who showed void in a suit plays no card of it later",
    # Cinquecento
    "card_points_sum": "the card points of a Cinquecento hand add up to 120",
    "marianna_twice": "one Marianna per suit in a hand",
    "marianna_late": "no Marianna is declared once the stock is exhausted",
    # Rummy
    "meld_invalid": "a meld is a set or a run, also with the cards laid off onto it",
    "layoff_onto": "a lay-off goes onto a meld that is on the table",
    "layoff_own_meld": "a player lays off onto another player's meld only with a meld of their "
                       "own on the table (option layoff_needs_own_meld)",
    "rummy_points_sum": "the counted points are no more than the cards in play are worth",
    "went_out_cards": "a player went out exactly when no cards are left in hand",
    "one_goes_out": "only one player goes out in a hand",
    "going_out_meld": "a player goes out only after melding or laying off a card",
    "discard_not_out": "only the player who went out names a final discard",
    "boathouse_discard": "under the boathouse rule going out takes a final discard",
    # tournaments
    "unknown_format": "a format is one of the tournament formats",
    "format_variant": "a tournament format is played with the variants it is for",
    "team_count": "a format takes its number of teams",
    "team_name_twice": "every team has its own name",
    "player_count": "a progressive night takes its number of players",
    "player_twice": "a player plays in one team",
    "team_size": "every team has the number of players the variant and format take",
    "knockout_odd": "a knockout match is best of an odd number of games",
    "swiss_rounds": "no more Swiss rounds than the teams can play without a rematch",
    "game_needs_winner": "a reported game has a winner: its scores are not equal",
    "deal_scores": "a game that is one deal is reported by its scores, not linked",
    "linked_game_twice": "a game is reported once in a tournament",
    "linked_game_missing": "a linked game is a recorded game",
    "linked_game_variant": "a linked game is of the tournament's variant",
    "linked_game_unfinished": "a linked game is finished",
    "linked_game_players": "a linked game was played by the match's players and no others",
    "table_match": "a table number is given to a match of the round that is played (not a bye)",
    "table_twice": "two matches of a round are not played at one table",
    # a game as a whole: imports, backups, the referee
    "game_over": "no hand comes after the game is over",
    "hand_numbering": "hands are numbered 1, 2, ...",
    "export_format": "an import is a scorekeeper game export",
    "export_mismatch": "an export's scores are what the rules give for its hands",
    "history_limit": "a game keeps a bounded number of history entries",
    "backup_consistent": "a backup's tournament rebuilds from its draw, its games and its links",
    "no_referee": "the referee judges only what the variant has (a trick, an auction, a deal, a "
                  "meld)",
})


class RuleViolation(ValueError):
    """A well-formed input that the rules of the game forbid.

    `says` names the refusal: a key of sentences.REFUSALS whose part before any dot is the
    rule's code in RULES (`rule`, what a client acts on), such as ``tricks_sum`` or
    ``entry_form.plays``. `field` names the part of the input at fault (dotted, e.g. ``tricks``
    or ``options.target``). `params` are plain JSON values (numbers, codes, names; a nested
    refusal as ``{"says": ..., "params": ...}``): the sentence is rendered from them in one
    place, rules/sentences.py, never built here.
    """

    def __init__(self, says: str, field: str | None = None, /, **params: Any) -> None:
        super().__init__(says)
        self.says = says
        self.rule = says.partition(".")[0]
        self.field = field
        self.params = params
        self.where: tuple[str, dict[str, Any]] | None = None
        self.also: tuple[RuleViolation, ...] = ()  # the input's other faults, each at its field

    def within(self, where: str, field: str | None, **params: Any) -> RuleViolation:
        """The same refusal said of one part of something bigger ("hand 3: ..."): its key, rule
        and parameters kept; `where` is a key of sentences.WHERE."""
        outer = RuleViolation(self.says, field, **self.params)
        outer.where = (where, params)
        return outer

    @property
    def message(self) -> str:
        """The refusal in words a player understands."""
        from scorekeeper.rules.sentences import refusal  # the words need the cards' names

        return refusal(self.says, self.params, self.where)

    def nested(self) -> dict[str, Any]:
        """This refusal as a parameter of another (`{inner:refusal}`)."""
        return {"says": self.says, "params": dict(self.params)}

    def __str__(self) -> str:
        return self.message


class UnknownVariant(RuleViolation):
    """No variant has this key: an `unknown_variant` refusal."""
