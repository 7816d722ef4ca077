"""The game page at the table, at 360x740 and 390x844: a hand in a few taps (counted), the preview
line beside Record, the scores always in sight (sticky, leader, progress, negatives red), suits in
their colours, made and failed hands marked, the chart of running totals, the game-over banner and
its rematch; every variant's entry, and the bugs of issue 16 (misère names, a Rummy refusal shown
once at its control, a pass-out played at no-trumps, Cinquecento by captured cards)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest

from tests.web.helpers import (
    FOUR_PLAYERS,
    Phone,
    api_hands,
    fits_the_phone,
    game_id,
    no_serious_axe_violations,
    scorer_page,
    start,
    totals,
)

PHONES = {"360x740": {"width": 360, "height": 740}, "390x844": {"width": 390, "height": 844}}


@pytest.fixture(params=list(PHONES))
def sized(request: pytest.FixtureRequest, browser: Any, server: str) -> Iterator[Phone]:
    device = Phone(browser, server, viewport=PHONES[request.param])
    device.size = request.param  # type: ignore[attr-defined]
    yield device
    device.context.close()
    assert device.errors == [], device.errors


class Taps:
    """Counts the taps of a hand's entry, Record not included."""

    def __init__(self, page: Any) -> None:
        self.page = page
        self.count = 0

    def bid(self, spoken: str) -> None:
        self.tap(self.page.get_by_role("button", name=re.compile(f"^{re.escape(spoken)},")))

    def bidder(self, name: str) -> None:
        self.tap(self.page.get_by_role("group", name="Bidder").get_by_role("button", name=name))

    def took(self, tricks: int) -> None:
        self.tap(self.page.get_by_role("group", name=re.compile("^Tricks ")).get_by_role(
            "button", name=f"{tricks} trick{'' if tricks == 1 else 's'}", exact=True))

    def tap(self, target: Any) -> None:
        target.tap()
        self.count += 1

    def record(self) -> None:
        record = self.page.get_by_role("button", name="Record the hand")
        # Record is in sight without scrolling: the action bar stays at the bottom.
        box = record.bounding_box()
        assert box and box["y"] + box["height"] <= self.page.viewport_size["height"]
        record.tap()


def tapped_hand(page: Any, bid: str, bidder: str, took: int, outcome: str, row: str) -> int:
    """Enter a hand in taps, wait for its preview to say `outcome`, record it and see its `row`
    on the sheet: the taps it took."""
    taps = Taps(page)
    taps.bid(bid)
    taps.bidder(bidder)
    taps.took(took)
    page.locator("#preview .headline", has_text=outcome).wait_for()
    taps.record()
    page.wait_for_selector(f"text={row}")
    return taps.count


def in_view(page: Any, locator: Any) -> bool:
    box = locator.bounding_box()
    return bool(box) and box["y"] >= 0 and box["y"] + box["height"] <= page.viewport_size["height"]


def colour(locator: Any) -> str:
    found: str = locator.evaluate("e => getComputedStyle(e).color")
    return found


def test_a_hand_in_three_taps_and_record(sized: Phone) -> None:
    page = start(sized, "Australian 500", FOUR_PLAYERS)
    gid = game_id(page)
    # Started: the page opens at the top, the scores and the first bids in sight.
    assert page.evaluate("window.scrollY") == 0
    assert in_view(page, page.locator(".scoreboard"))
    assert in_view(page, page.get_by_role("button", name=re.compile("^6 spades,")))
    # Ann bid 7♠ and took 8: made.
    taps = Taps(page)
    taps.bid("7 spades")
    taps.bidder("Ann")
    taps.took(8)
    page.locator("#preview .headline").wait_for()
    assert page.locator("#preview .headline").inner_text() == \
        "✓ 7♠ made: North-South +140, East-West +20"
    assert page.locator(".actions .headline").inner_text() == \
        "✓ 7♠ made: North-South +140, East-West +20"
    sized.shot(f"entry-preview-{sized.size}", full_page=False)  # type: ignore[attr-defined]
    assert page.evaluate("document.documentElement.scrollWidth") <= page.viewport_size["width"]
    taps.record()
    page.wait_for_selector("text=1. 7♠ by Ann")
    made = taps.count
    # Bo bid 8♥ and his side took 6: failed.
    failed = tapped_hand(page, "8 hearts", "Bo", 6, "failed", "2. 8♥ by Bo")
    # A misère by side 1 (Cy), no trick taken: the row starts at 0.
    misere = tapped_hand(page, "Misère", "Cy", 0, "made", "3. Misère by Cy")
    assert (made, failed, misere) == (3, 3, 3)
    hands = api_hands(page, gid)
    assert [(h["bid"], h["bidder"], h["tricks"]) for h in hands] == [
        ("7S", 0, [8, 2]), ("8H", 1, [4, 6]), ("MIS", 2, [0, 10])]
    # After recording, the next hand starts at the top again.
    assert page.evaluate("window.scrollY") == 0
    page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
    sized.shot(f"sheet-{sized.size}", full_page=False)  # type: ignore[attr-defined]


