"""The referee (/adjudicate/...): its requests and rulings."""

from __future__ import annotations

from typing import Any

from marshmallow import fields

from scorekeeper.api import validate
from scorekeeper.api.bounds import Items, options_map
from scorekeeper.api.schemas.common import MAX_CALLS, MAX_SEAT, Strict, any_value, variant_key
from scorekeeper.api.schemas.hands import MAX_MELD, rummy_cards
from scorekeeper.rules.reasons import RULINGS
from scorekeeper.rules.registry import VARIANTS

# A trick has a card from each player: the most players of a game with tricks.
MAX_PLAYS = max(variant.players[1] for variant in VARIANTS if "trick" in variant.referees)


class RulingReasonSchema(Strict):
    """One line of a referee's explanation as a code and its parameters."""

    code = fields.Str(required=True, validate=validate.OneOf(sorted(RULINGS)), metadata={
        "description": "the same whatever the language of `explanation`. The codes:\n"
                       + "\n".join(f"- `{code}`: {why}" for code, why in sorted(RULINGS.items()))})
    params = fields.Dict(keys=fields.Str(), values=any_value(), required=True,
                         metadata={"description": "what the sentence names: seats, cards and "
                                                  "suits by their codes, bids, points"})


def ruling_reasons() -> fields.List[Any]:
    return fields.List(fields.Nested(RulingReasonSchema), required=True, metadata={
        "description": "one per line of `explanation`, in the same order"})


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
