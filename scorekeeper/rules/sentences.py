"""The one place the rules' codes become sentences: a template per reason code and per refusal,
as data, and the words for cards, suits and numbers.

A template names its parameters in braces; after a colon, a phrase says how a value is said
(`tricks`: "no tricks", "1 trick", "3 tricks"; `signed`: "+20", "-40"; `and`: "A and B"; `or`:
"3, 4 or 6"; `list`: "a, b, c"; `who`: the declarers as the explanation names them; `suit`:
"hearts"; `card`: "the 4♦", "JKR"; `card_name`: "the jack of diamonds", "la blanche"; `words`:
"two"; `refusal`: a nested refusal). Nothing outside this module builds a sentence.

The tables here are English, and English is the msgid of every gettext message: a template is
looked up in the request's catalog under a context naming its key ("reason contract_made",
"refusal tricks_sum"), a word under its table's context ("suit", "card"). Which catalog speaks is
the caller's choice (`speaking`); with none, English. scorekeeper/i18n.py extracts every table
into the catalogs (`MESSAGES`), so a template added here is a message to translate.
"""

from __future__ import annotations

import gettext
import re
import string
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import AbstractContextManager, contextmanager
from contextvars import ContextVar
from typing import Any, Final

from scorekeeper.rules.reasons import Reason

# -- who speaks ------------------------------------------------------------------------------------

ENGLISH: Final = gettext.NullTranslations()


class Tongue:
    """A catalog and the locale whose numbers it writes ("fr_CA": 1 000)."""

    def __init__(self, catalog: gettext.NullTranslations, locale: str = "en") -> None:
        self.catalog = catalog
        self.locale = locale


_TONGUE: ContextVar[Tongue | None] = ContextVar("scorekeeper_tongue", default=None)
_SPOKEN: list[Callable[[], Tongue]] = []  # the app's choice for a request (i18n.py), if any


def listen(chooser: Callable[[], Tongue]) -> None:
    """Have sentences spoken in the tongue `chooser` gives (the request's), unless `speaking`
    says otherwise."""
    _SPOKEN[:] = [chooser]


def tongue() -> Tongue:
    chosen = _TONGUE.get()
    if chosen is not None:
        return chosen
    return _SPOKEN[0]() if _SPOKEN else Tongue(ENGLISH)


@contextmanager
def speaking(chosen: Tongue) -> Iterator[None]:
    """Speak `chosen` inside the block: `in_english()` for what is stored."""
    token = _TONGUE.set(chosen)
    try:
        yield
    finally:
        _TONGUE.reset(token)


def in_english() -> AbstractContextManager[None]:
    """What is stored (a hand's explanation, an export) is English whatever the request speaks."""
    return speaking(Tongue(ENGLISH))


def said(context: str, message: str) -> str:
    """`message` (English) in the tongue spoken, as meant in `context`."""
    return tongue().catalog.pgettext(context, message)


def said_n(context: str, singular: str, plural: str, n: int) -> str:
    return tongue().catalog.npgettext(context, singular, plural, n)


def word(table: str, key: str) -> str:
    """One entry of a table of words (WORDS), in the tongue spoken."""
    return said(table, WORDS[table][key])


# -- the words for cards, suits and numbers --------------------------------------------------------

