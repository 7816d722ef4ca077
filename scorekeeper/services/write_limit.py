"""The write limit: at most N writes per period for each client, bursts up to N allowed.

The quota lives in the database (a generic cell rate algorithm: one row and one atomic upsert per
write), so every worker and every app server sharing the database enforces one limit per client
without another store to run.

Two quotas per address: writes whose token was found right (and writes that need none, such as
creating a game), and failed authentications (no token, a wrong one, no such game). They never
share a row, so a wrong token sent ten times from a club's shared address cannot lock out the
scorer who holds the right one.
"""

from __future__ import annotations

import hashlib
import ipaddress
import math
import re
import time
from dataclasses import dataclass
from functools import cache

from sqlalchemy import Connection, Float, Insert, bindparam, case, delete, select
from sqlalchemy.dialects import postgresql, sqlite

from scorekeeper.models import WriteQuota

PERIODS = {"second": 1, "minute": 60, "hour": 3600}
PERIOD_NAMES = {seconds: name for name, seconds in PERIODS.items()}
WRITES = "writes"
AUTH_FAILURES = "auth_failures"
# A row's key: the bucket's prefix and the address (or its hash), within WriteQuota.client.
PREFIXES = {WRITES: "", AUTH_FAILURES: "auth "}
MAX_ADDRESS = 45  # the longest IPv6 text, IPv4-mapped


@dataclass(frozen=True)
class WriteLimit:
    writes: int
    period: float  # seconds

    @property
    def interval(self) -> float:
        return self.period / self.writes

    def __str__(self) -> str:
        return f"{self.writes} a {PERIOD_NAMES.get(int(self.period), f'{self.period:g} s')}"


def parse(text: str | None) -> WriteLimit | None:
    """'120/minute' → a limit; '0', 'off' or nothing → no limit."""
    text = (text or "").strip().lower()
    if text in ("", "0", "off", "none"):
        return None
    match = re.fullmatch(r"(\d+)\s*/\s*(second|minute|hour)", text)
    if match is None or int(match[1]) == 0:
        raise ValueError(f"write limit {text!r}: write it as N/second, N/minute or N/hour, or 0")
    return WriteLimit(int(match[1]), PERIODS[match[2]])


def client_key(bucket: str, address: str | None) -> str:
    """The quota row of an address in a bucket. An address is written the one way Python writes
    it; anything else (X-Forwarded-For is whatever a client or proxy put there) is hashed, so the
    row's key is short and plain whatever was sent."""
    text = (address or "").strip()
    try:
        text = str(ipaddress.ip_address(text))
    except ValueError:
        text = "#" + hashlib.sha256(text.encode(errors="replace")).hexdigest()[:40]
    return PREFIXES[bucket] + text[:MAX_ADDRESS]


def now() -> float:
    return time.time()


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
_WHOLE_AGAIN = delete(WriteQuota).where(WriteQuota.tat < bindparam("at"))


def take(connection: Connection, limit: WriteLimit, client: str) -> float | None:
    """Count one write for `client` in the caller's transaction: None if allowed, else the
    seconds until the next one is."""
    at = now()
    allowed = connection.execute(_upsert(connection.dialect.name), {
        "client": client, "at": at, "interval": limit.interval, "period": limit.period,
    }).first() is not None
    if allowed:
        return None
    tat = connection.execute(_TAT, {"client": client}).scalar()
    # Counted from now, not from before the upsert: a wait for the database's lock in between
    # must not lengthen the wait announced.
    return max(1.0, math.ceil((tat or at) + limit.interval - limit.period - now()))


def spent(connection: Connection, limit: WriteLimit, client: str) -> float | None:
    """Without counting: None if `client` may write once more now, else the seconds until it
    may."""
    at = now()
    tat = connection.execute(_TAT, {"client": client}).scalar()
    if tat is None or tat + limit.interval - limit.period <= at:
        return None
    return max(1.0, math.ceil(tat + limit.interval - limit.period - at))


def purge(connection: Connection) -> None:
    """Clients whose quota is whole again need no row."""
    connection.execute(_WHOLE_AGAIN, {"at": now()})
