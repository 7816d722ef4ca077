"""Issue 27's one-tap traps on the sheet: "Everybody passed" waits for Record (it recorded on one
tap), a toast shows above the sticky Record bar (it used to
sit behind it, half hidden, over the button just tapped), a spectator's game-over banner
offers no Rematch (only the scorer starts the next game), and Back mid-entry keeps the
half-entered hand (it was lost) until it is recorded or discarded."""

from __future__ import annotations

from typing import Any

from tests.helpers import TWO_SIDES
from tests.web.helpers import (
    FIVE,
    FOUR_PLAYERS,
    Phone,
    api_hands,
    bid,
    contract_hand,
    game_id,
    start,
    took,
)

API = "/api/v1"


def test_a_toast_shows_above_the_record_bar(phone: Phone) -> None:
    page = start(phone, "Australian 500", FOUR_PLAYERS)
    phone.context.set_offline(True)
    contract_hand(page, "7 hearts", "Bo", 3)  # offline: "the hand is kept on this phone"
    toast = page.locator("#toast")
    toast.wait_for()
    box, bar = toast.bounding_box(), page.locator(".actions").bounding_box()
    assert box is not None and bar is not None
    assert box["y"] + box["height"] <= bar["y"] + 1, (box, bar)
    middle = (box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    assert page.evaluate("([x, y]) => document.elementFromPoint(x, y).closest('#toast') !== null",
                         list(middle))
    phone.shot("toast-above-record-bar", full_page=False)
    phone.context.set_offline(False)


def over(page: Any) -> Any:
    banner = page.get_by_role("status", name="Game over")
    banner.wait_for()
    return banner


def test_only_the_scorer_is_offered_a_rematch(phone: Phone, browser: Any, server: str) -> None:
    page = phone.open()
    game = page.request.post(f"{API}/games", data={
        "variant": "australian-500", "options": {"target": 100}, "sides": TWO_SIDES}).json()
    gid = game["id"]
    finished = page.request.post(f"{API}/games/{gid}/hands",
                                 data={"bidder": 1, "bid": "7H", "tricks": [3, 7]},
                                 headers={"Authorization": f"Bearer {game['token']}"})
    assert finished.json()["game"]["status"] == "finished"
    page = phone.open(f"#/g/{gid}?token={game['token']}")
    assert over(page).get_by_role("button", name="Rematch").is_visible()
    watcher = Phone(browser, server)
    try:
        for where in (f"#/g/{gid}/watch", f"#/g/{gid}"):  # no token on this phone either way
            banner = over(watcher.open(where))
            assert banner.get_by_role("link", name="Statistics").is_visible()
            assert banner.get_by_role("button", name="Rematch").count() == 0
        assert watcher.errors == [], watcher.errors
    finally:
        watcher.context.close()


def test_everybody_passed_is_confirmed_by_record(phone: Phone) -> None:
    page = start(phone, "Australian 500", FOUR_PLAYERS)
    gid = game_id(page)
    passed = page.get_by_role("button", name="Everybody passed")
    passed.click()
    note = page.get_by_text("Everybody passed: nobody scores this hand.")
    note.wait_for()
    assert api_hands(page, gid) == []  # one tap records nothing
    assert not page.locator("#tricks-label").is_visible()  # nothing was played: no tricks asked
    page.locator("#preview .deltas, #preview .said, #preview p").first.wait_for()
    page.get_by_role("button", name="Back to the bids").click()
    assert not note.is_visible()
    assert page.get_by_role("button", name="Record the hand").is_disabled()
    page.get_by_role("button", name="Everybody passed").click()
    page.get_by_role("button", name="Record the hand").click()
    page.wait_for_selector("text=1. passed out")
    [hand] = api_hands(page, gid)
    assert hand["passed_out"] is True and hand["deltas"] == [0, 0]


def pressed(page: Any, group: str) -> list[str]:
    texts: list[str] = page.get_by_role("group", name=group, exact=True).locator(
        "[aria-pressed=true]").all_inner_texts()
    return texts


def test_back_mid_entry_keeps_the_half_entered_hand(phone: Phone) -> None:
    page = start(phone, "Australian 500", FIVE, table="5 players, each alone, calling a partner",
                 each=1)
    gid = game_id(page)
    bid(page, "7 hearts")
    page.get_by_role("group", name="Bidder").get_by_role("button", name="Ann").click()
    page.get_by_role("group", name="Partner").get_by_role("button", name="Cy").click()
    took(page, 7)
    page.get_by_role("group", name="Bo tricks", exact=True).get_by_role(
        "button", name="1 trick", exact=True).click()
    page.go_back()  # to the start page, as a thumb on the phone's Back does
    page.wait_for_selector("text=Start the game")
    page.go_forward()
    page.wait_for_selector("#entry")
    assert page.locator("#entry [data-code][aria-pressed=true]").get_attribute("data-code") == "7H"
    assert pressed(page, "Bidder") == ["Ann"]
    assert pressed(page, "Partner") == ["Cy"]
    assert pressed(page, "Tricks Ann and Cy took") == ["7"]
    assert pressed(page, "Bo tricks") == ["1"]
    assert page.get_by_text("Pick the tricks Di took.").is_visible()
    page.get_by_role("group", name="Di tricks", exact=True).get_by_role(
        "button", name="1 trick", exact=True).click()
    page.get_by_role("button", name="Record the hand").click()
    page.wait_for_selector("text=1. 7♥ by Ann with Cy")
    [hand] = api_hands(page, gid)
    assert hand["tricks"] == [7, 1, 0, 1, 1]
    # Recorded: the next hand starts empty, also after a reload.
    page.reload()
    page.wait_for_selector("#entry")
    assert page.locator("#entry [aria-pressed=true]").count() == 0
    assert page.get_by_role("button", name="Discard this hand").is_hidden()
    # Half entered, kept over a reload, until discarded.
    bid(page, "6 spades")
    page.reload()
    page.wait_for_selector("#entry")
    assert page.locator("#entry [data-code][aria-pressed=true]").get_attribute("data-code") == "6S"
    page.get_by_role("button", name="Discard this hand").click()
    assert page.locator("#entry [aria-pressed=true]").count() == 0
    page.reload()
    page.wait_for_selector("#entry")
    assert page.locator("#entry [aria-pressed=true]").count() == 0
    assert api_hands(page, gid) == [hand]
