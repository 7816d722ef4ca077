"""Backup and restore: the backup file is written atomically from one snapshot, a restore into an
empty database brings back every game and tournament with its links (ids and tokens), and
backup → restore → backup gives the same file. On SQLite and on PostgreSQL."""

from __future__ import annotations

import copy
import json
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy
from flask import Flask
from flask.testing import FlaskClient, FlaskCliRunner

from scorekeeper.services import present
from scorekeeper.services.backup import GAME_ONLY
from tests.api.helpers import API, assert_error
from tests.api.tournament_helpers import Tourney
from tests.helpers import (
    HANDS,
    GameHandle,
    backup,
    new_app,
    played,
    second_database,
)

RUMMY_SEATS = [{"name": n, "players": [n]} for n in ("Ann", "Bo", "Cy")]


def undated(data: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in data.items() if k != "written_at"}


@dataclass
class Rich:
    australian: GameHandle
    games: list[int]
    tourney: Tourney
    tournaments: list[int]
    scorer: str


def rich(client: FlaskClient, new_game: Any) -> Rich:
    """Games of four variants (one with corrections and an undo, one finished), a Quebec
    tournament with games reported (one as a linked game) and a scorer, one not drawn yet."""
    australian = played(client, new_game)
    cinquecento = new_game(variant="cinquecento")
    assert cinquecento.record({"points": [68, 52], "mariannas": [
        {"side": 1, "suit": "cups"}]}).status_code == 201
    rummy = new_game(sides=RUMMY_SEATS, variant="rummy-500")
    assert rummy.record({"players": [{"meld_points": 85, "hand_points": 0, "went_out": True},
                                     {"meld_points": 30, "hand_points": 12},
                                     {"meld_points": 0, "hand_points": 40}]}).status_code == 201
    t = Tourney.create(client, 4, options={"game_unit": "game"})
    assert t.draw(2024).status_code == 200
    body = t.get()
    teams = [body["teams"][i] for i in t.match("r1m1")["teams"]]
    linked = new_game(variant="quebec-500",
                      sides=[{"name": x["name"], "players": x["players"]} for x in teams])
    for _ in range(2):  # two made 10NT: 1040, the game is over
        assert linked.record({"bidder": 0, "bid": "10NT", "tricks": [10, 0]}).status_code == 201
    assert linked.state()["status"] == "finished"
    assert t.report("r1m1", {"game_id": linked.id}).status_code == 201
    for scores in ([1040, 520], [300, 1000], [1000, 990], [1010, 0]):
        assert t.report("r1m1", scores).status_code == 201
    for scores in ([1000, 20], [480, 1000], [1000, 0], [-40, 1000]):
        assert t.report("r1m2", scores).status_code == 201
    scorer = t.scorer("r1m2")
    assert scorer.status_code == 201
    later = Tourney.create(client, 3, fmt="round_robin")
    # A match played on the score sheet: its game and the deals it reported.
    deals = Tourney.create(client, 2)
    assert deals.draw(7).status_code == 200
    sheet = client.post(f"{deals.url}/matches/r1m1/sheet", headers=deals.auth()).get_json()
    for bidder in (0, 1):
        assert client.post(f"{API}/games/{sheet['id']}/hands",
                           json={"bidder": bidder, "bid": "7H", "tricks": [8, 2]},
                           headers={"Authorization": f"Bearer {sheet['token']}"}
                           ).status_code == 201
    assert [r["game_id"] for r in deals.match("r1m1")["results"]] == [sheet["id"]] * 2
    return Rich(australian, [australian.id, cinquecento.id, rummy.id, linked.id, sheet["id"]],
                t, [t.id, later.id, deals.id], scorer.get_json()["token"])


