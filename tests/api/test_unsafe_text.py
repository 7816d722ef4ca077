"""Text that could not be stored or written out is refused at the door: lone surrogates, NUL and
other control characters (422, naming the field), NaN and Infinity (400, malformed JSON), bodies
nested too deep (400); names are trimmed and have a length limit. After any of these refusals
the score sheet and a backup still work."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy
from flask import Flask
from flask.testing import FlaskClient, FlaskCliRunner

from scorekeeper.extensions import db
from tests.api.helpers import API, assert_error
from tests.api.tournament_helpers import TOURNAMENTS, Tourney, create_body
from tests.helpers import TWO_SIDES

# JSON escapes, so the bodies are sent exactly as a client could send them.
UNSAFE = {"lone surrogate": "\\ud800", "NUL": "\\u0000", "unit separator": "\\u001f",
          "DEL": "\\u007f", "C1 control": "\\u0085", "tab": "\\t", "newline": "\\n"}
HANDS = [{"bidder": 1, "bid": "7H", "tricks": [3, 7]}, {"bidder": 0, "bid": "MIS",
                                                         "tricks": [0, 10]}]


def post_raw(client: FlaskClient, url: str, text: str, **headers: str) -> Any:
    return client.post(url, data=text.encode(), content_type="application/json", headers=headers)


def with_marker(body: dict[str, Any], put: Any) -> str:
    """`body` as JSON text with "@@" (placed by `put`) replaced by an unsafe escape later."""
    body = copy.deepcopy(body)
    put(body)
    return json.dumps(body)


def game_body() -> dict[str, Any]:
    return {"variant": "australian-500", "sides": copy.deepcopy(TWO_SIDES)}


GAME_FIELDS = {
    "sides.0.name": lambda b: b["sides"][0].update(name="North@@South"),
    "sides.0.players.1": lambda b: b["sides"][0]["players"].__setitem__(1, "C@@y"),
    "sides.1.players.0": lambda b: b["sides"][1]["players"].__setitem__(0, "@@"),
    "options": lambda b: b.update(options={"slam@@bonus": True}),
    "variant": lambda b: b.update(variant="australian-500@@"),
}
TOURNAMENT_FIELDS = {
    "name": lambda b: b.update(name="Club@@"),
    "teams.0.name": lambda b: b["teams"][0].update(name="Les @@As"),
    "teams.1.players.0": lambda b: b["teams"][1]["players"].__setitem__(0, "A@@nn"),
    "options": lambda b: b.update(options={"@@": 1}),
}


def stored_nothing(client: FlaskClient) -> None:
    games = [client.get(f"{API}/games/{n}").status_code for n in (1, 2, 3)]
    assert games == [200, 404, 404]  # only the game `played` made
    assert client.get(f"{TOURNAMENTS}/1").status_code == 404


@pytest.fixture
def played(new_game: Any) -> Any:
    game = new_game()
    for hand in HANDS:
        assert game.record(hand).status_code == 201
    return game


def still_writes_out(client: FlaskClient, runner: FlaskCliRunner, game: Any,
                     out: Path) -> None:
    assert client.get(f"{game.url}/sheet.csv").status_code == 200
    assert client.get(f"{game.url}/export").status_code == 200
    result = runner.invoke(args=["backup", str(out)])
    assert result.exit_code == 0, result.output
    json.loads(out.read_text(encoding="utf-8"))


@pytest.mark.parametrize("char", UNSAFE.values(), ids=UNSAFE.keys())
@pytest.mark.parametrize("field", GAME_FIELDS)
def test_unsafe_characters_in_a_new_game_are_refused(client: FlaskClient, runner: FlaskCliRunner,
                                                     played: Any, tmp_path: Path, field: str,
                                                     char: str) -> None:
    text = with_marker(game_body(), GAME_FIELDS[field]).replace("@@", char)
    body = assert_error(post_raw(client, f"{API}/games", text), 422, field)
    assert "\\" not in json.dumps(body["message"])  # the character itself is never echoed
    stored_nothing(client)
    still_writes_out(client, runner, played, tmp_path / "backup.json")


@pytest.mark.parametrize("char", UNSAFE.values(), ids=UNSAFE.keys())
@pytest.mark.parametrize("field", TOURNAMENT_FIELDS)
def test_unsafe_characters_in_a_new_tournament_are_refused(client: FlaskClient, field: str,
                                                           char: str) -> None:
    text = with_marker(create_body(4), TOURNAMENT_FIELDS[field]).replace("@@", char)
    assert_error(post_raw(client, TOURNAMENTS, text), 422, field)
    assert client.get(f"{TOURNAMENTS}/1").status_code == 404


def exported(client: FlaskClient, game: Any) -> dict[str, Any]:
    body: dict[str, Any] = client.get(f"{game.url}/export").get_json()
    return body


@pytest.mark.parametrize(("put", "field"), [
    (lambda e: e["history"][0].update(before={"note": "@@"}), "history.0.before.note"),
    (lambda e: e["history"][1]["after"]["input"].update({"@@": 1}), "history.1.after.input"),
    (lambda e: e["hands"][0]["input"].update(bid="7@@H"), "hands.0.input.bid"),
    (lambda e: e["hands"][1]["explanation"].append("@@"), "hands.1.explanation.2"),
])
def test_unsafe_characters_anywhere_in_an_import_are_refused(
        client: FlaskClient, runner: FlaskCliRunner, played: Any, tmp_path: Path, put: Any,
        field: str) -> None:
    for char in ("\\ud800", "\\u0000", "\\u009f"):
        text = with_marker(exported(client, played), put).replace("@@", char)
        assert_error(post_raw(client, f"{API}/games/import", text), 422, field)
        stored_nothing(client)
    still_writes_out(client, runner, played, tmp_path / "backup.json")


@pytest.mark.parametrize("literal", ["NaN", "Infinity", "-Infinity"])
def test_nan_and_infinity_are_malformed_json(client: FlaskClient, runner: FlaskCliRunner,
                                             played: Any, tmp_path: Path, literal: str) -> None:
    def before(e: dict[str, Any]) -> None:
        e["history"][0]["before"] = {"scores": ["@@"]}

    text = with_marker(exported(client, played), before).replace('"@@"', literal)
    body = assert_error(post_raw(client, f"{API}/games/import", text), 400)
    assert body["message"] == "The request body is not valid JSON."
    stored_nothing(client)
    # Everywhere else too: a game, a hand, a referee call, a tournament.
    for url, text in [
        (f"{API}/games", json.dumps(game_body()).replace("[", f'[{literal}, ', 1)),
        (f"{played.url}/hands", f'{{"bidder": 1, "bid": "7H", "tricks": [{literal}, 7]}}'),
        (f"{API}/adjudicate/deal", f'{{"variant": "quebec-500", "cards": ["AS"], '
                                    f'"players": {literal}}}'),
        (TOURNAMENTS, json.dumps(create_body(4)).replace("{", f'{{"x": {literal}, ', 1)),
    ]:
        assert_error(post_raw(client, url, text, Authorization=f"Bearer {played.token}"), 400)
    assert len(client.get(f"{played.url}/hands").get_json()) == len(HANDS)
    still_writes_out(client, runner, played, tmp_path / "backup.json")


def test_nan_is_never_written_out(app: Flask) -> None:
    with app.app_context():
        with pytest.raises(ValueError, match="JSON"):
            app.json.dumps({"scores": [float("nan")]})
        nan = sqlalchemy.literal({"scores": [float("nan")]}, sqlalchemy.JSON)
        # SQLAlchemy wraps the serializer's ValueError; psycopg, which calls it itself, does not.
        with db.engine.connect() as connection, pytest.raises(
                (ValueError, sqlalchemy.exc.StatementError), match="not JSON compliant"):
            connection.execute(sqlalchemy.select(nan))


def nested(levels: int) -> Any:
    value: Any = 1
    for _ in range(levels):
        value = {"a": value}
    return value


@pytest.mark.parametrize("depth", [32, 200, 950])
def test_a_body_nested_too_deep_is_refused(client: FlaskClient, runner: FlaskCliRunner,
                                           played: Any, tmp_path: Path, depth: int) -> None:
    export = exported(client, played)
    export["history"][0]["before"] = nested(depth)
    response = post_raw(client, f"{API}/games/import", json.dumps(export))
    body = assert_error(response, 400)
    # Near Python's recursion limit the decoder itself gives up first: malformed JSON, also 400.
    assert "32 levels" in body["message"] or depth > 200, body
    stored_nothing(client)
    still_writes_out(client, runner, played, tmp_path / "backup.json")


def test_nesting_up_to_the_limit_reaches_the_schema(client: FlaskClient, played: Any) -> None:
    # The body is level 1, the history list 2, its entry 3: `before` has 29 levels left.
    export = exported(client, played)
    export["history"][0]["before"] = nested(29)
    assert post_raw(client, f"{API}/games/import", json.dumps(export)).status_code == 201
    export["history"][0]["before"] = nested(30)
    assert_error(post_raw(client, f"{API}/games/import", json.dumps(export)), 400)


def created_sides(client: FlaskClient, sides: Any) -> Any:
    return client.post(f"{API}/games", json={"variant": "australian-500", "sides": sides})


def test_names_are_trimmed(client: FlaskClient) -> None:
    response = created_sides(client, [{"name": "  North-South ", "players": [" Ann ", "Cy"]},
                                      {"name": "East-West", "players": ["Bo", "\u3000Di"]}])
    assert response.status_code == 201, response.get_json()
    game = client.get(f"{API}/games/{response.get_json()['id']}").get_json()
    assert game["sides"] == [{"name": "North-South", "players": ["Ann", "Cy"]},
                             {"name": "East-West", "players": ["Bo", "Di"]}]
    body = create_body(4, name=" Club ")
    body["teams"][0] = {"name": " Les As ", "players": [" Ann", "Cy "]}
    created = client.post(TOURNAMENTS, json=body)
    assert created.status_code == 201, created.get_json()
    t = Tourney(client, created.get_json()).get()
    assert t["name"] == "Club"
    assert t["teams"][0]["name"] == "Les As" and t["teams"][0]["players"] == ["Ann", "Cy"]


@pytest.mark.parametrize(("name", "ok"), [("A" * 60, True), ("A" * 61, False),
                                          (" " + "A" * 60 + " ", True), ("   ", False),
                                          ("", False)])
def test_names_have_a_length_limit(client: FlaskClient, name: str, ok: bool) -> None:
    for sides, field in [([{"name": name, "players": ["Ann", "Cy"]}, TWO_SIDES[1]], "sides.0.name"),
                         ([TWO_SIDES[0], {"name": "EW", "players": ["Bo", name]}],
                          "sides.1.players.1")]:
        response = created_sides(client, sides)
        if ok:
            assert response.status_code == 201, response.get_json()
        else:
            assert_error(response, 422, field)
    body = create_body(4)
    body["teams"][2]["players"][1] = name
    response = client.post(TOURNAMENTS, json=body)
    assert response.status_code == 201 if ok else assert_error(response, 422, "teams.2.players.1")


def test_a_tournament_name_has_its_own_limit(client: FlaskClient) -> None:
    assert client.post(TOURNAMENTS, json=create_body(4, name="T" * 120)).status_code == 201
    assert_error(client.post(TOURNAMENTS, json=create_body(4, name="T" * 121)), 422, "name")
    assert_error(client.post(TOURNAMENTS, json=create_body(4, name=" \t ")), 422, "name")


def test_the_spec_shows_the_name_limits(app: Flask) -> None:
    schemas = app.extensions["scorekeeper.api"].spec.to_dict()["components"]["schemas"]
    for schema, field in [("Side", "name"), ("TeamInput", "name"), ("TournamentCreate", "name")]:
        prop = schemas[schema]["properties"][field]
        assert prop["minLength"] == 1 and prop["maxLength"] in (60, 120), (schema, prop)
    # A player is a name, or in a club {"name", "player"}: both hold the name's limits.
    linked = schemas["LinkedPlayer"]["properties"]["name"]
    assert linked["minLength"] == 1 and linked["maxLength"] == 60
    side = schemas["Side"]["properties"]["players"]["items"]  # a game as read: names only
    assert side["minLength"] == 1 and side["maxLength"] == 60
    for schema in ("SideInput", "TeamInput", "TournamentCreate"):
        items = schemas[schema]["properties"]["players"]["items"]
        name = next(choice for choice in items["oneOf"] if choice.get("type") == "string")
        assert name["minLength"] == 1 and name["maxLength"] == 60, (schema, items)
        assert {"$ref": "#/components/schemas/LinkedPlayer"} in items["oneOf"]


@pytest.mark.parametrize("match", ["%00", "r1m1%00", "%ED%A0%80", "%1F", "%C2%85"])
def test_unsafe_characters_in_a_match_id_are_a_clean_4xx(client: FlaskClient,
                                                         match: str) -> None:
    t = Tourney.create(client, 4)
    assert t.draw().status_code == 200
    before = t.snapshot()
    for response in (t.report(match, [30, 10]), t.correct(match, 1, [30, 10]),
                     t.scorer(match)):
        assert 400 <= response.status_code < 500, response.status_code
        assert_error(response, response.status_code)
    assert t.snapshot() == before


@pytest.mark.parametrize("query", ["cascade=%00", "cascade=true%00", "%00=true",
                                   "cascade=%ED%A0%80"])
def test_unsafe_characters_in_a_query_are_a_clean_4xx(client: FlaskClient, query: str) -> None:
    t = Tourney.create(client, 4)
    assert t.draw().status_code == 200
    assert t.report("r1m1", [30, 10]).status_code == 201
    response = client.put(f"{t.url}/matches/r1m1/games/1?{query}", json={"scores": [10, 30]},
                          headers=t.auth())
    assert_error(response, response.status_code)
    assert 400 <= response.status_code < 500


@pytest.mark.parametrize("key", ["a\x00b", "\x01", "k\x7f"])
def test_an_idempotency_key_with_control_characters_is_refused(client: FlaskClient, played: Any,
                                                               key: str) -> None:
    response = played.record({"passed_out": True}, **{"Idempotency-Key": key})
    assert_error(response, 422, "Idempotency-Key")
    assert len(client.get(f"{played.url}/hands").get_json()) == len(HANDS)
