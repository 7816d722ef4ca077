"""Request and response schemas: the shapes of ../shared/API.md, documented in the OpenAPI spec."""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from typing import Any

import marshmallow as ma
from marshmallow import fields

from scorekeeper.api import validate
from scorekeeper.api.bounds import Items, Map, options_map
from scorekeeper.i18n import LANGUAGES, say
from scorekeeper.limits import MAX_CHANGES, MAX_HANDS, MAX_IDEMPOTENCY_KEY
from scorekeeper.rules.base import FAMILIES, REFEREES
from scorekeeper.rules.errors import RULES
from scorekeeper.rules.reasons import END_REASONS, REASONS, RULINGS
from scorekeeper.rules.registry import VARIANTS
from scorekeeper.tournaments.options import MAX_TEAMS

MAX_SEAT = 63
MAX_TRICKS = 1000
MAX_NAME = 60  # a side's, team's or player's name
MAX_TOURNAMENT_NAME = 120
MAX_CALLS = 200
MAX_KEY = 40  # a variant's, format's or export format's key
MAX_INSTANT = 40  # an instant as ISO 8601 text
MAX_SIDES = 8
# A trick has a card from each player: the most players of a game with tricks.
MAX_PLAYS = max(variant.players[1] for variant in VARIANTS if "trick" in variant.referees)
MAX_POINTS = 2**31 - 1  # a score or delta in an export (they are scored again on import)
MAX_LINE = 1000  # a line of an exported explanation
INSTANT = ("an instant: ISO 8601 with its offset (Z or +hh:mm; a time without one is refused), "
           "from 1970 up to the end of 2999 in UTC; written back in UTC, with Z")
# Text no database column, CSV or JSON file can hold as it is: control characters (category Cc;
# PostgreSQL refuses NUL) and lone surrogates (no UTF-8 for them, so exports would fail).
UNSAFE_CHARACTER = re.compile("[\x00-\x1f\x7f-\x9f\ud800-\udfff]")


def unsafe_character(text: str, *, key: bool = False) -> str | None:
    """Why `text` (a value, or an object's `key`) cannot be stored or written out, in a
    sentence; None when it can."""
    found = UNSAFE_CHARACTER.search(text)
    if found is None:
        return None
    char = found.group()
    code = f"U+{ord(char):04X}"
    if "\ud800" <= char <= "\udfff":
        return (say("A key contains a lone surrogate ({code}).", code=code) if key
                else say("Contains a lone surrogate ({code}).", code=code))
    return (say("A key contains a control character ({code}).", code=code) if key
            else say("Contains a control character ({code}).", code=code))


# Characters that make a name display as another: the bidirectional controls, the zero-width
# ones and the noncharacters. A zero-width joiner between two symbols is let through: it is what
# joins a family or a profession emoji, and there it changes nothing a reader could mistake.
DECEPTIVE_CHARACTER = re.compile("[\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c"
                                 "\u200b-\u200d\u2060\ufeff\ufdd0-\ufdef]")
JOINS_EMOJI = ("So", "Sk", "Mn")  # a symbol, a skin tone, or the emoji presentation selector


def deceptive_character(name: str) -> str | None:
    """The first character of `name` that could make it look like another name, as U+XXXX;
    None when there is none."""
    for at, char in enumerate(name):
        if DECEPTIVE_CHARACTER.match(char) is None and (ord(char) & 0xFFFE) != 0xFFFE:
            continue
        if (char == "\u200d" and 0 < at < len(name) - 1
                and unicodedata.category(name[at - 1]) in JOINS_EMOJI
                and unicodedata.category(name[at + 1]) == "So"):
            continue
        return f"U+{ord(char):04X}"
    return None


def storable(text: str) -> None:
    """A validator: text without control characters or lone surrogates."""
    fault = unsafe_character(text)
    if fault is not None:
        raise ma.ValidationError(fault)


class Strict(ma.Schema):
    """Unknown fields are refused (422) rather than silently dropped."""

    class Meta:
        unknown = ma.RAISE
        ordered = True


class ErrorSchema(ma.Schema):
    """Every 4xx: the status, a sentence a person understands, and the fields at fault."""

    code = fields.Int(required=True, metadata={"example": 422})
    status = fields.Str(required=True, metadata={"example": "Unprocessable Entity"})
    message = fields.Str(required=True, metadata={
        "example": "The tricks add up to 11, but a hand has 10."})
    errors = fields.Dict(metadata={"description": "messages by field",
                                   "example": {"tricks": ["the tricks add up to 11"]}})
    # Made from the rules' own table, so the spec lists every code a refusal can carry.
    rule = fields.Str(validate=validate.OneOf(sorted(RULES)), metadata={
        "example": "tricks_sum",
        "description": "only on a 422 for a broken rule: the rule's stable code, the same "
                       "whatever `message` says. Absent from 401, 403, 404, 409, 412 and 429, "
                       "and from a 422 about the request rather than the game (a body that does "
                       "not fit the schema, an Idempotency-Key). The codes:\n"
                       + "\n".join(f"- `{code}`: {why}" for code, why in sorted(RULES.items()))})


class Name(fields.String):
    """A side's, team's, player's or tournament's name: surrounding whitespace is dropped, then
    it must have 1 to `most` characters (the limit shows in the spec as minLength/maxLength)."""

    def __init__(self, most: int = MAX_NAME, **kwargs: Any) -> None:
        metadata = {"description": f"surrounding whitespace is dropped, then 1 to {most} "
                                   f"characters", **kwargs.pop("metadata", {})}
        super().__init__(validate=validate.Length(1, most), metadata=metadata, **kwargs)

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> str:
        name = str(super()._deserialize(value, attr, data, **kwargs)).strip()
        code = deceptive_character(name)
        if code is not None:
            raise ma.ValidationError(say("Contains an invisible or direction-changing character "
                                         "({code}): a name must read as it looks.", code=code))
        return name


class StrictBool(fields.Boolean):
    """Only JSON true or false: "yes", 1 and "on" are refused rather than guessed at."""

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> bool:
        if not isinstance(value, bool):
            raise self.make_error("invalid", input=value)
        return value


# -- variants -----------------------------------------------------------------------------------


class PlayerCountSchema(Strict):
    min = fields.Int(required=True)
    max = fields.Int(required=True)


class OptionSchema(Strict):
    type = fields.Str(required=True, metadata={
        "description": "boolean, integer, string, or table (a JSON object: fractional_values)"})
    default = fields.Raw(allow_none=True, required=True)
    label = fields.Str(required=True, metadata={
        "description": "the house rule's name as players say it",
        "example": "Out the back door at"})
    description = fields.Str(required=True, metadata={
        "description": "what the house rule does, in a sentence or two a player understands"})
    choices = fields.List(fields.Raw(), metadata={"description": "the accepted values, if fixed"})
    choice_labels = fields.List(fields.Str(), metadata={
        "description": "each of `choices` in words, in the same order"})
    nullable = fields.Bool(metadata={"description": "null is accepted (switches the rule off)"})
    null_label = fields.Str(metadata={
        "description": "what null means, in words (e.g. Never, No limit)"})
    minimum = fields.Int()
    maximum = fields.Int()


