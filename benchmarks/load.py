"""Serve the app with gunicorn and load it with wrk: throughput and latency of the busiest
endpoints, each next to a bare Flask endpoint measured in the same run.

Usage: python benchmarks/load.py [--database-url URL] [--duration 10] [--connections 8]
                                 [--workers 2] [--worker-class gevent|sync|gthread]
                                 [--threads 4]
                                 [--write-limit 0] [--rounds 3] [--accept-encoding br]

Unlike the other scripts this one goes through a real HTTP server in other processes: the schema
is migrated once with `flask db upgrade`, gunicorn (started in the project root, so with the
production settings of gunicorn.conf.py: gevent workers) serves benchmarks/load_app.py with
SCOREKEEPER_AUTO_MIGRATE=0 (the production procedure), the data is prepared over HTTP and wrk
drives the load. Needs wrk on the PATH (apt-get install -y wrk). See benchmarks/README.md.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import re
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from importlib.metadata import version
from pathlib import Path
from typing import Any

import sqlalchemy
from record_and_read import random_hand  # benchmarks/record_and_read.py
from tournament import deal_scores  # benchmarks/tournament.py

ROOT = Path(__file__).resolve().parent.parent
API = "/api/v1"
SIDES = [{"name": "North-South", "players": ["Ann", "Cy"]},
         {"name": "East-West", "players": ["Bo", "Di"]}]
# Nobody reaches a target of a million (each POSTed hand adds 40 to each side) and nobody goes out
# the back door, so the game never ends and every POST keeps being accepted.
OPTIONS = {"target": 1_000_000, "lose_at": None}
HANDS = 20  # hands recorded in each game before the load, so GET game reads a realistic game
# The POST runs write to these games in turn: a game takes at most limits.MAX_HANDS (2,000)
# hands, and the runs send tens of thousands.
WRITE_GAMES = 48
TEAMS = 8  # quebec tournament: drawn, its qualifying round (4 matches of 5 games) reported
HAND = {"bidder": 0, "bid": "6S", "tricks": [6, 4]}  # the body every wrk POST sends
TARGETS = {"GET game": 0.7, "POST hand": 0.25}  # minimum throughput as a share of bare
P99_TARGET_MS = 50.0  # at 8 connections
WARMUP_S = 2  # an untimed wrk run on each endpoint first, so no timed run pays for start-up
UNITS_MS = {"us": 0.001, "ms": 1.0, "s": 1000.0, "m": 60_000.0, "h": 3_600_000.0}


@dataclass
class Result:
    """What one wrk run reported."""

    rps: float
    p50: float  # ms
    p99: float  # ms
    requests: int
    non_2xx: int
    socket_errors: str


class Client:
    """Just enough of an HTTP client to prepare the data; any unexpected status stops the run."""

    def __init__(self, base: str) -> None:
        self.base = base

    def call(self, method: str, path: str, body: Any = None, token: str | None = None,
             expect: int = 200) -> dict[str, Any]:
        headers = {"Content-Type": "application/json"} if body is not None else {}
        if token:
            headers["Authorization"] = f"Bearer {token}"
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.base + path, data, headers, method=method)
        try:
            with urllib.request.urlopen(request, timeout=30) as response:
                status, text = response.status, response.read().decode()
        except urllib.error.HTTPError as error:
            status, text = error.code, error.read().decode()
        if status != expect:
            sys.exit(f"{method} {path}: expected {expect}, got {status}: {text}")
        reply: dict[str, Any] = json.loads(text)
        return reply


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


@contextmanager
def gunicorn(args: argparse.Namespace, env: dict[str, str], log: Path) -> Iterator[str]:
    """gunicorn serving load_app on a free port, until the block ends (also on error or Ctrl-C).
    It runs in its own session so that Ctrl-C reaches only this script, which then stops it
    gracefully."""
    port = free_port()
    command = [sys.executable, "-m", "gunicorn", "--workers", str(args.workers),
               "--worker-class", args.worker_class, "--bind", f"127.0.0.1:{port}",
               *(["--threads", str(args.threads)] if args.worker_class == "gthread" else []),
               "benchmarks.load_app:create()"]
    with log.open("w") as out:
        server = subprocess.Popen(command, cwd=ROOT, env=env, stdout=out,
                                  stderr=subprocess.STDOUT, start_new_session=True)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while True:
            if server.poll() is not None:
                sys.exit(f"gunicorn exited with {server.returncode}:\n{log.read_text()}")
            try:
                with urllib.request.urlopen(f"{base}/bare", timeout=5):
                    break
            except OSError:
                if time.monotonic() > deadline:
                    sys.exit(f"gunicorn did not answer within 60 s:\n{log.read_text()}")
                time.sleep(0.2)
        yield base
    finally:
        server.send_signal(signal.SIGTERM)  # graceful: workers finish their requests
        try:
            server.wait(timeout=30)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()


def prepare(client: Client) -> dict[str, Any]:
    """A never-ending game of HANDS random hands to read, WRITE_GAMES never-ending games to write
    to (so the reads never see the thousands of hands the POSTs add), and a drawn tournament
    with its first round played."""
    rng = random.Random(500)
    game = {"variant": "australian-500", "options": OPTIONS, "sides": SIDES}
    read = client.call("POST", f"{API}/games", game, expect=201)
    for _ in range(HANDS):
        client.call("POST", f"{API}/games/{read['id']}/hands", random_hand(rng), read["token"],
                    expect=201)
    writes = [client.call("POST", f"{API}/games", game, expect=201) for _ in range(WRITE_GAMES)]
    for write in writes:  # the exact wrk body once by hand: the runs must time accepted hands
        client.call("POST", f"{API}/games/{write['id']}/hands", HAND, write["token"], expect=201)

    created = client.call("POST", f"{API}/tournaments", {
        "name": "Load benchmark", "variant": "quebec-500", "format": "quebec",
        "teams": [{"name": f"Team {n}", "players": [f"Player {n}a", f"Player {n}b"]}
                  for n in range(1, TEAMS + 1)]}, expect=201)
    url, token = f"{API}/tournaments/{created['id']}", created["token"]
    body = client.call("POST", f"{url}/draw", {"seed": 500}, token)
    for match in body["rounds"][0]["matches"]:
        status = match["status"]
        while match["kind"] != "bye" and status != "complete":
            reply = client.call("POST", f"{url}/matches/{match['id']}/games",
                                {"scores": deal_scores(rng)}, token, expect=201)
            status = reply["match"]["status"]
    return {"read": read, "writes": writes, "tournament": created}


def wrk(args: argparse.Namespace, url: str, duration: int, script: Path | None) -> Result:
    """One wrk run, parsed: Requests/sec, the 50 % and 99 % latencies, non-2xx responses."""
    encoding = ["-H", f"Accept-Encoding: {args.accept_encoding}"] if args.accept_encoding else []
    command = ["wrk", "-t2", f"-c{args.connections}", f"-d{duration}s", "--latency", *encoding,
               *(["-s", str(script)] if script else []), url]
    output = subprocess.run(command, capture_output=True, text=True, check=True).stdout

    def find(pattern: str, default: str | None = None) -> str:
        match = re.search(pattern, output, re.MULTILINE)
        if match is None and default is None:
            sys.exit(f"cannot read wrk's output ({pattern!r}):\n{output}")
        return match[1] if match else str(default)

    def ms(text: str) -> float:
        number, unit = re.fullmatch(r"([\d.]+)([a-z]+)", text).groups()  # type: ignore[union-attr]
        return float(number) * UNITS_MS[unit]

    return Result(rps=float(find(r"^Requests/sec:\s+([\d.]+)")),
                  p50=ms(find(r"^\s+50%\s+(\S+)")), p99=ms(find(r"^\s+99%\s+(\S+)")),
                  requests=int(find(r"^\s+(\d+) requests in")),
                  non_2xx=int(find(r"Non-2xx or 3xx responses: (\d+)", "0")),
                  socket_errors=find(r"Socket errors: (.+)$", ""))


def post_script(folder: Path, games: list[dict[str, Any]]) -> Path:
    """wrk's Lua script for the POST runs: a hand to each of `games` in turn (each wrk thread
    from its own start), with the game's token."""
    targets = ",\n".join(f'  {{"{API}/games/{g["id"]}/hands", "Bearer {g["token"]}"}}'
                         for g in games)
    script = folder / "post_hand.lua"
    script.write_text(f"local games = {{\n{targets}\n}}\n"
                      f"local body = [[{json.dumps(HAND)}]]\n"
                      "local n = math.random(#games)\n"
                      "request = function()\n"
                      "  n = n % #games + 1\n"
                      '  return wrk.format("POST", games[n][1], {["Content-Type"] = '
                      '"application/json", ["Authorization"] = games[n][2]}, body)\n'
                      "end\n")
    return script


