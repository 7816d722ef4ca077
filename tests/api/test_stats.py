"""GET /games/{id}/stats: hands won, where the points came from and how the bids went.

Every expected number here is worked out by hand from RULES.md (the Avondale table: 6♠ 40,
6♣ 60, 6♦ 80, 6♥ 100, 6NT 120, +100 a level; misère 250; defenders 10 a trick), never copied
from the endpoint. In the four-player games the seats go round the sides: Ann 0 and Cy 2 are
North-South, Bo 1 and Di 3 East-West.
"""

from __future__ import annotations

from typing import Any

from flask.testing import FlaskClient

from tests.api.helpers import API, assert_error, hand

ITALIAN_SUIT = ("A", "3", "R", "C", "F", "7", "6", "5", "4", "2")  # 11 10 4 3 2 0 0 0 0 0


def stats(client: FlaskClient, game: Any) -> dict[str, Any]:
    response = client.get(f"{game.url}/stats")
    assert response.status_code == 200, response.get_json()
    body: dict[str, Any] = response.get_json()
    return body


def record_all(game: Any, hands: list[dict[str, Any]]) -> None:
    for entered in hands:
        response = game.record(entered)
        assert response.status_code == 201, response.get_json()


SYMBOLS = {"S": "♠", "C": "♣", "D": "♦", "H": "♥", "NT": "NT"}
# The bids off the level-and-suit table: their names at the table and their kinds.
SPECIAL = {"MIS": ("Misère", "misere"), "OMIS": ("Open misère", "misere"),
           "HILO": ("Hi/lo", "hilo"), "6J5": ("6NT (J5)", "trumps")}


def row(code: str, won: int, made: int, failed: int) -> dict[str, Any]:
    """One bid's line: its name, kind, level and suit as a player reads the code, then counts."""
    counts = {"won": won, "made": made, "failed": failed}
    if code in SPECIAL:
        name, kind = SPECIAL[code]
        return {"bid": code, "name": name, "kind": kind, "level": None, "suit": None, **counts}
    level, suit = (code[:2], code[2:]) if code.startswith("10") else (code[:1], code[1:])
    return {"bid": code, "name": f"{level}{SYMBOLS[suit]}", "kind": "trumps",
            "level": int(level), "suit": suit, **counts}


def bids(won: int, made: int, failed: int,
         *by_bid: tuple[str, int, int, int], slams: int = 0) -> dict[str, Any]:
    """A bid record written out: totals, then (bid, won, made, failed) rows in auction order."""
    return {"won": won, "made": made, "failed": failed, "slams": slams,
            "by_bid": [row(*counts) for counts in by_bid]}


NO_BIDS = bids(0, 0, 0)


# -- Australian 500, four players -----------------------------------------------------------------


