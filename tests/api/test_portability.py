"""Data the user owns: export and import round-trip exactly, the score sheet as CSV, a backup."""

from __future__ import annotations

import copy
import csv
import io
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient, FlaskCliRunner
from sqlalchemy.engine import make_url

from scorekeeper import create_app
from scorekeeper.limits import MAX_CHANGES, MAX_HANDS
from scorekeeper.rules.base import Side, Table
from scorekeeper.rules.registry import find_variant
from scorekeeper.services.backup import GAME_ONLY
from tests.api.helpers import API, assert_error
from tests.helpers import HANDS, TWO_SIDES, GameHandle, database_url, played


def test_export_then_import_round_trips_exactly(client: FlaskClient, new_game: Any) -> None:
    game = played(client, new_game)
    exported = client.get(f"{game.url}/export").get_json()
    assert exported["format"] == "scorekeeper.game/1"
    assert [h["input"] for h in exported["hands"]] == [*HANDS[:3], {"bidder": 2, "bid": "8S",
                                                                    "tricks": [7, 3]}]
    assert [c["action"] for c in exported["history"]] == ["recorded"] * 4 + [
        "corrected", "recorded", "undone"]
    imported = client.post(f"{API}/games/import", json=exported)
    assert imported.status_code == 201, imported.get_json()
    body = imported.get_json()
    assert body["id"] != game.id and body["token"]
    assert imported.headers["Location"].endswith(f"/games/{body['id']}")
    again = client.get(f"{API}/games/{body['id']}/export").get_json()
    assert again == exported
    # The imported game is a game like any other: its token writes hands.
    more = client.post(f"{API}/games/{body['id']}/hands", json=HANDS[0],
                       headers={"Authorization": f"Bearer {body['token']}"})
    assert more.status_code == 201


@pytest.mark.parametrize(("change", "field"), [
    (lambda e: e.update(format="something else"), "format"),
    (lambda e: e["hands"][1].update(deltas=[0, 0]), "hands.1.deltas"),
    (lambda e: e["hands"][2].update(number=7), "hands.2.number"),
    (lambda e: e["hands"][0]["input"].update(bid="7Q"), "hands.0.input.bid"),
    (lambda e: e.update(scores=[1, 2]), "scores"),
    (lambda e: e.update(variant="bridge"), "variant"),
    (lambda e: e.update(created_at="yesterday"), "created_at"),
    (lambda e: e.pop("hands"), "hands"),
])
def test_a_wrong_export_is_refused_and_nothing_is_stored(client: FlaskClient, new_game: Any,
                                                         change: Any, field: str) -> None:
    game = played(client, new_game)
    exported = client.get(f"{game.url}/export").get_json()
    broken = copy.deepcopy(exported)
    change(broken)
    response = client.post(f"{API}/games/import", json=broken)
    assert_error(response, 422)
    assert field in response.get_json()["errors"], response.get_json()
    assert client.get(f"{API}/games/{game.id + 1}").status_code == 404


def test_the_score_sheet_as_csv(client: FlaskClient, new_game: Any) -> None:
    game = played(client, new_game)
    response = client.get(f"{game.url}/sheet.csv")
    assert response.status_code == 200 and response.mimetype == "text/csv"
    rows = list(csv.reader(io.StringIO(response.get_data(as_text=True))))
    assert rows[0] == ["hand", "North-South points", "East-West points", "North-South total",
                       "East-West total", "explanation"]
    # 7♥ by EW 30/200; misère by Ann +250; passed out; 8♠ by Cy failed: -240, EW 3 tricks +30.
    assert [row[:5] for row in rows[1:]] == [["1", "30", "200", "30", "200"],
                                              ["2", "250", "0", "280", "200"],
                                              ["3", "0", "0", "280", "200"],
                                              ["4", "-240", "30", "40", "230"]]
    assert_error(client.get(f"{API}/games/99/sheet.csv"), 404)
    assert_error(client.get(f"{API}/games/99/export"), 404)