def reads(client: FlaskClient, data: Rich) -> dict[str, Any]:
    """Every read of every game and tournament, with its ETag."""
    urls = [f"{API}/games/{g}{tail}" for g in data.games
            for tail in ("", "/hands", "/history", "/export", "/stats")]
    urls += [f"{API}/tournaments/{t}{tail}" for t in data.tournaments for tail in ("", "/bracket")]
    seen = {}
    for url in urls:
        response = client.get(url)
        seen[url] = (response.status_code, response.get_json(), response.headers.get("ETag"))
    return seen


def restored(app: Flask, client: FlaskClient, runner: FlaskCliRunner, new_game: Any,
             tmp_path: Path) -> tuple[Rich, dict[str, Any], dict[str, Any], Flask]:
    """The rich data set, its reads and backup, and a new app on an empty database into which
    that backup was restored."""
    data = rich(client, new_game)
    before = reads(client, data)
    first = backup(runner, tmp_path / "first.json")
    second = new_app(second_database(tmp_path))
    result = second.test_cli_runner().invoke(args=["restore", str(tmp_path / "first.json")])
    assert result.exit_code == 0, result.output
    assert "restored 5 games, 3 tournaments" in result.output
    return data, before, first, second


def test_backup_restore_backup_gives_the_same_file(app: Flask, client: FlaskClient,
                                                   runner: FlaskCliRunner, new_game: Any,
                                                   tmp_path: Path) -> None:
    data, before, first, second = restored(app, client, runner, new_game, tmp_path)
    assert first["format"] == "scorekeeper.backup/2"
    again = backup(second.test_cli_runner(), tmp_path / "again.json")
    assert undated(again) == undated(first)
    # Every read is the same, ETags included (the versions came back with the rows).
    assert reads(second.test_client(), data) == before
    assert [c["action"] for c in first["games"][0]["history"]] == [
        "recorded"] * 4 + ["corrected", "recorded", "undone"]
    # Only hashes in the file: no token, of a game, an organizer or a scorer.
    text = (tmp_path / "first.json").read_text(encoding="utf-8")
    for token in (data.australian.token, data.tourney.token, data.scorer):
        assert token not in text


def test_every_link_works_after_a_restore(app: Flask, client: FlaskClient,
                                          runner: FlaskCliRunner, new_game: Any,
                                          tmp_path: Path) -> None:
    data, _, first, second = restored(app, client, runner, new_game, tmp_path)
    after = second.test_client()
    game = GameHandle(after, {"id": data.australian.id, "token": data.australian.token})
    etag = after.get(game.url).headers["ETag"]
    assert game.record(HANDS[0], **{"If-Match": etag}).status_code == 201
    assert_error(after.post(f"{game.url}/hands", json=HANDS[0],
                            headers={"Authorization": f"Bearer {data.tourney.token}"}), 403)
    t = Tourney(after, {"id": data.tourney.id, "token": data.tourney.token})
    assert_error(t.report("r1m2", [1000, 0], token=data.australian.token), 403)
    assert_error(t.report("r1m1", [1000, 0], token=data.scorer), 403)  # not its match
    assert t.report("r1m2", [1000, 0], token=data.scorer).status_code == 201
    assert t.advance().status_code == 200
    knockout = t.get()["rounds"][-1]["matches"][0]["id"]
    assert t.report(knockout, [1000, 0]).status_code == 201
    # New rows are numbered after the restored ones.
    fresh = after.post(f"{API}/games", json={"variant": "australian-500",
                                             "sides": first["games"][0]["sides"]})
    assert fresh.status_code == 201
    assert fresh.get_json()["id"] == max(data.games) + 1
    assert Tourney.create(after, 4).id == max(data.tournaments) + 1


def test_a_backup_game_imports_without_its_backup_keys(app: Flask, client: FlaskClient,
                                                       runner: FlaskCliRunner, new_game: Any,
                                                       tmp_path: Path) -> None:
    data = rich(client, new_game)
    written = backup(runner, tmp_path / "b.json")
    for entry, game_id in zip(written["games"], data.games, strict=True):
        export = {k: v for k, v in entry.items() if k not in GAME_ONLY}
        assert export == client.get(f"{API}/games/{game_id}/export").get_json()
        assert client.post(f"{API}/games/import", json=export).status_code == 201