def test_four_player_australian_game(client: FlaskClient, new_game: Any) -> None:
    game = new_game()
    record_all(game, [
        # 1. Ann 7♥ (200) made with 7 tricks: NS +200, EW 3 tricks +30. NS win the hand.
        hand(0, "7H", [7, 3]),
        # 2. Cy 7♥ fails with 6: NS −200, EW 4 tricks +40. The defenders win the hand.
        hand(2, "7H", [6, 4]),
        # 3. Bo misère (250) with no trick: EW +250, NS nothing (defenders score nothing).
        hand(1, "MIS", [10, 0]),
        # 4. Passed out (pass_out "redeal"): nothing scores, nobody wins the hand.
        {"passed_out": True},
        # 5. Di misère takes 2 tricks: EW −250, NS 0 — NS's 0 is the top delta: NS win it.
        hand(3, "MIS", [8, 2]),
        # 6. Bo 8♠ (240) fails with 7: EW −240, NS 3 tricks +30. The defenders win it.
        hand(1, "8S", [3, 7]),
        # 7. Ann 6♠ (40) made with 6: NS +40, EW 4 tricks +40: level at the top, nobody's.
        hand(0, "6S", [6, 4]),
    ])
    # Scores: NS 200 − 200 + 0 + 0 + 0 + 30 + 40 = 70; EW 30 + 40 + 250 + 0 − 250 − 240 + 40
    # = −130. Hands won: NS 1, 5, 6; EW 2, 3; nobody 4, 7.
    # Auction order: 6♠ < … < 7♥ < … < 7NT < misère < 8♠.
    assert stats(client, game) == {
        "game_id": game.id, "variant": "australian-500", "hands_played": 7,
        "sides": [
            {"side": 0, "name": "North-South", "score": 70, "hands_won": 3,
             "bids": bids(3, 2, 1, ("6S", 1, 1, 0), ("7H", 2, 1, 1)),
             "players": [
                 {"name": "Ann", "seat": 0, "bids": bids(2, 2, 0, ("6S", 1, 1, 0),
                                                         ("7H", 1, 1, 0))},
                 {"name": "Cy", "seat": 2, "bids": bids(1, 0, 1, ("7H", 1, 0, 1))}]},
            {"side": 1, "name": "East-West", "score": -130, "hands_won": 2,
             "bids": bids(3, 1, 2, ("MIS", 2, 1, 1), ("8S", 1, 0, 1)),
             "players": [
                 {"name": "Bo", "seat": 1, "bids": bids(2, 1, 1, ("MIS", 1, 1, 0),
                                                        ("8S", 1, 0, 1))},
                 {"name": "Di", "seat": 3, "bids": bids(1, 0, 1, ("MIS", 1, 0, 1))}]},
        ]}
    assert game.state()["scores"] == [70, -130]


def test_by_bid_follows_the_auction_order_of_the_variant(client: FlaskClient,
                                                        new_game: Any) -> None:
    """Bids recorded high to low still come out in the order GET /variants lists them."""
    game = new_game()
    record_all(game, [
        hand(0, "8S", [8, 2]),    # Ann 8♠ (240) made: NS +240, EW +20 → NS
        hand(2, "MIS", [0, 10]),  # Cy misère made: NS +250, EW nothing → NS
        hand(1, "6C", [0, 10]),   # Bo 6♣ (60) with all ten: slam, EW +250, NS 0 → EW
    ])
    # NS 240 + 250 = 490, EW 20 + 0 + 250 = 270: the game goes on.
    order = [b["code"] for b in client.get(f"{API}/variants/australian-500").get_json()["bids"]]
    assert order.index("MIS") < order.index("8S")
    body = stats(client, game)
    assert body["sides"][0]["bids"] == bids(2, 2, 0, ("MIS", 1, 1, 0), ("8S", 1, 1, 0))
    assert [p["bids"] for p in body["sides"][0]["players"]] == [
        bids(1, 1, 0, ("8S", 1, 1, 0)), bids(1, 1, 0, ("MIS", 1, 1, 0))]
    assert body["sides"][1]["bids"] == bids(1, 1, 0, ("6C", 1, 1, 0), slams=1)
    assert [s["score"] for s in body["sides"]] == [490, 270]
    assert [s["hands_won"] for s in body["sides"]] == [2, 1]


# -- Australian 500, three players alone ----------------------------------------------------------


THREE = [{"name": "First", "players": ["Ann"]}, {"name": "Second", "players": ["Bo"]},
         {"name": "Third", "players": ["Cy"]}]


