"""Five-handed 500 on the phone: started from the page as five players alone calling a partner,
a hand with a called partner and a misère played alone, the declaring side's tricks on one row
and the defenders' own after it (Record waits for them), the preview's five deltas and the
sheet's five columns; and the start page's table shapes are the API's forms."""

from __future__ import annotations

import json
import re
from typing import Any

from tests.web.helpers import (
    FIVE,
    Phone,
    api_hands,
    bid,
    fits_the_phone,
    game_id,
    no_serious_axe_violations,
    start,
    took,
    totals,
    tricks,
)

CALLING = "5 players, each alone, calling a partner"


def in_words(form: dict[str, Any]) -> str:
    shape = "each alone" if form["per_side"] == 1 else \
        f"{form['sides']} sides of {form['per_side']}"
    calling = ", calling a partner" if form["calls_partner"] else ""
    return f"{form['players']} players, {shape}{calling}"


def preview_lines(page: Any) -> list[str]:
    lines: list[str] = page.locator("#preview .deltas li").all_inner_texts()
    return [" ".join(line.split()) for line in lines]


def record_button(page: Any) -> Any:
    return page.get_by_role("button", name=re.compile("Record the hand|Save the correction"))


def test_a_five_handed_game_with_a_called_partner_and_a_misere_alone(phone: Phone) -> None:
    page = start(phone, "Australian 500", FIVE, table=CALLING, each=1)
    gid = game_id(page)
    game = page.request.get(f"/api/v1/games/{gid}").json()
    assert [s["players"] for s in game["sides"]] == [[n] for n in FIVE]
    assert page.locator("table.sheet thead th").all_inner_texts() == ["Hand", *FIVE]
    # 7♥ by Ann, who called Cy: Ann and Cy 7 between them, Bo 1, Di 1, Ed the last trick.
    bid(page, "7 hearts")
    page.get_by_role("group", name="Bidder").get_by_role("button", name="Ann").click()
    partners = page.get_by_role("group", name="Partner")
    assert partners.get_by_role("button").all_inner_texts() == ["Bo", "Cy", "Di", "Ed", "Alone"]
    assert page.get_by_text("Pick the partner the bidder called, or Alone.").is_visible()
    partners.get_by_role("button", name="Cy").click()
    # Bid, bidder and partner picked: nothing is recorded before the tricks are.
    assert record_button(page).is_disabled()
    assert page.get_by_text("Pick the tricks Ann and Cy took.").is_visible()
    took(page, 7)
    assert record_button(page).is_disabled()
    assert page.get_by_text("Pick the tricks Bo took.").is_visible()
    # The defenders' own tricks: Bo 1, Di 1; Ed's are the rest, worked out.
    assert tricks(page, [3, 1, 4, 1, 1], ["Ann", "Cy"]) == 3
    ed = page.get_by_role("group", name="Ed tricks", exact=True)
    assert ed.locator("[aria-pressed=true]").inner_text() == "1"
    page.locator("#preview .deltas").wait_for()
    assert preview_lines(page) == ["Ann +200 total 200", "Bo +10 total 10", "Cy +200 total 200",
                                   "Di +10 total 10", "Ed +10 total 10"]
    # What the phone's screen shows: the partner, the declaring side's row, the defenders' rows.
    page.evaluate("document.getElementById('partner-label').scrollIntoView()")
    phone.shot("five-handed-entry", full_page=False)
    fits_the_phone(page)
    no_serious_axe_violations(page)
    record_button(page).click()
    page.wait_for_selector("text=1. 7♥ by Ann with Cy")
    # Misère by Bo: always alone, so no partner is asked for; the defenders score nothing, so
    # their tricks are not asked either.
    bid(page, "Misère")
    page.get_by_role("group", name="Bidder").get_by_role("button", name="Bo").click()
    assert page.get_by_text("Misère is always played alone.").is_visible()
    assert page.get_by_role("group", name="Partner").get_by_role("button").count() == 0
    assert record_button(page).is_disabled()
    assert tricks(page, [3, 0, 2, 3, 2], ["Bo"], asked=False) == 1
    assert page.get_by_text("The defenders took the other 10.").is_visible()
    page.locator("#preview .deltas", has_text="+250").wait_for()
    phone.shot("five-handed-misere")
    record_button(page).click()
    page.wait_for_selector("text=2. Misère by Bo alone")
    first, second = api_hands(page, gid)
    # The declaring side's tricks are the bidder's in the record: only their sum scores.
    assert (first["partner"], first["tricks"], first["deltas"]) == (2, [7, 1, 0, 1, 1],
                                                                    [200, 10, 200, 10, 10])
    assert (second["partner"], second["tricks"]) == (None, [10, 0, 0, 0, 0])
    assert second["deltas"][1] == 250
    game = page.request.get(f"/api/v1/games/{gid}").json()
    assert totals(page) == [str(score) for score in game["scores"]] == \
        [str(a + b) for a, b in zip(first["deltas"], second["deltas"], strict=True)]
    phone.shot("five-handed-sheet")
    fits_the_phone(page)
    no_serious_axe_violations(page)


