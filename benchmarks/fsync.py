"""What syncing every commit to disk costs: a hand write with SQLite's synchronous=NORMAL next to
the same write with FULL (the app's setting, so an acknowledged hand survives a power cut).

Usage: python benchmarks/fsync.py [--runs 500] [--warmup 30]

Two apps in-process, each on its own throw-away SQLite file in WAL mode (measure.throwaway_app(),
no write limit), one game each; hands are recorded through Flask's test client alternately in the
two games, so both see the same machine at the same moment. See benchmarks/README.md.
"""

from __future__ import annotations

import os
import platform
import statistics
import tempfile
from contextlib import ExitStack

from measure import expect, print_table, runs_and_warmup, throwaway_app, timed

API = "/api/v1"
SIDES = [{"name": "North-South", "players": ["Ann", "Cy"]},
         {"name": "East-West", "players": ["Bo", "Di"]}]
ENDLESS = {"target": 1_000_000, "lose_at": None}  # the game never ends
HAND = {"bidder": 0, "bid": "6S", "tricks": [6, 4]}
LEVELS = ("NORMAL", "FULL")


def main() -> None:
    args = runs_and_warmup(__doc__)
    samples: dict[str, list[float]] = {level: [] for level in LEVELS}
    with ExitStack() as stack:
        writers = []
        for level in LEVELS:
            client = stack.enter_context(throwaway_app(SQLITE_SYNCHRONOUS=level)).test_client()
            game = expect(client.post(f"{API}/games", json={
                "variant": "australian-500", "sides": SIDES, "options": ENDLESS}), 201, "game")
            url, auth = (f"{API}/games/{game['id']}/hands",
                         {"Authorization": f"Bearer {game['token']}"})
            writers.append((level, client, url, auth))
        for run in range(args.warmup + args.runs):
            # Alternate which level goes first, so neither always follows the other's fsync.
            for level, client, url, auth in writers[::1 if run % 2 else -1]:
                def write() -> object:
                    return client.post(url, json=HAND, headers=auth)  # noqa: B023

                if run < args.warmup:
                    expect(write(), 201, f"{level} hand")
                else:
                    expect(timed(samples[level], write), 201, f"{level} hand")
    print_table([(f"POST hand, synchronous={level}", samples[level]) for level in LEVELS])
    normal, full = (statistics.median(samples[level]) for level in LEVELS)
    print(f"\nFULL - NORMAL: {full - normal:+.3f} ms a hand (median), FULL / NORMAL: "
          f"{full / normal:.2f}")
    print(f"Python {platform.python_version()}, {os.cpu_count()} CPUs, databases in "
          f"{tempfile.gettempdir()} (the disk measured)")


if __name__ == "__main__":
    main()
