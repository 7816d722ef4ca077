"""Alembic owns the schema: it builds it from nothing and matches the models exactly, on SQLite
and, in the PostgreSQL run, on PostgreSQL."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from sqlalchemy import create_engine, inspect, text

from scorekeeper import create_app, migrate
from scorekeeper.models import Base
from tests.api.tournament_helpers import Tourney
from tests.helpers import every_stored_text


def test_migrations_build_exactly_the_models(empty_database: str) -> None:
    engine = create_engine(empty_database)
    migrate.upgrade(engine)
    with engine.connect() as connection:
        differences = compare_metadata(MigrationContext.configure(connection), Base.metadata)
    assert differences == []
    assert migrate.current_revision(engine) == migrate.head_revision()
    engine.dispose()


def test_app_start_upgrades_an_existing_database_in_place(empty_database: str) -> None:
    url = empty_database
    engine = create_engine(url)
    migrate.upgrade(engine, "0001")
    with engine.begin() as connection:
        connection.execute(text(
            "INSERT INTO games (variant, options, sides, first_dealer, token_hash, state, version,"
            " created_at, updated_at) VALUES ('australian-500', '{}', '[]', 0, 'x', '{}', 1,"
            " '2026-01-01', '2026-01-01')"))
    create_app({"DATABASE_URL": url})
    assert migrate.current_revision(engine) == migrate.head_revision()
    with engine.connect() as connection:
        assert connection.execute(text("SELECT count(*) FROM games")).scalar() == 1
    assert set(inspect(engine).get_table_names()) >= {"games", "hands", "hand_changes",
                                                       "idempotent_replies", "write_quotas"}
    engine.dispose()


def test_sqlite_runs_in_wal_mode_with_a_busy_timeout(tmp_path: Path) -> None:
    app = create_app({"DATABASE_URL": f"sqlite:///{tmp_path / 'w.sqlite'}"})
    from scorekeeper.extensions import db

    with app.app_context(), db.engine.connect() as connection:
        assert connection.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
        assert connection.exec_driver_sql("PRAGMA busy_timeout").scalar() == 10_000
        assert connection.exec_driver_sql("PRAGMA foreign_keys").scalar() == 1


def test_sqlite_syncs_every_commit_to_disk(tmp_path: Path) -> None:
    """A hand the server acknowledged survives a power cut: in WAL mode synchronous=NORMAL may
    lose the last commits, FULL (2) syncs the log at each one."""
    app = create_app({"DATABASE_URL": f"sqlite:///{tmp_path / 'w.sqlite'}"})
    from scorekeeper.extensions import db

    with app.app_context(), db.engine.connect() as connection:
        assert connection.exec_driver_sql("PRAGMA synchronous").scalar() == 2


def test_text_stored_before_it_was_checked_is_made_storable(empty_database: str,
                                                            tmp_path: Path) -> None:
    """A lone surrogate or a control character let in before every string was checked made
    `flask backup` and sheet.csv fail; revision 0005 replaces each with U+FFFD."""
    app = create_app({"TESTING": True, "DATABASE_URL": empty_database})
    client = app.test_client()
    game = client.post("/api/v1/games", json={"variant": "australian-500", "sides": [
        {"name": "North-South", "players": ["Ann", "Cy"]},
        {"name": "East-West", "players": ["Bo", "Di"]}]}).get_json()
    client.post(f"/api/v1/games/{game['id']}/hands", json={"bidder": 0, "bid": "7H",
                                                           "tricks": [7, 3]},
                headers={"Authorization": f"Bearer {game['token']}"})
    broken = ('[{"name": "North\\ud800South", "players": ["Ann\\u0000", "Cy"]}, '
              '{"name": "East-West", "players": ["Bo", "Di"]}]')
    engine = create_engine(empty_database)
    with engine.begin() as connection:
        connection.execute(text("UPDATE games SET sides = :sides"), {"sides": broken})
        connection.execute(text("UPDATE hands SET explanation = :lines"),
                           {"lines": '["7\\u2665 made by North\\ud800South: +200"]'})
        connection.execute(text("UPDATE alembic_version SET version_num = '0004'"))
    migrate.upgrade(engine)
    engine.dispose()

    view = client.get(f"/api/v1/games/{game['id']}").get_json()
    assert [side["name"] for side in view["sides"]] == ["North\ufffdSouth", "East-West"]
    assert view["sides"][0]["players"] == ["Ann\ufffd", "Cy"]
    sheet = client.get(f"/api/v1/games/{game['id']}/sheet.csv")
    assert sheet.status_code == 200 and "North\ufffdSouth" in sheet.get_data(as_text=True)
    out = tmp_path / "backup.json"
    result = app.test_cli_runner().invoke(args=["backup", str(out)])
    assert result.exit_code == 0, result.output


def stored_json(value: Any) -> Any:
    """A JSON column read with plain SQL: text on SQLite, already decoded by psycopg."""
    return json.loads(value) if isinstance(value, str) else value


def test_finished_games_stored_before_end_reason_get_it(empty_database: str) -> None:
    """Revision 0006 gives every finished state stored by 0005 its end_reason: back_door for a
    winner short of the target, target otherwise; null for a game still in play."""
    app = create_app({"TESTING": True, "DATABASE_URL": empty_database})
    client = app.test_client()
    ids = []
    for options, hand in (({"lose_at": -200}, {"bidder": 0, "bid": "10H", "tricks": [2, 8]}),
                          ({"target": 200}, {"bidder": 0, "bid": "7H", "tricks": [7, 3]}),
                          ({}, {"bidder": 0, "bid": "7H", "tricks": [7, 3]})):
        game = client.post("/api/v1/games", json={"variant": "australian-500",
                                                  "options": options, "sides": [
            {"name": "North-South", "players": ["Ann", "Cy"]},
            {"name": "East-West", "players": ["Bo", "Di"]}]}).get_json()
        client.post(f"/api/v1/games/{game['id']}/hands", json=hand,
                    headers={"Authorization": f"Bearer {game['token']}"})
        ids.append(game["id"])
    engine = create_engine(empty_database)
    with engine.begin() as connection:
        for table in ("games", "hands"):
            for row_id, state in connection.execute(text(f"SELECT id, state FROM {table}")):
                old = {k: v for k, v in stored_json(state).items() if k != "end_reason"}
                connection.execute(text(f"UPDATE {table} SET state = :state WHERE id = :id"),
                                   {"state": json.dumps(old), "id": row_id})
        connection.execute(text("UPDATE alembic_version SET version_num = '0005'"))
    migrate.upgrade(engine)
    with engine.connect() as connection:
        stored = [stored_json(state).get("end_reason", "missing") for state in connection.execute(
            text("SELECT state FROM hands ORDER BY game_id")).scalars()]
    engine.dispose()

    reasons = [client.get(f"/api/v1/games/{n}").get_json()["end_reason"] for n in ids]
    assert reasons == ["back_door", "target", None]
    assert stored == reasons  # each game's one hand keeps the state it ended with


def test_hands_stored_before_reasons_get_them_scored_again(empty_database: str) -> None:
    """Revision 0007 gives every stored hand its reasons, scored again from the state stored
    before it; a hand whose stored sentences the rules no longer give keeps them word for word."""
    app = create_app({"TESTING": True, "DATABASE_URL": empty_database})
    client = app.test_client()
    games = (
        ({"variant": "australian-500", "options": {"target": 300}, "sides": [
            {"name": "North-South", "players": ["Ann", "Cy"]},
            {"name": "East-West", "players": ["Bo", "Di"]}]},
         [{"bidder": 0, "bid": "7S", "tricks": [7, 3]}, {"passed_out": True},
          {"bidder": 1, "bid": "MIS", "tricks": [10, 0]},
          {"bidder": 0, "bid": "7H", "tricks": [8, 2]}]),
        ({"variant": "cinquecento", "sides": [{"name": "Us", "players": ["Ann"]},
                                              {"name": "Them", "players": ["Bo"]}]},
         [{"points": [68, 52], "mariannas": [{"side": 1, "suit": "cups"}]}]),
        ({"variant": "rummy-500", "sides": [{"name": "Ann", "players": ["Ann"]},
                                            {"name": "Bo", "players": ["Bo"]}]},
         [{"players": [{"meld_points": 40, "hand_points": 0, "went_out": True},
                       {"meld_points": 0, "hand_points": 10}]}]),
    )
    before = {}
    for body, hands in games:
        game = client.post("/api/v1/games", json=body).get_json()
        for hand in hands:
            reply = client.post(f"/api/v1/games/{game['id']}/hands", json=hand,
                                headers={"Authorization": f"Bearer {game['token']}"})
            assert reply.status_code == 201, reply.get_json()
        before[game["id"]] = client.get(f"/api/v1/games/{game['id']}/hands").get_json()
    first = next(iter(before))
    engine = create_engine(empty_database)
    config = migrate.alembic_config()
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.downgrade(config, "0005")
        # A hand recorded when its sentence read otherwise (as an old export brings it back).
        connection.execute(text("UPDATE hands SET explanation = :lines WHERE game_id = :game "
                                "AND number = 2"),
                           {"lines": '["All passed: nothing scored"]', "game": first})
    assert "reasons" not in {c["name"] for c in inspect(engine).get_columns("hands")}
    migrate.upgrade(engine)
    engine.dispose()

    for game_id, hands in before.items():
        after = client.get(f"/api/v1/games/{game_id}/hands").get_json()
        for old, new in zip(hands, after, strict=True):
            assert len(new["reasons"]) == len(new["explanation"])
            if (game_id, new["number"]) == (first, 2):
                assert new["reasons"] == [{"code": "as_recorded",
                                           "params": {"sentence": "All passed: nothing scored"}}]
            else:
                assert new == old  # the same reasons recording them gave


def test_stored_replies_keep_no_secret_in_the_clear_after_0011(empty_database: str) -> None:
    """Revision 0011 seals every secret of a stored reply. A top-level token sealed before stays
    readable (a retried create still gets its game's token); a reply with tokens in the clear (a
    round's scorers) cannot be sealed without its Idempotency-Key, so it is deleted: a retry is
    made again, with new tokens."""
    app = create_app({"TESTING": True, "DATABASE_URL": empty_database})
    client = app.test_client()
    game = client.post("/api/v1/games", headers={"Idempotency-Key": "create"}, json={
        "variant": "australian-500", "sides": [{"name": "North-South", "players": ["Ann", "Cy"]},
                                               {"name": "East-West", "players": ["Bo", "Di"]}]})
    tourney = Tourney.create(client, 4)
    assert tourney.draw().status_code == 200
    scorers = client.post(f"{tourney.url}/rounds/1/scorers",
                          headers=tourney.auth(**{"Idempotency-Key": "print kit"}))
    tokens = [s["token"] for s in scorers.get_json()["scorers"]]
    engine = create_engine(empty_database)
    config = migrate.alembic_config()
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.downgrade(config, "0010")
        # As 0010 stored the print kit's reply: every table's token in the clear.
        connection.execute(text("UPDATE tournament_replies SET body = :body, sealed = NULL"),
                           {"body": json.dumps(scorers.get_json())})
    with engine.connect() as connection:
        assert connection.execute(text("SELECT sealed FROM created_replies")).scalar()[0] != "["
    migrate.upgrade(engine)
    engine.dispose()

    assert [t for t in tokens if t in every_stored_text(app)] == []
    again = client.post("/api/v1/games", headers={"Idempotency-Key": "create"}, json={
        "variant": "australian-500", "sides": [{"name": "North-South", "players": ["Ann", "Cy"]},
                                               {"name": "East-West", "players": ["Bo", "Di"]}]})
    assert again.headers["Idempotent-Replayed"] == "true"
    assert again.get_json() == game.get_json()  # its token unsealed as before
    made_again = client.post(f"{tourney.url}/rounds/1/scorers",
                             headers=tourney.auth(**{"Idempotency-Key": "print kit"}))
    assert made_again.status_code == 201 and "Idempotent-Replayed" not in made_again.headers
    assert tourney.report("r1m1", [360, 120], token=tokens[0]).status_code == 201


def test_a_tournament_made_before_0014_has_no_recovery_code(empty_database: str) -> None:
    """Revision 0014 adds the recovery code's hash and the desk's keys: a tournament made before
    keeps its organizer's token and has no code to recover with (a clear 409)."""
    app = create_app({"TESTING": True, "DATABASE_URL": empty_database})
    client = app.test_client()
    tourney = Tourney.create(client, 4)
    engine = create_engine(empty_database)
    config = migrate.alembic_config()
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.downgrade(config, "0013")
    assert "desk_keys" not in inspect(engine).get_table_names()
    migrate.upgrade(engine)
    engine.dispose()
    refused = client.post(f"{tourney.url}/recover",
                          json={"recovery_code": tourney.created["recovery_code"]})
    assert refused.status_code == 409
    assert "before recovery codes" in refused.get_json()["message"]
    assert client.post(f"{tourney.url}/organizers", json={"label": "Marie"},
                       headers=tourney.auth()).status_code == 201
    assert tourney.draw().status_code == 200
