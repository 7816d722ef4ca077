"""The club on the page (issue 29): starting a club (its links and recovery code shown once),
the club home (recent games and players a page at a time, the member link to share), the names
not linked, the admin's players (add, rename, visibility, erase), merges and their undoing, the
admin link recovered, offline reading, and no token left in an address."""

from __future__ import annotations

import re
import time
from dataclasses import dataclass
from typing import Any

from tests.qr_pixels import decode, png_pixels
from tests.web.helpers import (
    Phone,
    api,
    controlled,
    fits_the_phone,
    no_serious_axe_violations,
    until,
)


@dataclass
class Club:
    id: int
    admin: str
    member: str
    recovery_code: str


def new_club(page: Any, name: str = "Club de la Rive", **body: Any) -> Club:
    made = api(page, "POST", "/clubs", data={"name": name, **body})
    return Club(made["id"], made["token"], made["member_token"], made["recovery_code"])


def add_player(page: Any, club: Club, name: str) -> int:
    player: int = api(page, "POST", f"/clubs/{club.id}/players", club.admin,
                      data={"name": name})["id"]
    return player


def club_game(page: Any, club: Club, seats: list[Any]) -> int:
    """A four-handed club game: `seats` in seat order, each a name or (name, player id)."""
    names = [{"name": s[0], "player": s[1]} if isinstance(s, tuple) else s for s in seats]
    reply = page.request.post("/api/v1/games", data={
        "variant": "australian-500", "club": club.id,
        "sides": [{"name": "North-South", "players": [names[0], names[2]]},
                  {"name": "East-West", "players": [names[1], names[3]]}]},
        headers={"X-Club-Token": club.member})
    assert reply.ok, reply.text()
    game: int = reply.json()["id"]
    return game


def players_of(page: Any, club: Club) -> dict[str, int]:
    listed = api(page, "GET", f"/clubs/{club.id}/players?limit=100", club.admin)["data"]
    return {p["name"]: p["games"] for p in listed}


def requests_of(phone: Phone) -> list[str]:
    sent: list[str] = []
    phone.context.on("request", lambda request: sent.append(request.url.split("#")[0]))
    return sent


def toasted(page: Any, text: str) -> None:
    page.wait_for_selector(f"#toast:has-text({text!r})")


def test_starting_a_club_shows_its_links_once_and_the_start_page_remembers_it(
        phone: Phone) -> None:
    sent = requests_of(phone)
    page = phone.open("#/")
    page.get_by_role("link", name="Start a club").click()
    page.get_by_label("Club name").fill("Club du jeudi")
    page.get_by_label("Language of the club").select_option("fr")
    page.get_by_text("Public club").click()
    page.get_by_role("button", name="Start the club").click()
    page.wait_for_selector(".recovery-sheet")
    admin_link = page.get_by_role("link", name="Admin link")
    cid = int(re.search(r"#/c/(\d+)", admin_link.get_attribute("href") or "").group(1))  # type: ignore[union-attr]
    texts = page.locator(".link-text").all_inner_texts()
    admin, member = (t.rsplit("=", 1)[1] for t in texts)
    assert texts == [f"{phone.base}/#/c/{cid}?token={admin}",
                     f"{phone.base}/#/c/{cid}?token={member}"]
    until(page, "() => [...document.querySelectorAll('img.qr')].every((i) => i.naturalWidth > 0)")
    codes = page.locator("img.qr")
    for n in range(2):
        codes.nth(n).evaluate("(e) => e.scrollIntoView({ block: 'center' })")
        assert decode(png_pixels(codes.nth(n).screenshot())) == texts[n]
    code = page.locator("#recovery-code").inner_text()
    assert re.fullmatch(r"[A-HJ-NP-Z]{4}(-[A-HJ-NP-Z]{4}){3}", code), code
    club = api(page, "GET", f"/clubs/{cid}", admin)
    assert (club["name"], club["language"], club["public"], club["role"]) == (
        "Club du jeudi", "fr", True, "admin")
    assert api(page, "GET", f"/clubs/{cid}", member)["role"] == "member"
    fits_the_phone(page)
    no_serious_axe_violations(page)
    phone.shot("club-created")

    page.get_by_role("link", name="Open the club").click()
    page.wait_for_selector("text=you are its admin")
    # The member link is kept on the admin's phone to share.
    assert page.locator("#member-title ~ div .link-text").inner_text() == texts[1]
    page.get_by_role("link", name="scorekeeper").click()
    clubs = page.get_by_role("region", name="Clubs")
    clubs.get_by_role("link", name="Club du jeudi").click()
    page.wait_for_selector("h1:text-is('Club du jeudi')")
    assert not [url for url in sent if admin in url or member in url]


