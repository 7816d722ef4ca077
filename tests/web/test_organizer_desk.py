"""The organizer's desk, run from a phone alone: a Quebec tournament created with its teams pasted
(a bad line shown where it is), the organizer's link and QR code shown once, check-in, a late
entry, a withdrawal, the draw; the round as table cards named after their teams, a game reported
by team name, a correction previewed before it is applied, the table numbers changed; a table's
scorer link opened on a second phone; the confirmation of a game by the other team; and the
podium of a finished tournament, above the placings and the qualifying standings."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from tests.qr_pixels import decode, png_pixels
from tests.web.helpers import Phone, api, fits_the_phone, no_serious_axe_violations, on_paper

TEAMS = ["Les As: Marie, Jean", "Les Rois: Luc, Anne", "Les Dames: Zoé, Paul",
         "Les Valets: Ines, Marc", "Les Dix: Rosa, Hugo", "Les Neuf: Lina, Omar",
         "Les Huit: Théo, Ada", "Les Sept: Eva, Noé", "Les Six: Lou, Tim"]


def create(page: Any, name: str, teams: int, fmt: str = "quebec",
           options: dict[str, Any] | None = None) -> tuple[int, str]:
    created = api(page, "POST", "/tournaments", data={
        "name": name, "variant": "quebec-500", "format": fmt, "options": options or {},
        "teams": [{"name": line.split(":")[0], "players": line.split(": ")[1].split(", ")}
                  for line in TEAMS[:teams]]})
    return created["id"], created["token"]


def so_far(won: int, lost: int, scored: int | str, against: int | str) -> str:
    """A match's score so far as the page writes it (word joiners keep "300–120" on one line)."""
    return f"Games won: {won}\u2060–\u2060{lost} · points: {scored}\u2060–\u2060{against}"


def quiet(page: Any) -> None:
    """The toast hidden before a screenshot, so it shows the screen under it."""
    page.evaluate("document.getElementById('toast').hidden = true")


def refused(phone: Phone, status: int) -> None:
    """The refusal the test asked for: the browser's note of it is not a console error."""
    note = f"status of {status}"
    assert any(note in error for error in phone.errors), phone.errors
    phone.errors[:] = [error for error in phone.errors if note not in error]


def play_out(page: Any, tid: int, token: str) -> dict[str, Any]:
    """Every open match won by its first team, every stage advanced, to the end."""
    for _ in range(20):
        t = api(page, "GET", f"/tournaments/{tid}")
        if t["status"] == "finished":
            return t  # type: ignore[no-any-return]
        if t["can_advance"]:
            api(page, "POST", f"/tournaments/{tid}/advance", token)
            continue
        for match in (m for r in t["rounds"] for m in r["matches"]):
            while match["kind"] != "bye" and match["status"] != "complete":
                match = api(page, "POST", f"/tournaments/{tid}/matches/{match['id']}/games",
                            token, {"scores": [300, 100]})["match"]
    raise AssertionError("the tournament never finished")


