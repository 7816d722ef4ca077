"""The referee endpoints' orchestration: find the variant, ask it for the referee, resolve its
options, seat an anonymous table, and let the variant's own referee judge."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scorekeeper.rules.base import either
from scorekeeper.rules.errors import RuleViolation
from scorekeeper.rules.registry import find_variant, variants

# What each referee judges, in the refusal's words ("Cinquecento has no auction to judge").
JUDGED = {"trick": "tricks", "auction": "auction", "deal": "deal", "meld": "melds"}


def judge(what: str, body: Mapping[str, Any]) -> dict[str, Any]:
    """The ruling of `what` ("trick", "auction", "deal", "meld") for the variant in the body."""
    variant = find_variant(body["variant"])
    referee = variant.referees.get(what)
    if referee is None:
        others = [v.name for v in variants() if what in v.referees]
        where = f" (the {what} referee is for {either(others)})" if others else ""
        raise RuleViolation(f"{variant.name} has no {JUDGED[what]} to judge{where}", "variant",
                            rule="no_referee")
    options = variant.resolve_options(body.get("options", {}))
    table = variant.referee_table(options, body.get("players"), body.get("sides"))
    return referee(variant, table, body)


def trick(body: Mapping[str, Any]) -> dict[str, Any]:
    return judge("trick", body)


def auction(body: Mapping[str, Any]) -> dict[str, Any]:
    return judge("auction", body)


def deal(body: Mapping[str, Any]) -> dict[str, Any]:
    return judge("deal", body)


def meld(body: Mapping[str, Any]) -> dict[str, Any]:
    return judge("meld", body)