SUIT_SYMBOLS: Final[Mapping[str, str]] = {"S": "♠", "C": "♣", "D": "♦", "H": "♥"}
# Each table is a gettext context: its English words are the messages to translate.
WORDS: Final[Mapping[str, Mapping[str, str]]] = {
    # a suit as named: "hearts are trumps", "in hearts", "void in hearts"
    "suit": {"S": "spades", "C": "clubs", "D": "diamonds", "H": "hearts", "NT": "no-trumps"},
    # a suit after a card's rank: "the jack of {suit}"
    "suit of": {"S": "spades", "C": "clubs", "D": "diamonds", "H": "hearts"},
    # one card of a suit: "the highest heart", "played as a heart"
    "suit one": {"S": "spade", "C": "club", "D": "diamond", "H": "heart"},
    # a card by its rank, {suit} from "suit of"
    "card": {
        "A": "the ace of {suit}", "K": "the king of {suit}", "Q": "the queen of {suit}",
        "J": "the jack of {suit}", "13": "the thirteen of {suit}", "12": "the twelve of {suit}",
        "11": "the eleven of {suit}", "10": "the ten of {suit}", "9": "the nine of {suit}",
        "8": "the eight of {suit}", "7": "the seven of {suit}", "6": "the six of {suit}",
        "5": "the five of {suit}", "4": "the four of {suit}", "3": "the three of {suit}",
        "2": "the two of {suit}"},
    "joker": {"JK": "the joker", "JKR": "the red joker", "JKB": "the black joker"},
    # the names the quebec-500 table gives its jokers (rules/variants/quebec.py), kept in every
    # language, with the language's own article
    "card called": {"JKB": "la blanche", "JKR": "le bonhomme"},
    # a set's rank, several cards of it: "a set of 3 sevens"
    "rank plural": {
        "A": "aces", "K": "kings", "Q": "queens", "J": "jacks", "13": "thirteens",
        "12": "twelves", "11": "elevens", "10": "tens", "9": "nines", "8": "eights",
        "7": "sevens", "6": "sixes", "5": "fives", "4": "fours", "3": "threes", "2": "twos"},
    # a small count said in words ("two jokers")
    "number": {"0": "no", "1": "one", "2": "two", "3": "three", "4": "four", "5": "five",
               "6": "six", "7": "seven", "8": "eight", "9": "nine", "10": "ten"},
    # why cards are not a meld (rules/variants/rummy.read_meld gives the code)
    "meld flaw": {
        "too_few": "a meld has at least 3 cards",
        "only_jokers": "a meld needs at least one card that is not a joker",
        "set_suit_twice": "a set has each suit at most once",
        "set_size": "a set has 3 or 4 cards",
        "mixed": "the cards are neither all of one rank (a set) nor all of one suit (a run)",
        "run_rank_twice": "a run has each rank once",
        "run_too_long": "a run has at most 13 cards (the ace is high or low, never both)",
        "ace_both_ends": "the cards are not in sequence; the ace is high (Q-K-A) or low (A-2-3), "
                         "never both (K-A-2 is not a run)",
        "not_in_sequence": "the cards are not in sequence",
    },
    # what a card is in a contract (tricks.Roles), and the quebec-500 table's left bower
    "role": {
        "joker": "the joker", "anti_joker": "the anti-joker", "megatrump": "the megatrump",
        "anti_megatrump": "the anti-megatrump", "right_bower": "the right bower",
        "left_bower": "the left bower", "petit_bord": "the petit bord", "bowers": "the bowers"},
    # Cinquecento's suits by the names its entries use (the Italian deck's and the French deck's)
    "italian suit": {
        "coins": "coins", "cups": "cups", "swords": "swords", "clubs": "clubs",
        "hearts": "hearts", "diamonds": "diamonds", "spades": "spades"},
    "italian suit one": {
        "coins": "coin", "cups": "cup", "swords": "sword", "clubs": "club", "hearts": "heart",
        "diamonds": "diamond", "spades": "spade"},
    # "italian suit of": after a card's rank
    "italian suit of": {
        "coins": "coins", "cups": "cups", "swords": "swords", "clubs": "clubs",
        "hearts": "hearts", "diamonds": "diamonds", "spades": "spades"},
    # the Italian deck's cards (Re, Cavallo, Fante for king, queen, jack)
    "italian card": {
        "A": "the ace of {suit}", "3": "the three of {suit}", "R": "the re of {suit}",
        "C": "the cavallo of {suit}", "F": "the fante of {suit}", "7": "the seven of {suit}",
        "6": "the six of {suit}", "5": "the five of {suit}", "4": "the four of {suit}",
        "2": "the two of {suit}"},
    # Cinquecento's ranks from high to low, in the letters each deck's cards are written with
    # (each language writes its own initials)
    "rank order": {"italian": "A 3 R C F 7 6 5 4 2", "french": "A 3 K Q J 7 6 5 4 2"},
    # Cinquecento's two decks, as in "the {deck} Cinquecento deck"
    "deck": {"italian": "Italian", "french": "French"},
    # what each referee judges ("Cinquecento has no auction to judge")
    "judged": {"trick": "tricks", "auction": "auction", "deal": "deal", "meld": "melds"},
    # a referee by what it judges: "the {referee} referee" ("l'arbitre des levées")
    "referee": {"trick": "trick", "auction": "auction", "deal": "deal", "meld": "meld"},
    # a part of an entry by the words a player uses for it: "{key:field}" in a refusal (a key
    # the rules do not know is shown as typed, in quotes: "field quoted")
    "field": {
        "bidder": "the bidder", "bid": "the bid", "tricks": "the tricks",
        "passed_out": "the pass-out", "calls": "the calls", "partner": "the partner",
        "points": "the card points", "captured": "the captured cards",
        "mariannas": "the Mariannas", "players": "the players", "melds": "the melds",
        "layoffs": "the lay-offs", "hand": "the cards left in hand", "went_out": "going out",
        "discard": "the final discard", "meld_points": "the points melded",
        "hand_points": "the points left in hand", "trump": "the trump",
        "contract": "the contract", "led_before": "the suits led earlier",
        "shown_void": "the suits shown void", "named_suit": "the suit named",
        "seat": "the seat", "card": "the card", "plays": "the cards played"},
    # a stage of a Quebec tournament, as in "games per {stage} match"
    "stage": {"qualifying": "qualifying", "knockout": "knockout"},
    # a knockout round by the teams left in it (tournaments/build.py)
    "knockout round": {"2": "Final", "4": "Semi-finals", "8": "Quarter-finals"},
    # the bids that are not a number of tricks (rules/variants/australian.py)
    "bid": {"MIS": "Misère", "OMIS": "Open misère", "BMIS": "Blind misère",
            "DNUL": "Double nullo", "PAT": "Patastrophe", "HILO": "Hi/lo"},
}

