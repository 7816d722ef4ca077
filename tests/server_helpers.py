"""The production server for the tests that run it: gunicorn as gunicorn.conf.py sets it up, on
the test's database, and a game made on it."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import threading
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tests.helpers import TWO_SIDES

ROOT = Path(__file__).resolve().parent.parent
ENDLESS = {"target": 1_000_000, "lose_at": None}


@dataclass
class Reply:
    status: int
    headers: dict[str, str]
    body: Any


@dataclass
class Server:
    """One gunicorn master and its workers, as docs/production.md runs production."""

    process: subprocess.Popen[str]
    base: str
    log: list[str] = field(default_factory=list)
    reader: threading.Thread | None = None

    def call(self, method: str, path: str, body: Any = None, **headers: str) -> Reply:
        data = None if body is None else json.dumps(body).encode()
        if data is not None:
            headers["Content-Type"] = "application/json"
        request = urllib.request.Request(self.base + path, data=data, method=method,
                                         headers=headers)
        try:
            with urllib.request.urlopen(request, timeout=60) as response:
                return Reply(response.status, dict(response.headers), json.loads(response.read()))
        except urllib.error.HTTPError as error:
            return Reply(error.code, dict(error.headers), json.loads(error.read() or b"null"))


def start(url: str, workers: int = 2, *, migrated: bool = True, **env: str) -> Server:
    """The production server on `url`: migrated first with `flask db upgrade` or, with
    `migrated=False`, by the workers themselves as they start (auto-migrate, the default)."""
    environment = {**os.environ, "DATABASE_URL": url, "SCOREKEEPER_WRITE_LIMIT": "0",
                   "SCOREKEEPER_AUTO_MIGRATE": "0" if migrated else "1", **env}
    if migrated:
        subprocess.run([sys.executable, "-m", "flask", "--app", "scorekeeper", "db", "upgrade"],
                       env=environment, cwd=ROOT, check=True, capture_output=True)
    # The production server (gunicorn.conf.py, read from the project root), on a free port.
    process = subprocess.Popen(
        [sys.executable, "-m", "gunicorn", "--workers", str(workers),
         "--graceful-timeout", "3",  # open event streams end with the server, not 10 s later
         "--bind", "127.0.0.1:0", "scorekeeper:create_app()"],
        env=environment, cwd=ROOT, stderr=subprocess.PIPE, text=True)
    assert process.stderr is not None
    log: list[str] = []
    for line in process.stderr:
        log.append(line)
        listening = re.search(r"Listening at: (http://\S+)", line)
        if listening:
            server = Server(process, listening[1], log,
                            threading.Thread(target=lambda: log.extend(process.stderr or ())))
            assert server.reader is not None
            server.reader.start()
            return server
    raise AssertionError("gunicorn did not start:\n" + "".join(log))


def new_game_on(server: Server) -> tuple[str, dict[str, str]]:
    created = server.call("POST", "/api/v1/games", {"variant": "australian-500",
                                                    "sides": TWO_SIDES, "options": ENDLESS})
    assert created.status == 201, created.body
    return f"/api/v1/games/{created.body['id']}", {
        "Authorization": f"Bearer {created.body['token']}"}
