"""Issue 27, a newcomer: the demo games `flask seed` loaded are on the start page, each opening
read-only, and a scorer link it printed opens the game for scoring and puts it in "Your games";
a game that is no demo is never listed."""

from __future__ import annotations

import json
import re
import urllib.request
from pathlib import Path
from typing import Any

from playwright.sync_api import expect

from scorekeeper import create_app
from tests.helpers import database_url
from tests.web.helpers import PHONE, Phone, serving

SEEDS = Path(__file__).resolve().parent.parent.parent / "seeds"
GAMES = [json.loads(p.read_text(encoding="utf-8")) for p in sorted(SEEDS.glob("*.json"))]
GAMES = [seed for seed in GAMES if "game" in seed]


def private_game(base: str) -> int:
    """A table's own game, made through the API: it must never be listed."""
    body = {"variant": "rummy-500", "sides": [{"name": "Zed", "players": ["Zed"]},
                                              {"name": "Yolanda", "players": ["Yolanda"]}]}
    request = urllib.request.Request(f"{base}/api/v1/games", data=json.dumps(body).encode(),
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=10) as reply:
        game: dict[str, Any] = json.loads(reply.read())
        return int(game["id"])


def test_the_start_page_lists_the_demo_games_to_watch(browser: Any, tmp_path: Path) -> None:
    with serving(tmp_path) as base:
        mine = private_game(base)
        seeded = create_app({"DATABASE_URL": database_url(tmp_path)}).test_cli_runner().invoke(
            args=["seed", "--base-url", base]).output
        phone = Phone(browser, base)
        try:
            page = phone.open()
            demos = page.get_by_role("region", name="Demo games")
            demos.wait_for()
            links = demos.get_by_role("link")
            assert links.count() == len(GAMES) + 1  # the games and the tournament
            assert demos.get_by_role("link", name="Zed v Yolanda").count() == 0
            assert page.locator(f"a[href^='#/g/{mine}']").count() == 0
            friday = demos.locator("li", has_text="Game over").filter(
                has=page.get_by_role("link", name="North-South v East-West"))
            assert friday.count() == 1
            assert friday.inner_text() == "North-South v East-West\nAustralian 500 · Game over"
            house = demos.locator("li", has_text="8 hands")
            assert house.inner_text() == "North-South v East-West\nAustralian 500 · 8 hands"
            assert demos.get_by_role("link", name="Tournoi de la Saint-Jean").is_visible()
            phone.shot("start-page-demo-games")
            # A phone with no game yet: the first screen shows the way to them, below the form.
            page.evaluate("window.scrollTo(0, 0)")
            to_demos = page.get_by_role("button", name="New here? Watch a demo game.")
            assert to_demos.bounding_box()["y"] < PHONE["height"]
            phone.shot("start-page-new-here", full_page=False)
            to_demos.tap()
            expect(demos.get_by_role("heading", name="Demo games")).to_be_in_viewport()
            page.wait_for_timeout(500)  # the smooth scroll ends before the screenshot
            phone.shot("start-page-demo-games-in-view", full_page=False)
            # A demo opens read-only, with its scores, and is then one of this phone's games.
            friday_id = friday.get_by_role("link").get_attribute("href").split("/")[2]
            friday.get_by_role("link").click()
            page.wait_for_selector(".scoreboard")
            assert re.search(r"#/g/\d+/watch$", page.url)
            assert page.locator(".total b").all_inner_texts() == ["600", "520"]
            assert page.locator("#entry").count() == 0
            # The scorer link `flask seed` printed opens it for scoring, and once opened it is
            # in "Your games" on the start page.
            scorer = re.search(r"house-rules\.json: loaded as game (\d+) with \d+ hands: "
                               r"scorer link (\S+)", seeded)
            assert scorer is not None, seeded
            page.goto(scorer[2])
            page.wait_for_selector("#entry")  # the game is still being played: a hand to enter
            page.goto(f"{base}/#/")
            yours = page.locator("section", has=page.get_by_role("heading", name="Your games"))
            yours.get_by_role("link").first.wait_for()
            assert [link.get_attribute("href") for link in yours.get_by_role("link").all()] \
                == [f"#/g/{scorer[1]}", f"#/g/{friday_id}"]
            assert page.get_by_role("button", name="New here? Watch a demo game.").count() == 0
            assert phone.errors == []
        finally:
            phone.context.close()
