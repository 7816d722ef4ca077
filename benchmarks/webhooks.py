"""Webhook throughput: deliveries per second from the outbox to a local receiver.

Usage: python benchmarks/webhooks.py [--events 1000] [--senders 1] [--database-url URL]

The app in-process on a throw-away SQLite file (or `--database-url`, e.g. a PostgreSQL database
to be filled: several `--senders` share the work there by FOR UPDATE SKIP LOCKED), one club with
one endpoint on 127.0.0.1 (SCOREKEEPER_WEBHOOKS_ALLOW_PRIVATE=1, set by this script) answering
204 at once. `--events` events are emitted in one transaction, then the senders (threads, each
with its own session, as separate `flask webhooks send` processes would be) post them all; each
post is signed, each attempt recorded. See benchmarks/README.md.
"""

from __future__ import annotations

import argparse
import os
import threading
import time
from contextlib import ExitStack
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from measure import expect, throwaway_app
from sqlalchemy import func, select

from scorekeeper import create_app
from scorekeeper.extensions import db
from scorekeeper.models import Delivery
from scorekeeper.services.clubs.events import emit
from scorekeeper.services.clubs.sender import Sender

API = "/api/v1"


class Receiver(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    count = 0

    def do_POST(self) -> None:
        self.rfile.read(int(self.headers.get("Content-Length", "0")))
        Receiver.count += 1
        self.send_response(204)
        self.send_header("Content-Length", "0")
        self.end_headers()

    def log_message(self, *args: Any) -> None:
        pass


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--events", type=int, default=1000)
    parser.add_argument("--senders", type=int, default=1)
    parser.add_argument("--database-url", default=None)
    args = parser.parse_args()
    os.environ["SCOREKEEPER_WEBHOOKS_ALLOW_PRIVATE"] = "1"
    server = ThreadingHTTPServer(("127.0.0.1", 0), Receiver)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    with ExitStack() as stack:
        app = (create_app({"DATABASE_URL": args.database_url, "WRITE_LIMIT": "0"})
               if args.database_url else stack.enter_context(throwaway_app()))
        client = app.test_client()
        club = expect(client.post(f"{API}/clubs", json={"name": "Bench"}), 201, "club")
        hook = expect(client.post(f"{API}/clubs/{club['id']}/webhooks",
                           headers={"Authorization": f"Bearer {club['token']}"},
                           json={"url": f"http://127.0.0.1:{server.server_address[1]}/hook",
                                 "events": ["game.finished"]}), 201, "webhook")
        with app.app_context():
            for n in range(args.events):
                emit(db.session, club["id"], "game.finished", {"game": n, "scores": [520, 0]})
            db.session.commit()

        def send() -> None:
            with app.app_context():
                sender = Sender()
                while sender.look():
                    pass

        start = time.perf_counter()
        threads = [threading.Thread(target=send) for _ in range(args.senders)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        seconds = time.perf_counter() - start
        with app.app_context():
            delivered = db.session.scalar(select(func.count()).select_from(Delivery).where(
                Delivery.webhook_id == hook["id"], Delivery.status == "delivered"))
    server.shutdown()
    print(f"database      {app.config['DATABASE_URL'].split(':', 1)[0]}")
    print(f"senders       {args.senders}")
    print(f"events        {args.events} (delivered {delivered}, received {Receiver.count})")
    print(f"time          {seconds:.2f} s")
    print(f"throughput    {args.events / seconds:.0f} deliveries/s")


if __name__ == "__main__":
    main()