def test_backup_writes_every_game_and_tournament(app: Flask, client: FlaskClient,
                                                 runner: FlaskCliRunner, new_game: Any,
                                                 tmp_path: Path) -> None:
    game = played(client, new_game)
    client.post(f"{API}/games", json={"variant": "australian-500", "sides": TWO_SIDES})
    client.post(f"{API}/tournaments", json={
        "name": "Club", "variant": "quebec-500", "format": "quebec",
        "teams": [{"name": n, "players": [f"{n}1", f"{n}2"]} for n in "ABC"]})
    out = tmp_path / "backup.json"
    result = runner.invoke(args=["backup", str(out)])
    assert result.exit_code == 0, result.output
    assert "2 games, 1 tournaments" in result.output
    data = json.loads(out.read_text(encoding="utf-8"))
    assert data["format"] == "scorekeeper.backup/2"
    assert set(GAME_ONLY) <= set(data["games"][0])
    first = {k: v for k, v in data["games"][0].items() if k not in GAME_ONLY}
    assert first == client.get(f"{game.url}/export").get_json()
    assert data["tournaments"][0]["name"] == "Club"
    # Each game in a backup imports as it is, once the backup's own keys are taken out.
    assert client.post(f"{API}/games/import", json=first).status_code == 201


def test_a_history_entry_without_before_or_after_imports(client: FlaskClient,
                                                         new_game: Any) -> None:
    """Found by Schemathesis: the export schema lets `before` and `after` be left out."""
    game = played(client, new_game)
    exported = client.get(f"{game.url}/export").get_json()
    for change in exported["history"]:
        change.pop("before")
        change.pop("after")
    response = client.post(f"{API}/games/import", json=exported)
    assert response.status_code == 201, response.get_json()
    history = client.get(f"{API}/games/{response.get_json()['id']}/history").get_json()
    assert [(c["before"], c["after"]) for c in history] == [(None, None)] * len(history)


# -- times ---------------------------------------------------------------------------------------

def put(export: dict[str, Any], field: str, value: str) -> None:
    """Set a dotted field of an export ("hands.0.recorded_at")."""
    *path, last = field.split(".")
    target: Any = export
    for step in path:
        target = target[int(step)] if step.isdigit() else target[step]
    target[last] = value


TIME_FIELDS = ["created_at", "updated_at", "hands.0.recorded_at", "hands.2.updated_at",
               "history.1.at"]


@pytest.mark.parametrize("field", TIME_FIELDS)
@pytest.mark.parametrize("text", [
    "0001-01-01T00:00:00+05:00",  # before year 1 once in UTC: PostgreSQL stored it, then 500s
    "9999-12-31T23:59:59-05:00",  # after year 9999 in UTC
    "1969-12-31T23:59:59Z",
    "3000-01-01T00:00:00Z",
    "2026-11-20T19:02:11",  # no offset: not an instant
    "2026-11-20",
])
def test_a_time_out_of_range_or_without_an_offset_is_refused(client: FlaskClient, new_game: Any,
                                                             field: str, text: str) -> None:
    game = played(client, new_game)
    exported = client.get(f"{game.url}/export").get_json()
    put(exported, field, text)
    response = client.post(f"{API}/games/import", json=exported)
    assert_error(response, 422, field)
    assert client.get(f"{API}/games/{game.id + 1}").status_code == 404


def test_the_edges_of_the_range_import(client: FlaskClient, new_game: Any) -> None:
    game = played(client, new_game)
    exported = client.get(f"{game.url}/export").get_json()
    exported["created_at"] = "1970-01-01T05:00:00+05:00"
    exported["updated_at"] = "2999-12-31T18:59:59.999999-05:00"
    response = client.post(f"{API}/games/import", json=exported)
    assert response.status_code == 201, response.get_json()
    again = client.get(f"{API}/games/{response.get_json()['id']}/export").get_json()
    assert (again["created_at"], again["updated_at"]) == ("1970-01-01T00:00:00Z",
                                                          "2999-12-31T23:59:59.999999Z")


@pytest.fixture
def zoned(tmp_path: Path) -> Iterator[Flask]:
    """On PostgreSQL, an app whose sessions run in a zone that is not UTC (as a server's default
    may be): the API must still write every time in UTC."""
    url = database_url(tmp_path)
    if url.startswith("postgresql"):
        url = make_url(url).update_query_dict({"options": "-c TimeZone=Asia/Kolkata"})
        url = url.render_as_string(hide_password=False)
    yield create_app({"TESTING": True, "DATABASE_URL": url})


OFFSETS = {  # time as imported -> the same instant as the API writes it
    "created_at": ("2026-11-20T21:02:11+02:00", "2026-11-20T19:02:11Z"),
    "updated_at": ("2026-11-20T14:09:40.250000-05:00", "2026-11-20T19:09:40.250000Z"),
    "hands.0.recorded_at": ("2026-11-21T00:33:00+05:30", "2026-11-20T19:03:00Z"),
    "hands.0.updated_at": ("2026-11-20T19:04:00+00:00", "2026-11-20T19:04:00Z"),
    "history.0.at": ("2026-11-21T08:48:00+13:45", "2026-11-20T19:03:00Z"),
}


