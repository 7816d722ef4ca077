"""Issue 25: no request can stall a worker, and everything a body holds has a maximum.

A list longer than its field takes is refused before any of its items is read (the refusal names
the list alone, not its items); every array, object, string and number of every request body has
its maximum in the spec; a body nested 100,000 deep is a 400; a chunked body past its endpoint's
limit is a 413; names refuse the characters that make one name look like another; the CSV guard
sees through leading invisible characters; house-rule numbers have sane maxima; the referee and
hand previews have a per-address limit of their own. Nothing refused is stored."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper import create_app
from scorekeeper.api.reading import AT_ONCE
from scorekeeper.limits import MAX_HANDS
from scorekeeper.rules.bids import check_fractional_values
from scorekeeper.rules.errors import RuleViolation
from scorekeeper.services.spreadsheet import cell
from tests.api.helpers import API, assert_error, error_paths
from tests.api.tournament_helpers import TOURNAMENTS, create_body
from tests.helpers import TWO_SIDES, database_url

SPEC = Path(__file__).resolve().parents[2] / "openapi" / "openapi.json"
GAME = {"variant": "australian-500", "sides": TWO_SIDES}
TRICK = {"variant": "australian-500", "contract": "7H"}


def an_export(**fields: Any) -> dict[str, Any]:
    return {"format": "scorekeeper.game/1", "variant": "australian-500", "options": {},
            "sides": TWO_SIDES, "first_dealer": 0, "created_at": "2026-11-20T19:02:11Z",
            "updated_at": "2026-11-20T19:02:11Z", "status": "in_progress", "winner": None,
            "scores": [0, 0], "hands": [], "history": [], **fields}


def nothing_stored(client: FlaskClient) -> None:
    assert client.get(f"{API}/games/1").status_code == 404
    assert client.get(f"{TOURNAMENTS}/1").status_code == 404


# -- a list's length is checked before its items ----------------------------------------------

@pytest.mark.parametrize(("url", "body", "field"), [
    ("/games/import", an_export(hands=[{}] * (MAX_HANDS + 1)), "hands"),
    ("/adjudicate/trick", {**TRICK, "plays": [{}] * 7}, "plays"),  # six players at most
    ("/games", {**GAME, "sides": [{}] * 9}, "sides"),
    ("/tournaments", {**create_body(4), "teams": [{}] * 513}, "teams"),
])
def test_a_list_too_long_is_refused_before_any_item_is_read(
        client: FlaskClient, url: str, body: dict[str, Any], field: str) -> None:
    refused = assert_error(client.post(f"{API}{url}", json=body), 422, field)
    # Its items, every one of them wrong, were never looked at.
    assert error_paths(refused["errors"]) == {field}, refused["errors"]
    nothing_stored(client)


@pytest.mark.parametrize(("url", "body"), [
    ("/games/import", an_export(hands=[{}] * 30_000)),  # the issue's 1 MiB import, in small
    ("/adjudicate/trick", {**TRICK, "plays": [{}] * 65_000}),  # 253 KiB of plays
    ("/games", {**GAME, "sides": [{}] * 25_000}),
    ("/tournaments", {**create_body(4), "teams": [{}] * 25_000}),
])
def test_the_issues_bodies_are_refused_unread(client: FlaskClient, url: str,
                                              body: dict[str, Any]) -> None:
    refused = assert_error(client.post(f"{API}{url}", json=body), 422)
    assert len(json.dumps(refused)) < 1000  # not an error for each of thousands of items
    nothing_stored(client)


def test_a_list_of_bad_items_reports_its_first_ten(client: FlaskClient) -> None:
    body = {**GAME, "sides": [{"name": "", "players": []}] * 8}
    refused = assert_error(client.post(f"{API}/games", json=body), 422, "sides")
    assert {path.split(".")[1] for path in error_paths(refused["errors"])} == {
        str(n) for n in range(8)}
    refused = assert_error(client.post(f"{API}/games/import", json=an_export(
        hands=[{}] * MAX_HANDS)), 422, "hands")
    assert {path.split(".")[1] for path in error_paths(refused["errors"])} == {
        str(n) for n in range(10)}


def test_a_map_too_large_is_refused(client: FlaskClient) -> None:
    options = {f"house_rule_{n}": True for n in range(65)}
    assert_error(client.post(f"{API}/games", json={**GAME, "options": options}), 422, "options")
    assert_error(client.post(f"{API}/adjudicate/trick", json={
        **TRICK, "options": options, "plays": [{"seat": 0, "card": "AS"}]}), 422, "options")
    nothing_stored(client)


@pytest.mark.parametrize("value", ["x" * 41, [1, 2], {"a": {"b": {"c": 1}}}, 2**61, -2**61])
def test_an_option_value_out_of_shape_is_refused_by_the_schema(client: FlaskClient,
                                                               value: Any) -> None:
    body = {**GAME, "options": {"target": value}}
    assert "rule" not in assert_error(client.post(f"{API}/games", json=body), 422,
                                      "options.target")
    nothing_stored(client)


# -- numbers in house rules -------------------------------------------------------------------

@pytest.mark.parametrize(("option", "value"), [
    ("target", 1_000_001), ("defender_trick_points", 101), ("lose_at", -1_000_001),
    ("defender_cap", 1_000_001)])
def test_house_rule_numbers_have_a_maximum(client: FlaskClient, option: str, value: int) -> None:
    assert_error(client.post(f"{API}/games", json={**GAME, "options": {option: value}}), 422,
                 f"options.{option}")  # by the schema beyond ±1,000,000, else by the rules
    nothing_stored(client)


def test_a_fractional_table_value_has_a_maximum(client: FlaskClient) -> None:
    table = client.get(f"{API}/variants/australian-500").get_json()["options"][
        "fractional_values"]["default"]
    first = next(iter(table))
    table[first] = {"suit": 1_000_001, "nt": 10}
    body = {**GAME, "options": {"fractional_bidding": True, "fractional_values": table}}
    assert_error(client.post(f"{API}/games", json=body), 422, "options.fractional_values")
    # The rules hold the same line by themselves (a restore or a seed reads no schema).
    with pytest.raises(RuleViolation) as refused:
        check_fractional_values(table, "options.fractional_values")
    assert refused.value.rule == "option_value"


def test_the_variant_says_the_maxima(client: FlaskClient) -> None:
    options = client.get(f"{API}/variants/australian-500").get_json()["options"]
    assert options["target"]["maximum"] == 1_000_000
    assert options["defender_trick_points"]["maximum"] == 100
    created = client.post(f"{API}/games", json={**GAME, "options": {"target": 1_000_000}})
    assert created.status_code == 201, created.get_json()


# -- every request body's limits are in the spec ----------------------------------------------

def unbounded(schema: dict[str, Any], components: dict[str, Any], path: str,
              seen: set[str]) -> list[str]:
    """Every place in `schema` where an array, object, string or number has no maximum."""
    ref = schema.get("$ref")
    if ref is not None:
        name = ref.rsplit("/", 1)[1]
        if name in seen:
            return []
        return unbounded(components[name], components, path, seen | {name})
    found = []
    for key in ("oneOf", "anyOf", "allOf"):
        for n, option in enumerate(schema.get(key, [])):
            found += unbounded(option, components, f"{path}|{n}", seen)
    kind = schema.get("type")
    if kind == "array":
        if "maxItems" not in schema:
            found.append(path)
        found += unbounded(schema.get("items", {}), components, f"{path}[]", seen)
    elif kind == "string":
        if not ({"maxLength", "enum"} & set(schema)):
            found.append(path)
    elif kind in ("integer", "number"):
        if "maximum" not in schema:
            found.append(path)
    elif kind == "object" or "properties" in schema:
        extra = schema.get("additionalProperties")
        if isinstance(extra, dict):
            if "maxProperties" not in schema:
                found.append(path)
            found += unbounded(extra, components, f"{path}{{}}", seen)
        for name, field in schema.get("properties", {}).items():
            found += unbounded(field, components, f"{path}.{name}", seen)
    return found


def test_every_request_body_has_a_maximum_for_everything() -> None:
    spec = json.loads(SPEC.read_text())
    components = spec["components"]["schemas"]
    found = []
    for url, operations in spec["paths"].items():
        for method, operation in operations.items():
            body = operation.get("requestBody", {}) if isinstance(operation, dict) else {}
            for media in body.get("content", {}).values():
                found += unbounded(media["schema"], components, f"{method} {url}", set())
    assert found == []


# -- the shape of a document ------------------------------------------------------------------

@pytest.mark.parametrize("url", ["/games", "/adjudicate/trick", "/games/import",
                                 "/tournaments", "/games/1/hands/preview"])
def test_a_body_nested_100000_deep_is_a_400(client: FlaskClient, url: str) -> None:
    deep = "[" * 100_000 + "]" * 100_000
    assert_error(client.post(f"{API}{url}", data=deep, content_type="application/json"), 400)
    nothing_stored(client)


def test_a_large_import_nested_too_deep_is_a_400_before_it_is_read(client: FlaskClient) -> None:
    # Larger than what is decoded at once: read value by value, and refused at level 33.
    body = "[" * 100_000 + "0" * (AT_ONCE + 1) + "]" * 100_000
    refused = assert_error(client.post(f"{API}/games/import", data=body,
                                       content_type="application/json"), 400)
    assert "32" in refused["message"]


def test_a_large_import_with_an_array_too_long_is_refused_at_its_first_items(
        client: FlaskClient) -> None:
    body = json.dumps(an_export(hands=[0] * 5_000_000))  # 15 MB of tiny hands
    refused = assert_error(client.post(f"{API}/games/import", data=body,
                                       content_type="application/json"), 422)
    assert "12000" in refused["message"] or "12,000" in refused["message"]
    nothing_stored(client)


def test_a_large_import_is_read_value_by_value_and_still_imports(client: FlaskClient) -> None:
    padding = " " * AT_ONCE  # larger than what is decoded at once
    created = client.post(f"{API}/games/import", data=json.dumps(an_export()) + padding,
                          content_type="application/json")
    assert created.status_code == 201, created.get_json()
    # Strict JSON there too: NaN is malformed.
    not_json = json.dumps(an_export(scores=[0, 0])).replace("[0, 0]", "[NaN, 0]") + padding
    assert_error(client.post(f"{API}/games/import", data=not_json,
                             content_type="application/json"), 400)


# -- a chunked body ---------------------------------------------------------------------------

def chunked(client: FlaskClient, url: str, size: int) -> Any:
    """A body of no declared length, as a WSGI server hands on a chunked request."""
    return client.post(url, input_stream=io.BytesIO(b" " * size), headers={
        "Content-Type": "application/json", "Transfer-Encoding": "chunked"},
        environ_overrides={"wsgi.input_terminated": True})


@pytest.mark.parametrize("url", ["/games", "/adjudicate/trick", "/tournaments"])
def test_a_chunked_body_past_the_limit_is_a_413(app: Flask, client: FlaskClient,
                                                url: str) -> None:
    refused = assert_error(chunked(client, f"{API}{url}", 10_000_000), 413)
    assert refused["message"] == (f"The body is larger than {app.config['MAX_CONTENT_LENGTH']} "
                                  f"bytes, the most this endpoint takes.")
    nothing_stored(client)


def test_a_chunked_import_past_its_own_limit_is_a_413(app: Flask, client: FlaskClient) -> None:
    assert_error(chunked(client, f"{API}/games/import",
                         app.config["IMPORT_MAX_CONTENT_LENGTH"] + 1), 413)


def test_a_chunked_body_within_the_limit_is_read(app: Flask, client: FlaskClient) -> None:
    body = json.dumps(GAME).encode()
    body += b" " * (app.config["MAX_CONTENT_LENGTH"] - len(body))  # exactly the limit
    created = client.post(f"{API}/games", input_stream=io.BytesIO(body), headers={
        "Content-Type": "application/json", "Transfer-Encoding": "chunked"},
        environ_overrides={"wsgi.input_terminated": True})
    assert created.status_code == 201, created.get_json()


# -- names that look like other names ---------------------------------------------------------

DECEPTIVE = {"right-to-left override": "\u202e", "left-to-right embedding": "\u202a",
             "first strong isolate": "\u2068", "right-to-left mark": "\u200f",
             "Arabic letter mark": "\u061c", "zero-width space": "\u200b",
             "zero-width non-joiner": "\u200c", "zero-width joiner": "\u200d",
             "word joiner": "\u2060", "byte order mark": "\ufeff", "noncharacter": "\ufdd0",
             "U+FFFF": "\uffff", "U+1FFFE": "\U0001fffe"}


@pytest.mark.parametrize("char", DECEPTIVE.values(), ids=DECEPTIVE.keys())
def test_a_name_that_could_pass_for_another_is_refused(client: FlaskClient, char: str) -> None:
    sides = [{"name": f"Nord{char}Sud", "players": ["Ann", "Cy"]},
             {"name": "East-West", "players": [f"B{char}o", "Di"]}]
    refused = assert_error(client.post(f"{API}/games", json={**GAME, "sides": sides}), 422)
    assert error_paths(refused["errors"]) == {"sides.0.name", "sides.1.players.0"}
    assert f"U+{ord(char):04X}" in refused["message"]
    body = {**create_body(4), "name": f"Club{char}"}
    assert_error(client.post(TOURNAMENTS, json=body), 422, "name")
    nothing_stored(client)


@pytest.mark.parametrize("name", ["👨\u200d👩\u200d👧", "👩🏽\u200d⚕️ Zoé", "Zoé\u00a0Li",
                                  "Ἀλέξανδρος", "عائشة", "Nous"])
def test_names_of_real_people_and_emoji_are_kept(client: FlaskClient, name: str) -> None:
    sides = [{"name": name, "players": [name, "Cy"]}, TWO_SIDES[1]]
    created = client.post(f"{API}/games", json={**GAME, "sides": sides})
    assert created.status_code == 201, created.get_json()
    assert created.get_json()["sides"][0]["name"] == name


def test_the_refusal_is_said_in_french(client: FlaskClient) -> None:
    sides = [{"name": "Nord\u202eSud", "players": ["Ann", "Cy"]}, TWO_SIDES[1]]
    refused = client.post(f"{API}/games?lang=fr", json={**GAME, "sides": sides}).get_json()
    assert "invisible" in refused["errors"]["sides.0.name"][0]
    assert "U+202E" in refused["message"]


# -- the CSV guard ----------------------------------------------------------------------------

@pytest.mark.parametrize("text", ["\u200b=HYPERLINK(\"http://x\")", "\u00ad=1+1", " \u00a0@SUM(A1)",
                                  "\u202e+1", "\ufeff-2+3", "\u2060\t=1"])
def test_a_formula_behind_invisible_characters_is_written_as_text(text: str) -> None:
    assert cell(text) == "'" + text


def test_a_side_name_with_a_hidden_formula_is_safe_in_the_score_sheet(
        client: FlaskClient) -> None:
    # A soft hyphen is no trick on a reader (it shows where a word breaks) but some spreadsheets
    # skip it before a formula.
    sides = [{"name": "\u00ad=HYPERLINK(\"http://x\")", "players": ["Ann", "Cy"]}, TWO_SIDES[1]]
    created = client.post(f"{API}/games", json={**GAME, "sides": sides})
    assert created.status_code == 201, created.get_json()
    sheet = client.get(f"{API}/games/{created.get_json()['id']}/sheet.csv").get_data(as_text=True)
    assert "'\u00ad=HYPERLINK" in sheet


# -- the check limit --------------------------------------------------------------------------

def test_the_referee_and_previews_have_a_limit_of_their_own(tmp_path: Path) -> None:
    app = create_app({"TESTING": True, "DATABASE_URL": database_url(tmp_path),
                      "CHECK_LIMIT": "3/minute", "WRITE_LIMIT": "0"})
    client = app.test_client()
    game = client.post(f"{API}/games", json=GAME).get_json()
    trick = {**TRICK, "plays": [{"seat": seat, "card": card}
                                for seat, card in enumerate(["AS", "KS", "QS", "JS"])]}
    preview = {"bidder": 0, "bid": "6S", "tricks": [6, 4]}
    statuses = [client.post(f"{API}/adjudicate/trick", json=trick).status_code,
                client.post(f"{API}/games/{game['id']}/hands/preview", json=preview).status_code,
                client.post(f"{API}/adjudicate/trick", json=trick).status_code]
    assert statuses == [200, 200, 200]
    refused = assert_error(client.post(f"{API}/games/{game['id']}/hands/preview", json=preview),
                           429)
    assert refused["message"] == ("Too many checks from this address: at most 3 a minute. "
                                  "Try again in 20 s.")
    assert client.post(f"{API}/adjudicate/trick", json=trick).headers["Retry-After"] == "20"
    # Another address has its own; reads and writes are not checks.
    other = client.post(f"{API}/adjudicate/trick", json=trick,
                        environ_overrides={"REMOTE_ADDR": "192.0.2.9"})
    assert other.status_code == 200
    assert client.get(f"{API}/games/{game['id']}").status_code == 200
    assert client.post(f"{API}/games", json=GAME).status_code == 201


def test_a_side_named_after_two_long_names_fits_once_shortened(client: FlaskClient) -> None:
    """Issue 27: the page names a blank side after its players; joined whole, two 60-character
    names are refused, so the page cuts the name to 60 with "…" (names.js), which is kept."""
    players = ["A" * 60, "B" * 60]
    joined = [{"name": " & ".join(players), "players": players}, TWO_SIDES[1]]
    refused = assert_error(client.post(f"{API}/games", json={**GAME, "sides": joined}), 422)
    assert error_paths(refused["errors"]) == {"sides.0.name"}
    nothing_stored(client)
    built = "A" * 59 + "…"  # what the page builds: 60 characters as Python counts them
    sides = [{"name": built, "players": players}, TWO_SIDES[1]]
    created = client.post(f"{API}/games", json={**GAME, "sides": sides})
    assert created.status_code == 201, created.get_json()
    assert created.get_json()["sides"][0]["name"] == built
