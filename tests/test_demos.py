"""Issue 27, a newcomer: `flask seed` prints each demo's links (full addresses, without
SCOREKEEPER_PUBLIC_URL too) and marks what it loads as demos, which GET /api/v1/demos lists for
the start page; no other game or tournament is ever listed."""

from __future__ import annotations

import json
import re
from pathlib import Path

from alembic import command
from flask import Flask
from flask.testing import FlaskClient, FlaskCliRunner
from sqlalchemy import create_engine, text

from scorekeeper import create_app, migrate
from tests.helpers import TWO_SIDES

SEEDS = Path(__file__).resolve().parent.parent / "seeds"
GAME_SEEDS = sorted(p.stem for p in SEEDS.glob("*.json")
                    if "game" in json.loads(p.read_text(encoding="utf-8")))
LINKS = (r"(\S+)\.json: loaded as game (\d+) with \d+ hands: scorer link "
         r"http://127\.0\.0\.1:5000/#/g/(\d+)\?token=(\S+)\n"
         r"  spectator link http://127\.0\.0\.1:5000/#/g/(\d+)/watch\n")


def test_seed_prints_each_games_scorer_and_spectator_links_without_a_public_url(
        app: Flask, runner: FlaskCliRunner, client: FlaskClient) -> None:
    assert app.config["PUBLIC_URL"] is None
    output = runner.invoke(args=["seed"]).output
    games = re.findall(LINKS, output)
    assert sorted(name for name, *_ in games) == GAME_SEEDS, output
    for _name, game, scored, token, watched in games:
        assert game == scored == watched
        # The scorer link's token is the game's: a write with it passes the token check.
        assert client.delete(f"/api/v1/games/{game}/hands/999", headers={
            "Authorization": f"Bearer {token}"}).status_code in (404, 409)
    [(tournament, organized, watched)] = re.findall(
        r"loaded as tournament (\d+) with \d+ steps: organizer link "
        r"http://127\.0\.0\.1:5000/#/t/(\d+)\?token=\S+\n"
        r"  spectator link http://127\.0\.0\.1:5000/#/t/(\d+)\n", output)
    assert tournament == organized == watched
    # Loaded already: no token to show (only its hash is kept), the spectator link still.
    again = runner.invoke(args=["seed"]).output
    assert len(re.findall(r"already loaded as game (\d+)\n  spectator link "
                          r"http://127\.0\.0\.1:5000/#/g/\1/watch\n", again)) == len(GAME_SEEDS)
    assert "token" not in again


def test_seed_makes_its_links_under_the_base_url_given(runner: FlaskCliRunner) -> None:
    output = runner.invoke(args=["seed", "--base-url", "https://192.168.1.20/"]).output
    assert len(re.findall(r"scorer link https://192\.168\.1\.20/#/g/\d+\?token=", output)) \
        == len(GAME_SEEDS)
    assert len(re.findall(r"spectator link https://192\.168\.1\.20/#/g/\d+/watch", output)) \
        == len(GAME_SEEDS)
    refused = runner.invoke(args=["seed", "--base-url", "192.168.1.20"])
    assert refused.exit_code == 2
    assert "Invalid value for --base-url: the address '192.168.1.20' must be an http(s) " \
           "address" in refused.output


def test_the_demos_are_the_seeded_games_and_tournament_and_nothing_else(
        runner: FlaskCliRunner, client: FlaskClient) -> None:
    assert client.get("/api/v1/demos").get_json() == {"games": [], "tournaments": []}
    # A game of the table's own, and one imported: never listed.
    mine = client.post("/api/v1/games", json={"variant": "australian-500", "sides": TWO_SIDES})
    assert mine.status_code == 201
    export = client.get(f"/api/v1/games/{mine.get_json()['id']}/export").get_json()
    imported = client.post("/api/v1/games/import", json=export)
    assert imported.status_code == 201
    runner.invoke(args=["seed"])
    demos = client.get("/api/v1/demos").get_json()
    ids = [game["id"] for game in demos["games"]]
    assert len(ids) == len(GAME_SEEDS) and ids == sorted(ids)
    assert {mine.get_json()["id"], imported.get_json()["id"]}.isdisjoint(ids)
    for game in demos["games"]:
        full = client.get(f"/api/v1/games/{game['id']}").get_json()
        assert game == {key: full[key] for key in game}
    friday = next(g for g in demos["games"] if g["sides"][0]["players"] == ["Margaret", "Trevor"])
    assert (friday["status"], friday["winner"], friday["scores"]) == ("finished", 0, [600, 520])
    [tournament] = demos["tournaments"]
    assert tournament["name"] == client.get(
        f"/api/v1/tournaments/{tournament['id']}").get_json()["name"]
    # Taken off the list, and listed again.
    assert runner.invoke(args=["seed", "--unlisted"]).exit_code == 0
    assert client.get("/api/v1/demos").get_json() == {"games": [], "tournaments": []}
    assert runner.invoke(args=["seed"]).exit_code == 0
    assert client.get("/api/v1/demos").get_json() == demos


def test_the_demos_stay_listed_after_a_backup_and_restore(runner: FlaskCliRunner,
                                                          client: FlaskClient, tmp_path: Path,
                                                          empty_database: str) -> None:
    runner.invoke(args=["seed"])
    demos = client.get("/api/v1/demos").get_json()
    assert runner.invoke(args=["backup", str(tmp_path / "b.json")]).exit_code == 0
    restored = create_app({"TESTING": True, "DATABASE_URL": empty_database})
    result = restored.test_cli_runner().invoke(args=["restore", str(tmp_path / "b.json")])
    assert result.exit_code == 0, result.output
    assert restored.test_client().get("/api/v1/demos").get_json() == demos


def test_the_demo_migration_keeps_every_row(empty_database: str) -> None:
    """0012 adds the demo columns in place: on SQLite, copying the tournaments or games table
    (Alembic's batch mode) would drop the old one, and with foreign keys on that deletes the
    rows referring to it."""
    app = create_app({"TESTING": True, "DATABASE_URL": empty_database})
    assert app.test_cli_runner().invoke(args=["seed"]).exit_code == 0
    tables = ("games", "hands", "hand_changes", "tournaments", "tournament_games")

    def counts() -> dict[str, int]:
        with engine.connect() as connection:
            return {table: connection.execute(text(f"SELECT count(*) FROM {table}")).scalar_one()
                    for table in tables}

    engine = create_engine(empty_database)
    before = counts()
    assert all(before.values()), before
    config = migrate.alembic_config()
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.downgrade(config, "0011")
    again = create_app({"TESTING": True, "DATABASE_URL": empty_database})  # upgrades to head
    assert counts() == before
    engine.dispose()
    # Marked no demo by the upgrade; `flask seed` lists them again.
    client = again.test_client()
    assert client.get("/api/v1/demos").get_json() == {"games": [], "tournaments": []}
    assert again.test_cli_runner().invoke(args=["seed"]).exit_code == 0
    assert len(client.get("/api/v1/demos").get_json()["games"]) == len(GAME_SEEDS)
