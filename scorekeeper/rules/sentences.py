"""The one place the rules' codes become sentences: a template per reason code and per refusal,
as data, and the words for cards, suits and numbers.

A template names its parameters in braces; after a colon, a phrase says how a value is said
(`tricks`: "no tricks", "1 trick", "3 tricks"; `signed`: "+20", "-40"; `and`: "A and B"; `or`:
"3, 4 or 6"; `list`: "a, b, c"; `who`: the declarers as the explanation names them; `suit`:
"hearts"; `card`: "the 4♦", "JKR"; `card_name`: "the jack of diamonds", "la blanche"; `words`:
"two"; `refusal`: a nested refusal). Another language is another table of templates and words:
nothing outside this module builds a sentence.
"""

from __future__ import annotations

import string
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final

from scorekeeper.rules.reasons import Reason

# -- the words for cards, suits and numbers --------------------------------------------------------

SUIT_SYMBOLS: Final[Mapping[str, str]] = {"S": "♠", "C": "♣", "D": "♦", "H": "♥"}
SUIT_NAMES: Final[Mapping[str, str]] = {"S": "spades", "C": "clubs", "D": "diamonds",
                                        "H": "hearts"}
SUIT_NAME: Final[Mapping[str, str]] = {"S": "spade", "C": "club", "D": "diamond", "H": "heart"}
RANK_NAMES: Final[Mapping[str, str]] = {
    "A": "ace", "K": "king", "Q": "queen", "J": "jack", "13": "thirteen", "12": "twelve",
    "11": "eleven", "10": "ten", "9": "nine", "8": "eight", "7": "seven", "6": "six",
    "5": "five", "4": "four", "3": "three", "2": "two"}
JOKER_NAMES: Final[Mapping[str, str]] = {"JK": "the joker", "JKR": "the red joker",
                                         "JKB": "the black joker"}
NUMBER_WORDS: Final[Sequence[str]] = ("no", "one", "two", "three", "four", "five", "six",
                                      "seven", "eight", "nine", "ten")