def test_an_organizer_runs_a_quebec_tournament_from_the_page(
        phone: Phone, second_phone: Phone) -> None:
    page = phone.open()
    page.get_by_role("link", name="Run a tournament").click()
    page.wait_for_selector("h1:text-is('Run a tournament')")
    page.get_by_label("Tournament name").fill("Club du vendredi")
    page.get_by_label("Game", exact=True).select_option(label="Quebec 500")
    page.get_by_label("Format", exact=True).select_option("quebec")
    assert page.get_by_label("Games in the qualifying round").input_value() == "5"
    assert page.get_by_label("Games in a knockout match").input_value() == "3"
    # Nine teams and a line without its colon: shown where it is, nothing sent.
    pasted = "\n".join([*TEAMS, "Les Fous Nina, Eli", "Les As: Rémi, Gus"])
    page.get_by_label("Teams", exact=True).fill(pasted)
    page.wait_for_selector("text=11 teams · 2 lines to fix")
    assert page.get_by_text(re.compile("^Line 10: put a colon")).is_visible()
    assert page.get_by_text("Line 11: Les As is already on line 1.").is_visible()
    fits_the_phone(page)
    no_serious_axe_violations(page)
    phone.shot("desk-create", full_page=False)
    page.get_by_role("button", name="Fix lines 10, 11 of the teams first").click()
    assert page.get_by_role("heading", name="Run a tournament").is_visible()
    page.get_by_label("Teams", exact=True).fill("\n".join(TEAMS))
    page.wait_for_selector("text=9 teams")
    page.get_by_role("button", name="Create the tournament").click()

    # The organizer's link, shown once, with its QR code.
    page.wait_for_selector("text=Anyone with this link runs the tournament.")
    # Drawn on the phone: the QR code is the link written under it, token and all.
    link = page.locator(".link-text").inner_text()
    assert decode(png_pixels(page.locator(".share-link img.qr").screenshot())) == link
    assert re.fullmatch(rf"{re.escape(phone.base)}/#/t/\d+\?token=\S+", link), link
    fits_the_phone(page)
    phone.shot("desk-organizer-link", full_page=False)
    tid = int(re.search(r"#/t/(\d+)", link).group(1))  # type: ignore[union-attr]
    page.get_by_role("link", name="Open the desk").click()

    # Before the draw: a late entry, a withdrawal (confirmed), eight teams checked in of nine.
    page.wait_for_selector("text=0 of 9 checked in")
    page.get_by_label("Late entry: name, a colon, its players").fill("Les Tard: Yves, Léa")
    page.get_by_role("button", name="Add the team").click()
    page.wait_for_selector("text=0 of 10 checked in")
    page.get_by_role("button", name="Withdraw Les Six").click()
    page.get_by_role("button", name="Yes, withdraw").click()
    page.wait_for_selector("text=0 of 9 checked in")
    for name in [line.split(":")[0] for line in TEAMS[:7]] + ["Les Tard"]:
        page.get_by_role("button", name=f"{name} checked in").click()
        page.wait_for_selector(f"button[aria-label='{name} checked in'][aria-pressed='true']")
    page.wait_for_selector("text=8 of 9 checked in")
    assert page.get_by_text("1 team not checked in will not play").is_visible()
    fits_the_phone(page)
    no_serious_axe_violations(page)
    page.get_by_text("8 of 9 checked in").scroll_into_view_if_needed()
    page.evaluate("window.scrollBy(0, -80)")
    phone.shot("desk-check-in", full_page=False)
    page.get_by_role("button", name="Draw the numbers").click()

    # After the draw: the round as table cards, named; no internal id shown anywhere.
    page.wait_for_selector("h4:text-matches('^Table 1: ')")
    t = api(page, "GET", f"/tournaments/{tid}")
    assert {team["name"]: team["status"] for team in t["teams"]}["Les Sept"] == "withdrawn"
    first, second = t["rounds"][0]["matches"][:2]
    card = page.get_by_role("article", name=f"Table 1: {first['names'][0]} v {first['names'][1]}")
    assert card.is_visible()
    assert not re.search(r"\br\d+m\d+\b", page.locator("main").inner_text())
    # A game reported by team name: each box is labelled with its team.
    report = card.get_by_role("form", name="Report game 1")
    report.get_by_label(first["names"][0], exact=True).fill("300")
    report.get_by_label(first["names"][1], exact=True).fill("120")
    report.get_by_role("button", name="Send game 1").click()
    page.wait_for_selector(f"text={so_far(1, 0, 300, 120)}")
    card.get_by_role("button", name="Send game 2").wait_for()
    fits_the_phone(page)
    no_serious_axe_violations(page)
    quiet(page)
    page.evaluate("window.scrollTo(0, 0)")
    phone.shot("desk-tables", full_page=False)

    # A correction, previewed first: the standings' move is shown, nothing stored until Apply.
    card.get_by_text("1 game reported: correct one").click()
    card.get_by_role("button", name=re.compile("^Correct game 1 of Table 1")).click()
    fix = card.get_by_role("form", name="Correct game 1")
    fix.get_by_label(first["names"][0], exact=True).fill("100")
    fix.get_by_label(first["names"][1], exact=True).fill("400")
    fix.get_by_role("button", name="Preview the correction").click()
    page.wait_for_selector("text=What this correction changes")
    assert page.get_by_text(f"The match after it: {so_far(0, 1, 100, 400)}").is_visible()
    assert api(page, "GET", f"/tournaments/{tid}")["rounds"][0]["matches"][0]["results"][0][
        "scores"] == [300, 120]
    quiet(page)
    page.locator(".correcting").evaluate("(item) => item.scrollIntoView()")
    phone.shot("desk-correction-preview", full_page=False)
    page.get_by_role("button", name="Apply").click()
    # The preview said the same score: the desk drawn again after the write is what is awaited.
    page.locator(".preview-box").wait_for(state="detached")
    page.wait_for_selector(f"text={so_far(0, 1, 100, 400)}")

    # The table numbers: one used twice is refused where it was typed; then table 5.
    page.get_by_text("Change the table numbers").click()
    table_of = f"Table of {first['names'][0]} v {first['names'][1]}"
    page.get_by_label(table_of, exact=True).fill("2")
    page.get_by_role("button", name="Save the table numbers").click()
    page.locator(".tables-edit .field-error").get_by_text(re.compile("table", re.I)).wait_for()
    refused(phone, 422)
    page.get_by_label(table_of, exact=True).fill("5")
    page.get_by_role("button", name="Save the table numbers").click()
    page.wait_for_selector(f"h4:text-is('Table 5: {first['names'][0]} v {first['names'][1]}')")

    # Table 2's scorer link, opened on a second phone: the match alone, its teams named.
    table2 = page.get_by_role("article", name=re.compile("^Table 2: "))
    table2.get_by_text("Scorer link for this table").click()
    scorer_link = table2.locator(f"#scorer-{second['id']}").get_attribute("href") or ""
    assert "?token=" in scorer_link
    other = second_phone.open(scorer_link.split("/", 3)[3])
    other.wait_for_selector(f"h1:text-is('Table 2 · {t['rounds'][0]['name']}')")
    on_paper(other)
    other.get_by_label(second["names"][0], exact=True).fill("250")
    other.get_by_label(second["names"][1], exact=True).fill("90")
    other.get_by_role("button", name="Send game 1").click()
    other.wait_for_selector(f"text=Game 1: {second['names'][0]} 250, {second['names'][1]} 90")
    fits_the_phone(other)
    no_serious_axe_violations(other)
    second_phone.shot("desk-scorer-page", full_page=False)
    # The desk sees it live.
    page.locator("body").click(position={"x": 5, "y": 5})
    table2.get_by_text(so_far(1, 0, 250, 90)).wait_for(timeout=10_000)

    # A team leaves mid-round: its match is forfeited, said on its table's card.
    third = t["rounds"][0]["matches"][2]
    leaving = third["names"][1]
    page.get_by_text("Withdraw a team").click()
    page.get_by_role("button", name=f"Withdraw {leaving}").click()
    page.get_by_role("button", name="Yes, withdraw").click()
    page.wait_for_selector(f"text={leaving} withdrew: 1 match forfeited.")
    assert page.get_by_role("article", name=re.compile("^Table 3: ")).get_by_text(
        f"forfeited by {leaving}").is_visible()

    # The rest played out: the podium first, then the placings, then the qualifying standings.
    token = page.evaluate(f"JSON.parse(localStorage['sk.ttokens'])['{tid}']")
    assert api(page, "GET", f"/tournaments/{tid}/access", token)["role"] == "organizer"
    play_out(page, tid, token)
    page.reload()
    page.wait_for_selector("h2:text-is('Podium')")
    finished = api(page, "GET", f"/tournaments/{tid}")
    champion = finished["placings"][0]["name"]
    assert page.locator(".final-podium .place-1 .who").inner_text() == champion
    headings = page.locator("main h2").all_inner_texts()
    assert headings.index("Podium") < headings.index("Final placings") \
        < headings.index("Qualifying round standings")
    assert "Standings" not in headings
    fits_the_phone(page)
    no_serious_axe_violations(page)
    page.evaluate("window.scrollTo(0, 0)")
    phone.shot("desk-podium", full_page=False)


