"""The seats of a club's games: made with the game, one row per player, keeping the name as
typed; linked to the club's players one by one or by name in bulk; the names still unlinked.

A seat's number is the table's (API.md, Games): seat i is sides[i % n].players[i // n], the
number a hand's `bidder` names, so a seat's figures read straight from the hands."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from sqlalchemy import and_, func, insert, select, update
from sqlalchemy.orm import Session, aliased

from scorekeeper import store
from scorekeeper.errors import Conflict, NotFound, Unprocessable
from scorekeeper.i18n import say
from scorekeeper.models import Club, Game, Player, Seat
from scorekeeper.services import present
from scorekeeper.services.clubs import changed
from scorekeeper.services.clubs.ledger import get_club, guard, require
from scorekeeper.services.writes import Reply, WriteRequest, guarded_write

GUEST_NAME = "Guest"  # what an erased player's seats and a game's sides say instead of the name


def seating(sides: Sequence[Mapping[str, Any]]) -> list[tuple[int, int]]:
    """(side, place in the side) of each seat, in the table's order."""
    n = len(sides)
    total = sum(len(side["players"]) for side in sides)
    return [(i % n, i // n) for i in range(total)]


def split_sides(sides: Sequence[Mapping[str, Any]]
                ) -> tuple[list[dict[str, Any]], dict[tuple[int, int], int]]:
    """The sides with names only (as every game stores them), and the players named by
    {"name", "player"} entries, by (side, place)."""
    plain, linked = [], {}
    for s, side in enumerate(sides):
        names = []
        for p, entry in enumerate(side["players"]):
            if isinstance(entry, Mapping):
                names.append(entry["name"])
                linked[(s, p)] = entry["player"]
            else:
                names.append(entry)
        plain.append({"name": side["name"], "players": names})
    return plain, linked


def check_players(session: Session, club_id: int, linked: Mapping[tuple[int, int], int],
                  where: str = "sides",
                  field_of: Callable[[int, int], str] | None = None) -> None:
    """Each linked player is one of the club's, not merged into another (422 naming the entry),
    and none sits twice."""
    if not linked:
        return
    usable = set(session.scalars(select(Player.id).where(
        Player.club_id == club_id, Player.id.in_(set(linked.values())),
        Player.merged_into.is_(None))))
    seen: set[int] = set()
    for (s, p), player in sorted(linked.items()):
        field = field_of(s, p) if field_of else f"{where}.{s}.players.{p}.player"
        if player not in usable:
            raise Unprocessable(say("there is no player {player} in this club (or they were "
                                    "merged into another)", player=player),
                                {field: [say("not a player of this club")]})
        if player in seen:
            raise Unprocessable(say("player {player} cannot take two seats at one game",
                                    player=player), {field: [say("already seated")]})
        seen.add(player)


def club_of_request(session: Session, club_id: int, token: str | None) -> Club:
    """The club a new game or tournament is started in: its member or admin token (401/403);
    an unknown club is the body's fault (422 at `club`)."""
    club = session.get(Club, club_id)
    if club is None:
        raise Unprocessable(say("there is no club {club}", club=club_id),
                            {"club": [say("no such club")]})
    require(club, token, "member")
    return club


def add_seats(session: Session, game: Game, linked: Mapping[tuple[int, int], int]) -> None:
    """One seat row per player of a new club game, and the club's ledger moved on."""
    assert game.club_id is not None
    rows = [{"game_id": game.id, "seat": seat, "side": s, "club_id": game.club_id,
             "name": game.sides[s]["players"][p], "player_id": linked.get((s, p)),
             "figures": {}}
            for seat, (s, p) in enumerate(seating(game.sides))]
    session.execute(insert(Seat), rows)
    changed(session, game.club_id, [p for p in linked.values()])


def seats_of(session: Session, game_id: int) -> list[dict[str, Any]]:
    rows = session.execute(select(Seat.seat, Seat.side, Seat.name, Seat.player_id)
                           .where(Seat.game_id == game_id).order_by(Seat.seat)).all()
    return [{"seat": r.seat, "side": r.side, "name": r.name, "player": r.player_id}
            for r in rows]


def bump_games(session: Session, game_ids: Sequence[int]) -> None:
    """Games whose seats changed: their views did, so their versions (ETags) move on."""
    if game_ids:
        session.execute(update(Game).where(Game.id.in_(sorted(set(game_ids))))
                        .values(version=Game.version + 1, updated_at=func.now()),
                        execution_options={"synchronize_session": False})


def usable_player(session: Session, club_id: int, player_id: int, field: str) -> Player:
    player = session.get(Player, player_id)
    if player is None or player.club_id != club_id or player.merged_into is not None:
        raise Unprocessable(say("there is no player {player} in this club (or they were "
                                "merged into another)", player=player_id),
                            {field: [say("not a player of this club")]})
    return player


def link_seat(game_id: int, seat: int, player_id: int | None, request: WriteRequest) -> Reply:
    """Link one seat of a club game to a player of the club, or unlink it (None); 409 when
    that player already sits elsewhere in the game."""
    session = store.current().session
    found = session.execute(select(Game.club_id).where(Game.id == game_id)).first()
    session.rollback()  # the guard starts its own transaction
    if found is None:
        raise NotFound(say("there is no game {game}", game=game_id))
    club_id = found.club_id
    if club_id is None:
        raise Conflict(say("game {game} was not played in a club: it has no seats to link",
                           game=game_id))

    def action(session: Session, club: Club) -> tuple[int, dict[str, Any]]:
        row = session.get(Seat, (game_id, seat))
        if row is None:
            raise NotFound(say("game {game} has no seat {seat}", game=game_id, seat=seat))
        before = row.player_id
        if player_id is not None and player_id != before:
            usable_player(session, club.id, player_id, "player")
            elsewhere = session.execute(select(Seat.seat).where(
                Seat.game_id == game_id, Seat.player_id == player_id)).scalar()
            if elsewhere is not None:
                raise Conflict(say("player {player} already sits at seat {seat} of this game",
                                   player=player_id, seat=elsewhere))
        row.player_id = player_id
        session.flush()
        bump_games(session, [game_id])
        changed(session, club.id, [before, player_id])
        return 200, {"seat": row.seat, "side": row.side, "name": row.name,
                     "player": row.player_id, "game": game_id}

    return guarded_write(guard(club_id, "member"), request, action)


def unlinked(club_id: int, token: str | None) -> list[dict[str, Any]]:
    """The names played in the club's games and linked to nobody, most played first: how many
    seats and games, and the first and last game's dates. The club's tokens only."""
    session = store.current().session
    require(get_club(club_id), token, "member")
    rows = session.execute(
        select(Seat.name, func.count().label("seats"),
               func.count(func.distinct(Seat.game_id)).label("games"),
               func.min(Game.created_at).label("first"), func.max(Game.created_at).label("last"))
        .join(Game, Game.id == Seat.game_id)
        .where(Seat.club_id == club_id, Seat.player_id.is_(None), Seat.name != GUEST_NAME)
        .group_by(Seat.name).order_by(func.count().desc(), Seat.name)).all()
    return [{"name": r.name, "seats": r.seats, "games": r.games,
             "first": present.timestamp(r.first), "last": present.timestamp(r.last)}
            for r in rows]


def link_name(club_id: int, name: str, player_id: int, request: WriteRequest) -> Reply:
    """Every unlinked seat of exactly this name in the club's games linked to the player, in
    one UPDATE: one seat a game (the first), and none in a game where the player already
    sits. Says how many were linked and skipped."""

    def action(session: Session, club: Club) -> tuple[int, dict[str, Any]]:
        usable_player(session, club.id, player_id, "player")
        waiting = (Seat.club_id == club.id) & Seat.player_id.is_(None) & (Seat.name == name)
        total = session.execute(select(func.count()).select_from(Seat).where(waiting)).scalar()
        other, first = aliased(Seat), aliased(Seat)
        # The player's games read once, not once a waiting seat: correlated, SQLite walked all
        # the player's seats for each (1.6 s for 550 seats of a 50,000-game club).
        sits = Seat.game_id.in_(select(other.game_id).where(other.player_id == player_id))
        first_seat = (select(func.min(first.seat))
                      .where(first.game_id == Seat.game_id, first.player_id.is_(None),
                             first.name == name).scalar_subquery())
        linked = session.execute(
            update(Seat).where(and_(waiting, ~sits, Seat.seat == first_seat))
            .values(player_id=player_id).returning(Seat.game_id),
            execution_options={"synchronize_session": False}).scalars().all()
        bump_games(session, linked)
        changed(session, club.id, [player_id])
        return 200, {"name": name, "player": player_id, "linked": len(linked),
                     "skipped": (total or 0) - len(linked)}

    return guarded_write(guard(club_id, "member"), request, action)