def test_the_trick_row_starts_at_the_bids_level(phone: Phone) -> None:
    page, _ = scorer_page(phone)
    row = page.get_by_role("group", name=re.compile("^Tricks "))
    assert row.get_by_role("button").all_inner_texts() == [str(n) for n in range(11)]
    page.get_by_role("button", name=re.compile("^9 clubs,")).click()
    page.wait_for_timeout(150)
    # Scrolled toward the bid's level, as far as the row goes: 9 and 10 in sight.
    assert row.evaluate("e => e.scrollLeft") > 0
    box = row.bounding_box()
    for shown in ("9 tricks", "10 tricks"):
        button = row.get_by_role("button", name=shown, exact=True).bounding_box()
        assert box and button and box["x"] <= button["x"] <= box["x"] + box["width"] - 44
    # A misère counts from none: the row starts at 0.
    page.get_by_role("button", name=re.compile("^Misère,")).click()
    page.wait_for_timeout(150)
    assert row.evaluate("e => e.scrollLeft") == 0
    # Every button is a thumb's size.
    for button in row.get_by_role("button").all():
        size = button.bounding_box()
        assert size and size["width"] >= 44 and size["height"] >= 44


def test_scores_in_sight_red_negatives_red_suits_marks_and_the_chart(phone: Phone) -> None:
    page, gid = scorer_page(phone, options={"target": 2000}, hands=(
        {"bidder": 0, "bid": "7S", "tricks": [8, 2]},
        {"bidder": 1, "bid": "8H", "tricks": [4, 6]},
        {"bidder": 2, "bid": "MIS", "tricks": [0, 10]},
        {"bidder": 0, "bid": "OMIS", "tricks": [0, 10]}))
    assert totals(page) == ["930", "-280"]
    # Negatives red, the leader marked in words for a screen reader and with a star.
    assert colour(page.locator(".total b").nth(1)) == "rgb(164, 22, 26)"
    assert colour(page.locator(".total b").nth(0)) == "rgb(27, 31, 36)"
    assert page.locator(".total.leader").inner_text().startswith("★ North-South")
    assert "(leading)" in page.locator(".total.leader").text_content()
    # Red suits red, black suits dark: in the bid grid and in the sheet.
    red = "rgb(200, 16, 46)"
    assert colour(page.get_by_role("button", name=re.compile("^7 hearts,")).locator(".suit")) == red
    diamonds = page.get_by_role("button", name=re.compile("^7 diamonds,"))
    assert colour(diamonds.locator(".suit")) == red
    assert colour(page.get_by_role("button", name=re.compile("^7 spades,")).locator(".suit")) == \
        "rgb(27, 31, 36)"
    assert colour(page.locator("tr.hand").nth(1).locator(".suit")) == red
    # Made and failed told apart by colour and word; misère and open misère by their names.
    rows = [" ".join(t.split()) for t in page.locator("tr.hand td:first-child").all_inner_texts()]
    assert rows == ["1. 7♠ by Ann ✓ made", "2. 8♥ by Bo ✗ failed", "3. Misère by Cy ✓ made",
                    "4. Open misère by Ann ✓ made"]
    assert page.locator("tr.hand.failed").count() == 1
    assert "MI♠" not in page.content()
    # The scores stay in sight at the bottom of the page.
    page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
    page.wait_for_timeout(100)
    assert in_view(page, page.locator(".scoreboard"))
    # The chart: an SVG image whose text alternative lists the totals (as English writes them).
    chart = page.get_by_role("img", name=re.compile("^Running totals"))
    assert chart.get_attribute("aria-label") == \
        "Running totals after 4 hands: North-South 930, East-West -280; target 2,000."
    assert page.locator("svg.chart polyline").count() == 2
    # A hand's explanation on tap.
    page.locator("tr.hand").nth(1).click()
    assert page.locator("tr.detail li").first.inner_text().startswith("8♥ failed")
    page.locator("svg.chart").scroll_into_view_if_needed()
    phone.shot("sheet-with-chart", full_page=False)
    fits_the_phone(page)
    no_serious_axe_violations(page)
    assert len(api_hands(page, gid)) == 4