TEMPLATES: Final[Mapping[str, str]] = {
    "contract_made": "{bid:bid_name} made by {declarers:who}: {points:signed}",
    "contract_slam": "{bid:bid_name} made by {declarers:who} with every trick: slam, "
                     "{slam:signed} instead of {points:signed}",
    "contract_failed": "{bid:bid_name} failed by {declarers:who} ({taken} of "
                       "{bid_tricks} tricks): "
                       "{points:minus}",
    "misere_made": "{bid:bid_name} made by {declarers:who}: {points:signed}",
    "misere_failed": "{bid:bid_name} failed by {declarers:who} ({taken:tricks} taken): "
                     "{points:minus}",
    "hilo_made": "{bid:bid_name} made by {declarers:who}, exactly 5 tricks: {points:signed}",
    "hilo_failed": "{bid:bid_name} failed by {declarers:who} ({taken:tricks}, not 5): "
                   "{points:minus}",
    "partner_half": "Bidder and partner score half the value each: {points:signed} each",
    "partner_whole": "Bidder and partner score the whole value each: {points:signed} each",
    "defenders_share": "The defenders took {tricks:tricks} together, and each scores them all "
                       "(defender_share)",
    "tricks_won": "{side} took {tricks:tricks}: {points:signed}",
    "tricks_won_capped": "{side} took {tricks:tricks}: {points:signed}, held under the defender "
                         "cap of {cap}",
    "tricks_shared": "{side} shares the defenders' {tricks:tricks}: {points:signed}",
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
    "card_points": "{side} took {points} card points: {points:signed}",
    "marianna": "Marianna of {suit:italian_suit} by {side}: {points:signed}",
    "marianna_trump": "Marianna of {suit:italian_suit} by {side}: {points:signed}; "
                      "{suit:italian_suit} are trumps",
    "rummy_counted": "{player} melded {melded} and holds {held} in hand: {points:signed}",
    "rummy_cards": "{player} melded {melded}, laid off {laid_off} and holds {held} in hand: "
                   "{points:signed}",
    "went_out": "{player} went out",
    "reached_target": "{side} reached {target} and wins the game",
    "back_door": "{out:and} went out the back door; {side} wins the game",
    "level_at_target": "{sides:and} are level at {score}: play on",
    "as_recorded": "{sentence}",
    # -- the trick referee (rules/tricks.py, rules/variants/cinquecento.py) ---------------------
    "trick_trumps": "{trumps:Suit} are trumps.",
    "trick_no_trumps": "No trumps: {jokers:only_trumps}.",
    "trick_no_trumps_bid": "{bid:bid_name} is played at no-trumps: {jokers:only_trumps}.",
    "trick_no_trumps_j5": "{bid:bid_name} is played at no-trumps with each jack above its ace; "
                          "{jokers:only_trumps}.",
    "trick_second_joker": "{joker:Card_name} is the joker {trumps:trumps_in}; "
                          "{anti_joker:card_name} is the anti-joker.",
    "trick_joker_led": "{card:Card_as} is led naming {suit:suit}.",
    "trick_left_bower": "{card:Card_name} is {role:role} in {trumps:suit}, a trump.",
    "trick_anti_megatrump": "{card:Card_name} is the anti-megatrump: it is a trump and a "
                            "{suit:suit_one}.",
    "trick_anti_joker_void": "Seat {seat} showed void in {suit:suit} earlier, so the anti-joker, "
                             "played as a {suit:suit_one}, has no value.",
    "trick_anti_joker_cancels": "The anti-joker cancels {cancelled:roles}.",
    "trick_megatrumps_cancel": "The megatrump and the anti-megatrump cancel each other.",
    "trick_highest_card": "{card:Card_name} is the highest card.",
    "trick_highest_after": "{card:Card_name} is the highest trump after {after:card_name}, which "
                           "was not played.",
    "trick_megatrump_wins": "{card:Card_name} is the megatrump, the highest trump.",
    "trick_joker_wins": "{card:Card_name} is the highest trump.",
    "trick_role_wins": "{card:Card_name} is {role:role}, the highest trump in the trick.",
    "trick_left_bower_wins": "{card:Card_name} is {role:role} in {trumps:suit}, the highest trump "
                             "in the trick.",
    "trick_highest_trump": "{card:Card_name} is the highest trump in the trick.",
    "trick_suit_wins": "No trump was played, so the highest {suit:suit_one} wins: "
                       "{card:card_name}.",
    "trick_suit_wins_no_value": "No trump with value was played, so the highest {suit:suit_one} "
                                "wins: {card:card_name}.",
    "trick_anti_joker_led_void": "The anti-joker led has no value and nobody followed it, so the "
                                 "first card after it sets the suit, and the highest "
                                 "{suit:suit_one} wins: {card:card_name}.",
    "trick_anti_card_wins": "Nothing with value follows the suit led, so the highest anti-card "
                            "wins: {role:role}, {card:card_name}.",
    "trick_won": "Seat {seat} wins the trick with {card:card_name}.",
    "cinquecento_trumps": "{suit:Italian_suit} are trumps.",
    "cinquecento_no_trumps": "No Marianna has been declared: there are no trumps.",
    "cinquecento_trump_wins": "The highest trump wins.",
    "cinquecento_suit_wins": "No trump was played, so the highest {suit:italian_suit_one} wins "
                             "({deck:rank_order}).",
    "cinquecento_suit_led": "The highest {suit:italian_suit_one} wins ({deck:rank_order}).",
    "cinquecento_won": "Seat {seat} wins the trick with {card:italian_card}.",

    # -- the auction referee (rules/auction.py) -------------------------------------------------
    "call_illegal": "Call {call} ({said:call} by seat {seat}) is not allowed: {why:refusal}.",
    "calls_not_judged": "The calls after it were not judged.",
    "auction_passed_out": "Everybody passed: the hand is passed out.",
    "auction_won": "Seat {seat} wins the auction with {bid:bid_name} ({bid}).",
    "bid_standing": "The standing bid is {bid:bid_name} ({bid}) by seat {seat}.",
    "no_bid_yet": "Nobody has bid yet.",
    "kitty_face_up": "{cards:kitty_cards_are} face up.",
    "next_only_pass": "Seat {seat} calls next and may only pass.",
    "next_must_bid": "Seat {seat} calls next and must bid: the lowest bid allowed is "
                     "{bid:bid_name}.",
    "next_must_bid_only": "Seat {seat} calls next and must bid: the only bid allowed is "
                          "{bid:bid_name}.",
    "next_may_bid": "Seat {seat} calls next: pass or bid (the lowest bid allowed is "
                    "{bid:bid_name}).",
    "next_may_bid_only": "Seat {seat} calls next: pass or bid (the only bid allowed is "
                         "{bid:bid_name}).",

    # -- the deal referee (rules/deal.py) -------------------------------------------------------
    "deal_stands": "{card:Card_name} is enough: the deal stands.",
    "redeal_no_honours": "No face card, no joker and no ace in this hand: the cards are shuffled "
                         "and dealt again.",

    # -- the meld referee (rules/variants/rummy.py) ---------------------------------------------
    "not_a_meld": "{cards:cards} is not a meld: {flaw:meld_flaw}.",
    "meld_set": "A set of {count} {rank:rank_plural}.",
    "meld_set_jokers": "A set of {count} {rank:rank_plural} ({jokers:jokers} standing in).",
    "meld_run": "A run of {suit:suit}: {places:run}.",
    "meld_run_ace_low": "A run of {suit:suit}: {places:run}. The ace is low.",
    "meld_worth": "Worth {points} points ({values:sum}).",

}

