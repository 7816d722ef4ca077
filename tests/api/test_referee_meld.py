"""The meld referee over HTTP: every hand-worked meld case end to end (cases/melds.json), the
answer's shape, and bodies that must be refused."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from flask.testing import FlaskClient

from scorekeeper.rules.reasons import RULINGS, Reason
from scorekeeper.rules.sentences import render_all
from tests.api.helpers import API, assert_error

CASES = Path(__file__).parent.parent / "rules" / "cases"
MELDS: list[dict[str, Any]] = json.loads((CASES / "melds.json").read_text("utf-8"))["cases"]
URL = f"{API}/adjudicate/meld"


def ids(cases: list[dict[str, Any]]) -> list[Any]:
    return [pytest.param(case, id=case["name"]) for case in cases]


def assert_ruling_shape(body: Any) -> None:
    """{"valid": bool, "kind": "set"|"run"|null, "points": int, "explanation": [str, ...]}."""
    assert isinstance(body, dict), body
    assert {"valid", "kind", "points", "explanation"} <= set(body), body
    assert isinstance(body["valid"], bool)
    assert body["kind"] in ("set", "run", None)
    assert isinstance(body["points"], int) and not isinstance(body["points"], bool)
    assert isinstance(body["explanation"], list) and body["explanation"]
    assert all(isinstance(line, str) and line.strip() for line in body["explanation"])
    if body["valid"]:
        assert body["kind"] is not None and body["points"] > 0
    else:
        assert body["kind"] is None and body["points"] == 0


@pytest.mark.parametrize("case", ids(MELDS))
def test_meld_case_over_http(client: FlaskClient, case: dict[str, Any]) -> None:
    response = client.post(URL, json=case["request"])
    if "error" in case:
        assert_error(response, 422, case["error"])
        return
    assert response.status_code == 200, response.get_json()
    body = response.get_json()
    assert_ruling_shape(body)
    got = {key: body[key] for key in ("valid", "kind", "points")}
    assert got == {key: case[key] for key in ("valid", "kind", "points")}, case["comment"]


def test_the_contract_example_answers_as_documented(client: FlaskClient) -> None:
    body = client.post(URL, json={"variant": "rummy-500", "cards": ["AH", "2H", "3H"]}).get_json()
    assert_ruling_shape(body)
    assert (body["valid"], body["kind"], body["points"]) == (True, "run", 20)


@pytest.mark.parametrize("variant", ["australian-500", "quebec-500", "cinquecento"])
def test_another_variant_is_refused(client: FlaskClient, variant: str) -> None:
    assert_error(client.post(URL, json={"variant": variant, "cards": ["AH", "2H", "3H"]}),
                 422, "variant")


def test_an_unknown_variant_is_refused(client: FlaskClient) -> None:
    assert_error(client.post(URL, json={"variant": "gin-rummy", "cards": ["AH", "2H", "3H"]}),
                 422, "variant")


def test_malformed_and_empty_bodies(client: FlaskClient) -> None:
    assert_error(client.post(URL, data="{nope", content_type="application/json"), 400)
    assert_error(client.post(URL, data='{"variant": "rummy-500", "cards": [',
                             content_type="application/json"), 400)
    assert_error(client.post(URL, json={}), 422, "variant")
    assert_error(client.post(URL, json=[1, 2]), 422)
    assert_error(client.post(URL, json="AH 2H 3H"), 422)


@pytest.mark.parametrize(("body", "field"), [
    ({"cards": "AH 2H 3H"}, "cards"),
    ({"cards": {"0": "AH"}}, "cards"),
    ({"cards": None}, "cards"),
    ({"cards": ["AH", 2, "3H"]}, "cards.1"),
    ({"cards": ["AH", "2H", 3.0]}, "cards.2"),
    ({"cards": [None, "2H", "3H"]}, "cards.0"),
    ({"cards": [["AH"], "2H", "3H"]}, "cards.0"),
    ({}, "cards"),
    ({"cards": ["AH", "2H", "3H"], "extra": 1}, "extra"),
    ({"cards": ["AH", "2H", "3H"], "contract": "7H"}, "contract"),
    ({"cards": ["AH", "2H", "3H"], "players": "5"}, "players"),
    ({"cards": ["AH", "2H", "3H"], "players": True}, "players"),
    ({"cards": ["AH", "2H", "3H"], "options": ["jokers"]}, "options"),
    ({"cards": ["AH", "2H", "3H"], "options": {"jokers": "yes"}}, "options.jokers"),
    ({"cards": ["AH", "2H", "3H"], "options": {"decks": "2"}}, "options.decks"),
    ({"cards": ["AH", "2H", "3H"], "options": {"ace_low_points": True}},
     "options.ace_low_points"),
])
def test_meld_bodies_of_the_wrong_shape(client: FlaskClient, body: dict[str, Any],
                                        field: str) -> None:
    assert_error(client.post(URL, json={"variant": "rummy-500", **body}), 422, field)


def test_variant_must_be_a_string(client: FlaskClient) -> None:
    assert_error(client.post(URL, json={"variant": 500, "cards": ["AH", "2H", "3H"]}),
                 422, "variant")


def test_the_answer_is_the_same_whatever_the_card_order(client: FlaskClient) -> None:
    answers = [client.post(URL, json={"variant": "rummy-500", "options": {"jokers": True},
                                      "cards": cards}).get_json()
               for cards in (["5H", "JK", "7H"], ["JK", "7H", "5H"], ["7h", "5h", "jk"])]
    assert all((a["valid"], a["kind"], a["points"]) == (True, "run", 27) for a in answers)


@pytest.mark.parametrize("case", ids([case for case in MELDS if "error" not in case]))
def test_the_explanation_is_rendered_from_the_reasons(client: FlaskClient,
                                                     case: dict[str, Any]) -> None:
    body = client.post(URL, json=case["request"]).get_json()
    assert all(reason["code"] in RULINGS for reason in body["reasons"])
    assert len(body["reasons"]) == len(body["explanation"])
    reasons = [Reason.from_dict(reason) for reason in body["reasons"]]
    assert list(render_all(reasons)) == body["explanation"]