class BidSchema(Strict):
    code = fields.Str(required=True, metadata={"example": "7H"})
    name = fields.Str(required=True, metadata={"example": "7♥"})
    points = fields.Int(required=True, metadata={"example": 200})
    option = fields.Str(allow_none=True, metadata={
        "description": "the option that enables this bid; null for the ordinary bids"})
    kind = fields.Str(required=True, validate=validate.OneOf(["trumps", "misere", "hilo"]),
                      metadata={"description": "trumps: a trump or no-trump contract; misere: "
                                               "the bidder takes no trick; hilo: exactly 5"})
    tricks = fields.Int(required=True, metadata={
        "description": "the tricks the bidding side must take (trumps bids); 0 for the others",
        "example": 7})
    plays = fields.Str(required=True, validate=validate.OneOf(["side", "alone"]), metadata={
        "description": "side: the bidder's side (or, five-handed, the bidder and a called "
                       "partner) plays it; alone: the bidder plays it alone, calling no partner"})
    points_with_partner = fields.Int(metadata={
        "description": "five-handed under partner_share \"half\" (GET /games/{id}/bids): what "
                       "the bidder and the called partner each score when it is made with a "
                       "partner (`points` is what a bidder alone scores); absent for bids "
                       "always played alone and at other tables", "example": 100})


class PresetSchema(Strict):
    key = fields.Str(required=True, metadata={"example": "avondale"})
    name = fields.Str(required=True, metadata={"example": "Avondale standard"})
    description = fields.Str(required=True)
    options = fields.Dict(keys=fields.Str(), required=True, metadata={
        "description": "the options this table sets, as a game's `options` (POST /games) take "
                       "them; the others keep their defaults",
        "example": {"win_on": "contract", "defender_cap": 490}})


class TableFormSchema(Strict):
    players = fields.Int(required=True, metadata={"example": 4})
    sides = fields.Int(required=True, metadata={"example": 2})
    per_side = fields.Int(required=True, metadata={
        "description": "players in each side (1: everyone plays alone)", "example": 2})
    calls_partner = fields.Bool(required=True, metadata={
        "description": "the bidder calls a partner for each hand (hands then carry partner)"})


class HandSizeSchema(Strict):
    cards = fields.Int(required=True, allow_none=True, metadata={
        "description": "cards dealt to each player; null where the variant does not fix it"})
    tricks = fields.Int(required=True, allow_none=True, metadata={
        "description": "tricks played in a hand (the contract games)"})
    points = fields.Int(required=True, allow_none=True, metadata={
        "description": "card points to be won in a hand (Cinquecento: 120)"})


class VariantSchema(Strict):
    key = fields.Str(required=True, metadata={"example": "australian-500"})
    name = fields.Str(required=True)
    description = fields.Str(required=True)
    players = fields.Nested(PlayerCountSchema, required=True)
    team_play = fields.Bool(required=True)
    options = fields.Dict(keys=fields.Str(), values=fields.Nested(OptionSchema), required=True)
    bids = fields.List(fields.Nested(BidSchema), metadata={
        "description": "every bid with its value, in auction order (variants with an auction)"})
    presets = fields.List(fields.Nested(PresetSchema), required=True, metadata={
        "description": "house rules of common tables (Avondale standard, Quebec club, ...), each "
                       "a set of options this variant accepts"})
    family = fields.Str(required=True, validate=validate.OneOf(FAMILIES), metadata={
        "description": "contract: bid tricks at auction (a hand names the bidder, the bid and "
                       "the tricks); card_points: score the card points captured (Cinquecento); "
                       "rummy: meld and lay off, each player alone"})
    forms = fields.List(fields.Nested(TableFormSchema), required=True, metadata={
        "description": "the tables it seats, each as a game's `sides` must form it: 4 players "
                       "as 2 sides of 2, 5 alone calling a partner, ..."})
    hand = fields.Nested(HandSizeSchema, required=True)
    hand_fields = fields.List(fields.Str(), required=True, metadata={
        "description": "the fields a hand may carry (POST /games/{id}/hands)",
        "example": ["bidder", "bid", "tricks", "passed_out", "calls"]})
    auction = fields.Bool(required=True, metadata={
        "description": "a hand is played for a contract won at auction (see bids)"})
    referees = fields.List(fields.Str(validate=validate.OneOf(REFEREES)), required=True,
                           metadata={"description": "the /adjudicate endpoints that judge it",
                                     "example": ["trick", "auction"]})


# -- games --------------------------------------------------------------------------------------


class SideSchema(Strict):
    name = Name(required=True, metadata={"example": "North-South"})
    players = Items(Name(), 8, 1, required=True, metadata={"example": ["Ann", "Cy"]})


def variant_key(**kwargs: Any) -> fields.Str:
    return fields.Str(validate=validate.Length(1, MAX_KEY), metadata={
        "example": "australian-500"}, **kwargs)


class GameCreateSchema(Strict):
    variant = variant_key(required=True)
    options = options_map(load_default=dict, metadata={
        "description": "house rules by name (see GET /variants/{key}); the ones left out take "
                       "their defaults", "example": {"slam_bonus": True}})
    sides = Items(fields.Nested(SideSchema), MAX_SIDES, 1, required=True)
    first_dealer = fields.Int(strict=True, load_default=0, validate=validate.Range(0, MAX_SEAT),
                              metadata={"description": "seat index of the first dealer"})


class StandingSchema(Strict):
    status = fields.Str(required=True, validate=validate.OneOf(["in_progress", "finished"]))
    winner = fields.Int(allow_none=True, required=True,
                        metadata={"description": "side index of the winner, null while playing"})
    # Made from the rules' own table, so the spec lists every way a game can end.
    end_reason = fields.Str(allow_none=True, required=True,
                            validate=validate.OneOf(sorted(END_REASONS)), metadata={
                                "description": "why a finished game ended, null while playing; "
                                               "the codes:\n" + "\n".join(
                                                   f"- `{code}`: {why}"
                                                   for code, why in sorted(END_REASONS.items()))})
    scores = fields.List(fields.Int(), required=True,
                         metadata={"description": "running totals, one per side"})
    hands_played = fields.Int(required=True)
    dealer = fields.Int(required=True, metadata={"description": "seat index of the next dealer"})
    barred_seat = fields.Int(allow_none=True, metadata={
        "description": "a ralphed seat that may not win the next auction"})