# How the declarers are named: the bidder's side, with the partner's, or with the player alone.
WHO: Final[Mapping[str, str]] = {
    "side": "{side}",
    "partner": "{side} with partner {partner}",
    "alone": "{side} ({alone} alone)",
}


MINUS: Final = "\u2212"  # the true minus sign, as French and Italian print it


def signed(points: int) -> str:
    """'+20', '-40'; in French and Italian '+1 000', '−40' (grouped, a true minus). English
    keeps the plain digits and hyphen its stored explanations have always had."""
    return ("+" if points >= 0 else "-" if tongue().locale == "en" else MINUS) + count(abs(points))


def minus(points: int) -> str:
    """A loss of `points` (a positive value): '-40', '−40'."""
    return signed(-points)


def tricks_phrase(n: int) -> str:
    if n == 0:
        return said("tricks", "no tricks")
    return said_n("tricks", "{n} trick", "{n} tricks", n).format(n=n)


def who(declarers: Mapping[str, Any]) -> str:
    form = ("partner" if declarers.get("partner") is not None else
            "alone" if declarers.get("alone") is not None else "side")
    return said(f"who {form}", WHO[form]).format(**declarers)


def joined(names: Sequence[object]) -> str:
    """'A and B', 'A and B and C'."""
    words = [str(name) for name in names]
    sentence = words[0] if words else ""
    for name in words[1:]:
        sentence = said("list", "{first} and {last}").format(first=sentence, last=name)
    return sentence


def players_phrase(n: int) -> str:
    return said_n("players", "{n} player", "{n} players", n).format(n=n)


def players_or(sizes: Sequence[int]) -> str:
    """'2 or 3 players': the plural of the largest."""
    return said_n("players", "{n} player", "{n} players", max(sizes)).format(n=either(sizes))


def either(items: Sequence[object]) -> str:
    """'3, 4 or 6'."""
    words = [str(item) for item in items]
    if len(words) == 1:
        return words[0]
    return said("list", "{first} or {last}").format(first=", ".join(words[:-1]), last=words[-1])


def in_words(n: int) -> str:
    """'two': a small count as it is said (figures from 11 on)."""
    return word("number", str(n)) if str(n) in WORDS["number"] else str(n)


def number(n: int) -> str:
    """'1,000', '1 000': a number grouped as the tongue spoken writes it."""
    from babel.numbers import format_decimal  # Babel comes with Flask-Babel

    locale = tongue().locale
    written = str(format_decimal(n, locale=locale))
    return written if locale == "en" else written.replace("-", MINUS)


def count(n: int) -> str:
    """A score or a count in a sentence: grouped in French and Italian ('1 000', '1.000');
    English keeps the bare digits its stored explanations have always had."""
    return str(n) if tongue().locale == "en" else number(n)


def _split(code: str) -> tuple[str, str | None]:
    """'10H' -> ('10', 'H'); 'JKR' -> ('JKR', None)."""
    return (code, None) if code.startswith("JK") else (code[:-1], code[-1])


def card_written(code: str) -> str:
    """'the 4♦', 'JKR': a card as written on the table."""
    rank, suit = _split(code)
    if suit is None:
        return code
    return said("card written", "the {card}").format(card=f"{rank}{SUIT_SYMBOLS[suit]}")


def called(card: Mapping[str, str]) -> str:
    """The name a table gives a card ('le bonhomme'), as the tongue spoken says it with its own
    article ('il bonhomme' in Italian)."""
    name = card.get("called") or ""
    return said("card called", name) if name else ""


def card_name(card: str | Mapping[str, str]) -> str:
    """'the jack of diamonds', 'the joker'; a card the table calls by its own name ('la blanche')
    comes as {"code": ..., "called": ...}."""
    if not isinstance(card, str):
        return called(card) or card_name(card["code"])
    rank, suit = _split(card)
    if suit is None:
        return word("joker", rank)
    return word("card", rank).format(suit=word("suit of", suit))


def bid_name(code: str) -> str:
    """A bid by its name at the table: '7♥', '7NT', '7.2♠', 'Misère'."""
    if code in WORDS["bid"]:
        return word("bid", code)
    found = TRICKS_BID.match(code)
    if found is None:
        return code
    level, denomination = found.groups()
    if denomination == "NT":
        return said("bid", "{level}NT").format(level=level)
    if denomination == "J5":
        return said("bid", "{level}NT (J5)").format(level=level)
    return f"{level}{SUIT_SYMBOLS[denomination]}"


TRICKS_BID: Final = re.compile(r"^(\d+(?:\.\d)?)(S|C|D|H|NT|J5)$")


def call_said(call: str) -> str:
    """'a pass', or the bid's code as called."""
    return said("call", "a pass") if call == "pass" else call


def kitty_cards_are(n: int) -> str:
    """'1 kitty card is', '3 kitty cards are'."""
    return said_n("kitty", "{n} kitty card is", "{n} kitty cards are", n).format(n=n)


def quoted(items: Sequence[object]) -> str:
    """"'full', 'half'": values as written in JSON's strings."""
    return ", ".join(repr(item) for item in items)


def table_forms(forms: Sequence[Sequence[int]]) -> str:
    """'2 sides of 2, 3 sides of 1': the tables a variant seats, as [sides, players per side]."""
    return ", ".join(said("forms", "{sides} sides of {each}").format(sides=sides, each=each)
                     for sides, each in forms)


def suit_name(code: str) -> str:
    """'hearts'; 'no-trumps' for NT."""
    return word("suit", code)


def cards_shown(codes: Sequence[str]) -> str:
    """'AH 2H 3H': cards as entered, one after the other."""
    return " ".join(str(code) for code in codes)