def test_three_players_alone_carry_their_side_counts(client: FlaskClient,
                                                     new_game: Any) -> None:
    game = new_game(sides=THREE)
    record_all(game, [
        # 1. Ann 7♠ (140) made [7, 2, 1]: +140, +20, +10. Ann wins the hand.
        hand(0, "7S", [7, 2, 1]),
        # 2. Bo 6NT (120) fails [3, 5, 2]: +30, −120, +20. Ann (a defender) wins it.
        hand(1, "6NT", [3, 5, 2]),
        # 3. Cy misère made [6, 4, 0]: 0, 0, +250 (defenders score nothing). Cy wins it.
        hand(2, "MIS", [6, 4, 0]),
        # 4. Bo 6♦ (80) made [2, 6, 2]: +20, +80, +20. Bo wins it.
        hand(1, "6D", [2, 6, 2]),
        # 5. Ann 6♣ (60) fails [4, 3, 3]: −60, +30, +30: Bo and Cy level at the top, nobody's.
        hand(0, "6C", [4, 3, 3]),
    ])
    # Scores: Ann 140 + 30 + 0 + 20 − 60 = 130; Bo 20 − 120 + 0 + 80 + 30 = 10;
    # Cy 10 + 20 + 250 + 20 + 30 = 330.
    ann = bids(2, 1, 1, ("6C", 1, 0, 1), ("7S", 1, 1, 0))
    bo = bids(2, 1, 1, ("6D", 1, 1, 0), ("6NT", 1, 0, 1))
    cy = bids(1, 1, 0, ("MIS", 1, 1, 0))
    assert stats(client, game) == {
        "game_id": game.id, "variant": "australian-500", "hands_played": 5,
        "sides": [
            {"side": 0, "name": "First", "score": 130, "hands_won": 2, "bids": ann,
             "players": [{"name": "Ann", "seat": 0, "hands_won": 2, "bids": ann}]},
            {"side": 1, "name": "Second", "score": 10, "hands_won": 1, "bids": bo,
             "players": [{"name": "Bo", "seat": 1, "hands_won": 1, "bids": bo}]},
            {"side": 2, "name": "Third", "score": 330, "hands_won": 1, "bids": cy,
             "players": [{"name": "Cy", "seat": 2, "hands_won": 1, "bids": cy}]},
        ]}
    assert game.state()["scores"] == [130, 10, 330]


# -- Quebec 500 --------------------------------------------------------------------------------


def test_quebec_contracts(client: FlaskClient, new_game: Any) -> None:
    game = new_game(variant="quebec-500")
    record_all(game, [
        # Ann 6♠ (40) with all ten tricks: no slam bonus in Quebec by default, NS +40, EW 0.
        hand(0, "6S", [10, 0]),
        # Bo 7NT (40 + 80 + 100 = 220) fails with 6: EW −220, NS 4 tricks +40.
        hand(1, "7NT", [4, 6]),
    ])
    assert stats(client, game) == {
        "game_id": game.id, "variant": "quebec-500", "hands_played": 2,
        "sides": [
            {"side": 0, "name": "North-South", "score": 80, "hands_won": 2,
             "bids": bids(1, 1, 0, ("6S", 1, 1, 0), slams=1),
             "players": [{"name": "Ann", "seat": 0,
                          "bids": bids(1, 1, 0, ("6S", 1, 1, 0), slams=1)},
                         {"name": "Cy", "seat": 2, "bids": NO_BIDS}]},
            {"side": 1, "name": "East-West", "score": -220, "hands_won": 0,
             "bids": bids(1, 0, 1, ("7NT", 1, 0, 1)),
             "players": [{"name": "Bo", "seat": 1, "bids": bids(1, 0, 1, ("7NT", 1, 0, 1))},
                         {"name": "Di", "seat": 3, "bids": NO_BIDS}]},
        ]}


# -- Cinquecento ------------------------------------------------------------------------------


def test_cinquecento_points_and_mariannas(client: FlaskClient, new_game: Any) -> None:
    game = new_game(variant="cinquecento")
    coins, cups, swords, clubs = ([f"{rank}-{suit}" for rank in ITALIAN_SUIT]
                                  for suit in ("coins", "cups", "swords", "clubs"))
    record_all(game, [
        # 1. Cards 68/52; EW declare cups first (40), NS coins second (20): NS 88, EW 92.
        {"points": [68, 52], "mariannas": [{"side": 1, "suit": "cups"},
                                           {"side": 0, "suit": "coins"}]},
        # 2. NS capture all coins and cups (30 + 30) and the ace of swords (11) = 71; EW the
        #    rest, 120 − 71 = 49. No Marianna. NS win the hand.
        {"captured": [coins + cups + swords[:1], swords[1:] + clubs]},
        # 3. Cards 40/80; NS declare swords, the hand's first Marianna (40): 80 each, nobody's.
        {"points": [40, 80], "mariannas": [{"side": 0, "suit": "swords"}]},
    ])
    # NS: cards 68 + 71 + 40 = 179, Marianna points 20 + 40 = 60 in 2, score 88 + 71 + 80 = 239.
    # EW: cards 52 + 49 + 80 = 181, Marianna points 40 in 1, score 92 + 49 + 80 = 221.
    assert stats(client, game) == {
        "game_id": game.id, "variant": "cinquecento", "hands_played": 3,
        "sides": [
            {"side": 0, "name": "North-South", "score": 239, "hands_won": 1,
             "card_points": 179, "marianna_points": 60, "mariannas": 2,
             "players": [{"name": "Ann", "seat": 0}, {"name": "Cy", "seat": 2}]},
            {"side": 1, "name": "East-West", "score": 221, "hands_won": 1,
             "card_points": 181, "marianna_points": 40, "mariannas": 1,
             "players": [{"name": "Bo", "seat": 1}, {"name": "Di", "seat": 3}]},
        ]}
    assert game.state()["scores"] == [239, 221]


