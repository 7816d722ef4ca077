"""Default settings; the instance folder's config.py and the environment override them."""

from __future__ import annotations

import os
from typing import Any

from scorekeeper import site
from scorekeeper.limits import IMPORT_MAX_BYTES

API_DESCRIPTION = (
    "Score keeper and referee for the \"500\" card games: Australian 500 (Five-Hundred++ too), "
    "Quebec 500, Cinquecento and Rummy 500. Record each hand as played at the table; the service "
    "scores it by the variant's table and house rules, keeps the totals, says who deals next and "
    "who won. The referee settles tricks, auctions, deals and melds; tournaments draw, pair and "
    "rank teams.\n\n"
    "Reading needs no token. Creating a game or tournament answers its token once; every write "
    "to it then needs `Authorization: Bearer <token>` (a match's scorer token for its games). "
    "Writes take an `Idempotency-Key` (a retry stores nothing twice) and `If-Match` (the ETag "
    "last read: 412 when stale).\n\n"
    "Every refusal has one shape, `{code, status, message, errors, rule}`: `message` a sentence "
    "to show, `errors` by field, `rule` the broken rule's stable code on a 422. Words come in "
    "English, French or Italian (`?lang=` or Accept-Language); codes and field names never "
    "change. Writes and checks are limited per client address (429 with Retry-After).")


def defaults(instance_path: str) -> dict[str, Any]:
    """Settings for a new app: SQLite in the instance folder unless DATABASE_URL is set."""
    sqlite_file = os.path.join(instance_path, "scorekeeper.sqlite")
    return {
        "DATABASE_URL": os.environ.get("DATABASE_URL", f"sqlite:///{sqlite_file}"),
        # Bring the schema to the newest migration when the app starts. Workers and servers
        # starting together take turns (migrate.upgrade): the first migrates, the rest find it done.
        "AUTO_MIGRATE": os.environ.get("SCOREKEEPER_AUTO_MIGRATE", "1") != "0",
        # Connections each worker keeps open to the database (PostgreSQL; a SQLite file too), how
        # many more it may open under load, and how long a request waits for one before it gets
        # a 503. Every worker of every app server may open size + overflow connections: keep
        # servers x workers x (size + overflow) plus a margin under PostgreSQL's max_connections
        # (docs/production.md). 5 + 5 lets 2 servers of 4 workers share a default server (100).
        "DB_POOL_SIZE": int(os.environ.get("SCOREKEEPER_DB_POOL_SIZE", "5")),
        "DB_MAX_OVERFLOW": int(os.environ.get("SCOREKEEPER_DB_MAX_OVERFLOW", "5")),
        "DB_POOL_TIMEOUT": float(os.environ.get("SCOREKEEPER_DB_POOL_TIMEOUT", "5")),
        "SQLITE_BUSY_TIMEOUT_MS": 10_000,
        # FULL: each commit syncs the write-ahead log, so an acknowledged hand survives a power
        # cut (NORMAL, SQLite's usual WAL setting, may lose the last ones). The benchmark
        # benchmarks/fsync.py compares the two.
        "SQLITE_SYNCHRONOUS": "FULL",
        # The largest request body; POST /games/import takes a whole game, up to the largest
        # export its schema allows (limits.IMPORT_MAX_BYTES, about 16 MiB).
        "MAX_CONTENT_LENGTH": 256 * 1024,
        "IMPORT_MAX_CONTENT_LENGTH": IMPORT_MAX_BYTES,
        "API_TITLE": "scorekeeper",
        "API_VERSION": "1.0.0",
        "OPENAPI_VERSION": "3.0.3",
        # The spec's info and servers: the same whatever the environment (the committed spec is
        # the code's); the server is the one serving the spec, whatever its address.
        "API_SPEC_OPTIONS": {"info": {"description": API_DESCRIPTION, "contact": {
            "name": "the club running this server (each club runs its own)"}},
            "servers": [{"url": "/", "description": "the server this spec is served by"}]},
        "OPENAPI_URL_PREFIX": "/",
        "OPENAPI_JSON_PATH": "openapi.json",
        # Other front ends allowed to call the API from a browser: a comma-separated list of
        # origins (https://club.example), or "*".
        "CORS_ORIGINS": _origins(os.environ.get("SCOREKEEPER_CORS_ORIGINS", "")),
        # Writes each client (IP address) may make to games and tournaments: "N/minute" (or
        # /second, /hour), "0" for none. The count is kept in the database, shared by all workers.
        "WRITE_LIMIT": os.environ.get("SCOREKEEPER_WRITE_LIMIT", "120/minute"),
        # Checks each client may ask for without a token (the referee's rulings, a hand's
        # preview), per worker process: written like the write limit, "0" for none.
        "CHECK_LIMIT": os.environ.get("SCOREKEEPER_CHECK_LIMIT", "600/minute"),
        # Writes refused before their token was found right (no token, a wrong one, no such
        # game), per client: a limit of their own, so they never use up a scorer's writes.
        "AUTH_FAILURE_LIMIT": os.environ.get("SCOREKEEPER_AUTH_FAILURE_LIMIT", "30/minute"),
        # How long a reply to a write with an Idempotency-Key is kept for retries (hours).
        "REPLY_HOURS": float(os.environ.get("SCOREKEEPER_REPLY_HOURS", "24")),
        # Reverse proxies in front of the app whose X-Forwarded-For/-Proto to trust (0: none), so
        # that the write limit sees the client's address rather than the proxy's.
        "PROXY_HOPS": int(os.environ.get("SCOREKEEPER_PROXY_HOPS", "0")),
        # Live pages (event streams) one client address may hold open in one worker process;
        # beyond them 429. A club's phones often share one address: room for a busy night.
        "STREAMS_PER_ADDRESS": int(os.environ.get("SCOREKEEPER_STREAMS_PER_ADDRESS", "200")),
        # Seconds between the comments an idle stream gets, so proxies keep it open and a
        # stream whose phone is gone is noticed (its write fails) and dropped.
        "SSE_HEARTBEAT_SECONDS": float(os.environ.get("SCOREKEEPER_HEARTBEAT_SECONDS", "15")),
        # The address players use (https://club.example/scores): every link and QR code the
        # service makes is under it, and GET /qr.svg draws no other (scorekeeper/site.py).
        "PUBLIC_URL": os.environ.get("SCOREKEEPER_PUBLIC_URL", ""),
        # Flask's own: the Host names this app answers (others get 400); without PUBLIC_URL,
        # also the hosts whose links /qr.svg draws (without either: the loopback names only).
        "TRUSTED_HOSTS": site.trusted_hosts(os.environ.get("SCOREKEEPER_TRUSTED_HOSTS")),
    }


def _origins(text: str) -> str | tuple[str, ...]:
    text = text.strip()
    return "*" if text == "*" else tuple(o.strip() for o in text.split(",") if o.strip())