class GameSchema(StandingSchema):
    id = fields.Int(required=True)
    variant = fields.Str(required=True)
    options = fields.Dict(keys=fields.Str(), values=fields.Raw(allow_none=True), required=True)
    sides = fields.List(fields.Nested(SideSchema), required=True)
    first_dealer = fields.Int(required=True)
    created_at = fields.Str(required=True, metadata={"format": "date-time"})
    updated_at = fields.Str(required=True, metadata={"format": "date-time"})


class GameCreatedSchema(GameSchema):
    token = fields.Str(required=True, metadata={
        "description": "the game's secret for writes (Authorization: Bearer <token>); shown "
                       "only in this response"})


# -- hands --------------------------------------------------------------------------------------


class MariannaSchema(Strict):
    side = fields.Int(strict=True, required=True, validate=validate.Range(0, 7))
    suit = fields.Str(required=True, validate=validate.Length(1, 12), metadata={
        "description": "coins, cups, swords, clubs (French deck: hearts, diamonds, spades, "
                       "clubs)", "example": "coins"})
    stock_exhausted = StrictBool(metadata={
        "description": "declared after the stock ran out (not allowed)"})


RUMMY_CARD = "a card: AH, 10D (T for 10), QS; JK (or JKR, JKB) with option jokers"
MAX_MELD = 13  # the longest run
MAX_RUMMY_CARDS = 108  # two decks with their jokers


def rummy_cards(description: str, most: int = MAX_RUMMY_CARDS, **kwargs: Any) -> fields.List[str]:
    return Items(fields.Str(validate=validate.Length(1, 4)), most, metadata={
        "description": f"{description}; {RUMMY_CARD}"}, **kwargs)


class LayoffSchema(Strict):
    card = fields.Str(required=True, validate=validate.Length(1, 4),
                      metadata={"description": RUMMY_CARD, "example": "10H"})
    onto = Items(fields.Int(strict=True, validate=validate.Range(0, MAX_MELD * 8)), 2, 2,
                 required=True, metadata={
        "description": "[player index, meld index] of the meld the card extends (anyone's)",
        "example": [0, 0]})


class RummyPlayerSchema(Strict):
    """One player's hand: the cards (melds, layoffs, hand) or the points counted at the table."""

    melds = Items(rummy_cards("one meld", MAX_MELD + 8), 40, metadata={
        "description": "the sets and runs this player laid down",
        "example": [["7H", "8H", "9H"], ["QS", "QD", "QC"]]})
    layoffs = Items(fields.Nested(LayoffSchema), 60, metadata={
        "description": "cards this player added to melds on the table; their points are this "
                       "player's"})
    hand = rummy_cards("the cards still in hand when the hand ended (each counts against)")
    went_out = StrictBool(metadata={
        "description": "this player went out (default: true exactly when the hand is empty)"})
    discard = fields.Str(validate=validate.Length(1, 4), metadata={
        "description": "the final discard of the player who went out (required by option "
                       "boathouse); it scores nothing"})
    meld_points = fields.Int(strict=True, validate=validate.Range(0, 2000), metadata={
        "description": "quick form: points melded and laid off, as counted at the table"})
    hand_points = fields.Int(strict=True, validate=validate.Range(0, 2000), metadata={
        "description": "quick form: points of the cards left in hand"})


class ContractHandSchema(Strict):
    """A hand of a contract game: the auction's winner, the bid and the tricks."""

    bidder = fields.Int(strict=True, validate=validate.Range(0, MAX_SEAT), metadata={
        "description": "seat index of the player who won the auction"})
    bid = fields.Str(validate=validate.Length(1, 10), metadata={
        "description": "bid code: 6S…10NT, MIS, OMIS, … (see the variant's bids)",
        "example": "7H"})
    partner = fields.Int(strict=True, allow_none=True, validate=validate.Range(0, MAX_SEAT),
                         metadata={
        "description": "five-handed australian-500 only, and required there: the seat of the "
                       "partner the bidder called, or null when the bidder plays alone "
                       "(misère, open and blind misère and hi/lo are always alone)",
        "example": 2})
    tricks = Items(fields.Int(strict=True, validate=validate.Range(0, MAX_TRICKS)), MAX_SIDES, 1,
                   metadata={
                             "description": "tricks won by each side, in side order (at five, "
                                            "each player's own)",
                             "example": [3, 7]})
    passed_out = StrictBool(metadata={"description": "true when everybody passed"})
    calls = Items(fields.Str(validate=validate.Length(1, 10)), MAX_CALLS, 1, metadata={
        "description": "the auction, if you want it checked: every call in order from the "
                       "dealer's left, \"pass\" or a bid code; bid and bidder must then agree "
                       "with it (misère after 7, inkles and ralphing are checked too)",
        "example": ["pass", "7H", "pass", "pass", "pass"]})

    @ma.post_load
    def canonical(self, data: dict[str, Any], **_kwargs: Any) -> dict[str, Any]:
        if "bid" in data:
            data["bid"] = data["bid"].strip().upper()
        if "calls" in data:
            data["calls"] = [canonical_call(call) for call in data["calls"]]
        return data


class CardPointsHandSchema(Strict):
    """A hand of a card-points game (Cinquecento): card points and Mariannas."""

    points = Items(fields.Int(strict=True, validate=validate.Range(0, MAX_TRICKS)), MAX_SIDES, 1,
                   metadata={
        "description": "Cinquecento: card points each side captured, in side order (120 in all)",
        "example": [68, 52]})
    captured = Items(Items(fields.Str(validate=validate.Length(1, 12)), 40), MAX_SIDES, 1,
                     metadata={
        "description": "Cinquecento, instead of points: the cards each side captured "
                       "(R-coins, or KH in the French-deck form); the service counts them"})
    mariannas = Items(fields.Nested(MariannaSchema), 8, metadata={
        "description": "Cinquecento: in the order declared"})


class RummyHandSchema(Strict):
    """A hand of a rummy game: each player's cards or counted points."""

    players = Items(fields.Nested(RummyPlayerSchema), MAX_SIDES, 1, metadata={
        "description": "Rummy 500: each player's hand, in side order (all by cards, or all by "
                       "counted points)"})


# A hand body is parsed before its game, and so its variant, is known: by every family's fields
# at once (the rules then refuse, by name, a field the game's variant does not take). The spec
# documents it as what it really is, one family's hand (see HAND_FAMILIES). The bases are listed
# last family first because marshmallow takes the fields of the last base first: the contract
# fields first, as the stored hands have always had them.
class HandInputSchema(RummyHandSchema, CardPointsHandSchema, ContractHandSchema):
    """A hand as entered at the table, of any variant."""