# -- Rummy 500 --------------------------------------------------------------------------------


def test_rummy_full_form_then_quick_form(client: FlaskClient, new_game: Any) -> None:
    game = new_game(sides=[{"name": n, "players": [n]} for n in ("Ann", "Bo", "Cy")],
                    variant="rummy-500")
    record_all(game, [
        {"players": [
            # Ann melds 7♣ 7♦ 7♠ (21), lays 8♥ off onto Bo's run (8), goes out discarding K♣
            # (a discard scores nothing): 29 − 0 = +29.
            {"melds": [["7C", "7D", "7S"]], "layoffs": [{"card": "8H", "onto": [1, 0]}],
             "hand": [], "discard": "KC"},
            # Bo melds 5♥ 6♥ 7♥ (18) and holds A♠ K♦ (15 + 10): 18 − 25 = −7.
            {"melds": [["5H", "6H", "7H"]], "hand": ["AS", "KD"]},
            # Cy melds 10♦ J♦ Q♦ (30), lays 4♥ off onto Bo's run (4), holds 2♣ 3♣ 4♠ (9):
            # 34 − 9 = +25.
            {"melds": [["10D", "JD", "QD"]], "layoffs": [{"card": "4H", "onto": [1, 0]}],
             "hand": ["2C", "3C", "4S"]},
        ]},
        # Quick form: Ann 20 − 15 = +5, Bo 60 − 0 = +60 (out), Cy 35 − 12 = +23.
        {"players": [{"meld_points": 20, "hand_points": 15},
                     {"meld_points": 60, "hand_points": 0},
                     {"meld_points": 35, "hand_points": 12}]},
    ])
    # Ann: melded 29 + 20 = 49, penalty 0 + 15 = 15, out once, score 29 + 5 = 34, won hand 1.
    # Bo: melded 18 + 60 = 78, penalty 25 + 0 = 25, out once, score −7 + 60 = 53, won hand 2.
    # Cy: melded 34 + 35 = 69, penalty 9 + 12 = 21, never out, score 25 + 23 = 48.
    ann = {"hands_won": 1, "meld_points": 49, "penalty_points": 15, "went_out": 1}
    bo = {"hands_won": 1, "meld_points": 78, "penalty_points": 25, "went_out": 1}
    cy = {"hands_won": 0, "meld_points": 69, "penalty_points": 21, "went_out": 0}
    assert stats(client, game) == {
        "game_id": game.id, "variant": "rummy-500", "hands_played": 2,
        "sides": [
            {"side": 0, "name": "Ann", "score": 34, **ann,
             "players": [{"name": "Ann", "seat": 0, **ann}]},
            {"side": 1, "name": "Bo", "score": 53, **bo,
             "players": [{"name": "Bo", "seat": 1, **bo}]},
            {"side": 2, "name": "Cy", "score": 48, **cy,
             "players": [{"name": "Cy", "seat": 2, **cy}]},
        ]}
    assert game.state()["scores"] == [34, 53, 48]


# -- no hands yet -----------------------------------------------------------------------------


