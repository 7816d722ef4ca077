"""The referee endpoints' orchestration: find the variant, resolve its options, ask the rules."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scorekeeper.rules.auction import adjudicate_auction
from scorekeeper.rules.base import Table
from scorekeeper.rules.contract import ContractVariant
from scorekeeper.rules.deal import adjudicate_deal
from scorekeeper.rules.errors import RuleViolation
from scorekeeper.rules.registry import find_variant
from scorekeeper.rules.tricks import adjudicate_trick
from scorekeeper.rules.variants import cinquecento, rummy


def _contract_game(body: Mapping[str, Any], what: str) -> tuple[ContractVariant, Table]:
    """The variant named in the body, and a table of anonymous seats under its options."""
    variant = find_variant(body["variant"])
    if not isinstance(variant, ContractVariant):
        raise RuleViolation(f"{variant.name} has no {what} to judge", "variant")
    options = variant.resolve_options(body.get("options", {}))
    return variant, variant.referee_table(options, body.get("players"), body.get("sides"))


def trick(body: Mapping[str, Any]) -> dict[str, Any]:
    if body["variant"] == cinquecento.VARIANT.key:
        return _cinquecento_trick(body)
    if "trump" in body:
        raise RuleViolation("trump is for Cinquecento; the contract games name a contract",
                            "trump")
    if "contract" not in body:
        raise RuleViolation("name the contract being played, such as 7H or MIS", "contract")
    variant, table = _contract_game(body, "tricks")
    ruling = adjudicate_trick(variant, table, body["contract"], body["plays"],
                              body.get("led_before"))
    return {"winner": {"seat": ruling.seat, "card": ruling.card.code},
            "explanation": list(ruling.explanation)}


def _cinquecento_trick(body: Mapping[str, Any]) -> dict[str, Any]:
    variant = cinquecento.VARIANT
    extra = sorted(set(body) & {"contract", "led_before"})
    if extra:
        raise RuleViolation(f"{extra[0]} is not part of a Cinquecento trick (give the trump)",
                            extra[0])
    options = variant.resolve_options(body.get("options", {}))
    table = variant.referee_table(options, body.get("players"))
    ruling = cinquecento.adjudicate_trick(table, body.get("trump"), body["plays"])
    return {"winner": {"seat": ruling.seat, "card": ruling.card},
            "explanation": list(ruling.explanation)}


def auction(body: Mapping[str, Any]) -> dict[str, Any]:
    variant, table = _contract_game(body, "auction")
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
    }


def deal(body: Mapping[str, Any]) -> dict[str, Any]:
    variant, table = _contract_game(body, "deal")
    ruling = adjudicate_deal(variant, table, body["cards"])
    return {"redeal": ruling.redeal, "explanation": list(ruling.explanation)}


def meld(body: Mapping[str, Any]) -> dict[str, Any]:
    variant = find_variant(body["variant"])
    if variant is not rummy.VARIANT:
        raise RuleViolation(f"{variant.name} has no melds to judge (melds are Rummy 500's)",
                            "variant")
    options = variant.resolve_options(body.get("options", {}))
    table = variant.referee_table(options, body.get("players"), body.get("sides"))
    ruling = rummy.adjudicate_meld(table, body["cards"])
    return {"valid": ruling.valid, "kind": ruling.kind, "points": ruling.points,
            "explanation": list(ruling.explanation)}
