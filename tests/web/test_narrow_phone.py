"""Issue 27 at 360 × 740: five to eight players and long names on a small phone. The page never
scrolls sideways (the hands table scrolls inside itself, its hand column staying in sight), names
wrap rather than shrink to "Ale…", the bidder buttons hold long names, the bid buttons hold
"10NT" in Large text, the Italian card picker says "bastoni" whole; and on the new-game form the
names fit the API's limits, a side left unnamed gets a name that fits, the first-dealer picker
says the names typed, and a refused name is shown at its input in words."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.web.helpers import Phone, game_id, scorer_page

ROOT = Path(__file__).resolve().parents[2]
LONG = ["Alessandra", "Bartholomew", "Christophe", "Dorothea", "Evangeline", "Frederika",
        "Giovanni", "Hildegard"]


def alone(n: int) -> list[dict[str, Any]]:
    return [{"name": name, "players": [name]} for name in LONG[:n]]


def paired(sides: int, each: int) -> list[dict[str, Any]]:
    """`sides` sides of `each`, each side named after its players."""
    seats = [[LONG[s + sides * p] for p in range(each)] for s in range(sides)]
    return [{"name": " & ".join(players), "players": players} for players in seats]


def rummy(players: int) -> dict[str, Any]:
    return {"players": [{"meld_points": 10 * p + 5, "hand_points": p, **(
        {"went_out": True, "hand_points": 0} if p == 0 else {})} for p in range(players)]}


def contract(sides: int, **more: Any) -> dict[str, Any]:
    return {"bid": "7H", "bidder": 0, "tricks": [7, *([0] * (sides - 2)), 3], **more}


TABLES = {
    "rummy-8": ("rummy-500", alone(8), [rummy(8)] * 3),
    "australian-5": ("australian-500", alone(5),
                     [{"bid": "7H", "bidder": 0, "partner": 2, "tricks": [3, 1, 4, 1, 1]}] * 2),
    "australian-6-three-sides": ("australian-500", paired(3, 2), [contract(3)] * 2),
    "australian-6-two-sides": ("australian-500", paired(2, 3), [contract(2)] * 2),
    "cinquecento-3": ("cinquecento", alone(3), [{"points": [60, 40, 20]}] * 2),
    "cinquecento-4": ("cinquecento", paired(2, 2), [{"points": [70, 50]}] * 2),
    "quebec": ("quebec-500", paired(2, 2), [contract(2)] * 2),
}

NO_SIDEWAYS = "() => document.scrollingElement.scrollWidth"
# Elements that clip their text with "…" (a name shrunk to "Ale…").
CLIPPED = """() => [...document.querySelectorAll('main *')].filter((e) =>
    getComputedStyle(e).textOverflow === 'ellipsis' && e.scrollWidth > e.clientWidth)
    .map((e) => e.textContent)"""
# Boxes holding a name whose text runs out of them.
OVERFLOWING = """(selector) => [...document.querySelectorAll(selector)]
    .filter((e) => e.scrollWidth > e.clientWidth + 0.5).map((e) => e.textContent)"""


@pytest.mark.parametrize("table", list(TABLES))
def test_many_players_and_long_names_fit_a_360_px_phone(phone: Phone, table: str) -> None:
    variant, sides, hands = TABLES[table]
    page, _ = scorer_page(phone, variant=variant, sides=sides, hands=tuple(hands))
    page.locator("table.sheet tr.hand").nth(len(hands) - 1).wait_for()
    assert page.evaluate(NO_SIDEWAYS) <= 360
    assert page.evaluate(CLIPPED) == []
    for where in (".scoreboard .name", "table.sheet thead th", ".bidders button", "legend"):
        assert page.evaluate(OVERFLOWING, where) == [], where
    if all(" " not in side["name"] for side in sides):  # a name of one word is never cut in two
        assert page.evaluate("""() => [...document.querySelectorAll('.hands th .name')]
            .filter((e) => e.offsetHeight > 1.8 * parseFloat(getComputedStyle(e).fontSize))
            .map((e) => e.textContent)""") == []
    for side in sides:  # every name whole on the scoreboard and over its column
        assert page.locator(".scoreboard .name", has_text=side["name"]).count() == 1
        heads = page.locator("table.sheet thead th")
        assert heads.get_by_text(side["name"], exact=True).count() == 1
    # The table scrolled to its far end: the hand column stays at the left, in sight (measured in
    # one go, so that a live update redrawing the sheet cannot come in between).
    held = page.evaluate("""() => {
        const scroller = document.querySelector('.sheet-scroll');
        scroller.scrollLeft = scroller.scrollWidth;
        const cell = document.querySelector('table.sheet tr.hand td');
        cell.scrollIntoView({ block: 'center' });
        const box = cell.getBoundingClientRect(), frame = scroller.getBoundingClientRect();
        const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
        return { wide: scroller.scrollWidth > scroller.clientWidth, scrolled: scroller.scrollLeft,
                 off: Math.abs(box.left - frame.left), seen: hit?.closest('td') === cell }; }""")
    assert held["off"] <= 3 and held["seen"], held  # 3: half a made/failed border lies outside
    assert held["scrolled"] > 0 or not held["wide"], held
    if table in ("rummy-8", "australian-5"):
        assert held["wide"], held  # these do scroll inside
    first = page.locator("table.sheet tr.hand td").first
    if table in ("rummy-8", "australian-5"):
        phone.shot(f"narrow-{table}-scrolled", full_page=False)
        page.evaluate("window.scrollTo(0, 0)")
        phone.shot(f"narrow-{table}", full_page=False)
    # An explanation opened in a scrolled table reads within the phone's width.
    first.click()
    explain = page.locator("tr.detail .explain")
    explain.wait_for()
    shown = explain.bounding_box()
    assert shown is not None and shown["x"] >= 0 and shown["x"] + shown["width"] <= 360, shown
    assert page.evaluate(NO_SIDEWAYS) <= 360


# Every bid button's label inside the button, in Large text: "10NT", "10SA", "10 senza".
LABELS_INSIDE = """() => [...document.querySelectorAll('#entry [data-code]')].filter((b) => {
    const s = getComputedStyle(b), box = b.getBoundingClientRect();
    const text = b.firstElementChild.getBoundingClientRect();
    return b.scrollWidth > b.clientWidth
      || text.left < box.left + parseFloat(s.borderLeftWidth) + parseFloat(s.paddingLeft) - 1
      || text.right > box.right - parseFloat(s.borderRightWidth) - parseFloat(s.paddingRight) + 1;
  }).map((b) => b.firstElementChild.textContent)"""


@pytest.mark.parametrize("locale", ["en-US", "fr-CA", "it-IT"])
def test_ten_no_trumps_fits_its_button_in_large_text(phones: Any, locale: str) -> None:
    phone = phones(locale=locale)
    phone.open().evaluate("localStorage.setItem('sk.textSize', JSON.stringify('large'))")
    page, _ = scorer_page(phone, sides=alone(5))
    page.reload()
    page.wait_for_selector("#entry [data-code='10NT']")
    assert page.evaluate("document.documentElement.classList.contains('text-large')")
    assert page.evaluate(LABELS_INSIDE) == []
    assert page.evaluate(OVERFLOWING, ".bidders button") == []
    assert page.evaluate(NO_SIDEWAYS) <= 360
    if locale == "it-IT":
        phone.shot("narrow-large-text-bids-it", full_page=False)


def test_the_italian_card_picker_says_each_suit_whole(phones: Any) -> None:
    phone = phones(locale="it-IT")
    page, _ = scorer_page(phone, variant="cinquecento", sides=alone(3))
    page.get_by_role("group", name=re.compile("Inserisci")).get_by_role("button").nth(1).click()
    picker = page.locator(".picker")
    picker.wait_for()
    names = picker.locator(".suit-name")
    assert names.all_inner_texts() == ["denari", "coppe", "spade", "bastoni"]
    assert page.evaluate(OVERFLOWING, ".picker .suit-name") == []
    assert page.evaluate(CLIPPED) == []
    assert page.evaluate(NO_SIDEWAYS) <= 360
    phone.shot("narrow-cinquecento-picker-it", full_page=False)
    # No card tapped yet: the last player took every card but the 2 left out at three players,
    # which the server scores (four 2s would be refused with a 422, failing the test).
    expect(page.locator("#preview")).to_contain_text("120")
    assert page.locator("[data-field=captured] p.muted").inner_text().endswith(": 39 carte")


def spec_name_limits() -> tuple[int, int]:
    """The committed spec's limits on a side's name and a player's."""
    spec = json.loads((ROOT / "openapi" / "openapi.json").read_text())
    side = spec["components"]["schemas"]["Side"]["properties"]
    return side["name"]["maxLength"], side["players"]["items"]["maxLength"]


