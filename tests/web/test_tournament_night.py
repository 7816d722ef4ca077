"""A whole Quebec tournament night run from the page alone, as an organizer who never saw the API
would (issue 18): created with its teams pasted, a late entry, check-in (a team that never came
is left out by the draw), the draw, the print kit whose QR codes (decoded from the cards with
zxing-cpp) open each table's scorer page on another phone where the games are entered, a team
that leaves mid-round, a correction previewed before it is applied, the projector on the wall
following it all live, the knockout reported from the desk, and the podium.

The API is only read, to check what the page did. Every tap and every typed number is counted:
the closing note of issue 18 quotes the counts of the 16-team night
(`SCOREKEEPER_NIGHT_TEAMS=16 pytest tests/web/test_tournament_night.py -s`)."""

from __future__ import annotations

import os
import re
from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest

from tests.qr_pixels import decode, png_pixels
from tests.web.helpers import (
    Phone,
    api,
    fits_the_phone,
    no_serious_axe_violations,
    on_paper,
    until,
)

FIRST_NAMES = ["Marie", "Jean", "Luc", "Anne", "Zoé", "Paul", "Ines", "Marc", "Rosa", "Hugo",
               "Lina", "Omar", "Théo", "Ada", "Eva", "Noé", "Lou", "Tim", "Yves", "Léa", "Gus",
               "Rémi", "Nina", "Eli", "Max", "Ève", "Rose", "Alain", "Julie", "Sam", "Alex",
               "Jade", "Léo", "Emma"]
CLUBS = ["Les As", "Les Rois", "Les Dames", "Les Valets", "Les Dix", "Les Neuf", "Les Huit",
         "Les Sept", "Pique et pique", "Carreau magique", "Cœur vaillant", "Trèfle d'or",
         "La Blanche", "Le Bonhomme", "Petit Bord", "Sans Atout"]
LAPTOP = {"width": 1280, "height": 800}
WALL = {"width": 1280, "height": 720}


def night_sizes() -> list[int]:
    wanted = os.environ.get("SCOREKEEPER_NIGHT_TEAMS")
    return [int(wanted)] if wanted else [8]


class Counted:
    """A person's taps and typed numbers on the page."""

    def __init__(self) -> None:
        self.count: Counter[str] = Counter()

    def tap(self, locator: Any) -> None:
        locator.click()
        self.count["taps"] += 1

    def type(self, locator: Any, text: str) -> None:
        locator.fill(text)
        self.count["typed numbers" if text.isdigit() else "typed lines"] += 1


def enter_game(who: Counted, where: Any, names: list[str], scores: tuple[int, int],
               number: int) -> None:
    """One game entered beside its teams' names and sent (at a scorer's page, typed: the table
    keeps paper)."""
    on_paper(where, who.tap)
    who.type(where.get_by_label(names[0], exact=True), str(scores[0]))
    who.type(where.get_by_label(names[1], exact=True), str(scores[1]))
    who.tap(where.get_by_role("button", name=f"Send game {number}"))


