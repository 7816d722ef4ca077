"""Players' ratings (issue 30): kept as games finish, replayed by corrections, links and merges,
the same after a full rebuild; GET /players/{id}/ratings and GET /games/{id}/chances."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import delete, select

from scorekeeper.extensions import db
from scorekeeper.models import PlayerRating
from scorekeeper.services.clubs import ratings
from tests.api.club_helpers import ClubHandle, add_player, bearer, club_game, new_club, seated
from tests.api.helpers import API, GAMES, assert_error, hand
from tests.helpers import backup, in_threads, new_app, second_database

PLAYERS = f"{API}/players"
NORTH_SOUTH_WINS = [hand(0, "8H", [8, 2]), hand(2, "7H", [7, 3])]  # 500 to 50


def finished(client: FlaskClient, club: ClubHandle, players: list[Any],
             hands: list[dict[str, Any]] = NORTH_SOUTH_WINS) -> dict[str, Any]:
    """A club game played to its end: seats 0 and 2 (North-South) win."""
    game = club_game(client, club, players)
    for entered in hands:
        made = client.post(f"{GAMES}/{game['id']}/hands", json=entered,
                           headers=bearer(game["token"]))
        assert made.status_code == 201, made.get_json()
    return game


def stored(app: Flask) -> dict[tuple[int, str], tuple[float, float, int, float, list[Any]]]:
    """Every rating row, exactly as stored."""
    with app.app_context():
        return {(r.player_id, r.family): (r.mu, r.sigma, r.games, r.value, r.history)
                for r in db.session.scalars(select(PlayerRating))}


def rebuilt(app: Flask, club: ClubHandle) -> dict[tuple[int, str], Any]:
    with app.app_context():
        ratings.rebuild(db.session, club.id)
        db.session.commit()
    return stored(app)


def value(client: FlaskClient, player: int, token: str | None = None) -> list[Any]:
    read = client.get(f"{PLAYERS}/{player}/ratings",
                      headers=bearer(token) if token else {})
    assert read.status_code == 200, read.get_json()
    found: list[Any] = read.get_json()["ratings"]
    return found


def test_finished_games_rate_their_players_and_a_rebuild_gives_the_same_bits(
        app: Flask, client: FlaskClient) -> None:
    club = new_club(client, public=True)
    ann, bo, cy, di = (add_player(client, club, n) for n in ("Ann", "Bo", "Cy", "Di"))
    first = club_game(client, club, [seated("Ann", ann), seated("Bo", bo), seated("Cy", cy),
                                     seated("Di", di)])
    even = client.get(f"{GAMES}/{first['id']}/chances").get_json()
    assert even == {"sides": [{"side": 0, "chance": 0.5}, {"side": 1, "chance": 0.5}],
                    "rated": False}
    assert client.get(f"{PLAYERS}/{ann}/ratings").get_json() == {"player": ann, "ratings": []}
    for entered in NORTH_SOUTH_WINS:
        client.post(f"{GAMES}/{first['id']}/hands", json=entered, headers=bearer(first["token"]))
    for _ in range(2):
        finished(client, club, [seated("Ann", ann), seated("Bo", bo), seated("Cy", cy), "Gus"])
    mine = value(client, ann)
    assert [(r["family"], r["games"], r["provisional"]) for r in mine] == [
        ("contract", 3, True)]
    history = mine[0]["history"]
    assert [point["game"] for point in history] == [first["id"], first["id"] + 1,
                                                    first["id"] + 2]
    assert 50 < history[0]["value"] < history[1]["value"] < history[2]["value"] == mine[0][
        "value"]
    assert value(client, bo)[0]["value"] < 50 and value(client, bo)[0]["games"] == 3
    assert value(client, di)[0]["games"] == 1  # Gus, a guest, is never stored
    assert len(stored(app)) == 4
    before = stored(app)
    assert rebuilt(app, club) == before  # kept game by game == replayed at once, bit for bit
    # The next game's chances: the winners' side is favoured; a guest plays at a newcomer's.
    coming = club_game(client, club, [seated("Ann", ann), seated("Bo", bo), seated("Cy", cy),
                                      "Gus"])
    chances = client.get(f"{GAMES}/{coming['id']}/chances").get_json()
    assert chances["rated"] is True
    assert chances["sides"][0]["chance"] > 0.5 > chances["sides"][1]["chance"]
    assert abs(sum(s["chance"] for s in chances["sides"]) - 1) < 1e-3
    assert_error(client.get(f"{GAMES}/999/chances"), 404)
    assert_error(client.get(f"{PLAYERS}/999/ratings"), 404)


def test_a_private_clubs_ratings_read_only_with_its_tokens(client: FlaskClient) -> None:
    club = new_club(client)
    ann = add_player(client, club, "Ann")
    finished(client, club, [seated("Ann", ann), "Bo", "Cy", "Di"])
    assert_error(client.get(f"{PLAYERS}/{ann}/ratings"), 404)
    assert value(client, ann, club.member)[0]["games"] == 1


def test_a_late_link_and_a_merge_change_exactly_the_players_they_touch(
        app: Flask, client: FlaskClient) -> None:
    club = new_club(client)
    ann, bo, cy, di, ed, flo, di2 = (add_player(client, club, n) for n in (
        "Ann", "Bo", "Cy", "Di", "Ed", "Flo", "Di T."))
    finished(client, club, [seated("Ann", ann), seated("Bo", bo), seated("Cy", cy),
                            seated("Di", di)])
    second = finished(client, club, [seated("Ed", ed), "Gus", seated("Flo", flo), "x"])
    finished(client, club, [seated("Di", di2), "y", "z", "w"])
    before = stored(app)
    # Gus was Bo: Bo, and Ed and Flo who beat him, change; nobody else does.
    linked = client.put(f"{GAMES}/{second['id']}/seats/1", json={"player": bo},
                        headers={"X-Club-Token": club.member})
    assert linked.status_code == 200, linked.get_json()
    after = stored(app)
    assert {key for key in before if after.get(key) != before[key]} == {
        (bo, "contract"), (ed, "contract"), (flo, "contract")}
    assert after[(bo, "contract")][2] == 2
    assert rebuilt(app, club) == after
    # "Di T." was Di: only Di changes (her other game came first); Di T. has no rating left.
    merged = client.post(f"{club.url}/players/{di2}/merge", json={"into": di},
                         headers=bearer(club.admin))
    assert merged.status_code == 200, merged.get_json()
    merged_rows = stored(app)
    assert {key for key in set(after) | set(merged_rows)
            if merged_rows.get(key) != after.get(key)} == {(di, "contract"), (di2, "contract")}
    assert (di2, "contract") not in merged_rows and merged_rows[(di, "contract")][2] == 2
    assert rebuilt(app, club) == merged_rows
    # Its undoing gives back exactly the ratings from before it.
    undone = client.delete(f"{club.url}/merges/{merged.get_json()['id']}",
                           headers=bearer(club.admin))
    assert undone.status_code == 200
    assert stored(app) == after
    # Erasing Bo makes his seats guests, at a newcomer's rating: he goes, and Ed and Flo, who
    # played him once he was rated, change; in his first game he was a newcomer anyway.
    client.delete(f"{PLAYERS}/{bo}", headers=bearer(club.admin))
    erased = stored(app)
    assert (bo, "contract") not in erased
    assert {key for key in after if erased.get(key) != after[key]} == {
        (bo, "contract"), (ed, "contract"), (flo, "contract")}


def test_a_correction_or_an_undo_of_a_finished_game_replays(app: Flask,
                                                            client: FlaskClient) -> None:
    club = new_club(client)
    ann, bo = (add_player(client, club, n) for n in ("Ann", "Bo"))
    game = finished(client, club, [seated("Ann", ann), seated("Bo", bo), "Cy", "Di"])
    finished(client, club, [seated("Ann", ann), seated("Bo", bo), "Cy", "Di"])
    assert value(client, ann, club.member)[0]["value"] > 50
    token = bearer(game["token"])
    # The first game's deciding hand corrected: East-West win it after all.
    corrected = client.put(f"{GAMES}/{game['id']}/hands/2", json=hand(1, "10H", [0, 10]),
                           headers=token)
    assert corrected.status_code == 200, corrected.get_json()
    after = stored(app)
    assert after[(bo, "contract")][4][0][2] > 50 > after[(ann, "contract")][4][0][2]
    assert rebuilt(app, club) == after
    # Undone, the game is unfinished and rates nobody.
    assert client.delete(f"{GAMES}/{game['id']}/hands/2", headers=token).status_code == 200
    assert [point[0] for point in stored(app)[(ann, "contract")][4]] == [game["id"] + 1]


def test_a_restored_backup_has_the_same_ratings(app: Flask, client: FlaskClient,
                                                tmp_path: Path) -> None:
    club = new_club(client)
    ann, bo = (add_player(client, club, n) for n in ("Ann", "Bo"))
    finished(client, club, [seated("Ann", ann), seated("Bo", bo), "Cy", "Di"])
    finished(client, club, [seated("Bo", bo), seated("Ann", ann), "Cy", "Di"])
    backup(app.test_cli_runner(), tmp_path / "club.json")
    second = new_app(second_database(tmp_path))
    result = second.test_cli_runner().invoke(args=["restore", str(tmp_path / "club.json")])
    assert result.exit_code == 0, result.output
    assert stored(second) == stored(app) != {}  # derived, not carried: played again, the same


def test_a_correction_that_leaves_every_place_as_it_was_replays_nothing(
        app: Flask, client: FlaskClient, monkeypatch: pytest.MonkeyPatch) -> None:
    club = new_club(client)
    ann = add_player(client, club, "Ann")
    game = finished(client, club, [seated("Ann", ann), "Bo", "Cy", "Di"])
    before = stored(app)
    rebuilds: list[int] = []
    real = ratings.rebuild
    monkeypatch.setattr(ratings, "rebuild", lambda session, club_id: rebuilds.append(club_id)
                        or real(session, club_id))
    # Nine tricks, not eight: East-West's defence scores less, North-South still win.
    corrected = client.put(f"{GAMES}/{game['id']}/hands/1", json=hand(0, "8H", [9, 1]),
                           headers=bearer(game["token"]))
    assert corrected.status_code == 200, corrected.get_json()
    assert rebuilds == [] and stored(app) == before
    # Its last hand undone, the game is open again: its ratings go.
    client.delete(f"{GAMES}/{game['id']}/hands/2", headers=bearer(game["token"]))
    assert rebuilds == [club.id] and stored(app) == {}


def test_games_finishing_at_once_and_a_link_keep_the_ratings_a_rebuild_gives(
        app: Flask, client: FlaskClient) -> None:
    """Six games sharing Ann finish together while a seat is linked: each write waits for the
    club's ratings in turn (on PostgreSQL an advisory lock), so no update is lost."""
    club = new_club(client)
    ann, bo = (add_player(client, club, n) for n in ("Ann", "Bo"))
    games = [club_game(client, club, [seated("Ann", ann), "Gus", "Cy", "Di"]) for _ in range(6)]
    for game in games:
        client.post(f"{GAMES}/{game['id']}/hands", json=NORTH_SOUTH_WINS[0],
                    headers=bearer(game["token"]))
    linked = finished(client, club, [seated("Ann", ann), "Gus", "Cy", "Di"])

    def write(i: int) -> int:
        mine = app.test_client()
        if i == len(games):
            return mine.put(f"{GAMES}/{linked['id']}/seats/1", json={"player": bo},
                            headers={"X-Club-Token": club.member}).status_code
        return mine.post(f"{GAMES}/{games[i]['id']}/hands", json=NORTH_SOUTH_WINS[1],
                         headers=bearer(games[i]["token"])).status_code

    assert sorted(in_threads(len(games) + 1, write)) == [200] + [201] * len(games)
    after = stored(app)
    assert after[(ann, "contract")][2] == 7 and after[(bo, "contract")][2] == 1
    assert rebuilt(app, club) == after


def test_flask_ratings_rebuild_rates_games_finished_before_ratings_were_kept(
        app: Flask, client: FlaskClient) -> None:
    club = new_club(client)
    ann = add_player(client, club, "Ann")
    finished(client, club, [seated("Ann", ann), "Bo", "Cy", "Di"])
    kept = stored(app)
    with app.app_context():  # as after the upgrade to revision 0019: no rating yet
        db.session.execute(delete(PlayerRating))
        db.session.commit()
    result = app.test_cli_runner().invoke(args=["ratings", "rebuild"])
    assert result.exit_code == 0, result.output
    assert result.output == f"club {club.id}: 1 finished games rated\n"
    assert stored(app) == kept
