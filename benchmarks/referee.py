"""Time the referee endpoints, and what checking a hand's auction adds to recording it.

Usage: python benchmarks/referee.py [--runs 500] [--warmup 30]

Everything runs in-process against a throw-away SQLite file (measure.throwaway_app(), no write
limit), driven through Flask's test client, so the figures include routing, schema checks, the rules
and (for hands) the database, but no network. See benchmarks/README.md for what each row means.
"""

from __future__ import annotations

import platform
import statistics
import sys
from collections.abc import Callable
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

API = "/api/v1"
SIDES = [{"name": "North-South", "players": ["Ann", "Cy"]},
         {"name": "East-West", "players": ["Bo", "Di"]}]
# A game that never ends: nobody reaches the target and nobody goes out the back door.
ENDLESS = {"target": 1_000_000, "lose_at": None}
FIVE_HUNDRED_PLUS_PLUS = {"second_joker": True, "megatrump": True, "anti_megatrump": True}
LONG_AUCTION_OPTIONS = {"fractional_bidding": True, "visible_kitty": True}
LONG_AUCTION_CALLS = 40  # bids, then the three passes that close the auction

PLAIN_TRICK = {
    "variant": "australian-500", "contract": "7H",
    "plays": [{"seat": 1, "card": "KS"}, {"seat": 2, "card": "AS"},
              {"seat": 3, "card": "5S"}, {"seat": 0, "card": "10S"}]}
# 8♦ with second_joker, megatrump and anti_megatrump: the megatrump (8♦) and anti-megatrump (8♣)
# cancel, the anti-joker (black joker in a red contract) cancels the joker, and with nothing of
# value left the anti-megatrump wins.
CANCELLING_TRICK = {
    "variant": "australian-500", "options": FIVE_HUNDRED_PLUS_PLUS, "contract": "8D",
    "plays": [{"seat": 0, "card": "8D"}, {"seat": 1, "card": "8C"},
              {"seat": 2, "card": "JKR"}, {"seat": 3, "card": "JKB", "named_suit": "D"}]}
SHORT_AUCTION = {"variant": "australian-500", "dealer": 0,
                 "calls": ["pass", "7H", "MIS", "pass", "pass"]}
DEAL = {"variant": "quebec-500",
        "cards": ["10S", "9S", "8C", "7C", "6D", "5D", "4H", "10H", "9D", "4S"]}
# Twelve legal calls from the dealer's left (two inkles first): the player opposite the dealer's
# left-hand opponent, i.e. dealer + 2, wins with 8♣.
TWELVE_CALLS = ["6S", "6C", "7S", "7C", "7D", "7H", "7NT", "8S", "pass", "8C", "pass", "pass"]
TWELVE_CALLS_WINNER = 2  # seats after the dealer
TWELVE_CALLS_BID = "8C"


def post(client: FlaskClient, url: str, body: dict[str, Any]) -> Callable[[], Any]:
    return lambda: client.post(url, json=body)


def long_auction(client: FlaskClient) -> dict[str, Any]:
    """A legal fractional-bidding auction of LONG_AUCTION_CALLS calls with the kitty turning:
    everybody bids the lowest bid allowed, then the three players after the last bid pass."""
    body: dict[str, Any] = {"variant": "australian-500", "options": LONG_AUCTION_OPTIONS,
                            "dealer": 0, "calls": []}
    while len(body["calls"]) < LONG_AUCTION_CALLS - 3:
        ruling = expect(client.post(f"{API}/adjudicate/auction", json=body), 200,
                        "building the long auction")
        if not ruling["next_legal_bids"]:
            sys.exit(f"the long auction ran out of bids after {len(body['calls'])} calls")
        body["calls"].append(ruling["next_legal_bids"][0])
    body["calls"].extend(["pass"] * 3)
    ruling = expect(client.post(f"{API}/adjudicate/auction", json=body), 200, "long auction")
    if not (ruling["legal"] and ruling["complete"]):
        sys.exit(f"the long auction is not a legal, finished auction: {ruling['explanation']}")
    return body


def check(ruling: dict[str, Any], key: str, wanted: Any, what: str) -> None:
    if ruling[key] != wanted:
        sys.exit(f"{what}: expected {key} {wanted!r}, got {ruling[key]!r}")


