"""GET /variants: what a variant is, its options, bids, presets, tables and hands."""

from __future__ import annotations

from marshmallow import fields

from scorekeeper.api import validate
from scorekeeper.api.schemas.common import Strict, any_value
from scorekeeper.rules.base import FAMILIES, REFEREES


class PlayerCountSchema(Strict):
    min = fields.Int(required=True)
    max = fields.Int(required=True)


class OptionSchema(Strict):
    type = fields.Str(required=True, metadata={
        "description": "boolean, integer, string, or table (a JSON object: fractional_values)"})
    default = any_value("the value taken when the option is left out: of its type, or null",
                        required=True)
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