def test_the_club_home_pages_its_games_and_players_and_takes_the_token_out_of_the_address(
        phone: Phone) -> None:
    page = phone.open()
    club = new_club(page)
    ids = [add_player(page, club, f"Player {n:02}") for n in range(30)]
    for g in range(12):
        club_game(page, club, [("Player 00", ids[0]), f"Guest {g}", ("Player 01", ids[1]), "Di"])
    sent = requests_of(phone)
    page = phone.open(f"#/c/{club.id}?token={club.member}")
    page.wait_for_selector("h1:text-is('Club de la Rive')")
    assert page.url.endswith(f"#/c/{club.id}")  # the token kept on the phone, not in the bar
    assert "you are a member" in page.locator("main").inner_text()
    fits_the_phone(page)
    no_serious_axe_violations(page)
    phone.shot("club-home", full_page=False)
    games = page.locator("#club-games-title ~ ul > li")
    assert games.count() == 10
    assert "North-South v East-West" in games.first.inner_text()
    page.get_by_role("button", name="More games").click()
    until(page, "() => document.querySelectorAll('#club-games-title ~ ul > li').length === 12")
    assert page.get_by_role("button", name="More games").is_hidden()
    players = page.locator(".player-row")
    assert players.count() == 25
    assert players.first.inner_text().split("\n") == ["Player 00", "12 games"]
    assert players.first.locator("a").get_attribute("href") == f"#/p/{ids[0]}"
    page.get_by_role("button", name="More players").click()
    until(page, "() => document.querySelectorAll('.player-row').length === 30")
    # A member has no admin's buttons, but adds a player.
    assert page.get_by_role("button", name=re.compile("^Manage")).count() == 0
    page.get_by_label("Add a player").fill("Zoé Tremblay")
    page.get_by_role("button", name="Add", exact=True).click()
    toasted(page, "Zoé Tremblay is a player of the club.")
    assert "Zoé Tremblay" in players_of(page, club)
    # A bad link says so and offers the recovery form.
    page.goto(f"{phone.base}/#/c/{club.id}?token={'x' * 43}")
    page.wait_for_selector("text=This link does not open this club")
    assert page.url.endswith(f"#/c/{club.id}")
    assert not [url for url in sent if club.member in url]
    phone.errors[:] = [e for e in phone.errors if "status of 403" not in e]


def test_the_names_not_linked_are_linked_to_a_player_or_made_one(phone: Phone) -> None:
    page = phone.open()
    club = new_club(page)
    marie = add_player(page, club, "Marie Bouchard")
    for n in range(3):
        club_game(page, club, ["Marie B.", "Luc", f"Ann {n}", "Jo"])
    page = phone.open(f"#/c/{club.id}?token={club.member}")
    queue = page.get_by_role("region", name="Names not linked")
    queue.locator("li").first.wait_for()
    first = queue.locator("li", has_text="Marie B. played")
    assert first.inner_text().split("\n")[0].startswith(
        "Marie B. played 3 games not linked to anyone, last on")
    fits_the_phone(page)
    no_serious_axe_violations(page)
    queue.scroll_into_view_if_needed()
    phone.shot("club-unlinked-queue", full_page=False)
    until(page, "() => document.querySelectorAll('.unlinked select')[0].options.length > 1")
    first.get_by_label("Player to link Marie B. to").select_option(label="Marie Bouchard")
    first.get_by_role("button", name="Link name").click()
    toasted(page, "Marie B.: 3 games linked.")
    page.wait_for_selector(".player-row:has-text('Marie Bouchard'):has-text('3 games')")
    assert "Marie B." not in queue.inner_text()
    assert api(page, "GET", f"/games?player={marie}", club.member)["data"].__len__() == 3
    # A name nobody has: made a player, and linked, in one tap.
    queue.locator("li", has_text="Luc played").get_by_role(
        "button", name="New player named Luc").click()
    toasted(page, "Luc: 3 games linked.")
    page.wait_for_selector(".player-row:has-text('Luc')")
    assert players_of(page, club) == {"Luc": 3, "Marie Bouchard": 3}


