"""A 24-player progressive night in French, through to the prizes (issue 28): created on the
page with the players pasted, drawn at the desk, every table's deals entered on its scorer page
(the link printed on its table card, "Play on the score sheet", each deal as on the sheet: bid,
bidder, tricks), a late arrival and an early leaver between rounds, the projector and the table
cards checked each round, and the prizes checked against standings worked out here from the
deals entered.

The French words are read from the catalog the page gets, as in test_tables_in_their_language;
a few are written here too, as the room reads them ("Ronde", "Table", "Donne")."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from tests.web.helpers import LAPTOP, PHONE, SHOTS, Catalog, Phone, api, no_english, until

PLAYERS = ["Amélie", "Benoît", "Chantal", "Denis", "Élise", "François", "Gaétan", "Hélène",
           "Isabelle", "Jacques", "Karine", "Luc", "Manon", "Nicolas", "Odette", "Pierre",
           "Québec", "Réjean", "Sylvie", "Thérèse", "Ursule", "Vincent", "Wilfrid", "Yvette"]
LATE = "Zoé"
ROUNDS, DEALS = 3, 2
WALL = {"width": 1920, "height": 1080}
SUITS = ["spades", "clubs", "diamonds", "hearts", "no trumps"]  # the Avondale table's order
SEATS = ["north", "east", "south", "west"]
# The projector's standings, row by row: rank, name, deals, points, and whether marked withdrawn.
ROWS = """() => [...document.querySelectorAll('.wall-standings tbody tr')].map((tr) => {
    const cells = tr.querySelectorAll('td');
    return [cells[0].textContent, cells[1].querySelector('span').textContent,
            cells[2].textContent, cells[3].textContent, !!cells[1].querySelector('small')];
})"""
FRENCH_SEATS = {"north": "NORD", "east": "EST", "south": "SUD", "west": "OUEST"}


def contract(round_: int, table: int, n: int) -> tuple[int, str, int, int]:
    """The deal a table enters: level, suit, the bidder's seat (0 North .. 3 West) and the
    tricks the bidder's side took; some contracts fail."""
    level = 6 + (round_ + table + n) % 3
    suit = (2 * round_ + table + 3 * n) % 5
    taken = max(0, min(10, level + (7 * round_ + 3 * table + 5 * n) % 5 - 2))
    seat = (round_ + table + n) % 4
    if len(set(scored(level, SUITS[suit], seat, taken))) == 1:
        taken += 1  # a tied deal is dealt again and counts for nothing (sheet.wanted)
    return level, SUITS[suit], seat, taken


def scored(level: int, suit: str, seat: int, taken: int) -> list[int]:
    """[North-South, East-West] for a deal, by the Avondale table (Quebec club rules: no slam
    bonus, 10 a trick to the defenders)."""
    value = 40 + 100 * (level - 6) + 20 * SUITS.index(suit)
    bidders = value if taken >= level else -value
    defenders = 10 * (10 - taken)
    return [bidders, defenders] if seat % 2 == 0 else [defenders, bidders]


def seated(m: dict[str, Any]) -> list[str]:
    """North, East, South, West: the first of each partnership North (East)."""
    (n, s), (e, w) = (p["names"] for p in m["partnerships"])
    return [n, e, s, w]


class Night:
    """The standings as the test works them out from the seating and the deals it entered."""

    def __init__(self) -> None:
        self.points: dict[str, int] = {}
        self.scored: dict[str, int] = {}
        self.deals: dict[str, int] = {}

    def join(self, name: str) -> None:
        for book in (self.points, self.scored, self.deals):
            book.setdefault(name, 0)

    def round_played(self, round_: dict[str, Any], entered: dict[str, list[list[int]]]) -> None:
        mine: dict[str, int] = {}
        for m in round_["matches"]:
            if m["kind"] != "partnerships":
                continue
            for side, pair in enumerate(p["names"] for p in m["partnerships"]):
                for name in pair:
                    mine[name] = sum(deal[side] for deal in entered[m["id"]])
                    self.deals[name] += len(entered[m["id"]])
        for name, points in mine.items():
            self.points[name] += points
            self.scored[name] += points
        average = sum(mine.values()) // len(mine)  # a sit-out's credit: the round's average
        for m in round_["matches"]:
            if m["kind"] == "bye":
                self.points[m["names"][0]] += average

    def standings(self, numbers: dict[str, int], left: set[str]) -> list[tuple[str, int, int]]:
        """(name, deals, points), best first: points, then scores played for, then the draw
        number; those who left early last."""
        order = sorted(self.points, key=lambda p: (p in left, -self.points[p], -self.scored[p],
                                                   numbers[p]))
        return [(p, self.deals[p], self.points[p]) for p in order]


