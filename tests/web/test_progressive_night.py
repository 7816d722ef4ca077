"""A progressive night run from the page (issue 28): twelve players pasted on the new tournament
form, the desk's tables as partnerships with their seats, one table playing its deals on the
score sheet and the others reported by API, a late arrival, the print kit's table card with who
sits where, the projector between rounds (in French) and the prizes."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta
from typing import Any

from scorekeeper.services.tournaments import clock
from tests.qr_pixels import decode, png_pixels
from tests.web.helpers import (
    PHONE,
    SHOTS,
    api,
    deal,
    fits_the_phone,
    loaded_codes,
    until,
)

PLAYERS = ["Ann", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal", "Ivy", "Jo", "Kim", "Lou"]
WALL = {"width": 1920, "height": 1080}


def seats(m: dict[str, Any]) -> dict[str, str]:
    """Who sits where at a table: the first of each partnership North (East), the second South
    (West)."""
    (n, s), (e, w) = (p["names"] for p in m["partnerships"])
    return {"North": n, "East": e, "South": s, "West": w}


def title(m: dict[str, Any]) -> str:
    ns, ew = (" & ".join(p["names"]) for p in m["partnerships"])
    return f"Table {m['table']}: {ns} (N–S) v {ew} (E–W)"


def report_the_rest(page: Any, tid: int, token: str) -> None:
    """Every open table's remaining deals reported by API."""
    for m in api(page, "GET", f"/tournaments/{tid}")["rounds"][-1]["matches"]:
        for n in range(len(m["results"]), m["games"]):
            api(page, "POST", f"/tournaments/{tid}/matches/{m['id']}/games", token,
                {"scores": [100 + 10 * m["table"] + n, 40 + n]})


