"""Club games and their seats: players picked at the start, seats linked later one by one or
by name, merges and their undoing, erasure (issue 29)."""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient

from tests.api.club_helpers import ClubHandle, add_player, bearer, club_game, new_club, seated
from tests.api.helpers import API, GAMES, assert_error

PLAYERS = f"{API}/players"


def member(club: ClubHandle) -> dict[str, str]:
    return {"X-Club-Token": club.member}


def test_players_are_added_by_a_member_and_only_the_admin_sets_visibility(
        client: FlaskClient) -> None:
    club = new_club(client)
    made = client.post(f"{club.url}/players", json={"name": " Marie Bouchard ", "kind": "guest"},
                       headers=bearer(club.member))
    assert made.status_code == 201
    assert {k: made.get_json()[k] for k in ("name", "club", "kind", "visibility")} == {
        "name": "Marie Bouchard", "club": club.id, "kind": "guest", "visibility": "public"}
    assert_error(client.post(f"{club.url}/players", json={"name": "Bo", "visibility": "full"},
                             headers=bearer(club.member)), 403)
    assert_error(client.post(f"{club.url}/players", json={"name": "Bo"}), 401)
    assert_error(client.post(f"{club.url}/players", json={"name": "Bo", "kind": "boss"},
                             headers=bearer(club.admin)), 422, "kind")
    hidden = client.post(f"{club.url}/players", json={"name": "Bo", "visibility": "hidden"},
                         headers=bearer(club.admin))
    assert hidden.get_json()["visibility"] == "hidden"
    assert hidden.get_json()["id"] == made.get_json()["id"] + 1  # nothing stored by refusals


def test_a_retried_player_is_added_once(client: FlaskClient) -> None:
    club = new_club(client)
    headers = {**bearer(club.member), "Idempotency-Key": "p-1"}
    first = client.post(f"{club.url}/players", json={"name": "Ann"}, headers=headers)
    again = client.post(f"{club.url}/players", json={"name": "Ann"}, headers=headers)
    assert first.get_json() == again.get_json()
    assert client.post(f"{club.url}/players", json={"name": "Cy"},
                       headers=bearer(club.member)).get_json()["id"] == first.get_json()["id"] + 1


def test_a_club_game_keeps_a_seat_per_player_in_the_tables_order(client: FlaskClient) -> None:
    club = new_club(client)
    ann = add_player(client, club, "Ann Dubé")
    game = club_game(client, club, [seated("Ann", ann), "Bo", "Cy", "Di"])
    assert game["club"] == club.id
    assert game["sides"][0]["players"] == ["Ann", "Cy"]  # names only, as ever
    assert game["seats"] == [
        {"seat": 0, "side": 0, "name": "Ann", "player": ann},
        {"seat": 1, "side": 1, "name": "Bo", "player": None},
        {"seat": 2, "side": 0, "name": "Cy", "player": None},
        {"seat": 3, "side": 1, "name": "Di", "player": None}]
    read = client.get(f"{GAMES}/{game['id']}").get_json()
    assert read["seats"] == game["seats"] and read["club"] == club.id
    alone = client.post(GAMES, json={"variant": "australian-500", "sides": [
        {"name": "A", "players": ["Ann", "Cy"]}, {"name": "B", "players": ["Bo", "Di"]}]})
    assert alone.get_json()["club"] is None and "seats" not in alone.get_json()


def _sides(first: Any) -> list[dict[str, Any]]:
    return [{"name": "A", "players": [first, "Cy"]}, {"name": "B", "players": ["Bo", "Di"]}]


