"""No token in any address the page requests (issue 25, item 4): a scorer who opened a game by its
link, with the share panel open and a hand entered, and an organizer printing a round's table cards
(each card a new scorer token): every request the browser makes is recorded, and none carries a
token in its URL, while every QR code, drawn on the phone, still scans to its exact link, with no
connection too. With SCOREKEEPER_PUBLIC_URL the page shares the address players use, whatever
address it was opened by (item 5)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.helpers import TWO_SIDES
from tests.qr_pixels import decode, png_pixels
from tests.web.helpers import (
    LAPTOP,
    Phone,
    Tournament,
    contract_hand,
    controlled,
    loaded_codes,
    organizer,
    serving,
    until,
)

PUBLIC = "https://club.example/scores"


class Requests:
    """Every request the phone's browser makes, as sent: the address without its fragment (what
    follows # never leaves the browser, and Playwright reports a navigation's with it)."""

    def __init__(self, phone: Phone) -> None:
        self.sent: list[str] = []
        phone.context.on("request", lambda request: self.sent.append(request.url.split("#")[0]))

    def carrying(self, *tokens: str) -> list[str]:
        assert all(len(token) >= 20 for token in tokens), tokens  # real tokens, not substrings
        return [url for url in self.sent if any(token in url for token in tokens)]


def new_game(phone: Phone) -> tuple[int, str]:
    created = phone.page.request.post("/api/v1/games", data={
        "variant": "australian-500", "sides": TWO_SIDES}).json()
    return created["id"], created["token"]


def share_codes(page: Any) -> list[str]:
    """What the Share panel's QR codes scan to, as a camera sees them on the screen."""
    share = page.get_by_role("region", name="Share")
    share.scroll_into_view_if_needed()
    codes = share.locator(".share-link img.qr")
    until(page, "() => [...document.querySelectorAll('.share img.qr')]"
                ".every((img) => img.complete && img.naturalWidth > 0)")
    found = []
    for n in range(codes.count()):
        # Mid-screen: at the top edge the sticky scoreboard would cover it.
        codes.nth(n).evaluate("(e) => e.scrollIntoView({ block: 'center' })")
        found.append(decode(png_pixels(codes.nth(n).screenshot())))
    return found


@pytest.fixture
def public_phone(browser: Any, tmp_path: Path) -> Iterator[Phone]:
    """A phone on a server whose public address is PUBLIC, the page opened by another (its own
    loopback address, as a phone on the club's network opens it by the server's LAN address)."""
    with serving(tmp_path, PUBLIC_URL=PUBLIC) as address:
        device = Phone(browser, address, viewport=LAPTOP)
        yield device
        device.context.close()
        assert device.errors == [], device.errors


def test_a_scorer_s_share_panel_and_hands_send_no_token_in_an_address(phone: Phone) -> None:
    gid, token = new_game(phone)
    requests = Requests(phone)
    page = phone.open(f"#/g/{gid}?token={token}")
    page.wait_for_selector("#entry")
    assert "token" not in page.url  # taken out of the address bar, kept on the phone
    assert share_codes(page) == [f"{phone.base}/#/g/{gid}/watch",
                                 f"{phone.base}/#/g/{gid}?token={token}"]
    contract_hand(page, "7 hearts", "Bo", 3)  # a write: the token in its Authorization header
    page.wait_for_selector("text=1. 7♥ by Bo")
    assert share_codes(page)[1] == f"{phone.base}/#/g/{gid}?token={token}"
    sent = "\n".join(requests.sent)
    assert f"/api/v1/games/{gid}/hands" in sent and "/events" in sent  # the live stream too
    assert requests.carrying(token) == []
    assert "/qr.svg" not in sent


def test_the_print_kit_sends_no_token_in_an_address(phones: Any) -> None:
    desk = phones(viewport=LAPTOP)
    t = Tournament(desk.page)
    t.draw()
    requests = Requests(desk)
    page = organizer(desk, t, "print")
    loaded_codes(page, 4)
    scorers = []
    for n in range(4):
        card = page.locator(".table-card").nth(n)
        card.scroll_into_view_if_needed()
        link = decode(png_pixels(card.locator("img.qr").screenshot()))
        assert link == card.locator(".card-link").inner_text()
        assert link.startswith(f"{desk.base}/#/t/{t.id}?token="), link
        scorers.append(link.rsplit("=", 1)[1])
        assert t.access(scorers[-1])["role"] == "scorer"
    # The organizer's desk too: its live page, its tables' scorer links.
    page.goto(f"{desk.base}/#/t/{t.id}")
    page.wait_for_selector(".scorer")
    sent = "\n".join(requests.sent)
    assert f"/api/v1/tournaments/{t.id}/rounds/1/scorers" in sent and "/events" in sent
    assert requests.carrying(t.token, *scorers) == []
    assert "/qr.svg" not in sent


def test_the_qr_codes_show_with_no_connection(phone: Phone) -> None:
    """Drawn on the phone, a scorer's QR codes show offline like the rest of the page."""
    gid, token = new_game(phone)
    page = phone.open(f"#/g/{gid}?token={token}")
    page.wait_for_selector("#entry")
    controlled(page)
    phone.context.set_offline(True)
    page.reload()
    page.wait_for_selector("#entry")
    assert "Offline" in page.locator("#net").inner_text()
    assert share_codes(page) == [f"{phone.base}/#/g/{gid}/watch",
                                 f"{phone.base}/#/g/{gid}?token={token}"]


def test_with_a_public_address_the_links_shared_and_printed_are_under_it(
        public_phone: Phone) -> None:
    gid, token = new_game(public_phone)
    page = public_phone.open(f"#/g/{gid}?token={token}")
    page.wait_for_selector("#entry")
    assert share_codes(page) == [f"{PUBLIC}/#/g/{gid}/watch", f"{PUBLIC}/#/g/{gid}?token={token}"]
    assert page.get_by_role("link", name="Scorer link").get_attribute("href") == \
        f"#/g/{gid}?token={token}"  # on this phone, the link stays on the address it opened
    t = Tournament(page)
    t.draw()
    kit = organizer(public_phone, t, "print")
    loaded_codes(kit, 4)
    card = kit.locator(".table-card").first
    link = decode(png_pixels(card.locator("img.qr").screenshot()))
    assert re.fullmatch(rf"{re.escape(PUBLIC)}/#/t/{t.id}\?token=\S+", link), link
    assert card.locator(".card-link").inner_text() == link
    assert t.access(link.rsplit("=", 1)[1])["role"] == "scorer"
