"""Hands: one schema per family of variants (a hand is loaded by its game's family), and what
recording or previewing one answers."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import marshmallow as ma
from marshmallow import fields

from scorekeeper.api import validate
from scorekeeper.api.bounds import Items
from scorekeeper.api.schemas.common import (
    MAX_CALLS,
    MAX_SEAT,
    MAX_SIDES,
    MAX_TRICKS,
    Strict,
    StrictBool,
    any_value,
)
from scorekeeper.api.schemas.games import GameSchema, StandingSchema
from scorekeeper.api.schemas.tournaments import SheetPreviewSchema
from scorekeeper.rules.reasons import REASONS


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


# A variant's family says which schema reads its hands (rules/base.py Variant.family).
HAND_SCHEMAS: dict[str, Strict] = {family.family: family.schema() for family in HAND_FAMILIES}
# Each family's fields that belong to another family: passed on unread, for the rules to refuse by
# name ("Australian 500 does not take points", with its rule's code), as they always were.
OTHER_FAMILIES: dict[str, frozenset[str]] = {
    family: frozenset().union(*(other.fields for key, other in HAND_SCHEMAS.items()
                                if key != family)) - set(schema.fields)
    for family, schema in HAND_SCHEMAS.items()}


class HandBodySchema(ma.Schema):
    """A hand's body as it comes: any JSON object, read by its game's family's schema once the
    game is known (load_hand)."""

    class Meta:
        unknown = ma.INCLUDE


def load_hand(family: str, body: Any) -> dict[str, Any]:
    """A hand posted to a game of this family, read by the family's schema (a ValidationError
    as marshmallow's when it does not fit)."""
    schema = HAND_SCHEMAS[family]
    if not isinstance(body, dict):
        return dict(schema.load(body))  # refused: not an object
    foreign = {key: value for key, value in body.items() if key in OTHER_FAMILIES[family]}
    own = {key: value for key, value in body.items() if key not in foreign}
    return {**schema.load(own), **foreign}


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
    params = fields.Dict(keys=fields.Str(), values=any_value(), required=True,
                         metadata={"description": "what the sentence names: sides, players, "
                                                  "points, tricks, the bid's code and name, "
                                                  "suits",
                                   "example": {"bid": "7H", "bid_name": "7♥", "points": 200,
                                               "declarers": {"side": "East-West",
                                                             "partner": None, "alone": None}}})


class ContractOutcomeSchema(Strict):
    """How a hand's contract ended."""

    made = StrictBool(required=True, metadata={
        "description": "true when the declarers made the bid (a misère: took no trick; hi/lo: "
                       "exactly 5), false when it failed"})


# A hand as it was entered, whichever its family: every family's fields, in the order of
# HAND_FAMILIES (the contract fields first, as stored hands have always had them).
HandEnteredSchema = Strict.from_dict(
    {name: field for family in HAND_FAMILIES
     for name, field in family.schema._declared_fields.items()}, name="HandEnteredSchema")


class HandPreviewSchema(HandEnteredSchema):  # type: ignore[misc,valid-type]
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


PREVIEWED = {"description": "true: a preview (?preview=true), nothing was stored"}
SHEET_PREVIEW = {"description": "a preview on a tournament's sheet: what the match, the later "
                                "rounds and the standings would become, and who may apply it"}


class HandCorrectedSchema(HandSchema):
    preview = fields.Bool(metadata=PREVIEWED)
    tournament = fields.Nested(SheetPreviewSchema, metadata=SHEET_PREVIEW)


class HandUndoneSchema(GameSchema):
    preview = fields.Bool(metadata=PREVIEWED)
    tournament_preview = fields.Nested(SheetPreviewSchema, metadata={
        "description": SHEET_PREVIEW["description"] + " (`tournament` is the game's tournament "
                                                      "id)"})