TEMPLATES: Final[Mapping[str, str]] = {
    "contract_made": "{bid_name} made by {declarers:who}: +{points}",
    "contract_slam": "{bid_name} made by {declarers:who} with every trick: slam, +{slam} instead "
                     "of +{points}",
    "contract_failed": "{bid_name} failed by {declarers:who} ({taken} of {bid_tricks} tricks): "
                       "-{points}",
    "misere_made": "{bid_name} made by {declarers:who}: +{points}",
    "misere_failed": "{bid_name} failed by {declarers:who} ({taken:tricks} taken): -{points}",
    "hilo_made": "{bid_name} made by {declarers:who}, exactly 5 tricks: +{points}",
    "hilo_failed": "{bid_name} failed by {declarers:who} ({taken:tricks}, not 5): -{points}",
    "partner_half": "Bidder and partner score half the value each: {points:signed} each",
    "partner_whole": "Bidder and partner score the whole value each: {points:signed} each",
    "defenders_share": "The defenders took {tricks:tricks} together, and each scores them all "
                       "(defender_share)",
    "tricks_won": "{side} took {tricks:tricks}: +{points}",
    "tricks_won_capped": "{side} took {tricks:tricks}: {points:signed}, held under the defender "
                         "cap of {cap}",
    "tricks_shared": "{side} shares the defenders' {tricks:tricks}: +{points}",
    "tricks_shared_capped": "{side} shares the defenders' {tricks:tricks}: {points:signed}, held "
                            "under the defender cap of {cap}",
    "misere_no_defence": "Defenders score nothing against a misère",
    "ralphed": "{player} is ralphed and may not win the next auction",
    "passed_out": "Everybody passed: no score; the deal passes on",
    "passed_out_no_trumps": "Everybody passed: the hand was played at no-trumps, {trick_points} "
                            "points a trick",
    "passed_out_redeal": "Everybody passed: no score; {dealer} deals again (redeal {redeal} of "
                         "{redeals})",
    "passed_out_redeals_done": "Everybody passed after {redeals} redeals: no score; the deal "
                               "passes on",
    "card_points": "{side} took {points} card points: +{points}",
    "marianna": "Marianna of {suit} by {side}: +{points}",
    "marianna_trump": "Marianna of {suit} by {side}: +{points}; {suit} are trumps",
    "rummy_counted": "{player} melded {melded} and holds {held} in hand: {points:signed}",
    "rummy_cards": "{player} melded {melded}, laid off {laid_off} and holds {held} in hand: "
                   "{points:signed}",
    "went_out": "{player} went out",
    "reached_target": "{side} reached {target} and wins the game",
    "back_door": "{out:and} went out the back door; {side} wins the game",
    "level_at_target": "{sides:and} are level at {score}: play on",
    "as_recorded": "{sentence}",
    # -- the trick referee (rules/tricks.py, rules/variants/cinquecento.py) ---------------------

    # -- the auction referee (rules/auction.py) -------------------------------------------------
    "call_illegal": "Call {call} ({said:call} by seat {seat}) is not allowed: {why:refusal}.",
    "calls_not_judged": "The calls after it were not judged.",
    "auction_passed_out": "Everybody passed: the hand is passed out.",
    "auction_won": "Seat {seat} wins the auction with {bid_name} ({bid}).",
    "bid_standing": "The standing bid is {bid_name} ({bid}) by seat {seat}.",
    "no_bid_yet": "Nobody has bid yet.",
    "kitty_face_up": "{cards:kitty_cards_are} face up.",
    "next_only_pass": "Seat {seat} calls next and may only pass.",
    "next_must_bid": "Seat {seat} calls next and must bid: the lowest bid allowed is {bid_name}.",
    "next_must_bid_only": "Seat {seat} calls next and must bid: the only bid allowed is "
                          "{bid_name}.",
    "next_may_bid": "Seat {seat} calls next: pass or bid (the lowest bid allowed is {bid_name}).",
    "next_may_bid_only": "Seat {seat} calls next: pass or bid (the only bid allowed is "
                         "{bid_name}).",

    # -- the deal referee (rules/deal.py) -------------------------------------------------------
    "deal_stands": "{card:card_name_capital} is enough: the deal stands.",
    "redeal_no_honours": "No face card, no joker and no ace in this hand: the cards are shuffled "
                         "and dealt again.",

    # -- the meld referee (rules/variants/rummy.py) ---------------------------------------------

}

# How the declarers are named: the bidder's side, with the partner's, or with the player alone.
WHO: Final[Mapping[str, str]] = {
    "side": "{side}",
    "partner": "{side} with partner {partner}",
    "alone": "{side} ({alone} alone)",
}


def signed(points: int) -> str:
    return f"+{points}" if points >= 0 else f"-{-points}"


def tricks_phrase(n: int) -> str:
    return "no tricks" if n == 0 else "1 trick" if n == 1 else f"{n} tricks"


def who(declarers: Mapping[str, Any]) -> str:
    form = ("partner" if declarers.get("partner") is not None else
            "alone" if declarers.get("alone") is not None else "side")
    return WHO[form].format(**declarers)


def joined(names: Sequence[str]) -> str:
    return " and ".join(str(name) for name in names)


def either(items: Sequence[object]) -> str:
    """'3, 4 or 6'."""
    words = [str(item) for item in items]
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} or {words[-1]}"


def in_words(n: int) -> str:
    """'two': a small count as it is said (figures from 11 on)."""
    return NUMBER_WORDS[n] if 0 <= n < len(NUMBER_WORDS) else str(n)


def _split(code: str) -> tuple[str, str | None]:
    """'10H' -> ('10', 'H'); 'JKR' -> ('JKR', None)."""
    return (code, None) if code.startswith("JK") else (code[:-1], code[-1])