def test_club_games_are_refused_without_the_clubs_token_or_with_a_stranger(
        client: FlaskClient) -> None:
    club, other = new_club(client), new_club(client, name="Autre")
    ann, stranger = add_player(client, club, "Ann"), add_player(client, other, "Zed")
    body = {"variant": "australian-500", "sides": _sides(seated("Ann", ann)), "club": club.id}
    assert_error(client.post(GAMES, json=body), 401)
    assert_error(client.post(GAMES, json=body, headers={"X-Club-Token": other.member}), 403)
    assert_error(client.post(GAMES, json={**body, "club": 99}, headers=member(club)), 422,
                 "club")
    assert_error(client.post(GAMES, json={**body, "sides": _sides(seated("Zed", stranger))},
                             headers=member(club)), 422, "sides.0.players.0.player")
    no_club = {"variant": "australian-500", "sides": _sides(seated("Ann", ann))}
    assert_error(client.post(GAMES, json=no_club), 422, "sides.0.players.0.player")
    twice = _sides(seated("Ann", ann))
    twice[1]["players"][1] = seated("Ann again", ann)
    assert_error(client.post(GAMES, json={**body, "sides": twice}, headers=member(club)), 422,
                 "sides.1.players.1.player")
    assert_error(client.post(GAMES, json={**body, "sides": _sides({"name": "Ann"})},
                             headers=member(club)), 422, "sides.0.players.0.player")
    assert client.get(f"{GAMES}/1").status_code == 404  # nothing stored
    headers = {**member(club), "Idempotency-Key": "g-1"}
    first = client.post(GAMES, json=body, headers=headers)
    again = client.post(GAMES, json=body, headers=headers)
    assert first.status_code == 201 and again.get_json() == first.get_json()
    assert client.get(f"{GAMES}/2").status_code == 404  # one game, not two


def test_a_seat_is_linked_and_unlinked_by_the_clubs_member_token(client: FlaskClient) -> None:
    club, other = new_club(client), new_club(client, name="Autre")
    ann, bo = add_player(client, club, "Ann"), add_player(client, club, "Bo")
    game = club_game(client, club, [seated("Ann", ann), "Bo", "Cy", "Di"])
    url = f"{GAMES}/{game['id']}/seats"
    etag = client.get(f"{GAMES}/{game['id']}").headers["ETag"]
    assert_error(client.put(f"{url}/1", json={"player": bo}), 401)
    assert_error(client.put(f"{url}/1", json={"player": bo}, headers=member(other)), 403)
    assert_error(client.put(f"{url}/1", json={"player": ann}, headers=member(club)), 409)
    assert_error(client.put(f"{url}/9", json={"player": bo}, headers=member(club)), 404)
    assert_error(client.put(f"{url}/1", json={"player": 999}, headers=member(club)), 422,
                 "player")
    assert_error(client.put(f"{url}/1", json={}, headers=member(club)), 422, "player")
    linked = client.put(f"{url}/1", json={"player": bo}, headers=member(club))
    assert linked.status_code == 200 and linked.get_json()["player"] == bo
    read = client.get(f"{GAMES}/{game['id']}")
    assert read.get_json()["seats"][1]["player"] == bo and read.headers["ETag"] != etag
    unlinked = client.put(f"{url}/0", json={"player": None}, headers=bearer(club.member))
    assert unlinked.get_json()["player"] is None
    loose = client.post(GAMES, json={"variant": "australian-500", "sides": _sides("Ann")})
    assert_error(client.put(f"{GAMES}/{loose.get_json()['id']}/seats/0", json={"player": bo},
                            headers=member(club)), 409)
    assert_error(client.put(f"{GAMES}/999/seats/0", json={"player": bo}, headers=member(club)),
                 404)


