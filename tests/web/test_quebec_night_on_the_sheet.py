"""A 16-team Quebec night in French where every table plays its deal on the score sheet, opened
from the scorer link its print-kit card gives (no score typed anywhere): the projector follows
live, the knockout begins, then the organizer corrects a qualifying deal from the desk, on the
sheet: the preview says what the knockout loses, and once applied the quarter-finals are paired
as it said. One deal a match keeps the night short."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from tests.web.helpers import Phone, api, fits_the_phone, until

WALL = {"width": 1280, "height": 720}
LAPTOP = {"width": 1280, "height": 800}
CLUBS = ["Les As", "Les Rois", "Les Dames", "Les Valets", "Les Dix", "Les Neuf", "Les Huit",
         "Les Sept", "Pique et pique", "Carreau magique", "Cœur vaillant", "Trèfle d'or",
         "La Blanche", "Le Bonhomme", "Petit Bord", "Sans Atout"]
PLAYERS = ["Marie", "Jean", "Luc", "Anne", "Zoé", "Paul", "Ines", "Marc", "Rosa", "Hugo", "Lina",
           "Omar", "Théo", "Ada", "Eva", "Noé", "Lou", "Tim", "Yves", "Léa", "Gus", "Rémi",
           "Nina", "Eli", "Max", "Ève", "Rose", "Alain", "Julie", "Sam", "Alex", "Jade"]
# Each table's deal, bid by its first team and made: points scored differ from table to table.
BIDS = ["6 pique", "6 trèfle", "6 carreau", "6 cœur", "7 pique", "7 trèfle", "7 carreau",
        "7 cœur"]


def donne(page: Any, bid: str, bidder: str, taken: int, record: str,
          entered: Callable[[], None] = lambda: None) -> None:
    """A deal entered as on the sheet, in French: the bid, the bidder, the tricks the bidder's
    side took (then `entered()`); then `record` ("Enregistrer la donne", "Enregistrer la
    correction")."""
    page.get_by_role("button", name=re.compile(f"^{bid},")).click()
    page.get_by_role("group", name="Preneur").get_by_role("button", name=bidder).click()
    page.get_by_role("group", name=re.compile("^Levées ")).get_by_role(
        "button", name=f"{taken} levée{'s' if taken > 1 else ''}", exact=True).click()
    entered()
    page.get_by_role("button", name=record).click()


def quarter_finals(t: dict[str, Any]) -> set[frozenset[int]]:
    return {frozenset(m["teams"]) for m in t["rounds"][1]["matches"]}


def test_a_french_quebec_night_played_on_the_sheet_and_mended_from_the_desk(
        phones: Callable[..., Phone], second_phone: Phone) -> None:
    desk_phone = phones()
    page = desk_phone.open()
    created = page.request.post("/api/v1/tournaments", data={
        "name": "Soirée du Club", "variant": "quebec-500", "format": "quebec", "language": "fr",
        "teams": [{"name": name, "players": PLAYERS[2 * k:2 * k + 2]}
                  for k, name in enumerate(CLUBS)],
        "options": {"game_unit": "deal",
                    "games_per_match": {"qualifying": 1, "knockout": 1}}}).json()
    tid, token = created["id"], created["token"]
    api(page, "POST", f"/tournaments/{tid}/draw", token, {"seed": 16})

    # -- the desk, the projector and the print kit, in the night's language ------------------------
    page = desk_phone.open(f"#/t/{tid}?token={token}")
    page.get_by_role("heading", name="Organisateur").wait_for()
    wall_device = phones(viewport=WALL)
    wall = wall_device.open(f"#/t/{tid}/screen?token={token}")
    wall.get_by_text("Classement").first.wait_for()
    kit_device = phones(viewport=LAPTOP)
    kit = kit_device.open(f"#/t/{tid}/print?token={token}")
    until(kit, "() => document.querySelectorAll('.table-card .card-link').length === 8")
    links = {int(card.get_attribute("data-table")): card.locator(".card-link").inner_text()
             for card in kit.locator(".table-card").all()}
    assert sorted(links) == list(range(1, 9))
    assert "Scannez" in kit.locator(".table-card").first.inner_text()

    # -- every table plays its deal on the sheet, from its card's link ----------------------------
    t = api(page, "GET", f"/tournaments/{tid}")
    matches = {m["table"]: m for m in t["rounds"][0]["matches"]}
    for table, link in sorted(links.items()):
        scorer = second_phone.open(link.split("/", 3)[3])
        scorer.get_by_role("button", name="Jouer sur la feuille de pointage").click()
        scorer.wait_for_selector("#entry")
        bidder = t["teams"][matches[table]["teams"][0]]["players"][0]
        shot = (lambda: second_phone.shot("quebec-night-sheet-deal-360x740", full_page=False)
                ) if table == 1 else (lambda: None)
        donne(scorer, BIDS[table - 1], bidder, 8, "Enregistrer la donne", shot)
        until(scorer, "() => document.querySelectorAll('table.sheet tr.hand').length === 1")
        # Its match over, the sheet says so and takes no second deal.
        scorer.get_by_text(re.compile("^Manche terminée. Victoire")).wait_for()
        assert scorer.locator("#entry").count() == 0
        if table == 1:
            assert scorer.get_by_text("Partie de tournoi : retour à la table").is_visible()
            fits_the_phone(scorer)
    t = api(page, "GET", f"/tournaments/{tid}")
    assert all(m["status"] == "complete" and m["results"][0]["hand"] == 1
               for m in t["rounds"][0]["matches"])
    # The projector moved live: its header says what comes next, as the server does in French.
    step = page.request.get(f"/api/v1/tournaments/{tid}?lang=fr").json()["next_step"]
    until(wall, "(step) => document.querySelector('.wall-round')?.textContent === step", step)

    # -- the knockout begins from the desk ---------------------------------------------------------
    page.get_by_role("button", name="Passer à la ronde suivante").click()
    until(page, "(id) => fetch(`/api/v1/tournaments/${id}`).then((r) => r.json())"
                ".then((t) => t.rounds.length === 2)", tid)
    before = api(page, "GET", f"/tournaments/{tid}")
    qualified = {team for m in before["rounds"][1]["matches"] for team in m["teams"]}

    # -- a qualifying deal corrected from the desk, on the sheet: the qualifier becomes the loser --
    table = next(k for k, m in sorted(matches.items())
                 if m["teams"][0] in qualified and m["teams"][1] not in qualified)
    match = matches[table]
    page.get_by_text("Corriger une partie d'une ronde précédente").click()
    card = page.get_by_role("article", name=re.compile(f"^Table {table}\\b"))
    card.get_by_role("button", name=re.compile("sur la feuille de pointage$")).click()
    page.wait_for_selector("#entry")
    assert page.get_by_role("heading", name="Corriger la donne 1").is_visible()
    bidder = before["teams"][match["teams"][1]]["players"][0]
    donne(page, "8 sans atout", bidder, 9, "Enregistrer la correction")
    box = page.locator(".preview-box")
    box.wait_for()
    said = box.inner_text()
    assert "Ce que la correction change" in said and "Changements au classement" in said
    loser, winner = (before["teams"][i]["name"] for i in match["teams"])
    moved = {name: int(to) for name, to in re.findall(r"^(.+?)\s:\sdu rang \d+ au rang (\d+)$",
                                                      said, re.M)}
    assert loser in moved and winner in moved, said
    assert api(page, "GET", f"/tournaments/{tid}")["updated_at"] == before["updated_at"]
    # The box's top below the sticky scores: what the organizer reads first.
    box.evaluate("(e) => window.scrollTo(0, e.getBoundingClientRect().top + window.scrollY - 150)")
    desk_phone.shot("quebec-night-sheet-correction-preview-360x740", full_page=False)
    box.get_by_role("button", name="Appliquer").click()
    until(page, "([id, at]) => fetch(`/api/v1/tournaments/${id}`).then((r) => r.json())"
                ".then((t) => t.updated_at !== at)", [tid, before["updated_at"]])
    until(page, "() => document.querySelectorAll('table.sheet tr.hand').length === 1"
                " && !document.querySelector('.preview-box')")
    after = api(page, "GET", f"/tournaments/{tid}")
    ranks = {s["name"]: s["rank"] for s in after["standings"]}
    assert {name: ranks[name] for name in moved} == moved  # the standings the preview showed
    assert quarter_finals(after) != quarter_finals(before)
    now_in = {team for m in after["rounds"][1]["matches"] for team in m["teams"]}
    assert match["teams"][1] in now_in and match["teams"][0] not in now_in
    # The projector follows the knockout's new pairing.
    until(wall, "(name) => document.body.innerText.includes(name)", winner, timeout=30)
    wall_device.shot("quebec-night-sheet-wall", full_page=False)