@dataclass(frozen=True)
class HandFamily:
    """How the spec documents the hands of one family (a variant's `family`)."""

    family: str
    component: str  # its name in the spec's components
    schema: type[Strict]
    description: str  # what it holds; the variants it is for are named before it
    example: dict[str, Any]
    required: tuple[str, ...] = ()  # fields the rules always ask for, though not at parsing


HAND_FAMILIES = (
    HandFamily("contract", "ContractHand", ContractHandSchema,
               "The seat that won the auction, the bid and the tricks each side took (and the "
               "auction itself, to have it checked); or passed_out when everybody passed. "
               "partner at the five-handed table only, and there on every hand played.",
               {"bidder": 1, "bid": "7H", "tricks": [3, 7]}),
    HandFamily("card_points", "CardPointsHand", CardPointsHandSchema,
               "The card points each side captured (or the captured cards, for the service to "
               "count) and the Mariannas in the order declared.",
               {"points": [68, 52], "mariannas": [{"side": 0, "suit": "coins"},
                                                  {"side": 1, "suit": "cups"}]}),
    HandFamily("rummy", "RummyHand", RummyHandSchema,
               "Every player's melds, lay-offs and cards left in hand, or the points counted at "
               "the table, one entry per player in side order.",
               {"players": [{"melds": [["7H", "8H", "9H"], ["QS", "QD", "QC"]],
                             "layoffs": [{"card": "10H", "onto": [0, 0]}], "hand": [],
                             "went_out": True},
                            {"melds": [], "layoffs": [], "hand": ["KD", "2C"]}]},
               required=("players",)),
)


def canonical_call(call: str) -> str:
    call = call.strip()
    return call.lower() if call.lower() == "pass" else call.upper()


class ReasonSchema(Strict):
    """One line of a hand's explanation as a code and its parameters."""

    # Made from the rules' own table, so the spec lists every code a hand's reasons can carry.
    code = fields.Str(required=True, validate=validate.OneOf(sorted(REASONS)), metadata={
        "example": "contract_made",
        "description": "the same whatever the language of `explanation`. The codes:\n"
                       + "\n".join(f"- `{code}`: {why}" for code, why in sorted(REASONS.items()))})
    params = fields.Dict(keys=fields.Str(), values=fields.Raw(allow_none=True), required=True,
                         metadata={"description": "what the sentence names: sides, players, "
                                                  "points, tricks, the bid's code and name, "
                                                  "suits",
                                   "example": {"bid": "7H", "bid_name": "7♥", "points": 200,
                                               "declarers": {"side": "East-West",
                                                             "partner": None, "alone": None}}})


class RulingReasonSchema(Strict):
    """One line of a referee's explanation as a code and its parameters."""

    code = fields.Str(required=True, validate=validate.OneOf(sorted(RULINGS)), metadata={
        "description": "the same whatever the language of `explanation`. The codes:\n"
                       + "\n".join(f"- `{code}`: {why}" for code, why in sorted(RULINGS.items()))})
    params = fields.Dict(keys=fields.Str(), values=fields.Raw(allow_none=True), required=True,
                         metadata={"description": "what the sentence names: seats, cards and "
                                                  "suits by their codes, bids, points"})


def ruling_reasons() -> fields.List[Any]:
    return fields.List(fields.Nested(RulingReasonSchema), required=True, metadata={
        "description": "one per line of `explanation`, in the same order"})


class ContractOutcomeSchema(Strict):
    """How a hand's contract ended."""

    made = StrictBool(required=True, metadata={
        "description": "true when the declarers made the bid (a misère: took no trick; hi/lo: "
                       "exactly 5), false when it failed"})


class HandPreviewSchema(HandInputSchema):
    """What recording a hand gives (or would give: POST .../hands/preview)."""

    number = fields.Int(required=True, metadata={"description": "1 for the first hand"})
    deltas = fields.List(fields.Int(), required=True,
                         metadata={"description": "points each side gained or lost"})
    scores = fields.List(fields.Int(), required=True,
                         metadata={"description": "running totals after this hand"})
    explanation = fields.List(fields.Str(), required=True, metadata={
        "example": ["7♥ made by East-West: +200", "North-South took 3 tricks: +30"]})
    reasons = fields.List(fields.Nested(ReasonSchema), required=True, metadata={
        "description": "one per line of `explanation`, in the same order"})
    game = fields.Nested(StandingSchema, metadata={"description": "the game after this hand"})
    contract = fields.Nested(ContractOutcomeSchema, allow_none=True, metadata={
        "description": "contract games only: whether the bid was made; null when everybody "
                       "passed (or for an imported hand kept with its explanation as recorded)"})
    out = fields.Int(allow_none=True, metadata={
        "description": "Rummy 500 only: index of the player who went out; null when the stock "
                       "ran out first"})


class HandSchema(HandPreviewSchema):
    recorded_at = fields.Str(required=True, metadata={"format": "date-time"})


MAX_HAND_KEYS = 16  # fields of a hand as entered, or of a history entry's hand


def instant(**kwargs: Any) -> fields.Str:
    return fields.Str(validate=validate.Length(1, MAX_INSTANT), metadata={
        "format": "date-time", "description": INSTANT}, **kwargs)


def points_list(**kwargs: Any) -> Items:
    return Items(fields.Int(strict=True, validate=validate.Range(-MAX_POINTS, MAX_POINTS)),
                 MAX_SIDES, **kwargs)


class ChangeSchema(Strict):
    number = fields.Int(strict=True, required=True, validate=validate.Range(1, 2**31 - 1))
    action = fields.Str(required=True, validate=validate.OneOf(["recorded", "corrected",
                                                                "undone"]))
    at = instant(required=True)
    before = Map(MAX_HAND_KEYS, allow_none=True, metadata={
        "description": "the hand before the change: input, deltas, scores"})
    after = Map(MAX_HAND_KEYS, allow_none=True, metadata={
        "description": "the hand after the change"})


# -- statistics ---------------------------------------------------------------------------------


class BidCountSchema(Strict):
    bid = fields.Str(required=True, metadata={"example": "7H"})
    won = fields.Int(required=True, metadata={"description": "auctions won with this bid"})
    made = fields.Int(required=True)
    failed = fields.Int(required=True)


class BidRecordSchema(Strict):
    won = fields.Int(required=True, metadata={"description": "auctions won"})
    made = fields.Int(required=True, metadata={"description": "contracts made"})
    failed = fields.Int(required=True, metadata={"description": "contracts failed"})
    by_bid = fields.List(fields.Nested(BidCountSchema), required=True, metadata={
        "description": "the same, bid by bid in auction order (bids never won are left out)"})


