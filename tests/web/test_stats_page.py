"""The statistics page (#/g/{id}/stats), opened from the game-over card: per side and player
the figures GET /games/{id}/stats counts, the contracts on the level-and-suit table, the chart,
printable on A4, offline for a game the phone has seen, in French and Italian."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from tests.helpers import TWO_SIDES
from tests.web.helpers import (
    SHOTS,
    Phone,
    controlled,
    fits_the_phone,
    no_serious_axe_violations,
    until,
)

# The figures' labels on the page (English), by the API's names.
LABELS = {"hands_won": "Hands won", "went_out": "Went out", "meld_points": "Points melded",
          "penalty_points": "Points left in hand", "card_points": "Card points",
          "mariannas": "Mariannas", "marianna_points": "Marianna points"}
BID_LABELS = {"won": "Auctions won", "made": "✓ made", "failed": "✗ failed", "slams": "Slams"}
SUITS = ["S", "C", "D", "H", "NT"]

# Australian 500, NS Ann (seat 0) & Cy (2), EW Bo (1) & Di (3): NS reach 500 on hand 5.
AUSTRALIAN = [
    {"bidder": 0, "bid": "7H", "tricks": [7, 3]},    # Ann 7♥ made
    {"bidder": 1, "bid": "MIS", "tricks": [10, 0]},  # Bo misère made
    {"bidder": 2, "bid": "8S", "tricks": [8, 2]},    # Cy 8♠ made
    {"bidder": 3, "bid": "OMIS", "tricks": [9, 1]},  # Di open misère failed
    {"bidder": 1, "bid": "7D", "tricks": [5, 5]},    # Bo 7♦ failed: NS 490
    {"bidder": 0, "bid": "6C", "tricks": [10, 0]},   # Ann 6♣ with every trick: a slam, NS win
]


def finished_game(page: Any, variant: str, sides: list[dict[str, Any]],
                  hands: Callable[[int], dict[str, Any]]) -> tuple[int, str]:
    """A game made through the API and played until it is over, hand `i` being `hands(i)`."""
    game = page.request.post("/api/v1/games", data={"variant": variant, "sides": sides}).json()
    auth = {"Authorization": f"Bearer {game['token']}"}
    for i in range(40):
        reply = page.request.post(f"/api/v1/games/{game['id']}/hands", data=hands(i), headers=auth)
        assert reply.status == 201, reply.json()
        if reply.json()["game"]["status"] == "finished":
            return game["id"], game["token"]
    raise AssertionError("the game never ended")


def open_from_game_over(phone: Phone, address: str, gid: int) -> Any:
    """The sheet of a finished game, then its game-over card's Statistics link."""
    page = phone.open(address)
    banner = page.get_by_role("status", name=re.compile("Game over|Partie terminée|Partita finita"))
    banner.wait_for()
    banner.locator(f'a[href="#/g/{gid}/stats"]').click()
    page.wait_for_url(re.compile(rf"#/g/{gid}/stats$"))
    page.wait_for_selector(".stats-side")
    return page


def shown(page: Any) -> list[dict[str, Any]]:
    """What the page shows of each side: name, score, figures, players, bid tables."""
    return page.evaluate("""() => {
      const figures = (root) => Object.fromEntries([...root.querySelectorAll(':scope > dl dt')]
        .map((dt) => [dt.textContent, dt.nextElementSibling.textContent]));
      const grid = (root) => { const t = root.querySelector(':scope > table.stats-bids');
        return t && [...t.querySelectorAll('tbody tr')].map((tr) => [
          tr.querySelector('th').textContent, ...[...tr.querySelectorAll('td')].map((td) =>
            [...td.querySelectorAll('[aria-hidden]')].map((s) => s.textContent).join(' '))]); };
      const others = (root) => { const t = root.querySelector(':scope > table.stats-others');
        return t && [...t.querySelectorAll('tbody tr')].map((tr) => [...tr.children]
          .map((c) => c.textContent)); };
      const entry = (root) => ({ figures: figures(root), grid: grid(root), others: others(root) });
      return [...document.querySelectorAll('.stats-side')].map((side) => ({
        name: side.querySelector('h2 span').textContent,
        score: side.querySelector('h2 b').textContent,
        ...entry(side),
        players: [...side.querySelectorAll('.stats-player')].map((p) => ({
          name: p.querySelector('h3').textContent, ...entry(p) })) }));
    }""")


