"""A club's players: added by a member (a name) or the admin (also how public the name is),
edited and erased by the admin. A rename never touches a seat: seats keep the name as typed."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from sqlalchemy import delete, or_, select, update
from sqlalchemy.orm import Session

from scorekeeper import store
from scorekeeper.errors import Forbidden, NotFound
from scorekeeper.i18n import say
from scorekeeper.models import Club, Game, Merge, Player, Seat
from scorekeeper.services import present
from scorekeeper.services.clubs import changed
from scorekeeper.services.clubs.access import Role
from scorekeeper.services.clubs.ledger import guard, touch
from scorekeeper.services.clubs.seats import GUEST_NAME, seating
from scorekeeper.services.writes import Reply, WriteRequest, guarded_write


def player_view(player: Player) -> dict[str, Any]:
    return {"id": player.id, "name": player.name, "club": player.club_id, "kind": player.kind,
            "visibility": player.visibility, "merged_into": player.merged_into,
            "created_at": present.timestamp(player.created_at),
            "updated_at": present.timestamp(player.updated_at)}


def add_player(club_id: int, body: Mapping[str, Any], request: WriteRequest) -> Reply:
    """A new player: a member names them; only the admin says how public the name is (a member
    sending `visibility` is refused 403)."""
    roles: list[Role] = []

    def action(session: Session, club: Club) -> tuple[int, dict[str, Any]]:
        if "visibility" in body and roles[-1] != "admin":
            raise Forbidden(say("only the club's admin token may set a player's visibility"))
        player = Player(club_id=club.id, name=body["name"], kind=body.get("kind", "member"),
                        visibility=body.get("visibility", "public"))
        session.add(player)
        touch(club)
        session.flush()
        return 201, player_view(player)

    return guarded_write(guard(club_id, "member", roles), request, action)


def _club_of_player(player_id: int) -> int:
    """The club a player belongs to (404 for none), read before the club's write guard."""
    session = store.current().session
    club_id = session.execute(select(Player.club_id).where(Player.id == player_id)).scalar()
    session.rollback()  # the guard starts its own transaction
    if club_id is None:
        raise NotFound(say("there is no player {player}", player=player_id))
    return club_id


def _player(session: Session, club: Club, player_id: int) -> Player:
    player = session.get(Player, player_id)
    if player is None or player.club_id != club.id:  # erased meanwhile
        raise NotFound(say("there is no player {player}", player=player_id))
    return player


def update_player(player_id: int, body: Mapping[str, Any], request: WriteRequest) -> Reply:
    """The admin edits a player's name, kind or visibility; the seats keep the names typed."""

    def action(session: Session, club: Club) -> tuple[int, dict[str, Any]]:
        player = _player(session, club, player_id)
        for name in ("name", "kind", "visibility"):
            if name in body:
                setattr(player, name, body[name])
        touch(club)
        session.flush()
        return 200, player_view(player)

    return guarded_write(guard(_club_of_player(player_id), "admin"), request, action)


def erase_player(player_id: int, request: WriteRequest) -> Reply:
    """Erase a player (and any player merged into them: the same person): their rows and merge
    log entries are deleted, each of their seats becomes an unlinked "Guest" (the name typed
    there replaced, in the seat and in its game's sides, where a side's name loses it too).
    Scores, hands and the other seats are left as they are."""

    def action(session: Session, club: Club) -> tuple[int, dict[str, Any]]:
        _player(session, club, player_id)
        erased = _with_merged(session, club.id, player_id)
        seats = session.execute(select(Seat.game_id, Seat.seat, Seat.name)
                                .where(Seat.player_id.in_(erased))).all()
        session.execute(update(Seat).where(Seat.player_id.in_(erased))
                        .values(player_id=None, name=GUEST_NAME),
                        execution_options={"synchronize_session": False})
        _unname(session, seats)
        session.execute(delete(Merge).where(or_(Merge.from_player.in_(erased),
                                                Merge.into_player.in_(erased))))
        session.execute(update(Player).where(Player.id.in_(erased)).values(merged_into=None))
        session.execute(delete(Player).where(Player.id.in_(erased)))
        changed(session, club.id, erased)
        return 200, {"id": player_id, "erased": sorted(erased), "seats": len(seats),
                     "games": len({s.game_id for s in seats})}

    return guarded_write(guard(_club_of_player(player_id), "admin"), request, action)


def _with_merged(session: Session, club_id: int, player_id: int) -> list[int]:
    """The player and every player merged into them, however many merges deep."""
    found, todo = {player_id}, [player_id]
    while todo:
        todo = list(session.scalars(select(Player.id).where(
            Player.club_id == club_id, Player.merged_into.in_(todo))))
        todo = [p for p in todo if p not in found]
        found.update(todo)
    return sorted(found)


def _unname(session: Session, seats: Sequence[Any]) -> None:
    """The names of erased seats replaced by GUEST_NAME in their games' sides: the player's
    place, and the name as a whole word in the side's name ("Ann & Cy")."""
    by_game: dict[int, list[Any]] = {}
    for seat in seats:
        by_game.setdefault(seat.game_id, []).append(seat)
    for game in session.scalars(select(Game).where(Game.id.in_(by_game))):
        sides = [{**side, "players": list(side["players"])} for side in game.sides]
        places = seating(sides)
        for seat in by_game[game.id]:
            s, p = places[seat.seat]
            sides[s]["players"][p] = GUEST_NAME
            word = re.compile(rf"(?<!\w){re.escape(seat.name)}(?!\w)")
            sides[s]["name"] = word.sub(GUEST_NAME, sides[s]["name"])
        game.sides = sides  # the ORM's version column moves on: the game's ETag
    session.flush()
