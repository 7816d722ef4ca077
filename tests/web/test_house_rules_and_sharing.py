"""The start page's house rules in words (labels, explanations, presets of common tables, this
phone's own presets) and a game's Share section (each link with a QR code that a second phone
scans, Copy, Share), the screen kept awake while a game is open; at 390×844."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest

from tests.qr_pixels import decode, png_pixels
from tests.web.helpers import (
    FOUR_PLAYERS,
    SHOTS,
    Phone,
    game_id,
    no_serious_axe_violations,
    start,
    until,
)

PHONE = {"width": 390, "height": 844}


@pytest.fixture
def tall_phone(browser: Any, server: str) -> Iterator[Phone]:
    device = Phone(browser, server, viewport=PHONE)
    device.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=server)
    yield device
    device.context.close()
    assert device.errors == [], device.errors


@pytest.fixture
def other_phone(browser: Any, server: str) -> Iterator[Phone]:
    device = Phone(browser, server, viewport=PHONE)
    yield device
    device.context.close()
    assert device.errors == [], device.errors


def name_players(page: Any) -> None:
    for i, name in enumerate(FOUR_PLAYERS):
        page.get_by_label(f"Side {i // 2 + 1}, player {i % 2 + 1}").fill(name)


def every_rule(page: Any) -> None:
    """Unfold the list of every house rule (it stays unfolded while the page is open)."""
    if page.locator(".rules details[open]").count() == 0:
        page.get_by_text(re.compile(r"^Every house rule")).click()


def pressed(page: Any, name: str) -> str | None:
    value: str | None = page.get_by_role("button", name=name, exact=True).get_attribute(
        "aria-pressed")
    return value


def test_house_rules_by_their_labels_and_a_preset_in_one_tap(tall_phone: Phone) -> None:
    page = tall_phone.open()
    page.wait_for_selector("text=Start the game")
    # The defaults are the Avondale rules: that preset is the one in force.
    assert pressed(page, "Avondale standard") == "true"
    presets = page.get_by_role("group", name="Presets", exact=True).get_by_role("button")
    assert presets.all_inner_texts() == ["Avondale standard", "Bid to win", "Every misère",
            "Five-Hundred++ starter", "Five-Hundred++ complete"]
    every_rule(page)
    # Each rule by its label, its value in words, its explanation beside it.
    assert page.get_by_label("Out the back door at").input_value() == "-500"
    passes = page.get_by_label("When everybody passes")
    assert passes.locator("option:checked").inner_text() == "Same dealer deals again"
    assert page.get_by_label("Slam worth 250").is_checked()
    assert page.get_by_text("Bidders who take all ten tricks score at least 250").is_visible()
    assert page.get_by_text(re.compile(r"\bnull\b|lose_at|win_on")).count() == 0
    # One tap on a common table sets its rules.
    page.get_by_role("button", name="Bid to win", exact=True).click()
    assert pressed(page, "Bid to win") == "true"
    assert pressed(page, "Avondale standard") == "false"
    assert page.get_by_label("Reaching the target").locator("option:checked").inner_text() \
        == "Only by making a contract"
    assert page.get_by_label("Defenders stop at").input_value() == "490"
    assert page.get_by_text("A side wins only by making a contract").is_visible()
    name_players(page)  # typed after the preset, and a preset does not wipe them either
    page.get_by_role("button", name="Every misère", exact=True).click()
    page.get_by_role("button", name="Bid to win", exact=True).click()
    assert page.get_by_label("Side 1, player 1").input_value() == "Ann"
    no_serious_axe_violations(page)
    tall_phone.shot("start-house-rules")
    # What the phone shows with the house rules at the top of its screen.
    page.evaluate("() => document.getElementById('rules-title').scrollIntoView()")
    page.screenshot(path=str(SHOTS / "start-house-rules-screen.png"))
    page.get_by_role("button", name="Start the game").click()
    page.wait_for_selector("#entry")
    game = page.request.get(f"/api/v1/games/{game_id(page)}").json()
    assert game["options"]["win_on"] == "contract" and game["options"]["defender_cap"] == 490
    # "Your games" names the game, not its key.
    page = tall_phone.open("#/")
    games = page.locator(".games")
    games.wait_for()
    assert "Australian 500" in games.inner_text() and "australian-500" not in games.inner_text()


def test_an_own_preset_is_saved_reused_and_deleted(tall_phone: Phone) -> None:
    page = tall_phone.open()
    page.get_by_role("radio", name=re.compile("^Quebec 500")).click()
    assert pressed(page, "Quebec club") == "true"  # Quebec's defaults are the club's rules
    every_rule(page)
    page.get_by_label("Misère", exact=True).check()
    page.get_by_label("Points to win").fill("750")
    page.get_by_label("Points to win").blur()
    assert pressed(page, "Quebec club") == "false"
    page.get_by_label("Save these house rules on this phone").fill("Friday club")
    page.get_by_role("button", name="Save", exact=True).click()
    assert pressed(page, "Friday club") == "true"
    # Another day: the preset is still on this phone, one tap away.
    page.reload()
    page.get_by_role("radio", name=re.compile("^Quebec 500")).click()
    mine = page.get_by_role("group", name="Your presets")
    assert mine.get_by_role("button", name="Friday club", exact=True).is_visible()
    page.evaluate("() => document.getElementById('rules-title').scrollIntoView()")
    page.screenshot(path=str(SHOTS / "start-own-preset-screen.png"))
    mine.get_by_role("button", name="Friday club", exact=True).click()
    every_rule(page)
    assert page.get_by_label("Points to win").input_value() == "750"
    assert page.get_by_label("Misère", exact=True).is_checked()
    page.get_by_role("button", name="Quebec club", exact=True).click()
    assert page.get_by_label("Points to win").input_value() == "1000"
    assert not page.get_by_label("Misère", exact=True).is_checked()
    # Not offered for another game, and gone once deleted.
    page.get_by_role("radio", name=re.compile("^Australian 500")).click()
    assert page.get_by_role("group", name="Your presets").count() == 0
    page.get_by_role("radio", name=re.compile("^Quebec 500")).click()
    page.get_by_role("button", name="Delete the preset Friday club").click()
    page.reload()
    page.get_by_role("radio", name=re.compile("^Quebec 500")).click()
    assert page.get_by_role("button", name="Friday club", exact=True).count() == 0


WAKE_LOCK_SPY = """
(() => {
  const calls = (window.wakeCalls = []);
  Object.defineProperty(navigator, "wakeLock", { configurable: true, value: {
    request: async (type) => {
      const sentinel = new EventTarget();
      sentinel.type = type; sentinel.released = false;
      sentinel.release = async () => {
        sentinel.released = true;
        sentinel.dispatchEvent(new Event("release"));
      };
      calls.push(sentinel);
      return sentinel;
    },
  } });
})();
"""


def held(page: Any) -> list[bool]:
    """Each wake lock the page asked for: whether it is still held."""
    states: list[bool] = page.evaluate("() => window.wakeCalls.map((s) => !s.released)")
    return states


def test_the_share_block_qr_codes_copy_and_a_second_phone(tall_phone: Phone,
                                                         other_phone: Phone) -> None:
    tall_phone.context.add_init_script(WAKE_LOCK_SPY)
    page = start(tall_phone, "Australian 500", FOUR_PLAYERS)
    gid = game_id(page)
    token = page.evaluate("(id) => JSON.parse(localStorage.getItem('sk.tokens'))[id]", gid)
    watch = f"{tall_phone.base}/#/g/{gid}/watch"
    score = f"{tall_phone.base}/#/g/{gid}?token={token}"
    share = page.get_by_role("region", name="Share")
    share.scroll_into_view_if_needed()
    codes = share.get_by_role("img", name=re.compile("^QR code of the"))
    assert codes.count() == 2
    for n in range(2):
        codes.nth(n).scroll_into_view_if_needed()
    until(page, "() => [...document.querySelectorAll('img.qr')]"
                ".every((img) => img.complete && img.naturalWidth > 0)")
    # Copy puts the exact link on the clipboard, and says so.
    spectator = share.locator(".share-link").nth(0)
    spectator.get_by_role("button", name="Copy").click()
    assert page.evaluate("() => navigator.clipboard.readText()") == watch
    assert spectator.get_by_role("button", name="Spectator link copied").is_visible()
    scorer = share.locator(".share-link").nth(1)
    scorer.get_by_role("button", name="Copy").click()
    assert page.evaluate("() => navigator.clipboard.readText()") == score
    # Share only where the browser has a share sheet.
    has_share = page.evaluate("() => typeof navigator.share === 'function'")
    assert share.get_by_role("button", name="Share").count() == (2 if has_share else 0)
    share.screenshot(path=str(SHOTS / "share-block.png"))
    # Each QR code, as a camera would see it on the screen, decodes to its link.
    assert decode(png_pixels(spectator.locator("img.qr").screenshot())) == watch
    assert decode(png_pixels(scorer.locator("img.qr").screenshot())) == score
    # A second phone opens the scorer link it scanned and can enter a hand; the spectator link
    # opens read-only.
    second = other_phone.open(decode(png_pixels(scorer.locator("img.qr").screenshot()))
                              .removeprefix(tall_phone.base + "/"))
    second.wait_for_selector("#entry")
    assert f"#/g/{gid}" in second.url and "token" not in second.url
    third = other_phone.context.new_page()
    third.goto(watch)
    third.wait_for_selector("text=No hands yet.")
    assert third.locator("#entry").count() == 0
    # The screen stays awake while the game is open, again after the phone was locked, and is
    # let go once the page leaves the game.
    assert held(page) == [True]
    page.evaluate("() => window.wakeCalls[0].release()")  # the browser drops it when hidden
    page.evaluate("() => document.dispatchEvent(new Event('visibilitychange'))")
    until(page, "() => window.wakeCalls.length === 2")
    assert held(page) == [False, True]
    page.evaluate("() => { location.hash = '#/'; }")
    page.wait_for_selector("text=Start the game")
    until(page, "() => window.wakeCalls.every((s) => s.released)")


SHARE_SPY = """
(() => {
  window.shared = [];
  Object.defineProperty(navigator, "share", { configurable: true,
    value: async (data) => { window.shared.push(data); } });
})();
"""


def test_share_opens_the_phones_share_sheet_with_the_link(tall_phone: Phone) -> None:
    """Where the browser has a share sheet (phones do; desktop Chromium on Linux does not), each
    link has a Share button handing the link to it."""
    tall_phone.context.add_init_script(SHARE_SPY)
    page = start(tall_phone, "Australian 500", FOUR_PLAYERS)
    share = page.get_by_role("region", name="Share")
    share.locator(".share-link").nth(0).get_by_role("button", name="Share").click()
    until(page, "() => window.shared.length === 1")
    shared = page.evaluate("() => window.shared[0]")
    assert shared["url"] == f"{tall_phone.base}/#/g/{game_id(page)}/watch"
    assert "spectator" in shared["title"]
