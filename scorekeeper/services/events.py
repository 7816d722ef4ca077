"""Server-Sent Events: a game or tournament as it changes, for spectators' pages.

The stream polls the stored version (cheap: one primary-key read) and builds and sends the whole
view only when it moved, so it works with any number of app processes and needs no message broker.
It ends after a while; EventSource reconnects by itself (after `retry` ms) and gets the current
view at once.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterator
from typing import Any

from flask import current_app

from scorekeeper.extensions import db

POLL_SECONDS = 1.0
KEEPALIVE_SECONDS = 15.0
LIFETIME_SECONDS = 300.0
RETRY_MS = 2000


def stream(tag: Callable[[], str],
           build: Callable[[], tuple[str, dict[str, Any]]]) -> Iterator[str]:
    """`tag` gives the current ETag, `build` the row's ETag and view; each change of the ETag is
    sent as an `update` event."""
    config = current_app.config
    poll = float(config.get("SSE_POLL_SECONDS", POLL_SECONDS))
    started = last_sent = time.monotonic()
    last_tag: str | None = None
    yield f"retry: {RETRY_MS}\n\n"
    # The lifetime is read at every poll, so lowering it ends the open streams (a server stopping).
    while time.monotonic() - started < float(config.get("SSE_LIFETIME_SECONDS", LIFETIME_SECONDS)):
        try:
            current = tag()
            if current != last_tag:
                current, body = build()
        finally:
            db.session.close()  # end the read, so the next poll sees new commits
        if current != last_tag:
            last_tag, last_sent = current, time.monotonic()
            yield f"event: update\nid: {current.strip(chr(34))}\ndata: {json.dumps(body)}\n\n"
        elif time.monotonic() - last_sent >= KEEPALIVE_SECONDS:
            last_sent = time.monotonic()
            yield ": still here\n\n"
        time.sleep(poll)
