"""Play a whole Quebec tournament through the API and time each step, for a big and a small field.

Usage: python benchmarks/tournament.py [--teams 256] [--small 32] [--reads 20] [--seed 500]

Everything runs in-process against a throw-away SQLite file (measure.throwaway_app(), no write
limit), driven through Flask's test client, so the figures include routing, schema checks,
rebuilding the rounds and the database, but no network. See benchmarks/README.md for what each row
means.
"""

from __future__ import annotations

import argparse
import platform
import random
import statistics
import sys
from dataclasses import dataclass, field
from typing import Any

import sqlalchemy
from flask.testing import FlaskClient
from measure import expect, print_table, throwaway_app, timed  # benchmarks/measure.py

API = "/api/v1"
VARIANT, FORMAT = "quebec-500", "quebec"  # default options: 5 games, then best of 3
SPLIT = 100  # the "first" / "last" rows of the qualifying reports (at most half of them)
MAX_TIEBREAKS = 10  # tie-break rounds in a row before the script gives up
WARMUP_TEAMS = 8  # an untimed tournament played first, so neither timed one pays for warming up


def deal_scores(rng: random.Random) -> list[int]:
    """A Quebec deal's scores for the two teams of a match, in tens from -200 to 500, never level
    (a game needs a winner)."""
    while True:
        a, b = rng.randrange(-20, 51) * 10, rng.randrange(-20, 51) * 10
        if a != b:
            return [a, b]


@dataclass
class Run:
    """One tournament played from registration to champion: the samples of every call."""

    teams: int
    rows: list[tuple[str, list[float]]] = field(default_factory=list)
    steps: list[tuple[str, list[float]]] = field(default_factory=list)  # for the totals
    qualifying: list[float] = field(default_factory=list)
    reads: dict[str, list[float]] = field(default_factory=dict)
    options: dict[str, Any] = field(default_factory=dict)
    tiebreaks: int = 0  # tie-break rounds played
    knockout_games: int = 0
    champion: str = ""

    def step(self, name: str) -> list[float]:
        samples: list[float] = []
        self.steps.append((name, samples))
        return samples


class Organizer:
    """One tournament and its organizer's token, driven through the API."""

    def __init__(self, client: FlaskClient, run: Run) -> None:
        self.client = client
        self.run = run
        body = {"name": f"Benchmark, {run.teams} teams", "variant": VARIANT, "format": FORMAT,
                "teams": [{"name": f"Team {n}", "players": [f"Player {n}a", f"Player {n}b"]}
                          for n in range(1, run.teams + 1)]}
        samples = run.step("create")
        created = expect(timed(samples, lambda: client.post(f"{API}/tournaments", json=body)),
                         201, "POST tournament")
        run.rows.append((f"POST tournament ({run.teams} teams)", samples))
        run.options = created["options"]
        self.url = f"{API}/tournaments/{created['id']}"
        self.auth = {"Authorization": f"Bearer {created['token']}"}

    def draw(self, seed: int) -> dict[str, Any]:
        samples = self.run.step("draw")
        body = expect(timed(samples, lambda: self.client.post(
            f"{self.url}/draw", json={"seed": seed}, headers=self.auth)), 200, "POST draw")
        self.run.rows.append(("POST draw", samples))
        return body

    def advance(self, samples: list[float]) -> dict[str, Any]:
        return expect(timed(samples, lambda: self.client.post(
            f"{self.url}/advance", headers=self.auth)), 200, "POST advance")

    def play(self, round_: dict[str, Any], rng: random.Random, samples: list[float]
             ) -> dict[str, Any]:
        """Report every game of the round, match by match, until each match is complete; the
        reply to the last report."""
        reply: dict[str, Any] = {}
        for match in round_["matches"]:
            if match["kind"] == "bye":
                continue
            url = f"{self.url}/matches/{match['id']}/games"
            status = match["status"]
            while status != "complete":
                scores = deal_scores(rng)
                reply = expect(timed(samples, lambda url=url, scores=scores: self.client.post(
                    url, json={"scores": scores}, headers=self.auth)), 201,
                    f"POST game, match {match['id']}")
                status = reply["match"]["status"]
        return reply

    def read(self, path: str, reads: int) -> list[float]:
        url = f"{self.url}{path}"
        expect(self.client.get(url), 200, f"GET {path or 'tournament'}")  # checked, untimed
        samples: list[float] = []
        for _ in range(reads):
            response = timed(samples, lambda: self.client.get(url))
            if response.status_code != 200:
                sys.exit(f"GET {url}: expected 200, got {response.status_code}")
        return samples