def test_restore_refuses_a_database_that_is_not_empty(app: Flask, client: FlaskClient,
                                                      runner: FlaskCliRunner, new_game: Any,
                                                      tmp_path: Path) -> None:
    new_game()
    Tourney.create(client, 4)
    file = tmp_path / "b.json"
    written = backup(runner, file)
    # Not even a game: one tournament is enough to refuse.
    second = new_app(second_database(tmp_path))
    Tourney.create(second.test_client(), 3)
    before = backup(second.test_cli_runner(), tmp_path / "before.json")
    result = second.test_cli_runner().invoke(args=["restore", str(file)])
    assert result.exit_code != 0
    assert "not empty" in result.output and "nothing restored" in result.output
    assert undated(backup(second.test_cli_runner(), tmp_path / "after.json")) == undated(before)
    assert len(written["games"]) == 1


def broken_backups() -> list[Any]:
    def wrong_deltas(data: dict[str, Any]) -> None:
        data["games"][-1]["hands"][0]["deltas"] = [0, 0]

    def same_scorer_twice(data: dict[str, Any]) -> None:
        # Only the database can tell (a unique token hash), at the very last insert.
        scorers = data["tournaments"][0]["scorers"]
        scorers.append({**scorers[0], "match": "r1m1"})

    def other_format(data: dict[str, Any]) -> None:
        data["format"] = "scorekeeper.backup/1"

    def linked_game_missing(data: dict[str, Any]) -> None:
        data["games"] = [g for g in data["games"] if g["status"] != "finished"]

    def extra_field(data: dict[str, Any]) -> None:
        data["games"][0]["token"] = "plaintext"

    return [pytest.param(wrong_deltas, "game 5: hand 1 scores", id="wrong-deltas"),
            pytest.param(same_scorer_twice, "contradicts itself", id="same-scorer-twice"),
            pytest.param(other_format, "scorekeeper.backup/2", id="other-format"),
            pytest.param(linked_game_missing, "tournament 1: it links game 4",
                         id="linked-game-missing"),
            pytest.param(extra_field, "games.0.token", id="extra-field")]


@pytest.mark.parametrize(("damage", "message"), broken_backups())
def test_a_wrong_backup_restores_nothing(app: Flask, client: FlaskClient,
                                         runner: FlaskCliRunner, new_game: Any, tmp_path: Path,
                                         damage: Any, message: str) -> None:
    rich(client, new_game)
    data = backup(runner, tmp_path / "b.json")
    broken = copy.deepcopy(data)
    damage(broken)
    file = tmp_path / "broken.json"
    file.write_text(json.dumps(broken), encoding="utf-8")
    second = new_app(second_database(tmp_path))
    result = second.test_cli_runner().invoke(args=["restore", str(file)])
    assert result.exit_code != 0
    assert message in result.output and "nothing restored" in result.output, result.output
    empty = backup(second.test_cli_runner(), tmp_path / "empty.json")
    assert (empty["games"], empty["tournaments"]) == ([], [])


