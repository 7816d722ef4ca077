"""The spec documents a hand body (record, preview, correct) as one schema per family of variants,
ContractHand, CardPointsHand or RummyHand, combined with oneOf; and that is what the service takes:
every example is exactly one family's hand and is recorded, and a body the spec refuses (empty, or
mixing families) is refused by every variant too."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import jsonschema_rs
import pytest
from flask.testing import FlaskClient

from scorekeeper.api.schemas.hands import HAND_FAMILIES, HAND_SCHEMAS
from scorekeeper.rules.base import FAMILIES
from scorekeeper.rules.registry import variants
from tests.api.helpers import API, assert_error
from tests.helpers import TWO_SIDES

SPEC = json.loads((Path(__file__).parents[2] / "openapi" / "openapi.json").read_text("utf-8"))
SCHEMAS = SPEC["components"]["schemas"]
HAND_BODIES = [("post", "/api/v1/games/{game_id}/hands"),
               ("post", "/api/v1/games/{game_id}/hands/preview"),
               ("put", "/api/v1/games/{game_id}/hands/{number}")]
FIELDS = {"ContractHand": {"bidder", "bid", "tricks", "passed_out", "calls", "partner"},
          "CardPointsHand": {"points", "captured", "mariannas"},
          "RummyHand": {"players"}}
ONE_OF = {"oneOf": [{"$ref": f"#/components/schemas/{name}"} for name in FIELDS]}


def accepts(schema: dict[str, Any], body: Any) -> bool:
    """Whether the spec's schema takes this body (OpenAPI 3.0 schemas are JSON Schema draft 4's)."""
    return bool(jsonschema_rs.Draft4Validator({**schema, "components": SPEC["components"]})
                .is_valid(body))


def families_of(body: Any) -> list[str]:
    return [name for name in FIELDS if accepts({"$ref": f"#/components/schemas/{name}"}, body)]


def examples() -> list[tuple[str, Any]]:
    media = SPEC["paths"][HAND_BODIES[0][1]]["post"]["requestBody"]["content"]["application/json"]
    return ([(name, example["value"]) for name, example in media["examples"].items()]
            + [(name, SCHEMAS[name]["example"]) for name in FIELDS])


def test_every_hand_body_is_one_of_the_families() -> None:
    for method, path in HAND_BODIES:
        body = SPEC["paths"][path][method]["requestBody"]
        assert body["content"]["application/json"]["schema"] == ONE_OF, (method, path)
        assert body["required"] is True
    assert "HandInput" not in SCHEMAS  # no flat union of every field any more


def test_each_family_lists_its_fields_and_the_variants_it_is_for() -> None:
    assert [family.component for family in HAND_FAMILIES] == list(FIELDS)
    assert {family.family for family in HAND_FAMILIES} == set(FAMILIES)
    for family in HAND_FAMILIES:
        schema = SCHEMAS[family.component]
        assert set(schema["properties"]) == FIELDS[family.component]
        # ... which are exactly the fields its variants take (GET /variants: hand_fields)
        members = [v for v in variants() if v.family == family.family]
        assert members
        assert set(schema["properties"]) == {f for v in members for f in v.hand_fields}
        assert schema["additionalProperties"] is False and schema["minProperties"] == 1
        for variant in members:
            assert variant.key in schema["description"]
        assert schema["example"]
    assert SCHEMAS["RummyHand"]["required"] == ["players"]
    # What is parsed is what is documented: a hand is read by its family's schema, which takes
    # that family's fields and no other.
    for family in HAND_FAMILIES:
        assert set(HAND_SCHEMAS[family.family].fields) == FIELDS[family.component]


def game_for(family: str, body: dict[str, Any]) -> dict[str, Any]:
    """A new game's body, of a variant and table the hand fits."""
    if family == "ContractHand":
        sides = len(body.get("tricks", [0, 0]))
        players = 2 if sides == 2 else 1
        variant = "australian-500"
    elif family == "CardPointsHand":
        sides, players, variant = len(body["points"]), 1, "cinquecento"
    else:
        sides, players, variant = len(body["players"]), 1, "rummy-500"
    names = iter(["Ann", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal"])
    return {"variant": variant, "sides": [
        {"name": f"Side {s}", "players": [next(names) for _ in range(players)]}
        for s in range(sides)]}


@pytest.mark.parametrize(("name", "body"), examples(), ids=[name for name, _ in examples()])
def test_every_example_is_one_familys_hand_and_is_recorded(client: FlaskClient, name: str,
                                                           body: Any) -> None:
    [family] = families_of(body)
    assert accepts(ONE_OF, body)
    game = client.post(f"{API}/games", json=game_for(family, body)).get_json()
    auth = {"Authorization": f"Bearer {game['token']}"}
    recorded = client.post(f"{API}/games/{game['id']}/hands", json=body, headers=auth)
    assert recorded.status_code == 201, recorded.get_json()


FOREIGN = {"australian-500": ("points", [60, 60]), "quebec-500": ("players", []),
           "cinquecento": ("bidder", 0), "rummy-500": ("passed_out", True)}
OWN = {"australian-500": {"passed_out": True}, "quebec-500": {"passed_out": True},
       "cinquecento": {"points": [60, 60]},
       "rummy-500": {"players": [{"meld_points": 10, "hand_points": 0},
                                 {"meld_points": 0, "hand_points": 5}]}}


@pytest.mark.parametrize("variant", [v.key for v in variants()])
def test_what_the_spec_refuses_every_variant_refuses(client: FlaskClient, variant: str) -> None:
    alone = [{"name": "A", "players": ["Ann"]}, {"name": "B", "players": ["Bo"]}]
    sides = TWO_SIDES if variant in ("australian-500", "quebec-500") else alone
    game = client.post(f"{API}/games", json={"variant": variant, "sides": sides}).get_json()
    hands, auth = f"{API}/games/{game['id']}/hands", {"Authorization": f"Bearer {game['token']}"}
    assert not accepts(ONE_OF, {})
    assert_error(client.post(hands, json={}, headers=auth), 422)
    field, value = FOREIGN[variant]
    mixed = {**OWN[variant], field: value}
    assert not accepts(ONE_OF, mixed)
    assert_error(client.post(hands, json=mixed, headers=auth), 422, field)
    assert client.get(hands).get_json() == []


def test_every_family_has_its_schema() -> None:
    """A hand is read by the schema its variant's family names, not by one flat union."""
    assert set(HAND_SCHEMAS) == set(FAMILIES)
    for variant in variants():
        assert variant.family in HAND_SCHEMAS


# Values the other family's own schema would refuse: the field is not read, it is not this game's.
FOREIGN_BAD = {"australian-500": ("points", "many"), "quebec-500": ("players", 7),
               "cinquecento": ("bidder", "North"), "rummy-500": ("passed_out", "yes")}


@pytest.mark.parametrize("variant", [v.key for v in variants()])
def test_another_familys_field_is_refused_by_name_whatever_its_value(client: FlaskClient,
                                                                     variant: str) -> None:
    alone = [{"name": "A", "players": ["Ann"]}, {"name": "B", "players": ["Bo"]}]
    sides = TWO_SIDES if variant in ("australian-500", "quebec-500") else alone
    game = client.post(f"{API}/games", json={"variant": variant, "sides": sides}).get_json()
    hands, auth = f"{API}/games/{game['id']}/hands", {"Authorization": f"Bearer {game['token']}"}
    field, value = FOREIGN_BAD[variant]
    refused = assert_error(client.post(hands, json={**OWN[variant], field: value}, headers=auth),
                           422, field)
    assert refused["rule"] == "unknown_key", refused
    assert client.get(hands).get_json() == []
    # ... and a field no family has is the schema's unknown field, as before
    unknown = assert_error(client.post(hands, json={**OWN[variant], "score": 5}, headers=auth),
                           422, "score")
    assert "rule" not in unknown