def dealers(page: Any) -> list[str]:
    texts: list[str] = page.locator("#dealer option").all_inner_texts()
    return texts


def test_the_new_game_form_takes_long_names_and_builds_a_side_name_that_fits(phone: Phone) -> None:
    page = phone.open()
    page.get_by_role("radio", name=re.compile("^Quebec 500")).click()
    side_most, player_most = spec_name_limits()
    assert dealers(page) == ["Seat 1 (side 1)", "Seat 2 (side 2)", "Seat 3 (side 1)",
                             "Seat 4 (side 2)"]
    first = page.get_by_label("Side 1, player 1")
    assert first.get_attribute("maxlength") == str(player_most)
    assert page.locator("input[name='side0']").get_attribute("maxlength") == str(side_most)
    first.press_sequentially("A" * (player_most + 5))
    assert first.input_value() == "A" * player_most  # the limit holds at the keyboard
    assert dealers(page)[0] == "A" * player_most  # the picker says each name as it is typed
    page.get_by_label("Side 1, player 2").fill("Bartholomew Christophe-Dorothea Evangeline")
    for label, name in (("Side 2, player 1", "Cy"), ("Side 2, player 2", "Di")):
        page.get_by_label(label).fill(name)
    assert dealers(page) == ["A" * player_most, "Cy", "Bartholomew Christophe-Dorothea Evangeline",
                             "Di"]
    page.locator("input[name='side0']").fill("")  # left blank: named after its players
    page.locator("#dealer").select_option(label="Cy")
    phone.shot("narrow-new-game-long-names", full_page=False)
    page.get_by_role("button", name="Start the game").click()
    page.wait_for_selector("#entry")
    game = page.request.get(f"/api/v1/games/{game_id(page)}").json()
    built = game["sides"][0]["name"]
    assert len(built) == side_most and built == "A" * (side_most - 1) + "…"
    assert game["sides"][0]["players"][0] == "A" * player_most
    assert game["dealer"] == 1
    assert page.evaluate(NO_SIDEWAYS) <= 360
    assert page.evaluate(CLIPPED) == []


