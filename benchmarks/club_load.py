"""The club at scale under load: a club of 300 players and 50,000 games (club_lists.py's,
played through the rules) served by the production server, its pages driven by wrk beside the
bare endpoint (with two seasons' ladders, added to the copy: a 12-week season and one spanning the
whole ledger); then linking ~500 unlinked seats by name and a merge of two busy players (and its
undo), each timed once, and each ladder's first (unrendered) read.

Usage: python benchmarks/club_load.py [--players 300] [--games 50000] [--seed 500]
       [--database PATH] [--duration 10] [--connections 8] [--workers 2] [--rounds 2]

The club is generated once into the cache file of club_lists.py (or --database), then copied to
a temporary folder for each run, so the writes timed at the end never change the cache. gunicorn
serves benchmarks/load_app.py from the project root (gunicorn.conf.py: gevent workers) with
SCOREKEEPER_AUTO_MIGRATE=0 after `flask db upgrade`, as load.py does. Needs wrk (apt-get install
-y wrk). See benchmarks/README.md.
"""

from __future__ import annotations

import argparse
import os
import platform
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import date
from pathlib import Path
from typing import Any

from club_lists import ADMIN, MEMBER, cache_path, generate  # benchmarks/club_lists.py
from load import ROOT, Client, Result, gunicorn, wrk  # benchmarks/load.py
from sqlalchemy import create_engine, text

from scorekeeper import create_app
from scorekeeper.models import Season, utcnow

API = "/api/v1"


def facts(url: str) -> dict[str, Any]:
    """What the rows need from the club: its id, its busiest player (not hidden, not one of the
    pair to merge), the typed name with the most unlinked seats, the pair to merge."""
    with create_engine(url).connect() as connection:
        def one(sql: str) -> Any:
            return connection.execute(text(sql)).first()

        club = one("SELECT id FROM clubs")[0]
        first, second = (row[0] for row in connection.execute(
            text("SELECT id FROM players ORDER BY id LIMIT 2")))
        busy, busy_games = one(
            "SELECT s.player_id, count(*) FROM seats s JOIN players p ON p.id = s.player_id "
            f"WHERE p.visibility != 'hidden' AND p.id NOT IN ({first}, {second}) "
            "GROUP BY s.player_id ORDER BY count(*) DESC, s.player_id LIMIT 1")
        name, waiting = one("SELECT name, count(*) FROM seats WHERE player_id IS NULL "
                            "GROUP BY name ORDER BY count(*) DESC, name LIMIT 1")
        pair = [one(f"SELECT count(*) FROM seats WHERE player_id = {p}")[0]
                for p in (first, second)]
    return {"club": club, "busy": busy, "busy_games": busy_games, "name": name,
            "waiting": waiting, "merge": (first, second), "merge_seats": pair}


# The club's games run from 2024-01-01 over two years (club_lists.py): a 12-week season at its end
# (about 5,900 games), and one holding every game (50,000: the worst a ladder reads).
SEASONS = {"season ladder (12 weeks)": ("2025-10-09", "2025-12-31"),
           "season ladder (all 50,000)": ("2024-01-01", "2025-12-31")}


def add_seasons(url: str, club: int) -> dict[str, int]:
    """The seasons, written into the copy before the server starts: their ids by row name."""
    found = {}
    with create_engine(url).begin() as connection:
        for name, (starts, ends) in SEASONS.items():
            found[name] = connection.execute(Season.__table__.insert().values(
                club_id=club, name=name, starts_on=date.fromisoformat(starts),
                ends_on=date.fromisoformat(ends), variants=None,
                counting={"min_nights": 5, "best": 100, "guests": "exclude"}, version=1,
                created_at=utcnow(), updated_at=utcnow())).inserted_primary_key[0]
    return found


def header_script(folder: Path) -> Path:
    """wrk's Lua script for the club's rows: every request with the member token."""
    script = folder / "member.lua"
    script.write_text(f'wrk.headers["Authorization"] = "Bearer {MEMBER}"\n')
    return script