def plain(text: str) -> str:
    """French typography's narrow and non-breaking spaces as plain ones."""
    return text.replace("\u202f", " ").replace("\xa0", " ")


def create(desk: Phone, fr: Catalog) -> tuple[int, str]:
    page = desk.open("#/t/new")
    page.wait_for_selector(f"h1:text-is(\"{fr('Run a tournament')}\")")
    page.get_by_label(fr("Tournament name")).fill("Soirée progressive du Club")
    page.get_by_label(fr("Game"), exact=True).select_option("quebec-500")
    page.get_by_label(fr("Format"), exact=True).select_option("progressive")
    page.get_by_label(fr("Rounds"), exact=True).fill(str(ROUNDS))
    page.get_by_label(fr("Deals in each round"), exact=True).fill(str(DEALS))
    page.get_by_label(fr("Language of the night")).select_option("fr")
    page.get_by_label(fr("Players"), exact=True).fill("\n".join(PLAYERS))
    page.wait_for_selector(f"text={fr.plural('{n} player', 24)}")
    page.locator("#t-create").click()
    link = page.locator(".link-text").inner_text()
    tid = int(re.search(r"/t/(\d+)\?token=", link).group(1))  # type: ignore[union-attr]
    return tid, link.split("?token=")[1]


def table_cards(desk: Phone, tid: int, round_: dict[str, Any], fr: Catalog) -> dict[str, str]:
    """The print kit's cards of the round, each checked (who sits where, in French): each
    table's scorer link as printed on its card, by match."""
    kit = desk.open(f"#/t/{tid}/print")
    tables = [m for m in round_["matches"] if m["kind"] == "partnerships"]
    until(kit, "(n) => document.querySelectorAll('.table-card .card-link').length === n",
          len(tables))
    links = {}
    for m in tables:
        card = kit.locator(f".table-card[data-match='{m['id']}']")
        text = card.inner_text()
        assert f"Table {m['table']}" in text and f"Ronde {round_['number']}" in text, text
        assert card.locator(".card-grid thead th").first.inner_text() == "Donne"
        plan = [line.split("\n") for line in card.locator(".seat-plan li").all_inner_texts()]
        assert plan == [[FRENCH_SEATS[seat], name] for seat, name in zip(SEATS, seated(m),
                                                                           strict=True)]
        links[m["id"]] = card.locator(".card-link").inner_text()
    assert kit.locator(".table-card").count() == len(tables)
    no_english(kit, fr)
    return links


