"""The check limit: the referee and a hand's preview, which need no token, at most N a period per
client address in each worker process, bursts up to N allowed (the write limit's generic cell
rate algorithm, kept in memory: a check stores nothing and must not need the database)."""

from __future__ import annotations

import math

from scorekeeper.services import write_limit
from scorekeeper.services.write_limit import WriteLimit

MAX_CLIENTS = 10_000  # addresses remembered before those whose quota is whole are forgotten


class Checks:
    """Each address's theoretical arrival time, as write_limit keeps it in the database."""

    def __init__(self, limit: WriteLimit | None) -> None:
        self.limit = limit
        self.tat: dict[str, float] = {}

    def take(self, address: str) -> int | None:
        """Count one check for `address`: None if allowed, else the seconds until one is."""
        if self.limit is None:
            return None
        at = write_limit.now()
        if len(self.tat) >= MAX_CLIENTS:
            self.tat = {client: tat for client, tat in self.tat.items() if tat > at}
        later = max(self.tat.get(address, at), at) + self.limit.interval
        if later - self.limit.period > at:
            return max(1, math.ceil(later - self.limit.period - at))
        self.tat[address] = later
        return None
