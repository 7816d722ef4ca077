"""The referee endpoints' orchestration: find the variant, ask it for the referee, resolve its
options, seat an anonymous table, and let the variant's own referee judge."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scorekeeper.rules.errors import RuleViolation
from scorekeeper.rules.registry import find_variant, variants


def judge(what: str, body: Mapping[str, Any]) -> dict[str, Any]:
    """The ruling of `what` ("trick", "auction", "deal", "meld") for the variant in the body."""
    variant = find_variant(body["variant"])
    referee = variant.referees.get(what)
    if referee is None:
        elsewhere = [v for v in variants() if what in v.referees]
        if elsewhere:
            raise RuleViolation("no_referee.elsewhere", "variant", variant=variant.key,
                                variant_name=variant.name, what=what,
                                other_variants=[v.key for v in elsewhere],
                                others=[v.name for v in elsewhere])
        raise RuleViolation("no_referee", "variant", variant=variant.key,
                            variant_name=variant.name, what=what)
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