def test_a_new_game_has_zeros_everywhere(client: FlaskClient, new_game: Any) -> None:
    game = new_game()
    assert stats(client, game) == {
        "game_id": game.id, "variant": "australian-500", "hands_played": 0,
        "sides": [
            {"side": 0, "name": "North-South", "score": 0, "hands_won": 0, "bids": NO_BIDS,
             "players": [{"name": "Ann", "seat": 0, "bids": NO_BIDS},
                         {"name": "Cy", "seat": 2, "bids": NO_BIDS}]},
            {"side": 1, "name": "East-West", "score": 0, "hands_won": 0, "bids": NO_BIDS,
             "players": [{"name": "Bo", "seat": 1, "bids": NO_BIDS},
                         {"name": "Di", "seat": 3, "bids": NO_BIDS}]},
        ]}
    cinquecento = new_game(variant="cinquecento", sides=[{"name": "Ann", "players": ["Ann"]},
                                                         {"name": "Bo", "players": ["Bo"]}])
    zero = {"hands_won": 0, "card_points": 0, "marianna_points": 0, "mariannas": 0}
    assert stats(client, cinquecento)["sides"] == [
        {"side": 0, "name": "Ann", "score": 0, **zero,
         "players": [{"name": "Ann", "seat": 0, **zero}]},
        {"side": 1, "name": "Bo", "score": 0, **zero,
         "players": [{"name": "Bo", "seat": 1, **zero}]}]


# -- corrections and undo ---------------------------------------------------------------------


def test_stats_follow_a_correction_and_an_undo(client: FlaskClient, new_game: Any) -> None:
    game = new_game()
    record_all(game, [
        hand(0, "7H", [7, 3]),  # Ann 7♥ made: NS +200, EW +30 → NS
        hand(1, "6S", [4, 6]),  # Bo 6♠ made: EW +40, NS +40 → level, nobody
        hand(2, "6H", [6, 4]),  # Cy 6♥ (100) made: NS +100, EW +40 → NS
    ])

    def sides() -> list[tuple[int, int, dict[str, Any], list[dict[str, Any]]]]:
        body = stats(client, game)
        return [(s["score"], s["hands_won"], s["bids"], [p["bids"] for p in s["players"]])
                for s in body["sides"]]

    assert stats(client, game)["hands_played"] == 3
    assert sides() == [
        (340, 2, bids(2, 2, 0, ("6H", 1, 1, 0), ("7H", 1, 1, 0)),
         [bids(1, 1, 0, ("7H", 1, 1, 0)), bids(1, 1, 0, ("6H", 1, 1, 0))]),
        (110, 0, bids(1, 1, 0, ("6S", 1, 1, 0)),
         [bids(1, 1, 0, ("6S", 1, 1, 0)), NO_BIDS])]

    # Hand 2 really went to Di, 7♠ (140), failed [5, 5]: EW −140, NS +50 → NS.
    etag = client.get(game.url).headers["ETag"]
    corrected = client.put(f"{game.url}/hands/2", json=hand(3, "7S", [5, 5]),
                           headers=game.auth(**{"If-Match": etag}))
    assert corrected.status_code == 200, corrected.get_json()
    # NS 200 + 50 + 100 = 350; EW 30 − 140 + 40 = −70.
    assert stats(client, game)["hands_played"] == 3
    assert sides() == [
        (350, 3, bids(2, 2, 0, ("6H", 1, 1, 0), ("7H", 1, 1, 0)),
         [bids(1, 1, 0, ("7H", 1, 1, 0)), bids(1, 1, 0, ("6H", 1, 1, 0))]),
        (-70, 0, bids(1, 0, 1, ("7S", 1, 0, 1)),
         [NO_BIDS, bids(1, 0, 1, ("7S", 1, 0, 1))])]

    # Undo hand 3 (Cy's 6♥): NS 250, EW −110.
    undone = client.delete(f"{game.url}/hands/3", headers=game.auth())
    assert undone.status_code == 200, undone.get_json()
    assert stats(client, game)["hands_played"] == 2
    assert sides() == [
        (250, 2, bids(1, 1, 0, ("7H", 1, 1, 0)), [bids(1, 1, 0, ("7H", 1, 1, 0)), NO_BIDS]),
        (-110, 0, bids(1, 0, 1, ("7S", 1, 0, 1)), [NO_BIDS, bids(1, 0, 1, ("7S", 1, 0, 1))])]
    assert game.state()["scores"] == [250, -110]