class CountsSchema(Strict):
    """The counts that mean something in the game's variant; the others are left out."""

    hands_won = fields.Int(required=True, metadata={
        "description": "hands in which this side gained the most points (a tie at the top "
                       "counts for nobody)"})
    card_points = fields.Int(metadata={"description": "Cinquecento: card points captured"})
    marianna_points = fields.Int(metadata={"description": "Cinquecento: points for Mariannas"})
    mariannas = fields.Int(metadata={"description": "Cinquecento: Mariannas declared"})
    meld_points = fields.Int(metadata={"description": "Rummy 500: points melded and laid off"})
    penalty_points = fields.Int(metadata={
        "description": "Rummy 500: points of the cards left in hand, counted against"})
    went_out = fields.Int(metadata={"description": "Rummy 500: hands in which this player went "
                                                   "out"})
    bids = fields.Nested(BidRecordSchema, metadata={
        "description": "Australian and Quebec 500: the contracts this side or player won"})


class PlayerStatsSchema(CountsSchema):
    """A player: their bids; all of the side's counts when they play alone."""

    hands_won = fields.Int()
    name = fields.Str(required=True)
    seat = fields.Int(required=True)


class SideStatsSchema(CountsSchema):
    side = fields.Int(required=True)
    name = fields.Str(required=True)
    score = fields.Int(required=True)
    players = fields.List(fields.Nested(PlayerStatsSchema), required=True)


class StatsSchema(Strict):
    game_id = fields.Int(required=True)
    variant = fields.Str(required=True)
    hands_played = fields.Int(required=True)
    sides = fields.List(fields.Nested(SideStatsSchema), required=True)


class HandExportSchema(Strict):
    number = fields.Int(strict=True, required=True, validate=validate.Range(1, MAX_HANDS))
    input = Map(MAX_HAND_KEYS, required=True, metadata={
        "description": "the hand exactly as entered"})
    deltas = points_list(required=True)
    scores = points_list(required=True)
    explanation = Items(fields.Str(validate=validate.Length(0, MAX_LINE)), 64, required=True)
    recorded_at = instant(required=True)
    updated_at = instant(required=True)


class GameExportSchema(Strict):
    """A whole game: import it (POST /games/import) to get it back, checked by the rules."""

    format = fields.Str(required=True, validate=validate.Length(1, MAX_KEY),
                        metadata={"example": "scorekeeper.game/1"})
    variant = variant_key(required=True)
    options = options_map(required=True)
    sides = Items(fields.Nested(SideSchema), MAX_SIDES, 1, required=True)
    first_dealer = fields.Int(strict=True, required=True, validate=validate.Range(0, MAX_SEAT))
    created_at = instant(required=True)
    updated_at = instant(required=True)
    status = fields.Str(required=True, validate=validate.OneOf(["in_progress", "finished"]))
    winner = fields.Int(strict=True, allow_none=True, required=True,
                        validate=validate.Range(0, MAX_SIDES - 1))
    scores = points_list(required=True)
    hands = Items(fields.Nested(HandExportSchema), MAX_HANDS, required=True)
    history = Items(fields.Nested(ChangeSchema), MAX_CHANGES, required=True)


class CreateHeadersSchema(ma.Schema):
    class Meta:
        unknown = ma.EXCLUDE

    idempotency_key = fields.Str(data_key="Idempotency-Key", validate=storable, metadata={
        "maxLength": MAX_IDEMPOTENCY_KEY,  # said by the write guard (services/writes.py)
        "description": "any unique string, best a random UUID: a retry with the same key and "
                       "body returns the first reply (a token it issued included) and stores "
                       "nothing new; replies are kept for 24 hours (the server's "
                       "SCOREKEEPER_REPLY_HOURS)"})


class WriteHeadersSchema(CreateHeadersSchema):
    if_match = fields.Str(data_key="If-Match", validate=validate.Length(1, 200), metadata={
        "description": "the game's ETag as last read; a stale one is refused with 412"})


# -- the referee --------------------------------------------------------------------------------

SUIT = validate.OneOf(["S", "C", "D", "H"])
CARD_NOTATION = (
    "rank then suit, case-insensitive: ranks A K Q J 10 9 8 7 6 5 4 3 2 (T for 10; 11, 12 and 13 "
    "in the six-player deck), suits S C D H. Jokers: JK where the game has one; JKR (red) and "
    "JKB (black) with Five-Hundred++'s second_joker; in quebec-500 JKB is la blanche (the "
    "black-and-white joker, highest) and JKR le bonhomme (the coloured joker). Cinquecento: "
    "<rank>-<suit> with ranks A 3 R C F 7 6 5 4 2 and suits coins cups swords clubs (R-coins), "
    "or with option deck french the ordinary notation (K, Q, J for Re, Cavallo, Fante)")


def card_field(**kwargs: Any) -> fields.Str:
    return fields.Str(validate=validate.Length(1, 12), metadata={
        "description": CARD_NOTATION, "example": "JD"}, **kwargs)


class RefereeSchema(Strict):
    variant = variant_key(required=True)
    options = options_map(load_default=dict, metadata={
        "description": "house rules by name, as for a game"})
    players = fields.Int(strict=True, validate=validate.Range(1, MAX_SEAT + 1), metadata={
        "description": "players at the table (default: 4 where the variant allows it)"})
    sides = fields.Int(strict=True, validate=validate.Range(1, 8), metadata={
        "description": "number of sides, for six players (2 sides of 3 by default, or 3 of 2)"})


class PlaySchema(Strict):
    seat = fields.Int(strict=True, required=True, validate=validate.Range(0, MAX_SEAT))
    card = card_field(required=True)
    named_suit = fields.Str(validate=SUIT, metadata={
        "description": "a joker led at no-trumps: the suit the others must follow; the "
                       "anti-joker: the suit it is played as"})
    shown_void = Items(fields.Str(validate=SUIT), 4, metadata={
        "description": "suits this player has shown void in earlier in the hand"})


class TrickRequestSchema(RefereeSchema):
    contract = fields.Str(validate=validate.Length(1, 10), metadata={
        "description": "the bid being played (7H, 8NT, 7J5, MIS, 6.3H, …); required except in "
                       "Cinquecento", "example": "7H"})
    trump = fields.Str(allow_none=True, validate=validate.Length(1, 12), metadata={
        "description": "Cinquecento instead of contract: the trump suit a Marianna set, or null",
        "example": "coins"})
    plays = Items(fields.Nested(PlaySchema), MAX_PLAYS, 1, required=True, metadata={
        "description": "in play order, one card a player; the first is the lead"})
    led_before = Items(fields.Str(validate=SUIT), 10, metadata={
        "description": "suits already led this hand (a joker led at no-trumps must name "
                       "another)"})


class PlayedCardSchema(Strict):
    seat = fields.Int(required=True)
    card = fields.Str(required=True, metadata={"example": "JD"})


class TrickRulingSchema(Strict):
    winner = fields.Nested(PlayedCardSchema, required=True)
    explanation = fields.List(fields.Str(), required=True, metadata={"example": [
        "Hearts are trumps.", "The jack of diamonds is the left bower in hearts, a trump.",
        "Seat 2 wins the trick with the jack of diamonds."]})
    reasons = ruling_reasons()


