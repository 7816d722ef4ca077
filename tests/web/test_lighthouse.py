"""Lighthouse (npm, with Debian's Chromium) at its default phone size on the start page and on a
game's page: the page stays light and accessible. Its reports go to
tests/web/screenshots/latest/lighthouse-*.json, with the page weight.

Skipped locally without node, `npm ci` or Chromium; failing instead where
SCOREKEEPER_BROWSER_REQUIRED is set, as in CI."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import urllib.request
from pathlib import Path
from typing import Any

import pytest

from tests.web.conftest import CHROMIUM, SHOTS

ROOT = Path(__file__).resolve().parent.parent.parent
LIGHTHOUSE = ROOT / "node_modules" / ".bin" / "lighthouse"
LEAST = {"performance": 0.95, "accessibility": 1.0, "best-practices": 1.0}


def missing() -> str | None:
    if shutil.which("node") is None:
        return "node is not installed (apt-get install -y nodejs npm)"
    if not LIGHTHOUSE.exists():
        return "Lighthouse is not installed: run `npm ci` at the project's top"
    if not CHROMIUM.exists():
        return "Debian's chromium is not installed (apt-get install -y chromium)"
    return None


def new_game(base: str) -> dict[str, Any]:
    body = {"variant": "australian-500",
            "sides": [{"name": "North-South", "players": ["Ann", "Cy"]},
                      {"name": "East-West", "players": ["Bo", "Di"]}]}
    request = urllib.request.Request(f"{base}/api/v1/games", data=json.dumps(body).encode(),
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request) as reply:
        game: dict[str, Any] = json.load(reply)
    hand = {"bidder": 1, "bid": "7H", "tricks": [3, 7]}
    request = urllib.request.Request(f"{base}/api/v1/games/{game['id']}/hands",
                                     data=json.dumps(hand).encode(),
                                     headers={"Content-Type": "application/json",
                                              "Authorization": f"Bearer {game['token']}"})
    urllib.request.urlopen(request).close()
    return game


def audit(url: str, name: str) -> dict[str, Any]:
    SHOTS.mkdir(parents=True, exist_ok=True)
    report = SHOTS / f"lighthouse-{name}.json"
    result = subprocess.run(
        [str(LIGHTHOUSE), url, f"--chrome-path={CHROMIUM}",
         "--chrome-flags=--headless=new --no-sandbox --disable-dev-shm-usage",
         "--only-categories=performance,accessibility,best-practices",
         "--output=json", f"--output-path={report}", "--quiet"],
        cwd=ROOT, capture_output=True, text=True, check=False, timeout=300)
    assert result.returncode == 0, result.stdout + result.stderr
    found: dict[str, Any] = json.loads(report.read_text(encoding="utf-8"))
    return found


@pytest.mark.parametrize("page", ["start", "game"])
def test_lighthouse_at_phone_size(server: str, page: str) -> None:
    why = missing()
    if why:
        if os.environ.get("SCOREKEEPER_BROWSER_REQUIRED"):
            pytest.fail(why)
        pytest.skip(why)
    url = f"{server}/" if page == "start" else f"{server}/#/g/{new_game(server)['id']}"
    report = audit(url, page)
    scores = {key: report["categories"][key]["score"] for key in LEAST}
    failing = {audit_id: item["title"] for key in LEAST
               for ref in report["categories"][key]["auditRefs"]
               if ref["weight"] > 0 and (item := report["audits"][ref["id"]])["score"] is not None
               and item["score"] < 1 for audit_id in [ref["id"]]}
    weight = report["audits"]["total-byte-weight"]["numericValue"]
    print(f"{page}: {scores}, {weight / 1024:.0f} KiB")
    assert all(scores[key] >= least for key, least in LEAST.items()), (scores, failing)
