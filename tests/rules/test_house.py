"""The typed views of the options (rules/house.py) read the variants' OptionSpecs and nothing else:
every OptionSpec of every variant is exactly one attribute of its family's view, of the type the
spec accepts, and every attribute is some variant's OptionSpec."""

from __future__ import annotations

from dataclasses import fields
from typing import Any, Literal, get_type_hints

import pytest

from scorekeeper.rules.base import FAMILIES, OptionSpec, Variant
from scorekeeper.rules.contract import ContractVariant
from scorekeeper.rules.house import CardPointsOptions, ContractOptions, HouseRules, RummyOptions
from scorekeeper.rules.registry import find_variant, variants
from scorekeeper.rules.variants import cinquecento, rummy
from scorekeeper.rules.variants.australian import SPECIAL_BIDS

VIEWS: dict[str, type[HouseRules]] = {"contract": ContractOptions,
                                      "card_points": CardPointsOptions, "rummy": RummyOptions}


def house_rules(variant: Variant, options: dict[str, Any]) -> HouseRules:
    if isinstance(variant, ContractVariant):
        return variant.house_rules(options)
    return {"cinquecento": cinquecento.house_rules,
            "rummy-500": rummy.house_rules}[variant.key](options)


def family(name: str) -> list[Variant]:
    return [variant for variant in variants() if variant.family == name]


def test_every_family_has_a_view() -> None:
    assert set(VIEWS) == set(FAMILIES)


@pytest.mark.parametrize("name", FAMILIES)
def test_every_option_of_a_family_is_one_attribute_of_its_view_and_back(name: str) -> None:
    names = [f.name for f in fields(VIEWS[name])]
    assert len(names) == len(set(names))
    for variant in family(name):
        offered = [spec.name for spec in variant.option_specs]
        assert len(offered) == len(set(offered)), variant.key
        assert set(offered) <= set(names), (variant.key, set(offered) - set(names))
    assert {spec.name for variant in family(name) for spec in variant.option_specs} == set(names)


def expected_type(spec: OptionSpec, offered_by_all: bool) -> Any:
    """The attribute's type for the values the spec accepts; None too where the spec is
    nullable or some variant of the family does not offer it."""
    kind: Any
    if spec.type == "boolean":
        kind = bool
    elif spec.type == "table":
        kind = dict[str, Any]
    elif spec.choices is not None:
        kind = Literal[spec.choices]
    else:
        kind = {"integer": int, "string": str}[spec.type]
    return kind | None if spec.nullable or not offered_by_all else kind


@pytest.mark.parametrize("name", FAMILIES)
def test_every_attribute_has_the_type_of_the_values_its_option_accepts(name: str) -> None:
    hints = get_type_hints(VIEWS[name])
    members = family(name)
    for variant in members:
        for spec in variant.option_specs:
            everywhere = all(spec.name in {s.name for s in other.option_specs}
                             for other in members)
            assert hints[spec.name] == expected_type(spec, everywhere), (variant.key, spec.name)


@pytest.mark.parametrize("variant", variants(), ids=lambda variant: variant.key)
def test_a_new_game_reads_every_default_from_its_option_spec(variant: Variant) -> None:
    view = house_rules(variant, variant.resolve_options({}))
    offered = {spec.name: spec.default for spec in variant.option_specs}
    for f in fields(view):
        assert getattr(view, f.name) == offered.get(f.name), (variant.key, f.name)


@pytest.mark.parametrize("variant", variants(), ids=lambda variant: variant.key)
def test_an_option_stored_before_it_existed_reads_as_played_then(variant: Variant) -> None:
    for spec in variant.option_specs:
        stored = {k: v for k, v in variant.resolve_options({}).items() if k != spec.name}
        then = spec.default if spec.before is None else spec.before
        assert getattr(house_rules(variant, stored), spec.name) == then, spec.name


@pytest.mark.parametrize("bid", SPECIAL_BIDS, ids=lambda bid: bid.code)
def test_each_special_bid_is_allowed_by_its_own_option(bid: Any) -> None:
    australian = find_variant("australian-500")
    off = {special.option: False for special in SPECIAL_BIDS}
    allowed = {spec.code for spec in australian.bids(
        australian.resolve_options({**off, bid.option: True}))}
    assert allowed & {special.code for special in SPECIAL_BIDS} == {bid.code}