def card_written(code: str) -> str:
    """'the 4♦', 'JKR': a card as written on the table."""
    rank, suit = _split(code)
    return code if suit is None else f"the {rank}{SUIT_SYMBOLS[suit]}"


def card_name(card: str | Mapping[str, str]) -> str:
    """'the jack of diamonds', 'the joker'; a card the table calls by its own name ('la blanche')
    comes as {"code": ..., "called": ...}."""
    if not isinstance(card, str):
        return card.get("called") or card_name(card["code"])
    rank, suit = _split(card)
    return JOKER_NAMES[rank] if suit is None else f"the {RANK_NAMES[rank]} of {SUIT_NAMES[suit]}"


def card_name_capital(card: str | Mapping[str, str]) -> str:
    """'The jack of diamonds', 'La blanche': a card's name starting a sentence."""
    name = card_name(card)
    return name[:1].upper() + name[1:]


def call_said(call: str) -> str:
    """'a pass', or the bid's code as called."""
    return "a pass" if call == "pass" else call


def kitty_cards_are(n: int) -> str:
    """'1 kitty card is', '3 kitty cards are'."""
    return "1 kitty card is" if n == 1 else f"{n} kitty cards are"


def quoted(items: Sequence[object]) -> str:
    """"'full', 'half'": values as written in JSON's strings."""
    return ", ".join(repr(item) for item in items)


def table_forms(forms: Sequence[Sequence[int]]) -> str:
    """'2 sides of 2, 3 sides of 1': the tables a variant seats, as [sides, players per side]."""
    return ", ".join(f"{sides} sides of {each}" for sides, each in forms)


def suit_name(code: str) -> str:
    """'hearts'; 'no-trumps' for NT."""
    return "no-trumps" if code == "NT" else SUIT_NAMES[code]


PHRASES: Final[Mapping[str, Callable[[Any], str]]] = {
    "tricks": tricks_phrase, "signed": signed, "who": who, "and": joined, "or": either,
    "list": lambda items: ", ".join(str(item) for item in items),
    "words": in_words, "suit": suit_name, "suit_one": lambda code: SUIT_NAME[code],
    "card": card_written, "card_name": card_name, "card_name_capital": card_name_capital,
    "call": call_said, "kitty_cards_are": kitty_cards_are, "quoted": quoted,
    "forms": table_forms,
    "refusal": lambda inner: refusal(inner["says"], inner["params"])}


class _Phrasing(string.Formatter):
    def format_field(self, value: Any, format_spec: str) -> str:
        return PHRASES[format_spec](value) if format_spec else format(value)


_PHRASING = _Phrasing()


def render(reason: Reason) -> str:
    """The English sentence for one reason."""
    return _PHRASING.vformat(TEMPLATES[reason.code], (), dict(reason.params))


def refusal(says: str, params: Mapping[str, Any],
            where: tuple[str, Mapping[str, Any]] | None = None) -> str:
    """The English sentence of a refusal (errors.RuleViolation), said of the part `where` names."""
    sentence = _PHRASING.vformat(REFUSALS[says], (), dict(params))
    if where is None:
        return sentence
    return _PHRASING.vformat(WHERE[where[0]], (), {**where[1], "refusal": sentence})


def render_all(reasons: Sequence[Reason]) -> tuple[str, ...]:
    return tuple(render(reason) for reason in reasons)


def told_as(reasons: Sequence[Reason], explanation: Sequence[str]) -> tuple[Reason, ...]:
    """Reasons for an explanation kept as it was written (an import, an old hand): the rules'
    own when they render to it, else each sentence word for word, so the two stay line for line."""
    if render_all(reasons) == tuple(explanation):
        return tuple(reasons)
    return tuple(Reason("as_recorded", {"sentence": line}) for line in explanation)


