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

    # -- the deal referee (rules/deal.py) -------------------------------------------------------

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


def suit_name(code: str) -> str:
    """'hearts'; 'no-trumps' for NT."""
    return "no-trumps" if code == "NT" else SUIT_NAMES[code]


PHRASES: Final[Mapping[str, Callable[[Any], str]]] = {
    "tricks": tricks_phrase, "signed": signed, "who": who, "and": joined, "or": either,
    "list": lambda items: ", ".join(str(item) for item in items),
    "words": in_words, "suit": suit_name, "suit_one": lambda code: SUIT_NAME[code],
    "card": card_written, "card_name": card_name,
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

    # -- cards (rules/cards.py) ------------------------------------------------------------------
    "card_notation": "a card is written rank then suit, such as 10D or JS",
    "card_notation.text": "{text!r} is not a card: write rank then suit, such as 10D, JS or AH "
                          "(jokers JK, JKR, JKB)",

    # -- bids (rules/bids.py) -------------------------------------------------------------------

    # -- the contract games (rules/contract.py, rules/variants/australian.py, quebec.py) --------

    # -- the auction and the deal (rules/auction.py, rules/deal.py) ------------------------------

    # -- tricks (rules/tricks.py) ----------------------------------------------------------------

    # -- the referees (rules/referees.py, services/referee.py) -----------------------------------

    # -- Cinquecento (rules/variants/cinquecento.py) ---------------------------------------------

    # -- Rummy 500 (rules/variants/rummy.py) -----------------------------------------------------

    # -- tournaments (tournaments/, services/tournaments.py) -------------------------------------

    # -- a game as a whole: imports, backups (services/) -----------------------------------------

}