def decks_phrase(n: int) -> str:
    """'one deck', '2 decks'."""
    return said_n("decks", "one deck", "{n} decks", n).format(n=n)


def jokers_phrase(n: int) -> str:
    """'1 joker', '2 jokers'."""
    return said_n("jokers", "{n} joker", "{n} jokers", n).format(n=n)


def run_places(places: Sequence[Mapping[str, Any]]) -> str:
    """'A, 2 (a joker), 3': a run's ranks from low to high, saying where a joker stands in."""
    return ", ".join(said("run", "{rank} (a joker)").format(rank=place["rank"])
                     if place["joker"] else str(place["rank"]) for place in places)


def capitalised(words: str) -> str:
    """Words at the start of a sentence: 'the jack of diamonds' -> 'The jack of diamonds'."""
    return words[:1].upper() + words[1:]


def card_as(card: str | Mapping[str, str]) -> str:
    """A card as the trick referee names it: by its role where that is what it is
    ({"code": "JKB", "role": "anti_joker"}: 'the anti-joker'), else by its name (`card_name`)."""
    if not isinstance(card, str) and card.get("role"):
        return word("role", card["role"])
    return card_name(card)


def trumps_in(code: str | None) -> str:
    """'in hearts'; 'at no-trumps' for none."""
    if code in (None, "NT"):
        return said("trumps in", "at no-trumps")
    return said("trumps in", "in {suit}").format(suit=word("suit", str(code)))


def only_trumps(jokers: Sequence[str | Mapping[str, str]]) -> str:
    """'the joker is the only trump'; 'la blanche and le bonhomme are the only trumps'."""
    names = [card_name(joker) for joker in jokers]
    return said_n("only trumps", "{names} is the only trump", "{names} are the only trumps",
                  len(names)).format(names=joined(names))


def jokers_written(jokers: Sequence[str | Mapping[str, str]]) -> str:
    """'one joker, written JK'; 'two jokers, JKB (la blanche) and JKR (le bonhomme)'."""
    each = [joker if isinstance(joker, str) else
            f"{joker['code']} ({called(joker)})" if joker.get("called") else joker["code"]
            for joker in jokers]
    return said_n("jokers written", "one joker, written {jokers}", "{count} jokers, {jokers}",
                  len(each)).format(count=in_words(len(each)), jokers=joined(each))


def partners_out(n: int) -> str:
    """'1 partner sits', '2 partners sit' (out)."""
    return said_n("partners out", "{n} partner sits", "{n} partners sit", n).format(n=n)


def italian_card(code: str) -> str:
    """A Cinquecento card as canonical for its deck: 'R-coins' -> 'the re of coins'; the French
    deck's 'KH' -> 'the king of hearts'."""
    if "-" not in code:
        return card_name(code)
    rank, _, suit = code.partition("-")
    return word("italian card", rank).format(suit=word("italian suit of", suit))


def field_words(key: str) -> str:
    """'the partner': a part of an entry as a player names it (a path such as
    'plays.1.shown_void' by its last part); an unknown key as typed."""
    leaf = str(key).rpartition(".")[2]
    if leaf in WORDS["field"]:
        return word("field", leaf)
    return as_typed(key)


def as_typed(text: str) -> str:
    """What a client typed, shown back in the language's quotes ('"colour"', '« colour »')."""
    return said("field quoted", '"{key}"').format(key=text)


def option_words(name: str) -> str:
    """'Out the back door at': an option by its label (GET /variants), else as typed."""
    from scorekeeper.rules.registry import variants  # the variants' options are their own

    label = next((spec.label for variant in variants() for spec in variant.option_specs
                  if spec.name == name and spec.label), None)
    if label is None:
        return as_typed(name)
    return said("option quoted", '"{label}"').format(label=said("option label", label))


def the_variant(name: str) -> str:
    """A game's name as a sentence names it: 'Quebec 500' in English, 'il 500 del Québec'."""
    return said("variant with article", name)


PHRASES: Final[Mapping[str, Callable[[Any], str]]] = {
    "tricks": tricks_phrase, "signed": signed, "minus": minus, "who": who, "and": joined,
    "or": either, "players": players_phrase, "players_or": players_or,
    "list": lambda items: ", ".join(str(item) for item in items),
    "words": in_words, "suit": suit_name, "suit_one": lambda code: word("suit one", code),
    "card": card_written, "card_name": card_name, "bid_name": bid_name,
    "variant": lambda name: said("variant name", name),
    "variants_or": lambda names: either([said("variant name", name) for name in names]),
    # a game's name with its article where the language wants one ("il Cinquecento")
    "the_variant": the_variant, "The_variant": lambda name: capitalised(the_variant(name)),
    "the_variants_or": lambda names: either([the_variant(name) for name in names]),
    "rank_order": lambda deck: word("rank order", deck),
    "stage": lambda stage: word("stage", stage), "field": field_words,
    "Field": lambda key: capitalised(field_words(key)),
    "option": option_words,
    "format_name": lambda name: said("format in a sentence", name),
    "call": call_said, "kitty_cards_are": kitty_cards_are, "quoted": quoted,
    "forms": table_forms,
    "cards": cards_shown, "decks": decks_phrase, "jokers": jokers_phrase,
    "rank_plural": lambda rank: word("rank plural", rank),
    "meld_flaw": lambda flaw: word("meld flaw", flaw),
    "run": run_places, "sum": lambda values: " + ".join(str(v) for v in values),
    "number": number,
    "refusal": lambda inner: refusal(inner["says"], inner["params"]),
    # the trick referee (a capital for a value that starts its sentence)
    "Card_name": lambda card: capitalised(card_name(card)), "card_as": card_as,
    "Card_as": lambda card: capitalised(card_as(card)),
    "Suit": lambda code: capitalised(suit_name(code)), "trumps_in": trumps_in,
    "role": lambda code: word("role", code),
    "roles": lambda codes: joined([word("role", code) for code in codes]),
    "only_trumps": only_trumps, "jokers_written": jokers_written, "partners_out": partners_out,
    "judged": lambda what: word("judged", what),
    "referee": lambda what: word("referee", what), "deck": lambda deck: word("deck", deck),
    # Cinquecento's suits and cards, by the names its entries use
    "italian_suit": lambda suit: word("italian suit", suit),
    "Italian_suit": lambda suit: capitalised(word("italian suit", suit)),
    "italian_suit_one": lambda suit: word("italian suit one", suit),
    "italian_suits": lambda suits: ", ".join(word("italian suit", suit) for suit in suits),
    "italian_card": italian_card}