def expected_entry(entry: dict[str, Any], every: bool = True) -> dict[str, Any]:
    """What the page must show of a side's or player's counts from the API, worked out here:
    a side's table has every level, a player's the levels they bid."""
    figures = {LABELS[key]: f"{entry[key]:,}" for key in LABELS if key in entry}
    grid = others = None
    if "bids" in entry:
        figures.update({label: str(entry["bids"][key]) for key, label in BID_LABELS.items()})
        cells: dict[tuple[int, str], list[int]] = {}
        listed = []
        for bid in entry["bids"]["by_bid"]:
            if bid["level"] is None:
                listed.append([bid["name"], str(bid["made"]), str(bid["failed"])])
                continue
            made, failed = cells.get((bid["level"], bid["suit"]), [0, 0])
            cells[bid["level"], bid["suit"]] = [made + bid["made"], failed + bid["failed"]]

        def said(made: int, failed: int) -> str:
            marks = ([f"✓{made}"] if made else []) + ([f"✗{failed}"] if failed else [])
            return " ".join(marks) or "·"

        grid = [[str(level), *(said(*cells.get((level, suit), [0, 0])) for suit in SUITS)]
                for level in range(6, 11)
                if every or any(bid_level == level for bid_level, _ in cells)] if cells else None
        others = listed or None
    return {"figures": figures, "grid": grid, "others": others}


def expected(stats: dict[str, Any]) -> list[dict[str, Any]]:
    return [{"name": side["name"], "score": f"{side['score']:,}", **expected_entry(side),
             "players": [{"name": p["name"], **expected_entry(p, every=False)}
                         for p in side["players"]]
             if len(side["players"]) > 1 and "bids" in side else []} for side in stats["sides"]]


def test_an_australian_game_s_statistics_page_shows_the_api_s_figures(phone: Phone) -> None:
    page = phone.open()
    gid, token = finished_game(page, "australian-500", TWO_SIDES, lambda i: AUSTRALIAN[i])
    page = open_from_game_over(phone, f"#/g/{gid}?token={token}", gid)
    stats = page.request.get(f"/api/v1/games/{gid}/stats").json()
    assert shown(page) == expected(stats)
    north_south, east_west = shown(page)
    # Read as a player would: Ann's slam and 7♥, Cy's 8♠; Di's open misère failed.
    assert north_south["figures"]["Slams"] == "1"
    assert north_south["grid"][1] == ["7", "·", "·", "·", "✓1", "·"]
    assert north_south["grid"][2] == ["8", "✓1", "·", "·", "·", "·"]
    assert east_west["others"] == [["Misère", "1", "0"], ["Open misère", "0", "1"]]
    assert east_west["grid"][1] == ["7", "·", "·", "✗1", "·", "·"]
    assert [row[0] for row in north_south["players"][0]["grid"]] == ["6", "7"]  # Ann's levels
    assert [p["name"] for p in north_south["players"]] == ["Ann", "Cy"]
    assert north_south["players"][0]["figures"]["Slams"] == "1"
    chart = page.get_by_role("img", name=re.compile("^Running totals after 6 hands"))
    assert page.locator("svg.chart title").text_content() == chart.get_attribute("aria-label")
    assert "Game over: North-South won." in page.locator(".banner.win").inner_text()
    fits_the_phone(page)
    no_serious_axe_violations(page)
    phone.shot("stats-australian-360x740", full_page=False)
    phone.shot("stats-australian-full")

    # Printed: no buttons or bars, black on white, on A4 pages.
    page.set_viewport_size({"width": 794, "height": 1123})
    page.emulate_media(media="print")
    for hidden in (".bar", ".foot", ".stats-actions", "button"):
        assert not page.locator(hidden).first.is_visible(), hidden
    colours = page.evaluate("""() => [getComputedStyle(document.body).backgroundColor,
        getComputedStyle(document.querySelector('.stats-side h2')).color,
        getComputedStyle(document.querySelector('.stats-bids .made')).color,
        getComputedStyle(document.querySelector('svg.chart polyline')).stroke]""")
    assert colours == ["rgb(255, 255, 255)", "rgb(0, 0, 0)", "rgb(0, 0, 0)", "rgb(0, 0, 0)"]
    phone.shot("stats-print-media")
    pdf = page.pdf(format="A4")
    (SHOTS / "stats-a4.pdf").write_bytes(pdf)
    assert 1 <= len(re.findall(rb"/Type\s*/Page[^s]", pdf)) <= 3
    page.emulate_media(media="screen")


