"""The shape of GET /games/{id}/scoring: a game's rules as data, for the page to score hands
with no connection (rules/scoring.py makes it)."""

from __future__ import annotations

import marshmallow as ma
from marshmallow import fields, validate


class Out(ma.Schema):
    class Meta:
        ordered = True


class TricksSchema(Out):
    min = fields.Int(required=True, metadata={"description": "the fewest tricks that make it"})
    max = fields.Int(required=True, metadata={"description": "the most tricks that make it"})


class BidPointsSchema(Out):
    alone = fields.Int(required=True, metadata={
        "description": "what the declaring side scores (or loses) when one side plays it"})
    with_partner = fields.Int(required=True, metadata={
        "description": "what each of the bidder's and the called partner's sides scores "
                       "(five-handed; the same as `alone` unless partner_share is half)"})


class ScoringBidSchema(Out):
    code = fields.Str(required=True, metadata={"example": "7H"})
    codes = fields.List(fields.Str(), required=True, metadata={
        "description": "every way a hand may name it (6H for 6.0H under fractional bidding)"})
    made_with = fields.Nested(TricksSchema, required=True, metadata={
        "description": "the declarers' tricks that make it: at least the tricks bid, none "
                       "(misère), exactly 5 (hi-lo)"})
    points = fields.Nested(BidPointsSchema, required=True)
    slam = fields.Nested(BidPointsSchema, allow_none=True, required=True, metadata={
        "description": "what it scores instead when made with every trick; null: no slam bonus"})
    defenders_score = fields.Bool(required=True, metadata={
        "description": "whether the other sides score their tricks"})


class DefendersSchema(Out):
    trick_points = fields.Int(required=True, metadata={"description": "points per trick"})
    cap = fields.Int(allow_none=True, required=True, metadata={
        "description": "a defending side's total is not raised above this by its tricks; null: "
                       "no cap"})
    together = fields.Bool(required=True, metadata={
        "description": "each defender scores all the defenders' tricks together"})


class PassedOutSchema(Out):
    policy = fields.Str(required=True, validate=validate.OneOf(
        ["redeal", "no-trump", "next-dealer", "dealer-must-bid"]), metadata={
        "description": "redeal: the same dealer deals again `redeals` times, then the deal "
                       "passes; no-trump: played at no-trumps, `trick_points` a trick to each "
                       "side; next-dealer: the deal passes; dealer-must-bid: no such hand"})
    trick_points = fields.Int(required=True)
    redeals = fields.Int(required=True)


class DealSchema(Out):
    passes = fields.Int(required=True, metadata={
        "description": "the next dealer's seat is (dealer + passes) mod seats: 1 to the left, "
                       "-1 to the right"})
    seats = fields.Int(required=True)


class EndSchema(Out):
    target = fields.Int(required=True, metadata={
        "description": "a side at or above it wins; several: the highest (a tie at the top "
                       "plays on in the race games; the contract games put the declarers "
                       "first, then the higher total, then the lower side)"})
    lose_at = fields.Int(allow_none=True, metadata={
        "description": "contract games: a side at or below it goes out the back door and the "
                       "highest other side wins; null: never"})
    win_on = fields.Str(validate=validate.OneOf(["any", "contract"]), metadata={
        "description": "contract games: any hand reaching the target wins, or only a contract "
                       "made by the declarers"})


class StartSchema(Out):
    hands_played = fields.Int(required=True, metadata={
        "description": "the hands recorded: the data scores the hands after these"})
    redeals = fields.Int(required=True, metadata={
        "description": "passed-out hands the dealer has redealt in a row so far"})


class ScoringSchema(Out):
    family = fields.Str(required=True, validate=validate.OneOf(
        ["contract", "card_points", "rummy"]))
    start = fields.Nested(StartSchema, required=True)
    deal = fields.Nested(DealSchema, required=True)
    end = fields.Nested(EndSchema, required=True)
    # contract
    tricks_per_hand = fields.Int(metadata={"description": "contract games: tricks in a hand"})
    bids = fields.List(fields.Nested(ScoringBidSchema), metadata={
        "description": "contract games: every bid this table may win with"})
    defenders = fields.Nested(DefendersSchema, metadata={
        "description": "contract games: the sides that did not play the contract"})
    passed_out = fields.Nested(PassedOutSchema, metadata={
        "description": "contract games: a hand everybody passed"})
    # card points
    hand_points = fields.Int(metadata={
        "description": "Cinquecento: the card points a hand holds"})
    mariannas = fields.List(fields.Int(), metadata={
        "description": "Cinquecento: what each Marianna scores, in the order declared"})
    # card points and rummy
    cards = fields.Dict(keys=fields.Str(), values=fields.Raw(), metadata={
        "description": "Cinquecento: card (as written for the game's deck) → its card points; "
                       "Rummy 500: card → {rank, points} (a joker's rank is null)"})
    ace_low_points = fields.Int(metadata={
        "description": "Rummy 500: an ace at the low end of a run (A-2-3) scores this instead"})
