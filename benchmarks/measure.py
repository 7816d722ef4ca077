"""Measuring helpers shared by the benchmarks: time a call, check a reply, the 99th percentile."""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from flask import Flask

from scorekeeper import create_app


@contextmanager
def throwaway_app(**config: Any) -> Iterator[Flask]:
    """The app on a fresh SQLite file in a temporary folder, deleted afterwards. No write limit:
    one client writing flat out would soon get 429s. `config` adds or overrides settings."""
    with tempfile.TemporaryDirectory(prefix="scorekeeper-bench-") as tmp:
        yield create_app({"DATABASE_URL": f"sqlite:///{Path(tmp) / 'bench.sqlite'}",
                          "WRITE_LIMIT": "0", **config})


def timed(samples: list[float], call: Callable[[], Any]) -> Any:
    start = time.perf_counter()
    response = call()
    samples.append((time.perf_counter() - start) * 1000)
    return response


def expect(response: Any, status: int, what: str) -> dict[str, Any]:
    if response.status_code != status:
        sys.exit(f"{what}: expected {status}, got {response.status_code}: "
                 f"{response.get_data(as_text=True)}")
    body: dict[str, Any] = response.get_json()
    return body


def p99(samples: list[float]) -> float:
    """The 99th percentile (nearest rank): the slowest 1 % of calls took at least this long."""
    ordered = sorted(samples)
    return ordered[max(0, -(-99 * len(ordered) // 100) - 1)]


def print_table(rows: list[tuple[str, list[float]]]) -> None:
    """One line per operation: how many calls, the median and the 99th percentile."""
    width = max(len(name) for name, _ in rows)
    print(f"{'operation':<{width}}  {'count':>6}  {'median ms':>9}  {'p99 ms':>8}")
    print(f"{'-' * width}  {'-' * 6}  {'-' * 9}  {'-' * 8}")
    for name, samples in rows:
        print(f"{name:<{width}}  {len(samples):>6}  {statistics.median(samples):>9.3f}  "
              f"{p99(samples):>8.3f}")


def runs_and_warmup(doc: str | None) -> argparse.Namespace:
    """The --runs and --warmup options every per-call benchmark takes."""
    parser = argparse.ArgumentParser(description=(doc or "").splitlines()[0])
    parser.add_argument("--runs", type=int, default=500,
                        help="timed calls per row, after the warm-up (default 500)")
    parser.add_argument("--warmup", type=int, default=30,
                        help="untimed calls per row before timing (default 30)")
    args = parser.parse_args()
    if args.runs < 1 or args.warmup < 0:
        parser.error("--runs must be at least 1 and --warmup at least 0")
    return args
