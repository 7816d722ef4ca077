"""Shared by the browser tests (fixtures live in conftest.py): the app on a real server, a
phone-sized page, and what the tests do on the page: start a game, enter a hand, read the totals,
wait for the page, check accessibility; a Quebec tournament made through the API; the page's
messages in a language, read from its catalog."""

from __future__ import annotations

import re
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from axe_playwright_python.sync_playwright import Axe
from werkzeug.serving import make_server

from scorekeeper import create_app
from tests.helpers import TWO_SIDES, database_url

CHROMIUM = Path("/usr/bin/chromium")
SHOTS = Path(__file__).resolve().parent / "screenshots" / "latest"
PHONE = {"width": 360, "height": 740}
LAPTOP = {"width": 1000, "height": 900}
FOUR_PLAYERS = ["Ann", "Cy", "Bo", "Di"]  # side 1: Ann & Cy, side 2: Bo & Di
FIVE = ["Ann", "Bo", "Cy", "Di", "Ed"]  # five players, each alone, calling a partner
TOURNAMENTS = "/api/v1/tournaments"
TEAMS = [("Les As", ["Marie", "Jean"]), ("Les Rois", ["Luc", "Anne"]),
         ("Les Dames", ["Sophie", "Paul"]), ("Les Valets", ["Éric", "Lise"]),
         ("Trèfle d'or", ["Nadia", "Marc"]), ("Cœur vaillant", ["Hugo", "Chloé"]),
         ("Pique et pique", ["Yves", "Rose"]), ("Carreau magique", ["Alain", "Julie"])]


@contextmanager
def serving(tmp_path: Path, **config: Any) -> Iterator[str]:
    """The app (with `config` on top of the tests' own) on a real threaded server: its address."""
    app = create_app({"DATABASE_URL": database_url(tmp_path),
                      "SSE_POLL_SECONDS": 0.2, "SSE_LIFETIME_SECONDS": 30, **config})
    httpd = make_server("127.0.0.1", 0, app, threaded=True)
    before = set(threading.enumerate())
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{httpd.server_port}"
    finally:
        # End the open event streams and wait for them, so no request thread outlives the test
        # and its database (the phones, torn down first, have closed their connections).
        live = app.extensions.get("scorekeeper.live")
        if live is not None:
            live.stop()
        httpd.shutdown()
        for request_thread in set(threading.enumerate()) - before:
            request_thread.join(timeout=5)


class Phone:
    """A phone-sized page that fails the test on any console error or uncaught exception."""

    def __init__(self, browser: Any, base: str, viewport: dict[str, int] | None = None,
                 service_workers: str = "allow", locale: str = "en-US") -> None:
        self.context = browser.new_context(viewport=viewport or PHONE, is_mobile=True,
                                           has_touch=True, base_url=base,
                                           service_workers=service_workers, locale=locale)
        self.page = self.context.new_page()
        self.base = base
        self.errors: list[str] = []
        self.page.on("console", self.console)
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))

    def console(self, message: Any) -> None:
        """Console errors fail the test, except the browser's own notes on requests the page
        expects to fail (offline, a stale ETag) and handles."""
        # ERR_FAILED: a read the service worker could not answer, the server out of reach and
        # nothing kept for it.
        expected = ("net::ERR_INTERNET_DISCONNECTED", "net::ERR_FAILED", "status of 412")
        if message.type == "error" and not any(e in message.text for e in expected):
            self.errors.append(message.text)

    def open(self, hash_: str = "") -> Any:
        self.page.goto(f"{self.base}/{hash_}")
        return self.page

    def shot(self, name: str, *, full_page: bool = True) -> None:
        """A screenshot; `full_page=False` for what the phone's screen shows (a full-page one
        draws the sticky scoreboard in the middle of the page)."""
        SHOTS.mkdir(parents=True, exist_ok=True)
        self.page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=full_page)


