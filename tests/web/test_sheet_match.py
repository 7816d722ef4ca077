"""A table of a tournament plays its match on the score sheet from the scorer's link: no scores
typed, each deal scored by the rules and counted in the match, live on the scorer's page."""

from __future__ import annotations

import re

from tests.web.helpers import PHONE, Phone, Tournament, api, deal, until


def test_a_table_plays_its_deals_on_the_sheet_and_the_match_counts_them(phone: Phone) -> None:
    page = phone.open()
    t = Tournament(page)
    t.draw()
    match = t.match("r1m1")
    first, second = match["names"]
    scorer = api(page, "POST", f"/tournaments/{t.id}/matches/r1m1/scorers", t.token)["token"]
    page = phone.open(f"#/t/{t.id}?token={scorer}")
    page.get_by_role("button", name="Play on the score sheet").click()
    page.wait_for_selector("#entry")
    assert page.get_by_role("link", name="Tournament game: back to the match").is_visible()
    game = int(re.search(r"#/g/(\d+)", page.url).group(1))  # type: ignore[union-attr]
    sides = api(page, "GET", f"/games/{game}")["sides"]
    assert [s["name"] for s in sides] == [first, second]
    bidder = sides[0]["players"][0]
    # The first team's 7♥, made with 8 tricks; then the second team's 6♠, failed.
    deal(page, "7 hearts", bidder, 8)
    until(page, "() => document.querySelectorAll('table.sheet tr.hand').length === 1")
    phone.shot("sheet-match-deal-360x740", full_page=False)
    deal(page, "6 spades", sides[1]["players"][0], 3)
    until(page, "() => document.querySelectorAll('table.sheet tr.hand').length === 2")
    hands = api(page, "GET", f"/games/{game}/hands")
    results = t.match("r1m1")["results"]
    assert [r["scores"] for r in results] == [h["deltas"] for h in hands]
    assert all(r["game_id"] == game for r in results)
    # Back at the match: its two games, counted, and the same game to go on with.
    page.get_by_role("link", name="Tournament game: back to the match").click()
    page.get_by_role("button", name="Go on with the score sheet").wait_for()
    assert page.locator(".match-board b").all_inner_texts() == [
        str(sum(r["scores"][0] > r["scores"][1] for r in results)),
        str(sum(r["scores"][1] > r["scores"][0] for r in results))]
    phone.shot("sheet-match-scorer-360x740", full_page=False)
    page.get_by_role("button", name="Go on with the score sheet").click()
    page.wait_for_selector("#entry")
    assert int(re.search(r"#/g/(\d+)", page.url).group(1)) == game  # type: ignore[union-attr]
    assert page.viewport_size == PHONE
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