def test_the_other_team_confirms_a_game_on_its_phone(phones: Callable[..., Phone]) -> None:
    first, second, stranger = phones(), phones(), phones()
    page = first.open()
    tid, token = create(page, "Confirmés", 4, "round_robin", {"confirm_games": True})
    api(page, "POST", f"/tournaments/{tid}/draw", token, {})
    issued = api(page, "POST", f"/tournaments/{tid}/rounds/1/scorers", token)["scorers"]
    match = issued[0]["match"]
    tokens = {s["team"]: s["token"] for s in issued if s["match"] == match}
    t = api(page, "GET", f"/tournaments/{tid}")
    m = next(x for r in t["rounds"] for x in r["matches"] if x["id"] == match)
    ours, theirs = (t["teams"][i]["name"] for i in m["teams"])
    # The desk issues one scorer link per team, each named.
    page = first.open(f"#/t/{tid}?token={token}")
    card = page.get_by_role("article", name=f"Table {m['table']}: {ours} v {theirs}")
    card.get_by_text(f"Scorer link for {theirs}").click()
    link = card.locator(f"#scorer-{match}-{m['teams'][1]}").get_attribute("href") or ""
    assert api(page, "GET", f"/tournaments/{tid}/access", link.split("?token=")[1]) == {
        "role": "scorer", "match": match, "team": m["teams"][1]}
    assert card.get_by_text(f"Scorer link for {ours}").is_visible()
    # The organizer's own phone opens a scorer link: that table's page, not the desk.
    page = first.open(f"#/t/{tid}?token={tokens[m['teams'][0]]}")
    page.wait_for_selector(f"h1:text-matches('^Table {m['table']} · ')")
    on_paper(page)
    page.get_by_label(ours, exact=True).fill("320")
    page.get_by_label(theirs, exact=True).fill("80")
    page.get_by_role("button", name="Send game 1").click()
    page.wait_for_selector(f"text=Waiting for {theirs} to confirm.")
    other = second.open(f"#/t/{tid}?token={tokens[m['teams'][1]]}")
    other.wait_for_selector(f"text={ours} reported:")
    assert other.get_by_text(f"Game 1: {ours} 320, {theirs} 80").is_visible()
    fits_the_phone(other)
    no_serious_axe_violations(other)
    second.shot("desk-scorer-confirm", full_page=False)
    other.get_by_role("button", name="Confirm game 1").click()
    other.wait_for_selector("text=Match over")
    page.wait_for_selector("text=Match over", timeout=10_000)
    assert api(page, "GET", f"/tournaments/{tid}")["rounds"][0]["matches"][0]["results"]
    # A scorer link of another tournament: said plainly, the tournament still followed.
    lost = stranger.open(f"#/t/{tid}?token=not-a-token-of-this-tournament")
    lost.wait_for_selector("text=This link is not valid for this tournament")
    assert lost.get_by_role("heading", name="Confirmés").is_visible()
    refused(stranger, 403)


