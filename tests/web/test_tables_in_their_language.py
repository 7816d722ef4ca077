"""A Quebec table plays a whole game and a tournament in French, an Italian table a whole
Cinquecento game in Italian, on phones whose browser speaks that language: no English word on
the screen, neither the page's own (every message the catalog translates is checked against what
is shown) nor the API's (explanations, the next step).

Every translated text is read from the catalog the page gets (/i18n/<code>.json) or from the API
in that language, never written here: the catalogs' wording is their translators' to change."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest

from tests.web.helpers import (
    TEAMS,
    Catalog,
    Phone,
    loaded_codes,
    no_english,
    no_serious_axe_violations,
    report_first_match,
)

PHONE_390 = {"width": 390, "height": 844}
# The words English sentences of the API are made of, and no French or Italian one shows.
ENGLISH_WORDS = re.compile(r"\b(made|took|tricks?|failed|trumps?|wins|won|the|and|is|are|"
                           r"hand|game|with|seat|highest|draw|round|match(es)?|still|play)\b")


@pytest.fixture
def french_phone(phones: Callable[..., Phone]) -> Phone:
    return phones(viewport=PHONE_390, locale="fr-CA")


@pytest.fixture
def italian_phone(phones: Callable[..., Phone]) -> Phone:
    return phones(viewport=PHONE_390, locale="it-IT")


def fits(page: Any) -> None:
    """No sideways scroll on the 390 px phone, however long the language's words."""
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE_390["width"]


def api_lines(page: Any, gid: int, code: str) -> list[str]:
    hands = page.request.get(f"/api/v1/games/{gid}/hands?lang={code}").json()
    return [line for hand in hands for line in hand["explanation"]]


def variant_name(page: Any, key: str, code: str) -> str:
    name: str = page.request.get(f"/api/v1/variants/{key}?lang={code}").json()["name"]
    return name


def start(page: Any, fr: Catalog, variant: str, players: list[str],
          sides: list[str]) -> int:
    page.get_by_role("radio", name=re.compile(f"^{re.escape(variant)}")).click()
    for i, name in enumerate(players):
        page.get_by_label(fr("Side {side}, player {player}", side=i // 2 + 1,
                             player=i % 2 + 1)).fill(name)
    for s, side in enumerate(sides):
        page.get_by_label(fr("Side {n} name", n=s + 1)).fill(side)
    page.get_by_role("button", name=fr("Start the game")).click()
    page.wait_for_selector("#entry")
    return int(re.search(r"#/g/(\d+)", page.url).group(1))  # type: ignore[union-attr]


def contract_hand(page: Any, fr: Catalog, level: int, suit: str, bidder: str,
                  taken: int) -> None:
    """Bid, bidder and the tricks the bidding side took, then record."""
    spoken = fr(f"{{level}} {suit}", level=level)
    page.get_by_role("button", name=re.compile(f"^{re.escape(spoken)},")).click()
    page.get_by_role("group", name=fr("Bidder")).get_by_role("button", name=bidder).click()
    page.locator(".trick-row").get_by_role(
        "button", name=fr.plural("{n} trick", taken), exact=True).click()
    page.get_by_role("button", name=fr("Record the hand")).click()