# A refusal said of one part of something bigger (errors.RuleViolation.within).
WHERE: Final[Mapping[str, str]] = {
    "import_hand": "hand {hand}: {refusal}",
    "correction": "with this correction hand {hand} breaks a rule: {refusal}",
}

# Every refusal the rules can give: its key (the rule's code in errors.RULES, then, where a rule
# is refused in more than one way, a dot and what differs) and its template. Each part of the
# code keeps its own section, so the table reads in the order of the modules.
REFUSALS: Final[Mapping[str, str]] = {
    # -- the registry, options and the table (rules/registry.py, rules/base.py) -----------------
    "unknown_variant": "there is no variant {key!r}; the variants are {known:list}",
    "unknown_option": "there is no option {option!r} in this variant",
    "unknown_option.format": "there is no option {option!r} in the {format} format",
    "option_value.null": "option {option} cannot be null",
    "option_value.boolean": "option {option} must be true or false",
    "option_value.integer": "option {option} must be a whole number",
    "option_value.minimum": "option {option} must be at least {minimum}",
    "option_value.maximum": "option {option} must be at most {maximum}",
    "option_value.choices": "option {option} must be {choices:or}",
    "option_value.string": "option {option} must be one of {choices:quoted}",
    "table_form": "{variant_name} is played by {forms:forms}",
    "table_form.players": "{variant_name} is played by {counts:or} players",
    "table_form.sides": "{players} players play {variant_name} in {sides:or} sides",
    "seat_range.first_dealer": "first_dealer must be a seat from 0 to {last}",

    # -- cards (rules/cards.py) ------------------------------------------------------------------
    "card_notation": "a card is written rank then suit, such as 10D or JS",
    "card_notation.text": "{text!r} is not a card: write rank then suit, such as 10D, JS or AH "
                          "(jokers JK, JKR, JKB)",

    # -- bids (rules/bids.py) -------------------------------------------------------------------
    "option_value.fractional_values": "option fractional_values must be an object such as "
                                      '{{"6.0": {{"suit": 40, "nt": 60}}, ...}}',
    "option_value.fractional_unknown": "fractional_values has no bid {bid!r}: the bids go from "
                                       "6.0 to 10.5",
    "option_value.fractional_missing": "fractional_values must give every bid from 6.0 to 10.5; "
                                       "{bid} is missing",
    "option_value.fractional_cell": 'fractional_values {bid} must be {{"suit": points, "nt": '
                                    'points}} with positive whole numbers',

    # -- the contract games (rules/contract.py, rules/variants/australian.py, quebec.py) --------
    "unknown_bid": "there is no bid {code!r} in {variant_name}",
    "unknown_bid.not_code": "the bid must be a bid code such as 7H or MIS",
    "bid_disabled": "{bid_name} is not allowed in this game: option {option} is off",
    "bid_disabled.fractional": "{bid} is a fractional bid, and option fractional_bidding is off",
    "option_for_table.four_players": "option {option} is a Five-Hundred++ rule for the "
                                     "four-player game, so it needs four players",
    "option_for_table.defender_share": "option {option} is for the games where every player is "
                                       "a side (3 or 5 players)",
    "option_for_table.partner_share": "option {option} is for the five-handed game, where the "
                                      "bidder calls a partner",
    "option_clash.anti_megatrump": "option anti_megatrump needs option megatrump: the "
                                   "anti-megatrump is defined against the megatrump",
    "option_clash.j5_fractional": "J5 bids have no fractional form: switch off j5 or "
                                  "fractional_bidding",
    "unknown_key.contract_hand": "{key} is not part of a {variant_name} hand",
    "entry_form.passed_out": "passed_out must be true or false",
    "illegal_call": "Call {call} ({said:call} by seat {seat}) is not allowed: {why:refusal}",
    "auction_incomplete": "the auction is not over: seat {seat} has still to call",
    "auction_result.passed_out": "everybody passed in these calls, so the hand is passed out "
                                 "(passed_out: true)",
    "auction_result.not_passed_out": "the calls were won by seat {seat} with {bid_name}, so the "
                                     "hand was not passed out",
    "auction_result.bid": "the auction was won with {bid_name} ({bid}), not {given}",
    "auction_result.bidder": "these calls, starting at seat {first} on the dealer's left, give "
                             "the auction to seat {seat}, so the bidder is seat {seat}",
    "entry_missing.bid": "a hand needs the winning bid, or passed_out: true",
    "seat_range.bidder": "bidder must be a seat from 0 to {last}",
    "ralphed_bidder": "{player} was ralphed last hand and may not win this auction",
    "bid_needs_partner": "{bid_name} is played by partners, and nobody has a partner here",
    "partner_not_allowed": "only the five-handed game calls a partner; here the sides are fixed "
                           "for the whole game",
    "entry_missing.partner": "a five-handed hand needs partner: the seat of the called partner, "
                             "or null when the bidder plays alone",
    "seat_range.partner": "partner must be a seat from 0 to {last}, or null when the bidder "
                          "plays alone",
    "partner_is_bidder": "the partner must be another player than the bidder (null when the "
                         "bidder plays alone)",
    "bid_played_alone": "{bid_name} is always played alone: partner must be null",
    "passed_out_unplayed": "a passed-out hand has no {key}",
    "passed_out_unplayed.tricks": "a passed-out hand is not played, so it has no tricks (only "
                                  "when option pass_out is no-trump)",
    "dealer_must_bid": "nobody may pass a hand out here: the dealer must bid when everyone else "
                       "passes (option pass_out is dealer-must-bid)",
    "entry_missing.no_trump_tricks": "a passed-out hand is played at no-trumps: give its tricks",
    "entry_form.side_tricks": "tricks must list the tricks of each of the {sides} sides",
    "entry_form.trick_counts": "tricks must be whole numbers, none negative",
    "tricks_sum": "the tricks add up to {total}, but a hand has {tricks}",

    # -- the auction and the deal (rules/auction.py, rules/deal.py) ------------------------------
    "seat_range.dealer": "dealer must be a seat from 0 to {last}",
    "entry_form.calls": 'calls must be a list of calls such as "pass" or "7H"',
    "call_after_auction": "the auction was over after call {call}: nobody calls after that",
    "entry_form.call": 'a call is "pass" or a bid code such as 7H or MIS',
    "entry_form.ralphed": "ralphed must be a list of seats",
    "seat_range.ralphed": "ralphed must list seats from 0 to {last}",
    "illegal_call.ralphed": "seat {seat} was ralphed last hand and may only pass",
    "illegal_call.not_higher": "{bid_name} does not beat the standing bid of {standing_name}",
    "illegal_call.inkle": "{bid_name} is an inkle (a 6-level bid), and only the first "
                          "{calls:words} players to call may inkle",
    "illegal_call.misere_after_7": "misère may only be bid once someone has bid 7 (option "
                                   "misere_rank is after-7)",
    "illegal_call.blind_misere": "blind misère is bid before looking at the cards, so only as a "
                                 "first call",
    "illegal_call.dealer_pass": "everybody else has passed, and the dealer must bid (option "
                                "pass_out is dealer-must-bid)",
    "card_count": "a hand as dealt has {cards} cards",
    "card_not_in_deck.dealt": "{card} is not in the {size}-card deck of {variant_name}",
    "card_repeated.dealt": "{card} is in the hand twice",

    # -- tricks (rules/tricks.py) ----------------------------------------------------------------

    # -- the referees (rules/referees.py, services/referee.py) -----------------------------------

    # -- Cinquecento (rules/variants/cinquecento.py) ---------------------------------------------

    # -- Rummy 500 (rules/variants/rummy.py) -----------------------------------------------------

    # -- tournaments (tournaments/, services/tournaments.py) -------------------------------------

    # -- a game as a whole: imports, backups (services/) -----------------------------------------

}
