"""The club admin's webhooks on the club page (issue 30): an endpoint added (its secret shown
once), its failed deliveries listed, one retried."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from scorekeeper.services.clubs.sender import Sender
from tests.helpers import database_url, new_app
from tests.web.helpers import Phone, api, fits_the_phone, no_serious_axe_violations

FINISHING = {"bidder": 0, "bid": "10NT", "tricks": [10, 0]}


def finished_club_game(page: Any, club: dict[str, Any]) -> None:
    reply = page.request.post("/api/v1/games", data={
        "variant": "australian-500", "club": club["id"],
        "sides": [{"name": "North-South", "players": ["Ann", "Cy"]},
                  {"name": "East-West", "players": ["Bo", "Di"]}]},
        headers={"X-Club-Token": club["member_token"]})
    assert reply.ok, reply.text()
    game = reply.json()
    api(page, "POST", f"/games/{game['id']}/hands", game["token"], data=FINISHING)


def test_the_admin_adds_a_webhook_sees_its_secret_once_and_retries_a_failed_delivery(
        phone: Phone, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # Port 9 on this machine: nobody listens, so the delivery fails at once.
    monkeypatch.setenv("SCOREKEEPER_WEBHOOKS_ALLOW_PRIVATE", "1")
    page = phone.open()
    club = api(page, "POST", "/clubs", data={"name": "Club de la Rive"})
    page = phone.open(f"#/c/{club['id']}?token={club['token']}")
    section = page.get_by_role("region", name="Webhooks")
    section.get_by_text("No webhook yet.").wait_for()
    section.get_by_label("Address of the webhook").fill("http://127.0.0.1:9/hook")
    section.get_by_label("Tournament finished").check()
    section.get_by_role("button", name="Add the webhook").click()
    shown = section.locator(".banner.win")
    shown.wait_for()
    secret = shown.locator(".link-text").inner_text()
    assert secret.startswith("whsec_")
    section.get_by_text("http://127.0.0.1:9/hook").wait_for()
    assert "Game finished, Tournament finished" in section.inner_text()
    fits_the_phone(page)
    no_serious_axe_violations(page)
    section.scroll_into_view_if_needed()
    phone.shot("club-webhook-added", full_page=False)

    finished_club_game(page, club)
    sender_app = new_app(database_url(tmp_path))
    with sender_app.app_context():
        assert Sender().look() == 1
    page.reload()
    section = page.get_by_role("region", name="Webhooks")
    section.get_by_text("http://127.0.0.1:9/hook").wait_for()
    assert secret not in section.inner_text()  # shown once
    section.get_by_text("Failed deliveries").click()
    section.locator("details b", has_text="Game finished").wait_for()
    section.scroll_into_view_if_needed()
    phone.shot("club-webhook-failed", full_page=False)
    section.get_by_role("button", name="Retry").click()
    page.wait_for_selector("#toast:has-text('Sent again shortly.')")
    [hook] = api(page, "GET", f"/clubs/{club['id']}/webhooks", club["token"])["data"]
    [delivery] = api(page, "GET", f"/clubs/{club['id']}/webhooks/{hook['id']}/deliveries",
                     club["token"])["data"]
    assert delivery["status"] == "pending" and delivery["attempts"] == 0
    assert len(delivery["log"]) == 1