def unstorable_backups() -> list[Any]:
    """Backups edited to hold what no request could store: each names the field."""
    def nul_in_a_side(data: dict[str, Any]) -> None:
        data["games"][0]["sides"][0]["name"] = "North\x00South"

    def bel_in_a_player(data: dict[str, Any]) -> None:
        data["games"][1]["sides"][1]["players"][0] = "Bo\x07"

    def esc_in_a_team(data: dict[str, Any]) -> None:
        data["tournaments"][0]["teams"][2]["name"] = "\x1b[31mLes As"

    def esc_in_an_option(data: dict[str, Any]) -> None:
        data["tournaments"][1]["options"]["\x1b"] = 1

    def blank_tournament_name(data: dict[str, Any]) -> None:
        data["tournaments"][0]["name"] = "   "  # the API trims it, then refuses it

    def nested_too_deep(data: dict[str, Any]) -> None:
        deep: Any = 0
        for _ in range(40):
            deep = [deep]
        data["games"][0]["options"]["house"] = deep

    return [pytest.param(nul_in_a_side, "games.0.sides.0.name: Contains a control character "
                         "(U+0000)", id="nul-in-a-side"),
            pytest.param(bel_in_a_player, "games.1.sides.1.players.0: Contains a control "
                         "character (U+0007)", id="bel-in-a-player"),
            pytest.param(esc_in_a_team, "tournaments.0.teams.2.name: Contains a control "
                         "character (U+001B)", id="esc-in-a-team"),
            pytest.param(esc_in_an_option, "tournaments.1.options: A key contains a control "
                         "character (U+001B)", id="esc-in-an-option"),
            pytest.param(blank_tournament_name, "tournaments.0.name:", id="blank-name"),
            pytest.param(nested_too_deep, "nested deeper than 32 levels", id="nested-too-deep")]


@pytest.mark.parametrize(("damage", "message"), unstorable_backups())
def test_restore_refuses_what_the_api_refuses(app: Flask, client: FlaskClient,
                                              runner: FlaskCliRunner, new_game: Any,
                                              tmp_path: Path, damage: Any, message: str) -> None:
    """A backup edited by hand restored names with NUL, BEL or ESC, which export → import then
    refused and sheet.csv carried raw: refused in one line, exit 1, nothing written."""
    rich(client, new_game)
    broken = backup(runner, tmp_path / "b.json")
    damage(broken)
    file = tmp_path / "broken.json"
    file.write_text(json.dumps(broken), encoding="utf-8")
    refused_in_one_line(file, tmp_path, message)


def test_restore_refuses_a_file_nested_100000_levels_deep(app: Flask, runner: FlaskCliRunner,
                                                          tmp_path: Path) -> None:
    """It crashed with a RecursionError traceback."""
    data = backup(runner, tmp_path / "b.json")
    text = json.dumps(data).replace('"games": []', '"games": ' + "[" * 100_000 + "]" * 100_000)
    file = tmp_path / "deep.json"
    file.write_text(text, encoding="utf-8")
    refused_in_one_line(file, tmp_path, "nested deeper than 32 levels")


def refused_in_one_line(file: Path, tmp_path: Path, message: str) -> None:
    second = new_app(second_database(tmp_path))
    result = second.test_cli_runner().invoke(args=["restore", str(file)])
    assert result.exit_code == 1, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    assert len(result.output.strip().splitlines()) == 1, result.output
    assert message in result.output and "nothing restored" in result.output, result.output
    empty = backup(second.test_cli_runner(), tmp_path / "empty.json")
    assert (empty["games"], empty["tournaments"]) == ([], [])


def test_restore_refuses_a_file_that_is_not_json(app: Flask, runner: FlaskCliRunner,
                                                 tmp_path: Path) -> None:
    file = tmp_path / "b.json"
    file.write_text("{not json", encoding="utf-8")
    result = runner.invoke(args=["restore", str(file)])
    assert result.exit_code != 0 and "nothing restored" in result.output


def unencodable(moment: Any) -> str:
    return "\ud800"  # a lone surrogate: json.dumps takes it, UTF-8 cannot encode it


def midway(change: Any) -> dict[str, Any]:
    raise RuntimeError("the database went away")


@pytest.mark.parametrize("failure", [
    pytest.param(("timestamp", unencodable), id="cannot-be-encoded"),
    pytest.param(("change_view", midway), id="fails-midway")])
