"""The club on the wall and on paper (issue 30): the club's projector (#/c/{id}/screen, a 16:9
wall of tonight's wins and games and the milestones under them) and a night's results sheet
(#/c/{id}/week, printed on A4, in the club's language), for a night played through the API."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from sqlalchemy import create_engine, update

from scorekeeper.models import Game, Hand
from tests.helpers import database_url
from tests.web.helpers import SHOTS, Phone, api, no_serious_axe_violations, until

WALL = {"width": 1280, "height": 720}
A4 = {"width": 794, "height": 1123}  # 210 × 297 mm at 96 CSS pixels an inch
# Cy 7♠ made; Ann misère made; Di 8♥ failed; Bo 9NT failed: East-West out the back door.
BACK_DOOR = [{"bidder": 2, "bid": "7S", "tricks": [7, 3]},
             {"bidder": 0, "bid": "MIS", "tricks": [0, 10]},
             {"bidder": 3, "bid": "8H", "tricks": [4, 6]},
             {"bidder": 1, "bid": "9NT", "tricks": [3, 7]}]
PEOPLE = ["Marie Tremblay", "Luc Gagnon", "Anne Roy", "Jean Côté", "Sophie Lavoie", "Paul Morin"]


@dataclass
class Club:
    id: int
    admin: str
    member: str


def new_club(page: Any, name: str, **body: Any) -> Club:
    made = api(page, "POST", "/clubs", data={"name": name, **body})
    return Club(made["id"], made["token"], made["member_token"])


def add_player(page: Any, club: Club, name: str) -> int:
    player: int = api(page, "POST", f"/clubs/{club.id}/players", club.admin,
                      data={"name": name})["id"]
    return player


def played(page: Any, club: Club, seats: list[tuple[str, int]]) -> int:
    """A four-handed club game played out through the API: North-South win."""
    names = [{"name": n, "player": p} for n, p in seats]
    reply = page.request.post("/api/v1/games", data={
        "variant": "australian-500", "club": club.id,
        "sides": [{"name": f"{seats[0][0].split()[0]} & {seats[2][0].split()[0]}",
                   "players": [names[0], names[2]]},
                  {"name": f"{seats[1][0].split()[0]} & {seats[3][0].split()[0]}",
                   "players": [names[1], names[3]]}]},
        headers={"X-Club-Token": club.member})
    assert reply.ok, reply.text()
    game = reply.json()
    for hand in BACK_DOOR:
        api(page, "POST", f"/games/{game['id']}/hands", game["token"], data=hand)
    gid: int = game["id"]
    return gid


def club_night(page: Any, language: str = "en", season: str | None = None,
               tmp_path: Path | None = None) -> Club:
    """A club whose night had three games among six players; with `season`, in a season that
    began yesterday, one game of it before tonight."""
    club = new_club(page, "Club de la Rive" if language == "fr" else "Riverside 500 Club",
                    language=language)
    ids = {name: add_player(page, club, name) for name in PEOPLE}
    if season is not None:
        today = datetime.now(UTC).date()
        api(page, "POST", f"/clubs/{club.id}/seasons", club.admin, data={
            "name": season, "starts_on": (today - timedelta(days=1)).isoformat(),
            "ends_on": (today + timedelta(days=30)).isoformat()})
    seat = lambda *names: [(n, ids[n]) for n in names]  # noqa: E731
    first = played(page, club, seat(PEOPLE[0], PEOPLE[1], PEOPLE[2], PEOPLE[3]))
    if season is not None and tmp_path is not None:
        # The first game begun last night: the season's ladder before tonight has it.
        engine = create_engine(database_url(tmp_path))
        with engine.begin() as connection:
            yesterday = datetime.now(UTC) - timedelta(days=1)
            connection.execute(update(Game).where(Game.id == first).values(created_at=yesterday))
            connection.execute(update(Hand).where(Hand.game_id == first)
                               .values(created_at=yesterday))
        engine.dispose()
    played(page, club, seat(PEOPLE[4], PEOPLE[0], PEOPLE[5], PEOPLE[2]))
    played(page, club, seat(PEOPLE[0], PEOPLE[3], PEOPLE[4], PEOPLE[5]))
    return club


def nothing_spills(page: Any) -> None:
    assert page.evaluate("() => document.scrollingElement.scrollHeight <= innerHeight + 1"
                         " && document.scrollingElement.scrollWidth <= innerWidth + 1")
    assert page.evaluate("() => [...document.querySelectorAll('.wall-panel, .wall-milestones')]"
                         ".every((p) => p.getBoundingClientRect().bottom <= innerHeight + 1)")


def test_the_club_projector_shows_tonights_wins_games_and_milestones(
        phones: Callable[..., Phone]) -> None:
    wall = phones(viewport=WALL)
    page = wall.open()
    club = club_night(page)
    # The club's page, opened with the member link, leads to the projector.
    page = wall.open(f"#/c/{club.id}?token={club.member}")
    page.get_by_role("link", name="Projector").click()
    page.wait_for_selector(".panel-wins")
    assert page.locator(".bar").is_hidden() and page.locator(".foot").is_hidden()
    assert page.locator(".wall-head h1").inner_text() == "Riverside 500 Club"
    rows = page.locator(".panel-wins tbody tr")  # six players: the six rows a panel shows
    # North-South win each game: Sophie won both hers, Marie two of three (the same place).
    top = [rows.nth(k).inner_text().split("\t") for k in range(2)]
    assert top == [["1", "Sophie Lavoie", "2", "2"], ["1", "Marie Tremblay", "3", "2"]], top
    assert rows.count() == 6
    games = page.locator(".wall-games .night-game")
    assert games.count() == 3
    # The latest game first.
    assert games.nth(0).inner_text().startswith("Marie & Sophie")
    # Milestones four at a time, the next four in turn.
    assert page.locator(".wall-milestones li").all_inner_texts() == [
        "Marie Tremblay: first game", "Marie Tremblay: first win",
        "Marie Tremblay: first misère made", "Luc Gagnon: first game"]
    until(page, "() => document.querySelector('.wall-milestones li').textContent"
                " === 'Anne Roy: first game'", timeout=12)
    assert page.get_by_role("link", name="exit").is_visible()
    # Readable from the back of the room: the rows' text at least 3.5% of the wall's height.
    size = page.evaluate("() => parseFloat(getComputedStyle("
                         "document.querySelector('.wall-standings td')).fontSize)")
    assert size >= 0.035 * WALL["height"], size
    nothing_spills(page)
    no_serious_axe_violations(page)
    wall.shot("club-screen-1280x720", full_page=False)


def test_the_weekly_sheet_prints_on_one_a4_page_in_the_clubs_language(
        phones: Callable[..., Phone], tmp_path: Path) -> None:
    desk = phones(viewport=A4)
    page = desk.open()
    club = club_night(page, "fr", season="Saison d'hiver", tmp_path=tmp_path)
    page = desk.open(f"#/c/{club.id}?token={club.admin}")
    page.get_by_role("link", name="Results sheet").click()  # the phone speaks English
    page.wait_for_selector(".week-head h1")
    assert re.fullmatch(r"#/c/\d+/week", page.evaluate("() => location.hash"))
    assert page.locator(".week-head h1").inner_text() == "Club de la Rive"
    assert page.locator(".week-date").inner_text().startswith("Soirée du club du ")
    headings = page.locator(".week-part h2").all_inner_texts()
    assert headings == ["Jalons", "Classement\u00a0: Saison d'hiver", "Victoires",
                        "Parties"], headings
    # Last night's game made Marie's first; tonight's, Sophie's.
    milestones = page.locator(".week-milestones").inner_text()
    assert "Sophie Lavoie\u00a0: première partie" in milestones
    assert "Marie Tremblay\u00a0: première partie" not in milestones
    movers = [r.split("\t")
              for r in page.locator("#week-movers ~ table tbody tr").all_inner_texts()]
    assert movers == [["=1", "Sophie Lavoie", "2", "entrée"], ["=1", "Marie Tremblay", "2", ""],
                      ["=3", "Anne Roy", "1", "▼ 2"],
                      ["=3", "Paul Morin", "1", "entrée"], ["=5", "Luc Gagnon", "0", "▼ 2"],
                      ["=5", "Jean Côté", "0", "▼ 2"]], movers
    wins = page.locator("#week-wins ~ table tbody tr").nth(0).inner_text().split("\t")
    assert wins == ["Sophie Lavoie", "2", "2"], wins
    assert page.locator(".night-game").count() == 2
    no_serious_axe_violations(page)
    page.emulate_media(media="print")
    for hidden in (".bar", ".foot", ".week-controls"):
        assert not page.locator(hidden).first.is_visible(), hidden
    desk.shot("weekly-sheet-a4-fr")
    pdf = page.pdf(format="A4")
    assert len(re.findall(rb"/Type\s*/Page(?![a-zA-Z])", pdf)) == 1
    (SHOTS / "weekly-sheet-a4-fr.pdf").write_bytes(pdf)
    # Another night, chosen on the sheet: nothing finished then.
    page.emulate_media(media="screen")
    page.locator("#week-date").fill("2020-01-02")
    until(page, "() => location.hash.endsWith('?date=2020-01-02')")
    page.wait_for_selector("text=Aucune partie terminée ce soir-là.")


def test_the_club_projector_shows_the_seasons_ladder_with_its_movers(
        phones: Callable[..., Phone], tmp_path: Path) -> None:
    wall = phones(viewport=WALL)
    page = wall.open()
    club = club_night(page, season="Winter ladder", tmp_path=tmp_path)
    page = wall.open(f"#/c/{club.id}?token={club.member}")
    page.get_by_role("link", name="Projector").click()
    page.wait_for_selector(".panel-ladder")
    assert page.locator(".panel-ladder h2").inner_text() == "Winter ladder"
    rows = [r.split("\t") for r in page.locator(".panel-ladder tbody tr").all_inner_texts()]
    # A game won is a point. Last night Marie and Anne won (=1), Luc and Jean lost (=3). Tonight
    # Sophie (new) won both hers and joins Marie, who won one; Anne, Luc and Jean lost theirs.
    assert rows == [["=1", "Sophie Lavoie", "2", "new"], ["=1", "Marie Tremblay", "2", ""],
                    ["=3", "Anne Roy", "1", "▼ 2"], ["=3", "Paul Morin", "1", "new"],
                    ["=5", "Luc Gagnon", "0", "▼ 2"], ["=5", "Jean Côté", "0", "▼ 2"]], rows
    assert page.locator(".wall-games .night-game").count() == 2  # tonight's, not last night's
    nothing_spills(page)
    no_serious_axe_violations(page)
    wall.shot("club-screen-ladder-1280x720", full_page=False)
