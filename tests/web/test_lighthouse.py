"""Lighthouse (npm, package.json) with Debian's Chromium at phone size on the start page and on a
game page, against the live test server: performance at least 95, accessibility and best
practices 100, and the page weight printed (pytest -s shows it; the reports are kept in
tests/web/screenshots/latest/). One Lighthouse run per page, as it takes some 15 s.

Skipped when node, Lighthouse or Chromium is missing, unless SCOREKEEPER_BROWSER_REQUIRED is set
(as .ci/run does): then it fails."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import urllib.request
from pathlib import Path
from typing import Any

import pytest

from tests.helpers import TWO_SIDES
from tests.web.helpers import CHROMIUM, SHOTS

ROOT = Path(__file__).resolve().parents[2]
LIGHTHOUSE = ROOT / "node_modules" / ".bin" / "lighthouse"
LEAST = {"performance": 0.95, "accessibility": 1.0, "best-practices": 1.0}
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


@pytest.mark.parametrize("page", ["start", "game"])
def test_lighthouse_at_phone_size(server: str, page: str, tmp_path: Path) -> None:
    needs("node and npm (apt-get install -y nodejs npm)", shutil.which("npx") is not None)
    needs("its npm package: run `npm ci` at the project's top", LIGHTHOUSE.exists())
    needs("Debian's chromium at /usr/bin/chromium", CHROMIUM.exists())
    url = f"{server}/" if page == "start" else a_game_in_play(server)
    report = tmp_path / "report.json"
    result = subprocess.run(
        ["npx", "--no-install", "lighthouse", url, "--quiet", "--form-factor=mobile",
         "--only-categories=performance,accessibility,best-practices",
         "--chrome-flags=--headless=new --no-sandbox --disable-gpu",
         "--output=json", f"--output-path={report}"],
        cwd=ROOT, env={**os.environ, "CHROME_PATH": str(CHROMIUM)}, capture_output=True,
        text=True, timeout=240, check=False)
    assert result.returncode == 0 and report.exists(), result.stdout + result.stderr
    found = json.loads(report.read_text())
    SHOTS.mkdir(parents=True, exist_ok=True)
    shutil.copy(report, SHOTS / f"lighthouse-{page}.json")
    scores = {name: category["score"] for name, category in found["categories"].items()}
    weight = found["audits"]["total-byte-weight"]["numericValue"]
    requests = len(found["audits"]["network-requests"]["details"]["items"])
    print(f"\nLighthouse {page} page: " + ", ".join(f"{k} {round(v * 100)}"
                                                   for k, v in scores.items())
          + f"; page weight {weight / 1024:.0f} KiB in {requests} requests")
    failing = {audit["id"]: audit.get("displayValue") or audit["title"]
               for audit in found["audits"].values()
               if audit.get("score") is not None and audit["score"] < 1
               and audit.get("scoreDisplayMode") == "binary"}
    for name, least in LEAST.items():
        assert scores[name] is not None and scores[name] >= least, (name, scores, failing)
