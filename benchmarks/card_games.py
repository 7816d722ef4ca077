"""Time the card-reading endpoints (Rummy 500 melds and hands, Cinquecento captures) and the stats.

Usage: python benchmarks/card_games.py [--runs 500] [--warmup 30]

Everything runs in-process against a throw-away SQLite file (measure.throwaway_app(), no write
limit), driven through Flask's test client, so the figures include routing, schema checks, the rules
and (for hands and stats) the database, but no network. See benchmarks/README.md for what each row
means.
"""

from __future__ import annotations

import platform
import random
import statistics
import sys
from collections import Counter
from typing import Any

import sqlalchemy
from flask.testing import FlaskClient
from measure import (  # benchmarks/measure.py
    expect,
    print_table,
    runs_and_warmup,
    throwaway_app,
    timed,
)
from record_and_read import random_hand  # benchmarks/record_and_read.py

API = "/api/v1"
SEED = 500  # for the random australian-500 hands, so runs are repeatable
FOUR = [{"name": "North-South", "players": ["Ann", "Cy"]},
        {"name": "East-West", "players": ["Bo", "Di"]}]
EIGHT = ["Ann", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal"]
# Games that never end: nobody reaches the target (and nobody goes out the back door).
ENDLESS = {"target": 1_000_000, "lose_at": None}
RUMMY_OPTIONS = {"target": 1_000_000, "jokers": True}  # 8 players: two decks by default
CINQUECENTO_OPTIONS = {"target": 1_000_000}
SHORT_STATS, LONG_STATS, RUMMY_STATS = 10, 200, 50  # hands in the games whose stats are read

LOW_ACE_RUN = {"variant": "rummy-500", "cards": ["AH", "2H", "3H"]}
# A♠ to K♠ with two jokers standing in for the 3 and the 8.
LONG_RUN = {"variant": "rummy-500", "options": {"jokers": True, "decks": 2},
            "cards": ["AS", "2S", "JK", "4S", "5S", "6S", "7S", "JK", "9S", "10S", "JS", "QS",
                      "KS"]}
NOT_A_MELD = {"variant": "rummy-500", "cards": ["KH", "AH", "2H"]}  # the ace is high or low

# One hand of an 8-player game with two decks and four jokers: 60 cards in melds and lay-offs
# (onto anyone's melds, [player, meld]), 27 left in hand, Ann went out and threw 9♦.
RUMMY_HAND: dict[str, Any] = {"players": [
    {"melds": [["AH", "2H", "3H", "4H"], ["KS", "KD", "KC"], ["7C", "8C", "9C", "10C", "JC"]],
     "layoffs": [{"card": "KD", "onto": [2, 0]}], "hand": [], "discard": "9D"},
    {"melds": [["QH", "QS", "QD"], ["5S", "6S", "7S", "JK"]],
     "layoffs": [{"card": "5H", "onto": [0, 0]}], "hand": ["9D", "4C"]},
    {"melds": [["10D", "JD", "QD"], ["8S", "8D", "8H"]],
     "layoffs": [{"card": "QC", "onto": [1, 0]}], "hand": ["2S", "6D", "AC"]},
    {"melds": [["2C", "3C", "4C", "JK"]],
     "layoffs": [{"card": "6H", "onto": [0, 0]}, {"card": "QC", "onto": [0, 2]}],
     "hand": ["KH", "10H", "3S"]},
    {"melds": [["9S", "10S", "JS", "QS"]],
     "layoffs": [{"card": "6C", "onto": [0, 2]}, {"card": "8S", "onto": [1, 1]},
                 {"card": "10H", "onto": [7, 0]}],
     "hand": ["JH", "5D", "7D", "AS"]},
    {"melds": [["3S", "3D", "3H", "JKR"]],
     "layoffs": [{"card": "KS", "onto": [4, 0]}, {"card": "AH", "onto": [7, 0]}],
     "hand": ["9H", "2D", "4S", "10C", "JS"]},
    {"melds": [["4D", "5D", "6D", "7D"], ["9C", "9H", "9S"]],
     "layoffs": [{"card": "8D", "onto": [6, 0]}, {"card": "JKB", "onto": [6, 0]}],
     "hand": ["AD", "AD", "5C", "2H", "7H"]},
    {"melds": [["JH", "QH", "KH"]], "layoffs": [{"card": "7H", "onto": [0, 0]}],
     "hand": ["AS", "10S", "6S", "4D", "3C"]},
]}
# The same hand as counted at the table: (meld_points = melded + laid off, hand_points).
RUMMY_COUNTS = [(108, 0), (68, 13), (64, 23), (40, 23), (63, 37), (49, 35), (72, 44),
                (37, 38)]
RUMMY_QUICK = {"players": [{"meld_points": m, "hand_points": h} for m, h in RUMMY_COUNTS]}

ITALIAN = [f"{rank}-{suit}" for suit in ("coins", "cups", "swords", "clubs")
           for rank in ("A", "3", "R", "C", "F", "7", "6", "5", "4", "2")]
MARIANNAS = [{"side": 0, "suit": "coins"}]
# All 40 cards: North-South took two of every three, East-West the rest (86 and 34 points).
CAPTURED = {"captured": [[card for i, card in enumerate(ITALIAN) if i % 3 != 2],
                         [card for i, card in enumerate(ITALIAN) if i % 3 == 2]],
            "mariannas": MARIANNAS}
POINTS = {"points": [86, 34], "mariannas": MARIANNAS}


def cards_of(hand: dict[str, Any]) -> tuple[int, int, int]:
    """Cards in melds and lay-offs, cards left in hand, jokers; stops if a card is there more
    often than two decks hold."""
    tabled: list[str] = []
    held: list[str] = []
    for player in hand["players"]:
        tabled += [card for meld in player["melds"] for card in meld]
        tabled += [layoff["card"] for layoff in player["layoffs"]]
        held += player["hand"] + ([player["discard"]] if "discard" in player else [])
    counts = Counter(tabled + held)
    jokers = sum(n for card, n in counts.items() if card.startswith("JK"))
    if jokers > 4 or any(n > 2 for card, n in counts.items() if not card.startswith("JK")):
        sys.exit(f"the Rummy hand holds more cards than two decks: {counts.most_common(3)}")
    return len(tabled), len(held), jokers


def rotated(hand: dict[str, Any], by: int) -> dict[str, Any]:
    """The same hand with every player moved `by` seats on (lay-offs follow their melds), so
    that a game of it sees each player go out in turn."""
    n = len(hand["players"])
    players: list[dict[str, Any]] = [{}] * n
    for i, player in enumerate(hand["players"]):
        players[(i + by) % n] = {**player, "layoffs": [
            {"card": lay["card"], "onto": [(lay["onto"][0] + by) % n, lay["onto"][1]]}
            for lay in player["layoffs"]]}
    return {"players": players}


def check(ruling: dict[str, Any], key: str, wanted: Any, what: str) -> None:
    if ruling[key] != wanted:
        sys.exit(f"{what}: expected {key} {wanted!r}, got {ruling[key]!r}")


class Game:
    """One game that never ends, and its write token."""

    def __init__(self, client: FlaskClient, variant: str, options: dict[str, Any],
                 sides: list[dict[str, Any]]) -> None:
        created = expect(client.post(f"{API}/games", json={
            "variant": variant, "options": options, "sides": sides}), 201, f"POST {variant} game")
        self.client = client
        self.url = f"{API}/games/{created['id']}"
        self.auth = {"Authorization": f"Bearer {created['token']}"}

    def record(self, samples: list[float], hand: dict[str, Any], what: str) -> dict[str, Any]:
        body = expect(timed(samples, lambda: self.client.post(
            f"{self.url}/hands", json=hand, headers=self.auth)), 201, what)
        if body["game"]["status"] != "in_progress":
            sys.exit(f"{what}: the game ended; it should never end")
        return body


def alternate(game: Game, a: dict[str, Any], b: dict[str, Any], warmup: int, runs: int,
              what: str) -> tuple[list[float], list[float]]:
    """Record hands a and b alternately in one game (which goes first alternates too), so both
    see the same game length."""
    for i in range(warmup):
        for hand in ((a, b) if i % 2 == 0 else (b, a)):
            game.record([], hand, what)
    a_samples: list[float] = []
    b_samples: list[float] = []
    for i in range(runs):
        for hand, samples in (((a, a_samples), (b, b_samples)) if i % 2 == 0 else
                              ((b, b_samples), (a, a_samples))):
            game.record(samples, hand, what)
    return a_samples, b_samples


def read_stats(game: Game, warmup: int, runs: int, hands: int) -> list[float]:
    stats = expect(game.client.get(f"{game.url}/stats"), 200, "GET stats")
    if stats["hands_played"] != hands:
        sys.exit(f"GET stats: expected {hands} hands played, got {stats['hands_played']}")
    for _ in range(warmup):
        expect(game.client.get(f"{game.url}/stats"), 200, "GET stats")
    samples: list[float] = []
    for _ in range(runs):
        expect(timed(samples, lambda: game.client.get(f"{game.url}/stats")), 200, "GET stats")
    return samples


def main() -> None:
    args = runs_and_warmup(__doc__)

    tabled, held, jokers = cards_of(RUMMY_HAND)
    rows: list[tuple[str, list[float]]] = []
    with throwaway_app() as app:
        client = app.test_client()
        expect(client.get(f"{API}/variants"), 200, "warm-up")

        # Melds: check once that each body means what the row says, then time it.
        url = f"{API}/adjudicate/meld"
        low = expect(client.post(url, json=LOW_ACE_RUN), 200, "meld")
        check(low, "kind", "run", "low-ace run")
        check(low, "points", 20, "low-ace run")
        long = expect(client.post(url, json=LONG_RUN), 200, "meld")
        check(long, "kind", "run", "13-card run")
        check(long, "points", 118, "13-card run")
        check(expect(client.post(url, json=NOT_A_MELD), 200, "meld"), "valid", False, "K-A-2")
        melds: list[tuple[str, dict[str, Any]]] = [
            ("meld: 3-card low-ace run", LOW_ACE_RUN),
            (f"meld: {len(LONG_RUN['cards'])}-card run, 2 jokers (2 decks)", LONG_RUN),
            ("meld: K-A-2 (not a meld)", NOT_A_MELD),
        ]
        for name, body in melds:
            for _ in range(args.warmup):
                expect(client.post(url, json=body), 200, name)
            samples: list[float] = []
            for _ in range(args.runs):
                expect(timed(samples, lambda body=body: client.post(url, json=body)), 200, name)
            rows.append((name, samples))

        # Rummy hands: the full form and the quick form of the same hand score the same.
        rummy = Game(client, "rummy-500", RUMMY_OPTIONS,
                     [{"name": name, "players": [name]} for name in EIGHT])
        full = rummy.record([], RUMMY_HAND, "rummy hand, full form")
        if "Ann went out" not in full["explanation"]:
            sys.exit(f"rummy hand, full form: Ann should go out: {full['explanation']}")
        check(rummy.record([], RUMMY_QUICK, "rummy hand, quick form"), "deltas",
              full["deltas"], "rummy hand, quick form")
        full_form, quick_form = alternate(rummy, RUMMY_HAND, RUMMY_QUICK, args.warmup,
                                          args.runs, "rummy hand")
        rows.append((f"POST rummy hand, 8 players, full ({tabled + held} cards)", full_form))
        rows.append(("POST rummy hand, 8 players, quick (points)", quick_form))

        # Cinquecento hands: the 40 captured cards and their card points score the same.
        cinquecento = Game(client, "cinquecento", CINQUECENTO_OPTIONS, FOUR)
        by_cards = cinquecento.record([], CAPTURED, "cinquecento hand, captured")
        check(cinquecento.record([], POINTS, "cinquecento hand, points"), "deltas",
              by_cards["deltas"], "cinquecento hand, points")
        captured, points = alternate(cinquecento, CAPTURED, POINTS, args.warmup, args.runs,
                                     "cinquecento hand")
        rows.append(("POST cinquecento hand, captured (40 cards)", captured))
        rows.append(("POST cinquecento hand, points", points))

        # Stats: games of a known length, read again and again.
        rng = random.Random(SEED)
        stats: dict[int, list[float]] = {}
        for hands in (SHORT_STATS, LONG_STATS):
            game = Game(client, "australian-500", ENDLESS, FOUR)
            for _ in range(hands):
                game.record([], random_hand(rng), "australian hand")
            stats[hands] = read_stats(game, args.warmup, args.runs, hands)
            rows.append((f"GET stats, australian-500, {hands} hands", stats[hands]))
        rummy_stats = Game(client, "rummy-500", RUMMY_OPTIONS,
                           [{"name": name, "players": [name]} for name in EIGHT])
        for number in range(RUMMY_STATS):
            rummy_stats.record([], rotated(RUMMY_HAND, number), "rummy hand")
        rows.append((f"GET stats, rummy-500 8 players, {RUMMY_STATS} hands",
                     read_stats(rummy_stats, args.warmup, args.runs, RUMMY_STATS)))
        rummy_hands = len(expect(client.get(f"{rummy.url}/hands"), 200, "GET hands"))

    print(f"scorekeeper card games benchmark: {args.runs} timed calls per row after "
          f"{args.warmup} warm-up calls, SQLite, in-process (Python {platform.python_version()}, "
          f"SQLAlchemy {sqlalchemy.__version__})")
    print(f"rummy hand: 8 players, 2 decks, {tabled} cards in melds and lay-offs, {held} in hand "
          f"or discarded, {jokers} jokers, deltas {full['deltas']}; rummy game: {rummy_hands} "
          f"hands recorded")
    print(f"long run: {long['points']} points; cinquecento deltas {by_cards['deltas']}")
    print()
    print_table(rows)
    print()
    for what, slow, fast in (("reading the Rummy cards", full_form, quick_form),
                             ("counting the captured cards", captured, points)):
        extra = statistics.median(slow) - statistics.median(fast)
        print(f"{what} adds {extra:+.3f} ms to the median hand "
              f"({statistics.median(slow) / statistics.median(fast):.2f}x)")
    short, long_game = statistics.median(stats[SHORT_STATS]), statistics.median(stats[LONG_STATS])
    print(f"GET stats median at {LONG_STATS} hands / at {SHORT_STATS} hands: "
          f"{long_game / short:.2f} ({(long_game - short) / (LONG_STATS - SHORT_STATS):.3f} ms "
          f"per hand rescored)")


if __name__ == "__main__":
    main()
