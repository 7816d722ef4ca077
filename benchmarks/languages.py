"""What speaking French or Italian costs: the same replies timed in each language.

Usage: python benchmarks/languages.py [--runs 500] [--warmup 30]

In-process against a throw-away SQLite file (measure.throwaway_app()), through Flask's test client.
A Quebec game of 40 hands is read whole (GET .../hands renders every explanation from its reasons
in the reply's language), one hand is previewed (scored and rendered, nothing stored), a refusal is
rendered, and the trick referee rules; each row once per language. Also: the time to build the app,
which compiles a catalog only when its .po is newer than the compiled copy.
"""

from __future__ import annotations

import time
from typing import Any

from measure import expect, print_table, runs_and_warmup, throwaway_app, timed

from scorekeeper.i18n import LANGUAGES

API = "/api/v1"
SIDES = [{"name": "Nous", "players": ["Ann", "Bo"]}, {"name": "Eux", "players": ["Cy", "Di"]}]
# A made and a failed contract in turn; the game is set never to end (as record_and_read.py).
HANDS = [{"bid": "6S", "bidder": 0, "tricks": [6, 4]}, {"bid": "7H", "bidder": 1, "tricks": [4, 6]}]
TRICK = {"variant": "quebec-500", "contract": "7H",
         "plays": [{"seat": s, "card": c} for s, c in enumerate(["10H", "JKR", "JD", "AH"])]}


def main() -> None:
    args = runs_and_warmup(__doc__)
    started = time.perf_counter()
    with throwaway_app() as app:
        built = (time.perf_counter() - started) * 1000
        client = app.test_client()
        game = expect(client.post(f"{API}/games", json={"variant": "quebec-500", "sides": SIDES,
                                                  "options": {"target": 1000000, "lose_at": None}}),
                      201, "create")
        auth = {"Authorization": f"Bearer {game['token']}"}
        for n in range(40):
            expect(client.post(f"{API}/games/{game['id']}/hands", json=HANDS[n % 2],
                               headers=auth), 201, f"hand {n + 1}")
        rows: list[tuple[str, list[float]]] = []
        for code in LANGUAGES:
            said = {"Accept-Language": code}
            calls: list[tuple[str, Any, int]] = [
                ("read 40 hands", lambda h=said: client.get(
                    f"{API}/games/{game['id']}/hands", headers=h), 200),
                ("preview a hand", lambda h=said: client.post(
                    f"{API}/games/{game['id']}/hands/preview", json=HANDS[0], headers=h), 200),
                ("refuse a hand", lambda h=said: client.post(
                    f"{API}/games/{game['id']}/hands/preview",
                    json={"bid": "7H", "bidder": 0, "tricks": [8, 3]}, headers=h), 422),
                ("rule a trick", lambda h=said: client.post(
                    f"{API}/adjudicate/trick", json=TRICK, headers=h), 200),
            ]
            for name, call, status in calls:
                for _ in range(args.warmup):
                    expect(call(), status, name)
                samples: list[float] = []
                for _ in range(args.runs):
                    expect(timed(samples, call), status, name)
                rows.append((f"{name} ({code})", samples))
    print(f"app built (catalogs compiled if stale) in {built:.1f} ms")
    print_table(rows)


if __name__ == "__main__":
    main()