def projector(wall: Phone, tid: int, round_: dict[str, Any],
              expected: list[tuple[str, int, int]], left: set[str], shot: str = "") -> None:
    """Between rounds: every wall in turn (the page's clock run on), who sits where for the
    round just seated and the running standings, in French."""
    screen = wall.open(f"#/t/{tid}/screen")
    until(screen, "(n) => document.querySelector('.panel-moves h2')?.textContent.includes(n)",
          f"Ronde {round_['number']}")
    assert plain(screen.locator(".panel-moves h2 span").inner_text()) == (
        f"Ronde {round_['number']} : qui s'assoit où")
    assert screen.locator(".wall-standings thead").inner_text().split() == [
        "#", "Joueur", "Donnes", "Pts"]
    walls = int(screen.evaluate("document.querySelector('.wall').dataset.walls"))
    moves: dict[str, list[str]] = {}
    standings: dict[int, tuple[str, int, int]] = {}
    for _ in range(walls):
        at = screen.evaluate("document.querySelector('.wall').dataset.wall")
        for row in screen.locator(".wall-moves li").all_inner_texts():
            name, *where = row.split("\n")
            moves[name] = where
        if shot and at == "1":  # the wall that opens with the leaders
            wall.shot(shot, full_page=False)
        for rank, name, deals, points, out in screen.evaluate(ROWS):
            standings[int(rank)] = (name, int(deals), int(plain(points).replace(" ", "")))
            assert out == (name in left), name  # "retiré(e)" beside who left
        screen.clock.run_for(12_000)  # the next wall
        until(screen, "(at) => document.querySelector('.wall').dataset.wall !== at", at)
    for m in round_["matches"]:
        if m["kind"] == "bye":
            assert moves.pop(m["names"][0]) == ["au repos"]
            continue
        for seat, name in zip(SEATS, seated(m), strict=True):
            assert moves.pop(name) == [f"Table {m['table']}", FRENCH_SEATS[seat].capitalize()]
    assert moves == {}
    assert [standings[rank] for rank in sorted(standings)] == expected


def play_round(tables: list[Phone], round_: dict[str, Any], links: dict[str, str],
               fr: Catalog) -> dict[str, list[list[int]]]:
    """Each table on its own phone: the scorer link from its card, "Play on the score sheet",
    then its deals entered as on the sheet, the tables side by side. What each deal scores,
    worked out here, by match."""
    playing = [m for m in round_["matches"] if m["kind"] == "partnerships"]
    pages = []
    for phone, m in zip(tables, playing, strict=False):
        page = phone.page
        page.goto(links[m["id"]])
        title = f"Table {m['table']} · Ronde {round_['number']}"
        page.wait_for_selector(f"h1.match-title:text-is('{title}')")
        assert "donne" in page.locator(".sheet-play").inner_text()
        page.get_by_role("button", name=fr("Play on the score sheet")).click()
        pages.append(page)
    for page in pages:
        page.wait_for_selector("#entry")
    entered: dict[str, list[list[int]]] = {m["id"]: [] for m in playing}
    for n in range(DEALS):
        for page, m in zip(pages, playing, strict=True):
            level, suit, seat, taken = contract(round_["number"], m["table"], n)
            spoken = fr(f"{{level}} {suit}", level=level)
            page.get_by_role("button", name=re.compile(f"^{re.escape(spoken)},")).click()
            page.get_by_role("group", name=fr("Bidder")).get_by_role(
                "button", name=seated(m)[seat], exact=True).click()
            page.locator(".trick-row").get_by_role(
                "button", name=fr.plural("{n} trick", taken), exact=True).click()
            page.get_by_role("button", name=fr("Record the hand")).click()
            entered[m["id"]].append(scored(level, suit, seat, taken))
        for page in pages:
            until(page, "(n) => document.querySelectorAll('table.sheet tr.hand').length === n",
                  n + 1)
    return entered