def test_a_quebec_table_plays_a_whole_game_in_french(french_phone: Phone) -> None:
    page = french_phone.open()
    fr = Catalog(page, "fr")
    page.wait_for_selector(f"h1:text-is('{fr('New game')}')")
    assert page.evaluate("document.documentElement.lang") == "fr-CA"
    no_english(page, fr)
    french_phone.shot("fr-start")
    gid = start(page, fr, variant_name(page, "quebec-500", "fr"),
                ["Ann", "Bo", "Cy", "Di"], ["Nous", "Eux"])
    no_english(page, fr)
    # 7♥ by Cy for Eux, who take 7: Eux 200, Nous 30.
    contract_hand(page, fr, 7, "hearts", "Cy", 7)
    page.wait_for_selector("table.sheet tr.hand")
    assert page.locator(".scoreboard b").all_inner_texts() == ["30", "200"]
    page.locator("table.sheet tr.hand").first.click()
    lines = api_lines(page, gid, "fr")
    for line in lines:
        assert page.get_by_text(line).first.is_visible(), line
        assert not ENGLISH_WORDS.search(line.lower()), line
    no_english(page, fr)
    fits(page)
    no_serious_axe_violations(page)
    page.locator("table.sheet tr.hand").first.scroll_into_view_if_needed()
    french_phone.shot("fr-quebec-sheet", full_page=False)
    # Two 10 sans atout by Ann with every trick (520 each): Nous pass 1 000 and win.
    contract_hand(page, fr, 10, "no trumps", "Ann", 10)
    page.wait_for_selector("table.sheet tr.hand >> nth=1")
    contract_hand(page, fr, 10, "no trumps", "Ann", 10)
    page.wait_for_selector(f"text={fr('Game over: {winner} won.', winner='Nous')}")
    nous, eux = page.locator(".scoreboard b").all_inner_texts()
    assert re.fullmatch(r"1[\u00a0\u202f ]\d{3}", nous) and eux == "200", (nous, eux)
    no_english(page, fr)
    french_phone.shot("fr-quebec-game-over")


def numbered_teams(n: int) -> list[tuple[str, list[str]]]:
    return [(f"Équipe {k}", [f"J{k}a", f"J{k}b"]) for k in range(1, n + 1)]


def french_night(page: Any, name: str, teams: list[tuple[str, list[str]]]) -> dict[str, Any]:
    """A Quebec tournament created in French by its organizer, through the API."""
    created: dict[str, Any] = page.request.post("/api/v1/tournaments", data={
        "name": name, "variant": "quebec-500", "format": "quebec", "language": "fr",
        "teams": [{"name": team, "players": players} for team, players in teams]}).json()
    return created


def test_a_quebec_tournament_in_french(french_phone: Phone) -> None:
    page = french_phone.open()
    fr = Catalog(page, "fr")
    created = french_night(page, "Tournoi du Club", numbered_teams(8))
    page = french_phone.open(f"#/t/{created['id']}?token={created['token']}")
    page.get_by_role("button", name=fr("Draw the numbers")).click()
    page.wait_for_selector(f"text={fr('Bracket')}")
    report_first_match(page, fr("Organizer"), "1000", "400")
    body = page.request.get(f"/api/v1/tournaments/{created['id']}?lang=fr").json()
    assert body["rounds"][0]["matches"][0]["wins"] == [5, 0]
    assert page.get_by_text(body["next_step"]).is_visible()
    assert not ENGLISH_WORDS.search(body["next_step"].lower())
    for round_ in body["rounds"]:
        assert not ENGLISH_WORDS.search(round_["name"].lower()), round_["name"]
    no_english(page, fr)
    fits(page)
    french_phone.shot("fr-quebec-tournament")


def test_an_italian_table_plays_a_whole_cinquecento_game_in_italian(
        italian_phone: Phone) -> None:
    page = italian_phone.open()
    it = Catalog(page, "it")
    page.wait_for_selector(f"h1:text-is('{it('New game')}')")
    assert page.evaluate("document.documentElement.lang") == "it"
    gid = start(page, it, variant_name(page, "cinquecento", "it"),
                ["Ada", "Bice", "Ciro", "Dino"], ["Noi", "Loro"])
    no_english(page, it)
    # 68 card points to Noi, 52 to Loro, and a Marianna of denari declared by Noi: 108 / 52.
    page.get_by_label(it("{side} card points", side="Noi")).fill("68")
    page.get_by_role("group", name=it("Mariannas of {side}", side="Noi")).get_by_role(
        "button", name=it("coins")).click()
    page.get_by_role("button", name=it("Record the hand")).click()
    page.wait_for_selector("table.sheet tr.hand")
    assert page.locator(".scoreboard b").all_inner_texts() == ["108", "52"]
    page.locator("table.sheet tr.hand").first.click()
    lines = api_lines(page, gid, "it")
    assert any("Marianna" in line and "denari" in line for line in lines), lines
    for line in lines:
        assert not ENGLISH_WORDS.search(line.lower()), line
    no_english(page, it)
    fits(page)
    no_serious_axe_violations(page)
    page.locator("table.sheet tr.hand").first.scroll_into_view_if_needed()
    italian_phone.shot("it-cinquecento-sheet", full_page=False)
    # Hands of 120 card points to Noi with the other Mariannas, until Noi pass 500 and win.
    over = it("Game over: {winner} won.", winner="Noi")
    for number, suit in enumerate(("cups", "swords", "clubs", None, None), start=2):
        page.get_by_label(it("{side} card points", side="Noi")).fill("120")
        if suit:
            # The Italian deck's clubs are bastoni: a message of their own (context "italian deck").
            chip = it("italian deck\u0004clubs") if suit == "clubs" else it(suit)
            page.get_by_role("group", name=it("Mariannas of {side}", side="Noi")).get_by_role(
                "button", name=chip).click()
        page.get_by_role("button", name=it("Record the hand")).click()
        page.wait_for_selector(f"table.sheet tr.hand >> nth={number - 1}")
        if page.get_by_text(over).count():
            break
    page.wait_for_selector(f"text={over}")
    no_english(page, it)
    italian_phone.shot("it-cinquecento-game-over")


