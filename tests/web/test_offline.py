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
from tests.web.helpers import (
    FOUR_PLAYERS,
    Phone,
    api_hands,
    contract_hand,
    controlled,
    game_id,
    start,
    totals,
    until,
)

PHONES = {"360x740": {"width": 360, "height": 740}, "390x844": {"width": 390, "height": 844}}


def seen(phone: Phone, name: str, selector: str) -> None:
    """A screenshot of what the phone's screen shows with `selector` scrolled into view (the
    full page too, as phone.shot takes it)."""
    phone.shot(name)
    phone.page.locator(selector).first.evaluate("(e) => e.scrollIntoView({ block: 'center' })")
    phone.shot(f"{name}-screen", full_page=False)


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
    for module in ("/manifest.webmanifest", '"/"'):
        assert module in first, module
    # The static files under their content-hashed names, as the page asks for them.
    for module in ("app.js", "queue.js", "app.css", "icons/icon-512.png"):
        stem, ext = module.rsplit(".", 1)
        assert re.search(rf'"/assets/{stem}\.[0-9a-f]{{10}}\.{ext}"', first), module
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
    # A module in a folder (the sheet's) counts as much as one at the top.
    sheet = static / "game" / "sheet.js"
    sheet.write_text(sheet.read_text() + "\n// a change\n")
    renamed = re.search(r"sk-shell-[0-9a-f]+", client.get("/sw.js").get_data(as_text=True))
    assert name and renamed and name.group() != renamed.group()


