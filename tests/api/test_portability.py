"""Data the user owns: export and import round-trip exactly, the score sheet as CSV, a backup."""

from __future__ import annotations

import copy
import csv
import io
import json
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient, FlaskCliRunner

from tests.api.helpers import API, assert_error
from tests.conftest import FOUR

HANDS = [{"bidder": 1, "bid": "7H", "tricks": [3, 7]},
         {"bidder": 0, "bid": "MIS", "tricks": [0, 10]},
         {"passed_out": True},
         {"bidder": 2, "bid": "8S", "tricks": [5, 5]}]


def played(client: FlaskClient, new_game: Any) -> Any:
    game = new_game()
    for hand in HANDS:
        assert game.record(hand).status_code == 201
    # One correction and one undo, so the history has all three kinds of change.
    assert client.put(f"{game.url}/hands/4", json={"bidder": 2, "bid": "8S", "tricks": [7, 3]},
                      headers=game.auth()).status_code == 200
    assert game.record({"bidder": 1, "bid": "6H", "tricks": [4, 6]}).status_code == 201
    assert client.delete(f"{game.url}/hands/5", headers=game.auth()).status_code == 200
    return game


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
    client.post(f"{API}/games", json={"variant": "australian-500", "sides": FOUR})
    client.post(f"{API}/tournaments", json={
        "name": "Club", "variant": "quebec-500", "format": "quebec",
        "teams": [{"name": n, "players": [f"{n}1", f"{n}2"]} for n in "ABC"]})
    out = tmp_path / "backup.json"
    result = runner.invoke(args=["backup", str(out)])
    assert result.exit_code == 0, result.output
    assert "2 games, 1 tournaments" in result.output
    data = json.loads(out.read_text(encoding="utf-8"))
    assert data["format"] == "scorekeeper.backup/2"
    assert {"id", "token_hash", "version", "seed_name"} <= set(data["games"][0])
    first = {k: v for k, v in data["games"][0].items()
             if k not in ("id", "token_hash", "version", "seed_name")}
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