@pytest.fixture
def english_phone(phones: Callable[..., Phone]) -> Phone:
    return phones(viewport=PHONE_390, locale="en-US")


def test_a_french_night_speaks_french_on_an_english_phone_unless_it_picks_another(
        english_phone: Phone) -> None:
    """The tournament's language (set at creation) is its pages' until the viewer chooses."""
    page = english_phone.open()
    fr = Catalog(page, "fr")
    created = french_night(page, "Soirée du Club", numbered_teams(4))
    assert created["language"] == "fr"
    page = english_phone.open(f"#/t/{created['id']}/follow")
    page.wait_for_selector(f"text={fr('Teams')}")
    assert page.evaluate("document.documentElement.lang") == "fr-CA"
    # The viewer picks English in the settings: the night's pages then speak it.
    page.locator("#settings-button").click()
    page.locator("#settings [data-lang='en']").click()
    page.wait_for_function("() => document.documentElement.lang === 'en'")
    page.goto(f"{english_phone.base}/#/t/{created['id']}/follow")
    page.wait_for_selector("text=Teams")
    assert page.evaluate("document.documentElement.lang") == "en"


def test_lang_in_the_address_chooses_the_page_s_language(english_phone: Phone) -> None:
    page = english_phone.open("?lang=it")
    it = Catalog(page, "it")
    page.wait_for_selector(f"h1:text-is('{it('New game')}')")
    assert page.evaluate("document.documentElement.lang") == "it"
    page = english_phone.open("#/?lang=fr")
    page.wait_for_selector(f"h1:text-is('{Catalog(page, 'fr')('New game')}')")
    assert page.evaluate("document.documentElement.lang") == "fr-CA"


def test_a_french_night_s_print_kit_and_projector_speak_french(
        phones: Callable[..., Phone]) -> None:
    """Printed on the organizer's laptop and shown on the club's wall, both set up in English:
    the night is French, so are its table cards and its projector."""
    laptop = phones(viewport={"width": 1000, "height": 900}, locale="en-US")
    page = laptop.open()
    created = french_night(page, "Soirée du Club", TEAMS)
    auth = {"Authorization": f"Bearer {created['token']}"}
    url = f"/api/v1/tournaments/{created['id']}"
    assert page.request.post(f"{url}/draw", data={"seed": 7}, headers=auth).status == 200
    first = page.request.get(url).json()["rounds"][0]["matches"][0]["id"]
    for scores in ([620, 240], [180, 510], [560, 300]):
        assert page.request.post(f"{url}/matches/{first}/games", data={"scores": scores},
                                 headers=auth).status == 201
    page = laptop.open(f"#/t/{created['id']}/print?token={created['token']}")
    fr = Catalog(page, "fr")
    loaded_codes(page, 4)
    assert page.evaluate("document.documentElement.lang") == "fr-CA"
    no_english(page, fr)
    laptop.shot("fr-night-print-kit")
    wall = phones(viewport={"width": 1280, "height": 720}, locale="en-US")
    page = wall.open(f"#/t/{created['id']}/screen")
    page.wait_for_selector(".wall h1")
    assert page.evaluate("document.documentElement.lang") == "fr-CA"
    no_english(page, fr)
    wall.shot("fr-night-projector", full_page=False)
