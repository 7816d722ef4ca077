"""`flask seed`: the demo games in seeds/ load hand by hand, score as worked out by hand, and load
only once."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient, FlaskCliRunner
from sqlalchemy import func, select

from scorekeeper import create_app
from scorekeeper.extensions import db
from scorekeeper.models import Game, Hand
from scorekeeper.models import Tournament as TournamentRow
from tests.helpers import database_url

SEEDS = Path(__file__).resolve().parent.parent / "seeds"
ALL_SEEDS = sorted(SEEDS.glob("*.json"))
SEED_FILES = [p for p in ALL_SEEDS if "game" in json.loads(p.read_text(encoding="utf-8"))]
TOURNAMENT_SEEDS = [p for p in ALL_SEEDS if p not in SEED_FILES]

# Final standings worked out with pencil and paper: the trick-taking games from the Avondale table
# (6♠ 40 … 10NT 520, misère 250, hi/lo 350), 10 a trick to the defenders; Cinquecento from card
# points and Mariannas; Rummy 500 from melds, lay-offs and cards left in hand (/tmp/spec/rummy.md
# decisions). See the running totals in each comment.
EXPECTED: dict[str, dict[str, Any]] = {
    # Cinquecento, default options (Mariannas 40 for the first of a hand, 20 for each later one),
    # card points + Mariannas: 108/52 (68/52, coins Marianna 40), 155/165 (captured 47/73, cups
    # Marianna 40), 236/264 (61/59, swords 40 to Est-Ovest then clubs 20 to Nord-Sud), 316/304,
    # 354/386 (captured 38/82), 420/440, 492/488, then 64/56 + swords 40: 596/544, both past 500
    # in the same hand and the higher, Nord-Sud, wins. Dealer 1, the deal passing to the right for
    # 8 hands → seat 1 again.
    "cinquecento-trattoria": {"hands_played": 8, "scores": [596, 544], "finished": True,
                              "winner": 0, "dealer": 1},
    # 30/200, 170/220, redeal, -110/260 (8♦ failed), -70/320, 150/350, 400/350 (misère),
    # 450/190 (7♣ failed), 460/490, then 7♠ made: 600/520, both past 500 and the bidders win.
    "friday-club": {"hands_played": 10, "scores": [600, 520], "finished": True, "winner": 0,
                    "dealer": 1},
    # 30/200, -210/270 (8♠ failed by 5, Dave ralphed), 40/270 (7♠ slam: 250),
    # 80/330 (passed out, played at no-trumps), 140/-20 (hi/lo failed), 300/10,
    # 350/360 (hi/lo made), 250/410 (6♥ failed): still being played.
    "house-rules": {"hands_played": 8, "scores": [250, 410], "finished": False, "winner": None,
                    "dealer": 3},
    # Rummy 500 with jokers (15 each, ace 15 even low), Ann/Ben/Cleo/Dev, melded + laid off − in
    # hand: 64/13/14/-36 (Ann out: 54 + 10H laid off; Cleo's JK-9D-10D 34), 89/93/37/-21 (Ben
    # out), 95/112/116/1 (Cleo out: 10S-KS + AS laid off 55, 8s 24; Dev lays JKB on Ben's aces),
    # 155/107/148/44 (stock ran out, nobody out), 160/139/172/112 (Dev out: 51 melded, KC and 7S
    # laid off 17; Cleo melds her 9s, 27, before laying 10H off on Ben's run, holds 13: +24),
    # 255/124/236/132 (Ann out), 290/180/346/109 (Cleo out), 356/300/421/112 (Ben out),
    # 446/333/456/123 (Ann out), then Cleo goes out with 76 melded + 4S, JK, 8D laid off
    # (+103) while Ann makes +57: 503/318/559/135, two past 500 and Cleo, the highest, wins.
    # Dealer 2 + 10 hands → seat 0.
    "rummy-night": {"hands_played": 10, "scores": [503, 318, 559, 135], "finished": True,
                    "winner": 2, "dealer": 0},
    # 140/20/10, 160/-80/40, 170/-60/260, redeal, 200/-340/300, 450/-340/300 (misère),
    # 480/-640/330: Bill (East) goes out the back door and Joan (North), the highest, wins.
    "three-handed": {"hands_played": 7, "scores": [480, -640, 330], "finished": True,
                     "winner": 0, "dealer": 1},
}


def seed_data(path: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


def count(app: Flask, model: type[Game] | type[Hand]) -> int:
    with app.app_context():
        return db.session.scalar(select(func.count()).select_from(model)) or 0


def seeded_games(app: Flask) -> dict[str, dict[str, Any]]:
    """Each seeded game's name → its stored state (scores, status, hands played, …)."""
    with app.app_context():
        games = db.session.scalars(select(Game).where(Game.seed_name.is_not(None))).all()
        return {game.seed_name: dict(game.state) for game in games if game.seed_name}