def start(phone: Phone, variant: str, names: list[str], table: str | None = None,
          each: int = 2) -> Any:
    page = phone.open()
    page.get_by_role("radio", name=re.compile(f"^{variant}")).click()
    if table:
        page.get_by_role("group", name="Table").get_by_role("button", name=table).click()
    for i, name in enumerate(names):
        page.get_by_label(f"Side {i // each + 1}, player {i % each + 1}").fill(name)
    page.get_by_role("button", name="Start the game").click()
    page.wait_for_selector("#entry")
    return page


def game_id(page: Any) -> int:
    return int(re.search(r"#/g/(\d+)", page.url).group(1))  # type: ignore[union-attr]


def api_hands(page: Any, gid: int) -> list[dict[str, Any]]:
    hands: list[dict[str, Any]] = page.request.get(f"/api/v1/games/{gid}/hands").json()
    return hands


def in_tricks(count: int) -> str:
    """A trick button's name: "1 trick", "3 tricks"."""
    return f"{count} trick{'' if count == 1 else 's'}"


def took(page: Any, count: int) -> None:
    """Tap how many tricks the bidding side took, on the row of tricks buttons."""
    page.get_by_role("group", name=re.compile("^Tricks ")).get_by_role(
        "button", name=in_tricks(count), exact=True).click()


def contract_hand(page: Any, bid: str, bidder: str, ns_tricks: int) -> None:
    page.get_by_role("button", name=re.compile(f"^{bid},")).click()
    page.get_by_role("group", name="Bidder").get_by_role("button", name=bidder).click()
    took(page, ns_tricks if bidder in ("Ann", "Cy") else 10 - ns_tricks)
    page.get_by_role("button", name=re.compile("Record the hand|Save the correction")).click()


def totals(page: Any) -> list[str]:
    texts: list[str] = page.locator(".total b").all_inner_texts()
    return texts


def no_serious_axe_violations(page: Any) -> None:
    results = Axe().run(page)
    serious = [v["id"] for v in results.response["violations"]
               if v.get("impact") in ("serious", "critical")]
    assert serious == [], serious


def fits_the_phone(page: Any) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= 360


def deal(page: Any, bid: str, bidder: str, taken: int) -> None:
    """A deal as the table enters it: the bid, who won the auction, the tricks the bidder's
    side took."""
    page.get_by_role("button", name=re.compile(f"^{bid},")).click()
    page.get_by_role("group", name="Bidder").get_by_role("button", name=bidder).click()
    took(page, taken)
    page.get_by_role("button", name="Record the hand").click()


def on_paper(page: Any, tap: Callable[[Any], None] | None = None) -> None:
    """A table that keeps paper: the scorer page's typed scores (folded under "Play on the score
    sheet" until the table first types a game) opened, with one tap (`tap`: counted)."""
    folded = page.locator(".sheet-play details:not([open]) > summary")
    if folded.count():
        (tap or (lambda summary: summary.click()))(folded.first)


def report_first_match(page: Any, organizer: str, first_score: str, second_score: str) -> None:
    """Report the five games of the first open match from the organizer's section (named
    `organizer` in the page's language), each won by its first team."""
    for _ in range(5):
        first = page.get_by_role("region", name=organizer).locator("form").first
        first.locator("input").nth(0).fill(first_score)
        first.locator("input").nth(1).fill(second_score)
        first.get_by_role("button").click()
        # The form is drawn again, empty, once the game is stored (the next game's, or the next
        # match's once this one is over).
        page.wait_for_function("""(name) => [...document.querySelectorAll('section')]
            .find((s) => s.querySelector('h2')?.textContent === name)
            ?.querySelector('form input')?.value === ''""", arg=organizer)


def until(page: Any, script: str, arg: Any = None, timeout: float = 10) -> Any:
    """Evaluate `script` (a function) until it answers something true. (wait_for_function would
    evaluate a string, which the page's Content-Security-Policy forbids.)"""
    deadline = time.monotonic() + timeout
    while True:
        answer = page.evaluate(script, arg)
        if answer:
            return answer
        assert time.monotonic() < deadline, f"still false after {timeout} s: {script}"
        time.sleep(0.1)