class AuctionRequestSchema(RefereeSchema):
    dealer = fields.Int(strict=True, required=True, validate=validate.Range(0, MAX_SEAT))
    calls = Items(fields.Str(validate=validate.Length(1, 10)), MAX_CALLS, required=True, metadata={
        "description": "in order from the dealer's left, skipping players who have passed: "
                       "\"pass\" or a bid code", "example": ["pass", "7H", "MIS", "pass", "pass"]})
    ralphed = Items(fields.Int(strict=True, validate=validate.Range(0, MAX_SEAT)), MAX_SEAT + 1,
                    metadata={
        "description": "seats ralphed last hand, who may only pass"})


class CallSchema(Strict):
    seat = fields.Int(required=True)
    call = fields.Str(required=True, metadata={"example": "7H"})
    legal = fields.Bool(required=True)
    kitty_face_up = fields.Int(required=True, metadata={
        "description": "kitty cards face up after this call (option visible_kitty)"})


class AuctionRulingSchema(Strict):
    legal = fields.Bool(required=True)
    first_illegal = fields.Int(allow_none=True, required=True,
                               metadata={"description": "index of the first illegal call"})
    complete = fields.Bool(required=True)
    passed_out = fields.Bool(required=True)
    winning_bid = fields.Str(allow_none=True, required=True, metadata={
        "description": "the standing bid (the winning one once complete)", "example": "MIS"})
    winner_seat = fields.Int(allow_none=True, required=True)
    kitty_face_up = fields.Int(required=True)
    next_seat = fields.Int(allow_none=True, required=True,
                           metadata={"description": "who calls next; null once complete"})
    may_pass = fields.Bool(required=True, metadata={
        "description": "whether the next caller may pass (the dealer may not under "
                       "dealer-must-bid)"})
    next_legal_bids = fields.List(fields.Str(), required=True, metadata={
        "description": "every bid the next caller may make, lowest first"})
    calls = fields.List(fields.Nested(CallSchema), required=True,
                        metadata={"description": "each call judged, up to the first illegal one"})
    explanation = fields.List(fields.Str(), required=True)
    reasons = ruling_reasons()


class DealRequestSchema(RefereeSchema):
    cards = Items(card_field(), 20, 1, required=True,
                  metadata={"description": "one player's hand as dealt"})


class DealRulingSchema(Strict):
    redeal = fields.Bool(required=True)
    explanation = fields.List(fields.Str(), required=True)
    reasons = ruling_reasons()


class MeldRequestSchema(RefereeSchema):
    cards = rummy_cards("the meld, in any order", MAX_MELD + 8, required=True)


class MeldRulingSchema(Strict):
    valid = fields.Bool(required=True)
    kind = fields.Str(allow_none=True, required=True, validate=validate.OneOf(["set", "run"]),
                      metadata={"description": "set, run, or null when not a meld"})
    points = fields.Int(required=True, metadata={
        "description": "what the meld scores (0 when not a meld)", "example": 20})
    explanation = fields.List(fields.Str(), required=True, metadata={"example": [
        "A run of hearts: A, 2, 3. The ace is low.", "Worth 20 points (15 + 2 + 3)."]})
    reasons = ruling_reasons()


# -- tournaments --------------------------------------------------------------------------------

MAX_SCORE = 100_000


class TeamInputSchema(Strict):
    name = Name(required=True, metadata={"example": "Les As"})
    players = Items(Name(), 3, 1, required=True, metadata={"example": ["Ann", "Cy"]})


class TournamentCreateSchema(Strict):
    name = Name(MAX_TOURNAMENT_NAME, required=True,
                metadata={"example": "Tournoi de la Saint-Jean"})
    variant = variant_key(required=True)
    format = fields.Str(required=True, validate=validate.Length(1, MAX_KEY), metadata={
        "description": "quebec, single_elimination, double_elimination, round_robin, swiss or "
                       "rummy_tables",
        "example": "quebec"})
    teams = Items(fields.Nested(TeamInputSchema), MAX_TEAMS, 2, required=True, metadata={
                            "description": "teams (players alone at Rummy tables: one player "
                                           "each), in seed order when options.seeding is "
                                           "listed"})
    options = options_map(load_default=dict, metadata={
                              "description": "the format's options (see the tag description); "
                                             "those left out take their defaults",
                              "example": {"games_per_match": {"qualifying": 5, "knockout": 3}}})
    language = fields.Str(validate=validate.OneOf(list(LANGUAGES)), metadata={
        "description": "the language the tournament's projector, print kit and scorer pages "
                       "speak unless the viewer picks another (default: the request's language, "
                       "?lang= or Accept-Language: the organizer page's)",
        "example": "fr"})


TEAM_STATUSES = ("registered", "checked_in", "withdrawn")


class TournamentTeamSchema(Strict):
    team = fields.Int(required=True, metadata={"description": "the team's index in `teams`"})
    name = fields.Str(required=True)
    players = fields.List(fields.Str(), required=True)
    number = fields.Int(allow_none=True, required=True, metadata={
        "description": "the number drawn (the seed); null before the draw and for a team "
                       "withdrawn before it; a late entry is numbered after everyone drawn"})
    status = fields.Str(required=True, validate=validate.OneOf(TEAM_STATUSES), metadata={
        "description": "registered, checked_in (at the desk; once any team checks in, the draw "
                       "withdraws the teams still only registered) or withdrawn"})
    joined_round = fields.Int(allow_none=True, required=True, metadata={
        "description": "a late entry after the draw: the first round it plays; else null"})
    withdrawn_round = fields.Int(allow_none=True, required=True, metadata={
        "description": "the round in play when it withdrew; null if it withdrew before the "
                       "draw or is still in"})


class ResultSchema(Strict):
    number = fields.Int(required=True, metadata={"description": "1 for the match's first game"})
    scores = fields.List(fields.Int(), required=True,
                         metadata={"description": "in the match's team order"})
    game_id = fields.Int(allow_none=True, required=True,
                         metadata={"description": "the recorded game it came from, if any"})


class UnconfirmedSchema(Strict):
    number = fields.Int(required=True)
    scores = fields.List(fields.Int(), required=True,
                         metadata={"description": "in the match's team order"})
    reported_by = fields.Int(allow_none=True, required=True, metadata={
        "description": "the team whose scorer reported it (null: the match's own token)"})