def test_spectators_see_tables_standings_and_a_double_elimination_bracket(
        phone: Phone) -> None:
    page = phone.open()
    tid, token = create(page, "Doubles", 6, "double_elimination")
    api(page, "POST", f"/tournaments/{tid}/draw", token, {})
    page = phone.open(f"#/t/{tid}")
    page.wait_for_selector("h2:text-is('Winners\\' bracket')")
    assert page.get_by_text(re.compile(r"^Table 1: .+ v .+")).first.is_visible()
    assert not re.search(r"\br\d+m\d+\b", page.locator("main").inner_text())
    fits_the_phone(page)
    no_serious_axe_violations(page)
    play_out(page, tid, token)
    page.reload()
    page.wait_for_selector("h2:text-is('Podium')")
    for heading in ("Losers' bracket", "Grand final", "Final placings"):
        assert page.get_by_role("heading", name=heading, exact=True).first.is_visible()
    fits_the_phone(page)
    no_serious_axe_violations(page)


def test_a_late_entry_between_swiss_rounds(phone: Phone) -> None:
    page = phone.open()
    tid, token = create(page, "Suisse", 6, "swiss")
    api(page, "POST", f"/tournaments/{tid}/draw", token, {})
    page = phone.open(f"#/t/{tid}?token={token}")
    page.get_by_label("Late entry: name, a colon, its players").fill("Les Tard: Yves, Léa")
    page.get_by_role("button", name="Add the team").click()
    page.get_by_text("Teams (7)").click()
    page.locator(".team-list").get_by_text("joined in round 2").wait_for()
    fits_the_phone(page)


def test_a_knockout_with_a_third_place_match(phone: Phone) -> None:
    page = phone.open()
    tid, token = create(page, "Bronze", 4, "single_elimination", {"third_place": True})
    api(page, "POST", f"/tournaments/{tid}/draw", token, {})
    finished = play_out(page, tid, token)
    page = phone.open(f"#/t/{tid}")
    page.wait_for_selector("h2:text-is('Podium')")
    assert page.get_by_role("heading", name="Third-place match", exact=True).is_visible()
    third = next(p["name"] for p in finished["placings"] if p["place"] == 3)
    assert page.locator(".final-podium .place-3 .who").inner_text() == third
    assert page.get_by_role("heading", name="Games and points won").is_visible()