def test_a_time_with_an_offset_reads_back_as_the_same_instant_in_utc(
        zoned: Flask, tmp_path: Path) -> None:
    client = zoned.test_client()
    game = played(client, lambda: GameHandle(client, client.post(
        f"{API}/games", json={"variant": "australian-500", "sides": TWO_SIDES}).get_json()))
    exported = client.get(f"{game.url}/export").get_json()
    assert exported["created_at"].endswith("Z"), exported["created_at"]
    for field, (text, _utc) in OFFSETS.items():
        put(exported, field, text)
    response = client.post(f"{API}/games/import", json=exported)
    assert response.status_code == 201, response.get_json()
    url = f"{API}/games/{response.get_json()['id']}"
    again = client.get(f"{url}/export").get_json()
    expected = copy.deepcopy(exported)
    for field, (_text, utc) in OFFSETS.items():
        put(expected, field, utc)
    assert again == expected
    # Every other read of those times agrees: the game, its hands, its history, the backup.
    view = client.get(url).get_json()
    assert (view["created_at"], view["updated_at"]) == (expected["created_at"],
                                                        expected["updated_at"])
    assert client.get(f"{url}/hands").get_json()[0]["recorded_at"] == "2026-11-20T19:03:00Z"
    assert client.get(f"{url}/history").get_json()[0]["at"] == "2026-11-20T19:03:00Z"
    out = tmp_path / "backup.json"
    assert zoned.test_cli_runner().invoke(args=["backup", str(out)]).exit_code == 0
    backed_up = json.loads(out.read_text(encoding="utf-8"))["games"][1]
    assert {k: v for k, v in backed_up.items() if k not in GAME_ONLY} == expected
    # And it round-trips exactly from there.
    second = client.post(f"{API}/games/import", json=again)
    assert second.status_code == 201, second.get_json()
    assert client.get(f"{API}/games/{second.get_json()['id']}/export").get_json() == again


# -- size ----------------------------------------------------------------------------------------

LONG = {"target": 1_000_000, "lose_at": None}  # a game that never ends
AT = "2026-11-20T19:02:11Z"


def long_export(hands: int, changes: int | None = None) -> dict[str, Any]:
    """The export of a game of `hands` hands, scored by the rules without the API; its history
    records every hand, then corrects the last one (unchanged) up to `changes` entries."""
    variant = find_variant("australian-500")
    options = variant.resolve_options(LONG)
    table = Table(sides=tuple(Side(s["name"], tuple(s["players"])) for s in TWO_SIDES),
                  options=options)
    state = variant.start(table)
    rows, history = [], []
    for number in range(1, hands + 1):
        entered = HANDS[number % len(HANDS)]
        result = variant.score_hand(table, state, entered)
        state = result.state
        rows.append({"number": number, "input": entered, "deltas": list(result.deltas),
                     "scores": list(state.scores), "explanation": list(result.explanation),
                     "recorded_at": AT, "updated_at": AT})
        history.append({"number": number, "action": "recorded", "at": AT, "before": None,
                        "after": {"input": entered, "deltas": list(result.deltas),
                                  "scores": list(state.scores)}})
    last = history[-1]["after"]
    history += [{"number": hands, "action": "corrected", "at": AT, "before": last, "after": last}
                for _ in range((changes or hands) - hands)]
    return {"format": "scorekeeper.game/1", "variant": "australian-500", "options": options,
            "sides": TWO_SIDES, "first_dealer": 0, "created_at": AT, "updated_at": AT,
            "status": "in_progress", "winner": None, "scores": list(state.scores),
            "hands": rows, "history": history}


def test_a_long_game_beyond_the_usual_body_limit_imports_and_round_trips(
        app: Flask, client: FlaskClient) -> None:
    exported = long_export(1_000)
    body = json.dumps(exported)
    assert len(body) > app.config["MAX_CONTENT_LENGTH"]
    response = client.post(f"{API}/games/import", data=body, content_type="application/json")
    assert response.status_code == 201, response.get_json()
    assert client.get(f"{API}/games/{response.get_json()['id']}/export").get_json() == exported


