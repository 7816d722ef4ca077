"""Issue 27 at the organizer's phone: pasted teams checked line by line before anything is sent
(no colon where the game needs pairs, a player twice on one line), the Create button saying what
to fix; after the draw the desk opens at its top; every share link a full touch target."""

from __future__ import annotations

import shutil
from typing import Any

from tests.web.helpers import SHOTS, Phone, api, fits_the_phone, no_serious_axe_violations

SCREENSHOTS = SHOTS.parent
TEAMS = ["Les As: Marie, Jean", "Les Rois: Luc, Anne", "Les Dames: Zoé, Paul",
         "Les Valets: Ines, Marc", "Les Dix: Rosa, Hugo", "Les Neuf: Lina, Omar",
         "Les Huit: Théo, Ada", "Les Sept: Eva, Noé", "Les Six: Lou, Tim"]


def create(page: Any, name: str) -> tuple[int, str]:
    created = api(page, "POST", "/tournaments", data={
        "name": name, "variant": "quebec-500", "format": "quebec",
        "teams": [{"name": line.split(":")[0], "players": line.split(": ")[1].split(", ")}
                  for line in TEAMS]})
    return created["id"], created["token"]


def test_a_bad_team_line_is_numbered_before_anything_is_sent(phone: Phone) -> None:
    page = phone.open("#/t/new")
    page.wait_for_selector("h1:text-is('Run a tournament')")
    page.get_by_label("Tournament name").fill("Club du vendredi")
    # Australian 500 seats sides of one at other tables, but a tournament's teams are pairs.
    page.get_by_label("Game", exact=True).select_option(label="Australian 500")
    page.get_by_label("Format", exact=True).select_option("round_robin")
    sent: list[str] = []
    page.on("request", lambda r: sent.append(r.url) if r.method == "POST" else None)
    page.get_by_label("Teams", exact=True).fill(
        "Les As: Marie, Jean\nBob\nLes Rois: Luc, luc\nLes Dames: Zoé, Paul")
    page.wait_for_selector("text=4 teams · 2 lines to fix")
    assert page.get_by_text("Line 2: put a colon between the team's name and its players",
                            exact=False).is_visible()
    assert page.get_by_text("Line 3: Luc is twice on this line.", exact=True).is_visible()
    create_button = page.locator("#t-create")
    assert create_button.inner_text() == "Fix lines 2, 3 of the teams first"
    create_button.click()
    assert page.get_by_role("heading", name="Run a tournament").is_visible()
    assert sent == []  # nothing sent while a line is wrong
    fits_the_phone(page)
    no_serious_axe_violations(page)
    page.get_by_label("Teams", exact=True).scroll_into_view_if_needed()
    phone.shot("team-paste-bad-line", full_page=False)
    shutil.copy(SHOTS / "team-paste-bad-line.png",
                SCREENSHOTS / "team-paste-bad-line-360x740.png")
    # Fixed, the button says what it does again.
    page.get_by_label("Teams", exact=True).fill(
        "Les As: Marie, Jean\nLes Bobs: Bob, Rémi\nLes Rois: Luc, Léa\nLes Dames: Zoé, Paul")
    page.wait_for_selector("text=4 teams")
    assert create_button.inner_text() == "Create the tournament"


def test_after_the_draw_the_desk_opens_at_its_top_with_full_size_share_links(
        phone: Phone) -> None:
    page = phone.open()
    tid, token = create(page, "Vendredi")
    page = phone.open(f"#/t/{tid}?token={token}")
    draw = page.get_by_role("button", name="Draw the numbers")
    draw.scroll_into_view_if_needed()
    assert page.evaluate("window.scrollY") > 300  # the button is far down the page
    draw.click()
    heading = page.locator("h3.round-title").first
    heading.wait_for()
    page.wait_for_selector("h4:text-matches('^Table 1: ')")
    assert heading.inner_text() == "Qualifying round"
    assert page.evaluate("window.scrollY") == 0
    box = heading.bounding_box()
    assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= 740
    # Table 1's scorer link: the link and its buttons are full touch targets.
    first = api(page, "GET", f"/tournaments/{tid}")["rounds"][0]["matches"][0]
    card = page.get_by_role("article", name=f"Table 1: {first['names'][0]} v "
                                            f"{first['names'][1]}")
    card.get_by_text("Scorer link for this table").click()
    page.wait_for_selector(".share-link a")
    targets = card.locator(".share-link a, .share-link button")
    assert targets.count() >= 2
    for k in range(targets.count()):
        size: Any = targets.nth(k).bounding_box()
        assert size is not None and size["height"] >= 44, (targets.nth(k).inner_text(), size)
    fits_the_phone(page)
