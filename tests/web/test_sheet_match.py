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


def test_a_tables_phone_leaves_a_correction_later_rounds_depend_on_to_the_organizer(
        phone: Phone) -> None:
    page = phone.open()
    t = Tournament(page)
    t.draw()
    made, failed = ({"bidder": 0, "bid": "7H", "tricks": [8, 2]},
                    {"bidder": 1, "bid": "8S", "tricks": [6, 4]})
    games = {}
    for m in t.get()["rounds"][0]["matches"]:
        games[m["id"]] = api(page, "POST", f"/tournaments/{t.id}/matches/{m['id']}/sheet",
                             t.token, {})
        for entered in (made, made, failed, made, failed):
            api(page, "POST", f"/games/{games[m['id']]['id']}/hands", games[m["id"]]["token"],
                entered)
    api(page, "POST", f"/tournaments/{t.id}/advance", t.token)
    scorer = api(page, "POST", f"/tournaments/{t.id}/matches/r1m1/scorers", t.token)["token"]
    before = t.get()
    game = games["r1m1"]["id"]
    page = phone.open(f"#/g/{game}?token={scorer}")
    page.get_by_role("button", name=re.compile("^1\\. ")).click()
    page.get_by_role("button", name="Correct hand 1").click()
    sides = api(page, "GET", f"/games/{game}")["sides"]
    page.get_by_role("button", name=re.compile("^8 spades,")).click()
    page.get_by_role("group", name="Bidder").get_by_role(
        "button", name=sides[1]["players"][0]).click()
    page.get_by_role("group", name=re.compile("^Tricks ")).get_by_role(
        "button", name="6 tricks", exact=True).click()
    page.get_by_role("button", name="Save the correction").click()
    page.get_by_text("Later rounds were built on this match: the organizer applies this "
                     "correction from the desk.").wait_for()
    assert page.locator(".preview-box").count() == 0
    assert t.get()["updated_at"] == before["updated_at"]
    assert t.match("r1m1")["results"] == before["rounds"][0]["matches"][0]["results"]