def test_a_section_opened_on_the_desk_stays_open_when_a_table_reports(phone: Phone) -> None:
    """The organizer opens 'Withdraw a team' while the tables report: a live update draws the
    desk again and leaves the section open (it used to fold shut under the finger)."""
    page = phone.open()
    tid, token = create(page, "Vendredi", 4)
    api(page, "POST", f"/tournaments/{tid}/draw", token, {})
    page = phone.open(f"#/t/{tid}?token={token}")
    page.wait_for_selector("h4:text-matches('^Table 2: ')")
    page.get_by_text("Withdraw a team").click()
    withdraw = page.locator("details.withdraw")
    assert withdraw.get_attribute("open") is not None
    second = api(page, "GET", f"/tournaments/{tid}")["rounds"][0]["matches"][1]
    api(page, "POST", f"/tournaments/{tid}/matches/{second['id']}/games", token,
        {"scores": [300, 100]})
    page.get_by_role("article", name=re.compile("^Table 2: ")).get_by_text(
        "1 game reported: correct one").wait_for(timeout=10_000)  # the update was drawn
    assert withdraw.get_attribute("open") is not None
    assert page.get_by_role("button", name=f"Withdraw {second['names'][0]}").is_visible()


def test_the_desk_corrects_and_removes_a_game_of_an_earlier_round(phone: Phone) -> None:
    page = phone.open()
    tid, token = create(page, "Soirée", 4)
    api(page, "POST", f"/tournaments/{tid}/draw", token, {"seed": 11})
    for key, scores in (("r1m1", [300, 100]), ("r1m2", [250, 200])):
        for _ in range(5):
            api(page, "POST", f"/tournaments/{tid}/matches/{key}/games", token, {"scores": scores})
    api(page, "POST", f"/tournaments/{tid}/advance", token)
    t = api(page, "GET", f"/tournaments/{tid}")
    semi = t["rounds"][1]["matches"][0]
    api(page, "POST", f"/tournaments/{tid}/matches/{semi['id']}/games", token,
        {"scores": [300, 100]})
    first = t["rounds"][0]["matches"][0]
    page = phone.open(f"#/t/{tid}?token={token}")
    page.get_by_text("Correct a game of an earlier round").click()
    earlier = page.locator(".earlier-rounds")
    # Remove, previewed, then cancelled: nothing stored.
    earlier.get_by_role("button", name=re.compile("^Remove game 2 of Table 1")).click()
    page.wait_for_selector("text=What removing it changes")
    earlier.get_by_role("button", name="Cancel").click()
    assert len(api(page, "GET", f"/tournaments/{tid}")["rounds"][0]["matches"][0]["results"]) == 5
    # A correction that turns the standings: the semi-final's game is dropped, shown first.
    earlier.get_by_role("button", name=re.compile("^Correct game 1 of Table 1")).click()
    fix = earlier.get_by_role("form", name="Correct game 1")
    fix.get_by_label(first["names"][0], exact=True).fill("100")
    fix.get_by_label(first["names"][1], exact=True).fill("400")
    fix.get_by_role("button", name="Preview the correction").click()
    page.wait_for_selector("text=What this correction changes")
    box = page.locator(".preview-box")
    assert box.get_by_text("Games dropped").is_visible()
    assert api(page, "GET", f"/tournaments/{tid}")["rounds"][0]["matches"][0]["results"][0][
        "scores"] == [300, 100]
    quiet(page)
    box.evaluate("(item) => item.scrollIntoView()")
    phone.shot("desk-earlier-round-preview-360x740", full_page=False)
    box.get_by_role("button", name="Apply").click()
    box.wait_for(state="detached")  # the preview said the same score: wait for it to go
    page.locator(".earlier-rounds .so-far").get_by_text(so_far(4, 1, "1,300", 800)).wait_for()
    after = api(page, "GET", f"/tournaments/{tid}")
    fixed = next(m for m in after["rounds"][0]["matches"] if m["id"] == first["id"])
    assert fixed["results"][0]["scores"] == [100, 400]
    assert all(not m["results"] for m in after["rounds"][1]["matches"])
    fits_the_phone(page)