def play_tournament(client: FlaskClient, teams: int, seed: int, reads: int) -> Run:
    """Create, draw, play and finish one tournament; the draw and the scores come from `seed`."""
    run = Run(teams)
    rng = random.Random(seed)
    organizer = Organizer(client, run)
    body = organizer.draw(seed)

    # The qualifying round: every game of every match is played.
    qualifying = body["rounds"][0]
    reply = organizer.play(qualifying, rng, run.step("qualifying games"))
    run.qualifying = run.steps[-1][1]
    count = len(run.qualifying)
    split = min(SPLIT, count // 2)
    run.rows.append((f"POST game, qualifying (all {count})", run.qualifying))
    if split:
        run.rows.append((f"  first {split}", run.qualifying[:split]))
        run.rows.append((f"  last {split}", run.qualifying[-split:]))
    if not reply.get("can_advance"):
        sys.exit(f"the qualifying round is played but cannot be closed: {reply['next_step']}")

    # Advance until the knockout is built, playing any tie-break round on the way.
    to_knockout = run.step("advance to the knockout")
    advance: list[float] = []
    body = organizer.advance(advance)
    to_knockout.extend(advance)
    while body["rounds"][-1]["kind"] == "tiebreak":
        run.tiebreaks += 1
        if run.tiebreaks > MAX_TIEBREAKS:
            sys.exit(f"{MAX_TIEBREAKS} tie-break rounds in a row: giving up")
        run.rows.append((f"POST advance → tie-break {run.tiebreaks}", advance))
        games: list[float] = []
        organizer.play(body["rounds"][-1], rng, games)
        run.rows.append((f"POST game, tie-break {run.tiebreaks}", games))
        advance = []
        body = organizer.advance(advance)
        to_knockout.extend(games + advance)
    run.rows.append((f"POST advance → {body['rounds'][-1]['name']}", advance))

    # The knockout: each round's games, then the advance that builds the next.
    while True:
        round_ = body["rounds"][-1]
        name = round_["name"]
        if round_["kind"] != "knockout":
            sys.exit(f"expected a knockout round, got {name!r} ({round_['kind']})")
        games = []
        reply = organizer.play(round_, rng, games)
        run.knockout_games += len(games)
        run.rows.append((f"POST game, {name}", games))
        step = run.step(name)
        step.extend(games)
        if reply["status"] == "finished":
            break
        advance = []
        body = organizer.advance(advance)
        step.extend(advance)
        run.rows.append((f"POST advance → {body['rounds'][-1]['name']}", advance))

    final = expect(client.get(organizer.url), 200, "GET tournament")
    if final["status"] != "finished" or final["champion"] is None:
        sys.exit(f"the tournament should be over: {final['next_step']}")
    champion = final["teams"][final["champion"]]
    run.champion = f"{champion['name']} (number {champion['number']})"

    reading = run.step(f"reads ({reads} each)")
    for label, path in (("GET tournament", ""), ("GET bracket", "/bracket"),
                        ("GET standings.csv", "/standings.csv")):
        run.reads[label] = organizer.read(path, reads)
        run.rows.append((f"{label} (finished)", run.reads[label]))
        reading.extend(run.reads[label])
    return run


def print_totals(run: Run) -> None:
    """Wall time of each step (the sum of its calls) and of the whole tournament."""
    steps = [(name, samples) for name, samples in run.steps if samples]
    width = max(len("step"), len("whole tournament"), *(len(name) for name, _ in steps))
    print(f"{'step':<{width}}  {'calls':>6}  {'total s':>9}")
    print(f"{'-' * width}  {'-' * 6}  {'-' * 9}")
    for name, samples in steps:
        print(f"{name:<{width}}  {len(samples):>6}  {sum(samples) / 1000:>9.3f}")
    calls = sum(len(samples) for _, samples in steps)
    total = sum(sum(samples) for _, samples in steps)
    print(f"{'whole tournament':<{width}}  {calls:>6}  {total / 1000:>9.3f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--teams", type=int, default=256,
                        help="teams in the big tournament (default 256)")
    parser.add_argument("--small", type=int, default=32,
                        help="teams in the small tournament it is compared with (default 32; "
                             "0 to skip it)")
    parser.add_argument("--reads", type=int, default=20,
                        help="timed GETs of the tournament, bracket and CSV at the end "
                             "(default 20)")
    parser.add_argument("--seed", type=int, default=500,
                        help="seed for the draw and the random scores (default 500)")
    args = parser.parse_args()
    if not 2 <= args.teams <= 512 or not (args.small == 0 or 2 <= args.small <= 512):
        parser.error("--teams (and --small, unless 0) must be 2 to 512")
    if args.reads < 1 or not 0 <= args.seed < 2**31:
        parser.error("--reads must be at least 1 and --seed 0 to 2**31 - 1")

    runs: list[Run] = []
    with throwaway_app() as app:
        client = app.test_client()
        expect(client.get(f"{API}/variants"), 200, "warm-up")
        play_tournament(client, WARMUP_TEAMS, args.seed, 1)
        for teams in (args.small, args.teams) if args.small else (args.teams,):
            runs.append(play_tournament(client, teams, args.seed, args.reads))
    big, small = runs[-1], runs[0] if len(runs) > 1 else None

    games = big.options["games_per_match"]
    print(f"scorekeeper tournament benchmark: {VARIANT}, {FORMAT} format ({games['qualifying']} "
          f"games a qualifying match, best of {games['knockout']} in the knockout), seed "
          f"{args.seed}, SQLite, in-process (Python {platform.python_version()}, SQLAlchemy "
          f"{sqlalchemy.__version__})")
    for run in sorted(runs, key=lambda r: -r.teams):
        print()
        print(f"{run.teams} teams: {len(run.qualifying)} qualifying games, {run.tiebreaks} "
              f"tie-break round{'s' if run.tiebreaks != 1 else ''}, {run.knockout_games} "
              f"knockout games; champion {run.champion}")
        print()
        print_table(run.rows)
        print()
        print_totals(run)
    if small is not None:
        print()
        for what, large, little in (
                ("qualifying report", big.qualifying, small.qualifying),
                ("GET tournament", big.reads["GET tournament"], small.reads["GET tournament"])):
            a, b = statistics.median(large), statistics.median(little)
            print(f"median {what}: {a:.3f} ms at {big.teams} teams vs {b:.3f} ms at "
                  f"{small.teams} teams ({a / b:.2f}x for {big.teams / small.teams:.3g}x the "
                  "teams)")


if __name__ == "__main__":
    main()