def test_a_failed_backup_leaves_the_earlier_file_whole(app: Flask, client: FlaskClient,
                                                       runner: FlaskCliRunner, new_game: Any,
                                                       tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch,
                                                       failure: tuple[str, Any]) -> None:
    played(client, new_game)
    folder = tmp_path / "backups"
    folder.mkdir()
    file = folder / "nightly.json"
    backup(runner, file)
    assert file.stat().st_mode & 0o777 == 0o600  # it holds token hashes: the owner's only
    earlier = file.read_bytes()
    new_game()  # something new, so a finished backup would differ
    monkeypatch.setattr(present, *failure)
    result = runner.invoke(args=["backup", str(file)])
    assert result.exit_code != 0
    assert file.read_bytes() == earlier
    assert [p.name for p in folder.iterdir()] == ["nightly.json"]  # no temporary file left
    assert f"backup failed, {file} was not changed" in result.output, result.output


def test_a_write_during_the_backup_is_wholly_outside_it(app: Flask, client: FlaskClient,
                                                        runner: FlaskCliRunner, new_game: Any,
                                                        tmp_path: Path) -> None:
    """The backup reads one snapshot: a hand recorded after its first read is not in it, even
    though the game's hands and history are read later."""
    played(client, new_game)
    other = new_game()
    expected = backup(runner, tmp_path / "before.json")
    engine = app.extensions["scorekeeper.db"][0]
    main = threading.current_thread()
    wrote: list[int] = []

    def write_once(_connection: Any, _cursor: Any, statement: str, *_: Any) -> None:
        # After the backup's first read (a BEGIN alone fixes no snapshot on SQLite).
        if threading.current_thread() is not main or wrote or not statement.startswith("SELECT"):
            return
        wrote.append(0)
        writer = threading.Thread(target=lambda: wrote.append(
            GameHandle(app.test_client(), {"id": other.id, "token": other.token})
            .record(HANDS[0]).status_code))
        writer.start()
        writer.join(30)

    sqlalchemy.event.listen(engine, "after_cursor_execute", write_once)
    try:
        during = backup(runner, tmp_path / "during.json")
    finally:
        sqlalchemy.event.remove(engine, "after_cursor_execute", write_once)
    assert wrote == [0, 201]
    assert undated(during) == undated(expected)
    after = backup(runner, tmp_path / "after.json")
    assert len(after["games"][1]["hands"]) == 1


def desk(client: FlaskClient) -> tuple[Tourney, list[dict[str, Any]]]:
    """A Quebec tournament where games are confirmed: tables numbered, a scorer for each team,
    one game waiting for the other team's confirmation."""
    t = Tourney.create(client, 4, options={"confirm_games": True})
    assert t.draw(2024).status_code == 200
    assert client.put(f"{t.url}/rounds/1/tables", json={"tables": {"r1m1": 7, "r1m2": 3}},
                      headers=t.auth()).status_code == 200
    scorers = client.post(f"{t.url}/rounds/1/scorers", headers=t.auth()).get_json()["scorers"]
    assert t.report("r1m1", [300, 100]).status_code == 201  # the organizer's: confirmed
    assert t.report("r1m1", [100, 300], token=scorers[0]["token"]).status_code == 201
    return t, scorers


def test_tables_team_scorers_and_waiting_games_survive_a_restore(
        app: Flask, client: FlaskClient, runner: FlaskCliRunner, tmp_path: Path) -> None:
    t, scorers = desk(client)
    before = client.get(t.url).get_json()
    first = backup(runner, tmp_path / "desk.json")
    [saved] = first["tournaments"]
    assert saved["tables"] == {"r1m1": 7, "r1m2": 3}
    assert [(s["match"], s["team"]) for s in saved["scorers"]] == [
        (s["match"], s["team"]) for s in scorers]
    assert [(g["confirmed"], g["reported_by"]) for g in saved["games"]] == [
        (True, None), (False, scorers[0]["team"])]

    second = new_app(second_database(tmp_path))
    result = second.test_cli_runner().invoke(args=["restore", str(tmp_path / "desk.json")])
    assert result.exit_code == 0, result.output
    after = second.test_client()
    assert after.get(t.url).get_json() == before
    assert [m["table"] for m in before["rounds"][0]["matches"]] == [7, 3]
    assert before["rounds"][0]["matches"][0]["unconfirmed"] == [
        {"number": 2, "scores": [100, 300], "reported_by": scorers[0]["team"]}]
    again = Tourney(after, {"id": t.id, "token": t.token})
    confirm = f"{t.url}/matches/r1m1/games/2/confirm"
    assert_error(after.post(confirm, headers=again.auth(scorers[0]["token"])), 403)
    assert after.post(confirm, headers=again.auth(scorers[1]["token"])).status_code == 200
    assert undated(backup(second.test_cli_runner(), tmp_path / "again.json"))["tournaments"][0][
        "games"][1]["confirmed"] is True