def test_a_progressive_night_from_the_form_to_the_prizes(phones: Any) -> None:
    desk = phones()
    page = desk.open("#/t/new")
    page.wait_for_selector("h1:text-is('Run a tournament')")
    page.get_by_label("Tournament name").fill("Soirée progressive")
    page.get_by_label("Game", exact=True).select_option("quebec-500")
    page.get_by_label("Format", exact=True).select_option("progressive")
    assert not page.get_by_label("Teams", exact=True).is_visible()
    page.get_by_label("Rounds", exact=True).fill("2")
    page.get_by_label("Deals in each round", exact=True).fill("2")
    players = page.get_by_label("Players", exact=True)
    # A name twice is numbered at its line before anything is sent.
    players.fill("\n".join([*PLAYERS[:3], "ann", *PLAYERS[3:]]))
    page.wait_for_selector("text=13 players · 1 line to fix")
    assert page.get_by_text("Line 4: ann is already on line 1.", exact=True).is_visible()
    assert page.locator("#t-create").inner_text() == "Fix line 4 of the players first"
    players.fill("\n".join(PLAYERS[:7]))
    page.wait_for_selector("text=7 players")
    page.locator("#t-create").click()
    assert page.get_by_text("A progressive night takes 8 to 64 players.").is_visible()
    players.fill("\n".join(PLAYERS))
    page.wait_for_selector("text=12 players")
    fits_the_phone(page)
    page.locator("#t-create").click()
    link = page.locator(".link-text").inner_text()
    tid = int(re.search(r"/t/(\d+)\?token=", link).group(1))  # type: ignore[union-attr]
    token = link.split("?token=")[1]
    made = api(page, "GET", f"/tournaments/{tid}")
    assert made["format"] == "progressive" and made["players"] == PLAYERS
    assert made["options"]["rounds"] == 2 and made["options"]["deals_per_round"] == 2

    # The draw seats three tables; each is shown as its two partnerships, seats named.
    page = desk.open(f"#/t/{tid}?token={token}")
    page.get_by_role("button", name="Draw the numbers").click()
    page.wait_for_selector("h4:text-matches('^Table 1: ')")
    first = api(page, "GET", f"/tournaments/{tid}")["rounds"][0]
    tables = [m for m in first["matches"] if m["kind"] == "partnerships"]
    assert len(tables) == 3
    for m in tables:
        card = page.get_by_role("article", name=title(m), exact=True)
        assert "0 of 2 deals played" in card.inner_text()
    assert page.locator("#standings-title").is_visible()
    assert page.locator(".player-standings thead").inner_text().split() == ["#", "Player", "Deals",
                                                                            "Pts"]

    # Table 1 plays its deals on the score sheet, from its scorer link.
    sheet = phones()
    table = tables[0]
    scorer = api(page, "POST", f"/tournaments/{tid}/matches/{table['id']}/scorers",
                 token)["token"]
    scoring = sheet.open(f"#/t/{tid}?token={scorer}")
    scoring.get_by_role("button", name="Play on the score sheet").click()
    scoring.wait_for_selector("#entry")
    ns, ew = (p["names"] for p in table["partnerships"])
    deal(scoring, "7 hearts", ns[0], 8)
    until(scoring, "() => document.querySelectorAll('table.sheet tr.hand').length === 1")
    deal(scoring, "6 spades", ew[0], 3)
    until(scoring, "() => document.querySelectorAll('table.sheet tr.hand').length === 2")
    played = api(page, "GET", f"/tournaments/{tid}")["rounds"][0]["matches"][0]
    assert played["status"] == "complete" and len(played["results"]) == 2
    page.get_by_role("article", name=title(table), exact=True).get_by_text(
        "2 of 2 deals played").wait_for()
    report_the_rest(page, tid, token)

    # Between rounds: a late arrival, then round 2 seats 13 (three tables, one sits out).
    late = page.get_by_label("Late arrival: the player's name")
    late.fill("Zoé")
    page.get_by_role("button", name="Add the player").click()
    page.get_by_text("Plays from the next round: Zoé").wait_for()
    page.get_by_role("button", name="Advance to the next round").click()
    page.wait_for_selector("h3.round-title:text-is('Round 2')")
    second = api(page, "GET", f"/tournaments/{tid}")["rounds"][1]
    out = [m["names"][0] for m in second["matches"] if m["kind"] == "bye"]
    assert len(out) == 1
    assert page.get_by_text(f"Sitting out this round: {out[0]}", exact=True).first.is_visible()
    tables = [m for m in second["matches"] if m["kind"] == "partnerships"]
    assert "Zoé" in [name for m in tables for name in m["names"]] + out

    # The projector, in French, between rounds: each player's table and seat, alphabetical.
    wall = phones(viewport=WALL)
    screen = wall.open(f"#/t/{tid}/screen?lang=fr")
    screen.wait_for_selector(".wall-moves li")
    rows = screen.locator(".wall-moves li").all_inner_texts()
    everyone = sorted([*PLAYERS, "Zoé"], key=str.casefold)
    assert [r.split("\n")[0] for r in rows] == everyone
    french = {"North": "Nord", "East": "Est", "South": "Sud", "West": "Ouest"}
    for m in tables:
        for seat, name in seats(m).items():
            assert rows[everyone.index(name)].split("\n")[1:] == [f"Table {m['table']}",
                                                                  french[seat]]
    assert rows[everyone.index(out[0])].split("\n")[1] == "au repos"
    assert "Ronde 2 : qui s'assoit où" in screen.locator(".panel-moves h2").inner_text().replace(
        "\u202f", " ").replace("\xa0", " ")
    assert screen.locator(".wall-standings thead").inner_text().split() == ["#", "Joueur",
                                                                           "Donnes", "Pts"]
    # readable from the back of the room: names at least 3 % of the wall's height
    size = screen.evaluate("parseFloat(getComputedStyle(document.querySelector('.wall-moves li'))"
                           ".fontSize)")
    assert size >= 0.03 * WALL["height"], size
    assert screen.evaluate("document.documentElement.scrollHeight") <= WALL["height"]
    wall.shot("progressive-projector-between-rounds", full_page=False)

    # The print kit: a card per table with who sits where, and the table's scorer QR code.
    kit = desk.open(f"#/t/{tid}/print")
    loaded_codes(kit, 3)
    cards = kit.locator(".table-card")
    assert cards.count() == 3
    for n, m in enumerate(tables):
        card = cards.nth(n)
        text = card.inner_text()
        assert f"Table {m['table']}" in text and "Round 2" in text
        plan = card.locator(".seat-plan li").all_inner_texts()
        assert [line.split("\n") for line in plan] == [
            [seat.upper(), name] for seat, name in seats(m).items()]
        card.scroll_into_view_if_needed()
        scanned = decode(png_pixels(card.screenshot()))
        got = api(kit, "GET", f"/tournaments/{tid}/access",
                  scanned.split("?token=")[1])
        assert got["role"] == "scorer" and got["match"] == m["id"]
    cards.first.scroll_into_view_if_needed()
    cards.first.screenshot(path=str(SHOTS / "progressive-table-card.png"))

    # Round 2 played, the night ends: the prizes, and each player's standing.
    page = desk.open(f"#/t/{tid}")
    report_the_rest(page, tid, token)
    page.get_by_role("button", name="Advance to the next round").click()
    page.wait_for_selector("#prizes-title")
    body = api(page, "GET", f"/tournaments/{tid}")
    assert body["status"] == "finished"
    prizes = page.locator(".prize-list").inner_text().split("\n")
    names = {p["prize"]: p["name"] for p in body["prizes"]}
    assert prizes == ["High score", names["high"], "Second", names["second"], "Booby prize",
                      names["booby"]]
    ranked = page.locator(".player-standings tbody tr td:nth-child(2)").all_inner_texts()
    assert ranked == [s["name"] for s in body["standings"]]
    assert page.viewport_size == PHONE
    fits_the_phone(page)
    until(page, "() => document.getElementById('toast').hidden")  # the late arrival's, long said
    desk.shot("progressive-desk-prizes")