class MatchSchema(Strict):
    id = fields.Str(required=True, metadata={"example": "r1m3"})
    round = fields.Int(required=True)
    table = fields.Int(allow_none=True, required=True, metadata={
        "description": "the table it is played at: 1, 2, ... within its round, in the round's "
                       "order (null for a bye, which is not played)"})
    kind = fields.Str(required=True, validate=validate.OneOf(["match", "bye", "table",
                                                              "tiebreak"]))
    teams = fields.List(fields.Int(), required=True,
                        metadata={"description": "team indices, in the order scores are given"})
    names = fields.List(fields.Str(), required=True)
    games = fields.Int(required=True, metadata={"description": "the most games it can take"})
    first_to = fields.Int(allow_none=True, required=True, metadata={
        "description": "games won that end it early (knockouts: best of `games`)"})
    status = fields.Str(required=True, validate=validate.OneOf(["pending", "playing",
                                                                "complete"]))
    winner = fields.Int(allow_none=True, required=True)
    forfeit = fields.List(fields.Int(), required=True, metadata={
        "description": "the teams that withdrew while it was open: the games left count as won "
                       "by the other team, with no card points (at a table they are placed "
                       "last); empty otherwise"})
    wins = fields.List(fields.Int(), allow_none=True, required=True,
                       metadata={"description": "games won by each team, forfeited games "
                                                "included (null at tables)"})
    totals = fields.List(fields.Int(), required=True,
                         metadata={"description": "points scored by each team"})
    results = fields.List(fields.Nested(ResultSchema), required=True)
    unconfirmed = fields.List(fields.Nested(UnconfirmedSchema), required=True, metadata={
        "description": "games a team's scorer reported that wait for the other team's "
                       "confirmation (option confirm_games): they count nowhere yet"})


class RoundSchema(Strict):
    number = fields.Int(required=True)
    name = fields.Str(required=True, metadata={"example": "Quarter-finals"})
    kind = fields.Str(required=True, validate=validate.OneOf(
        ["league", "knockout", "losers", "final", "third_place", "tiebreak"]), metadata={
            "description": "knockout: a (winners') bracket round; losers: a double "
                           "elimination's losers' bracket; final: its grand final and reset"})
    complete = fields.Bool(required=True)
    matches = fields.List(fields.Nested(MatchSchema), required=True)


class StandingRowSchema(Strict):
    rank = fields.Int(required=True)
    team = fields.Int(required=True)
    name = fields.Str(required=True)
    number = fields.Int(required=True)
    played = fields.Int(required=True, metadata={"description": "matches, byes included"})
    won = fields.Int(required=True, metadata={
        "description": "games won (Rummy tables: players finished below)"})
    lost = fields.Int(required=True)
    points = fields.Int(required=True, metadata={
        "description": "points_per_game a game won (Rummy tables: players finished below)"})
    scored = fields.Int(required=True)
    against = fields.Int(required=True)


class PlacingSchema(Strict):
    place = fields.Int(required=True, metadata={"description": "1 for the champion; shared by "
                                                               "teams the format leaves level"})
    team = fields.Int(required=True)
    name = fields.Str(required=True)


class TournamentSchema(Strict):
    id = fields.Int(required=True)
    name = fields.Str(required=True)
    variant = fields.Str(required=True)
    format = fields.Str(required=True)
    options = fields.Dict(keys=fields.Str(), values=fields.Raw(allow_none=True), required=True)
    seed = fields.Int(allow_none=True, required=True, metadata={
        "description": "the draw's random seed, shown so a draw can be audited and replayed"})
    language = fields.Str(required=True, validate=validate.OneOf(list(LANGUAGES)), metadata={
        "description": "the language its projector, print kit and scorer pages speak unless "
                       "the viewer picks another (set at creation)"})
    status = fields.Str(required=True, validate=validate.OneOf(["registered", "playing",
                                                                "finished"]))
    champion = fields.Int(allow_none=True, required=True, metadata={
        "description": "the winning team's index once the tournament is over"})
    can_advance = fields.Bool(required=True, metadata={
        "description": "every match is complete: POST .../advance builds the next round"})
    next_step = fields.Str(required=True, metadata={"description": "what happens next, in words"})
    teams = fields.List(fields.Nested(TournamentTeamSchema), required=True)
    rounds = fields.List(fields.Nested(RoundSchema), required=True)
    standings = fields.List(fields.Nested(StandingRowSchema), required=True, metadata={
        "description": "the league rounds' table (Quebec: the qualifying round; single "
                       "elimination: how far each team went; double elimination: the champion, "
                       "the teams still in by losses, then the teams out, latest out first)"})
    placings = fields.List(fields.Nested(PlacingSchema), required=True, metadata={
        "description": "final places once the tournament is finished (empty before), champion "
                       "first, as far as the format decides: a knockout's teams by the round "
                       "they went out in, that round's losers sharing a place (two 3rd, four "
                       "5th), then the teams that never reached it by the qualifying standings; "
                       "a league's teams by its standings; a third-place match decides 3rd and "
                       "4th; double elimination: the champion, the grand final's loser, then the "
                       "teams by the losers' round they went out in, sharing a place within it"})
    created_at = fields.Str(required=True, metadata={"format": "date-time"})
    updated_at = fields.Str(required=True, metadata={"format": "date-time"})


class TournamentCreatedSchema(TournamentSchema):
    token = fields.Str(required=True, metadata={
        "description": "the organizer's secret for writes; shown only in this response"})


class DrawSchema(Strict):
    seed = fields.Int(strict=True, validate=validate.Range(0, 2**31 - 1), metadata={
        "description": "replay a draw with this seed (default: a fresh random one)"})


class GameReportSchema(Strict):
    scores = Items(fields.Int(strict=True, validate=validate.Range(-MAX_SCORE, MAX_SCORE)),
                   MAX_SIDES, 2, metadata={
        "description": "the game's points for each team of the match, in its order",
        "example": [360, 120]})
    game_id = fields.Int(strict=True, validate=validate.Range(1, 2**31 - 1), metadata={
        "description": "instead of scores (option game_unit game): a finished recorded game "
                       "of the same variant played by exactly these teams"})


class DroppedSchema(Strict):
    match = fields.Str(required=True)
    number = fields.Int(required=True)


class ReportReplySchema(Strict):
    match = fields.Nested(MatchSchema, allow_none=True, required=True, metadata={
        "description": "the match as it stands after this report; null if a cascaded correction "
                       "removed it from the rebuilt rounds"})
    dropped = fields.List(fields.Nested(DroppedSchema), required=True, metadata={
        "description": "games removed because the correction changed who plays those matches "
                       "(their matches are open again)"})
    status = fields.Str(required=True)
    champion = fields.Int(allow_none=True, required=True)
    can_advance = fields.Bool(required=True)
    next_step = fields.Str(required=True)
    reopened = fields.List(fields.Str(), metadata={
        "description": "corrections: the matches open again because games were dropped"})
    preview = fields.Bool(metadata={
        "description": "corrections: true when nothing was stored (?preview=true)"})
    standings = fields.List(fields.Nested(StandingRowSchema), metadata={
        "description": "a preview's standings as the correction would leave them"})


