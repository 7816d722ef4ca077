"""Time the refusals of issue 25: bodies made to cost a worker as much as possible.

Usage: python benchmarks/refusals.py [--runs 5] [--warmup 1]

In-process against a throw-away SQLite file (measure.throwaway_app(), no write limit), through
Flask's test client: routing, body decoding, the schemas and the error reply, no network. Each
row is one body sent --runs times; the issue measured the same bodies on the production server.
"""

from __future__ import annotations

import json
import platform
import sys
from typing import Any

from measure import print_table, runs_and_warmup, throwaway_app, timed  # benchmarks/measure.py

API = "/api/v1"
SIDES = [{"name": "North-South", "players": ["Ann", "Cy"]},
         {"name": "East-West", "players": ["Bo", "Di"]}]
AT = "2026-11-20T19:02:11Z"
EXPORT = {"format": "scorekeeper.game/1", "variant": "australian-500", "options": {},
          "sides": SIDES, "first_dealer": 0, "created_at": AT, "updated_at": AT,
          "status": "in_progress", "winner": None, "scores": [0, 0], "history": []}
# A hand small enough that 30,000 make the 1 MiB body.
TINY_HAND = {"number": 1, "input": {}}


def bodies() -> list[tuple[str, str, bytes]]:
    import_body = json.dumps({**EXPORT, "hands": [TINY_HAND] * 30_000}).encode()
    trick_body = json.dumps({"variant": "australian-500", "contract": "7H",
                             "plays": [{}] * 65_000}).encode()
    sides = json.dumps({"variant": "australian-500", "sides": [{}] * 25_000}).encode()
    return [
        (f"import of 30,000 hands ({len(import_body) / 2**20:.2f} MiB)", "/games/import",
         import_body),
        (f"trick of 65,000 plays ({len(trick_body) / 1024:.0f} KiB)", "/adjudicate/trick",
         trick_body),
        (f"game of 25,000 sides ({len(sides) / 1024:.0f} KiB)", "/games", sides),
    ]


def main() -> None:
    options = runs_and_warmup(__doc__)
    with throwaway_app() as app:
        client = app.test_client()
        rows = []
        for name, path, body in bodies():
            samples: list[float] = []
            for run in range(options.warmup + options.runs):
                response: Any = timed(samples, lambda path=path, body=body: client.post(
                    f"{API}{path}", data=body, content_type="application/json"))
                if response.status_code != 422:
                    sys.exit(f"{name}: expected 422, got {response.status_code}")
                if run < options.warmup:
                    samples.pop()
            rows.append((name, samples))
    print(f"Python {platform.python_version()}, refusals (422), ms per request")
    print_table(rows)


if __name__ == "__main__":
    main()