def test_a_round_played_for_a_time_counts_down_and_the_organizer_closes_it(
        phones: Any, monkeypatch: Any) -> None:
    """A round of 20 minutes: the desk and the projector count it down on their own clocks;
    once it is up, the desk's "Close the round" closes it and the night can advance."""
    drawn = datetime.now(UTC).replace(microsecond=0)
    monkeypatch.setattr(clock, "utcnow", lambda: drawn)  # the server's time, set by the test
    desk = phones()
    page = desk.open()
    made = api(page, "POST", "/tournaments", None, {
        "name": "Timed night", "variant": "quebec-500", "format": "progressive",
        "players": PLAYERS[:8], "options": {"rounds": 2, "round_minutes": 20}})
    tid, token = made["id"], made["token"]
    api(page, "POST", f"/tournaments/{tid}/draw", token, {"seed": 7})
    page = desk.open(f"#/t/{tid}?token={token}")
    left = page.locator(".round-clock")
    left.wait_for()
    assert re.fullmatch(r"Time left: (20:00|19:[0-5]\d)", left.inner_text()), left.inner_text()
    first = left.inner_text()
    until(page, "(first) => document.querySelector('.round-clock').textContent !== first",
          first)  # it counts down on the page, with no request
    close = page.get_by_role("button", name="Close the round")
    assert not close.is_visible()
    for m in api(page, "GET", f"/tournaments/{tid}")["rounds"][0]["matches"]:
        api(page, "POST", f"/tournaments/{tid}/matches/{m['id']}/games", token,
            {"scores": [120, 40]})
    page.get_by_text("1 deal played").first.wait_for()

    wall = phones(viewport={"width": 1280, "height": 720})
    screen = wall.open(f"#/t/{tid}/screen")
    screen.wait_for_selector(".wall-clock .round-clock")
    assert screen.locator(".wall-clock .round-clock").inner_text().startswith("Time left: ")

    # Twenty minutes on, on the server and on both screens.
    later = drawn + timedelta(minutes=20, seconds=30)
    monkeypatch.setattr(clock, "utcnow", lambda: later)
    for shown in (page, screen):
        shown.clock.set_fixed_time(later)
    screen.get_by_text("Time is up: finish the deal in play").wait_for()
    page.get_by_text("Time is up: finish the deal in play").wait_for()
    close.click()
    page.get_by_role("button", name="Advance to the next round").wait_for()
    body = api(page, "GET", f"/tournaments/{tid}")
    assert body["rounds"][0]["closed_at"] and body["can_advance"]
    assert not page.locator(".round-clock").count()
    table = body["rounds"][0]["matches"][0]["id"]
    refused = page.request.post(f"/api/v1/tournaments/{tid}/matches/{table}/games",
                                headers={"Authorization": f"Bearer {token}"},
                                data={"scores": [50, 30]})
    assert refused.status == 409 and "closed" in refused.json()["message"]
    screen.wait_for_function("() => !document.querySelector('.wall-clock .round-clock')")
