"""The club's reads at scale (benchmarks/club_load.py): a player's page is rendered once until
something it shows changes, a list reads neither a seat's figures, a game's options nor whole
players, and a link by name and a player's page read indexes, not rows, where they can."""

from __future__ import annotations

from collections.abc import Iterator
from itertools import pairwise
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import event

from scorekeeper.extensions import db
from scorekeeper.services.clubs import records
from tests.api.club_helpers import ClubHandle, add_player, bearer, club_game, new_club, seated
from tests.api.helpers import API

HAND = {"bidder": 0, "bid": "6S", "tricks": [6, 4]}


@pytest.fixture
def table(client: FlaskClient) -> tuple[ClubHandle, list[int], list[dict[str, Any]]]:
    """A club, four players and three games of the four (so each is the others' partner or
    opponent in the record), a hand in each."""
    club = new_club(client)
    names = ["Ann Smith", "Bo Jones", "Cy Brown", "Di Green"]
    ids = [add_player(client, club, name) for name in names]
    games = [club_game(client, club, [seated(n, p) for n, p in zip(names, ids, strict=True)])
             for _ in range(3)]
    for game in games:
        assert record_hand(client, game).status_code == 201
    return club, ids, games


def record_hand(client: FlaskClient, game: dict[str, Any]) -> Any:
    return client.post(f"{API}/games/{game['id']}/hands", json=HAND,
                       headers=bearer(game["token"]))


def test_a_player_page_is_rendered_once_until_it_changes(
        client: FlaskClient, monkeypatch: pytest.MonkeyPatch,
        table: tuple[ClubHandle, list[int], list[dict[str, Any]]]) -> None:
    club, ids, games = table
    built: list[int] = []
    build = records.player_view

    def counted(player_id: int, token: str | None) -> dict[str, Any]:
        built.append(player_id)
        return build(player_id, token)

    monkeypatch.setattr(records, "player_view", counted)

    def page() -> dict[str, Any]:
        reply = client.get(f"{API}/players/{ids[0]}", headers=bearer(club.member))
        assert reply.status_code == 200, reply.get_json()
        body: dict[str, Any] = reply.get_json()
        return body

    first = page()
    assert page() == first and len(built) == 1  # read again: not built again
    # A hand in one of Ann's games: her figures.
    assert record_hand(client, games[0]).status_code == 201
    after_hand = page()
    assert after_hand["record"]["families"] != first["record"]["families"]
    # Its undo: back as it was.
    undone = client.delete(f"{API}/games/{games[0]['id']}/hands/2",
                           headers=bearer(games[0]["token"]))
    assert undone.status_code == 200, undone.get_json()
    assert page()["record"] == first["record"]
    # Her partner renamed: his name in her record.
    renamed = client.patch(f"{API}/players/{ids[2]}", json={"name": "Cyril Brown"},
                           headers=bearer(club.admin))
    assert renamed.status_code == 200, renamed.get_json()
    partners = page()["record"]["partners"]
    assert [p["name"] for p in partners] == ["Cyril Brown"]
    # A name typed at another game, linked to her: one game more.
    other = club_game(client, club, ["Ann S.", "Eve", "Flo", "Gus"])
    assert record_hand(client, other).status_code == 201
    linked = client.post(f"{club.url}/unlinked/link", json={"name": "Ann S.", "player": ids[0]},
                         headers=bearer(club.member))
    assert linked.status_code == 200, linked.get_json()
    assert page()["record"]["games"] == first["record"]["games"] + 1
    # Her own visibility: the name others see.
    hidden = client.patch(f"{API}/players/{ids[0]}", json={"visibility": "full"},
                          headers=bearer(club.admin))
    assert hidden.status_code == 200, hidden.get_json()
    assert page()["visibility"] == "full"
    assert len(built) == 6


@pytest.fixture
def statements(app: Flask) -> Iterator[list[str]]:
    """The SQL the app sends while the test runs."""
    sent: list[str] = []

    def note(_conn: Any, _cursor: Any, statement: str, *_args: Any) -> None:
        sent.append(statement)

    with app.app_context():
        engine = db.engine
    event.listen(engine, "before_cursor_execute", note)
    yield sent
    event.remove(engine, "before_cursor_execute", note)