# Parameters that number a thing (seat 3, game 1204) rather than count it: never grouped.
NAMING: Final = frozenset({"seat", "game", "hand", "match", "other", "table", "round", "number",
                           "call", "after", "expected", "last"})


class _Count(int):
    """A count or a score of a template (points, target): written with the tongue's grouping."""


class _Phrasing(string.Formatter):
    def get_value(self, key: int | str, args: Sequence[Any], kwargs: Mapping[str, Any]) -> Any:
        value = super().get_value(key, args, kwargs)
        if type(value) is int and key not in NAMING:
            return _Count(value)
        return value

    def format_field(self, value: Any, format_spec: str) -> str:
        if format_spec:
            return PHRASES[format_spec](int(value) if isinstance(value, _Count) else value)
        return count(value) if isinstance(value, _Count) else format(value)


_PHRASING = _Phrasing()


def phrase(context: str, template: str, params: Mapping[str, Any]) -> str:
    """A template of these tables (English, its msgid) said in the tongue spoken."""
    return _PHRASING.vformat(said(context, template), (), dict(params))


def render(reason: Reason) -> str:
    """The sentence for one reason."""
    return phrase(f"reason {reason.code}", TEMPLATES[reason.code], reason.params)


def refusal(says: str, params: Mapping[str, Any],
            where: tuple[str, Mapping[str, Any]] | None = None) -> str:
    """The sentence of a refusal (errors.RuleViolation), said of the part `where` names."""
    sentence = phrase(f"refusal {says}", REFUSALS[says], params)
    if where is None:
        return sentence
    return phrase(f"where {where[0]}", WHERE[where[0]], {**where[1], "refusal": sentence})


def render_all(reasons: Sequence[Reason]) -> tuple[str, ...]:
    return tuple(render(reason) for reason in reasons)