class CascadeSchema(ma.Schema):
    class Meta:
        unknown = ma.RAISE

    cascade = fields.Boolean(load_default=False, truthy={"true"}, falsy={"false"}, metadata={
        "description": "rebuild the later rounds that depend on this game"})
    preview = fields.Boolean(load_default=False, truthy={"true"}, falsy={"false"}, metadata={
        "description": "answer what the correction would do and store nothing"})

    @ma.pre_load
    def _spoken_apart(self, data: Any, **_kwargs: Any) -> Any:
        """?lang= is every operation's (scorekeeper/i18n.py), not an unknown argument here."""
        return {key: data[key] for key in data if key != "lang"}


class ScorerSchema(Strict):
    match = fields.Str(required=True)
    token = fields.Str(required=True, metadata={
        "description": "reports and corrects this match's games only; shown once"})
    team = fields.Int(allow_none=True, metadata={
        "description": "the team whose scorer it is (null: the match's)"})


class ScorerRequestSchema(Strict):
    team = fields.Int(strict=True, validate=validate.Range(0, 511), metadata={
        "description": "a scorer for this team of the match (the other team confirms its "
                       "games when option confirm_games is on)"})


class TablesSchema(Strict):
    tables = Map(MAX_TEAMS, keys=fields.Str(validate=validate.Length(1, 16)),
                 values=fields.Int(strict=True, validate=validate.Range(1, 999)),
                 required=True, metadata={
        "description": "table numbers by match key, any of the round's matches that are played",
        "example": {"r1m1": 5, "r1m2": 6}})


class RoundScorerSchema(Strict):
    match = fields.Str(required=True)
    table = fields.Int(allow_none=True, required=True)
    team = fields.Int(allow_none=True, required=True, metadata={
        "description": "the team whose scorer it is (option confirm_games), else null"})
    token = fields.Str(required=True, metadata={"description": "shown once"})


class RoundScorersSchema(Strict):
    round = fields.Int(required=True)
    scorers = fields.List(fields.Nested(RoundScorerSchema), required=True)


class AccessSchema(Strict):
    role = fields.Str(required=True, validate=validate.OneOf(["organizer", "scorer"]))
    match = fields.Str(allow_none=True, required=True,
                       metadata={"description": "a scorer's match, else null"})
    team = fields.Int(allow_none=True, required=True,
                      metadata={"description": "a team scorer's team, else null"})


class FormatOptionSchema(Strict):
    name = fields.Str(required=True)
    type = fields.Str(required=True)
    default = fields.Raw(allow_none=True, required=True)
    description = fields.Str(required=True)
    choices = fields.List(fields.Raw())
    minimum = fields.Int()
    maximum = fields.Int()


class FormatSchema(Strict):
    key = fields.Str(required=True)
    name = fields.Str(required=True)
    description = fields.Str(required=True)
    families = fields.List(fields.Str(), required=True,
                           metadata={"description": "the variant families it is played with"})
    variants = fields.List(fields.Str(), required=True,
                           metadata={"description": "the variant keys it is played with"})
    late_entries = fields.Str(required=True, validate=validate.OneOf(
        ["before_draw", "between_rounds", "odd_field"]), metadata={
        "description": "when a team may still join: before the draw only, between rounds, or "
                       "(round robin) while the field is odd"})
    options = fields.List(fields.Nested(FormatOptionSchema), required=True)


class FormatsSchema(Strict):
    formats = fields.List(fields.Nested(FormatSchema), required=True)


class SlotSchema(Strict):
    team = fields.Int(allow_none=True, required=True)
    name = fields.Str(allow_none=True, required=True)
    seed = fields.Int(allow_none=True, required=True)
    wins = fields.Int(allow_none=True, required=True)


class NextSchema(Strict):
    match = fields.Int(required=True, metadata={"description": "index in the next round"})
    slot = fields.Int(required=True, metadata={"description": "0 (top) or 1 (bottom)"})


class BracketMatchSchema(Strict):
    id = fields.Str(allow_none=True, required=True, metadata={
        "description": "null until the round is built"})
    kind = fields.Str(required=True, metadata={
        "description": "match, bye, or empty: a losers' bracket place nobody comes to"})
    status = fields.Str(required=True)
    slots = fields.List(fields.Nested(SlotSchema, allow_none=True, metadata={
        "description": "who fills this slot, or null"}), required=True,
                        metadata={"description": "two slots; null where nobody is known yet"})
    winner = fields.Int(allow_none=True, required=True)
    next = fields.Nested(NextSchema, allow_none=True, required=True,
                         metadata={"description": "where the winner goes; null for the final "
                                                  "(and for a winners' or losers' final, whose "
                                                  "winner goes to the grand final)"})


class BracketRoundSchema(Strict):
    name = fields.Str(required=True)
    number = fields.Int(allow_none=True, required=True)
    matches = fields.List(fields.Nested(BracketMatchSchema), required=True)


class LeagueTeamSchema(Strict):
    team = fields.Int(required=True)
    name = fields.Str(required=True)
    total = fields.Int(required=True)


class LeagueMatchSchema(Strict):
    id = fields.Str(required=True)
    kind = fields.Str(required=True)
    status = fields.Str(required=True)
    teams = fields.List(fields.Nested(LeagueTeamSchema), required=True)
    winner = fields.Int(allow_none=True, required=True)


class LeagueRoundSchema(Strict):
    number = fields.Int(required=True)
    name = fields.Str(required=True)
    kind = fields.Str(required=True)
    matches = fields.List(fields.Nested(LeagueMatchSchema), required=True)


class BracketSchema(Strict):
    tournament_id = fields.Int(required=True)
    format = fields.Str(required=True)
    champion = fields.Int(allow_none=True, required=True)
    league = fields.List(fields.Nested(LeagueRoundSchema), required=True)
    knockout = fields.List(fields.Nested(BracketRoundSchema), required=True, metadata={
        "description": "first round to final, every slot placed: draw round by round "
                       "(double elimination: the winners' bracket)"})
    losers = fields.List(fields.Nested(BracketRoundSchema), required=True, metadata={
        "description": "double elimination's losers' bracket, first round to its final "
                       "(empty for other formats); a minor round's slot 0 is the survivor, slot "
                       "1 the team dropping in from the winners' bracket"})
    final = fields.List(fields.Nested(BracketMatchSchema), required=True, metadata={
        "description": "double elimination's grand final (slot 0 the winners' champion), then "
                       "its reset if played (empty for other formats)"})
    third_place = fields.Nested(BracketMatchSchema, allow_none=True, required=True, metadata={
        "description": "single elimination's match for third place when the option is on "
                       "(empty slots until the final is built), else null"})
