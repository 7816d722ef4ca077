"""Lighthouse (npm, package.json) with Debian's Chromium at phone size on the start page and on a
game page: performance at least 97 on the start page and 85 on a game (issue 31 is to take both
to 100), accessibility and best practices 100, and the page weight printed (pytest -s shows it;
the reports are kept in tests/web/screenshots/latest/).

The page is served as in production (gunicorn.conf.py: gevent workers) from a process of its own,
not by the tests' threaded server inside pytest, whose process has run every test before this one.
Performance is the median of three runs, as Lighthouse's own guidance on variability advises: one
run on a 2-core machine varies by several points; accessibility and best practices must be 100 in
every run.

Skipped when node, Lighthouse or Chromium is missing, unless SCOREKEEPER_BROWSER_REQUIRED is set
(as .ci/run does): then it fails."""

from __future__ import annotations

import json
import os
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.helpers import TWO_SIDES
from tests.web.helpers import CHROMIUM, SHOTS

ROOT = Path(__file__).resolve().parents[2]
LIGHTHOUSE = ROOT / "node_modules" / ".bin" / "lighthouse"
LEAST = {"performance": 0.95, "accessibility": 1.0, "best-practices": 1.0}
# The start page scored medians of 97, 99 and 100 in three runs of three on a shared 2-core
# machine (issue 31). A game's sheet is rendered by some 25 modules after three rounds of API reads:
# its medians were 89, 93 and 85, total blocking time 230-510 ms as the machine's load varied, so
# its floor stays where it was.
LEAST_PERFORMANCE = {"start": 0.97, "game": 0.85}
RUNS = 3
HANDS = [{"bidder": 1, "bid": "7H", "tricks": [3, 7]}, {"bidder": 0, "bid": "8S", "tricks": [7, 3]},
         {"bidder": 2, "bid": "MIS", "tricks": [0, 10]}]


def needs(what: str, there: bool) -> None:
    if not there:
        if os.environ.get("SCOREKEEPER_BROWSER_REQUIRED"):
            pytest.fail(f"Lighthouse needs {what}")
        pytest.skip(f"Lighthouse needs {what}")


def call(method: str, url: str, body: Any, token: str | None = None) -> Any:
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    request = urllib.request.Request(url, data=json.dumps(body).encode(), headers=headers,
                                     method=method)
    with urllib.request.urlopen(request, timeout=10) as reply:
        return json.load(reply)


def a_game_in_play(server: str) -> str:
    """The scorer's address of a game three hands in: its sheet, entry form and share block."""
    game = call("POST", f"{server}/api/v1/games", {"variant": "australian-500", "sides": TWO_SIDES})
    for hand in HANDS:
        call("POST", f"{server}/api/v1/games/{game['id']}/hands", hand, game["token"])
    return f"{server}/#/g/{game['id']}?token={game['token']}"


@pytest.fixture(scope="module")
def production(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The app under gunicorn with the production settings, two workers, its own SQLite file."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    folder = tmp_path_factory.mktemp("lighthouse")
    env = {**os.environ, "DATABASE_URL": f"sqlite:///{folder / 'scorekeeper.sqlite'}",
           "SCOREKEEPER_BIND": f"127.0.0.1:{port}", "SCOREKEEPER_WORKERS": "2"}
    log = (folder / "gunicorn.log").open("w")
    server = subprocess.Popen([sys.executable, "-m", "gunicorn", "scorekeeper:create_app()"],
                              cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT,
                              start_new_session=True)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while True:
            assert server.poll() is None, (folder / "gunicorn.log").read_text()
            try:
                with urllib.request.urlopen(f"{base}/", timeout=5):
                    break
            except OSError:
                assert time.monotonic() < deadline, (folder / "gunicorn.log").read_text()
                time.sleep(0.2)
        yield base
    finally:
        server.send_signal(signal.SIGTERM)
        try:
            server.wait(timeout=30)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()
        log.close()


def lighthouse(url: str, report: Path) -> dict[str, Any]:
    result = subprocess.run(
        ["npx", "--no-install", "lighthouse", url, "--quiet", "--form-factor=mobile",
         "--only-categories=performance,accessibility,best-practices",
         "--chrome-flags=--headless=new --no-sandbox --disable-gpu",
         "--output=json", f"--output-path={report}"],
        cwd=ROOT, env={**os.environ, "CHROME_PATH": str(CHROMIUM)}, capture_output=True,
        text=True, timeout=240, check=False)
    assert result.returncode == 0 and report.exists(), result.stdout + result.stderr
    found: dict[str, Any] = json.loads(report.read_text())
    return found


def failing(found: dict[str, Any]) -> dict[str, str]:
    """The pass/fail audits a report failed, by id: what to fix when a score falls short."""
    return {audit["id"]: audit.get("displayValue") or audit["title"]
            for audit in found["audits"].values()
            if audit.get("score") is not None and audit["score"] < 1
            and audit.get("scoreDisplayMode") == "binary"}


@pytest.mark.parametrize("page", ["start", "game"])
def test_lighthouse_at_phone_size(production: str, page: str, tmp_path: Path) -> None:
    needs("node and npm (apt-get install -y nodejs npm)", shutil.which("npx") is not None)
    needs("its npm package: run `npm ci` at the project's top", LIGHTHOUSE.exists())
    needs("Debian's chromium at /usr/bin/chromium", CHROMIUM.exists())
    url = f"{production}/" if page == "start" else a_game_in_play(production)
    reports = [lighthouse(url, tmp_path / f"report-{run}.json") for run in range(RUNS)]
    scores = [{name: category["score"] for name, category in found["categories"].items()}
              for found in reports]
    performance = [run["performance"] for run in scores]
    median = statistics.median(performance)
    kept = reports[performance.index(median)]
    SHOTS.mkdir(parents=True, exist_ok=True)
    (SHOTS / f"lighthouse-{page}.json").write_text(json.dumps(kept))
    weight = kept["audits"]["total-byte-weight"]["numericValue"]
    requests = len(kept["audits"]["network-requests"]["details"]["items"])
    runs = " ".join(str(round(p * 100)) for p in performance)
    print(f"\nLighthouse {page} page: performance {runs}"
          f" (median {round(median * 100)}); page weight {weight / 1024:.0f} KiB in {requests} "
          "requests")
    assert median >= LEAST_PERFORMANCE[page], (performance, failing(kept))
    for run, found in zip(scores, reports, strict=True):
        for name in ("accessibility", "best-practices"):
            assert run[name] == LEAST[name], (name, run, failing(found))