def admin_on(phone: Phone, club: Club) -> Any:
    page = phone.open(f"#/c/{club.id}?token={club.admin}")
    page.wait_for_selector("text=you are its admin")
    return page


def manage(page: Any, name: str) -> Any:
    row = page.locator(".player-row", has=page.get_by_role("link", name=re.compile(f"^{name}")))
    row.get_by_role("button", name=f"Manage {name}").click()
    return row.locator(".manage")


def test_the_admin_renames_hides_and_erases_a_player(phone: Phone) -> None:
    page = phone.open()
    club = new_club(page)
    ann = add_player(page, club, "Ann Roy")
    club_game(page, club, [("Ann Roy", ann), "Bo", "Cy", "Di"])
    page = admin_on(phone, club)
    panel = manage(page, "Ann Roy")
    panel.get_by_label("Name", exact=True).fill("Anne Roy")
    panel.get_by_role("button", name="Rename").click()
    toasted(page, "Saved: Anne Roy.")
    page.wait_for_selector(".player-row a:has-text('Anne Roy')")
    panel = manage(page, "Anne Roy")
    visibility = panel.get_by_label("Name shown outside the club")
    until(page, f"() => !document.getElementById('manage-{ann}-visibility').disabled")
    assert visibility.input_value() == "public"
    visibility.select_option("hidden")
    # The rename's toast says the same words: the API is asked until the write is in.
    deadline = time.monotonic() + 10
    while api(page, "GET", f"/players/{ann}", club.admin)["visibility"] != "hidden":
        assert time.monotonic() < deadline, "the visibility was not saved"
        page.wait_for_timeout(100)
    # Erasing asks first, says what happens, and can be kept.
    panel.get_by_role("button", name="Erase Anne Roy…").click()
    confirm = panel.get_by_role("alertdialog")
    assert confirm.inner_text().startswith(
        "Erase Anne Roy from the club? The seats in 1 game become “Guest”")
    confirm.get_by_role("button", name="Keep").click()
    panel.get_by_role("button", name="Erase Anne Roy…").click()
    panel.get_by_role("button", name="Erase for good").click()
    toasted(page, "Erased: Anne Roy.")
    page.wait_for_selector("text=No player in the club yet.")
    assert players_of(page, club) == {}
    # Adding one from the admin's phone.
    page.get_by_label("Add a player").fill("Bo Martin")
    page.get_by_role("button", name="Add", exact=True).click()
    page.wait_for_selector(".player-row a:has-text('Bo Martin')")


def test_a_merge_says_what_moves_then_the_log_undoes_it(phone: Phone) -> None:
    page = phone.open()
    club = new_club(page)
    marie = add_player(page, club, "Marie Bouchard")
    short = add_player(page, club, "M. Bouchard")
    for _ in range(2):
        club_game(page, club, [("M. Bouchard", short), "Bo", "Cy", "Di"])
    club_game(page, club, [("Marie Bouchard", marie), "Bo", "Cy", "Di"])
    page = admin_on(phone, club)
    panel = manage(page, "M. Bouchard")
    until(page, f"() => document.querySelectorAll('#manage-{short}-into option').length > 1")
    panel.get_by_label("Merge into another player").select_option(label="Marie Bouchard")
    assert panel.locator(".merge-preview").inner_text() == (
        "Merge: 2 games move from M. Bouchard to Marie Bouchard. M. Bouchard leaves the list of "
        "players; the merge log can undo it.")
    fits_the_phone(page)
    no_serious_axe_violations(page)
    panel.locator(".merge-preview").scroll_into_view_if_needed()
    phone.shot("club-merge-preview", full_page=False)
    panel.get_by_role("button", name="Merge", exact=True).click()
    toasted(page, "Merged: M. Bouchard into Marie Bouchard.")
    log = page.get_by_role("region", name="Merge log")
    log.get_by_text("M. Bouchard → Marie Bouchard").wait_for()
    assert "2 seats moved" in log.inner_text()
    assert players_of(page, club) == {"Marie Bouchard": 3}
    log.scroll_into_view_if_needed()
    phone.shot("club-merge-log", full_page=False)
    log.get_by_role("button", name="Undo the merge of M. Bouchard into Marie Bouchard").click()
    toasted(page, "Undone: M. Bouchard is a player again.")
    page.wait_for_selector(".merges .tag:text-is('undone')")
    assert players_of(page, club) == {"M. Bouchard": 2, "Marie Bouchard": 1}


