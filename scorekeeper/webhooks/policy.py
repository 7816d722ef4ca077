"""A delivery's fate as data (after procrastinate's retry policy object): the events a club's
endpoint may take, what an endpoint's answer means, and how long to wait before trying again."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta
from typing import Literal

EVENTS = ("game.finished", "tournament.round_completed", "tournament.finished",
          "season.standings_changed")

# A delivery: waiting for its first or next attempt, answered 2xx, failed and waiting to be tried
# again, or given up (out of attempts, or its endpoint disabled).
STATUSES = ("pending", "delivered", "failed", "dead")

Verdict = Literal["delivered", "disable", "retry"]


def verdict(status: int | None) -> Verdict:
    """What an endpoint's answer means: 2xx delivered, 410 Gone disables the endpoint, anything
    else (no answer, a redirect, which is never followed, an error) is tried again."""
    if status is not None and 200 <= status < 300:
        return "delivered"
    if status == 410:
        return "disable"
    return "retry"


@dataclass(frozen=True)
class RetryPolicy:
    """The wait after each failed attempt; past the last one, the delivery is dead. The default
    tries eight times over about a day and a quarter (5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h)."""

    waits: tuple[timedelta, ...] = (
        timedelta(seconds=5), timedelta(minutes=5), timedelta(minutes=30), timedelta(hours=2),
        timedelta(hours=5), timedelta(hours=10), timedelta(hours=10))

    def wait_after(self, attempts: int) -> timedelta | None:
        """How long to wait after `attempts` failed attempts (1 for the first); None: give up."""
        if attempts < 1 or attempts > len(self.waits):
            return None
        return self.waits[attempts - 1]

    @property
    def attempts(self) -> int:
        return len(self.waits) + 1


DEFAULT_POLICY = RetryPolicy()