def test_game_over_banner_and_rematch(phone: Phone) -> None:
    page, gid = scorer_page(phone, options={"target": 300, "ralphing": True},
                            hands=({"bidder": 1, "bid": "7H", "tricks": [3, 7]},))
    page.get_by_role("button", name=re.compile("^9 spades,")).click()
    page.get_by_role("group", name="Bidder").get_by_role("button", name="Ann").click()
    page.get_by_role("group", name=re.compile("^Tricks ")).get_by_role(
        "button", name="9 tricks", exact=True).click()
    page.locator("#preview .ends").wait_for()
    page.get_by_role("button", name="Record the hand").click()
    banner = page.get_by_role("status", name="Game over")
    banner.wait_for()
    assert "Game over: North-South won." in banner.inner_text()
    # The statistics are a page of the app (tests/web/test_stats_page.py).
    assert banner.get_by_role("link", name="Statistics").get_attribute("href") == f"#/g/{gid}/stats"
    for name, path in (("CSV", "sheet.csv"), ("Export", "export")):
        href = banner.get_by_role("link", name=name).get_attribute("href")
        # Asked in the page's language (the CSV's headings, the statistics' words).
        assert href.split("?lang=")[0] == f"/api/v1/games/{gid}/{path}"
        assert page.request.get(href).status == 200
    phone.shot("game-over")
    no_serious_axe_violations(page)
    old = page.request.get(f"/api/v1/games/{gid}").json()
    banner.get_by_role("button", name="Rematch").click()
    page.wait_for_url(re.compile(rf"#/g/(?!{gid}$)\d+$"))
    page.wait_for_selector("#entry")
    new_id = game_id(page)
    assert new_id != gid
    new = page.request.get(f"/api/v1/games/{new_id}").json()
    assert new["sides"] == old["sides"]
    assert new["options"] == old["options"]
    assert new["options"]["target"] == 300 and new["options"]["ralphing"] is True
    assert new["dealer"] == old["dealer"] and new["hands_played"] == 0
    assert totals(page) == ["0", "0"]
    # The rematch is this phone's to score: a hand can be entered at once.
    assert page.get_by_role("button", name="Record the hand").count() == 1


def test_a_pass_out_played_at_no_trumps_is_entered_on_the_page(phone: Phone) -> None:
    page, gid = scorer_page(phone, options={"pass_out": "no-trump"})
    assert page.get_by_text("through the API").count() == 0
    page.get_by_role("button", name="Everybody passed").click()
    page.get_by_role("group", name="Tricks North-South took").get_by_role(
        "button", name="6 tricks", exact=True).click()
    page.locator("#preview .deltas").wait_for()
    page.get_by_role("button", name="Record the hand").click()
    page.wait_for_selector("text=1. passed out")
    [hand] = api_hands(page, gid)
    assert hand["passed_out"] is True and hand["tricks"] == [6, 4]
    assert hand["deltas"] == [60, 40]