def controlled(page: Any) -> None:
    """Wait until the service worker controls the page and has kept what it showed."""
    until(page, "() => navigator.serviceWorker.controller !== null")
    if "#/g/" in page.url:
        until(page, """(id) => caches.open('sk-api').then((c) => c.keys())
            .then((keys) => keys.some((r) => r.url.endsWith(`/api/v1/games/${id}/hands`)))""",
              game_id(page))


def scorer_page(phone: Phone, options: dict[str, Any] | None = None,
                hands: tuple[dict[str, Any], ...] = (), *, variant: str = "australian-500",
                sides: list[dict[str, Any]] | None = None) -> tuple[Any, int]:
    """A game made through the API (with these hands recorded), open on the scorer's phone."""
    page = phone.open()
    game = page.request.post("/api/v1/games", data={
        "variant": variant, "options": options or {}, "sides": sides or TWO_SIDES}).json()
    for hand in hands:
        recorded = page.request.post(f"/api/v1/games/{game['id']}/hands", data=hand,
                                     headers={"Authorization": f"Bearer {game['token']}"})
        assert recorded.status == 201, recorded.json()
    page = phone.open(f"#/g/{game['id']}?token={game['token']}")
    page.wait_for_selector("#entry")
    return page, game["id"]


def api(page: Any, method: str, path: str, token: str | None = None,
        data: Any = None) -> Any:
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    reply = page.request.fetch(f"/api/v1{path}", method=method, headers=headers, data=data)
    assert reply.ok, (path, reply.status, reply.text())
    return reply.json()


def club_game(page: Any, club: int, member: str, seats: list[Any],
              hands: list[dict[str, Any]]) -> int:
    """An Australian 500 game of club `club` (its member token `member`), `seats` in seat order
    (a name, or {"name", "player"}): Nous in seats 0 and 2, Eux in 1 and 3; these hands recorded."""
    sides = [{"name": "Nous", "players": [seats[0], seats[2]]},
             {"name": "Eux", "players": [seats[1], seats[3]]}]
    reply = page.request.post("/api/v1/games", data={
        "variant": "australian-500", "club": club, "sides": sides},
        headers={"X-Club-Token": member})
    assert reply.status == 201, reply.text()
    game = reply.json()
    for hand in hands:
        api(page, "POST", f"/games/{game['id']}/hands", game["token"], hand)
    gid: int = game["id"]
    return gid


class Tournament:
    """A Quebec tournament of TEAMS made and played through the API by its organizer."""

    def __init__(self, page: Any, **options: Any) -> None:
        self.request = page.request
        created = self.request.post(TOURNAMENTS, data={
            "name": "Soirée du Club", "variant": "quebec-500", "format": "quebec",
            "teams": [{"name": name, "players": players} for name, players in TEAMS],
            "options": options}).json()
        self.id: int = created["id"]
        self.token: str = created["token"]
        self.url = f"{TOURNAMENTS}/{self.id}"

    def auth(self, token: str | None = None) -> dict[str, str]:
        return {"Authorization": f"Bearer {token or self.token}"}

    def get(self) -> dict[str, Any]:
        body: dict[str, Any] = self.request.get(self.url).json()
        return body

    def draw(self) -> None:
        assert self.request.post(f"{self.url}/draw", data={"seed": 7},
                                 headers=self.auth()).status == 200

    def report(self, match: str, scores: list[int], token: str | None = None) -> Any:
        return self.request.post(f"{self.url}/matches/{match}/games", data={"scores": scores},
                                 headers=self.auth(token))

    def access(self, token: str) -> dict[str, Any]:
        body: dict[str, Any] = self.request.get(f"{self.url}/access",
                                                headers=self.auth(token)).json()
        return body

    def match(self, match: str) -> dict[str, Any]:
        found: dict[str, Any] = next(m for r in self.get()["rounds"] for m in r["matches"]
                                     if m["id"] == match)
        return found

    def play_out(self) -> None:
        """Every open match won by its first team, game after game; the next round built until
        there is a champion."""
        while True:
            body = self.get()
            for m in body["rounds"][-1]["matches"]:
                while m["kind"] != "bye" and m["status"] != "complete":
                    reply = self.report(m["id"], [300, 120])
                    assert reply.status == 201, reply.json()
                    m = reply.json()["match"]
            if self.get()["status"] == "finished":
                return
            assert self.request.post(f"{self.url}/advance", headers=self.auth()).status == 200