def test_a_refused_name_is_said_at_its_input(phone: Phone) -> None:
    """A name blank but for spaces is said at its input before sending; one the server refuses
    (an invisible character) is said at its input in the server's words, with no field path."""
    page = phone.open()
    page.get_by_role("radio", name=re.compile("^Australian 500")).click()
    names = {"Side 1, player 1": "Ann", "Side 1, player 2": "   ", "Side 2, player 1": "Bo",
             "Side 2, player 2": "Di\u200b"}
    for label, name in names.items():
        page.get_by_label(label).fill(name)
    posted: list[str] = []
    page.on("request", lambda r: posted.append(r.url) if r.method == "POST" else None)
    page.get_by_role("button", name="Start the game").click()
    blank = page.get_by_label("Side 1, player 2")
    blank.locator("xpath=..").get_by_text("Type a name here.").wait_for()
    assert blank.get_attribute("aria-invalid") == "true"
    assert posted == []  # a blank name is never sent
    blank.fill("Cy")
    page.get_by_role("button", name="Start the game").click()
    hidden = page.get_by_label("Side 2, player 2")
    said = hidden.locator("xpath=..").locator(".field-error")
    said.wait_for()
    assert "invisible" in said.inner_text() and "sides." not in said.inner_text()
    assert hidden.get_attribute("aria-invalid") == "true"
    assert blank.get_attribute("aria-invalid") is None
    assert page.locator(".field-error").count() == 1
    assert "sides." not in page.locator("#toast").inner_text()
    assert "#/g/" not in page.url
    # The browser notes the refusal's 422 in the console; the page handled it.
    phone.errors[:] = [e for e in phone.errors if "status of 422" not in e]
