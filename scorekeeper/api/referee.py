"""The referee: who won this trick, was that auction legal, must this deal be redone."""

from __future__ import annotations

from typing import Any

from flask.views import MethodView

from scorekeeper.api.blueprint import Blueprint
from scorekeeper.api.docs import refusals
from scorekeeper.api.schemas.referee import (
    AuctionRequestSchema,
    AuctionRulingSchema,
    DealRequestSchema,
    DealRulingSchema,
    MeldRequestSchema,
    MeldRulingSchema,
    TrickRequestSchema,
    TrickRulingSchema,
)
from scorekeeper.services import referee

blp = Blueprint(
    "referee", __name__, url_prefix="/adjudicate", write_limited=False, checks=True,
    uses_database=False,
    description="Settle what the table argues about: tricks, auctions, deals, melds. Nothing "
                "is stored and no token is needed. Cards are written rank then suit (10D, JS; "
                "T for 10); jokers are JK, or JKR and JKB where there are two (in quebec-500 "
                "JKB is la blanche, JKR le bonhomme).")

BAD_INPUT = ((400, "The body is not valid JSON"),
             (422, "The body breaks the schema, or is not a possible situation: a card the "
                   "variant's deck lacks, a card twice, a seat out of range, an unknown bid, "
                   "a call after the auction ended"))

TRICK_EXAMPLES = {
    "left_bower": {"summary": "The left bower wins in hearts", "value": {
        "variant": "australian-500", "contract": "7H",
        "plays": [{"seat": 1, "card": "10D"}, {"seat": 2, "card": "JD"},
                  {"seat": 3, "card": "AD"}, {"seat": 0, "card": "5H"}]}},
    "joker_led": {"summary": "The joker led at no-trumps, naming spades", "value": {
        "variant": "australian-500", "contract": "8NT",
        "plays": [{"seat": 0, "card": "JK", "named_suit": "S"}, {"seat": 1, "card": "AS"},
                  {"seat": 2, "card": "5S"}, {"seat": 3, "card": "KS"}]}},
    "quebec": {"summary": "Le bonhomme against the jack of trumps", "value": {
        "variant": "quebec-500", "contract": "7S",
        "plays": [{"seat": 2, "card": "JS"}, {"seat": 3, "card": "JKR"},
                  {"seat": 0, "card": "AS"}, {"seat": 1, "card": "4S"}]}},
}
AUCTION_EXAMPLES = {
    "misere": {"summary": "Misère over 7♥", "value": {
        "variant": "australian-500", "dealer": 0,
        "calls": ["pass", "7H", "MIS", "pass", "pass"]}},
    "visible_kitty": {"summary": "Five-Hundred++: the kitty turns as the bid climbs", "value": {
        "variant": "australian-500", "options": {"visible_kitty": True}, "dealer": 3,
        "calls": ["6S", "8S", "pass"]}},
}


@blp.route("/trick")
class Trick(MethodView):
    @blp.arguments(TrickRequestSchema(), examples=TRICK_EXAMPLES)
    @blp.response(200, TrickRulingSchema)
    @refusals(blp, *BAD_INPUT)
    @blp.doc(operationId="adjudicateTrick")
    def post(self, body: dict[str, Any]) -> dict[str, Any]:
        """Who wins this trick, and why

        Plays are in play order (the first is the lead). Bowers, jokers, the petit bord,
        J5, and Five-Hundred++'s megatrump, anti-megatrump and anti-joker are all ranked as
        the game's options say.
        """
        return referee.trick(body)


@blp.route("/auction")
class Auction(MethodView):
    @blp.arguments(AuctionRequestSchema(), examples=AUCTION_EXAMPLES)
    @blp.response(200, AuctionRulingSchema)
    @refusals(blp, *BAD_INPUT)
    @blp.doc(operationId="adjudicateAuction")
    def post(self, body: dict[str, Any]) -> dict[str, Any]:
        """Judge an auction: legal so far, who won, what may be called next

        A call that breaks a rule (too low, misère before a 7-bid, an inkle out of turn, a
        ralphed player bidding) makes `legal` false and `first_illegal` its index; the rest
        of the answer describes the auction just before it.
        """
        return referee.auction(body)


@blp.route("/deal")
class Deal(MethodView):
    @blp.arguments(DealRequestSchema(), example={
        "variant": "quebec-500",
        "cards": ["10S", "9S", "8C", "7C", "6D", "5D", "4H", "10H", "9D", "4S"]})
    @blp.response(200, DealRulingSchema)
    @refusals(blp, *BAD_INPUT)
    @blp.doc(operationId="adjudicateDeal")
    def post(self, body: dict[str, Any]) -> dict[str, Any]:
        """Must this deal be redone (Quebec 500: no face card, no joker, no ace)

        Only variants with a rule for redealing a hand answer it (GET /variants: `referees` lists
        `deal`). Anyone may ask: nothing is stored, no token is needed, and each request counts
        against the check limit (429). 422 for a card the deck lacks or a card twice.
        """
        return referee.deal(body)


MELD_EXAMPLES = {
    "low_ace": {"summary": "A run with the ace low", "value": {
        "variant": "rummy-500", "cards": ["AH", "2H", "3H"]}},
    "joker": {"summary": "A joker filling a run", "value": {
        "variant": "rummy-500", "options": {"jokers": True}, "cards": ["5C", "JK", "7C"]}},
    "round_the_corner": {"summary": "K-A-2 is not a run", "value": {
        "variant": "rummy-500", "cards": ["KS", "AS", "2S"]}},
}


@blp.route("/meld")
class Meld(MethodView):
    @blp.arguments(MeldRequestSchema(), examples=MELD_EXAMPLES)
    @blp.response(200, MeldRulingSchema)
    @refusals(blp, *BAD_INPUT)
    @blp.doc(operationId="adjudicateMeld")
    def post(self, body: dict[str, Any]) -> dict[str, Any]:
        """Is this a valid meld (Rummy 500), of which kind, and what is it worth

        A set is 3 or 4 cards of one rank (different suits); a run is 3 or more in one suit,
        the ace high (Q-K-A) or low (A-2-3) but never both. A joker stands for one card and
        scores 15. Cards no deal could hold (JK without jokers, a card twice from one deck)
        are refused with 422; anything else gets a ruling, valid or not.
        """
        return referee.meld(body)