def test_a_new_version_is_picked_up_on_the_next_visit(phone: Phone, tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    static = tmp_path / "static"
    shutil.copytree(web.STATIC, static)
    monkeypatch.setattr(web, "STATIC", static)  # the files the worker's cache is named after
    page = phone.open()
    page.wait_for_selector("text=Start the game")
    controlled(page)
    shells = "() => caches.keys().then((names) => names.filter((n) => n.startsWith('sk-shell-')))"
    [before] = until(page, shells)
    (static / "app.css").write_text((static / "app.css").read_text() + "\n/* v2 */\n")
    page.reload()  # the next visit: the browser sees a new /sw.js and installs it
    page.wait_for_selector("text=Start the game")
    after = until(page, f"() => ({shells})().then((names) => "
                        f"names.length === 1 && names[0] !== '{before}' ? names : null)")
    assert after[0].startswith("sk-shell-")  # the old shell's cache is gone


def test_a_return_visit_takes_no_byte_of_the_shell_from_the_network(phone: Phone) -> None:
    """The page, its modules, styles, icons and messages come from the service worker on the next
    visit: only the API's data goes to the server. On the first, the worker's copy of a file the
    page just loaded under its hashed name comes from the HTTP cache."""
    page = phone.open()
    page.wait_for_selector("text=Start the game")
    controlled(page)
    until(page, "() => caches.keys().then((names) => names.some((n) => n.startsWith('sk-shell-')))")
    cdp = phone.context.new_cdp_session(page)
    cdp.send("Network.enable")
    replies: dict[str, Any] = {}
    cdp.on("Network.responseReceived", lambda e: replies.__setitem__(e["requestId"], e["response"]))
    page.reload()
    page.wait_for_selector("text=Start the game")
    page.wait_for_timeout(500)
    shell = [reply["url"] for reply in replies.values() if "/api/" not in reply["url"]]
    assert any(url.endswith("/") for url in shell) and len(shell) > 10, shell
    from_network = [reply["url"] for reply in replies.values()
                    if "/api/" not in reply["url"] and not reply.get("fromServiceWorker")]
    assert from_network == []


@pytest.mark.parametrize("size", PHONES)
def test_a_reload_with_no_connection_opens_the_start_page_and_the_game(browser: Any, server: str,
                                                                       size: str) -> None:
    phone = Phone(browser, server, viewport=PHONES[size])
    try:
        page = start(phone, "Australian 500", FOUR_PLAYERS)
        contract_hand(page, "7 hearts", "Bo", 3)
        page.wait_for_selector("text=1. 7♥ by Bo")
        controlled(page)
        phone.context.set_offline(True)
        page.reload()
        page.wait_for_selector("text=1. 7♥ by Bo")
        assert totals(page) == ["30", "200"]
        assert "Offline" in page.locator("#net").inner_text()
        seen(phone, f"offline-game-reloaded-{size}", "h1")
        page.goto(f"{phone.base}/#/")
        page.wait_for_selector("text=Start the game")
        assert page.get_by_role("link", name=re.compile("North-South v East-West")).is_visible()
        phone.shot(f"offline-start-page-{size}")
        assert phone.errors == [], phone.errors
    finally:
        phone.context.close()


def test_a_first_visit_by_a_shared_link_opens_offline_with_the_start_page(
        phone: Phone, second_phone: Phone) -> None:
    page = start(phone, "Australian 500", FOUR_PLAYERS)
    scorer_link = page.get_by_role("link", name="Scorer link").get_attribute("href")
    other = second_phone.open(scorer_link or "")  # this phone's first visit
    other.wait_for_selector("#entry")
    controlled(other)
    # The API's replies vary with Accept-Language: whatever language the kept one is in.
    until(other, """() => caches.open('sk-api')
        .then((c) => c.match('/api/v1/variants', { ignoreVary: true }))
        .then((reply) => reply !== undefined)""")
    second_phone.context.set_offline(True)
    other.reload()
    other.wait_for_selector("#entry")
    other.goto(f"{second_phone.base}/#/")
    other.wait_for_selector("text=Start the game")


# -- the outbox: hands entered offline ------------------------------------------------------------

def bodies(hands: list[dict[str, Any]]) -> list[tuple[str, int, list[int]]]:
    return [(hand["bid"], hand["bidder"], hand["tricks"]) for hand in hands]


THREE = [("7 hearts", "Bo", 3), ("6 spades", "Ann", 6), ("8 clubs", "Cy", 8)]
THREE_RECORDED = [("7H", 1, [3, 7]), ("6S", 0, [6, 4]), ("8C", 2, [8, 2])]


def enter_three(page: Any) -> None:
    for bid, bidder, tricks in THREE:
        contract_hand(page, bid, bidder, tricks)


def without_points(bid: str) -> str:
    """A bid for contract_hand (which matches f"^{bid},") when its button has no points."""
    return f"{bid}$|^{bid}"


def no_conflict_seen(page: Any) -> None:
    assert page.locator(".conflict").count() == 0
    assert page.get_by_text("Not recorded").count() == 0


@pytest.mark.parametrize("size", PHONES)
def test_three_hands_entered_offline_are_recorded_once_each_in_order(browser: Any, server: str,
                                                                     size: str) -> None:
    phone = Phone(browser, server, viewport=PHONES[size])
    try:
        page = start(phone, "Australian 500", FOUR_PLAYERS)
        controlled(page)
        phone.context.set_offline(True)
        enter_three(page)
        assert page.locator("tr.pending td:first-child").all_inner_texts() == [
            "Hand waiting to be sent (1 of 3): 7♥ by Bo — North-South 3, East-West 7 tricks",
            "Hand waiting to be sent (2 of 3): 6♠ by Ann — North-South 6, East-West 4 tricks",
            "Hand waiting to be sent (3 of 3): 8♣ by Cy — North-South 8, East-West 2 tricks"]
        note = page.locator(".waiting-note").inner_text()
        # Scored from the game's published rules (issue 27), marked provisional.
        assert "include the 3 hands waiting to be sent" in note
        assert totals(page) == ["330", "260"]
        assert "3 hands waiting to be sent" in page.locator("#net").inner_text()
        assert page.get_by_role("heading", name="Hand 4").is_visible()
        no_conflict_seen(page)
        seen(phone, f"offline-three-waiting-{size}", "tr.pending")
        phone.context.set_offline(False)
        page.wait_for_selector("text=3. 8♣ by Cy", timeout=15_000)
        assert page.locator("tr.pending").count() == 0
        no_conflict_seen(page)
        assert bodies(api_hands(page, game_id(page))) == THREE_RECORDED
        assert page.locator("#net").inner_text() == ""
        phone.shot(f"offline-three-sent-{size}")
        assert phone.errors == [], phone.errors
    finally:
        phone.context.close()


def test_a_game_started_offline_is_created_once_with_its_hands(phone: Phone) -> None:
    page = phone.open()
    page.wait_for_selector("text=Start the game")
    controlled(page)
    phone.context.set_offline(True)
    page.get_by_role("radio", name=re.compile("^Australian 500")).click()
    for i, name in enumerate(FOUR_PLAYERS):
        page.get_by_label(f"Side {i // 2 + 1}, player {i % 2 + 1}").fill(name)
    page.get_by_role("button", name="Start the game").click()
    page.wait_for_selector("#entry")
    assert re.search(r"#/g/local-", page.url)
    assert "created on the server when the connection returns" in page.locator(
        ".waiting-note").inner_text()
    # Its bids were never fetched for this game: shown without points (named "7 hearts", not
    # "7 hearts, 200 points"); the server checks the hands when they are sent.
    contract_hand(page, without_points("7 hearts"), "Bo", 3)
    contract_hand(page, without_points("6 spades"), "Ann", 6)
    assert page.locator("tr.pending").count() == 2
    net = page.locator("#net").inner_text()
    assert net == "Offline · 2 hands and 1 new game waiting to be sent"
    seen(phone, "offline-new-game-waiting", ".waiting-note")
    page.goto(f"{phone.base}/#/")
    page.wait_for_selector("text=Start the game")
    link = page.get_by_role("link", name=re.compile("not yet created"))
    assert link.is_visible()
    link.click()
    page.wait_for_selector("tr.pending")
    phone.context.set_offline(False)
    page.wait_for_url(re.compile(r"#/g/\d+$"), timeout=15_000)
    page.wait_for_selector("text=2. 6♠ by Ann", timeout=15_000)
    gid = game_id(page)
    assert bodies(api_hands(page, gid)) == THREE_RECORDED[:2]
    assert page.request.get(f"/api/v1/games/{gid + 1}").status == 404  # created once
    # This phone is the game's scorer: its token came back with the game.
    assert page.locator("#entry").count() == 1
    assert page.get_by_role("link", name="Scorer link").is_visible()
    phone.shot("offline-new-game-created")


def test_a_tab_closed_offline_sends_its_queue_when_the_app_is_reopened(phone: Phone) -> None:
    page = start(phone, "Australian 500", FOUR_PLAYERS)
    gid = game_id(page)
    controlled(page)
    phone.context.set_offline(True)
    enter_three(page)
    page.close()
    phone.context.set_offline(False)
    reopened = phone.context.new_page()
    reopened.on("console", phone.console)
    reopened.goto(f"{phone.base}/")
    deadline = time.monotonic() + 15
    while len(api_hands(reopened, gid)) < 3 and time.monotonic() < deadline:
        time.sleep(0.2)
    assert bodies(api_hands(reopened, gid)) == THREE_RECORDED
    reopened.goto(f"{phone.base}/#/g/{gid}")
    reopened.wait_for_selector("text=3. 8♣ by Cy")
    assert reopened.locator("tr.pending").count() == 0


@pytest.mark.parametrize("how", ["Send anyway", "Discard it"])
def test_a_real_conflict_from_a_second_phone_is_shown_and_resolved_in_one_tap(
        phone: Phone, second_phone: Phone, how: str) -> None:
    page = start(phone, "Australian 500", FOUR_PLAYERS)
    gid = game_id(page)
    controlled(page)
    scorer_link = page.get_by_role("link", name="Scorer link").get_attribute("href")
    other = second_phone.open(scorer_link or "")
    other.wait_for_selector("#entry")
    phone.context.set_offline(True)
    contract_hand(page, "7 hearts", "Bo", 3)
    contract_hand(other, "6 spades", "Ann", 6)  # meanwhile, on the second phone
    other.wait_for_selector("text=1. 6♠ by Ann")
    phone.context.set_offline(False)
    conflict = page.locator(".conflict")
    conflict.wait_for(timeout=15_000)
    text = conflict.inner_text()
    assert "Another phone changed this game" in text
    assert "1. 6♠ by Ann" in text  # what the server has now
    assert "7♥ by Bo — North-South 3, East-West 7 tricks" in text  # what waits here
    assert bodies(api_hands(page, gid)) == [THREE_RECORDED[1]]
    seen(phone, f"offline-conflict-{how.split()[0].lower()}", ".conflict")
    page.get_by_role("button", name=how).click()
    conflict.wait_for(state="detached", timeout=15_000)
    if how == "Send anyway":
        page.wait_for_selector("text=2. 7♥ by Bo")
        assert bodies(api_hands(page, gid)) == [THREE_RECORDED[1], ("7H", 1, [3, 7])]
    else:
        page.wait_for_selector("text=1. 6♠ by Ann")
        assert page.locator("tr.pending").count() == 0
        assert bodies(api_hands(page, gid)) == [THREE_RECORDED[1]]
    assert page.locator("tr.pending").count() == 0


def test_a_reply_lost_on_the_way_is_retried_with_the_same_key_and_recorded_once(
        phone_without_worker: Phone) -> None:
    phone = phone_without_worker
    page = start(phone, "Australian 500", FOUR_PLAYERS)
    gid = game_id(page)
    keys: list[str] = []

    def recorded_but_reply_lost(route: Any) -> None:
        if route.request.method != "POST":
            route.continue_()
            return
        keys.append(route.request.headers["idempotency-key"])
        if len(keys) > 1:
            route.continue_()  # the retries get through
            return
        route.fetch()  # the server records the hand...
        route.abort("internetdisconnected")  # ...and its reply never reaches the phone

    page.route("**/api/v1/games/*/hands", recorded_but_reply_lost)
    contract_hand(page, "7 hearts", "Bo", 3)
    # Kept in the outbox under the same key, and sent again (at once: the phone is online).
    page.locator("tr.hand", has_text="1. 7♥ by Bo").wait_for(timeout=15_000)
    page.locator("tr.pending").wait_for(state="detached", timeout=15_000)
    assert len(keys) >= 2 and len(set(keys)) == 1  # every retry carried the first key
    assert bodies(api_hands(page, gid)) == [("7H", 1, [3, 7])]
