"""Every golden case played through the API and through the page's offline computation
(static/game/provisional.js, under Node) fed the data the API publishes (GET
/games/{id}/scoring): the same deltas, totals, dealer and end of game, hand by hand, wherever the
page says it is exact; where the published data cannot decide a hand, the page must say so
(`exact: false`, shown as "about"), and the count of such hands per variant is held here."""

from __future__ import annotations

import json
import shutil
import subprocess
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from flask.testing import FlaskClient

from tests.api.helpers import API

ROOT = Path(__file__).resolve().parents[2]
GOLDEN = sorted((ROOT / "tests" / "rules" / "golden").glob("*.json"))
SCRIPT = ROOT / "tests" / "js" / "score_offline.mjs"
CHECKED = ("deltas", "scores", "dealer", "finished", "winner")
# Hands the published data leaves to the server, per golden file: Rummy melds holding an ace
# where an ace low in a run scores otherwise (which end the ace sits at is the meld's reading).
# Anything else "about" is a failure: a new one must be counted here on purpose.
ABOUT = {"australian-500": 0, "australian-500-five": 0, "quebec-500": 0, "cinquecento": 0,
         "rummy-500": 10}


def side_names(sides: list[list[str]]) -> list[str]:
    """The golden files' naming (tests/rules/test_golden.py)."""
    if len(sides) == 2:
        return ["North-South", "East-West"]
    return [" & ".join(players) for players in sides]


def play_through_api(client: FlaskClient, variant: str, case: dict[str, Any]) -> dict[str, Any]:
    """The case as a game on the server: the scoring data it publishes before the first hand,
    and what the server says after each hand."""
    body = {"variant": variant, "options": case["options"], "first_dealer": case["first_dealer"],
            "sides": [{"name": name, "players": players}
                      for name, players in zip(side_names(case["sides"]), case["sides"],
                                               strict=True)]}
    created = client.post(f"{API}/games", json=body)
    assert created.status_code == 201, created.get_json()
    game = created.get_json()
    scoring = client.get(f"{API}/games/{game['id']}/scoring")
    assert scoring.status_code == 200, scoring.get_json()
    auth = {"Authorization": f"Bearer {game['token']}"}
    server = []
    for step in case["hands"]:
        reply = client.post(f"{API}/games/{game['id']}/hands", json=step["hand"], headers=auth)
        assert reply.status_code == 201, reply.get_json()
        after = client.get(f"{API}/games/{game['id']}").get_json()
        server.append({"deltas": reply.get_json()["deltas"], "scores": after["scores"],
                       "dealer": after["dealer"], "finished": after["status"] == "finished",
                       "winner": after["winner"]})
    return {"scoring": scoring.get_json(), "server": server,
            "start": {"scores": game["scores"], "dealer": game["dealer"],
                      "redeals": scoring.get_json()["start"]["redeals"], "finished": False,
                      "winner": None}}


@pytest.mark.skipif(shutil.which("node") is None, reason="needs Node")
def test_every_golden_case_scores_the_same_offline(client: FlaskClient) -> None:
    played: list[tuple[str, dict[str, Any], dict[str, Any]]] = []
    for path in GOLDEN:
        data = json.loads(path.read_text(encoding="utf-8"))
        for case in data["cases"]:
            played.append((path.stem, case, play_through_api(client, data["variant"], case)))
    games = [{"scoring": api["scoring"], "start": api["start"],
              "hands": [step["hand"] for step in case["hands"]]} for _stem, case, api in played]
    ran = subprocess.run(["node", str(SCRIPT)], input=json.dumps(games), capture_output=True,
                         text=True, check=True, cwd=ROOT)
    offline = json.loads(ran.stdout)

    exact: Counter[str] = Counter()
    about: Counter[str] = Counter()
    wrong = []
    for (stem, case, api), results in zip(played, offline, strict=True):
        for number, (server, page) in enumerate(zip(api["server"], results, strict=True), 1):
            # The server and the golden file agree (tests/rules/test_golden.py); so must the page.
            assert server == {key: case["hands"][number - 1][key] for key in CHECKED}
            if not page["exact"]:
                about[stem] += 1
                continue
            exact[stem] += 1
            got = {key: page[key] for key in CHECKED}
            if got != server:
                wrong.append(f"{stem}:{case['name']} hand {number}: page {got} != API {server}")
    print("\nexact / about per golden file:", {stem: (exact[stem], about[stem])
                                                for stem in ABOUT})
    assert not wrong, "\n".join(wrong)
    assert dict(about) == {stem: n for stem, n in ABOUT.items() if n}, dict(about)