def test_a_new_member_link_voids_the_old_and_a_lost_admin_link_is_recovered(
        phone: Phone, second_phone: Phone) -> None:
    page = phone.open()
    club = new_club(page)
    page = admin_on(phone, club)
    # This phone never saw the member link: it makes a new one, confirmed first.
    section = page.get_by_role("region", name="Member link")
    assert "does not hold the member link" in section.inner_text()
    section.get_by_role("button", name="New member link…").click()
    section.get_by_role("button", name="Make a new member link").click()
    toasted(page, "A new member link: the old one no longer works.")
    link = page.locator("#member-title ~ div .link-text")
    link.wait_for()
    member = link.inner_text().rsplit("=", 1)[1]
    assert api(page, "GET", f"/clubs/{club.id}", member)["role"] == "member"
    assert page.request.get(f"/api/v1/clubs/{club.id}",
                            headers={"Authorization": f"Bearer {club.member}"}).status == 403

    other = second_phone.open(f"#/c/{club.id}?token={member}")
    other.wait_for_selector("text=you are a member")
    other.get_by_text("Lost the admin link?").click()
    other.get_by_label("Recovery code").fill(club.recovery_code.lower())
    other.get_by_role("button", name="Recover the admin link").click()
    other.wait_for_selector("text=A new admin link is on this phone")
    assert other.locator("#recovery-code").inner_text() != club.recovery_code
    other.get_by_role("link", name="Open the club").click()
    other.wait_for_selector("text=you are its admin")
    assert page.request.get(f"/api/v1/clubs/{club.id}",
                            headers={"Authorization": f"Bearer {club.admin}"}).status == 403


def test_a_club_home_seen_before_opens_offline_and_says_so(phone: Phone) -> None:
    page = phone.open()
    club = new_club(page)
    ann = add_player(page, club, "Ann Roy")
    club_game(page, club, [("Ann Roy", ann), "Bo", "Cy", "Di"])
    page = phone.open(f"#/c/{club.id}?token={club.member}")
    page.wait_for_selector(".player-row")
    controlled(page)
    until(page, f"""() => caches.open('sk-api').then((c) => c.keys()).then((keys) =>
        keys.some((r) => r.url.includes('/api/v1/clubs/{club.id}/players')))""")
    phone.context.set_offline(True)
    page.reload()
    page.wait_for_selector("text=No connection: this is the club as this phone last saw it.")
    assert page.locator(".player-row").inner_text().split("\n") == ["Ann Roy", "1 game"]
    assert "North-South v East-West" in page.locator("#club-games-title ~ ul").inner_text()
    phone.shot("club-home-offline", full_page=False)


def test_the_club_home_in_french_and_italian(phones: Any) -> None:
    for code, heading, players in (("fr", "Parties récentes", "Joueurs"),
                                   ("it", "Partite recenti", "Giocatori")):
        device = phones(locale=code)
        page = device.open()
        club = new_club(page, language=code)
        marie = add_player(page, club, "Marie Bouchard")
        club_game(page, club, [("Marie Bouchard", marie), "Luc", "Marie B.", "Jo"])
        page = device.open(f"#/c/{club.id}?token={club.admin}")
        page.get_by_role("heading", name=heading).wait_for()
        page.get_by_role("heading", name=players, exact=True).wait_for()
        page.locator(".unlinked li").first.wait_for()
        fits_the_phone(page)
        device.shot(f"club-home-{code}")