class Bench:
    """The wrk runs against one server, and everything that makes them invalid."""

    def __init__(self, args: argparse.Namespace, base: str, data: dict[str, Any],
                 folder: Path) -> None:
        self.args = args
        self.client = Client(base)
        self.bare = f"{base}/bare"
        self.write_urls = [f"{API}/games/{game['id']}" for game in data["writes"]]
        self.endpoints = {  # name: (url, Lua script or None)
            "GET game": (f"{base}{API}/games/{data['read']['id']}", None),
            "POST hand": (f"{base}{self.write_urls[0]}/hands",
                          post_script(folder, data["writes"])),
            "GET tournament": (f"{base}{API}/tournaments/{data['tournament']['id']}", None)}
        self.problems: list[str] = []
        self.phase = "warm-up"  # or "round N", for the problems

    def run(self, name: str, url: str, lua: Path | None, seconds: int) -> Result:
        """One wrk run, printed at once; non-2xx responses are shouted and remembered."""
        result = wrk(self.args, url, seconds, lua)
        line = (f"  {name:<15} {result.rps:>9.1f} req/s  p50 {result.p50:7.2f} ms  "
                f"p99 {result.p99:7.2f} ms  ({result.requests} requests)")
        if result.socket_errors:
            line += f"  socket errors: {result.socket_errors}"
        print(line, flush=True)
        if result.non_2xx:
            self.problems.append(f"{name}, {self.phase}: {result.non_2xx} of {result.requests} "
                                 f"responses were not 2xx/3xx")
            print(f"  !!! {name}: {result.non_2xx} NON-2xx RESPONSES", flush=True)
        return result

    def hands_played(self) -> int:
        return sum(int(self.client.call("GET", url)["hands_played"]) for url in self.write_urls)

    def check_hands(self, before: int, result: Result) -> None:
        """Every 2xx POST stored a hand. wrk stops counting at the deadline, but the requests its
        connections had already sent are still recorded: up to one per connection more."""
        time.sleep(1)  # let the server finish what wrk left in flight
        grown, accepted = self.hands_played() - before, result.requests - result.non_2xx
        print(f"  hands_played grew by {grown}; wrk counted {accepted} 2xx POSTs "
              f"(+{grown - accepted} in flight when wrk stopped)")
        if not 0 <= grown - accepted <= self.args.connections:
            self.problems.append(f"POST hand, {self.phase}: hands_played grew by {grown} but "
                                 f"wrk counted {accepted} 2xx POSTs (with at most "
                                 f"{self.args.connections} in flight)")

    def measure(self) -> dict[str, tuple[float, float, float, float]]:
        """Warm up, then the rounds; per row the medians of req/s, p50, p99 and ratio to bare."""
        print(f"warm-up ({WARMUP_S} s each, untimed)")
        self.run("bare", self.bare, None, WARMUP_S)
        for name, (url, lua) in self.endpoints.items():
            self.run(name, url, lua, WARMUP_S)

        bare: list[Result] = []
        results: dict[str, list[Result]] = {name: [] for name in self.endpoints}
        ratios: dict[str, list[float]] = {name: [] for name in self.endpoints}
        duration = self.args.duration
        for number in range(1, self.args.rounds + 1):
            self.phase = f"round {number}"
            print(f"round {number} of {self.args.rounds}")
            for name, (url, lua) in self.endpoints.items():
                bare.append(self.run("bare", self.bare, None, duration))
                before = self.hands_played()
                results[name].append(self.run(name, url, lua, duration))
                ratios[name].append(results[name][-1].rps / bare[-1].rps)
                if lua is not None:
                    self.check_hands(before, results[name][-1])
        if any(self.client.call("GET", url)["status"] != "in_progress" for url in self.write_urls):
            self.problems.append("a game written to has ended; it never should")

        rows = {"GET /bare": median_row(bare, [])}
        rows.update({name: median_row(results[name], ratios[name]) for name in self.endpoints})
        return rows


