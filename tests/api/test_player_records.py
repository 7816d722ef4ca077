"""A player's record from the hands (issue 29): GET /players/{id} and the hands behind a figure.

Every expected figure was worked out by hand from the hands below and RULES.md (the Avondale
table: 6♠ 40, +100 a level, misère 250, defenders 10 a trick, out the back door at -500), never
copied from the endpoint. Clubs, players and seats are made straight in the database (the
club's own endpoints are another branch's); games and hands go through the API.
"""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import select

from scorekeeper.extensions import db
from scorekeeper.models import Club, Game, Player, Seat
from scorekeeper.services.clubs.records import refresh_figures
from scorekeeper.services.games import get_game
from scorekeeper.services.writes import hash_token
from tests.api.helpers import API, FIVE, GAMES, assert_error
from tests.helpers import TWO_SIDES, GameHandle

PEOPLE = ("Ann Smith", "Bo Jones", "Cy Brown", "Di Green", "Ed White")


def make_club(app: Flask, name: str, public: bool = False) -> tuple[int, str, str, list[int]]:
    """A club with the five PEOPLE as players: its id, admin and member tokens, player ids."""
    with app.app_context():
        club = Club(name=name, public=public, token_hash=hash_token(f"{name}-admin"),
                    member_token_hash=hash_token(f"{name}-member"),
                    recovery_hash=hash_token(f"{name}-recovery"))
        db.session.add(club)
        db.session.flush()
        players = [Player(club_id=club.id, name=person) for person in PEOPLE]
        db.session.add_all(players)
        db.session.commit()
        return club.id, f"{name}-admin", f"{name}-member", [p.id for p in players]


