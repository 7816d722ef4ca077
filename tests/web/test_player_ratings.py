"""Ratings on the page (issue 30): a player's page shows each family's rating, whether it is
still provisional, its games and its history as a chart; a club game's sheet shows each side's
chance before the first hand."""

from __future__ import annotations

import re

from tests.web.helpers import (
    Phone,
    api,
    club_game,
    fits_the_phone,
    no_serious_axe_violations,
)

NOUS_WIN = [{"bidder": 0, "bid": "8H", "tricks": [8, 2]},   # 300
            {"bidder": 2, "bid": "7H", "tricks": [7, 3]}]   # 500: Nous win
EUX_WIN = [{"bidder": 1, "bid": "8H", "tricks": [2, 8]},
           {"bidder": 3, "bid": "7H", "tricks": [3, 7]}]    # Eux win


def test_a_player_s_rating_chart_and_the_sheet_s_chances(phone: Phone) -> None:
    page = phone.open()
    club = api(page, "POST", "/clubs", data={"name": "Club de la Rive", "public": True})
    ids = {name: api(page, "POST", f"/clubs/{club['id']}/players", club["member_token"],
                     {"name": name})["id"]
           for name in ("Marie Bouchard", "Luc Caron", "Jean Roy", "Anne Lavoie", "Zoé T.")}
    seat = {name: {"name": name, "player": pid} for name, pid in ids.items()}
    table = [seat["Marie Bouchard"], seat["Luc Caron"], seat["Jean Roy"], seat["Anne Lavoie"]]
    member = club["member_token"]
    for n in range(12):  # Marie and Jean win two games in three
        club_game(page, club["id"], member, table, EUX_WIN if n % 3 == 2 else NOUS_WIN)
    club_game(page, club["id"], member, [seat["Zoé T."], "Paul", "Rose", "Guy"], NOUS_WIN)
    marie = api(page, "GET", f"/players/{ids['Marie Bouchard']}/ratings")["ratings"][0]
    assert (marie["games"], marie["provisional"]) == (12, False) and marie["value"] > 50

    page = phone.open(f"#/p/{ids['Marie Bouchard']}")
    card = page.locator(".rating")
    card.get_by_role("heading", name="Rating — 500: contracts").wait_for()
    assert card.locator(".rating-value strong").inner_text() == f"{marie['value']:.1f}"
    assert card.get_by_text("provisional").count() == 0
    card.get_by_text("12 rated games").wait_for()
    chart = card.get_by_role("img", name=re.compile(
        r"^Rating after each of 12 games, from 50 to \d"))
    points = chart.locator("polyline").get_attribute("points") or ""
    assert len(points.split()) == 13  # 50 at the start, then one point a game
    fits_the_phone(page)
    no_serious_axe_violations(page)
    card.scroll_into_view_if_needed()
    phone.shot("player-rating-chart-en", full_page=False)
    # A newcomer's rating says it is provisional.
    page = phone.open(f"#/p/{ids['Zoé T.']}")
    page.locator(".rating").get_by_text("provisional").wait_for()
    page.locator(".rating").get_by_text("1 rated game", exact=True).wait_for()
    phone.shot("player-rating-chart-provisional")
    # In French.
    page = phone.open(f"?lang=fr#/p/{ids['Marie Bouchard']}")
    page.locator(".rating").get_by_role("heading", name=re.compile("^Cote")).wait_for()
    page.locator(".rating").scroll_into_view_if_needed()
    phone.shot("player-rating-chart-fr", full_page=False)

    # The next game's sheet: each side's chance, until the first hand.
    coming = club_game(page, club["id"], club["member_token"], table, [])
    page = phone.open(f"#/g/{coming}")
    line = page.locator(".chances")
    line.wait_for()
    chances = api(page, "GET", f"/games/{coming}/chances")["sides"]
    assert chances[0]["chance"] > 0.5
    assert line.inner_text() == (
        f"Chances from the ratings: Nous {round(chances[0]['chance'] * 100)}% · "
        f"Eux {round(chances[1]['chance'] * 100)}%")
    fits_the_phone(page)
    phone.shot("sheet-chances", full_page=False)