def test_unlinked_names_are_counted_and_linked_in_bulk(client: FlaskClient) -> None:
    club = new_club(client)
    marie = add_player(client, club, "Marie Bouchard")
    for _ in range(3):
        club_game(client, club, ["Marie B.", "Bo", "Cy", "Di"])
    club_game(client, club, [seated("Marie", marie), "Bo", "Marie B.", "Di"])
    club_game(client, club, ["Marie B.", "Bo", "Marie B.", "Di"])
    assert_error(client.get(f"{club.url}/unlinked"), 401)
    queue = client.get(f"{club.url}/unlinked", headers=bearer(club.member)).get_json()["data"]
    assert [(q["name"], q["seats"], q["games"]) for q in queue][:3] == [
        ("Marie B.", 6, 5), ("Bo", 5, 5), ("Di", 5, 5)]
    body = {"name": "Marie B.", "player": marie}
    headers = {**bearer(club.member), "Idempotency-Key": "link-1"}
    linked = client.post(f"{club.url}/unlinked/link", json=body, headers=headers)
    assert linked.status_code == 200
    # four games: the one Marie already sits in and the second seat of the last one skipped
    assert linked.get_json() == {"name": "Marie B.", "player": marie, "linked": 4, "skipped": 2}
    again = client.post(f"{club.url}/unlinked/link", json=body, headers=headers)
    assert again.get_json() == linked.get_json()
    queue = client.get(f"{club.url}/unlinked", headers=bearer(club.admin)).get_json()["data"]
    assert {q["name"]: q["seats"] for q in queue}["Marie B."] == 2
    last = client.get(f"{GAMES}/5").get_json()["seats"]
    assert [s["player"] for s in last] == [marie, None, None, None]
    assert_error(client.post(f"{club.url}/unlinked/link", json={"name": "Bo", "player": 77},
                             headers=bearer(club.member)), 422, "player")


def test_a_merge_moves_seats_and_its_undoing_moves_exactly_those_back(
        client: FlaskClient) -> None:
    club = new_club(client)
    ann, annie, bo = (add_player(client, club, n) for n in ("Ann", "Annie", "Bo"))
    club_game(client, club, [seated("Ann", ann), "x", "y", "z"])
    club_game(client, club, [seated("Annie", annie), "x", "y", "z"])
    both = club_game(client, club, [seated("Ann", ann), seated("Bo", bo), "y", "z"])
    url = f"{club.url}/players/{annie}/merge"
    assert_error(client.post(url, json={"into": ann}, headers=bearer(club.member)), 403)
    assert_error(client.post(f"{club.url}/players/{ann}/merge", json={"into": bo},
                             headers=bearer(club.admin)), 409)  # both sat at one game
    assert_error(client.post(url, json={"into": annie}, headers=bearer(club.admin)), 422, "into")
    assert_error(client.post(url, json={"into": 999}, headers=bearer(club.admin)), 422, "into")
    headers = {**bearer(club.admin), "Idempotency-Key": "merge-1"}
    merged = client.post(url, json={"into": ann}, headers=headers)
    assert merged.status_code == 200
    entry = merged.get_json()
    assert (entry["from"], entry["into"], entry["seats"]) == (annie, ann, 1)
    assert client.post(url, json={"into": ann}, headers=headers).get_json() == entry
    assert client.get(f"{GAMES}/2").get_json()["seats"][0]["player"] == ann
    assert_error(client.post(url, json={"into": ann}, headers=bearer(club.admin)), 409)
    log = client.get(f"{club.url}/merges", headers=bearer(club.member)).get_json()["data"]
    assert [m["id"] for m in log] == [entry["id"]]
    # A later merge of the same player stands: this one cannot be undone before it.
    client.put(f"{GAMES}/{both['id']}/seats/1", json={"player": None}, headers=member(club))
    later = client.post(f"{club.url}/players/{bo}/merge", json={"into": ann},
                        headers=bearer(club.admin)).get_json()
    undo = f"{club.url}/merges/{entry['id']}"
    assert_error(client.delete(undo, headers=bearer(club.admin)), 409)
    assert client.delete(f"{club.url}/merges/{later['id']}",
                         headers=bearer(club.admin)).status_code == 200
    undone = client.delete(undo, headers=bearer(club.admin))
    assert undone.status_code == 200 and undone.get_json()["undone_at"] is not None
    assert client.get(f"{GAMES}/2").get_json()["seats"][0]["player"] == annie
    assert client.get(f"{GAMES}/1").get_json()["seats"][0]["player"] == ann
    assert_error(client.delete(undo, headers=bearer(club.admin)), 409)
    assert_error(client.delete(f"{club.url}/merges/99", headers=bearer(club.admin)), 404)