def test_the_seed_folder_has_the_worked_out_demo_games() -> None:
    assert {path.stem for path in SEED_FILES} >= set(EXPECTED)


def test_seed_loads_every_file_once(app: Flask, runner: FlaskCliRunner) -> None:
    result = runner.invoke(args=["seed"])
    assert result.exit_code == 0, result.output
    for path in SEED_FILES:
        hands = len(seed_data(path)["hands"])
        assert f"{path.name}: loaded as game " in result.output
        assert f"with {hands} hands" in result.output
    assert count(app, Game) == len(SEED_FILES)
    assert count(app, Hand) == sum(len(seed_data(path)["hands"]) for path in SEED_FILES)

    states = seeded_games(app)
    assert set(states) == {path.stem for path in SEED_FILES}
    for path in SEED_FILES:
        assert states[path.stem]["hands_played"] == len(seed_data(path)["hands"])

    again = runner.invoke(args=["seed"])
    assert again.exit_code == 0, again.output
    for path in SEED_FILES:
        assert f"{path.name}: already loaded as game " in again.output
    assert "(token " not in again.output  # nothing new, so no new token shown
    assert count(app, Game) == len(SEED_FILES)
    assert count(app, Hand) == sum(len(seed_data(path)["hands"]) for path in SEED_FILES)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_seeded_game_ends_where_worked_out_by_hand(app: Flask, runner: FlaskCliRunner,
                                                    name: str) -> None:
    assert runner.invoke(args=["seed"]).exit_code == 0
    state = seeded_games(app)[name]
    expected = EXPECTED[name]
    assert {key: state[key] for key in expected} == expected


def test_seeded_games_read_through_the_api(app: Flask, runner: FlaskCliRunner,
                                           client: FlaskClient) -> None:
    assert runner.invoke(args=["seed"]).exit_code == 0
    with app.app_context():
        ids = {game.seed_name: game.id
               for game in db.session.scalars(select(Game).where(Game.seed_name.is_not(None)))}
    friday = client.get(f"/api/v1/games/{ids['friday-club']}").get_json()
    assert friday["status"] == "finished"
    assert friday["winner"] == 0
    assert friday["scores"] == [600, 520]
    hands = client.get(f"/api/v1/games/{ids['friday-club']}/hands").get_json()
    assert [hand["number"] for hand in hands] == list(range(1, 11))
    assert [hand["scores"] for hand in hands][-1] == [600, 520]
    live = client.get(f"/api/v1/games/{ids['house-rules']}").get_json()
    assert live["status"] == "in_progress"
    assert live["winner"] is None


@pytest.mark.parametrize("path", SEED_FILES, ids=[path.stem for path in SEED_FILES])
def test_seed_hands_are_accepted_by_the_http_api(client: FlaskClient, path: Path) -> None:
    """The seed command records through the service; the same hands must also pass the API's
    schema, since the files double as examples of request bodies."""
    data = seed_data(path)
    created = client.post("/api/v1/games", json=data["game"])
    assert created.status_code == 201, created.get_json()
    game = created.get_json()
    auth = {"Authorization": f"Bearer {game['token']}"}
    for number, hand in enumerate(data["hands"], start=1):
        response = client.post(f"/api/v1/games/{game['id']}/hands", json=hand, headers=auth)
        assert response.status_code == 201, (number, response.get_json())
        assert response.get_json()["number"] == number
    state = client.get(f"/api/v1/games/{game['id']}").get_json()
    assert state["hands_played"] == len(data["hands"])
    if path.stem in EXPECTED:
        assert state["scores"] == EXPECTED[path.stem]["scores"]
        assert state["winner"] == EXPECTED[path.stem]["winner"]


def test_a_refused_seed_file_leaves_nothing_behind(app: Flask, runner: FlaskCliRunner,
                                                   tmp_path: Path) -> None:
    bad = {"game": seed_data(SEEDS / "friday-club.json")["game"],
           "hands": [{"bidder": 1, "bid": "7H", "tricks": [3, 7]},
                     {"bidder": 0, "bid": "6S", "tricks": [3, 8]}]}
    (tmp_path / "bad.json").write_text(json.dumps(bad), encoding="utf-8")
    for _attempt in range(2):  # refused the same way every time, never "already loaded"
        result = runner.invoke(args=["seed", "--folder", str(tmp_path)])
        assert result.exit_code == 1
        assert "bad.json: hand 2 is refused" in result.output
        assert "add up to 11" in result.output
        with app.app_context():
            assert db.session.scalar(select(func.count()).select_from(Game)) == 0
            assert db.session.scalar(select(func.count()).select_from(Hand)) == 0


