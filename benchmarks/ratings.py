"""Rebuilding every rating of a big club: benchmarks/club_lists.py's club (300 players, 50,000
games, generated once and cached in /tmp), its ratings replayed from its finished games.

Usage: python benchmarks/ratings.py [--players 300] [--games 50000] [--seed 500] [--runs 3]

The cached club is copied first (its database is shared with club_lists.py and would
otherwise be migrated to this branch's schema), then each run times, in-process and on SQLite:
reading the finished games and their seats, rating them in order (scorekeeper.ratings.rebuild,
openskill's Plackett-Luce), and the whole of services/clubs/ratings.rebuild as a correction or a
merge runs it (read, rate, delete and write every rating row; one transaction, rolled back after
each run but the last). See benchmarks/README.md.
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import time
from pathlib import Path

from club_lists import cache_path, generate  # benchmarks/club_lists.py
from sqlalchemy import func, select

from scorekeeper import create_app, ratings
from scorekeeper.extensions import db
from scorekeeper.models import Club, PlayerRating
from scorekeeper.services.clubs import ratings as kept


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--players", type=int, default=300)
    parser.add_argument("--games", type=int, default=50_000)
    parser.add_argument("--seed", type=int, default=500)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    shared = cache_path(args.players, args.games, args.seed)
    if not shared.exists():
        print(f"generating {args.players} players and {args.games} games into {shared} ...")
        generate(create_app({"DATABASE_URL": f"sqlite:///{shared}", "WRITE_LIMIT": "0",
                             "CHECK_LIMIT": "0"}), args.players, args.games, args.seed)
    path = Path(f"{shared.with_suffix('')}-ratings.sqlite")
    if not path.exists() or path.stat().st_mtime < shared.stat().st_mtime:
        shutil.copyfile(shared, path)
    app = create_app({"DATABASE_URL": f"sqlite:///{path}", "WRITE_LIMIT": "0",
                      "CHECK_LIMIT": "0"})
    read, rate, total = [], [], []
    with app.app_context():
        club_id = db.session.scalars(select(Club.id)).one()
        for run in range(args.runs):
            start = time.perf_counter()
            games = kept.finished_games(db.session, club_id)
            loaded = time.perf_counter()
            rebuilt = ratings.rebuild(games)
            rated = time.perf_counter()
            kept.rebuild(db.session, club_id)  # all of it, as a correction or a merge runs it
            db.session.flush()
            total.append(time.perf_counter() - rated)
            read.append(loaded - start)
            rate.append(rated - loaded)
            if run < args.runs - 1:
                db.session.rollback()
        db.session.commit()
        rows = db.session.scalar(select(func.count()).select_from(PlayerRating))
    print(f"club {club_id}: {args.players} players, {len(games)} finished games rated, "
          f"{len(rebuilt)} ratings ({rows} rows), {args.runs} runs, median seconds:")
    for name, samples in (("read finished games and seats", read),
                          ("rate them in order (openskill)", rate),
                          ("rebuild: read, rate, write rows", total)):
        print(f"  {name:34} {statistics.median(samples):7.2f}")

if __name__ == "__main__":
    main()