def test_a_partner_choice_follows_the_bidder_and_alone_is_recorded(phone: Phone) -> None:
    page = start(phone, "Australian 500", FIVE, table=CALLING, each=1)
    partners = page.get_by_role("group", name="Partner")
    assert partners.get_by_role("button").all_inner_texts() == [*FIVE, "Alone"]
    bid(page, "Misère")
    assert partners.get_by_role("button").count() == 0
    # Another bid after one always played alone: Alone is offered again.
    bid(page, "6 spades")
    assert partners.get_by_role("button").all_inner_texts() == [*FIVE, "Alone"]
    bidders = page.get_by_role("group", name="Bidder")
    bidders.get_by_role("button", name="Ann").click()
    partners.get_by_role("button", name="Bo").click()
    # Bo wins the auction instead: Bo cannot call Bo, so the partner is asked for again.
    bidders.get_by_role("button", name="Bo").click()
    assert partners.get_by_role("button").all_inner_texts() == ["Ann", "Cy", "Di", "Ed", "Alone"]
    assert partners.locator("[aria-pressed=true]").count() == 0
    partners.get_by_role("button", name="Alone").click()
    assert tricks(page, [0, 6, 2, 1, 1], ["Bo"]) == 4
    record_button(page).click()
    page.wait_for_selector("text=1. 6♠ by Bo alone")
    [hand] = api_hands(page, game_id(page))
    assert (hand["bidder"], hand["partner"], hand["deltas"]) == (1, None, [0, 40, 20, 10, 10])
    # Corrected: Bo had called Cy after all, and with Cy took 8. The form opens with the hand
    # as recorded.
    page.get_by_role("row", name=re.compile("1. 6♠ by Bo alone")).click()
    page.get_by_role("button", name="Correct hand 1").click()
    assert partners.get_by_role("button", name="Alone").get_attribute("aria-pressed") == "true"
    declared = page.get_by_role("group", name="Tricks Bo took")
    assert declared.locator("[aria-pressed=true]").inner_text() == "6"
    for name, count in zip(["Ann", "Cy", "Di", "Ed"], [0, 2, 1, 1], strict=True):
        row = page.get_by_role("group", name=f"{name} tricks", exact=True)
        assert row.locator("[aria-pressed=true]").inner_text() == str(count)
    partners.get_by_role("button", name="Cy").click()
    # Ann 0, Di 1 and Ed 1 are kept; the row now counts Bo and Cy, who took the other 8.
    assert record_button(page).is_disabled()
    assert page.get_by_text("The tricks add up to 8, not 10.").is_visible()
    took(page, 8)
    record_button(page).click()
    page.wait_for_selector("text=1. 6♠ by Bo with Cy")
    [hand] = api_hands(page, game_id(page))
    assert (hand["partner"], hand["tricks"], hand["deltas"]) == (2, [0, 8, 0, 1, 1],
                                                                 [0, 40, 40, 10, 10])


def test_the_start_pages_table_shapes_are_the_apis_forms(phone_without_worker: Phone) -> None:
    phone = phone_without_worker  # page.route below: no service worker between page and server
    page = phone.open()
    page.wait_for_selector("text=Start the game")
    variants = page.request.get("/api/v1/variants").json()
    for variant in variants:
        page.get_by_role("radio", name=re.compile(f"^{variant['name']}")).click()
        shown = page.get_by_role("group", name="Table").get_by_role("button").all_inner_texts()
        assert shown == [in_words(form) for form in variant["forms"]], variant["key"]
    # A form the page has never heard of is offered too: the shapes are not kept in the page.
    invented = {"players": 7, "sides": 7, "per_side": 1, "calls_partner": True}

    def with_an_invented_form(route: Any) -> None:
        listed = route.fetch().json()
        listed[0]["forms"].append(invented)
        route.fulfill(status=200, content_type="application/json", body=json.dumps(listed))

    page.route("**/api/v1/variants", with_an_invented_form)
    page.reload()
    page.get_by_role("group", name="Table").get_by_role(
        "button", name="7 players, each alone, calling a partner").click()
    assert page.get_by_label("Side 7, player 1").is_visible()
    fits_the_phone(page)
    phone.shot("start-table-shapes")
