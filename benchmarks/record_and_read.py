"""Record many hands into one game and time the writes and reads that a long game makes.

Usage: python benchmarks/record_and_read.py [--hands 1000] [--reads 200] [--corrections 5]

Everything runs in-process against a throw-away SQLite file (measure.throwaway_app(), no write
limit), driven through Flask's test client, so the figures include routing, schema checks, the rules
and the database, but no network. See benchmarks/README.md for what each row means.
"""

from __future__ import annotations

import argparse
import platform
import random
import statistics
import sys
import time
from typing import Any

import sqlalchemy
from flask.testing import FlaskClient
from measure import expect, print_table, throwaway_app, timed  # benchmarks/measure.py

API = "/api/v1"
EARLY_READ_AT = 10  # the "short game" reads are taken once this many hands are recorded
SIDES = [{"name": "North-South", "players": ["Ann", "Cy"]},
         {"name": "East-West", "players": ["Bo", "Di"]}]
# A game that never ends: nobody reaches the target and nobody goes out the back door.
OPTIONS = {"target": 1_000_000, "lose_at": None}
SUITS = ("S", "C", "D", "H", "NT")


def random_hand(rng: random.Random) -> dict[str, Any]:
    """A valid 4-player hand: mostly suit and no-trump contracts (made, failed, the odd slam),
    some misères and open misères, and some passed-out deals."""
    roll = rng.random()
    if roll < 0.08:
        return {"passed_out": True}
    bidder = rng.randrange(4)
    side = bidder % 2
    if roll < 0.18:
        bid = "MIS" if roll < 0.15 else "OMIS"
        taken = 0 if rng.random() < 0.7 else rng.randint(1, 3)  # the bidder's own tricks
    else:
        level = rng.choices((6, 7, 8, 9, 10), weights=(30, 35, 20, 10, 5))[0]
        bid = f"{level}{rng.choice(SUITS)}"
        taken = max(0, min(10, level + rng.choice((-3, -2, -1, 0, 0, 0, 1, 1, 2))))
    tricks = [0, 0]
    tricks[side], tricks[1 - side] = taken, 10 - taken
    return {"bidder": bidder, "bid": bid, "tricks": tricks}


def read_game(client: FlaskClient, url: str, reads: int) -> list[float]:
    samples: list[float] = []
    for _ in range(reads):
        expect(timed(samples, lambda: client.get(url)), 200, "GET game")
    return samples


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=1000, help="hands to record (default 1000)")
    parser.add_argument("--reads", type=int, default=200,
                        help="GETs of the game at each checkpoint (default 200)")
    parser.add_argument("--corrections", type=int, default=5,
                        help="PUTs of hand 1 at the end, each replaying every hand (default 5)")
    parser.add_argument("--seed", type=int, default=500, help="random seed for the hands")
    args = parser.parse_args()
    if args.hands < 1 or args.reads < 1 or args.corrections < 0:
        parser.error("--hands and --reads must be at least 1, --corrections at least 0")

    rng = random.Random(args.seed)
    rows: list[tuple[str, list[float]]] = []
    with throwaway_app() as app:
        client = app.test_client()
        expect(client.get(f"{API}/variants"), 200, "warm-up")

        created = expect(client.post(f"{API}/games", json={
            "variant": "australian-500", "options": OPTIONS, "sides": SIDES}), 201, "POST game")
        url = f"{API}/games/{created['id']}"
        auth = {"Authorization": f"Bearer {created['token']}"}

        posts: list[float] = []
        early_reads: list[float] = []
        first_hand: dict[str, Any] = {}
        started = time.perf_counter()
        for number in range(1, args.hands + 1):
            hand = random_hand(rng)
            first_hand = first_hand or hand
            body = expect(timed(posts, lambda hand=hand: client.post(
                f"{url}/hands", json=hand, headers=auth)), 201, f"POST hand {number}")
            if body["game"]["status"] != "in_progress":
                sys.exit(f"the game ended at hand {number}; it should never end")
            if number == EARLY_READ_AT:
                early_reads = read_game(client, url, args.reads)
        recording = time.perf_counter() - started

        late_reads = read_game(client, url, args.reads)
        listing: list[float] = []
        hands = timed(listing, lambda: client.get(f"{url}/hands"))
        if len(expect(hands, 200, "GET hands")) != args.hands:
            sys.exit("GET hands did not list every hand")

        # Correct hand 1 back and forth between two versions, so every PUT changes something
        # and every later hand is scored again.
        other = ({"bidder": 1, "bid": "6S", "tricks": [4, 6]}
                 if first_hand != {"bidder": 1, "bid": "6S", "tricks": [4, 6]}
                 else {"bidder": 0, "bid": "6C", "tricks": [6, 4]})
        corrections: list[float] = []
        for attempt in range(args.corrections):
            version = other if attempt % 2 == 0 else first_hand
            expect(timed(corrections, lambda version=version: client.put(
                f"{url}/hands/1", json=version, headers=auth)), 200, "PUT hand 1")
        final = expect(client.get(url), 200, "GET game")

    n = args.hands
    rows.append((f"POST hand (all {n})", posts))
    rows.append((f"POST hand (first {min(100, n)})", posts[:100]))
    rows.append((f"POST hand (last {min(100, n)})", posts[-100:]))
    if early_reads:
        rows.append((f"GET game at hand {EARLY_READ_AT}", early_reads))
    rows.append((f"GET game at hand {n}", late_reads))
    rows.append((f"GET hands list at hand {n}", listing))
    if corrections:
        rows.append((f"PUT hand 1 at hand {n}", corrections))

    print(f"scorekeeper benchmark: {n} hands, one australian-500 game, SQLite, in-process "
          f"(Python {platform.python_version()}, SQLAlchemy {sqlalchemy.__version__})")
    print(f"recorded {n} hands in {recording:.2f} s (including the {args.reads} reads at hand "
          f"{EARLY_READ_AT}); final scores {final['scores']}, status {final['status']}")
    print()
    print_table(rows)
    print()
    if early_reads:
        ratio = statistics.median(late_reads) / statistics.median(early_reads)
        print(f"GET game median at hand {n} / at hand {EARLY_READ_AT}: {ratio:.2f}")


if __name__ == "__main__":
    main()