def test_a_rename_never_rewrites_seats(client: FlaskClient) -> None:
    club = new_club(client)
    ann = add_player(client, club, "Ann")
    game = club_game(client, club, [seated("Annie", ann), "Bo", "Cy", "Di"])
    assert_error(client.patch(f"{PLAYERS}/{ann}", json={"name": "A"},
                              headers=bearer(club.member)), 403)
    assert_error(client.patch(f"{PLAYERS}/{ann}", json={}, headers=bearer(club.admin)), 422)
    assert_error(client.patch(f"{PLAYERS}/999", json={"name": "A"},
                              headers=bearer(club.admin)), 404)
    renamed = client.patch(f"{PLAYERS}/{ann}", json={"name": "Ann Dubé", "visibility": "full"},
                           headers=bearer(club.admin))
    assert renamed.get_json()["name"] == "Ann Dubé"
    assert client.get(f"{GAMES}/{game['id']}").get_json()["seats"][0]["name"] == "Annie"


def test_erasing_a_player_turns_their_seats_into_guests_and_keeps_the_scores(
        client: FlaskClient) -> None:
    club = new_club(client)
    ann, annie = add_player(client, club, "Ann"), add_player(client, club, "Annie")
    game = club_game(client, club, [seated("Ann", ann), "Bo", "Cy", "Di"])
    client.put(f"{GAMES}/{game['id']}/seats/0", json={"player": ann}, headers=member(club))
    other = client.post(GAMES, headers=member(club), json={
        "variant": "australian-500", "club": club.id,
        "sides": [{"name": "Annie & Cy", "players": [seated("Annie", annie), "Cy"]},
                  {"name": "Bo & Di", "players": ["Bo", "Di"]}]}).get_json()
    hand = client.post(f"{GAMES}/{other['id']}/hands", json={"bidder": 0, "bid": "7H",
                                                             "tricks": [7, 3]},
                       headers=bearer(other["token"]))
    assert hand.status_code == 201
    scores = client.get(f"{GAMES}/{other['id']}").get_json()["scores"]
    client.post(f"{club.url}/players/{annie}/merge", json={"into": ann},
                headers=bearer(club.admin))
    assert_error(client.delete(f"{PLAYERS}/{ann}", headers=bearer(club.member)), 403)
    erased = client.delete(f"{PLAYERS}/{ann}", headers=bearer(club.admin))
    assert erased.status_code == 200
    assert erased.get_json() == {"id": ann, "erased": [ann, annie], "seats": 2, "games": 2}
    read = client.get(f"{GAMES}/{other['id']}").get_json()
    assert read["sides"][0] == {"name": "Guest & Cy", "players": ["Guest", "Cy"]}
    assert read["seats"][0] == {"seat": 0, "side": 0, "name": "Guest", "player": None}
    assert read["scores"] == scores == hand.get_json()["scores"]  # nobody's scores change
    assert client.get(f"{club.url}/merges", headers=bearer(club.admin)).get_json()["data"] == []
    queue = client.get(f"{club.url}/unlinked", headers=bearer(club.admin)).get_json()["data"]
    assert "Guest" not in {q["name"] for q in queue} and "Ann" not in {q["name"] for q in queue}
    assert_error(client.delete(f"{PLAYERS}/{ann}", headers=bearer(club.admin)), 404)


@pytest.mark.parametrize("visibility, public_name", [
    ("public", "Marie B."), ("full", "Marie Bouchard"), ("hidden", None)])
def test_display_names_outside_the_club(visibility: str, public_name: str | None) -> None:
    from scorekeeper.models import Player
    from scorekeeper.services.clubs.access import display_name
    player = Player(name="Marie Bouchard", visibility=visibility)
    assert display_name(player, None) == public_name
    assert display_name(player, "member") == "Marie Bouchard"
    assert display_name(Player(name="Cher", visibility="public"), None) == "Cher"