def organizer(device: Phone, t: Tournament, where: str) -> Any:
    """The organizer's device at `where` (print, screen) of the tournament, opened with the
    organizer's token (the page keeps it and takes it out of the address)."""
    page = device.open(f"#/t/{t.id}/{where}?token={t.token}")
    return page


def loaded_codes(page: Any, count: int) -> None:
    until(page, "(n) => { const codes = [...document.querySelectorAll('.table-card img.qr')];"
                " return codes.length === n"
                " && codes.every((img) => img.complete && img.naturalWidth > 0); }", count)


def bid(page: Any, spoken: str) -> None:
    page.get_by_role("button", name=re.compile(f"^{re.escape(spoken)},")).click()


def tricks(page: Any, taken: list[int], declaring: list[str], *, asked: bool = True) -> int:
    """Five-handed: the declaring side's tricks on its one row, then each defender's own in seat
    order until the rest follows (when `asked`: their split changes the score). The taps made."""
    took(page, sum(n for name, n in zip(FIVE, taken, strict=True) if name in declaring))
    defenders = [(name, n) for name, n in zip(FIVE, taken, strict=True) if name not in declaring]
    left = sum(n for _, n in defenders)
    taps = 1
    for name, count in defenders[:-1]:
        if not asked or left == 0:
            break
        page.get_by_role("group", name=f"{name} tricks", exact=True).get_by_role(
            "button", name=in_tricks(count), exact=True).click()
        left -= count
        taps += 1
    return taps


class Catalog:
    """The page's messages in one language, as /i18n/<code>.json gives them."""

    def __init__(self, page: Any, code: str) -> None:
        self.messages: dict[str, Any] = page.request.get(f"/i18n/{code}.json").json()["messages"]
        self.code = code

    def __call__(self, msgid: str, **params: Any) -> str:
        found = self.messages.get(msgid)
        text = found if isinstance(found, str) and found else msgid
        return fill(text, params)

    def plural(self, singular: str, n: int, **params: Any) -> str:
        forms = self.messages[singular]
        one = n in (0, 1) if self.code == "fr" else n == 1
        return fill(forms[0 if one else 1], {"n": n, **params})

    def english_shown(self, text: str) -> list[str]:
        """The page's English messages (those the catalog says otherwise) that `text` shows,
        except a word the language itself uses elsewhere (Italian's "Link dei soci")."""
        translated = "\n".join(said for said in self.messages.values() if isinstance(said, str))
        shown = []
        for msgid, said in self.messages.items():
            english = msgid.split("\u0004")[-1]
            if (not isinstance(said, str) or said == english or "{" in english
                    or len(english) < 4):
                continue
            word = rf"(?<!\w){re.escape(english)}(?!\w)"
            if re.search(word, text) and not re.search(word, translated):
                shown.append(english)
        return shown


def fill(text: str, params: dict[str, Any]) -> str:
    for name, value in params.items():
        text = text.replace(f"{{{name}}}", str(value))
    return text


def visible_text(page: Any) -> str:
    """What the screen says: its text and its controls' accessible names."""
    names = page.evaluate("""() => [...document.querySelectorAll('[aria-label]')]
        .map((el) => el.getAttribute('aria-label')).join('\\n')""")
    return f"{page.locator('body').inner_text()}\n{names}"


def no_english(page: Any, catalog: Catalog) -> None:
    text = visible_text(page)
    assert catalog.english_shown(text) == [], catalog.english_shown(text)