def test_a_list_reads_neither_figures_nor_options(
        client: FlaskClient, statements: list[str],
        table: tuple[ClubHandle, list[int], list[dict[str, Any]]]) -> None:
    club, ids, _games = table
    statements.clear()
    for url in (f"{API}/games?club={club.id}", f"{API}/games?club={club.id}&player={ids[0]}",
                f"{API}/players/{ids[0]}/games"):
        reply = client.get(url, headers=bearer(club.member))
        assert reply.status_code == 200 and len(reply.get_json()["data"]) == 3
    selects = [s for s in statements if s.lstrip().upper().startswith("SELECT")]
    assert selects
    assert not [s for s in selects if "figures" in s or "games.options" in s]
    # Nor whole players with the seats (ORM objects): the name and visibility a list shows.
    assert not [s for s in selects if "FROM seats" in s and "players.created_at" in s]



def test_a_link_by_name_reads_the_players_games_once(
        app: Flask, client: FlaskClient,
        table: tuple[ClubHandle, list[int], list[dict[str, Any]]]) -> None:
    """Correlated, the check "the player already sits in this game" walked all the player's
    seats for each waiting seat on SQLite (1.6 s for 550 seats in a 50,000-game club)."""
    club, ids, _games = table
    waiting = [club_game(client, club, ["Ann S.", "Eve", "Flo", "Gus"]) for _ in range(2)]
    with app.app_context():
        engine = db.engine
    if engine.dialect.name != "sqlite":
        pytest.skip("the plan checked is SQLite's")
    sent: list[tuple[str, Any]] = []

    def note(_conn: Any, _cursor: Any, statement: str, parameters: Any, *_args: Any) -> None:
        sent.append((statement, parameters))

    event.listen(engine, "before_cursor_execute", note)
    try:
        linked = client.post(f"{club.url}/unlinked/link",
                             json={"name": "Ann S.", "player": ids[0]},
                             headers=bearer(club.member))
    finally:
        event.remove(engine, "before_cursor_execute", note)
    assert linked.status_code == 200 and linked.get_json()["linked"] == len(waiting)
    [(update, parameters)] = [(s, p) for s, p in sent
                              if s.lstrip().upper().startswith("UPDATE SEATS")]
    with engine.connect() as connection:
        plan = [row[3] for row in connection.exec_driver_sql("EXPLAIN QUERY PLAN " + update,
                                                             parameters)]
    assert not any("CORRELATED" in line and "ix_seats_player" in below
                   for line, below in pairwise(plan)), plan


def test_a_player_page_knows_whether_it_changed_from_indexes(
        app: Flask, client: FlaskClient,
        table: tuple[ClubHandle, list[int], list[dict[str, Any]]]) -> None:
    """Summing the versions of a busy player's games reads the seats' index, never a seat's
    row (twice as fast with 661 seats of a 50,000-game club on SQLite)."""
    club, ids, _games = table
    with app.app_context():
        engine = db.engine
    if engine.dialect.name != "sqlite":
        pytest.skip("the plan checked is SQLite's")
    sent: list[tuple[str, Any]] = []

    def note(_conn: Any, _cursor: Any, statement: str, parameters: Any, *_args: Any) -> None:
        sent.append((statement, parameters))

    event.listen(engine, "before_cursor_execute", note)
    try:
        assert client.get(f"{API}/players/{ids[0]}",
                          headers=bearer(club.member)).status_code == 200
    finally:
        event.remove(engine, "before_cursor_execute", note)
    [(summed, parameters)] = [(s, p) for s, p in sent if "sum(games.version)" in s]
    with engine.connect() as connection:
        plan = [row[3] for row in connection.exec_driver_sql("EXPLAIN QUERY PLAN " + summed,
                                                             parameters)]
    assert any(line.startswith("SEARCH seats USING COVERING INDEX") for line in plan), plan