def test_a_rummy_refusal_is_said_once_at_its_player(phone: Phone) -> None:
    page, gid = scorer_page(phone, variant="rummy-500",
                            sides=[{"name": n, "players": [n]} for n in ("Ann", "Bo")])
    melded = page.get_by_label("Points melded and laid off")
    held = page.get_by_label("Points left in hand")
    melded.nth(0).fill("20")
    melded.nth(1).fill("10")
    held.nth(0).fill("0")
    held.nth(1).fill("0")  # nobody holds anything: both went out, which the rules refuse
    page.get_by_role("button", name="Record the hand").click()
    refusal = page.locator("#entry .refusal")
    refusal.wait_for()
    text = refusal.inner_text()
    assert "players." not in text and "went_out" not in text
    assert text.lower().count("only one player goes out") == 1
    bo = page.get_by_role("group", name="Bo")
    assert bo.get_attribute("aria-invalid") == "true"
    assert bo.locator(".field-error").count() == 1
    assert page.get_by_role("group", name="Ann").locator(".field-error").count() == 0
    phone.shot("rummy-refused")
    assert api_hands(page, gid) == []
    # The browser notes the 422 in the console; the page handled it.
    phone.errors[:] = [e for e in phone.errors if "status of 422" not in e]


def test_cinquecento_by_captured_cards_with_a_marianna(phone: Phone) -> None:
    page, gid = scorer_page(phone, variant="cinquecento")
    page.get_by_role("group", name="Enter the hand by").get_by_role(
        "button", name="Captured cards").click()
    picker = page.get_by_role("group", name="Captured cards")
    # North-South captured the four aces and the four threes: 4 × 11 + 4 × 10 = 84.
    for suit in ("coins", "cups", "swords", "clubs"):
        picker.get_by_role("button", name=f"ace of {suit}").click()
        picker.get_by_role("button", name=f"3 of {suit}").click()
    assert page.get_by_text("North-South: 8 cards · East-West: 32 cards").is_visible()
    page.get_by_role("group", name="Mariannas of East-West").get_by_role(
        "button", name="cups").click()
    page.locator("#preview .deltas").wait_for()
    phone.shot("cinquecento-cards", full_page=False)
    fits_the_phone(page)
    no_serious_axe_violations(page)
    page.get_by_role("button", name="Record the hand").click()
    page.wait_for_selector("text=1. card points, 1 Marianna")
    [hand] = api_hands(page, gid)
    assert len(hand["captured"][0]) == 8 and len(hand["captured"][1]) == 32
    assert hand["mariannas"] == [{"side": 1, "suit": "cups"}]
    game = page.request.get(f"/api/v1/games/{gid}").json()
    assert totals(page) == [str(s) for s in game["scores"]]
    assert game["scores"] == [84, 36 + 40]


def test_cinquecento_marianna_chips_in_order(phone: Phone) -> None:
    page, gid = scorer_page(phone, variant="cinquecento")
    page.get_by_label("North-South card points").fill("70")
    assert page.get_by_text("East-West: 50 card points").is_visible()
    ns = page.get_by_role("group", name="Mariannas of North-South")
    ew = page.get_by_role("group", name="Mariannas of East-West")
    ew.get_by_role("button", name="swords").click()
    ns.get_by_role("button", name="coins").click()
    # A suit declared by one side cannot be declared by the other; a second tap takes it back.
    assert ns.get_by_role("button", name=re.compile("^swords")).is_disabled()
    assert ew.get_by_role("button", name=re.compile("^swords")).inner_text().split() == \
        ["swords", "1st"]
    ns.get_by_role("button", name=re.compile("^coins")).click()
    ns.get_by_role("button", name=re.compile("^cups")).click()
    page.locator("#preview .deltas").wait_for()
    phone.shot("cinquecento")
    page.get_by_role("button", name="Record the hand").click()
    page.wait_for_selector("text=1. card points, 2 Mariannas")
    [hand] = api_hands(page, gid)
    assert hand["mariannas"] == [{"side": 1, "suit": "swords"}, {"side": 0, "suit": "cups"}]