def test_a_backup_written_before_the_desk_restores(app: Flask, client: FlaskClient,
                                                   runner: FlaskCliRunner,
                                                   tmp_path: Path) -> None:
    """No tables, no scorer team, no confirmed: every game counted, match-wide scorers."""
    t = Tourney.create(client, 4)
    assert t.draw(2024).status_code == 200
    scorer = t.scorer("r1m2").get_json()["token"]
    assert t.report("r1m1", [300, 100]).status_code == 201
    before = client.get(t.url).get_json()
    data = backup(runner, tmp_path / "new.json")
    [saved] = data["tournaments"]
    del saved["tables"]
    for game in saved["games"]:
        del game["confirmed"], game["reported_by"]
    for each in saved["scorers"]:
        del each["team"]
    (tmp_path / "old.json").write_text(json.dumps(data), encoding="utf-8")
    second = new_app(second_database(tmp_path))
    result = second.test_cli_runner().invoke(args=["restore", str(tmp_path / "old.json")])
    assert result.exit_code == 0, result.output
    after = second.test_client()
    assert after.get(t.url).get_json() == before
    assert after.get(f"{t.url}/access", headers={"Authorization": f"Bearer {scorer}"}
                     ).get_json() == {"role": "scorer", "match": "r1m2", "team": None}
    assert backup(second.test_cli_runner(), tmp_path / "again.json")["tournaments"][0][
        "tables"] == {}


def test_recovery_code_co_organizers_and_door_survive_a_restore(
        app: Flask, client: FlaskClient, runner: FlaskCliRunner, tmp_path: Path) -> None:
    t = Tourney.create(client, 4)
    marie = client.post(f"{t.url}/organizers", json={"label": "Marie"},
                        headers=t.auth()).get_json()
    gate = client.post(f"{t.url}/door", headers=t.auth()).get_json()["token"]
    first = backup(runner, tmp_path / "keys.json")
    [saved] = first["tournaments"]
    assert saved["recovery_hash"] and [k["role"] for k in saved["keys"]] == ["organizer", "door"]
    text = (tmp_path / "keys.json").read_text(encoding="utf-8")
    assert t.created["recovery_code"] not in text and marie["token"] not in text
    second = new_app(second_database(tmp_path))
    result = second.test_cli_runner().invoke(args=["restore", str(tmp_path / "keys.json")])
    assert result.exit_code == 0, result.output
    after = second.test_client()
    assert after.post(f"{t.url}/teams/0/check-in", headers=t.auth(gate)).status_code == 200
    assert after.post(f"{t.url}/teams/1/check-in",
                      headers=t.auth(marie["token"])).status_code == 200
    assert after.post(f"{t.url}/recover", json={
        "recovery_code": t.created["recovery_code"]}).status_code == 200
    # A backup written before recovery codes restores: no code, no keys.
    del saved["recovery_hash"], saved["keys"]
    (tmp_path / "old.json").write_text(json.dumps(first), encoding="utf-8")
    (tmp_path / "old").mkdir()
    third = new_app(second_database(tmp_path / "old"))
    result = third.test_cli_runner().invoke(args=["restore", str(tmp_path / "old.json")])
    assert result.exit_code == 0, result.output
    assert_error(third.test_client().post(f"{t.url}/recover", json={
        "recovery_code": t.created["recovery_code"]}), 409)