def test_a_seed_file_of_the_wrong_shape_is_refused_cleanly(runner: FlaskCliRunner,
                                                            tmp_path: Path) -> None:
    (tmp_path / "empty.json").write_text("{}", encoding="utf-8")
    result = runner.invoke(args=["seed", "--folder", str(tmp_path)])
    assert result.exit_code == 1
    assert 'empty.json: a seed file is {"game": {...}, "hands": [...]}' in result.output


def test_the_seed_folder_has_a_tournament() -> None:
    assert [path.stem for path in TOURNAMENT_SEEDS] == ["tournoi-saint-jean"]


def test_the_tournament_seed_loads_once_and_replays_over_http(app: Flask, runner: FlaskCliRunner,
                                                              client: FlaskClient) -> None:
    """Ten teams: the qualifying round (five matches of five deals), the top eight in the
    quarter-finals, then the first semi-final played and the second still to play."""
    data = seed_data(TOURNAMENT_SEEDS[0])
    first = runner.invoke(args=["seed"])
    assert "tournoi-saint-jean.json: loaded as tournament " in first.output, first.output
    again = runner.invoke(args=["seed"])
    assert "tournoi-saint-jean.json: already loaded as tournament " in again.output
    with app.app_context():
        seeded = db.session.scalars(select(TournamentRow)).all()
    assert len(seeded) == 1
    loaded = client.get(f"/api/v1/tournaments/{seeded[0].id}").get_json()
    assert [r["name"] for r in loaded["rounds"]] == ["Qualifying round", "Quarter-finals",
                                                     "Semi-finals"]
    assert loaded["seed"] == data["draw_seed"]
    assert loaded["next_step"] == "1 match still to play."
    assert len(loaded["rounds"][0]["matches"]) == 5 and len(loaded["rounds"][1]["matches"]) == 4
    for row in loaded["standings"]:
        assert row["points"] == 2 * row["won"]
        assert row["won"] + row["lost"] == 5

    # The same steps through the HTTP API build the same tournament.
    created = client.post("/api/v1/tournaments", json=data["tournament"]).get_json()
    auth = {"Authorization": f"Bearer {created['token']}"}
    url = f"/api/v1/tournaments/{created['id']}"
    assert client.post(f"{url}/draw", json={"seed": data["draw_seed"]},
                       headers=auth).status_code == 200
    for step in data["steps"]:
        if step.get("advance"):
            assert client.post(f"{url}/advance", headers=auth).status_code == 200
        else:
            response = client.post(f"{url}/matches/{step['match']}/games",
                                   json={"scores": step["scores"]}, headers=auth)
            assert response.status_code == 201, response.get_json()
    replayed = client.get(url).get_json()
    assert replayed["rounds"] == loaded["rounds"]
    assert replayed["standings"] == loaded["standings"]


def test_seed_shows_each_new_link_under_the_public_address(tmp_path: Path) -> None:
    """With SCOREKEEPER_PUBLIC_URL, a new game's scorer link and a new tournament's organizer
    link, each opening as that token's holder (issue 25, item 5)."""
    app = create_app({"TESTING": True, "DATABASE_URL": database_url(tmp_path),
                      "PUBLIC_URL": "https://club.example/scores/"})
    output = app.test_cli_runner().invoke(args=["seed"]).output
    games = re.findall(r"loaded as game (\d+) with \d+ hands: scorer link "
                       r"https://club\.example/scores/#/g/(\d+)\?token=(\S+)\n", output)
    assert len(games) == len(SEED_FILES), output
    client = app.test_client()
    for game, linked, token in games:
        assert game == linked
        refused = client.delete(f"/api/v1/games/{game}/hands/999",
                                headers={"Authorization": f"Bearer {token}x"})
        assert refused.status_code == 403  # a wrong token is refused, so the right one is known
        assert client.delete(f"/api/v1/games/{game}/hands/999",
                             headers={"Authorization": f"Bearer {token}"}).status_code in (404, 409)
    [(tournament, linked, token)] = re.findall(
        r"loaded as tournament (\d+) with \d+ steps: organizer link "
        r"https://club\.example/scores/#/t/(\d+)\?token=(\S+)\n", output)
    assert tournament == linked
    access = client.get(f"/api/v1/tournaments/{tournament}/access",
                        headers={"Authorization": f"Bearer {token}"}).get_json()
    assert access["role"] == "organizer"
    assert "(token " not in output
