"""A club's season on the page (issue 30): the admin starts one from the club's page with its
counting rules and lands on its ladder; each player's results open under their line, the dropped
ones struck through with why; it fits a 360 px phone, in English and French."""

from __future__ import annotations

from typing import Any

from tests.web.helpers import Phone, api, fits_the_phone, no_serious_axe_violations

SLAM = {"bidder": 0, "bid": "10NT", "tricks": [10, 0]}  # 520: North-South are out at once
NAMES = ["Ann Smith", "Bo Jones", "Cy Brown", "Di Green"]


def finished_game(page: Any, club: dict[str, Any], seats: list[Any]) -> int:
    """A four-handed club game North-South (seats 0 and 2) win in one hand."""
    made = page.request.post("/api/v1/games", data={
        "variant": "australian-500", "club": club["id"],
        "sides": [{"name": "North-South", "players": [seats[0], seats[2]]},
                  {"name": "East-West", "players": [seats[1], seats[3]]}]},
        headers={"X-Club-Token": club["member_token"]})
    assert made.ok, made.text()
    game = made.json()
    api(page, "POST", f"/games/{game['id']}/hands", game["token"], data=SLAM)
    game_id: int = game["id"]
    return game_id


def a_club_with_games(page: Any) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    club = api(page, "POST", "/clubs", data={"name": "Club de la Rive"})
    seats = [{"name": name, "player": api(page, "POST", f"/clubs/{club['id']}/players",
                                          club["token"], data={"name": name})["id"]}
             for name in NAMES]
    for _ in range(3):
        finished_game(page, club, seats)
    finished_game(page, club, [*seats[:3], "Visitor"])  # a guest sat: excluded below
    return club, seats


def test_the_admin_starts_a_season_and_its_ladder_shows_what_was_dropped(phone: Phone) -> None:
    page = phone.open("#/")
    club, seats = a_club_with_games(page)
    page = phone.open(f"#/c/{club['id']}?token={club['token']}")
    page.get_by_text("New season…").click()
    page.get_by_label("Name", exact=True).fill("Hiver")
    page.get_by_label("Last day").fill("2099-12-31")
    page.get_by_label("Only the best results count (empty: all)").fill("2")
    page.get_by_label("Guests", exact=True).select_option("exclude")
    page.get_by_role("button", name="Start the season").click()
    page.wait_for_selector(".ladder")
    assert "/season/" in page.url
    rows = page.locator(".ladder-row")
    assert rows.count() == 4
    first = rows.nth(0)
    assert first.locator(".ladder-place").inner_text() == "=1"  # Ann and Cy: 2 points each
    assert first.locator(".ladder-points").inner_text() == "2"
    assert first.locator(".ladder-name a").get_attribute("href") == f"#/p/{seats[0]['player']}"
    assert first.locator("summary").inner_text() == "2 counted · 2 dropped"
    first.locator("summary").click()
    dropped = first.locator(".dropped")
    assert dropped.count() == 2
    reasons = dropped.locator(".muted").all_inner_texts()
    assert sorted(reasons) == ["(a guest sat)", "(beyond the best results)"]
    assert dropped.locator("del").count() == 2
    assert first.locator(".counted").count() == 2
    fits_the_phone(page)
    no_serious_axe_violations(page)
    phone.shot("season-ladder-dropped-360x740")
    season = page.url.split("/season/")[1]
    ladder = api(page, "GET", f"/clubs/{club['id']}/seasons/{season}/standings", club["token"])
    assert ladder["season"]["counting"]["best"] == 2

    page = phone.open(f"?lang=fr#/c/{club['id']}/season/{season}")
    page.wait_for_selector(".ladder")
    page.locator(".ladder-row").nth(0).locator("summary").click()
    assert page.locator(".dropped .muted").first.inner_text() in (
        "(au-delà des meilleurs résultats)", "(un invité à la table)")
    fits_the_phone(page)
    phone.shot("season-ladder-dropped-fr-360x740")


def test_the_club_page_lists_its_seasons_to_a_member(phone: Phone) -> None:
    page = phone.open("#/")
    club, _seats = a_club_with_games(page)
    api(page, "POST", f"/clubs/{club['id']}/seasons", club["token"], data={
        "name": "Printemps", "starts_on": "2020-03-01", "ends_on": "2099-05-31"})
    page = phone.open(f"#/c/{club['id']}?token={club['member_token']}")
    page.get_by_role("link", name="Printemps").wait_for()
    assert page.get_by_text("New season…").count() == 0  # the admin's only
    page.get_by_role("link", name="Printemps").click()
    page.wait_for_selector(".ladder")
    assert page.locator(".ladder-row").count() == 4
