"""Who runs the night from the page: the recovery sheet shown once at creation, the "Lost the
organizer's link?" form that lands on the desk (the old link void), and a team checking itself
in at the door, seen live on the desk, which undoes it."""

from __future__ import annotations

import re
from typing import Any

from tests.qr_pixels import decode, png_pixels
from tests.web.helpers import Phone, api, fits_the_phone, no_serious_axe_violations

TEAMS = ["Les As: Marie, Jean", "Les Rois: Luc, Anne", "Les Dames: Zoé, Paul",
         "Les Valets: Ines, Marc"]


def status_with(page: Any, path: str, token: str) -> int:
    reply = page.request.fetch(f"/api/v1{path}", method="POST", data={},
                               headers={"Authorization": f"Bearer {token}"})
    return int(reply.status)


def test_the_recovery_sheet_and_the_lost_link_form(phone: Phone, second_phone: Phone) -> None:
    page = phone.open("#/t/new")
    page.wait_for_selector("h1:text-is('Run a tournament')")
    page.get_by_label("Tournament name").fill("Club du vendredi")
    page.get_by_label("Game", exact=True).select_option(label="Quebec 500")
    page.get_by_label("Format", exact=True).select_option("quebec")
    page.get_by_label("Teams", exact=True).fill("\n".join(TEAMS))
    page.wait_for_selector("text=4 teams")
    page.get_by_role("button", name="Create the tournament").click()
    page.wait_for_selector(".recovery-sheet")
    code = page.locator("#recovery-code").inner_text()
    assert re.fullmatch(r"[A-HJ-NP-Z]{4}(-[A-HJ-NP-Z]{4}){3}", code), code
    sheet = page.locator(".recovery-sheet")
    assert "Club du vendredi" in sheet.inner_text()
    tid = int(re.search(r"#/t/(\d+)", page.locator(".link-text").inner_text()).group(1))  # type: ignore[union-attr]
    assert f"{phone.base}/#/t/{tid}" in sheet.inner_text()
    old = page.evaluate(f"JSON.parse(localStorage.getItem('sk.ttokens'))[{tid}]")
    fits_the_phone(page)
    no_serious_axe_violations(page)
    sheet.scroll_into_view_if_needed()
    phone.shot("recovery-sheet", full_page=False)
    page.emulate_media(media="print")
    page.evaluate("window.scrollTo(0, 0)")
    phone.shot("recovery-sheet-print", full_page=False)
    page.emulate_media(media="screen")

    # Another phone, without the link: the code, typed as a person would, gives the desk.
    other = second_phone.open(f"#/t/{tid}")
    other.get_by_text("Lost the organizer's link?").click()
    other.get_by_label("Recovery code").fill(code.lower().replace("-", " "))
    other.get_by_role("button", name="Recover the desk").click()
    other.wait_for_selector("text=A new organizer's link is on this phone")
    new_code = other.locator("#recovery-code").inner_text()
    assert new_code != code
    other.get_by_role("link", name="Open the desk").click()
    other.wait_for_selector("#desk-title")
    other.wait_for_selector("text=0 of 4 checked in")
    # The old link no longer works.
    assert status_with(other, f"/tournaments/{tid}/teams/0/check-in", old) == 403
    second_phone.errors[:] = [e for e in second_phone.errors if "status of 403" not in e]


def test_a_team_checks_in_at_the_door_and_the_desk_sees_it_live(
        phone: Phone, second_phone: Phone) -> None:
    page = phone.open()
    created = api(page, "POST", "/tournaments", data={
        "name": "Club du samedi", "variant": "quebec-500", "format": "quebec",
        "teams": [{"name": line.split(":")[0], "players": line.split(": ")[1].split(", ")}
                  for line in TEAMS]})
    tid, token = created["id"], created["token"]
    desk = phone.open(f"#/t/{tid}?token={token}")
    desk.wait_for_selector("text=0 of 4 checked in")
    desk.get_by_text("Door check-in QR").click()
    link = desk.locator("#door-link").get_attribute("href")
    assert link and re.fullmatch(rf"{re.escape(phone.base)}/#/t/{tid}/door\?token=\S+", link)

    door = second_phone.open(link.removeprefix(phone.base + "/"))
    door.wait_for_selector("text=Check in at the door")
    assert "token" not in door.url
    door.get_by_role("button", name=re.compile("^Les Rois")).click()
    door.get_by_role("button", name="Check in Les Rois").click()
    door.wait_for_selector("text=Les Rois: checked in. Welcome!")
    fits_the_phone(door)
    no_serious_axe_violations(door)
    second_phone.shot("door-check-in", full_page=False)
    # The door's token is no organizer's on that phone.
    assert door.evaluate("localStorage.getItem('sk.ttokens')") in (None, "{}")

    # Live on the desk, which undoes it; the door page follows.
    desk.wait_for_selector("button[aria-label='Les Rois checked in'][aria-pressed='true']")
    desk.wait_for_selector("text=1 of 4 checked in")
    desk.get_by_role("button", name="Les Rois checked in").click()
    desk.wait_for_selector("text=0 of 4 checked in")
    door.wait_for_selector("button:has-text('Les Rois'):not([disabled])")
    assert api(page, "GET", f"/tournaments/{tid}")["teams"][1]["status"] == "registered"


def test_the_print_kit_before_the_draw_has_the_door_qr(phone: Phone) -> None:
    page = phone.open()
    created = api(page, "POST", "/tournaments", data={
        "name": "Club du dimanche", "variant": "quebec-500", "format": "quebec",
        "teams": [{"name": line.split(":")[0], "players": line.split(": ")[1].split(", ")}
                  for line in TEAMS]})
    kit = phone.open(f"#/t/{created['id']}/print?token={created['token']}")
    kit.wait_for_selector(".door-sheet img.qr[src^='data:']")
    link = kit.locator(".door-sheet .link-text").inner_text()
    assert re.fullmatch(rf"{re.escape(phone.base)}/#/t/{created['id']}/door\?token=\S+", link)
    assert decode(png_pixels(kit.locator(".door-sheet img.qr").screenshot())) == link
    fits_the_phone(kit)
