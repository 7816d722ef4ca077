"""The phone score sheet in a real browser at 360 px: every variant, undo, correct, the end of a
game, the offline queue, two phones on one game, a conflict, the tournament pages, accessibility."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.web.helpers import (
    FOUR_PLAYERS,
    Phone,
    api_hands,
    contract_hand,
    fits_the_phone,
    game_id,
    no_serious_axe_violations,
    report_first_match,
    start,
    took,
    totals,
)


def test_a_contract_game_from_start_to_finish(phone: Phone) -> None:
    page = start(phone, "Australian 500", FOUR_PLAYERS)
    phone.shot("new-game-sheet")
    fits_the_phone(page)
    no_serious_axe_violations(page)
    # 7♥ by Bo, East-West take 7: 30 / 200.
    contract_hand(page, "7 hearts", "Bo", 3)
    page.wait_for_selector("text=1. 7♥ by Bo")
    assert totals(page) == ["30", "200"]
    # The explanation on tap.
    page.get_by_role("row", name=re.compile("1. 7♥ by Bo")).click()
    assert page.get_by_text("7♥ made by East-West: +200").is_visible()
    phone.shot("sheet-explanation")
    # Correct it to 8♥ made with 8 tricks: 20 / 300.
    page.get_by_role("button", name="Correct hand 1").click()
    page.get_by_role("button", name=re.compile("^8 hearts,")).click()
    took(page, 8)
    page.get_by_role("button", name="Save the correction").click()
    page.wait_for_selector("text=1. 8♥ by Bo")
    assert totals(page) == ["20", "300"]
    # Undo it.
    page.get_by_role("row", name=re.compile("1. 8♥ by Bo")).click()
    page.once("dialog", lambda dialog: dialog.accept())
    page.get_by_role("button", name="Undo hand 1").click()
    page.wait_for_selector("text=No hands yet.")
    assert totals(page) == ["0", "0"]
    # 10NT by Ann with every trick: 520, and the game is over.
    contract_hand(page, "10 no trumps", "Ann", 10)
    page.wait_for_selector("text=Game over: North-South won.")
    assert totals(page) == ["520", "0"]
    assert page.locator("#entry").count() == 0
    phone.shot("game-over")
    assert len(api_hands(page, game_id(page))) == 1


def test_quebec_500(phone: Phone) -> None:
    page = start(phone, "Quebec 500", FOUR_PLAYERS)
    contract_hand(page, "6 spades", "Ann", 6)
    page.wait_for_selector("text=1. 6♠ by Ann")
    assert totals(page) == ["40", "40"]


def test_cinquecento_with_a_marianna(phone: Phone) -> None:
    page = start(phone, "Cinquecento", FOUR_PLAYERS)
    page.get_by_label("North-South card points").fill("68")
    assert page.get_by_text("East-West: 52 card points").is_visible()
    page.get_by_role("group", name="Mariannas of North-South").get_by_role(
        "button", name="coins").click()
    page.get_by_role("button", name="Record the hand").click()
    page.wait_for_selector("text=1. card points, 1 Marianna")
    assert totals(page) == ["108", "52"]
    phone.shot("cinquecento")


def test_rummy_by_points_and_by_cards(phone: Phone) -> None:
    page = start(phone, "Rummy 500", ["Ann", "Bo", "Cy"], table="3 players", each=1)
    melded = page.get_by_label("Points melded and laid off")
    held = page.get_by_label("Points left in hand")
    melded.nth(0).fill("45")
    held.nth(1).fill("12")
    melded.nth(2).fill("20")
    held.nth(2).fill("5")
    page.get_by_role("button", name="Record the hand").click()
    page.wait_for_selector("text=1. Ann went out")
    assert totals(page) == ["45", "-12", "15"]
    # The same table by cards, tapped from the picker: Ann melds a run and three queens and goes
    # out, Bo melds 4-5-6♣, lays off the 10♥ on Ann's run (seed 002: a meld of his own first) and
    # holds the 2♣, Cy holds a king.
    page.get_by_role("group", name="Enter the hand by").get_by_role("button", name="Cards").click()

    def tap(*cards: str) -> None:
        picker = page.get_by_role("group", name="Cards", exact=True)
        for card in cards:
            picker.get_by_role("button", name=re.compile(f"^{card}")).click()

    ann, bo, cy = (page.get_by_role("group", name=n, exact=True) for n in ("Ann", "Bo", "Cy"))
    ann.get_by_role("button", name="New meld").click()
    tap("7 of hearts", "8 of hearts", "9 of hearts")
    ann.get_by_role("button", name="New meld").click()
    tap("queen of spades", "queen of diamonds", "queen of clubs")
    bo.get_by_role("button", name="New meld").click()
    tap("4 of clubs", "5 of clubs", "6 of clubs")
    onto = bo.get_by_role("group", name="Bo lays off onto")
    onto.get_by_role("button", name="Ann meld 1").click()
    tap("10 of hearts")
    bo.get_by_role("button", name="Cards left in hand").click()
    tap("2 of clubs")
    cy.get_by_role("button", name="Cards left in hand").click()
    tap("king of diamonds")
    cy.locator(".picker").scroll_into_view_if_needed()
    phone.shot("rummy-cards")
    no_serious_axe_violations(page)
    cy.get_by_role("button", name="Done").click()
    assert " ".join(ann.inner_text().split()).startswith(
        "Ann Melds Meld 1 7♥ 8♥ 9♥ Meld 2 Q♠ Q♦ Q♣")
    page.get_by_role("button", name="Record the hand").click()
    page.wait_for_selector("text=2. Ann went out")
    assert totals(page) == ["99", "11", "5"]
    phone.shot("rummy")


def test_a_hand_entered_offline_is_sent_once_when_the_connection_returns(phone: Phone) -> None:
    page = start(phone, "Australian 500", FOUR_PLAYERS)
    phone.context.set_offline(True)
    contract_hand(page, "7 hearts", "Bo", 3)
    page.wait_for_selector("text=Hand waiting to be sent")
    assert "1 waiting to be sent" in page.locator("#net").inner_text() or \
        "Offline" in page.locator("#net").inner_text()
    phone.shot("offline-queue")
    phone.context.set_offline(False)
    page.wait_for_selector("text=1. 7♥ by Bo", timeout=15_000)
    assert page.locator("text=Hand waiting to be sent").count() == 0
    assert len(api_hands(page, game_id(page))) == 1


def test_a_spectator_sees_the_scorers_hand_arrive(phone: Phone, second_phone: Phone) -> None:
    page = start(phone, "Australian 500", FOUR_PLAYERS)
    watcher = second_phone.open(f"#/g/{game_id(page)}/watch")
    watcher.wait_for_selector("text=No hands yet.")
    assert watcher.locator("#entry").count() == 0
    contract_hand(page, "7 hearts", "Bo", 3)
    watcher.wait_for_selector("text=1. 7♥ by Bo", timeout=10_000)
    assert watcher.locator(".total b").all_inner_texts() == ["30", "200"]
    second_phone.shot("spectator")


def test_a_spectator_refused_a_stream_follows_again_half_a_minute_later(
        phone: Phone, phone_without_worker: Phone) -> None:
    """A server refuses a stream with 429 when the club's address holds too many; EventSource
    gives up on a refusal, so the page asks again by itself (its clock run forward here)."""
    page = start(phone, "Australian 500", FOUR_PLAYERS)
    spectator = phone_without_worker
    refused: list[str] = []

    def busy_once(route: Any) -> None:
        if refused:
            route.continue_()
            return
        refused.append(route.request.url)
        route.fulfill(status=429, headers={"Retry-After": "16"}, content_type="application/json",
                      body='{"code": 429, "status": "Too Many Requests", "message": "busy"}')

    spectator.page.route(re.compile(r".*/events\?lang=en$"), busy_once)
    spectator.page.clock.install()
    spectator.open(f"#/g/{game_id(page)}/watch").wait_for_selector("text=No hands yet.")
    contract_hand(page, "7 hearts", "Bo", 3)
    spectator.page.clock.run_for(45_000)
    spectator.page.wait_for_selector("text=1. 7♥ by Bo", timeout=10_000)
    assert len(refused) == 1
    # The browser's own notes on the refused stream; nothing else may have gone wrong.
    spectator.errors[:] = [e for e in spectator.errors
                           if "429" not in e and "EventSource" not in e]


def test_a_second_scorers_stale_edit_is_shown_and_reloaded(phone: Phone,
                                                          second_phone: Phone) -> None:
    page = start(phone, "Australian 500", FOUR_PLAYERS)
    scorer_link = page.get_by_role("link", name="Scorer link").get_attribute("href")
    other = second_phone.open(scorer_link or "")
    other.wait_for_selector("#entry")
    # The first scorer starts entering a hand; meanwhile the second records one.
    page.get_by_role("button", name=re.compile("^6 spades,")).click()
    contract_hand(other, "7 hearts", "Bo", 3)
    other.wait_for_selector("text=1. 7♥ by Bo")
    page.wait_for_selector("text=This game changed on another phone.", timeout=10_000)
    # Sending anyway meets the stale ETag: refused, nothing recorded twice, the form kept.
    contract_hand(page, "6 spades", "Ann", 6)
    page.wait_for_selector("text=Someone else changed this game")
    assert len(api_hands(page, game_id(page))) == 1
    page.get_by_role("button", name="Reload the game").click()
    page.wait_for_selector("text=1. 7♥ by Bo")
    second_phone.shot("conflict-reloaded")


@pytest.mark.parametrize("teams", [8])
def test_the_tournament_pages(phone: Phone, teams: int) -> None:
    page = phone.open()
    created = page.request.post("/api/v1/tournaments", data={
        "name": "Tournoi du Club", "variant": "quebec-500", "format": "quebec",
        "teams": [{"name": f"Team {n}", "players": [f"P{n}a", f"P{n}b"]}
                  for n in range(1, teams + 1)]}).json()
    page = phone.open(f"#/t/{created['id']}?token={created['token']}")
    page.get_by_role("button", name="Draw the numbers").click()
    page.wait_for_selector("text=Quarter-finals")
    assert page.get_by_text("Seed 1").count() == 1
    no_serious_axe_violations(page)
    fits_the_phone(page)
    report_first_match(page, "Organizer", "300", "100")
    body = page.request.get(f"/api/v1/tournaments/{created['id']}").json()
    assert body["rounds"][0]["matches"][0]["status"] == "complete"
    assert body["rounds"][0]["matches"][0]["wins"] == [5, 0]
    phone.shot("tournament")


def test_the_start_page_lists_every_variant_and_its_house_rules(phone: Phone) -> None:
    page = phone.open()
    page.wait_for_selector("text=Start the game")
    names = page.get_by_role("radio").all_inner_texts()
    assert [n.split("\n")[0] for n in names] == ["Australian 500", "Quebec 500", "Cinquecento",
                                                 "Rummy 500"]
    page.get_by_text(re.compile("^Every house rule")).click()
    assert page.get_by_label("Slam worth 250").is_checked()
    fits_the_phone(page)
    no_serious_axe_violations(page)
    phone.shot("start")
