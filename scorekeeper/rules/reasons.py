"""Why a hand scored what it did and why a game ended, as stable codes with parameters (the
spec's enums of `reasons[].code` and `end_reason`)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Final, Literal

# Every way a game can end, as the type checker knows the codes (a test holds it to END_REASONS).
EndReason = Literal["target", "back_door"]

# Every way a game can end: its code (what a client acts on) and what it means. The code is set
# by the rules when the game finishes and stored in the state; it never changes meaning.
END_REASONS: Final[Mapping[str, str]] = MappingProxyType({
    "target": "a side reached the target score (option target) and won; in the contract games "
              "as option win_on says, in Cinquecento and Rummy 500 the highest of several at or "
              "above it, a tie at the top playing on",
    "back_door": "a side fell to option lose_at and went out the back door, and the side "
                 "standing highest won (contract games)",
})


# A reason's parameters: plain JSON values (names, numbers, bid codes and names, suits), and for
# `declarers` an object naming the bidder's side, the called partner's side or the player alone.
Params = Mapping[str, Any]


@dataclass(frozen=True)
class Reason:
    """One line of a hand's explanation as the rules give it: a code and its parameters. The
    sentence is rendered from it (rules/sentences.py), in one place."""

    code: str
    params: Params = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {"code": self.code, "params": dict(self.params)}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Reason:
        return cls(code=data["code"], params=dict(data.get("params", {})))


# Every line a hand's explanation can have: its stable code (what a client acts on) and what it
# says. The spec's enum of Reason.code is made from this table; tests/rules/test_golden.py checks
# that every code is produced by some golden case.
REASONS: Final[Mapping[str, str]] = MappingProxyType({
    # the contract games: the bid
    "contract_made": "the bidder's side made its trump or no-trump contract: +the bid's value",
    "contract_slam": "the contract was made with every trick and option slam_bonus raises its "
                     "value to the slam's",
    "contract_failed": "the bidder's side took fewer tricks than it bid: -the bid's value",
    "misere_made": "a misère-family bid made: the bidder (and any partner) took no trick",
    "misere_failed": "a misère-family bid failed: the bidder took a trick",
    "hilo_made": "a hi/lo bid made: exactly 5 tricks",
    "hilo_failed": "a hi/lo bid failed: other than 5 tricks",
    "partner_half": "five-handed: bidder and called partner score half the value each (option "
                    "partner_share)",
    "partner_whole": "five-handed: bidder and called partner score the whole value each",
    # the contract games: the defenders
    "defenders_share": "the defenders' tricks together, each defender scoring them all (option "
                       "defender_share)",
    "tricks_won": "a side's tricks outside a contract, at the points a trick",
    "tricks_won_capped": "a side's tricks outside a contract, held under option defender_cap",
    "tricks_shared": "a defender's share of the defenders' tricks (option defender_share)",
    "tricks_shared_capped": "a defender's share of the defenders' tricks, held under option "
                            "defender_cap",
    "misere_no_defence": "the defenders score nothing against a misère (option "
                         "misere_defender_tricks off)",
    "ralphed": "the bidder failed badly and is ralphed: barred from winning the next auction "
               "(option ralphing)",
    # the contract games: passed-out hands (option pass_out)
    "passed_out": "everybody passed: no score, the deal passes on",
    "passed_out_no_trumps": "everybody passed: the hand was played at no-trumps, points a trick",
    "passed_out_redeal": "everybody passed: no score, the same dealer deals again",
    "passed_out_redeals_done": "everybody passed after the redeals allowed: the deal passes on",
    # Cinquecento
    "card_points": "the card points a side captured",
    "marianna": "a Marianna (Re and Cavallo of a suit) declared: 40 for the first, 20 after",
    "marianna_trump": "a Marianna declared that names trumps",
    # Rummy 500
    "rummy_counted": "a player's counted meld points less the points left in hand",
    "rummy_cards": "a player's melded and laid-off cards less the cards left in hand",
    "went_out": "the player who went out",
    # the end of the game
    "reached_target": "a side reached the target and wins the game",
    "back_door": "sides fell to option lose_at and went out the back door; the highest wins",
    "level_at_target": "sides at or above the target are level at the top: play on",
    # a hand whose stored sentences are not what today's rules say: an import of an export
    # written otherwise, or a hand stored before reasons were kept (revision 0007)
    "as_recorded": "a line of the explanation as it was recorded, kept word for word",
})


# The line that scores a contract says whether it was made: its code, and made (True) or failed.
CONTRACT_OUTCOMES: Final[Mapping[str, bool]] = MappingProxyType({
    "contract_made": True, "contract_slam": True, "misere_made": True, "hilo_made": True,
    "contract_failed": False, "misere_failed": False, "hilo_failed": False,
})


def contract_made(reasons: Iterable[Mapping[str, Any]]) -> bool | None:
    """Whether a hand's contract was made, from its reasons as stored; None when no line scores
    a contract (a passed-out hand, or one kept with its explanation as recorded)."""
    outcomes = [CONTRACT_OUTCOMES[r["code"]] for r in reasons if r["code"] in CONTRACT_OUTCOMES]
    return outcomes[0] if outcomes else None


# Every line a referee's ruling can say (the trick, auction, deal and meld referees): its stable
# code and what it says. The spec's enum of RulingReason.code is made from this table.
RULINGS: Final[Mapping[str, str]] = MappingProxyType({
    # -- the trick referee (rules/tricks.py, rules/variants/cinquecento.py) ---------------------
    "trick_trumps": "the contract names trumps",
    "trick_no_trumps": "a no-trump contract: the game's jokers are the only trumps",
    "trick_no_trumps_bid": "a bid played at no-trumps (the misère family): the jokers are the "
                           "only trumps",
    "trick_no_trumps_j5": "a J5 bid: no-trumps with each jack above its ace (option j5)",
    "trick_second_joker": "which joker is the joker and which the anti-joker in this contract "
                          "(option second_joker)",
    "trick_joker_led": "a joker (or the anti-joker) led at no-trumps names the suit to follow",
    "trick_left_bower": "the left bower (quebec-500: petit bord) is a trump of the trumps' suit",
    "trick_anti_megatrump": "the anti-megatrump is both a trump and a card of its own suit "
                            "(option anti_megatrump)",
    "trick_anti_joker_void": "the anti-joker played as a suit its player showed void in has no "
                             "value",
    "trick_anti_joker_cancels": "the anti-joker cancels the joker and the bowers in the trick",
    "trick_megatrumps_cancel": "the megatrump and the anti-megatrump in one trick cancel each "
                               "other",
    "trick_highest_card": "a joker the game ranks above every card wins (quebec-500: la "
                          "blanche)",
    "trick_highest_after": "a joker wins as the highest trump since the one above it was not "
                           "played (quebec-500: le bonhomme)",
    "trick_megatrump_wins": "the megatrump, the highest trump, wins (option megatrump)",
    "trick_joker_wins": "the joker, the highest trump played, wins",
    "trick_role_wins": "a special trump (right bower, anti-megatrump) is the highest trump "
                       "played",
    "trick_left_bower_wins": "the left bower (petit bord) is the highest trump played",
    "trick_highest_trump": "the highest trump played wins",
    "trick_suit_wins": "no trump was played: the highest card of the suit led wins",
    "trick_suit_wins_no_value": "no trump with value was played: the highest card of the suit "
                                "led wins",
    "trick_anti_joker_led_void": "an anti-joker without value was led and not followed: the "
                                 "first card after it sets the suit",
    "trick_anti_card_wins": "nothing with value follows the suit led: the highest anti-card wins",
    "trick_won": "the seat and card that win the trick",
    "cinquecento_trumps": "Cinquecento: the suit of the Marianna declared is trumps",
    "cinquecento_no_trumps": "Cinquecento: no Marianna declared yet, so no trumps",
    "cinquecento_trump_wins": "Cinquecento: the highest trump played wins",
    "cinquecento_suit_wins": "Cinquecento: no trump was played, the highest of the suit led wins",
    "cinquecento_suit_led": "Cinquecento: no trumps yet, the highest of the suit led wins",
    "cinquecento_won": "Cinquecento: the seat and card that win the trick",

    # -- the auction referee (rules/auction.py) -------------------------------------------------
    "call_illegal": "the first call the auction does not allow, and why (`why`: a refusal)",
    "calls_not_judged": "calls came after the first one not allowed, and were not judged",
    "auction_passed_out": "the auction is over and everybody passed: the hand is passed out",
    "auction_won": "the auction is over: the seat that won it and its bid",
    "bid_standing": "the auction goes on: the standing bid and the seat that made it",
    "no_bid_yet": "the auction goes on and nobody has bid yet",
    "kitty_face_up": "kitty cards turned face up by the bidding (option visible_kitty)",
    "next_only_pass": "the seat to call next may only pass",
    "next_must_bid": "the seat to call next must bid (dealer-must-bid): the lowest bid allowed",
    "next_must_bid_only": "the seat to call next must bid, and one bid only is allowed",
    "next_may_bid": "the seat to call next may pass or bid: the lowest bid allowed",
    "next_may_bid_only": "the seat to call next may pass or make the one bid allowed",

    # -- the deal referee (rules/deal.py) -------------------------------------------------------
    "deal_stands": "the hand holds a card that keeps the deal (the first such card)",
    "redeal_no_honours": "the hand holds no face card, joker or ace: it is dealt again",

    # -- the meld referee (rules/variants/rummy.py) ---------------------------------------------
    "not_a_meld": "the cards are not a meld; flaw says why: too_few, only_jokers, "
                  "set_suit_twice, set_size, mixed, run_rank_twice, run_too_long, "
                  "ace_both_ends or not_in_sequence",
    "meld_set": "the cards are a set of one rank",
    "meld_set_jokers": "the cards are a set of one rank, with jokers standing in",
    "meld_run": "the cards are a run of one suit, its ranks from low to high (a joker standing "
                "in where marked)",
    "meld_run_ace_low": "the cards are a run of one suit with the ace low (A-2-3)",
    "meld_worth": "what the meld is worth: the points of each card, added up",

})
