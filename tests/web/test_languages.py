"""The page in the player's language (issue 17): the settings' language picker switches the page
and its <html lang>, the choice is kept across a reload; the API is asked in that language; the
browser's own language is the default; numbers are written the language's way; large text
enlarges the sheet and the entry and still fits the phone; a game reopens offline after a switch.

The catalogs are written by others: every translated text is read from /i18n/<code>.json and
compared with what the page shows, never written here."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any

import pytest

from tests.web.helpers import (
    FOUR_PLAYERS,
    Phone,
    contract_hand,
    controlled,
    scorer_page,
    start,
    until,
)

PHONE_390 = {"width": 390, "height": 844}


@pytest.fixture
def phone390(phones: Callable[..., Phone]) -> Phone:
    return phones(viewport=PHONE_390)


def languages(page: Any) -> dict[str, dict[str, str]]:
    listed = json.loads(page.evaluate("document.documentElement.dataset.languages"))
    return {lang["code"]: lang for lang in listed}


def catalog(page: Any, code: str) -> dict[str, Any]:
    messages: dict[str, Any] = page.request.get(f"/i18n/{code}.json").json()["messages"]
    return messages


def said(messages: dict[str, Any], msgid: str) -> str:
    """What the page shows for `msgid`: its translation, or the English text when it has none."""
    found = messages.get(msgid)
    return found if isinstance(found, str) and found else msgid


def choose(page: Any, code: str) -> None:
    """Open the settings from the header bar and pick a language."""
    if page.locator("#settings").is_hidden():
        page.locator("#settings-button").click()
    page.locator(f"#settings [data-lang='{code}']").click()
    until(page, "(code) => document.querySelector(`#settings [data-lang='${code}']`)"
          ".getAttribute('aria-pressed') === 'true'", code)


def spaces(text: str) -> str:
    return re.sub(r"[\u00a0\u202f]", " ", text)


def test_the_picker_switches_to_french_and_back_and_is_remembered(phone: Phone) -> None:
    page = phone.open()
    page.wait_for_selector("text=Start the game")
    assert page.evaluate("document.documentElement.lang") == "en"
    langs = languages(page)
    assert {"en", "fr", "it"} <= set(langs)
    fr = catalog(page, "fr")
    page.locator("#settings-button").click()
    # Each language in its own name.
    names = page.locator("#settings [data-lang]").all_inner_texts()
    assert names == [lang["name"] for lang in langs.values()]
    choose(page, "fr")
    until(page, "(locale) => document.documentElement.lang === locale", langs["fr"]["locale"])
    page.wait_for_selector(f"h1:text-is('{said(fr, 'New game')}')")
    assert page.get_by_role("button", name=said(fr, "Start the game")).is_visible()
    assert page.locator("#settings-button").get_attribute("aria-label") == said(fr, "Settings")
    assert page.locator("#settings h2").inner_text() == said(fr, "Settings")
    assert page.locator("#docs-link").inner_text() == said(fr, "API docs")
    phone.shot("settings-fr")
    page.reload()
    page.wait_for_selector(f"h1:text-is('{said(fr, 'New game')}')")
    assert page.evaluate("document.documentElement.lang") == langs["fr"]["locale"]
    assert page.evaluate("document.title") == said(fr, "scorekeeper — new game")
    choose(page, "en")
    page.wait_for_selector("h1:text-is('New game')")
    assert page.evaluate("document.documentElement.lang") == "en"
    page.reload()
    page.wait_for_selector("text=Start the game")
    assert page.evaluate("document.documentElement.lang") == "en"


def test_api_requests_say_the_pages_language(phone_without_worker: Phone) -> None:
    asked: list[tuple[str, str | None]] = []
    phone_without_worker.page.on("request", lambda r: asked.append(
        (r.url, r.headers.get("accept-language"))) if "/api/v1/" in r.url else None)
    page = phone_without_worker.open()
    page.wait_for_selector("text=Start the game")
    assert asked and all(lang == "en" for _url, lang in asked), asked
    asked.clear()
    choose(page, "fr")
    until(page, "() => document.documentElement.lang !== 'en'")
    page.wait_for_timeout(300)
    # The start page was drawn again with its data fetched again, in French.
    assert [lang for url, lang in asked if url.endswith("/api/v1/variants")] == ["fr"], asked
    assert all(lang == "fr" for _url, lang in asked), asked


def test_the_browsers_language_is_the_default(browser: Any, server: str) -> None:
    context = browser.new_context(viewport=PHONE_390, locale="fr-FR", base_url=server)
    try:
        page = context.new_page()
        page.goto(f"{server}/")
        page.wait_for_selector("h1")
        fr = catalog(page, "fr")
        page.wait_for_selector(f"h1:text-is('{said(fr, 'New game')}')")
        assert page.evaluate("document.documentElement.lang") == languages(page)["fr"]["locale"]
    finally:
        context.close()


def test_a_game_in_french_writes_its_numbers_the_french_way(phone390: Phone) -> None:
    page, _gid = scorer_page(phone390, {"target": 1000})
    choose(page, "fr")
    page.wait_for_selector("#entry")
    fr = catalog(page, "fr")
    locale = languages(page)["fr"]["locale"]
    thousand = page.evaluate(f"new Intl.NumberFormat('{locale}').format(1000)")
    assert spaces(thousand) == "1 000"
    # "1000 to 1000" as the catalog words it, with French grouping, once the page has redrawn.
    expected = said(fr, "{left} to {target}").replace("{left}", "1 000")
    expected = expected.replace("{target}", "1 000")
    until(page, """(expected) => document.querySelector('.scoreboard').innerText
        .replace(/[\u00a0\u202f]/g, ' ').includes(expected)""", expected)
    assert page.locator("#entry h2").inner_text() == said(fr, "Hand {n}").replace("{n}", "1")
    phone390.shot("game-fr")


def font_size(locator: Any) -> float:
    return float(locator.evaluate("(el) => parseFloat(getComputedStyle(el).fontSize)"))


def test_large_text_enlarges_the_sheet_and_entry_and_fits_390(phone390: Phone) -> None:
    page, _gid = scorer_page(phone390)
    bid = page.get_by_role("button", name=re.compile("^7 hearts,"))
    trick = page.locator(".trick-row button").first
    record = page.get_by_role("button", name="Record the hand")
    heading = page.locator("#entry h2")
    before = [font_size(x) for x in (bid, trick, record, heading)]
    page.locator("#settings-button").click()
    page.locator("#settings [data-size='large']").click()
    page.locator("#settings").get_by_role("button", name="Close").click()
    after = [font_size(x) for x in (bid, trick, record, heading)]
    assert all(a > b * 1.15 for a, b in zip(after, before, strict=True)), (before, after)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    # A hand recorded in large text: the sheet's rows are large too, and still fit.
    bid.click()
    page.get_by_role("group", name="Bidder").get_by_role("button", name="Bo").click()
    page.get_by_role("group", name=re.compile("^Tricks ")).get_by_role(
        "button", name="7 tricks", exact=True).click()
    page.get_by_role("button", name="Record the hand").click()
    page.wait_for_selector("text=1. 7♥ by Bo")
    assert font_size(page.locator("table.sheet td").first) >= 19
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    phone390.shot("game-large-text")
    page.reload()  # kept on the phone
    page.wait_for_selector("#entry")
    assert page.evaluate("document.documentElement.classList.contains('text-large')")
    page.goto(f"{phone390.base}/#/")
    page.wait_for_selector("text=Start the game")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390


def test_a_game_reopens_offline_after_a_language_switch(phone: Phone) -> None:
    page = start(phone, "Australian 500", FOUR_PLAYERS)
    contract_hand(page, "7 hearts", "Bo", 3)
    page.wait_for_selector("text=1. 7♥ by Bo")
    controlled(page)
    choose(page, "fr")
    page.wait_for_selector("#entry")
    phone.context.set_offline(True)
    page.reload()
    # The game as this phone last saw it, whatever language its stored reply is in.
    page.wait_for_selector("table.sheet tr.hand")
    assert page.locator(".scoreboard b").all_inner_texts() == ["30", "200"]
