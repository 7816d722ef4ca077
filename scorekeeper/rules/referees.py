"""The contract games' referees as the API asks them: the request in, the ruling out.

A contract variant lists the ones it answers in its `referees` (see australian.py, quebec.py);
the deal referee is built from the variant's own rule for a deal. Cinquecento's trick and Rummy's
meld referees live in their own modules.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scorekeeper.rules.auction import adjudicate_auction
from scorekeeper.rules.base import Judge, Table
from scorekeeper.rules.contract import ContractVariant
from scorekeeper.rules.deal import DealRule, adjudicate_deal
from scorekeeper.rules.errors import RuleViolation
from scorekeeper.rules.tricks import adjudicate_trick


def trick(variant: ContractVariant, table: Table, body: Mapping[str, Any]) -> dict[str, Any]:
    if "trump" in body:
        raise RuleViolation("unknown_key.trump", "trump")
    if "contract" not in body:
        raise RuleViolation("entry_missing.contract", "contract")
    ruling = adjudicate_trick(variant, table, body["contract"], body["plays"],
                              body.get("led_before"))
    return {"winner": {"seat": ruling.seat, "card": ruling.card.code},
            "explanation": list(ruling.explanation),
            "reasons": [reason.to_dict() for reason in ruling.reasons]}


def auction(variant: ContractVariant, table: Table, body: Mapping[str, Any]) -> dict[str, Any]:
    ruling = adjudicate_auction(variant, table, body["dealer"], body["calls"],
                                body.get("ralphed"))
    return {
        "legal": ruling.legal, "first_illegal": ruling.first_illegal,
        "complete": ruling.complete, "passed_out": ruling.passed_out,
        "winning_bid": ruling.winning_bid.code if ruling.winning_bid else None,
        "winner_seat": ruling.winner_seat, "kitty_face_up": ruling.kitty_face_up,
        "next_seat": ruling.next_seat, "may_pass": ruling.may_pass,
        "next_legal_bids": [bid.code for bid in ruling.next_legal_bids],
        "calls": [{"seat": c.seat, "call": c.call, "legal": c.legal,
                   "kitty_face_up": c.kitty_face_up} for c in ruling.calls],
        "explanation": list(ruling.explanation),
        "reasons": [reason.to_dict() for reason in ruling.reasons],
    }


def deal(rule: DealRule) -> Judge:
    """The deal referee of a game whose `rule` may have a hand dealt again."""

    def judge(variant: ContractVariant, table: Table, body: Mapping[str, Any]) -> dict[str, Any]:
        ruling = adjudicate_deal(variant, table, body["cards"], rule)
        return {"redeal": ruling.redeal, "explanation": list(ruling.explanation),
                "reasons": [reason.to_dict() for reason in ruling.reasons]}

    return judge


# Every contract game judges its tricks and auctions; a deal only where a rule may void it.
CONTRACT: Mapping[str, Judge] = {"trick": trick, "auction": auction}