def test_the_most_hands_and_history_an_export_may_hold_import(app: Flask,
                                                              client: FlaskClient) -> None:
    exported = long_export(MAX_HANDS, MAX_CHANGES)
    body = json.dumps(exported)
    assert len(body) <= app.config["IMPORT_MAX_CONTENT_LENGTH"]
    response = client.post(f"{API}/games/import", data=body, content_type="application/json")
    assert response.status_code == 201, response.get_json()
    again = client.get(f"{API}/games/{response.get_json()['id']}/export").get_json()
    assert len(again["hands"]) == MAX_HANDS and len(again["history"]) == MAX_CHANGES


@pytest.mark.parametrize(("field", "hands", "changes"), [
    ("hands", MAX_HANDS + 1, MAX_HANDS + 1),
    ("history", 1, MAX_CHANGES + 1),
])
def test_more_hands_or_history_than_an_export_may_hold_is_refused(
        client: FlaskClient, field: str, hands: int, changes: int) -> None:
    exported = long_export(1, changes)
    exported["hands"] *= hands
    response = client.post(f"{API}/games/import", json=exported)
    assert_error(response, 422, field)
    assert client.get(f"{API}/games/1").status_code == 404


def test_a_body_beyond_the_import_limit_is_413(app: Flask, client: FlaskClient) -> None:
    limit = app.config["IMPORT_MAX_CONTENT_LENGTH"]
    body = '{"format": "' + "x" * limit + '"}'
    assert_error(client.post(f"{API}/games/import", data=body,
                             content_type="application/json"), 413)


@pytest.mark.parametrize("path", ["/games", "/games/1/hands", "/adjudicate/trick",
                                  "/tournaments"])
def test_every_other_endpoint_keeps_the_usual_body_limit(app: Flask, client: FlaskClient,
                                                         path: str) -> None:
    body = '{"variant": "' + "x" * app.config["MAX_CONTENT_LENGTH"] + '"}'
    assert_error(client.post(f"{API}{path}", data=body, content_type="application/json"), 413)


# -- every game stored can be exported and imported back -------------------------------------------


@pytest.fixture
def small_limits(monkeypatch: pytest.MonkeyPatch) -> None:
    """An export of at most 3 hands and 6 history entries, so the limits are reached quickly."""
    from scorekeeper import limits
    from scorekeeper.services import games, portability

    for module in (limits, games, portability):
        monkeypatch.setattr(module, "MAX_HANDS", 3, raising=False)
        monkeypatch.setattr(module, "MAX_CHANGES", 6, raising=False)


def test_a_game_stops_at_the_hands_an_export_can_carry(client: FlaskClient, new_game: Any,
                                                       small_limits: None) -> None:
    game = new_game(LONG)
    for _ in range(3):
        assert game.record(HANDS[0]).status_code == 201
    assert_error(game.record(HANDS[0]), 409)
    assert_error(client.post(f"{game.url}/hands/preview", json=HANDS[0]), 409)
    exported = client.get(f"{game.url}/export").get_json()
    assert client.post(f"{API}/games/import", json=exported).status_code == 201


def test_corrections_and_undos_leave_room_for_the_hands_still_to_record(
        client: FlaskClient, new_game: Any, small_limits: None) -> None:
    game = new_game(LONG)
    for _ in range(2):
        assert game.record(HANDS[0]).status_code == 201
    # 2 lines, and 1 kept for the third hand: 3 corrections fit, an undo (2 lines) does not.
    fix = {"bidder": 1, "bid": "7H", "tricks": [4, 6]}
    statuses = [client.put(f"{game.url}/hands/1", json=fix if n % 2 else HANDS[0],
                           headers=game.auth()).status_code for n in range(4)]
    assert statuses == [200, 200, 200, 409]
    assert_error(client.delete(f"{game.url}/hands/2", headers=game.auth()), 409)
    assert game.record(HANDS[0]).status_code == 201  # the line kept for it
    exported = client.get(f"{game.url}/export").get_json()
    assert (len(exported["hands"]), len(exported["history"])) == (3, 6)
    assert client.post(f"{API}/games/import", json=exported).status_code == 201


def test_an_export_whose_history_leaves_no_room_for_its_remaining_hands_is_refused(
        client: FlaskClient, new_game: Any, small_limits: None) -> None:
    game = new_game(LONG)
    game.record(HANDS[0])
    exported = client.get(f"{game.url}/export").get_json()
    exported["history"] *= 5  # 1 hand, 5 lines: 2 hands still to record would make 7
    assert_error(client.post(f"{API}/games/import", json=exported), 422, "history")