def told_as(reasons: Sequence[Reason], explanation: Sequence[str]) -> tuple[Reason, ...]:
    """Reasons for an explanation kept as it was written (an import, an old hand): the rules'
    own when they render to it, else each sentence word for word, so the two stay line for line."""
    with in_english():
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
    "table_form": "{variant_name:variant} is played by {forms:forms}",
    "table_form.players": "{variant_name:variant} is played by {counts:or} players",
    "table_form.sides": "{players} players play {variant_name:variant} in {sides:or} sides",
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
    "unknown_bid": "there is no bid {code!r} in {variant_name:variant}",
    "unknown_bid.not_code": "the bid must be a bid code such as 7H or MIS",
    "bid_disabled": "{bid:bid_name} is not allowed in this game: option {option} is off",
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
    "unknown_key.contract_hand": "{key} is not part of a {variant_name:variant} hand",
    "entry_form.passed_out": "passed_out must be true or false",
    "illegal_call": "Call {call} ({said:call} by seat {seat}) is not allowed: {why:refusal}",
    "auction_incomplete": "the auction is not over: seat {seat} has still to call",
    "auction_result.passed_out": "everybody passed in these calls, so the hand is passed out "
                                 "(passed_out: true)",
    "auction_result.not_passed_out": "the calls were won by seat {seat} with {bid:bid_name}, "
                                     "so the "
                                     "hand was not passed out",
    "auction_result.bid": "the auction was won with {bid:bid_name} ({bid}), not {given}",
    "auction_result.bidder": "these calls, starting at seat {first} on the dealer's left, give "
                             "the auction to seat {seat}, so the bidder is seat {seat}",
    "entry_missing.bid": "a hand needs the winning bid, or passed_out: true",
    "seat_range.bidder": "bidder must be a seat from 0 to {last}",
    "ralphed_bidder": "{player} was ralphed last hand and may not win this auction",
    "bid_needs_partner": "{bid:bid_name} is played by two partners together, so only at four "
                         "players or at six in three sides of two",
    "partner_not_allowed": "only the five-handed game calls a partner; here the sides are fixed "
                           "for the whole game",
    "entry_missing.partner": "a five-handed hand needs partner: the seat of the called partner, "
                             "or null when the bidder plays alone",
    "seat_range.partner": "partner must be a seat from 0 to {last}, or null when the bidder "
                          "plays alone",
    "partner_is_bidder": "the partner must be another player than the bidder (null when the "
                         "bidder plays alone)",
    "bid_played_alone": "{bid:bid_name} is always played alone: partner must be null",
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
    "illegal_call.not_higher": "{bid:bid_name} does not beat the standing bid of "
                               "{standing:bid_name}",
    "illegal_call.inkle": "{bid:bid_name} is an inkle (a 6-level bid), and only the first "
                          "{calls:words} players to call may inkle",
    "illegal_call.misere_after_7": "misère may only be bid once someone has bid 7 (option "
                                   "misere_rank is after-7)",
    "illegal_call.blind_misere": "blind misère is bid before looking at the cards, so only as a "
                                 "first call",
    "illegal_call.pair_bid": "{bid:bid_name} is played by two partners together, so only at "
                             "four players or at six in three sides of two",
    "illegal_call.dealer_pass": "everybody else has passed, and the dealer must bid (option "
                                "pass_out is dealer-must-bid)",
    "card_count": "a hand as dealt has {cards} cards",
    "card_not_in_deck.dealt": "{card} is not in the {size}-card deck of {variant_name:variant}",
    "card_repeated.dealt": "{card} is in the hand twice",

    # -- tricks (rules/tricks.py) ----------------------------------------------------------------
    "entry_form.led_before": 'led_before must list the suits led earlier this hand, such as '
                             '["H", "S"]',
    "entry_form.shown_void": '{field} must list the suits this player showed void in earlier, '
                             'such as ["H", "S"]',
    "entry_form.trick_plays": "plays must list the cards of the trick in the order they were "
                              "played, the lead first",
    "entry_form.trick_play": 'each play must be an object such as {{"seat": 0, "card": "10H"}}',
    "unknown_key.trick_play": "a play has a seat, a card and optionally named_suit and "
                              "shown_void; {key!r} is not part of it",
    "trick_size": "a trick here has {expected} plays (everybody plays a card), not {given}",
    "trick_size.alone": "a trick here has {expected} plays (in {bid:bid_name} the bidder "
                        "plays alone and {out:partners_out} out), not {given}",
    "seat_range.play": "seat must be a seat from 0 to {last}",
    "seat_repeated": "seat {seat} has already played to this trick",
    "card_not_in_deck": "{card:card} is not in this deck: {variant_name:variant} for "
                        "{players} players uses {size} cards",
    "card_not_in_deck.second_joker": "with the second joker the jokers are JKR and JKB, so there "
                                     "is no {card}",
    "card_not_in_deck.replaced": "{card:card} is not in this deck: the second joker replaces it",
    "card_not_in_deck.joker": "{variant_name:variant} has {jokers:jokers_written}, so "
                              "there is no {card}",
    "card_repeated.trick": "{card:card} has already been played to this trick",
    "unknown_suit.named_suit": "named_suit must be one of {suits:or}",
    "sitting_out": "in {bid:bid_name} only the bidder's partners sit out, but seats "
                   "{seats:and} are not partners",
    "play_order": "play goes clockwise: after seat {after} comes seat {expected}, not seat "
                  "{seat}",
    "named_suit_trumps": "{card:card_name} is a trump in {trumps:suit}; it cannot be played as "
                         "{named:suit}",
    "named_suit_trumps.led": "{card:card_as} led leads trumps, {trumps:suit}; it cannot name "
                             "{named:suit}",
    "named_suit_missing": "{card:card_as} led at no-trumps must name the suit the others follow "
                          "(named_suit)",
    "named_suit_new": "{card:card_as} led must name a suit not yet led this hand, and "
                      "{named:suit} have been led",
    "named_suit_joker": "only a joker is played as a named suit, not {card:card}",
    "revoke": "seat {seat} showed void in {suit:suit} earlier, so playing {card:card_name}, which "
              "belongs to {suit:suit}, now is a revoke",

    # -- the referees (rules/referees.py, services/referee.py) -----------------------------------
    "unknown_key.trump": "trump is for Cinquecento; the contract games name a contract",
    "entry_missing.contract": "name the contract being played, such as 7H or MIS",
    "no_referee": "{variant_name:variant} has no {what:judged} to judge",
    "no_referee.elsewhere": "{variant_name:variant} has no {what:judged} to judge (the "
                            "{what:referee} referee is for {others:variants_or})",

    # -- Cinquecento (rules/variants/cinquecento.py) ---------------------------------------------
    "unknown_key.cinquecento_hand": "{key} is not part of a {variant_name:variant} hand",
    "entry_both_ways.captured": "give either the points or the captured cards, not both",
    "entry_form.card_points": "points must list the card points of each of the {sides} sides, "
                              "none negative",
    "entry_missing.card_points": "a hand needs the card points of each side (points) or the cards "
                                 "each side captured (captured)",
    "card_points_sum": "the card points add up to {total}, but a hand has {expected}",
    "entry_form.mariannas": "mariannas must list the Mariannas in the order declared",
    "marianna_twice.count": "there are only {most:words} Mariannas in a hand, one per suit",
    "entry_form.marianna": 'a Marianna is {{"side": side index, "suit": suit}}',
    "side_range.marianna": "side must be a side index from 0 to {last}",
    "unknown_suit.marianna": "the suits of this deck are {suits:italian_suits}",
    "marianna_twice": "the Marianna of {suit:italian_suit} was already declared this hand",
    "marianna_late": "no Marianna may be declared once the stock is exhausted",
    "entry_form.captured": "captured must list the cards of each of the {sides} sides",
    "entry_form.captured_side": "each side's captured cards are a list",
    "card_repeated.captured": "{text} was captured twice",
    "card_not_in_deck.cinquecento": "{text!r} is not a card of the {deck:deck} Cinquecento "
                                    "deck (write cards like {example})",
    "card_not_in_deck.cinquecento_twos": "with three players one 2 is out of the deck, so at "
                                         "most {twos:words} 2s can be captured: {text!r} is "
                                         "one too many",
    "unknown_suit.trump": "trump must be null (no Marianna yet) or one of {suits:italian_suits}",
    "trick_size.cinquecento": "a trick here has {expected} plays, one per player",
    "entry_form.cinquecento_play": 'each play is {{"seat": seat, "card": card}}',
    "play_order.next": "play goes clockwise: after seat {after} comes seat {expected}",
    "card_repeated.cinquecento_trick": "that card has already been played to this trick",
    "unknown_key.cinquecento_trick": "{key} is not part of a {variant_name:variant} trick "
                                     "(give the trump)",

    # -- Rummy 500 (rules/variants/rummy.py) -----------------------------------------------------
    "option_for_table.rummy_decks": "one deck cannot deal {cards} cards to each of {players} "
                                    "players: play with two decks",
    "unknown_key.rummy_hand": "{key} is not part of a {variant_name:variant} hand: "
                              "give each player's melds, lay-offs and hand under players",
    "unknown_key.rummy_player": "{key} is not part of a player's hand: melds, layoffs, hand, "
                                "went_out, discard (or meld_points and hand_points)",
    "entry_form.rummy_players": "players must list what each of the {players} players did, in "
                                "order",
    "entry_form.rummy_player": "each player is an object: melds, layoffs, hand (or meld_points "
                               "and hand_points)",
    "entry_form.went_out": "went_out must be true or false",
    "entry_form.rummy_points": "{key} must be a whole number of points, 0 or more",
    "entry_form.rummy_list": "{key} must be a list",
    "entry_form.meld": "a meld is a list of cards",
    "entry_form.layoff": 'a lay-off is {{"card": card, "onto": [player index, meld index]}}',
    "entry_form.meld_cards": "cards must be a list of cards",
    "entry_mixed_ways": "every player of a hand is entered the same way: all with their cards, "
                        "or all with counted points",
    "entry_both_ways.rummy": "give a player's cards or counted points, not both ({cards} and "
                             "{points})",
    "rummy_points_sum": "the points add up to {total}, more than the {value} the cards in play "
                        "are worth",
    "went_out_cards.cards_left": "a player who went out has no cards left in hand",
    "went_out_cards.no_cards": "a player with no cards left in hand went out",
    "one_goes_out": "only one player goes out in a hand, and {player} already did",
    "going_out_meld": "a player cannot go out without melding or laying off a card",
    "meld_invalid": "{cards:cards} is not a meld: {flaw:meld_flaw}",
    "meld_invalid.layoff": "with {laid:list} laid off onto it, {cards:cards} is no longer a meld: "
                           "{flaw:meld_flaw}",
    "layoff_onto": "there is no meld {meld} of player {player} to lay off onto",
    "layoff_own_meld": "laying off onto another player's meld needs a meld of one's own on the "
                       "table, and this hand has none by {player}",
    "discard_not_out": "only the player who went out names a final discard",
    "boathouse_discard": "under the boathouse rule going out takes a final discard: name it "
                         "(discard)",
    "card_not_in_deck.rummy": "{card} is not in a Rummy 500 deck (ranks A K Q J 10 … 2)",
    "card_not_in_deck.rummy_jokers": "there are no jokers in this game (option jokers is off)",
    "card_repeated.rummy": "{card} appears more often than {decks:decks} holds",
    "card_repeated.rummy_jokers": "there are only {jokers} jokers in {decks:decks}",

    # -- tournaments (tournaments/, services/tournaments.py) -------------------------------------
    "option_value.quebec_games": 'give the games per match as {{"qualifying": n, "knockout": '
                                 'n}}',
    "option_value.stage_games": "games per {stage} match must be 1 to {most}",
    "knockout_odd": "a knockout match is best of an odd number of games",
    "unknown_format": "there is no format {key!r}; the formats are {known:list}",
    "format_variant": "the format {format:format_name} is for {variants:variants_or}, not "
                      "{variant_name:variant}",
    "team_count": "a tournament in the format {format:format_name} needs {least} to {most} "
                  "teams",
    "team_name_twice": "two teams are called {name!r}",
    "player_count": "a progressive night needs {least} to {most} players",
    "player_twice": "{player} is listed twice: a player plays in one team",
    "team_size": "team {name!r} has {count:players}; a team in this game has {sizes:players_or}",
    "team_size.same": "team {name!r} has {count:players}; the other teams have {size:players}",
    "team_size.rummy_tables": "team {name!r} has {count:players}, but at Rummy tables everyone "
                              "plays alone",
    "swiss_rounds": "{teams} teams can play at most {most} Swiss rounds without a rematch",
    "entry_form.match_scores": "give one score for each of the {count} teams of this match, in "
                               "its order",
    "entry_form.table_scores": "give one score for each of the {count} players of this match, in "
                               "its order",
    "game_needs_winner": "a game needs a winner: equal scores do not decide it, play another deal",
    "deal_scores": "a game here is one deal (option game_unit is deal): report its scores",
    "linked_game_twice": "game {game} was already reported in this tournament",
    "linked_game_missing": "there is no game {game}",
    "linked_game_variant": "game {game} is {variant}, not {expected}",
    "linked_game_unfinished": "game {game} is still being played",
    "linked_game_players": "game {game} was not played by {team} (its sides have other players)",
    "linked_game_players.extra": "game {game} had other players besides this match's",
    "table_match": "{match} is not a match played in round {round}: give tables to its matches "
                   "only (a bye takes no table)",
    "table_twice": "{match} and {other} would both be at table {table}",

    # -- a game as a whole: imports, backups (services/) -----------------------------------------
    "date_time": "{text!r} is not a date and time (ISO 8601)",
    "date_time.offset": "{text!r} has no offset: write Z (UTC) or +hh:mm",
    "date_time.range": "{text!r} is not between 1970 and 2999 (UTC)",
    "export_format": "this is not a scorekeeper game export (format {format})",
    "hand_numbering": "hands are numbered 1, 2, ...: expected {number}",
    "game_over": "the game was over before this hand",
    "export_mismatch.hand": "hand {hand} scores {deltas} under the rules, not the exported "
                            "{exported}",
    "export_mismatch.outcome": "the hands give {expected}, not the exported {exported}",
    "history_limit": "a game of {hands:number} hands keeps at most {most:number} history "
                     "entries, so that its remaining hands can still be recorded and exported",
    "backup_consistent.not_drawn": "a tournament not drawn yet has no games, scorers or advances",
    "backup_consistent.rebuild": "its reported games and advances do not rebuild it (advances "
                                 "{advances} of {recorded}, {stale} games that fit no match)",
    "backup_consistent.link": "it links game {game}, which is not in the backup",

}