# -- HTTP: ETag, 304, 404 ---------------------------------------------------------------------


def test_etag_and_not_modified(client: FlaskClient, new_game: Any) -> None:
    game = new_game()
    url = f"{game.url}/stats"
    first = client.get(url)
    assert first.status_code == 200
    tag = first.headers["ETag"]
    assert tag == client.get(game.url).headers["ETag"]

    cached = client.get(url, headers={"If-None-Match": tag})
    assert cached.status_code == 304
    assert cached.headers["ETag"] == tag
    assert cached.get_data() == b""

    record_all(game, [hand(0, "7H", [7, 3])])
    after = client.get(url, headers={"If-None-Match": tag})
    assert after.status_code == 200
    new_tag = after.headers["ETag"]
    assert new_tag != tag and new_tag == client.get(game.url).headers["ETag"]
    assert [s["score"] for s in after.get_json()["sides"]] == [200, 30]
    assert client.get(url, headers={"If-None-Match": new_tag}).status_code == 304


def test_unknown_game_is_404(client: FlaskClient) -> None:
    assert_error(client.get(f"{API}/games/999999/stats"), 404)


# -- the level-and-suit table, misères and slams ---------------------------------------------


def test_bids_carry_their_place_on_the_table_and_slams_are_counted(client: FlaskClient,
                                                                   new_game: Any) -> None:
    game = new_game(options={"j5": True, "hi_lo": True})
    record_all(game, [
        # Ann 6♥ (100) made with 6: NS +100, EW +40.
        hand(0, "6H", [6, 4]),
        # Bo open misère (500) takes a trick: EW −500, NS nothing.
        hand(1, "OMIS", [9, 1]),
        # Cy 7NT (J5) (220) with every trick: a slam, NS +250.
        hand(2, "7J5", [10, 0]),
        # Di hi/lo takes exactly five: made.
        hand(3, "HILO", [5, 5]),
    ])
    body = stats(client, game)
    north_south, east_west = body["sides"]

    def line(record: dict[str, Any]) -> list[tuple[Any, ...]]:
        return [(b["bid"], b["name"], b["kind"], b["level"], b["suit"], b["made"], b["failed"])
                for b in record["by_bid"]]

    # J5 is off the level-and-suit table: it has its own name.
    assert line(north_south["bids"]) == [("6H", "6♥", "trumps", 6, "H", 1, 0),
                                         ("7J5", "7NT (J5)", "trumps", None, None, 1, 0)]
    assert north_south["bids"]["slams"] == 1
    assert [p["bids"]["slams"] for p in north_south["players"]] == [0, 1]  # Ann, Cy
    assert line(east_west["bids"]) == [("HILO", "Hi/lo", "hilo", None, None, 1, 0),
                                       ("OMIS", "Open misère", "misere", None, None, 0, 1)]
    assert east_west["bids"]["slams"] == 0
    # Names follow the request's language, as GET /games/{id}/bids names the same bids.
    french = client.get(f"{game.url}/stats?lang=fr").get_json()["sides"][1]["bids"]["by_bid"]
    named = {b["code"]: b["name"] for b in client.get(f"{game.url}/bids?lang=fr").get_json()}
    assert [b["name"] for b in french] == [named["HILO"], named["OMIS"]]
    assert named["OMIS"] != "Open misère"


def test_a_fractional_bid_sits_at_its_level_and_suit(client: FlaskClient,
                                                     new_game: Any) -> None:
    game = new_game(options={"fractional_bidding": True})
    record_all(game, [hand(0, "6.3H", [6, 4])])  # Ann 6.3♥ made with 6
    by_bid = stats(client, game)["sides"][0]["bids"]["by_bid"]
    assert [(b["bid"], b["name"], b["level"], b["suit"], b["made"]) for b in by_bid] == [
        ("6.3H", "6.3♥", 6, "H", 1)]