def test_a_24_player_progressive_night_in_french_through_to_the_prizes(
        phones: Callable[..., Phone]) -> None:
    desk = phones(locale="fr-CA")
    fr = Catalog(desk.open(), "fr")
    tid, token = create(desk, fr)
    made = api(desk.page, "GET", f"/tournaments/{tid}")
    assert made["language"] == "fr" and made["players"] == PLAYERS
    assert made["options"]["rounds"] == ROUNDS and made["options"]["deals_per_round"] == DEALS

    page = desk.open(f"#/t/{tid}?token={token}")
    page.get_by_role("button", name=fr("Draw the numbers")).click()
    page.wait_for_selector("h3.round-title:text-is('Ronde 1')")
    tables = [phones(locale="fr-CA") for _ in range(6)]  # a phone at each table
    wall = phones(viewport=WALL, locale="fr-CA")
    wall.page.clock.install()  # the projector's walls turned by the test
    night = Night()
    for name in PLAYERS:
        night.join(name)
    left: set[str] = set()

    for number in range(1, ROUNDS + 1):
        body = api(page, "GET", f"/tournaments/{tid}")
        round_ = body["rounds"][-1]
        assert round_["number"] == number
        numbers = {team["name"]: team["number"] for team in body["teams"]}
        projector(wall, tid, round_, night.standings(numbers, left), left,
                  "progressive-24-projector-fr" if number == 2 else "")
        links = table_cards(desk, tid, round_, fr)
        if number == 1:  # the card as printed: the page's print styles, a laptop's width
            kit = desk.page
            kit.set_viewport_size(LAPTOP)
            kit.emulate_media(media="print")
            SHOTS.mkdir(parents=True, exist_ok=True)
            kit.locator(".table-card").first.screenshot(
                path=str(SHOTS / "progressive-24-table-card-fr.png"))
            kit.emulate_media(media="screen")
            kit.set_viewport_size(PHONE)

        # The desk, in French, shows the round's tables as they are played.
        page = desk.open(f"#/t/{tid}")
        page.wait_for_selector(f"h3.round-title:text-is('Ronde {number}')")
        first = next(m for m in round_["matches"] if m["kind"] == "partnerships")
        cards = [plain(text) for text in page.get_by_role("article").all_inner_texts()]
        card = next(text for text in cards if text.startswith(f"Table {first['table']} : "))
        assert "(Nord-Sud) c. " in card and "donnes jouées : 0 sur 2" in card, card
        entered = play_round(tables, round_, links, fr)
        night.round_played(api(page, "GET", f"/tournaments/{tid}")["rounds"][-1], entered)
        played = api(page, "GET", f"/tournaments/{tid}")["rounds"][-1]
        assert {m["id"]: [r["scores"] for r in m["results"]] for m in played["matches"]
                if m["kind"] == "partnerships"} == entered
        page.get_by_text("donnes jouées : 2 sur 2").nth(len(entered) - 1).wait_for()

        if number == 1:  # a late arrival, seated from round 2: 25 present, one sits out
            page.get_by_label(fr("Late arrival: the player's name")).fill(LATE)
            page.get_by_role("button", name=fr("Add the player")).click()
            page.get_by_text(fr("Plays from the next round: {player}", player=LATE)).wait_for()
            night.join(LATE)
        if number == 2:  # an early leaver: the first player of table 1 goes home
            leaver = seated(next(m for m in round_["matches"] if m.get("table") == 1))[0]
            page.get_by_text(fr("A player leaves early")).click()
            page.get_by_role("button", name=fr("Withdraw {team}", team=leaver)).click()
            page.get_by_text(fr("{player} leaves early? They are seated in no more rounds; their "
                                "points so far stay.", player=leaver)).wait_for()
            page.get_by_role("button", name=fr("Yes, withdraw")).click()
            page.get_by_text(fr("Left early: {players}", players=leaver)).wait_for(state="attached")
            left.add(leaver)
        page.get_by_role("button", name=fr("Advance to the next round")).click()
        if number < ROUNDS:
            page.wait_for_selector(f"h3.round-title:text-is('Ronde {number + 1}')")

    # The night is over: the prizes, against the standings worked out from the deals entered.
    page.wait_for_selector("#prizes-title")
    body = api(page, "GET", f"/tournaments/{tid}")
    assert body["status"] == "finished"
    numbers = {team["name"]: team["number"] for team in body["teams"]}
    expected = night.standings(numbers, left)
    assert [(s["name"], s["played"], s["points"]) for s in body["standings"]] == expected
    ranked = [name for name, _, _ in expected]
    stayed = [name for name in ranked if name not in left]
    assert page.locator(".prize-list").inner_text().split("\n") == [
        fr("High score"), ranked[0], fr("Second"), ranked[1], fr("Booby prize"), stayed[-1]]
    shown = page.evaluate("() => [...document.querySelectorAll('.player-standings tbody tr')]"
                          ".map((tr) => tr.cells[1].firstChild.textContent)")
    assert shown == ranked
    no_english(page, fr)
    until(page, "() => document.getElementById('toast').hidden")
    desk.shot("progressive-24-prizes")