def median_row(results: list[Result], ratios: list[float]) -> tuple[float, float, float, float]:
    return (statistics.median(r.rps for r in results), statistics.median(r.p50 for r in results),
            statistics.median(r.p99 for r in results),
            statistics.median(ratios) if ratios else 1.0)


def report(args: argparse.Namespace, rows: dict[str, tuple[float, float, float, float]],
           settings: str) -> None:
    """The settings, the Markdown table and the targets with PASS or MISS."""
    print(f"\nSettings: {settings}\n")
    print("| endpoint | req/s | p50 ms | p99 ms | ratio to bare |")
    print("| --- | ---: | ---: | ---: | ---: |")
    for name, (rps, p50, p99, ratio) in rows.items():
        print(f"| {name} | {rps:.1f} | {p50:.2f} | {p99:.2f} | {ratio:.2f} |")
    print()
    for name, share in TARGETS.items():
        ratio = rows[name][3]
        print(f"- {name} ≥ {share} of bare: {ratio:.2f} {'PASS' if ratio >= share else 'MISS'}")
    api = [name for name in rows if name != "GET /bare"]
    p99s = ", ".join(f"{name} {rows[name][2]:.1f} ms" for name in api)
    worst = max(rows[name][2] for name in api)
    caveat = "" if args.connections == 8 else f" (measured at {args.connections})"
    print(f"- p99 < {P99_TARGET_MS:.0f} ms at 8 connections{caveat}: {p99s} "
          f"{'PASS' if worst < P99_TARGET_MS else 'MISS'}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--database-url",
                        help="SQLAlchemy URL (default: a fresh SQLite file in a temporary folder)")
    parser.add_argument("--duration", type=int, default=10, help="seconds per wrk run (10)")
    parser.add_argument("--connections", type=int, default=8, help="wrk connections (8)")
    parser.add_argument("--workers", type=int, default=2, help="gunicorn workers (2)")
    parser.add_argument("--worker-class", choices=("gevent", "sync", "gthread"), default="gevent",
                        help="gunicorn worker class (gevent, as gunicorn.conf.py sets it)")
    parser.add_argument("--threads", type=int,
                        help="threads per worker, gthread only (default 4 with gthread)")
    parser.add_argument("--write-limit", default="0",
                        help="SCOREKEEPER_WRITE_LIMIT for the server (0: off). All the load "
                             "comes from one address, so a real limit refuses it; a rate no run "
                             "reaches, such as 1000000/second, measures what counting costs")
    parser.add_argument("--rounds", type=int, default=3,
                        help="rounds of bare, game, bare, hand, bare, tournament; the table "
                             "shows the medians (3)")
    parser.add_argument("--accept-encoding", default="",
                        help="an Accept-Encoding header on every wrk request, e.g. br as a "
                             "browser sends it (default: none, so no reply is compressed)")
    args = parser.parse_args()
    if min(args.duration, args.workers, args.rounds) < 1 or args.connections < 2:
        parser.error("--duration, --workers and --rounds must be at least 1, --connections at "
                     "least 2 (wrk runs 2 threads)")
    if args.threads is not None and args.worker_class != "gthread":
        parser.error("--threads needs --worker-class gthread")
    args.threads = args.threads or 4
    if shutil.which("wrk") is None:
        sys.exit("wrk is not installed: apt-get install -y wrk")

    load_before = os.getloadavg()[0]  # anything else running skews the numbers
    problems: list[str] = []
    with tempfile.TemporaryDirectory(prefix="scorekeeper-load-") as tmp:
        folder = Path(tmp)
        url = args.database_url or f"sqlite:///{folder / 'load.sqlite'}"
        env = {**os.environ, "DATABASE_URL": url, "SCOREKEEPER_WRITE_LIMIT": args.write_limit,
               "SCOREKEEPER_AUTO_MIGRATE": "0"}
        subprocess.run([sys.executable, "-m", "flask", "--app", "scorekeeper", "db", "upgrade"],
                       cwd=ROOT, env=env, check=True)
        log = folder / "gunicorn.log"
        try:
            with gunicorn(args, env, log) as base:
                bench = Bench(args, base, prepare(Client(base)), folder)
                problems = bench.problems
                rows = bench.measure()
        finally:  # also when the run stops early: the server's side of the story
            server_log = log.read_text() if log.exists() else ""
            if re.search(r"Traceback|\[ERROR\]|\[CRITICAL\]|WORKER TIMEOUT", server_log):
                problems.append("gunicorn logged errors (its log is above)")
                print("\ngunicorn's log:\n" + server_log, flush=True)
        with sqlalchemy.create_engine(url).connect() as connection:
            dialect = connection.dialect
            server = ".".join(map(str, dialect.server_version_info or ()))

    threads = f" ({args.threads} threads)" if args.worker_class == "gthread" else ""
    report(args, rows, f"{dialect.name}+{dialect.driver} {server}, gunicorn "
           f"{version('gunicorn')} {args.workers} workers, worker class {args.worker_class}"
           f"{threads}, write limit {args.write_limit}, wrk 2 threads {args.connections} "
           f"connections, {args.duration} s per run, "
           f"Accept-Encoding {args.accept_encoding or 'none'}, "
           f"{args.rounds} rounds, Python {platform.python_version()}, {os.cpu_count()} CPUs, "
           f"load average {load_before:.2f} before the run")
    if problems:
        print("\nTHE RUN IS NOT VALID:\n" + "\n".join(f"- {p}" for p in problems))
        return 1
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except KeyboardInterrupt:
        sys.exit(130)
