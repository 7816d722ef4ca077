"""The organizer's print kit (#/t/{id}/print: a card per table with a QR code of its scorer link,
the standings, the bracket, on A4 or Letter) and the projector view (#/t/{id}/screen: the round,
the standings, the bracket and the podium on a 16:9 wall, live, cycling what does not fit), for
an 8-team Quebec tournament drawn through the API (issue 18, items 4 and 6)."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest

from tests.qr_pixels import decode, png_pixels
from tests.web.helpers import (
    LAPTOP,
    SHOTS,
    TEAMS,
    Phone,
    Tournament,
    loaded_codes,
    no_serious_axe_violations,
    on_paper,
    organizer,
    until,
)

WALLS = [{"width": 1920, "height": 1080}, {"width": 1280, "height": 720}]
CYCLE_S = 12
# The kit of a drawn 8-team Quebec tournament: 4 tables, two cards a page, then the standings
# and the bracket on a page each.
KIT_PAGES = 4
# The printable height of a page inside the kit's 10 mm margins, in CSS pixels (96 per inch).
PRINTABLE_PX = {"a4": (297 - 20) / 25.4 * 96, "letter": (279.4 - 20) / 25.4 * 96}


def shoot(page: Any, name: str, **kwargs: Any) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), **kwargs)


def pdf_pages(pdf: bytes) -> int:
    """Pages of a PDF: its /Type /Page objects (not /Pages, their tree)."""
    return len(re.findall(rb"/Type\s*/Page(?![a-zA-Z])", pdf))


# -- the print kit ---------------------------------------------------------------------------------


def test_the_print_kit_cards_scan_to_their_own_table(phones: Callable[..., Phone],
                                                       second_phone: Phone) -> None:
    desk = phones(viewport=LAPTOP)
    t = Tournament(desk.page)
    t.draw()
    page = organizer(desk, t, "print")
    loaded_codes(page, 4)
    round_ = t.get()["rounds"][0]
    teams = {name: players for name, players in TEAMS}
    cards = page.locator(".table-card")
    assert cards.count() == 4
    assert page.get_by_label("Round").input_value() == str(round_["number"])
    for n, m in enumerate(round_["matches"]):
        card = cards.nth(n)
        text = card.inner_text()
        assert f"Table {m['table']}" in text and "Soirée du Club" in text
        assert round_["name"] in text and m["id"] not in text
        for name in m["names"]:
            assert name in text and ", ".join(teams[name]) in text
        assert card.locator(".card-grid tbody tr").count() == m["games"] == 5
        assert "Scan to enter this table's scores" in text
        # The card as a camera sees it: its QR code is the scorer link of this table's match.
        card.scroll_into_view_if_needed()
        link = decode(png_pixels(card.screenshot()))
        assert link in text  # written small under the code too
        prefix = f"{desk.base}/#/t/{t.id}?token="
        assert link.startswith(prefix), link
        scorer = link.removeprefix(prefix)
        assert t.access(scorer) == {"role": "scorer", "match": m["id"], "team": None}
        # That token reports this match's games, and no other's.
        other = round_["matches"][(n + 1) % 4]["id"]
        before = t.match(other)
        refused = t.report(other, [300, 100], token=scorer)
        assert refused.status == 403 and t.match(other) == before
        if n == 0:
            # The first card scanned by a second phone: it opens that table's scorer page (the
            # token kept on the phone, out of the address bar), where the game is entered beside
            # the teams' names and lands in this match.
            second = second_phone.open(link.removeprefix(f"{desk.base}/"))
            second.wait_for_selector(f"h1:text-is('Table {m['table']} · {round_['name']}')")
            assert "token" not in second.url
            kept = second.evaluate(
                "(id) => JSON.parse(localStorage.getItem('sk.tscorers'))[id].token", t.id)
            assert kept == scorer
            on_paper(second)
            second.get_by_label(m["names"][0], exact=True).fill("280")
            second.get_by_label(m["names"][1], exact=True).fill("140")
            second.get_by_role("button", name="Send game 1").click()
            second.get_by_role("button", name="Send game 2").wait_for()
            second_phone.shot("print-card-scanned", full_page=False)
            # A scorer's device is no organizer's: no print kit there.
            second.goto(f"{desk.base}/#/t/{t.id}/print")
            second.wait_for_selector("text=Only the organizer prints the table cards.")
        else:
            reply = t.report(m["id"], [280, 140], token=scorer)
            assert reply.status == 201, reply.json()
        assert t.match(m["id"])["results"][0]["scores"] == [280, 140]
    desk.shot("print-kit-screen", full_page=False)
    cards.nth(0).screenshot(path=str(SHOTS / "print-card.png"))
    assert second_phone.errors == []


def test_with_confirmation_each_team_has_its_own_code(phones: Callable[..., Phone]) -> None:
    """When the other team confirms each game, a card has one code per team, each named."""
    desk = phones(viewport=LAPTOP)
    t = Tournament(desk.page, confirm_games=True)
    t.draw()
    page = organizer(desk, t, "print")
    loaded_codes(page, 8)
    round_ = t.get()["rounds"][0]
    for n, m in enumerate(round_["matches"]):
        codes = page.locator(".table-card").nth(n).locator(".card-qr")
        assert codes.count() == 2
        for side in range(2):
            code = codes.nth(side)
            name = t.get()["teams"][m["teams"][side]]["name"]
            assert f"{name}'s scorer" in code.inner_text()
            code.scroll_into_view_if_needed()
            token = decode(png_pixels(code.screenshot())).split("?token=")[1]
            assert t.access(token) == {"role": "scorer", "match": m["id"], "team": m["teams"][side]}
    page.locator(".table-card").nth(0).screenshot(path=str(SHOTS / "print-card-confirmed.png"))
    page.emulate_media(media="print")
    for paper, format_ in (("a4", "A4"), ("letter", "Letter")):
        if paper == "letter":
            page.emulate_media(media="screen")
            page.get_by_label("Paper").select_option("letter")
            page.emulate_media(media="print")
        assert page.evaluate("() => [...document.querySelectorAll('.table-card')]"
                             ".every((c) => c.scrollHeight <= c.clientHeight + 1)"), paper
        assert pdf_pages(page.pdf(format=format_)) == KIT_PAGES, paper


def test_the_print_kit_on_paper(phones: Callable[..., Phone]) -> None:
    desk = phones(viewport=LAPTOP)
    t = Tournament(desk.page)
    t.draw()
    page = organizer(desk, t, "print")
    loaded_codes(page, 4)
    page.emulate_media(media="print")
    for hidden in (".bar", ".foot", ".print-controls", ".print-button"):
        assert not page.locator(hidden).first.is_visible(), hidden
    assert page.locator(".table-card").first.is_visible()
    for paper, format_ in (("a4", "A4"), ("letter", "Letter")):
        if paper == "letter":
            page.emulate_media(media="screen")
            page.get_by_label("Paper").select_option("letter")
            page.emulate_media(media="print")
        assert page.evaluate("() => document.body.dataset.paper") == paper
        # Each card is at most half the printable page (two to a sheet) and nothing in it is
        # cut off; the standings and the bracket each start a page.
        sizes = page.evaluate("() => [...document.querySelectorAll('.table-card')].map((c) =>"
                              " [c.getBoundingClientRect().height, c.scrollHeight, c.clientHeight,"
                              " getComputedStyle(c).breakInside])")
        assert len(sizes) == 4
        for height, scroll, client, inside in sizes:
            assert height <= PRINTABLE_PX[paper] / 2, (paper, height)
            assert scroll <= client + 1 and inside == "avoid", (paper, scroll, client)
        pdf = page.pdf(format=format_, print_background=True)
        assert pdf_pages(pdf) == KIT_PAGES, (paper, pdf_pages(pdf))
        (SHOTS / f"print-kit-{paper}.pdf").write_bytes(pdf)
    shoot(page, "print-kit-print-media", full_page=True)
    # The paper chosen is kept on this device.
    page.reload()
    loaded_codes(page, 4)
    assert page.get_by_label("Paper").input_value() == "letter"


def test_the_print_kit_fits_the_organizers_phone(phone: Phone) -> None:
    t = Tournament(phone.page)
    t.draw()
    page = organizer(phone, t, "print")
    loaded_codes(page, 4)
    assert page.get_by_role("button", name="Print").is_visible()
    assert page.evaluate("() => document.scrollingElement.scrollWidth <= innerWidth"
                         " && innerWidth === 360")
    phone.shot("print-kit-phone", full_page=False)
    no_serious_axe_violations(page)


def test_the_print_kit_is_the_organizers(phone: Phone) -> None:
    t = Tournament(phone.page)
    t.draw()
    page = phone.open(f"#/t/{t.id}/print")
    page.wait_for_selector("text=Only the organizer prints the table cards.")
    assert page.locator(".table-card").count() == 0
    page.get_by_role("link", name="Back to the tournament").click()
    page.wait_for_selector("h1:has-text('Soirée du Club')")


# -- the projector view ----------------------------------------------------------------------------


def wall_number(page: Any) -> str:
    value: str = page.locator(".wall").get_attribute("data-wall")
    return value


def nothing_spills(page: Any) -> None:
    """The wall fills the screen and no more: no scrolling, no panel drawn past its edge."""
    assert page.evaluate("() => document.scrollingElement.scrollHeight <= innerHeight + 1"
                         " && document.scrollingElement.scrollWidth <= innerWidth + 1")
    assert page.evaluate("() => [...document.querySelectorAll('.wall-panel')].every((p) =>"
                         " p.getBoundingClientRect().bottom <= innerHeight + 1)")


@pytest.mark.parametrize("size", WALLS, ids=["1920x1080", "1280x720"])
def test_the_projector_shows_the_round_and_standings_then_the_bracket_live(
        phones: Callable[..., Phone], size: dict[str, int]) -> None:
    wall = phones(viewport=size)
    t = Tournament(wall.page)
    t.draw()
    page = organizer(wall, t, "screen")
    page.wait_for_selector(".panel-round")
    body = t.get()
    first = body["rounds"][0]["matches"][0]
    assert page.locator(".bar").is_hidden() and page.locator(".foot").is_hidden()
    assert page.locator(".wall").get_attribute("data-walls") == "2"
    assert page.locator(".wall-count").inner_text() == "1/2"
    assert page.locator(".panel-standings").is_visible()
    rows = page.locator(".wall-table")
    assert rows.count() == 4
    row = rows.nth(0).inner_text()
    assert "Table 1" in row and first["names"][0] in row and first["names"][1] in row
    assert first["id"] not in page.locator(".wall").inner_text()
    assert page.locator(".wall-standings tbody tr").count() == 8
    assert page.get_by_role("link", name="exit").is_visible()
    nothing_spills(page)
    no_serious_axe_violations(page)
    # Live: a game reported through the API shows on the wall.
    t.report(first["id"], [300, 120])
    until(page, "() => document.querySelector('.wall-table .score').textContent.startsWith('1')")
    assert "playing" in rows.nth(0).inner_text()
    wall.shot(f"screen-round-{size['width']}x{size['height']}", full_page=False)
    # The bracket does not fit beside them: it comes next, in turn.
    until(page, "() => document.querySelector('.wall').dataset.wall === '2'",
          timeout=CYCLE_S + 4)
    page.wait_for_selector(".panel-bracket")
    assert page.locator(".wall-count").inner_text() == "2/2"
    assert page.locator(".panel-bracket .round").count() == 3  # quarter-finals, semis, final
    nothing_spills(page)
    wall.shot(f"screen-bracket-{size['width']}x{size['height']}", full_page=False)


def test_the_projector_puts_the_podium_first_once_finished(phones: Callable[..., Phone]) -> None:
    wall = phones(viewport=WALLS[1])
    t = Tournament(wall.page)
    t.draw()
    t.play_out()
    body = t.get()
    assert body["status"] == "finished"
    page = wall.open(f"#/t/{t.id}/screen")  # no token needed to watch
    page.emulate_media(reduced_motion="reduce")
    page.wait_for_selector(".panel-podium")
    assert wall_number(page) == "1"
    podium = page.locator(".podium")
    champion = body["teams"][body["champion"]]["name"]
    assert champion in podium.locator(".place-1").inner_text()
    for placing in body["placings"]:
        if placing["place"] <= 3:
            assert placing["name"] in podium.inner_text()
    assert page.locator(".wall").get_attribute("data-walls") == "3"
    assert page.evaluate("() => getComputedStyle(document.querySelector('.wall-progress span'))"
                         ".animationName") == "none"
    nothing_spills(page)
    no_serious_axe_violations(page)
    wall.shot("screen-podium-1280x720", full_page=False)
    # No motion, and still the walls turn: the final's table and the standings next.
    until(page, "() => document.querySelector('.wall').dataset.wall === '2'",
          timeout=CYCLE_S + 4)
    assert page.locator(".panel-round").is_visible()
    assert "complete" in page.locator(".wall-table").first.inner_text()


def test_the_projector_before_the_draw_and_after_a_withdrawal(
        phones: Callable[..., Phone]) -> None:
    wall = phones(viewport=WALLS[1])
    t = Tournament(wall.page)
    for team in (0, 2):
        assert t.request.post(f"{t.url}/teams/{team}/check-in", headers=t.auth()).status == 200
    page = organizer(wall, t, "screen")
    page.wait_for_selector(".panel-teams")
    teams = page.locator(".wall-teams li")
    assert teams.count() == 8 and page.locator(".wall").get_attribute("data-walls") == "1"
    assert "checked in" in teams.nth(0).inner_text()
    assert "checked in" not in teams.nth(1).inner_text()
    assert page.locator(".wall-count").is_hidden()
    for team in range(8):
        t.request.post(f"{t.url}/teams/{team}/check-in", headers=t.auth())
    t.draw()
    page.wait_for_selector(".panel-round")  # live: the draw shows its tables
    assert t.request.post(f"{t.url}/teams/1/withdraw", headers=t.auth()).status == 200
    until(page, "() => document.querySelector('.wall-standings tr.out')"
                "?.innerText.includes('Les Rois')")
    match = next(m for m in t.get()["rounds"][0]["matches"] if 1 in m["teams"])
    assert "forfeit" in page.locator(f".wall-table[data-match='{match['id']}']").inner_text()
    nothing_spills(page)
    wall.shot("screen-withdrawal-1280x720", full_page=False)
