"""Backup and restore carry clubs: their players, seats, merges, and tokens that still work
(issue 29). On SQLite and on PostgreSQL."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from flask import Flask
from flask.testing import FlaskClient, FlaskCliRunner

from tests.api.club_helpers import add_player, bearer, club_game, new_club, seated
from tests.api.helpers import API, assert_error
from tests.helpers import backup, new_app, second_database


def test_a_club_comes_back_whole_and_its_tokens_work(app: Flask, client: FlaskClient,
                                                     runner: FlaskCliRunner,
                                                     tmp_path: Path) -> None:
    club = new_club(client)
    ann, annie, bo = (add_player(client, club, n) for n in ("Ann", "Annie", "Bo"))
    first = club_game(client, club, [seated("Ann", ann), "Bo", "Cy", "Di"])
    club_game(client, club, [seated("Annie", annie), "Marie B.", "Cy", "Di"])
    merged = client.post(f"{club.url}/players/{annie}/merge", json={"into": ann},
                         headers=bearer(club.admin)).get_json()
    urls = [club.url, f"{club.url}/unlinked", f"{club.url}/merges",
            f"{API}/games/{first['id']}", f"{API}/games/{first['id'] + 1}"]

    def reads(c: FlaskClient) -> list[Any]:
        return [(r.status_code, r.get_json(), r.headers.get("ETag"))
                for r in (c.get(url, headers=bearer(club.admin)) for url in urls)]

    before = reads(client)
    data = backup(runner, tmp_path / "first.json")
    assert club.admin not in (tmp_path / "first.json").read_text(encoding="utf-8")
    second = new_app(second_database(tmp_path))
    result = second.test_cli_runner().invoke(args=["restore", str(tmp_path / "first.json")])
    assert result.exit_code == 0, result.output
    again = backup(second.test_cli_runner(), tmp_path / "again.json")
    assert {k: v for k, v in again.items() if k != "written_at"} == {
        k: v for k, v in data.items() if k != "written_at"}
    after = second.test_client()
    assert reads(after) == before
    # The tokens still work, and new rows are numbered after the restored ones.
    assert after.post(f"{club.url}/players", json={"name": "Cy"},
                      headers=bearer(club.member)).get_json()["id"] == bo + 1
    assert after.delete(f"{club.url}/merges/{merged['id']}",
                        headers=bearer(club.admin)).status_code == 200
    assert_error(after.patch(club.url, json={"public": True}, headers=bearer(club.member)), 403)
    assert new_club(after, name="Second").id == club.id + 1


def test_a_backup_whose_seat_names_another_clubs_player_restores_nothing(
        app: Flask, client: FlaskClient, runner: FlaskCliRunner, tmp_path: Path) -> None:
    club, other = new_club(client), new_club(client, name="Autre")
    ann, zed = add_player(client, club, "Ann"), add_player(client, other, "Zed")
    club_game(client, club, [seated("Ann", ann), "Bo", "Cy", "Di"])
    data = backup(runner, tmp_path / "first.json")
    data["clubs"][0]["seats"][0]["player"] = zed
    (tmp_path / "broken.json").write_text(json.dumps(data), encoding="utf-8")
    second = new_app(second_database(tmp_path))
    result = second.test_cli_runner().invoke(args=["restore", str(tmp_path / "broken.json")])
    assert result.exit_code != 0 and "club 1" in result.output
    assert second.test_client().get(f"{API}/clubs/1").status_code == 404
