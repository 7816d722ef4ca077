"""The score sheet with no connection: installable (manifest, icons, service worker), opens
offline in its last known state, and its queue of hands that never loses nor doubles a hand.

Playwright's set_offline cuts the whole browser context, the service worker's fetches included;
each test first waits for the worker to control the page."""

from __future__ import annotations

import re
import shutil
import time
from pathlib import Path
from typing import Any

import pytest

from scorekeeper import web
from tests.web.conftest import Phone
from tests.web.test_score_sheet import FOUR, game_id, start, totals

PHONES = {"360x740": {"width": 360, "height": 740}, "390x844": {"width": 390, "height": 844}}


def until(page: Any, script: str, arg: Any = None, timeout: float = 10) -> Any:
    """Evaluate `script` (a function) until it answers something true. (wait_for_function would
    evaluate a string, which the page's Content-Security-Policy forbids.)"""
    deadline = time.monotonic() + timeout
    while True:
        answer = page.evaluate(script, arg)
        if answer:
            return answer
        assert time.monotonic() < deadline, f"still false after {timeout} s: {script}"
        time.sleep(0.1)


def controlled(page: Any) -> None:
    """Wait until the service worker controls the page and has kept what it showed."""
    until(page, "() => navigator.serviceWorker.controller !== null")
    if "#/g/" in page.url:
        until(page, """(id) => caches.open('sk-api').then((c) => c.keys())
            .then((keys) => keys.some((r) => r.url.endsWith(`/api/v1/games/${id}/hands`)))""",
              game_id(page))


# -- the manifest and the service worker -----------------------------------------------------------

def test_the_manifest_is_served_with_its_icons(phone: Phone) -> None:
    page = phone.open()
    href = page.locator("link[rel=manifest]").get_attribute("href")
    reply = page.request.get(href or "")
    assert reply.headers["content-type"].startswith("application/manifest+json")
    manifest = reply.json()
    assert manifest["name"] and manifest["short_name"]
    assert manifest["start_url"] == manifest["scope"] == "/"
    assert manifest["display"] == "standalone"
    assert re.fullmatch(r"#[0-9a-f]{6}", manifest["theme_color"])
    assert re.fullmatch(r"#[0-9a-f]{6}", manifest["background_color"])
    sizes = {(icon["sizes"], icon["purpose"]) for icon in manifest["icons"]}
    assert {("192x192", "any"), ("512x512", "any"), ("512x512", "maskable")} <= sizes
    apple = page.locator("link[rel=apple-touch-icon]").get_attribute("href")
    for src in [icon["src"] for icon in manifest["icons"]] + [apple]:
        got = page.request.get(src or "")
        assert got.status == 200 and got.headers["content-type"] == "image/png", src
        assert got.body()[:8] == b"\x89PNG\r\n\x1a\n"
    # The page draws the icons it links, in the browser too.
    width = page.evaluate("""(src) => new Promise((done) => {
        const img = new Image();
        img.onload = () => done(img.naturalWidth);
        img.onerror = () => done(0);
        img.src = src;
    })""", manifest["icons"][1]["src"])
    assert width == 512


def test_the_service_worker_is_served_uncached_at_the_root(phone: Phone) -> None:
    page = phone.open()
    reply = page.request.get("/sw.js")
    assert reply.status == 200
    assert reply.headers["cache-control"] == "no-cache"
    assert reply.headers["content-type"].startswith("text/javascript")
    first = reply.text().splitlines()[0]
    assert re.match(r'const SHELL = \{"cache": "sk-shell-[0-9a-f]{16}"', first)
    for module in ("/assets/app.js", "/assets/queue.js", "/assets/app.css", "/manifest.webmanifest",
                   "/assets/icons/icon-512.png", '"/"'):
        assert module in first, module
    controlled(page)
    scope = page.evaluate("navigator.serviceWorker.ready.then((r) => r.scope)")
    assert scope == f"{phone.base}/"


def test_the_cache_name_follows_the_content_of_the_shell(tmp_path: Path,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    static = tmp_path / "static"
    shutil.copytree(web.STATIC, static)
    files = web.shell_files(static)
    assert "app.js" in files and "app.css" in files and "icons/icon-192.png" in files
    assert "docs.js" not in files and "sw.js" not in files
    before = web.shell_digest(static, files)
    assert web.shell_digest(static, files) == before  # the same content, the same name
    (static / "app.css").write_text((static / "app.css").read_text() + "\n/* a change */\n")
    assert web.shell_digest(static, files) != before
    # Through the route: a changed module is a new cache name in /sw.js.
    monkeypatch.setattr(web, "STATIC", static)
    from scorekeeper import create_app
    client = create_app({"TESTING": True, "DATABASE_URL": f"sqlite:///{tmp_path}/x.db"}).test_client()
    name = re.search(r"sk-shell-[0-9a-f]+", client.get("/sw.js").get_data(as_text=True))
    (static / "game.js").write_text((static / "game.js").read_text() + "\n// a change\n")
    renamed = re.search(r"sk-shell-[0-9a-f]+", client.get("/sw.js").get_data(as_text=True))
    assert name and renamed and name.group() != renamed.group()


@pytest.mark.parametrize("size", PHONES)
def test_a_reload_with_no_connection_opens_the_start_page_and_the_game(browser: Any, server: str,
                                                                       size: str) -> None:
    phone = Phone(browser, server, viewport=PHONES[size])
    try:
        page = start(phone, "Australian 500", FOUR)
        page.get_by_role("button", name=re.compile("^7 hearts,")).click()
        page.get_by_role("group", name="Bidder").get_by_role("button", name="Bo").click()
        page.get_by_role("group", name=re.compile("^Tricks ")).get_by_role(
            "button", name="7 tricks", exact=True).click()
        page.get_by_role("button", name="Record the hand").click()
        page.wait_for_selector("text=1. 7♥ by Bo")
        controlled(page)
        phone.context.set_offline(True)
        page.reload()
        page.wait_for_selector("text=1. 7♥ by Bo")
        assert totals(page) == ["30", "200"]
        assert "Offline" in page.locator("#net").inner_text()
        phone.shot(f"offline-game-reloaded-{size}")
        page.goto(f"{phone.base}/#/")
        page.wait_for_selector("text=Start the game")
        assert page.get_by_role("link", name=re.compile("North-South v East-West")).is_visible()
        phone.shot(f"offline-start-page-{size}")
        assert phone.errors == [], phone.errors
    finally:
        phone.context.close()