def test_a_cinquecento_game_s_statistics_from_the_spectator_s_sheet(phone: Phone) -> None:
    page = phone.open()
    mariannas = [[{"side": 0, "suit": "coins"}], [], [{"side": 1, "suit": "cups"}]]
    gid, _token = finished_game(page, "cinquecento", TWO_SIDES, lambda i: {
        "points": [70, 50], "mariannas": mariannas[i % 3]})
    page = open_from_game_over(phone, f"#/g/{gid}/watch", gid)
    stats = page.request.get(f"/api/v1/games/{gid}/stats").json()
    assert shown(page) == expected(stats)
    first = shown(page)[0]["figures"]
    assert {"Card points", "Mariannas", "Marianna points", "Hands won"} == set(first)
    assert page.locator(".stats-bids, .stats-player").count() == 0  # no bids, no per-player counts
    fits_the_phone(page)
    phone.shot("stats-cinquecento-360x740", full_page=False)


def test_a_rummy_game_s_statistics_and_offline(phone: Phone) -> None:
    page = phone.open()
    sides = [{"name": name, "players": [name]} for name in ("Ann", "Bo", "Cy")]
    gid, token = finished_game(page, "rummy-500", sides, lambda i: {"players": [
        {"meld_points": 95, "hand_points": 0}, {"meld_points": 40, "hand_points": 25},
        {"meld_points": 30 + 10 * i, "hand_points": 5}]})
    page = phone.open(f"#/g/{gid}?token={token}")
    page.get_by_role("status", name="Game over").wait_for()
    controlled(page)
    # The sheet of a finished game had the service worker keep its statistics.
    until(page, """(id) => caches.open('sk-api').then((c) => c.keys())
        .then((keys) => keys.some((r) => r.url.endsWith(`/api/v1/games/${id}/stats`)))""", gid)
    stats = page.request.get(f"/api/v1/games/{gid}/stats").json()
    phone.context.set_offline(True)
    page.get_by_role("status", name="Game over").get_by_role("link", name="Statistics").click()
    page.wait_for_selector(".stats-side")
    assert shown(page) == expected(stats)
    assert set(shown(page)[0]["figures"]) == {"Hands won", "Went out", "Points melded",
                                              "Points left in hand"}
    assert "No connection" in page.locator(".banner.warn").inner_text()
    fits_the_phone(page)
    phone.shot("stats-rummy-offline-360x740", full_page=False)
    phone.context.set_offline(False)


def test_the_page_speaks_french_and_italian(phones: Callable[..., Phone]) -> None:
    french = phones(locale="fr-CA")
    page = french.open()
    gid, _token = finished_game(page, "australian-500", TWO_SIDES, lambda i: AUSTRALIAN[i])
    page = french.open(f"#/g/{gid}/stats")
    page.wait_for_selector(".stats-side")
    text = page.locator("main").inner_text()
    for words in ("Statistiques", "Mains gagnées", "Contrats pris", "Voles", "SA", "Misère ouverte",
                  "Imprimer", "Retour à la partie"):
        assert words in text, words
    italian = phones(locale="it-IT")
    page = italian.open()
    gid, _token = finished_game(page, "cinquecento", TWO_SIDES, lambda i: {
        "points": [80, 40], "mariannas": [{"side": 0, "suit": "coins"}]})
    page = italian.open(f"#/g/{gid}/stats")
    page.wait_for_selector(".stats-side")
    text = page.locator("main").inner_text()
    for words in ("Statistiche", "Mani vinte", "Punti carta", "Marianne", "Punti delle Marianne"):
        assert words in text, words
    italian.shot("stats-italian-360x740", full_page=False)