class HandRecorder:
    """Records hands into one endless game, keeping track of the dealer so that the twelve calls
    (which start on the dealer's left) stay legal hand after hand."""

    def __init__(self, client: FlaskClient) -> None:
        created = expect(client.post(f"{API}/games", json={
            "variant": "australian-500", "options": ENDLESS, "sides": SIDES}), 201, "POST game")
        self.client = client
        self.url = f"{API}/games/{created['id']}/hands"
        self.auth = {"Authorization": f"Bearer {created['token']}"}
        self.dealer = int(created.get("dealer", 0))

    def hand(self, with_calls: bool) -> dict[str, Any]:
        bidder = (self.dealer + TWELVE_CALLS_WINNER) % 4
        tricks = [0, 0]
        tricks[bidder % 2], tricks[1 - bidder % 2] = 8, 2
        hand: dict[str, Any] = {"bidder": bidder, "bid": TWELVE_CALLS_BID, "tricks": tricks}
        if with_calls:
            hand["calls"] = list(TWELVE_CALLS)
        return hand

    def record(self, samples: list[float], with_calls: bool) -> None:
        hand = self.hand(with_calls)
        expect(timed(samples, lambda: self.client.post(self.url, json=hand, headers=self.auth)),
               201, f"POST hand ({'with' if with_calls else 'without'} calls)")
        self.dealer = (self.dealer + 1) % 4  # every hand is played, so the deal passes on


def main() -> None:
    args = runs_and_warmup(__doc__)

    rows: list[tuple[str, list[float]]] = []
    with throwaway_app() as app:
        client = app.test_client()
        expect(client.get(f"{API}/variants"), 200, "warm-up")

        # Check once that each body means what the row says, then time it.
        check(expect(client.post(f"{API}/adjudicate/trick", json=PLAIN_TRICK), 200, "trick"),
              "winner", {"seat": 2, "card": "AS"}, "plain trick")
        check(expect(client.post(f"{API}/adjudicate/trick", json=CANCELLING_TRICK), 200,
                     "trick"), "winner", {"seat": 1, "card": "8C"}, "cancelling trick")
        check(expect(client.post(f"{API}/adjudicate/auction", json=SHORT_AUCTION), 200,
                     "auction"), "winning_bid", "MIS", "5-call auction")
        long_body = long_auction(client)
        long_ruling = expect(client.post(f"{API}/adjudicate/auction", json=long_body), 200,
                             "auction")
        check(expect(client.post(f"{API}/adjudicate/deal", json=DEAL), 200, "deal"),
              "redeal", True, "deal")

        endpoints: list[tuple[str, str, dict[str, Any]]] = [
            ("trick: plain 4-card suit trick", "trick", PLAIN_TRICK),
            ("trick: 500++ cancelling (2 jokers, mega)", "trick", CANCELLING_TRICK),
            ("auction: 5 calls", "auction", SHORT_AUCTION),
            (f"auction: {len(long_body['calls'])} calls, fractional+kitty", "auction", long_body),
            ("deal: quebec-500, 10 cards", "deal", DEAL),
        ]
        for name, path, body in endpoints:
            url = f"{API}/adjudicate/{path}"
            for _ in range(args.warmup):
                expect(client.post(url, json=body), 200, name)
            samples: list[float] = []
            for _ in range(args.runs):
                expect(timed(samples, post(client, url, body)), 200, name)
            rows.append((name, samples))

        # Hands: alternate with and without calls in one game, so both see the same game length;
        # which goes first alternates too.
        recorder = HandRecorder(client)
        for i in range(args.warmup):
            recorder.record([], with_calls=i % 2 == 0)
            recorder.record([], with_calls=i % 2 == 1)
        with_calls: list[float] = []
        without_calls: list[float] = []
        for i in range(args.runs):
            first, second = (with_calls, without_calls) if i % 2 == 0 else \
                (without_calls, with_calls)
            recorder.record(first, with_calls=first is with_calls)
            recorder.record(second, with_calls=second is with_calls)
        rows.append((f"POST hand with {len(TWELVE_CALLS)} calls", with_calls))
        rows.append(("POST hand without calls", without_calls))
        hands = len(expect(client.get(recorder.url), 200, "GET hands"))

    print(f"scorekeeper referee benchmark: {args.runs} timed calls per row after {args.warmup} "
          f"warm-up calls, SQLite, in-process (Python {platform.python_version()}, "
          f"SQLAlchemy {sqlalchemy.__version__})")
    print(f"long auction: {len(long_body['calls'])} calls, {long_ruling['winning_bid']} by seat "
          f"{long_ruling['winner_seat']}, {long_ruling['kitty_face_up']} kitty cards face up; "
          f"hands game: {hands} hands recorded")
    print()
    print_table(rows)
    print()
    extra = statistics.median(with_calls) - statistics.median(without_calls)
    print(f"checking the {len(TWELVE_CALLS)} calls adds {extra:+.3f} ms to the median hand "
          f"({statistics.median(with_calls) / statistics.median(without_calls):.2f}x)")


if __name__ == "__main__":
    main()