def timed_call(client: Client, method: str, path: str, body: Any, token: str) -> tuple[float,
                                                                                     Any]:
    start = time.perf_counter()
    reply = client.call(method, path, body, token)
    return (time.perf_counter() - start) * 1000, reply


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--players", type=int, default=300)
    parser.add_argument("--games", type=int, default=50_000)
    parser.add_argument("--seed", type=int, default=500)
    parser.add_argument("--database", type=Path, help="the cached club (club_lists.py's)")
    parser.add_argument("--duration", type=int, default=10, help="seconds per wrk run (10)")
    parser.add_argument("--connections", type=int, default=8, help="wrk connections (8)")
    parser.add_argument("--workers", type=int, default=2, help="gunicorn workers (2)")
    parser.add_argument("--rounds", type=int, default=2,
                        help="rounds of bare then each row; the table shows medians (2)")
    parser.add_argument("--only", help="time only the rows whose name contains this")
    args = parser.parse_args()
    args.worker_class, args.threads = "gevent", 4  # what load.gunicorn reads: production's
    if shutil.which("wrk") is None:
        sys.exit("wrk is not installed: apt-get install -y wrk")
    cached = args.database or cache_path(args.players, args.games, args.seed)
    if not cached.exists():
        print(f"generating {args.players} players and {args.games} games into {cached} ...")
        app = create_app({"DATABASE_URL": f"sqlite:///{cached}", "WRITE_LIMIT": "0"})
        try:
            generate(app, args.players, args.games, args.seed)
        except BaseException:
            cached.unlink(missing_ok=True)
            raise

    load_before = os.getloadavg()[0]
    problems: list[str] = []
    with tempfile.TemporaryDirectory(prefix="scorekeeper-club-load-") as tmp:
        folder = Path(tmp)
        copy = folder / "club.sqlite"
        shutil.copyfile(cached, copy)
        url = f"sqlite:///{copy}"
        env = {**os.environ, "DATABASE_URL": url, "SCOREKEEPER_WRITE_LIMIT": "0",
               "SCOREKEEPER_AUTO_MIGRATE": "0"}
        subprocess.run([sys.executable, "-m", "flask", "--app", "scorekeeper", "db", "upgrade"],
                       cwd=ROOT, env=env, check=True)
        club = facts(url)
        print(f"club {club['club']}: busiest player {club['busy']} ({club['busy_games']} games),"
              f" {club['waiting']} unlinked seats named {club['name']!r}, merge of players "
              f"{club['merge'][0]} and {club['merge'][1]} ({club['merge_seats']} seats)")
        member = header_script(folder)
        c, p = club["club"], club["busy"]
        rows = {
            "player page": f"{API}/players/{p}",
            "club players": f"{API}/clubs/{c}/players",
            "club games": f"{API}/games?club={c}",
            "games: variant+status+since": f"{API}/games?club={c}&variant=quebec-500"
                                           "&status=finished&since=2025-01-01T00:00:00Z",
            "games: ?player=": f"{API}/games?club={c}&player={p}",
            "a player's games": f"{API}/players/{p}/games",
        }
        seasons = add_seasons(url, c)
        ladders = {name: f"{API}/clubs/{c}/seasons/{s}/standings" for name, s in seasons.items()}
        rows.update(ladders)
        if args.only:
            rows = {name: path for name, path in rows.items() if args.only in name}
        log = folder / "gunicorn.log"
        bare: list[Result] = []
        results: dict[str, list[Result]] = {name: [] for name in rows}
        ratios: dict[str, list[tuple[float, float]]] = {name: [] for name in rows}
        once: list[tuple[str, float, str]] = []
        try:
            with gunicorn(args, env, log) as base:
                client = Client(base)
                for name, path in ladders.items():  # timed first: nothing rendered yet
                    if name in rows:
                        ms, reply = timed_call(client, "GET", path, None, MEMBER)
                        results_in = sum(len(line["counted"]) + len(line["dropped"])
                                         for line in reply["standings"])
                        once.append((f"{name}, first read", ms,
                                     f"{len(reply['standings'])} listed, {results_in} results"))
                for path in rows.values():  # each once by hand: a 200, and warm
                    client.call("GET", path, token=MEMBER)
                    wrk(args, f"{base}{path}", 2, member)
                wrk(args, f"{base}/bare", 2, None)
                for number in range(1, args.rounds + 1):
                    print(f"round {number} of {args.rounds}", flush=True)
                    for name, path in rows.items():
                        bare.append(wrk(args, f"{base}/bare", args.duration, None))
                        result = wrk(args, f"{base}{path}", args.duration, member)
                        results[name].append(result)
                        ratios[name].append((result.rps / bare[-1].rps,
                                             bare[-1].p50 / result.p50))
                        print(f"  {name:<28} {result.rps:8.1f} req/s  p50 {result.p50:7.2f} ms"
                              f"  p99 {result.p99:7.2f} ms  (bare {bare[-1].rps:.0f} req/s, "
                              f"p50 {bare[-1].p50:.2f} ms)", flush=True)
                        if result.non_2xx:
                            problems.append(f"{name}: {result.non_2xx} non-2xx replies")

                ms, reply = timed_call(client, "POST", f"{API}/clubs/{c}/unlinked/link",
                                       {"name": club["name"], "player": p}, MEMBER)
                once.append((f"link {club['name']!r} by name", ms,
                             f"{reply['linked']} linked, {reply['skipped']} skipped"))
                first, second = club["merge"]
                ms, reply = timed_call(client, "POST", f"{API}/clubs/{c}/players/{first}/merge",
                                       {"into": second}, ADMIN)
                once.append(("merge two busy players", ms, f"{reply['seats']} seats moved"))
                ms, reply = timed_call(client, "DELETE", f"{API}/clubs/{c}/merges/{reply['id']}",
                                       None, ADMIN)
                once.append(("undo that merge", ms, f"{reply['seats']} seats moved back"))
                ms, _ = timed_call(client, "GET", f"{API}/players/{p}", None, MEMBER)
                once.append(("player page after the link", ms, "first read after a change"))
        finally:
            server_log = log.read_text() if log.exists() else ""
            if re.search(r"Traceback|\[ERROR\]|\[CRITICAL\]|WORKER TIMEOUT", server_log):
                problems.append("gunicorn logged errors (its log is above)")
                print("\ngunicorn's log:\n" + server_log, flush=True)

    print(f"\nSettings: sqlite, gunicorn {args.workers} gevent workers (gunicorn.conf.py), wrk 2 "
          f"threads {args.connections} connections, {args.duration} s a run, {args.rounds} "
          f"rounds, Python {platform.python_version()}, {os.cpu_count()} CPUs, load average "
          f"{load_before:.2f} before the run\n")
    print("| endpoint | req/s | p50 ms | p99 ms | req/s ÷ bare | bare p50 ÷ p50 |")
    print("| --- | ---: | ---: | ---: | ---: | ---: |")
    print(f"| GET /bare | {statistics.median(r.rps for r in bare):.1f} | "
          f"{statistics.median(r.p50 for r in bare):.2f} | "
          f"{statistics.median(r.p99 for r in bare):.2f} | 1.00 | 1.00 |")
    for name in rows:
        runs = results[name]
        print(f"| {name} | {statistics.median(r.rps for r in runs):.1f} | "
              f"{statistics.median(r.p50 for r in runs):.2f} | "
              f"{statistics.median(r.p99 for r in runs):.2f} | "
              f"{statistics.median(r for r, _ in ratios[name]):.2f} | "
              f"{statistics.median(r for _, r in ratios[name]):.2f} |")
    print("\n| once | ms | what it did |\n| --- | ---: | --- |")
    for name, ms, what in once:
        print(f"| {name} | {ms:.1f} | {what} |")
    if problems:
        print("\nTHE RUN IS NOT VALID:\n" + "\n".join(f"- {p}" for p in problems))
        return 1
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except KeyboardInterrupt:
        sys.exit(130)
