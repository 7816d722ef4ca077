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
RANK_PLURALS: Final[Mapping[str, str]] = {rank: "sixes" if rank == "6" else f"{name}s"
                                         for rank, name in RANK_NAMES.items()}
# Why cards are not a meld (rules/variants/rummy.read_meld gives the code).
MELD_FLAWS: Final[Mapping[str, str]] = {
    "too_few": "a meld has at least 3 cards",
    "only_jokers": "a meld needs at least one card that is not a joker",
    "set_suit_twice": "a set has each suit at most once",
    "set_size": "a set has 3 or 4 cards",
    "mixed": "the cards are neither all of one rank (a set) nor all of one suit (a run)",
    "run_rank_twice": "a run has each rank once",
    "run_too_long": "a run has at most 13 cards: the ace is high or low, never both",
    "ace_both_ends": "the cards are not in sequence; the ace is high (Q-K-A) or low (A-2-3), "
                     "never both (K-A-2 is not a run)",
    "not_in_sequence": "the cards are not in sequence",
}

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


def cards_shown(codes: Sequence[str]) -> str:
    """'AH 2H 3H': cards as entered, one after the other."""
    return " ".join(str(code) for code in codes)


def decks_phrase(n: int) -> str:
    """'one deck', '2 decks'."""
    return "one deck" if n == 1 else f"{n} decks"


def jokers_phrase(n: int) -> str:
    """'1 joker', '2 jokers'."""
    return f"{n} joker{'s' if n != 1 else ''}"


def run_places(places: Sequence[Mapping[str, Any]]) -> str:
    """'A, 2 (a joker), 3': a run's ranks from low to high, saying where a joker stands in."""
    return ", ".join(f"{place['rank']} (a joker)" if place["joker"] else str(place["rank"])
                     for place in places)


PHRASES: Final[Mapping[str, Callable[[Any], str]]] = {
    "tricks": tricks_phrase, "signed": signed, "who": who, "and": joined, "or": either,
    "list": lambda items: ", ".join(str(item) for item in items),
    "words": in_words, "suit": suit_name, "suit_one": lambda code: SUIT_NAME[code],
    "card": card_written, "card_name": card_name, "card_name_capital": card_name_capital,
    "call": call_said, "kitty_cards_are": kitty_cards_are, "quoted": quoted,
    "forms": table_forms,
    "cards": cards_shown, "decks": decks_phrase, "jokers": jokers_phrase,
    "rank_plural": lambda rank: RANK_PLURALS[rank], "meld_flaw": lambda flaw: MELD_FLAWS[flaw],
    "run": run_places, "sum": lambda values: " + ".join(str(v) for v in values),
    "number": lambda n: f"{n:,}",
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
    "option_for_table.rummy_decks": "one deck cannot deal {cards} cards to each of {players} "
                                    "players: play with two decks",
    "unknown_key.rummy_hand": "{key} is not part of a {variant_name} hand: give each player's "
                              "melds, lay-offs and hand under players",
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
    "one_goes_out": "only one player goes out in a hand, and player {out} already did",
    "going_out_meld": "a player cannot go out without melding or laying off a card",
    "meld_invalid": "{cards:cards} is not a meld: {flaw:meld_flaw}",
    "meld_invalid.layoff": "with {laid:list} laid off onto it, {cards:cards} is no longer a meld: "
                           "{flaw:meld_flaw}",
    "layoff_onto": "there is no meld {meld} of player {player} to lay off onto",
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
    "format_variant": "the {format} format is for {variants:or}, not {variant_name}",
    "team_count": "a {format} tournament needs {least} to {most} teams",
    "team_name_twice": "two teams are called {name!r}",
    "player_twice": "{player} is listed twice: a player plays in one team",
    "team_size": "every team has the same number of players, {sizes:or} in this variant",
    "team_size.rummy_tables": "at Rummy tables everyone plays alone: one player a team",
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
