"""The write limit: at most N writes per period for each client, bursts up to N allowed.

The quota lives in the database (a generic cell rate algorithm: one row and one atomic upsert per
write), so every worker and every app server sharing the database enforces one limit per client
without another store to run.
"""

from __future__ import annotations

import math
import re
import time
from dataclasses import dataclass
from functools import cache

from sqlalchemy import Engine, Float, Insert, bindparam, case, delete, select
from sqlalchemy.dialects import postgresql, sqlite

from scorekeeper.models import WriteQuota

PERIODS = {"second": 1, "minute": 60, "hour": 3600}
PURGE_EVERY = 600.0  # seconds between clean-ups of clients whose quota is full again


@dataclass(frozen=True)
class WriteLimit:
    writes: int
    period: float  # seconds

    @property
    def interval(self) -> float:
        return self.period / self.writes


def parse(text: str | None) -> WriteLimit | None:
    """'120/minute' → a limit; '0', 'off' or nothing → no limit."""
    text = (text or "").strip().lower()
    if text in ("", "0", "off", "none"):
        return None
    match = re.fullmatch(r"(\d+)\s*/\s*(second|minute|hour)", text)
    if match is None or int(match[1]) == 0:
        raise ValueError(f"write limit {text!r}: write it as N/second, N/minute or N/hour, or 0")
    return WriteLimit(int(match[1]), PERIODS[match[2]])


def now() -> float:
    return time.time()


_last_purge: dict[str, float] = {}


@cache
def _upsert(dialect: str) -> Insert:
    """Count a write unless the quota is used up, returning the new theoretical arrival time (no
    row when refused); prepared once, since it runs before every write."""
    at, interval, period = (bindparam(name, type_=Float()) for name in ("at", "interval", "period"))
    later = case((WriteQuota.tat > at, WriteQuota.tat), else_=at) + interval
    insert = postgresql.insert if dialect == "postgresql" else sqlite.insert
    first = insert(WriteQuota).values(client=bindparam("client"), tat=at + interval)
    return first.on_conflict_do_update(
        index_elements=[WriteQuota.client], set_={"tat": later}, where=later - period <= at,
    ).returning(WriteQuota.tat)


_TAT = select(WriteQuota.tat).where(WriteQuota.client == bindparam("client"))


def take(engine: Engine, limit: WriteLimit, client: str) -> float | None:
    """Count one write for `client`: None if allowed, else the seconds until the next is."""
    at = now()
    with engine.begin() as connection:
        allowed = connection.execute(_upsert(engine.dialect.name), {
            "client": client, "at": at, "interval": limit.interval, "period": limit.period,
        }).first() is not None
        tat = None if allowed else connection.execute(_TAT, {"client": client}).scalar()
    if allowed:
        _purge(engine, at)
        return None
    # Counted from now, not from before the upsert: a wait for the database's lock in between
    # must not lengthen the wait announced.
    return max(1.0, math.ceil((tat or at) + limit.interval - limit.period - now()))


def _purge(engine: Engine, at: float) -> None:
    """Clients whose quota is whole again need no row; drop them now and then."""
    if at - _last_purge.get(str(engine.url), 0.0) < PURGE_EVERY:
        return
    _last_purge[str(engine.url)] = at
    with engine.begin() as connection:
        connection.execute(delete(WriteQuota).where(WriteQuota.tat < at))