def club_game(client: FlaskClient, app: Flask, club_id: int, variant: str,
              sides: list[dict[str, Any]], seated: dict[int, int | None],
              hands: list[dict[str, Any]], options: dict[str, Any] | None = None) -> GameHandle:
    """A game made through the API, put in the club with a Seat per seat (the player of
    `seated`, else none), then its hands recorded through the API."""
    body: dict[str, Any] = {"variant": variant, "sides": sides}
    if options:
        body["options"] = options
    response = client.post(GAMES, json=body)
    assert response.status_code == 201, response.get_json()
    game = GameHandle(client, response.get_json())
    with app.app_context():
        row = db.session.get(Game, game.id)
        assert row is not None
        row.club_id = club_id
        n = len(sides)
        for seat in range(sum(len(s["players"]) for s in sides)):
            db.session.add(Seat(game_id=game.id, seat=seat, side=seat % n, club_id=club_id,
                                name=sides[seat % n]["players"][seat // n],
                                player_id=seated.get(seat)))
        db.session.commit()
    for entered in hands:
        recorded = game.record(entered)
        assert recorded.status_code == 201, recorded.get_json()
    return game


def seat_figures(app: Flask, game: GameHandle, seat: int) -> dict[str, Any]:
    with app.app_context():
        figures: dict[str, Any] = db.session.scalars(select(Seat.figures).where(
            Seat.game_id == game.id, Seat.seat == seat)).one()
        return figures


def read(client: FlaskClient, player: int, token: str | None = None) -> Any:
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    return client.get(f"{API}/players/{player}", headers=headers)


# Ann 0 and Cy 2 North-South, Bo 1 and Di 3 East-West. Cy 7♠ made (140, EW 30); Ann misère made
# (250; no defence); Di 8♥ failed (-300, NS 40); Bo 9NT failed (-420, NS 30): East-West at -690
# go out the back door, North-South win on 460.
BACK_DOOR = [{"bidder": 2, "bid": "7S", "tricks": [7, 3]},
             {"bidder": 0, "bid": "MIS", "tricks": [0, 10]},
             {"bidder": 3, "bid": "8H", "tricks": [4, 6]},
             {"bidder": 1, "bid": "9NT", "tricks": [3, 7]}]
THREE = [{"name": name, "players": [name]} for name in ("Ann", "Bo", "Cy")]
RUMMY = [{"name": name, "players": [name]} for name in ("Ann", "Bo")]


@pytest.fixture
def ledger(client: FlaskClient, app: Flask) -> dict[str, Any]:
    """Six games of one club, Ann in seat 0 of each."""
    club, admin, member, ids = make_club(app, "Club")
    everyone = dict(enumerate(ids))
    games = {
        "australian": club_game(client, app, club, "australian-500", TWO_SIDES, everyone,
                                BACK_DOOR),
        # Ann 6♠ made (Bo, Cy 20 each); Bo open misère made: 500, the target.
        "three": club_game(client, app, club, "australian-500", THREE,
                           {0: ids[0], 1: ids[1], 2: ids[2]},
                           [{"bidder": 0, "bid": "6S", "tricks": [6, 2, 2]},
                            {"bidder": 1, "bid": "OMIS", "tricks": [5, 0, 5]}]),
        # Ann 7♥ with Cy called (200 each); Bo 6♠ alone (40).
        "five": club_game(client, app, club, "australian-500", FIVE, everyone,
                          [{"bidder": 0, "bid": "7H", "partner": 2, "tricks": [3, 1, 4, 1, 1]},
                           {"bidder": 1, "bid": "6S", "partner": None,
                            "tricks": [1, 6, 1, 1, 1]}]),
        # Bo 7♦ made; Ann 6NT with every trick.
        "quebec": club_game(client, app, club, "quebec-500", TWO_SIDES, everyone,
                            [{"bidder": 1, "bid": "7D", "tricks": [2, 8]},
                             {"bidder": 0, "bid": "6NT", "tricks": [10, 0]}]),
        # 68 + 40 to 52 + 20; then 60 to 60 + 20.
        "cinquecento": club_game(client, app, club, "cinquecento", TWO_SIDES, everyone,
                                 [{"points": [68, 52], "mariannas": [
                                     {"side": 0, "suit": "coins"}, {"side": 1, "suit": "cups"}]},
                                  {"points": [60, 60],
                                   "mariannas": [{"side": 1, "suit": "swords"}]}]),
        "rummy": club_game(client, app, club, "rummy-500", RUMMY, {0: ids[0], 1: ids[1]},
                           [{"players": [
                               {"melds": [["7H", "8H", "9H"], ["QS", "QD", "QC"]],
                                "layoffs": [{"card": "10H", "onto": [0, 0]}], "hand": [],
                                "went_out": True},
                               {"melds": [], "layoffs": [], "hand": ["KD", "2C"]}]},
                            {"players": [{"meld_points": 85, "hand_points": 0},
                                         {"meld_points": 20, "hand_points": 12}]}]),
    }
    return {"club": club, "admin": admin, "member": member, "ids": ids, "games": games}


def test_australian_four_handed_with_a_misere_and_the_back_door(app: Flask,
                                                                ledger: dict[str, Any]) -> None:
    game = ledger["games"]["australian"]
    ann, bo, cy, di = (seat_figures(app, game, seat) for seat in range(4))
    assert ann == {
        "variant": "australian-500", "family": "contract", "side": 0, "partners": [2],
        "opponents": [1, 3], "result": "won", "end_reason": "back_door", "score": 460,
        "hands": 4, "figures": {
            "hands_won": [1, 2, 3, 4],
            "partner": [1], "partner.made": [1], "partner.7S": [1], "partner.7S.made": [1],
            "bid": [2], "bid.made": [2], "misere": [2], "misere.made": [2], "bid.MIS": [2],
            "bid.MIS.made": [2], "defended": [3, 4], "set": [3, 4]}}
    assert bo["result"] == "lost" and bo["score"] == -690
    assert bo["figures"] == {
        "defended": [1, 2], "partner": [3], "partner.failed": [3], "partner.8H": [3],
        "partner.8H.failed": [3], "bid": [4], "bid.failed": [4], "bid.9NT": [4],
        "bid.9NT.failed": [4], "back_door": [4]}
    assert cy["figures"] == {
        "hands_won": [1, 2, 3, 4], "bid": [1], "bid.made": [1], "bid.7S": [1],
        "bid.7S.made": [1], "partner": [2], "partner.made": [2], "partner.MIS": [2],
        "partner.MIS.made": [2], "defended": [3, 4], "set": [3, 4]}
    assert di["figures"] == {
        "defended": [1, 2], "bid": [3], "bid.failed": [3], "bid.8H": [3], "bid.8H.failed": [3],
        "partner": [4], "partner.failed": [4], "partner.9NT": [4],
        "partner.9NT.failed": [4], "back_door": [4]}


def test_three_and_five_handed(app: Flask, ledger: dict[str, Any]) -> None:
    three = ledger["games"]["three"]
    ann, bo = seat_figures(app, three, 0), seat_figures(app, three, 1)
    assert (ann["result"], ann["partners"], ann["opponents"]) == ("lost", [], [1, 2])
    assert ann["figures"] == {"hands_won": [1], "bid": [1], "bid.made": [1], "bid.6S": [1],
                              "bid.6S.made": [1], "defended": [2]}
    assert (bo["result"], bo["end_reason"], bo["score"]) == ("won", "target", 520)
    assert bo["figures"] == {
        "defended": [1], "hands_won": [2], "bid": [2], "bid.made": [2], "open_misere": [2],
        "open_misere.made": [2], "bid.OMIS": [2], "bid.OMIS.made": [2]}
    five = ledger["games"]["five"]
    assert seat_figures(app, five, 0)["figures"] == {
        "hands_won": [1], "bid": [1], "bid.made": [1], "bid.7H": [1], "bid.7H.made": [1],
        "defended": [2]}
    cy = seat_figures(app, five, 2)
    assert cy["figures"] == {"hands_won": [1], "partner": [1], "partner.made": [1],
                             "partner.7H": [1], "partner.7H.made": [1], "defended": [2]}
    assert (cy["partners"], cy["opponents"], cy["result"]) == ([], [0, 1, 3, 4], "unfinished")
    assert seat_figures(app, five, 1)["figures"] == {
        "defended": [1], "hands_won": [2], "bid": [2], "bid.made": [2], "bid.6S": [2],
        "bid.6S.made": [2]}


def test_quebec_cinquecento_and_rummy(app: Flask, ledger: dict[str, Any]) -> None:
    quebec = ledger["games"]["quebec"]
    assert seat_figures(app, quebec, 0)["figures"] == {
        "defended": [1], "hands_won": [2], "bid": [2], "bid.made": [2], "bid.6NT": [2],
        "bid.6NT.made": [2], "slam": [2]}
    assert seat_figures(app, quebec, 2)["figures"] == {
        "defended": [1], "hands_won": [2], "partner": [2], "partner.made": [2],
        "partner.6NT": [2], "partner.6NT.made": [2], "partner.slam": [2]}
    assert seat_figures(app, quebec, 3)["figures"] == {
        "hands_won": [1], "partner": [1], "partner.made": [1], "partner.7D": [1],
        "partner.7D.made": [1], "defended": [2]}
    cinquecento = ledger["games"]["cinquecento"]
    north = seat_figures(app, cinquecento, 2)  # Cy: the Marianna is his side's
    assert (north["family"], north["score"]) == ("card_points", 168)
    assert north["figures"] == {"hands_won": [1], "marianna": [1], "marianna.coins": [1],
                                "marianna.trump": [1]}
    assert seat_figures(app, cinquecento, 1)["figures"] == {
        "marianna": [1, 2], "marianna.cups": [1], "hands_won": [2], "marianna.swords": [2],
        "marianna.trump": [2]}
    rummy = ledger["games"]["rummy"]
    assert seat_figures(app, rummy, 0)["figures"] == {
        "hands_won": [1, 2], "meld": [1, 1], "layoff": [1], "went_out": [1, 2]}
    assert seat_figures(app, rummy, 1)["figures"] == {}


def test_a_players_record(client: FlaskClient, ledger: dict[str, Any]) -> None:
    ann, bo, cy, di = ledger["ids"][:4]
    response = read(client, ann, ledger["member"])
    assert response.status_code == 200, response.get_json()
    body = response.get_json()
    assert {k: body[k] for k in ("id", "name", "club", "kind", "visibility", "merged_into")} == {
        "id": ann, "name": "Ann Smith", "club": ledger["club"], "kind": "member",
        "visibility": "public", "merged_into": None}
    record = body["record"]
    assert {k: record[k] for k in ("games", "won", "lost", "unfinished", "streaks")} == {
        "games": 6, "won": 1, "lost": 1, "unfinished": 4,
        "streaks": {"current": 0, "longest": 1}}
    contract = record["families"]["contract"]
    assert contract == {"games": 4, "won": 1, "lost": 1, "unfinished": 2, "figures": {
        "bid": 4, "bid.6NT": 1, "bid.6NT.made": 1, "bid.6S": 1, "bid.6S.made": 1, "bid.7H": 1,
        "bid.7H.made": 1, "bid.MIS": 1, "bid.MIS.made": 1, "bid.made": 4, "defended": 5,
        "hands_won": 7, "misere": 1, "misere.made": 1, "partner": 1, "partner.7S": 1,
        "partner.7S.made": 1, "partner.made": 1, "set": 2, "slam": 1}}
    assert record["families"]["card_points"] == {
        "games": 1, "won": 0, "lost": 0, "unfinished": 1, "figures": {
            "hands_won": 1, "marianna": 1, "marianna.coins": 1, "marianna.trump": 1}}
    assert record["families"]["rummy"]["figures"] == {
        "hands_won": 2, "layoff": 1, "meld": 2, "went_out": 2}
    games = ledger["games"]
    assert [g["game"] for g in record["recent"]] == [
        games[key].id for key in ("rummy", "cinquecento", "quebec", "five", "three",
                                  "australian")]
    assert record["recent"][-1]["result"] == "won"
    assert record["recent"][-1]["end_reason"] == "back_door"
    # Cy partnered Ann in the four-handed, Quebec and Cinquecento games; he sat against her at
    # three and five (2: not listed). Bo sat against her in all six, Di in four.
    assert record["partners"] == [{"player": cy, "name": "Cy Brown", "games": 3, "won": 1,
                                   "lost": 0, "unfinished": 2}]
    assert record["opponents"] == [
        {"player": bo, "name": "Bo Jones", "games": 6, "won": 1, "lost": 1, "unfinished": 4},
        {"player": di, "name": "Di Green", "games": 4, "won": 1, "lost": 0, "unfinished": 3}]


def test_the_hands_behind_a_figure(client: FlaskClient, ledger: dict[str, Any]) -> None:
    ann = ledger["ids"][0]
    url = f"{API}/players/{ann}/hands"
    auth = {"Authorization": f"Bearer {ledger['member']}"}
    first = client.get(url, query_string={"figure": "defended", "limit": 4}, headers=auth)
    assert first.status_code == 200, first.get_json()
    page = first.get_json()
    games = ledger["games"]
    # Newest game first: Quebec hand 1, five-handed hand 2, three-handed hand 2, then the
    # four-handed game's 3 and 4.
    assert [(h["game"], h["number"]) for h in page["data"]] == [
        (games["quebec"].id, 1), (games["five"].id, 2), (games["three"].id, 2),
        (games["australian"].id, 3)]
    assert page["has_more"] is True
    assert page["data"][0]["hand"]["bid"] == "7D" and page["data"][0]["date"]
    second = client.get(url, query_string={"figure": "defended", "limit": 4,
                                           "cursor": page["next_cursor"]}, headers=auth).get_json()
    assert [(h["game"], h["number"]) for h in second["data"]] == [(games["australian"].id, 4)]
    assert (second["has_more"], second["next_cursor"]) == (False, None)
    melds = client.get(url, query_string={"figure": "meld"}, headers=auth).get_json()
    assert [(h["game"], h["number"]) for h in melds["data"]] == [(games["rummy"].id, 1)]
    assert_error(client.get(url, query_string={"figure": "set", "cursor": "nonsense"},
                            headers=auth), 422, "cursor")
    assert_error(client.get(url, query_string={"figure": "set", "limit": 0}, headers=auth), 422,
                 "limit")
    assert_error(client.get(url, query_string={"figure": "set"}), 404)


def test_a_correction_and_an_undo_update_the_figures(app: Flask, client: FlaskClient,
                                                     ledger: dict[str, Any]) -> None:
    game = ledger["games"]["australian"]
    # Ann's misère now takes a trick: -250 for North-South (140 - 250 = -110, then 30 more).
    fixed = client.put(f"{game.url}/hands/2", json={"bidder": 0, "bid": "MIS",
                                                    "tricks": [1, 9]}, headers=game.auth())
    assert fixed.status_code == 200, fixed.get_json()
    ann = seat_figures(app, game, 0)
    assert ann["figures"]["misere.failed"] == [2] and "misere.made" not in ann["figures"]
    assert ann["figures"]["bid.failed"] == [2]
    assert ann["figures"]["hands_won"] == [1, 3, 4]
    undone = client.delete(f"{game.url}/hands/4", headers=game.auth())
    assert undone.status_code == 200, undone.get_json()
    di = seat_figures(app, game, 3)
    assert (di["result"], di["end_reason"], di["hands"]) == ("unfinished", None, 3)
    assert "back_door" not in di["figures"] and "partner" not in di["figures"]
    record = read(client, ledger["ids"][0], ledger["member"]).get_json()["record"]
    assert record["families"]["contract"]["figures"]["misere.failed"] == 1
    assert (record["won"], record["streaks"]) == (0, {"current": 0, "longest": 0})


def test_who_may_read_a_player(app: Flask, client: FlaskClient, ledger: dict[str, Any]) -> None:
    ann = ledger["ids"][0]
    other = make_club(app, "Other", public=True)
    assert_error(read(client, ann), 404)
    assert_error(read(client, ann, other[1]), 404)  # another club's admin
    assert_error(read(client, ann, "not-a-token"), 404)
    assert read(client, ann, ledger["admin"]).status_code == 200
    assert_error(read(client, 999_999, ledger["admin"]), 404)
    # A public club: anyone reads its players, as "First L." outside the club.
    public_ann, public_bo = other[3][0], other[3][1]
    outside = read(client, public_ann)
    assert outside.status_code == 200 and outside.get_json()["name"] == "Ann S."
    assert read(client, public_ann, other[2]).get_json()["name"] == "Ann Smith"
    with app.app_context():
        for player in db.session.scalars(select(Player).where(Player.id.in_(other[3][:2]))):
            player.visibility = "full" if player.id == public_ann else "hidden"
        db.session.commit()
    assert read(client, public_ann).get_json()["name"] == "Ann Smith"
    assert_error(read(client, public_bo), 404)  # hidden: only with a club token
    assert read(client, public_bo, other[2]).status_code == 200


def test_a_weak_etag(client: FlaskClient, ledger: dict[str, Any]) -> None:
    ann, auth = ledger["ids"][0], {"Authorization": f"Bearer {ledger['member']}"}
    first = client.get(f"{API}/players/{ann}", headers=auth)
    tag = first.headers["ETag"]
    assert tag.startswith('W/"')
    again = client.get(f"{API}/players/{ann}", headers={**auth, "If-None-Match": tag})
    assert again.status_code == 304 and again.headers["ETag"] == tag
    game = ledger["games"]["quebec"]
    assert game.record({"bidder": 3, "bid": "6S", "tricks": [4, 6]}).status_code == 201
    assert client.get(f"{API}/players/{ann}",
                      headers={**auth, "If-None-Match": tag}).status_code == 200


def test_a_hand_recorded_adds_what_scoring_every_hand_again_gives(
        app: Flask, ledger: dict[str, Any]) -> None:
    """Each recorded hand adds its own figures to the stored ones (add_hand); scoring the whole
    game again (refresh_figures, as a correction does) finds exactly the same."""
    for game in ledger["games"].values():
        with app.test_request_context():
            added = dict(db.session.execute(select(Seat.seat, Seat.figures).where(
                Seat.game_id == game.id)).all())
            refresh_figures(db.session, get_game(game.id))
            again = dict(db.session.execute(select(Seat.seat, Seat.figures).where(
                Seat.game_id == game.id)).all())
            db.session.rollback()
        assert added == again and all(f["hands"] for f in added.values())