@pytest.mark.parametrize("n", night_sizes())
def test_a_quebec_tournament_night_run_from_the_page_alone(
        n: int, phones: Callable[..., Phone], second_phone: Phone) -> None:
    organizer, scorers = Counted(), Counted()
    desk_phone = phones()
    page = desk_phone.open()

    # -- created from the page: n - 1 teams pasted and one that will not come ----------------
    organizer.tap(page.get_by_role("link", name="Run a tournament"))
    organizer.type(page.get_by_label("Tournament name"), "Soirée du Club")
    page.get_by_label("Game", exact=True).select_option(label="Quebec 500")
    organizer.count["taps"] += 1
    page.get_by_label("Format", exact=True).select_option("quebec")
    organizer.count["taps"] += 1
    players = iter(FIRST_NAMES)
    names = [*CLUBS[:n - 1], "Les Absents"]
    lines = [f"{name}: {next(players)}, {next(players)}" for name in names]
    organizer.type(page.get_by_label("Teams", exact=True), "\n".join(lines))
    page.wait_for_selector(f"text={n} teams")
    organizer.tap(page.get_by_role("button", name="Create the tournament"))
    page.wait_for_selector("text=Anyone with this link runs the tournament.")
    link = page.locator(".link-text").inner_text()
    tid = int(re.search(r"#/t/(\d+)", link).group(1))  # type: ignore[union-attr]
    organizer.tap(page.get_by_role("link", name="Open the desk"))

    # -- a late entry, check-in, the draw -------------------------------------------------------
    page.wait_for_selector(f"text=0 of {n} checked in")
    organizer.type(page.get_by_label("Late entry: name, a colon, its players"),
                   "Les Retardataires: Zacharie, Béatrice")
    organizer.tap(page.get_by_role("button", name="Add the team"))
    page.wait_for_selector(f"text=0 of {n + 1} checked in")
    playing = [*CLUBS[:n - 1], "Les Retardataires"]
    for name in playing:
        organizer.tap(page.get_by_role("button", name=f"{name} checked in"))
        page.wait_for_selector(f"button[aria-label=\"{name} checked in\"][aria-pressed='true']")
    page.wait_for_selector(f"text={n} of {n + 1} checked in")
    assert page.get_by_text("1 team not checked in will not play").is_visible()
    organizer.tap(page.get_by_role("button", name="Draw the numbers"))
    page.wait_for_selector("h4:text-matches('^Table 1: ')")
    t = api(page, "GET", f"/tournaments/{tid}")
    status = {team["name"]: team["status"] for team in t["teams"]}
    assert status["Les Absents"] == "withdrawn"
    assert all(status[name] == "checked_in" for name in playing)
    qualifying = t["rounds"][0]
    assert len(qualifying["matches"]) == n // 2
    token = page.evaluate(f"JSON.parse(localStorage['sk.ttokens'])['{tid}']")

    # -- the projector on the wall, from the start ------------------------------------------------
    wall_device = phones(viewport=WALL)
    wall = wall_device.open(f"#/t/{tid}/screen?token={token}")
    wall.wait_for_selector(f"text={qualifying['name']}")

    # -- the print kit: a card per table, its QR code the table's scorer page ----------------------
    kit_device = phones(viewport=LAPTOP)
    kit = kit_device.open(f"#/t/{tid}/print?token={token}")
    organizer.count["taps"] += 1  # the print kit's link on the desk
    until(kit, "(n) => { const codes = [...document.querySelectorAll('.table-card img.qr')];"
               " return codes.length === n"
               " && codes.every((img) => img.complete && img.naturalWidth > 0); }", n // 2)
    cards = kit.locator(".table-card")
    links: dict[int, str] = {}
    for k in range(n // 2):
        card = cards.nth(k)
        card.scroll_into_view_if_needed()
        text = card.inner_text()
        table = int(re.search(r"Table (\d+)", text).group(1))  # type: ignore[union-attr]
        links[table] = decode(png_pixels(card.screenshot()))
    assert sorted(links) == list(range(1, n // 2 + 1))
    kit_device.shot(f"night-{n}-print-kit", full_page=False)

    # -- the qualifying round, entered at the tables from the scanned codes ------------------------
    matches = {m["table"]: m for m in qualifying["matches"]}
    leaving_table = 3
    leaving = matches[leaving_table]["names"][1]
    for table in sorted(matches):
        match = matches[table]
        scorer = second_phone.open(links[table].split("/", 3)[3])
        scorer.wait_for_selector(f"h1:text-is('Table {table} · {qualifying['name']}')")
        games = 2 if table == leaving_table else 5
        for game in range(1, games + 1):
            # The lower table's first team wins games 1, 2, 3 and 5; scores differ per table so
            # that the standings are told apart by points scored.
            won = game != 4
            scores = (300 + 10 * table, 100) if won else (120, 280 + 10 * table)
            enter_game(scorers, scorer, match["names"], scores, game)
            scorer.wait_for_selector(
                f"text=Game {game}: {match['names'][0]} {scores[0]}, "
                f"{match['names'][1]} {scores[1]}")
        if table == 1:
            fits_the_phone(scorer)
            no_serious_axe_violations(scorer)
            second_phone.shot(f"night-{n}-scorer", full_page=False)
    # The wall followed it live.
    wall.wait_for_selector("text=complete", state="attached", timeout=15_000)

    # -- a team leaves mid-match: its games left are forfeited -------------------------------------
    page.bring_to_front()
    page.get_by_role("article", name=re.compile(f"^Table {n // 2}: ")).get_by_text(
        re.compile("^5 games reported")).wait_for(state="attached")  # the desk is up to date
    organizer.tap(page.get_by_text("Withdraw a team"))
    organizer.tap(page.get_by_role("button", name=f"Withdraw {leaving}"))
    organizer.tap(page.get_by_role("button", name="Yes, withdraw"))
    page.wait_for_selector(f"text={leaving} withdrew: 1 match forfeited.")

    # -- a correction, previewed before it is applied ----------------------------------------------
    first = matches[1]
    card = page.get_by_role("article", name=re.compile("^Table 1: "))
    organizer.tap(card.get_by_text(re.compile(r"^5 games reported")))
    organizer.tap(card.get_by_role("button", name=re.compile("^Correct game 4 of Table 1")))
    fix = card.get_by_role("form", name="Correct game 4")
    organizer.type(fix.get_by_label(first["names"][0], exact=True), "120")
    organizer.type(fix.get_by_label(first["names"][1], exact=True), "300")
    organizer.tap(fix.get_by_role("button", name="Preview the correction"))
    page.wait_for_selector("text=What this correction changes")
    before = api(page, "GET", f"/tournaments/{tid}")
    assert before["rounds"][0]["matches"][0]["results"][3]["scores"] == [120, 290]
    organizer.tap(page.get_by_role("button", name="Apply"))
    until(page, "(id) => fetch(`/api/v1/tournaments/${id}`).then((r) => r.json())"
                ".then((t) => t.rounds[0].matches[0].results[3].scores[1] === 300)", tid)

    # -- the knockout, reported from the desk ------------------------------------------------------
    while True:
        t = api(page, "GET", f"/tournaments/{tid}")
        if t["status"] == "finished":
            break
        if t["can_advance"]:
            organizer.tap(page.get_by_role("button", name="Advance to the next round"))
            until(page, "([id, n]) => fetch(`/api/v1/tournaments/${id}`).then((r) => r.json())"
                        ".then((t) => t.rounds.length > n)", [tid, len(t["rounds"])])
            continue
        open_ = [m for m in t["rounds"][-1]["matches"]
                 if m["kind"] != "bye" and m["status"] != "complete"]
        for match in open_:
            done = len(match["results"])
            card = page.get_by_role("article", name=re.compile(f"^Table {match['table']}: "))
            card.wait_for()
            for game in range(done + 1, done + 1 + match["first_to"] - max(match["wins"])):
                report = card.get_by_role("form", name=f"Report game {game}")
                enter_game(organizer, report, match["names"], (350, 150), game)
                # The desk drew the reply before the next game is typed.
                page.get_by_text(f"Game {game}: {match['names'][0]} 350, "
                                 f"{match['names'][1]} 150").first.wait_for(state="attached")

    # -- the podium, on the desk and on the wall ---------------------------------------------------
    finished = api(page, "GET", f"/tournaments/{tid}")
    champion = finished["placings"][0]["name"]
    assert leaving not in [p["name"] for p in finished["placings"][:3]]
    page.wait_for_selector("h2:text-is('Podium')")
    assert page.locator(".final-podium .place-1 .who").inner_text() == champion
    wall.wait_for_selector(f"text={champion} are the champions.", timeout=15_000)
    wall.wait_for_selector(f"text=Champions: {champion}", timeout=30_000)  # its panel comes round
    page.evaluate("window.scrollTo(0, 0)")
    desk_phone.shot(f"night-{n}-podium", full_page=False)
    wall_device.shot(f"night-{n}-wall", full_page=False)
    print(f"\n{n} teams: organizer {dict(organizer.count)}; scorers {dict(scorers.count)}")
