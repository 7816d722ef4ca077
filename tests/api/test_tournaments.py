"""Tournaments over HTTP (API.md "Tournaments", RULES.md "Tournament format", spec tournaments.md):
the Quebec flow from registration to the champion, tokens and HTTP semantics, refusals that store
nothing, games linked from recorded games, and one flow for each other format.

The Quebec flow is driven in draw numbers. Qualifying match m pairs numbers l = 2m-1 and h = 2m;
the lower number wins all five games, (200 - l) to h each time, so
  winner l: won 5, lost 0, 10 points, scored 5(200 - l), against 5h;
  loser h:  won 0, lost 5, 0 points, scored 5h, against 5(200 - l);
  the bye (odd n, the highest number): won 5, lost 0, 10 points, 0 scored, 0 against.
Ranking: the winners by number (1, 3, 5, ...), then the bye (10 points, nothing scored), then the
losers from the highest number down (they scored 5h). Nobody is level, so no tie-break.
Knockout: the lower number always goes through, 30 to 10 a game; the first, third, ... match of a
round 2-0 (a third report is refused: the match is over), the others 2-1."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from flask.testing import FlaskClient

from scorekeeper.tournaments import draw_order
from tests.api.helpers import API, assert_error
from tests.api.tournament_helpers import (
    TOURNAMENTS,
    Tourney,
    all_matches,
    create_body,
    find_match,
    pairs_in_numbers,
    standings_rows,
    teams_body,
)

SEED = 20240615
SIZES = [2, 3, 5, 8, 13, 16]
BRACKET_ORDER = {8: [1, 8, 4, 5, 2, 7, 3, 6], 4: [1, 4, 2, 3], 2: [1, 2]}
KO_NAMES = {8: "Quarter-finals", 4: "Semi-finals", 2: "Final"}
CSV_HEADER = ["rank", "number", "team", "players", "played", "won", "lost", "points", "scored",
              "against"]
GAMES = f"{API}/games"


# -- the Quebec flow, worked out by hand ---------------------------------------------------------


def knockout_size(n: int) -> int:
    return 8 if n >= 8 else 4 if n >= 4 else 2


def qualifying_ranking(n: int) -> list[int]:
    paired = n - n % 2
    winners = list(range(1, paired, 2))
    losers = list(range(paired, 0, -2))
    return winners + ([n] if n % 2 else []) + losers


def qualifying_row(n: int, number: int) -> tuple[int, ...]:
    """(played, won, lost, points, scored, against) after the qualifying round."""
    if n % 2 and number == n:
        return (1, 5, 0, 10, 0, 0)
    if number % 2:
        return (1, 5, 0, 10, 5 * (200 - number), 5 * (number + 1))
    return (1, 0, 5, 0, 5 * number, 5 * (200 - (number - 1)))


def expected_standings(n: int) -> list[tuple[int, ...]]:
    return [(rank, number, *qualifying_row(n, number))
            for rank, number in enumerate(qualifying_ranking(n), start=1)]


def widths(size: int) -> list[int]:
    found = []
    width = size // 2
    while width >= 1:
        found.append(width)
        width //= 2
    return found


def check_bracket(t: Tourney, body: dict[str, Any], size: int, seeds: list[int],
                  built: list[list[tuple[int, int]]]) -> None:
    """The bracket: every knockout round from the first to the final; built rounds show their
    teams with their seeds and wins, the first round shows its seed slots before it is built,
    later unbuilt rounds empty slots; `next` points where the winner goes."""
    bracket = t.bracket()
    assert bracket["tournament_id"] == t.id and bracket["format"] == "quebec"
    assert bracket["champion"] == body["champion"]
    [league] = bracket["league"]
    assert (league["number"], league["name"], league["kind"]) == (1, "Qualifying round",
                                                                 "league")
    assert [m["id"] for m in league["matches"]] == [m["id"] for m in
                                                   body["rounds"][0]["matches"]]
    knockout = bracket["knockout"]
    assert [r["name"] for r in knockout] == [KO_NAMES[2 * w] for w in widths(size)]
    assert [len(r["matches"]) for r in knockout] == widths(size)
    seed_of = {number: s for s, number in enumerate(seeds, start=1)}
    team_of = {team["number"]: team["team"] for team in body["teams"]}
    for k, (round_, width) in enumerate(zip(knockout, widths(size), strict=True)):
        for j, match in enumerate(round_["matches"]):
            assert match["next"] == ({"match": j // 2, "slot": j % 2} if width > 1 else None)
            if k < len(built):
                assert round_["number"] == k + 2
                real = find_match(body, f"r{k + 2}m{j + 1}")
                assert match["id"] == real["id"] and match["status"] == real["status"]
                assert match["winner"] == real["winner"] and match["kind"] == "match"
                pair = built[k][j]
                assert [s["team"] for s in match["slots"]] == [team_of[n] for n in pair]
                assert [s["team"] for s in match["slots"]] == real["teams"]
                assert [s["name"] for s in match["slots"]] == real["names"]
                assert [s["seed"] for s in match["slots"]] == [seed_of[n] for n in pair]
                assert [s["wins"] for s in match["slots"]] == real["wins"]
            elif k == 0:
                assert round_["number"] is None and match["id"] is None
                assert match["status"] == "pending" and match["winner"] is None
                assert match["slots"] == [{"team": None, "name": None, "seed": s, "wins": None}
                                          for s in BRACKET_ORDER[size][2 * j: 2 * j + 2]]
            else:
                assert round_["number"] is None and match["id"] is None
                assert match["slots"] == [None, None]


def check_csv(t: Tourney, body: dict[str, Any]) -> None:
    rows = t.csv_rows()
    assert rows[0] == CSV_HEADER
    players = {team["team"]: team["players"] for team in body["teams"]}
    assert len(rows) == 1 + len(body["standings"])
    for row, s in zip(rows[1:], body["standings"], strict=True):
        assert row[:3] == [str(s["rank"]), str(s["number"]), s["name"]]
        assert all(p in row[3] for p in players[s["team"]])
        assert row[4:] == [str(s[k]) for k in CSV_HEADER[4:]]


@pytest.mark.parametrize("n", SIZES)
def test_the_quebec_flow(client: FlaskClient, n: int) -> None:
    # -- registration ----------------------------------------------------------------------------
    created = client.post(TOURNAMENTS, json=create_body(n))
    assert created.status_code == 201, created.get_json()
    body = created.get_json()
    assert isinstance(body["token"], str) and len(body["token"]) >= 20
    assert created.headers["Location"].endswith(f"{TOURNAMENTS}/{body['id']}")
    assert created.headers["ETag"]
    assert body["status"] == "registered" and body["seed"] is None
    assert body["champion"] is None and body["can_advance"] is False
    assert body["rounds"] == [] and body["standings"] == []
    assert body["options"] == {"points_per_game": 2, "game_unit": "deal",
                               "games_per_match": {"qualifying": 5, "knockout": 3},
                               "confirm_games": False}
    assert [(tm["team"], tm["name"], tm["players"], tm["number"]) for tm in body["teams"]] == [
        (i, team["name"], team["players"], None) for i, team in enumerate(teams_body(n))]
    t = Tourney(client, body)
    read = client.get(created.headers["Location"])
    assert read.status_code == 200
    assert {k: v for k, v in body.items() if k not in ("token", "recovery_code")} == read.get_json()
    assert read.headers["ETag"] == created.headers["ETag"]
    assert "token" not in read.get_json()
    assert_error(client.get(f"{t.url}/bracket"), 409)  # no bracket before the draw

    # -- the draw --------------------------------------------------------------------------------
    drawn = t.draw(SEED)
    assert drawn.status_code == 200, drawn.get_json()
    body = drawn.get_json()
    assert body["seed"] == SEED and body["status"] == "playing"
    numbers = {tm["team"]: tm["number"] for tm in body["teams"]}
    assert sorted(numbers.values()) == list(range(1, n + 1))
    assert [team for team, _ in sorted(numbers.items(), key=lambda kv: kv[1])] == list(
        draw_order(n, SEED))
    assert t.get() == body
    twin = Tourney.create(client, n)
    assert twin.draw(SEED).status_code == 200
    assert twin.numbers() == numbers  # the same seed draws the same numbers
    team = {number: index for index, number in numbers.items()}

    # -- the qualifying round --------------------------------------------------------------------
    [first] = body["rounds"]
    assert (first["number"], first["name"], first["kind"], first["complete"]) == (
        1, "Qualifying round", "league", False)
    expected_pairs: list[tuple[int, ...]] = [(2 * m - 1, 2 * m) for m in range(1, n // 2 + 1)]
    if n % 2:
        expected_pairs.append((n,))
    assert pairs_in_numbers(body, 0) == expected_pairs
    for i, match in enumerate(first["matches"], start=1):
        assert (match["id"], match["round"], match["games"], match["first_to"]) == (
            f"r1m{i}", 1, 5, None)
        assert match["results"] == [] and match["totals"] == [0] * len(match["teams"])
        if len(match["teams"]) == 1:
            assert (match["kind"], match["status"], match["wins"], match["winner"]) == (
                "bye", "complete", [5], team[n])
            assert_error(t.report(match["id"], [10, 0]), 409)  # a bye takes no report
        else:
            assert (match["kind"], match["status"], match["winner"]) == ("match", "pending", None)
    assert_error(t.advance(), 409)  # the round is not over
    check_bracket(t, body, knockout_size(n), [], [])

    for m in range(1, n // 2 + 1):
        low, high = 2 * m - 1, 2 * m
        for game in range(1, 6):
            reply = t.by_number(f"r1m{m}", {low: 200 - low, high: high}).get_json()
            assert reply["dropped"] == [] and reply["status"] == "playing"
            match = reply["match"]
            assert match["id"] == f"r1m{m}" and len(match["results"]) == game
            assert [r["number"] for r in match["results"]] == list(range(1, game + 1))
            assert match["status"] == ("complete" if game == 5 else "playing")  # no early stop
            assert sorted(match["wins"]) == [0, game]
        assert match["winner"] == team[low]
        assert_error(t.report(f"r1m{m}", [1, 0]), 409)  # a sixth game
    body = t.get()
    assert body["rounds"][0]["complete"] and body["can_advance"]
    assert body["status"] == "playing" and body["champion"] is None
    assert standings_rows(body) == expected_standings(n)
    assert [s["team"] for s in body["standings"]] == [team[k] for k in qualifying_ranking(n)]
    assert [s["name"] for s in body["standings"]] == [
        f"Team {team[k]}" for k in qualifying_ranking(n)]
    check_csv(t, body)

    # -- the knockout ----------------------------------------------------------------------------
    size = knockout_size(n)
    seeds = qualifying_ranking(n)[:size]
    contenders = [seeds[s - 1] for s in BRACKET_ORDER[size]]
    built: list[list[tuple[int, int]]] = []
    round_number = 1
    while len(contenders) > 1:
        round_number += 1
        advanced = t.advance()
        assert advanced.status_code == 200, advanced.get_json()
        body = advanced.get_json()
        assert len(body["rounds"]) == round_number and not body["can_advance"]
        round_ = body["rounds"][-1]
        assert (round_["number"], round_["name"], round_["kind"], round_["complete"]) == (
            round_number, KO_NAMES[len(contenders)], "knockout", False)
        pairs = list(zip(contenders[::2], contenders[1::2], strict=True))
        assert pairs_in_numbers(body, round_number - 1) == pairs
        for i, match in enumerate(round_["matches"], start=1):
            assert (match["id"], match["kind"], match["games"], match["first_to"]) == (
                f"r{round_number}m{i}", "match", 3, 2)
        assert standings_rows(body) == expected_standings(n)  # the knockout is not counted
        built.append(pairs)
        check_bracket(t, body, size, seeds, built)
        assert_error(t.advance(), 409)

        for i, (a, b) in enumerate(pairs):
            key = f"r{round_number}m{i + 1}"
            low, high = min(a, b), max(a, b)
            winners = [low, low] if i % 2 == 0 else [low, high, low]
            for game, winner in enumerate(winners, start=1):
                loser = high if winner == low else low
                match = t.by_number(key, {winner: 30, loser: 10}).get_json()["match"]
                assert match["status"] == ("complete" if game == len(winners) else "playing")
            assert match["winner"] == team[low] and sorted(match["wins"]) == [len(winners) - 2,
                                                                            2]
            assert_error(t.report(key, [30, 10]), 409)  # best of three is over after two wins
        contenders = [min(pair) for pair in pairs]

    body = t.get()
    assert body["status"] == "finished" and body["champion"] == team[1]
    assert not body["can_advance"] and body["next_step"].startswith(f"Team {team[1]}")
    assert standings_rows(body) == expected_standings(n)
    check_bracket(t, body, size, seeds, built)
    before = t.snapshot()
    assert_error(t.advance(), 409)  # nothing follows the final
    assert t.snapshot() == before
    check_csv(t, body)


def test_a_tiebreak_across_the_line_is_reported_by_the_organizer(client: FlaskClient) -> None:
    """Six teams, every match won 3-2 by the lower number with the same scores: the winners
    (6 points, scored 3×100 + 2×20 = 340) are level, and so are the losers (4 points, 200); the
    fourth knockout place cuts through 2, 4, 6, who play a round robin of single games."""
    t = Tourney.create(client, 6)
    t.draw(SEED)
    for m in range(1, 4):
        low, high = 2 * m - 1, 2 * m
        for own, other in ((100, 20), (100, 20), (100, 20), (20, 60), (20, 60)):
            t.by_number(f"r1m{m}", {low: own, high: other})
    body = t.advance().get_json()
    tiebreak = body["rounds"][-1]
    assert (tiebreak["number"], tiebreak["name"], tiebreak["kind"]) == (2, "Tie-break",
                                                                        "tiebreak")
    assert pairs_in_numbers(body, 1) == [(2, 4), (2, 6), (4, 6)]
    assert all((m["kind"], m["games"]) == ("tiebreak", 1) for m in tiebreak["matches"])
    assert_error(t.advance(), 409)
    for key, scores in (("r2m1", {2: 50, 4: 40}), ("r2m2", {2: 50, 6: 40}),
                        ("r2m3", {4: 50, 6: 40})):
        reply = t.by_number(key, scores).get_json()
        assert reply["match"]["status"] == "complete"
        assert_error(t.report(key, [1, 0]), 409)  # one game decides
    body = t.advance().get_json()
    assert body["rounds"][-1]["name"] == "Semi-finals"
    assert pairs_in_numbers(body, 2) == [(1, 2), (3, 5)]  # seeds 1 3 5 2


# -- tokens, idempotency, preconditions ----------------------------------------------------------


def drawn(client: FlaskClient, n: int = 4, **kwargs: Any) -> Tourney:
    t = Tourney.create(client, n, **kwargs)
    response = t.draw(SEED)
    assert response.status_code == 200, response.get_json()
    return t


def test_writes_need_the_organizer_token(client: FlaskClient) -> None:
    t = Tourney.create(client, 4)
    other = Tourney.create(client, 4)
    draw_url = f"{t.url}/draw"
    for headers, status in (({}, 401), ({"Authorization": "Bearer nope"}, 403),
                            ({"Authorization": "Basic " + t.token}, 401),
                            (other.auth(), 403)):
        before = t.snapshot()
        response = client.post(draw_url, json={"seed": 1}, headers=headers)
        body = assert_error(response, status)
        assert body["message"]
        if status == 401:
            assert response.headers["WWW-Authenticate"].startswith("Bearer")
        assert t.snapshot() == before
    assert t.draw(SEED).status_code == 200
    t.by_number("r1m1", {1: 30, 2: 10})
    writes = [("POST", f"{t.url}/matches/r1m1/games", {"scores": [1, 0]}),
              ("PUT", f"{t.url}/matches/r1m1/games/1", {"scores": [0, 1]}),
              ("PUT", f"{t.url}/matches/r1m1/games/1?cascade=true", {"scores": [0, 1]}),
              ("POST", f"{t.url}/advance", None),
              ("POST", f"{t.url}/matches/r1m1/scorers", None),
              ("POST", draw_url, {})]
    for method, url, json in writes:
        for headers, status in (({}, 401), ({"Authorization": "Bearer nope"}, 403),
                                (other.auth(), 403)):
            before = t.snapshot()
            response = client.open(url, method=method, json=json, headers=headers)
            assert_error(response, status)
            assert t.snapshot() == before, (method, url)
    # the organizer's token works
    assert t.report("r1m1", [1, 0]).status_code == 201
    assert t.correct("r1m1", 1, [0, 1]).status_code == 200
    assert t.scorer("r1m1").status_code == 201


def test_a_scorer_token_reports_its_own_match_only(client: FlaskClient) -> None:
    t = Tourney.create(client, 4)
    assert_error(t.scorer("r1m1"), 409)  # nothing drawn yet
    t.draw(SEED)
    issued = t.scorer("r1m1")
    assert issued.status_code == 201, issued.get_json()
    body = issued.get_json()
    assert body["match"] == "r1m1" and isinstance(body["token"], str) and body["token"]
    scorer = body["token"]
    assert scorer != t.token
    assert_error(t.scorer("r9m9"), 404)

    assert t.report("r1m1", [30, 10], token=scorer).status_code == 201
    assert t.correct("r1m1", 1, [10, 30], token=scorer).status_code == 200
    assert t.report("r1m2", [30, 10]).status_code == 201  # the organizer's
    refused: list[Callable[[], Any]] = [
        lambda: t.report("r1m2", [30, 10], token=scorer),
        lambda: t.correct("r1m2", 1, [10, 30], token=scorer),
        lambda: t.advance(token=scorer), lambda: t.draw(1, token=scorer),
        lambda: t.scorer("r1m1", token=scorer), lambda: t.scorer("r1m2", token=scorer)]
    for write in refused:
        before = t.snapshot()
        assert_error(write(), 403)
        assert t.snapshot() == before
    # a scorer token of another tournament is worth nothing here
    other = drawn(client)
    foreign = other.scorer("r1m1").get_json()["token"]
    assert_error(t.report("r1m1", [30, 10], token=foreign), 403)
    assert t.match("r1m1")["results"] == [{"number": 1, "scores": [10, 30], "game_id": None,
                                                   "hand": None}]
    # everything reads without a token
    for url in (t.url, f"{t.url}/bracket", f"{t.url}/standings.csv"):
        assert client.get(url).status_code == 200, url
    for url in (f"{TOURNAMENTS}/999", f"{TOURNAMENTS}/999/bracket",
                f"{TOURNAMENTS}/999/standings.csv"):
        assert_error(client.get(url), 404)


def test_an_idempotent_retry_records_once(client: FlaskClient) -> None:
    t = drawn(client)
    key = {"Idempotency-Key": "game-r1m1-1"}
    first = t.report("r1m1", [30, 10], **key)
    assert first.status_code == 201 and "Idempotent-Replayed" not in first.headers
    again = t.report("r1m1", [30, 10], **key)
    assert again.status_code == 201
    assert again.headers["Idempotent-Replayed"] == "true"
    assert again.get_json() == first.get_json()
    assert len(t.match("r1m1")["results"]) == 1
    before = t.snapshot()
    assert_error(t.report("r1m1", [10, 30], **key), 422, "Idempotency-Key")  # another body
    assert t.snapshot() == before
    assert t.report("r1m1", [10, 30], **{"Idempotency-Key": "game-r1m1-2"}).status_code == 201
    assert [r["scores"] for r in t.match("r1m1")["results"]] == [[30, 10], [10, 30]]
    # advance and draw replay too
    other = Tourney.create(client, 2)
    drawn_once = other.draw(None, **{"Idempotency-Key": "draw"})
    replay = other.draw(None, **{"Idempotency-Key": "draw"})
    assert replay.status_code == 200 and replay.headers["Idempotent-Replayed"] == "true"
    assert replay.get_json()["seed"] == drawn_once.get_json()["seed"]


def test_if_match_and_etags(client: FlaskClient) -> None:
    t = drawn(client)
    read = client.get(t.url)
    etag = read.headers["ETag"]
    not_modified = client.get(t.url, headers={"If-None-Match": etag})
    assert not_modified.status_code == 304 and not_modified.headers["ETag"] == etag
    written = t.report("r1m1", [30, 10], **{"If-Match": etag})
    assert written.status_code == 201
    assert written.headers["ETag"] != etag
    assert written.headers["ETag"] == client.get(t.url).headers["ETag"]
    stale = {"If-Match": etag}
    refused: list[Callable[[], Any]] = [
        lambda: t.report("r1m1", [30, 10], **stale),
        lambda: t.correct("r1m1", 1, [10, 30], **stale),
        lambda: t.correct("r1m1", 1, [10, 30], cascade="true", **stale),
        lambda: t.advance(**stale),
        lambda: client.post(f"{t.url}/matches/r1m1/scorers", headers=t.auth(**stale))]
    for write in refused:
        before = t.snapshot()
        assert_error(write(), 412)  # the precondition is checked before the tournament's state
        assert t.snapshot() == before
    assert len(t.match("r1m1")["results"]) == 1
    fresh = client.get(t.url, headers={"If-None-Match": etag})
    assert fresh.status_code == 200 and fresh.headers["ETag"] != etag
    current = fresh.headers["ETag"]
    assert t.report("r1m1", [30, 10], **{"If-Match": current}).status_code == 201
    registered = Tourney.create(client, 2)
    stale = client.get(registered.url).headers["ETag"]
    assert registered.draw(1).status_code == 200
    assert_error(registered.draw(1, **{"If-Match": stale}), 412)


# -- refusals that store nothing -----------------------------------------------------------------

BASE = create_body(4)


def with_teams(teams: list[dict[str, Any]], **extra: Any) -> dict[str, Any]:
    return {**BASE, "teams": teams, **extra}


CREATE_REFUSALS: list[tuple[str, Any, int, str | None]] = [
    ("unknown field", {**BASE, "colour": "red"}, 422, "colour"),
    ("name not a string", {**BASE, "name": 7}, 422, "name"),
    ("teams not a list", {**BASE, "teams": "four"}, 422, "teams"),
    ("players not strings", with_teams([{"name": "A", "players": [1, 2]},
                                        {"name": "B", "players": ["c", "d"]}]), 422,
     "teams.0.players.0"),
    ("options not a map", {**BASE, "options": [1]}, 422, "options"),
    ("missing variant", {k: v for k, v in BASE.items() if k != "variant"}, 422, "variant"),
    ("unknown variant", {**BASE, "variant": "bridge"}, 422, "variant"),
    ("unknown format", {**BASE, "format": "ladder"}, 422, "format"),
    ("quebec with rummy-500", {**BASE, "variant": "rummy-500"}, 422, "format"),
    ("quebec with rummy-500, players alone",
     {**BASE, "variant": "rummy-500", "teams": teams_body(4, 1)}, 422, "format"),
    ("quebec with cinquecento", {**BASE, "variant": "cinquecento"}, 422, "format"),
    ("rummy_tables with quebec-500", create_body(4, "rummy_tables", variant="quebec-500"), 422,
     "format"),
    ("rummy_tables with pairs", {**create_body(4, "rummy_tables"), "teams": teams_body(4)},
     422, "teams"),
    ("rummy_tables with two players", create_body(2, "rummy_tables"), 422, "teams"),
    ("unequal teams", with_teams([*teams_body(3), {"name": "Trio", "players": ["x", "y", "z"]}]),
     422, "teams"),
    ("a team of one", with_teams([*teams_body(3), {"name": "Solo", "players": ["x"]}]), 422,
     "teams"),
    ("duplicate names", with_teams([*teams_body(3), {"name": " team 1 ", "players": ["x", "y"]}]),
     422, "teams.3.name"),
    ("one team", with_teams(teams_body(1)), 422, "teams"),
    ("no teams", with_teams([]), 422, "teams"),
    ("even knockout", {**BASE, "options": {"games_per_match": {"knockout": 2}}}, 422,
     "options.games_per_match.knockout"),
    ("zero qualifying games", {**BASE, "options": {"games_per_match": {"qualifying": 0}}}, 422,
     "options.games_per_match.qualifying"),
    ("unknown stage", {**BASE, "options": {"games_per_match": {"final": 3}}}, 422,
     "options.games_per_match"),
    ("games per match a number", {**BASE, "options": {"games_per_match": 5}}, 422,
     "options.games_per_match"),
    ("zero points per game", {**BASE, "options": {"points_per_game": 0}}, 422,
     "options.points_per_game"),
    ("points per game a string", {**BASE, "options": {"points_per_game": "2"}}, 422,
     "options.points_per_game"),
    ("unknown option", {**BASE, "options": {"colour": "red"}}, 422, "options.colour"),
    ("unknown game unit", {**BASE, "options": {"game_unit": "hand"}}, 422, "options.game_unit"),
    ("swiss rounds past a rematch", create_body(4, "swiss", options={"rounds": 4}), 422,
     "options.rounds"),
    ("single elimination even", create_body(4, "single_elimination",
                                            options={"games_per_match": 2}), 422,
     "options.games_per_match"),
    ("table size 2", create_body(6, "rummy_tables", options={"table_size": 2}), 422,
     "options.table_size"),
    ("a list body", [BASE], 422, None),
]


@pytest.mark.parametrize(("body", "status", "field"), [c[1:] for c in CREATE_REFUSALS],
                         ids=[c[0] for c in CREATE_REFUSALS])
def test_refused_registrations_store_nothing(client: FlaskClient, body: Any, status: int,
                                             field: str | None) -> None:
    first = Tourney.create(client, 2)
    assert_error(client.post(TOURNAMENTS, json=body), status, field)
    assert_error(client.get(f"{TOURNAMENTS}/{first.id + 1}"), 404)
    assert Tourney.create(client, 2).id == first.id + 1


def test_malformed_json_is_a_400(client: FlaskClient) -> None:
    first = Tourney.create(client, 2)
    for raw in ("{bad", '{"name": "x",', "\xff", b'{"name": "\xff"}', "{'name': 'x'}"):
        response = client.post(TOURNAMENTS, data=raw, content_type="application/json")
        assert_error(response, 400)
    # an empty body is no JSON document: refused (422, every field missing, or 400)
    assert client.post(TOURNAMENTS, data="", content_type="application/json").status_code in (
        400, 422)
    t = drawn(client)
    before = t.snapshot()
    for url in (f"{t.url}/matches/r1m1/games", f"{t.url}/draw"):
        response = client.post(url, data="{bad", content_type="application/json",
                               headers=t.auth())
        assert_error(response, 400)
    assert_error(client.put(f"{t.url}/matches/r1m1/games/1", data="[1,",
                            content_type="application/json", headers=t.auth()), 400)
    assert t.snapshot() == before
    assert Tourney.create(client, 2).id == first.id + 2


REPORT_REFUSALS: list[tuple[str, str, Any, int, str | None]] = [
    # (id, match, body, status, field); a drawn 5-team tournament, r1m1 has one game reported
    ("unknown field", "r1m1", {"scores": [30, 10], "extra": 1}, 422, "extra"),
    ("scores not a list", "r1m1", {"scores": "30-10"}, 422, "scores"),
    ("a score not a number", "r1m1", {"scores": ["30", 10]}, 422, "scores.0"),
    ("a fractional score", "r1m1", {"scores": [30.5, 10]}, 422, "scores.0"),
    ("a score too big", "r1m1", {"scores": [10**9, 10]}, 422, "scores.0"),
    ("a null score", "r1m1", {"scores": [None, 10]}, 422, "scores.0"),
    ("game_id a string", "r1m1", {"game_id": "7"}, 422, "game_id"),
    ("nothing", "r1m1", {}, 422, None),
    ("a list body", "r1m1", [30, 10], 422, None),
    ("equal scores", "r1m1", {"scores": [20, 20]}, 422, "scores"),
    ("three scores", "r1m1", {"scores": [30, 20, 10]}, 422, "scores"),
    ("one score", "r1m1", {"scores": [30]}, 422, "scores"),
    ("scores and game_id", "r1m1", {"scores": [30, 10], "game_id": 1}, 422, None),
    ("game_id with game_unit deal", "r1m1", {"game_id": 1}, 422, "game_id"),
    ("unknown match", "r9m9", {"scores": [30, 10]}, 404, None),
    ("not a match key", "final", {"scores": [30, 10]}, 404, None),
    ("a match key too long", "r1m1" * 5, {"scores": [30, 10]}, 404, None),
    ("a bye", "r1m3", {"scores": [30, 10]}, 409, None),
    ("a bye, one score", "r1m3", {"scores": [30]}, 422, "scores"),  # the schema comes first
]


@pytest.fixture
def five(client: FlaskClient) -> Tourney:
    t = drawn(client, 5)
    assert t.report("r1m1", [30, 10]).status_code == 201
    return t


@pytest.mark.parametrize(("match", "body", "status", "field"), [c[1:] for c in REPORT_REFUSALS],
                         ids=[c[0] for c in REPORT_REFUSALS])
def test_refused_reports_store_nothing(five: Tourney, match: str, body: Any, status: int,
                                       field: str | None) -> None:
    before = five.snapshot()
    client = five.client
    assert_error(client.post(f"{five.url}/matches/{match}/games", json=body,
                             headers=five.auth()), status, field)
    assert five.snapshot() == before
    # a correction is refused in the same way
    if status == 422:
        assert_error(client.put(f"{five.url}/matches/r1m1/games/1", json=body,
                                headers=five.auth()), status, field)
        assert five.snapshot() == before


def test_a_boolean_is_not_a_score(five: Tourney) -> None:
    before = five.snapshot()
    assert_error(five.report("r1m2", {"scores": [True, False]}), 422, "scores.0")
    assert five.snapshot() == before


@pytest.mark.parametrize(("body", "field"), [
    ({"seed": "x"}, "seed"), ({"seed": -1}, "seed"), ({"seed": 2**31}, "seed"),
    ({"seed": 1.5}, "seed"), ({"seed": 1, "colour": 1}, "colour"), ([], None)])
def test_refused_draws_store_nothing(client: FlaskClient, body: Any, field: str | None) -> None:
    t = Tourney.create(client, 4)
    before = t.snapshot()
    assert_error(client.post(f"{t.url}/draw", json=body, headers=t.auth()), 422, field)
    assert t.snapshot() == before
    assert t.get()["status"] == "registered"


def test_refused_by_the_tournaments_state(client: FlaskClient) -> None:
    t = Tourney.create(client, 5)
    before = t.snapshot()
    assert_error(t.report("r1m1", [30, 10]), 409)  # before the draw
    assert_error(t.advance(), 409)
    assert_error(t.correct("r1m1", 1, [30, 10]), 409)
    assert t.snapshot() == before
    assert t.draw(SEED).status_code == 200
    before = t.snapshot()
    assert_error(t.draw(SEED), 409)  # twice
    assert_error(t.draw(None), 409)
    assert_error(t.advance(), 409)  # the round is not over
    assert_error(t.correct("r1m1", 1, [30, 10]), 404)  # no such game yet
    assert_error(t.correct("r9m9", 1, [30, 10]), 404)
    assert_error(client.put(f"{t.url}/matches/r1m1/games/0", json={"scores": [1, 0]},
                            headers=t.auth()), 404)
    assert_error(client.put(f"{t.url}/matches/r1m1/games/100", json={"scores": [1, 0]},
                            headers=t.auth()), 404)
    assert_error(client.post(f"{TOURNAMENTS}/999/draw", json={}, headers=t.auth()), 404)
    assert_error(client.post(f"{TOURNAMENTS}/999/advance", headers=t.auth()), 404)
    assert t.snapshot() == before
    t.by_number("r1m1", {1: 30, 2: 10})
    before = t.snapshot()
    assert_error(t.correct("r1m1", 2, [30, 10]), 404)  # game 2 is not reported
    assert_error(t.correct("r1m1", 1, [30, 10], cascade="maybe"), 422, "cascade")
    assert_error(t.correct("r1m1", 1, [30, 10], cascade="1"), 422, "cascade")
    assert t.snapshot() == before
    # a correction before any later round needs no cascade
    assert t.correct("r1m1", 1, [10, 30]).status_code == 200
    assert t.match("r1m1")["results"][0]["scores"] == [10, 30]


def play_five(t: Tourney) -> None:
    """The five-team qualifying of the module docstring: ranking 1 3 5 4 2, semis (1,4) (3,5)."""
    for m in (1, 2):
        low, high = 2 * m - 1, 2 * m
        for _ in range(5):
            t.by_number(f"r1m{m}", {low: 200 - low, high: high})


def test_a_correction_after_the_knockout_was_built_needs_cascade(client: FlaskClient) -> None:
    t = drawn(client, 5)
    play_five(t)
    body = t.advance().get_json()
    assert pairs_in_numbers(body, 1) == [(1, 4), (3, 5)]
    t.by_number("r2m1", {1: 30, 4: 10})
    t.by_number("r2m2", {3: 30, 5: 10})
    # game 1 of r1m1 again, but 2 scored 150 instead of 2: it overtakes 4 (20) for seed 4
    numbers = t.numbers()
    first = t.match("r1m1")
    corrected = [199 if numbers[team] == 1 else 150 for team in first["teams"]]
    before = t.snapshot()
    assert_error(t.correct("r1m1", 1, corrected), 409)
    assert_error(t.correct("r1m1", 1, corrected, cascade="false"), 409)
    assert_error(t.correct("r1m1", 1, corrected, cascade="maybe"), 422, "cascade")
    assert t.snapshot() == before

    reply = t.correct("r1m1", 1, corrected, cascade="true")
    assert reply.status_code == 200, reply.get_json()
    body = reply.get_json()
    assert body["dropped"] == [{"match": "r2m1", "number": 1}]
    assert body["match"]["id"] == "r1m1"
    assert body["match"]["results"][0]["scores"] == corrected
    after = t.get()
    assert pairs_in_numbers(after, 1) == [(1, 2), (3, 5)]
    semi1, semi2 = after["rounds"][1]["matches"]
    assert semi1["results"] == [] and semi1["status"] == "pending"  # reopened, other teams
    assert [r["scores"] for r in semi2["results"]] == [[30, 10] if numbers[semi2["teams"][0]] == 3
                                                       else [10, 30]]
    assert [s["number"] for s in after["standings"]] == [1, 3, 5, 2, 4]
    # a correction inside the current round needs no cascade
    assert t.correct("r2m2", 1, {"scores": [11, 9]}).status_code == 200


def test_a_cascade_that_unbuilds_a_round(client: FlaskClient) -> None:
    t = drawn(client, 5)
    play_five(t)
    t.advance()
    for _ in range(2):
        t.by_number("r2m1", {1: 30, 4: 10})
        t.by_number("r2m2", {3: 30, 5: 10})
    body = t.advance().get_json()
    assert body["rounds"][-1]["name"] == "Final"
    t.by_number("r3m1", {1: 30, 3: 10})
    numbers = t.numbers()
    corrected = [199 if numbers[team] == 1 else 150 for team in t.match("r1m1")["teams"]]
    reply = t.correct("r1m1", 1, corrected, cascade="true")
    assert reply.status_code == 200, reply.get_json()
    dropped = reply.get_json()["dropped"]
    assert sorted((d["match"], d["number"]) for d in dropped) == [("r2m1", 1), ("r2m1", 2),
                                                                  ("r3m1", 1)]
    after = t.get()
    assert [r["name"] for r in after["rounds"]] == ["Qualifying round", "Semi-finals"]
    assert after["status"] == "playing" and not after["can_advance"]
    assert_error(t.report("r3m1", [30, 10]), 404)  # the final is gone until the semis are over
    assert [len(m["results"]) for m in after["rounds"][1]["matches"]] == [0, 2]


# -- game_unit "game": a match's game is a recorded game -----------------------------------------


def new_game(client: FlaskClient, sides: list[dict[str, Any]],
             variant: str = "quebec-500") -> tuple[int, dict[str, str]]:
    response = client.post(GAMES, json={"variant": variant, "sides": sides})
    assert response.status_code == 201, response.get_json()
    body = response.get_json()
    return body["id"], {"Authorization": f"Bearer {body['token']}"}


def play(client: FlaskClient, game: tuple[int, dict[str, str]], side: int,
         hands: int = 2) -> dict[str, Any]:
    """`hands` made 10NT contracts (520 each) by `side`: two end a quebec game at 1000."""
    game_id, auth = game
    tricks = [10, 0] if side == 0 else [0, 10]
    for _ in range(hands):
        response = client.post(f"{GAMES}/{game_id}/hands", headers=auth,
                               json={"bidder": side, "bid": "10NT", "tricks": tricks})
        assert response.status_code == 201, response.get_json()
    state: dict[str, Any] = client.get(f"{GAMES}/{game_id}").get_json()
    return state


def sides_of(t: Tourney, teams: list[int]) -> list[dict[str, Any]]:
    body = t.get()
    return [{"name": body["teams"][i]["name"], "players": body["teams"][i]["players"]}
            for i in teams]


def test_a_recorded_game_is_one_game_of_a_match(client: FlaskClient) -> None:
    t = drawn(client, 2, options={"game_unit": "game"})
    assert t.get()["options"]["game_unit"] == "game"
    a, b = t.match("r1m1")["teams"]
    # the game's sides in the other order, and b's players swapped round: b wins it 1040-0
    sides = sides_of(t, [b, a])
    sides[0]["players"] = sides[0]["players"][::-1]
    game = new_game(client, sides)
    state = play(client, game, side=0)
    assert state["status"] == "finished" and state["scores"] == [1040, 0]
    reply = t.report("r1m1", {"game_id": game[0]})
    assert reply.status_code == 201, reply.get_json()
    match = reply.get_json()["match"]
    assert match["results"] == [{"number": 1, "scores": [0, 1040], "game_id": game[0],
                                   "hand": None}]
    assert match["wins"] == [0, 1] and match["totals"] == [0, 1040]
    # the next in match order, won by a; and a game's final scores may be sent as they are
    second = new_game(client, sides_of(t, [a, b]))
    play(client, second, side=0)
    assert t.report("r1m1", {"game_id": second[0]}).status_code == 201
    assert t.report("r1m1", {"scores": [1040, 520]}).status_code == 201
    results = t.match("r1m1")["results"]
    assert [(r["scores"], r["game_id"]) for r in results] == [
        ([0, 1040], game[0]), ([1040, 0], second[0]), ([1040, 520], None)]
    # a correction may link a game too (the game it replaces is not "already reported")
    assert t.correct("r1m1", 1, {"game_id": game[0]}).status_code == 200


def test_refused_game_links_store_nothing(client: FlaskClient) -> None:
    t = drawn(client, 4, options={"game_unit": "game"})
    a, b = t.match("r1m1")["teams"]
    c, d = t.match("r1m2")["teams"]
    finished = new_game(client, sides_of(t, [a, b]))
    play(client, finished, side=0)
    unfinished = new_game(client, sides_of(t, [a, b]))
    play(client, unfinished, side=0, hands=1)
    australian = new_game(client, sides_of(t, [a, b]), variant="australian-500")
    assert play(client, australian, side=0, hands=1)["status"] == "finished"
    others = new_game(client, sides_of(t, [c, d]))
    play(client, others, side=0)
    mixed = new_game(client, sides_of(t, [a, c]))
    play(client, mixed, side=0)
    strangers = new_game(client, [{"name": "X", "players": ["Xa", "Xb"]},
                                  {"name": "Y", "players": ["Ya", "Yb"]}])
    play(client, strangers, side=1)
    assert t.report("r1m1", {"game_id": finished[0]}).status_code == 201
    cases: list[tuple[Tourney, dict[str, Any], str | None]] = [
        (t, {"game_id": unfinished[0]}, "game_id"),
        (t, {"game_id": australian[0]}, "game_id"),
        (t, {"game_id": others[0]}, "game_id"),
        (t, {"game_id": mixed[0]}, "game_id"),
        (t, {"game_id": strangers[0]}, "game_id"),
        (t, {"game_id": finished[0]}, "game_id"),  # the same game twice
        (t, {"game_id": 99_999}, "game_id"),
        (t, {"game_id": finished[0], "scores": [1040, 0]}, None),
        (t, {"game_id": 0}, "game_id"),
    ]
    for tourney, body, field in cases:
        before = tourney.snapshot()
        assert_error(tourney.report("r1m1", body), 422, field)
        assert tourney.snapshot() == before, body
    # the same game cannot count in another match either
    assert_error(t.report("r1m2", {"game_id": finished[0]}), 422, "game_id")
    # game_unit deal: a game's id is refused even when the game would fit
    deal = drawn(client, 4)
    fits = new_game(client, sides_of(deal, deal.match("r1m1")["teams"]))
    play(client, fits, side=0)
    before = deal.snapshot()
    assert_error(deal.report("r1m1", {"game_id": fits[0]}), 422, "game_id")
    assert deal.snapshot() == before


# -- the other formats ---------------------------------------------------------------------------


def win_by_numbers(t: Tourney, body: dict[str, Any], round_index: int, win: int = 30,
                   lose: int = 10) -> None:
    """Report every open game of a round, the lower number winning each."""
    numbers = {tm["team"]: tm["number"] for tm in body["teams"]}
    for match in body["rounds"][round_index]["matches"]:
        if match["kind"] == "bye":
            continue
        low = min(match["teams"], key=lambda team: numbers[team])
        for _ in range(match["games"] - len(match["results"])):
            scores = [win if team == low else lose for team in match["teams"]]
            response = t.report(match["id"], scores)
            assert response.status_code == 201, response.get_json()
            if response.get_json()["match"]["status"] == "complete":
                break


def test_single_elimination_of_six(client: FlaskClient) -> None:
    """Seeds 1..6 by the draw in a bracket of 8: 1 v (8), 4 v 5, 2 v (7), 3 v 6 - the byes go to
    seeds 1 and 2. The lower number always wins: 4 and 3, then 1 and 2, then 1."""
    t = drawn(client, 6, fmt="single_elimination")
    body = t.get()
    assert body["options"] == {"points_per_game": 2, "game_unit": "deal", "seeding": "draw",
                               "games_per_match": 1, "third_place": False,
                               "confirm_games": False}
    [first] = body["rounds"]
    assert (first["name"], first["kind"]) == ("Quarter-finals", "knockout")
    assert pairs_in_numbers(body, 0) == [(1,), (4, 5), (2,), (3, 6)]
    for match in first["matches"]:
        if len(match["teams"]) == 1:
            assert (match["kind"], match["status"]) == ("bye", "complete")
            assert match["winner"] == match["teams"][0]
            assert_error(t.report(match["id"], [30, 10]), 409)
        else:
            assert (match["kind"], match["games"], match["first_to"]) == ("match", 1, 1)
    bracket = t.bracket()
    assert [r["name"] for r in bracket["knockout"]] == ["Quarter-finals", "Semi-finals", "Final"]
    slots = bracket["knockout"][0]["matches"]
    assert [[s["seed"] if s else None for s in m["slots"]] for m in slots] == [
        [1, None], [4, 5], [2, None], [3, 6]]
    assert [m["kind"] for m in slots] == ["bye", "match", "bye", "match"]
    assert bracket["league"] == []

    names = ["Quarter-finals", "Semi-finals", "Final"]
    expected_pairs = [[(1,), (4, 5), (2,), (3, 6)], [(1, 4), (2, 3)], [(1, 2)]]
    for k in range(3):
        body = t.get()
        assert body["rounds"][k]["name"] == names[k]
        assert pairs_in_numbers(body, k) == expected_pairs[k]
        assert_error(t.advance(), 409)
        win_by_numbers(t, body, k)
        body = t.get()
        if k < 2:
            assert body["can_advance"] and body["status"] == "playing"
            assert t.advance().status_code == 200
    body = t.get()
    assert body["status"] == "finished" and body["champion"] == t.team(1)
    assert_error(t.advance(), 409)
    # how far each went: 1 champion, 2 final, 3 and 4 semis, 5 and 6 the first round
    assert standings_rows(body) == [(1, 1, 2, 2, 0, 4, 60, 20), (2, 2, 2, 1, 1, 2, 40, 40),
                                    (3, 3, 2, 1, 1, 2, 40, 40), (4, 4, 2, 1, 1, 2, 40, 40),
                                    (5, 5, 1, 0, 1, 0, 10, 30), (6, 6, 1, 0, 1, 0, 10, 30)]
    bracket = t.bracket()
    assert bracket["champion"] == t.team(1)
    assert bracket["knockout"][-1]["matches"][0]["winner"] == t.team(1)


def test_single_elimination_listed_seeding(client: FlaskClient) -> None:
    t = drawn(client, 4, fmt="single_elimination", options={"seeding": "listed"})
    body = t.get()
    assert [tm["number"] for tm in body["teams"]] == [1, 2, 3, 4]
    assert [m["teams"] for m in body["rounds"][0]["matches"]] == [[0, 3], [1, 2]]
    assert body["rounds"][0]["name"] == "Semi-finals"


def test_round_robin_of_four(client: FlaskClient) -> None:
    t = drawn(client, 4, fmt="round_robin")
    body = t.get()
    assert [r["name"] for r in body["rounds"]] == ["Round 1", "Round 2", "Round 3"]
    met: list[frozenset[int]] = []
    for k, round_ in enumerate(body["rounds"]):
        assert round_["kind"] == "league"
        pairs = pairs_in_numbers(body, k)
        assert sorted(n for pair in pairs for n in pair) == [1, 2, 3, 4]
        met += [frozenset(pair) for pair in pairs]
    assert sorted(sorted(pair) for pair in met) == [[1, 2], [1, 3], [1, 4], [2, 3], [2, 4],
                                                    [3, 4]]
    # every round is open from the draw: play them last to first
    for k in (2, 1):
        win_by_numbers(t, t.get(), k)
    body = t.get()
    assert not body["can_advance"]
    assert_error(t.advance(), 409)
    win_by_numbers(t, body, 0)
    body = t.get()
    assert body["can_advance"] and body["status"] == "playing" and body["champion"] is None
    assert standings_rows(body) == [(1, 1, 3, 3, 0, 6, 90, 30), (2, 2, 3, 2, 1, 4, 70, 50),
                                    (3, 3, 3, 1, 2, 2, 50, 70), (4, 4, 3, 0, 3, 0, 30, 90)]
    closed = t.advance()
    assert closed.status_code == 200, closed.get_json()
    body = closed.get_json()
    assert body["status"] == "finished" and body["champion"] == t.team(1)
    assert len(body["rounds"]) == 3
    assert_error(t.advance(), 409)
    # once closed, a correction needs cascade
    assert_error(t.correct("r1m1", 1, [5, 50]), 409)


def test_round_robin_of_three_sits_one_out_each_round(client: FlaskClient) -> None:
    t = drawn(client, 3, fmt="round_robin", options={"games_per_match": 2})
    body = t.get()
    assert len(body["rounds"]) == 3
    for k, round_ in enumerate(body["rounds"]):
        kinds = sorted(m["kind"] for m in round_["matches"])
        assert kinds == ["bye", "match"]
        bye = next(m for m in round_["matches"] if m["kind"] == "bye")
        assert_error(t.report(bye["id"], [1, 0]), 409)
        win_by_numbers(t, t.get(), k)
    body = t.get()
    # byes score nothing in a round robin: two matches each, two games a match
    assert standings_rows(body) == [(1, 1, 2, 4, 0, 8, 120, 40), (2, 2, 2, 2, 2, 4, 80, 80),
                                    (3, 3, 2, 0, 4, 0, 40, 120)]
    assert t.advance().get_json()["champion"] == t.team(1)


def test_options_change_the_bye_and_the_points(client: FlaskClient) -> None:
    t = drawn(client, 3, options={"points_per_game": 3,
                                  "games_per_match": {"qualifying": 3, "knockout": 5}})
    body = t.get()
    assert body["options"]["games_per_match"] == {"qualifying": 3, "knockout": 5}
    bye = body["rounds"][0]["matches"][1]
    assert (bye["kind"], bye["games"], bye["wins"]) == ("bye", 3, [3])
    assert standings_rows(body)[0] == (1, 3, 1, 3, 0, 9, 0, 0)
    for _ in range(3):
        t.by_number("r1m1", {1: 20, 2: 10})
    assert_error(t.report("r1m1", [20, 10]), 409)
    final = t.advance().get_json()["rounds"][-1]["matches"][0]
    assert (final["games"], final["first_to"]) == (5, 3)
    assert pairs_in_numbers(t.get(), 1) == [(1, 3)]  # 1 (9 points, 60 scored) over the bye
    for _ in range(3):
        t.by_number("r2m1", {1: 20, 3: 10})
    assert t.get()["status"] == "finished"


def test_a_draw_with_seed_zero_or_none(client: FlaskClient) -> None:
    t = Tourney.create(client, 4)
    body = t.draw(0).get_json()
    assert body["seed"] == 0 and body["status"] == "playing"
    other = Tourney.create(client, 4)
    body = other.draw(None).get_json()
    assert isinstance(body["seed"], int) and 0 <= body["seed"] < 2**31
    again = Tourney.create(client, 4)
    again.draw(body["seed"])
    assert again.numbers() == other.numbers()  # a shown seed replays the draw


def test_swiss_of_six_in_three_rounds(client: FlaskClient) -> None:
    """Every game 100-50 to the lower number.
    Round 1: 1-2 3-4 5-6 → 1 3 5 on 2 points (100 scored), 2 4 6 on 0 (50).
    Round 2, ranked 1 3 5 2 4 6: 1-3 5-2 4-6 → 1 on 4 (200); 2 3 4 5 on 2 (150); 6 on 0 (100).
    Round 3, ranked 1 2 3 4 5 6: 1 has met 2 and 3 → 1-4; 2-3, then 5-6 is a rematch, so
    2 takes 6 and 3 takes 5 → 1-4 2-6 3-5."""
    t = drawn(client, 6, fmt="swiss", options={"rounds": 3})
    expected = [[(1, 2), (3, 4), (5, 6)], [(1, 3), (5, 2), (4, 6)], [(1, 4), (2, 6), (3, 5)]]
    for k in range(3):
        body = t.get()
        assert len(body["rounds"]) == k + 1
        assert (body["rounds"][k]["name"], body["rounds"][k]["kind"]) == (f"Round {k + 1}",
                                                                        "league")
        assert pairs_in_numbers(body, k) == expected[k]
        win_by_numbers(t, body, k, win=100, lose=50)
        advanced = t.advance()
        assert advanced.status_code == 200, advanced.get_json()
    body = t.get()
    assert len(body["rounds"]) == 3
    assert body["status"] == "finished" and body["champion"] == t.team(1)
    assert [(s["number"], s["points"], s["scored"]) for s in body["standings"]] == [
        (1, 6, 300), (2, 4, 250), (3, 4, 250), (4, 2, 200), (5, 2, 200), (6, 0, 150)]
    assert_error(t.advance(), 409)


def test_swiss_with_a_bye(client: FlaskClient) -> None:
    t = drawn(client, 5, fmt="swiss")
    body = t.get()
    assert body["options"]["rounds"] is None
    assert pairs_in_numbers(body, 0) == [(1, 2), (3, 4), (5,)]
    bye_row = next(s for s in body["standings"] if s["number"] == 5)
    assert (bye_row["played"], bye_row["won"], bye_row["points"], bye_row["scored"]) == (1, 1, 2,
                                                                                     0)
    assert_error(t.report("r1m3", [1, 0]), 409)
    byes = []
    for k in range(3):  # ceil(log2 5)
        body = t.get()
        bye = [m for m in body["rounds"][k]["matches"] if m["kind"] == "bye"]
        assert len(bye) == 1
        byes.append(bye[0]["teams"][0])
        win_by_numbers(t, body, k)
        assert t.advance().status_code == 200
    assert len(set(byes)) == 3  # the bye goes to someone without one yet
    assert t.get()["status"] == "finished"


def test_rummy_tables_of_seven(client: FlaskClient) -> None:
    """Seven players, tables of 4: two tables, of 4 and 3. Player number k scores 10(8 - k) at
    every table, so within a table the lower number places higher; place points = players at
    the table with a strictly lower total."""
    t = drawn(client, 7, fmt="rummy_tables", options={"table_size": 4})
    body = t.get()
    assert body["options"] == {"game_unit": "deal", "games_per_match": 1, "table_size": 4,
                               "rounds": 3, "confirm_games": False}
    assert all(len(team["players"]) == 1 for team in body["teams"])
    numbers = {tm["team"]: tm["number"] for tm in body["teams"]}
    points = dict.fromkeys(numbers, 0)
    for k in range(3):
        body = t.get()
        round_ = body["rounds"][k]
        assert (round_["name"], round_["kind"]) == (f"Round {k + 1}", "league")
        tables = round_["matches"]
        assert [len(m["teams"]) for m in tables] == [4, 3]
        assert sorted(team for m in tables for team in m["teams"]) == list(range(7))
        for table in tables:
            assert table["kind"] == "table" and table["wins"] is None
            before = t.snapshot()
            assert_error(t.report(table["id"], [10, 20]), 422, "scores")  # one per player
            assert t.snapshot() == before
            scores = [10 * (8 - numbers[team]) for team in table["teams"]]
            reply = t.report(table["id"], scores)
            assert reply.status_code == 201, reply.get_json()
            done = reply.get_json()["match"]
            assert done["status"] == "complete" and done["totals"] == scores
            best = min(table["teams"], key=lambda team: numbers[team])
            assert done["winner"] == best
            for team in table["teams"]:
                points[team] += sum(numbers[other] > numbers[team] for other in table["teams"])
        if k < 2:
            assert_error(t.report(tables[0]["id"], [1] * 4), 409)
        advanced = t.advance()
        assert advanced.status_code == 200, advanced.get_json()
    body = t.get()
    ranking = sorted(numbers, key=lambda team: (-points[team], numbers[team]))
    assert [s["team"] for s in body["standings"]] == ranking
    assert [(s["played"], s["points"], s["won"], s["scored"]) for s in body["standings"]] == [
        (3, points[team], points[team], 30 * (8 - numbers[team])) for team in ranking]
    assert body["status"] == "finished" and body["champion"] == ranking[0]
    assert len(body["rounds"]) == 3
    assert_error(t.advance(), 409)


def test_rummy_tables_tiebreak_at_the_top(client: FlaskClient) -> None:
    """Three players, one round: two level at the top (50, 50, 10) play a tie-break table."""
    t = drawn(client, 3, fmt="rummy_tables", options={"rounds": 1})
    [table] = t.get()["rounds"][0]["matches"]
    first, second, third = table["teams"]
    assert t.report(table["id"], [50, 50, 10]).status_code == 201
    body = t.advance().get_json()
    tiebreak = body["rounds"][-1]
    assert (tiebreak["name"], tiebreak["kind"]) == ("Tie-break", "tiebreak")
    [game] = tiebreak["matches"]
    assert (game["kind"], game["games"]) == ("table", 1)
    assert sorted(game["teams"]) == sorted([first, second])
    assert body["status"] == "playing" and body["champion"] is None
    scores = [40 if team == first else 60 for team in game["teams"]]
    assert t.report(game["id"], scores).status_code == 201
    body = t.get()
    assert [s["team"] for s in body["standings"]] == [second, first, third]
    if body["status"] != "finished":
        body = t.advance().get_json()
    assert body["status"] == "finished" and body["champion"] == second


def test_every_format_reads_as_a_bracket_and_csv(client: FlaskClient) -> None:
    for fmt, n in (("round_robin", 3), ("swiss", 4), ("rummy_tables", 3),
                   ("single_elimination", 3), ("quebec", 3)):
        t = drawn(client, n, fmt=fmt)
        body = t.get()
        bracket = t.bracket()
        assert bracket["format"] == fmt
        assert bool(bracket["knockout"]) == (fmt in ("quebec", "single_elimination"))
        check_csv(t, body)
        assert {m["id"] for m in all_matches(body)} >= {m["id"] for r in bracket["league"]
                                                         for m in r["matches"]}


def test_a_swiss_without_a_pairing_left_ends_early(client: FlaskClient) -> None:
    """Six teams, five rounds asked for; each game 1-0. After three rounds (1-2 3-4 5-6, then
    1-3 5-2 4-6, then 3-5 1-6 2-4) the pairs not met yet (1-4 1-5 2-3 2-6 3-6 4-5) hold no
    perfect pairing, so the advance ends the Swiss: number 5 won all three and is champion."""
    t = drawn(client, 6, fmt="swiss", options={"rounds": 5})
    rounds = [[((1, 2), 1), ((3, 4), 3), ((5, 6), 5)],
              [((1, 3), 3), ((5, 2), 5), ((4, 6), 6)],
              [((3, 5), 5), ((1, 6), 1), ((2, 4), 2)]]
    for k, games in enumerate(rounds):
        body = t.get()
        assert pairs_in_numbers(body, k) == [pair for pair, _ in games]
        for i, ((a, b), winner) in enumerate(games, start=1):
            t.by_number(f"r{k + 1}m{i}", {a: int(a == winner), b: int(b == winner)})
        if k < 2:
            assert t.advance().status_code == 200
    body = t.get()
    assert body["can_advance"] and body["status"] == "playing"
    assert t.advance().status_code == 200
    body = t.get()
    assert body["status"] == "finished" and len(body["rounds"]) == 3
    numbers = {team["team"]: team["number"] for team in body["teams"]}
    assert numbers[body["champion"]] == 5


def test_a_scorer_cannot_change_a_result_later_rounds_depend_on(client: FlaskClient) -> None:
    """Once the knockout is built from the qualifying round, correcting a qualifying game could
    reopen other matches: only the organizer may, with ?cascade=true."""
    t = drawn(client, 4)
    scorer = t.scorer("r1m1").get_json()["token"]
    for key in ("r1m1", "r1m2"):
        for _ in range(5):
            assert t.report(key, [30, 10]).status_code == 201
    assert t.advance().status_code == 200
    before = t.snapshot()
    assert_error(t.correct("r1m1", 1, [10, 30], token=scorer, cascade="true"), 403)
    assert t.snapshot() == before
    assert t.correct("r1m1", 1, [10, 30], cascade="true").status_code == 200


@pytest.mark.parametrize("teams", [
    [{"name": "A", "players": ["Ann", "Bo"]}, {"name": "B", "players": ["ann", "Cy"]}],
    [{"name": "A", "players": ["Ann", "Ann"]}, {"name": "B", "players": ["Di", "Cy"]}]])
def test_a_player_plays_in_one_team(client: FlaskClient, teams: list[dict[str, Any]]) -> None:
    response = client.post(TOURNAMENTS, json={"name": "Club", "variant": "quebec-500",
                                              "format": "quebec", "teams": teams})
    assert_error(response, 422)
    assert any(field.endswith(".players") for field in response.get_json()["errors"])


def test_an_unknown_query_parameter_is_refused(client: FlaskClient) -> None:
    t = drawn(client, 4)
    assert t.report("r1m1", [30, 10]).status_code == 201
    before = t.snapshot()
    response = client.put(f"{t.url}/matches/r1m1/games/1?colour=red", json={"scores": [10, 30]},
                          headers=t.auth())
    assert_error(response, 422)
    assert "colour" in response.get_json()["errors"]
    assert t.snapshot() == before
