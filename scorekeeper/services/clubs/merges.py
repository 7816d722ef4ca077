"""Merging one player into another (the admin's, logged, undoable): the from-player's seats move
to the other, and the from-player keeps its row, marked merged into them. Never by name on its
own: the admin names both players."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sqlalchemy import or_, select, tuple_, update
from sqlalchemy.orm import Session, aliased

from scorekeeper import store
from scorekeeper.errors import Conflict, NotFound, Unprocessable
from scorekeeper.i18n import say
from scorekeeper.models import Club, Merge, Player, Seat, utcnow
from scorekeeper.services import present
from scorekeeper.services.clubs import changed
from scorekeeper.services.clubs.ledger import get_club, guard, require
from scorekeeper.services.clubs.seats import bump_games
from scorekeeper.services.writes import Reply, WriteRequest, guarded_write


def merge_view(merge: Merge) -> dict[str, Any]:
    return {"id": merge.id, "club": merge.club_id, "from": merge.from_player,
            "into": merge.into_player, "seats": len(merge.seats),
            "created_at": present.timestamp(merge.created_at),
            "undone_at": None if merge.undone_at is None else present.timestamp(merge.undone_at)}


def _player(session: Session, club: Club, player_id: int, field: str | None) -> Player:
    player = session.get(Player, player_id)
    if player is None or player.club_id != club.id:
        if field is None:
            raise NotFound(say("there is no player {player}", player=player_id))
        raise Unprocessable(say("there is no player {player} in this club", player=player_id),
                            {field: [say("not a player of this club")]})
    if player.merged_into is not None:
        raise Conflict(say("player {player} was already merged into player {into}",
                           player=player_id, into=player.merged_into))
    return player


def merge(club_id: int, from_id: int, into_id: int, request: WriteRequest) -> Reply:
    """Move every seat of one player to another; 409 when both sat at one game (they are two
    people) or when either was merged already."""

    def action(session: Session, club: Club) -> tuple[int, dict[str, Any]]:
        source = _player(session, club, from_id, None)
        target = _player(session, club, into_id, "into")
        if source.id == target.id:
            raise Unprocessable(say("a player cannot be merged into themselves"),
                                {"into": [say("the same player")]})
        mine, theirs = aliased(Seat), aliased(Seat)
        shared = session.execute(
            select(mine.game_id).join(theirs, theirs.game_id == mine.game_id)
            .where(mine.player_id == from_id, theirs.player_id == into_id).limit(1)).scalar()
        if shared is not None:
            raise Conflict(say("players {one} and {other} both sat at game {game}: they are "
                               "two people", one=from_id, other=into_id, game=shared))
        moved = session.execute(
            update(Seat).where(Seat.player_id == from_id).values(player_id=into_id)
            .returning(Seat.game_id, Seat.seat),
            execution_options={"synchronize_session": False}).all()
        source.merged_into = target.id
        entry = Merge(club_id=club.id, from_player=from_id, into_player=into_id,
                      seats=sorted([game, seat] for game, seat in moved))
        session.add(entry)
        session.flush()
        bump_games(session, [game for game, _ in moved])
        changed(session, club.id, [from_id, into_id])
        return 200, merge_view(entry)

    return guarded_write(guard(club_id, "admin"), request, action)


def merges(club_id: int, token: str | None) -> list[dict[str, Any]]:
    """The club's merge log, newest first: its tokens only."""
    require(get_club(club_id), token, "member")
    rows = store.current().session.scalars(
        select(Merge).where(Merge.club_id == club_id).order_by(Merge.id.desc())).all()
    return [merge_view(m) for m in rows]


def undo(club_id: int, merge_id: int, request: WriteRequest) -> Reply:
    """Move back exactly the seats the merge moved (those still with the player merged into),
    and clear the from-player's mark. 409 when undone already, or when a later merge involving
    either player stands (undo that one first)."""

    def action(session: Session, club: Club) -> tuple[int, dict[str, Any]]:
        entry = session.get(Merge, merge_id)
        if entry is None or entry.club_id != club.id:
            raise NotFound(say("there is no merge {merge} in this club", merge=merge_id))
        if entry.undone_at is not None:
            raise Conflict(say("merge {merge} was already undone", merge=merge_id))
        both = (entry.from_player, entry.into_player)
        later = session.execute(select(Merge.id).where(
            Merge.club_id == club.id, Merge.id > entry.id, Merge.undone_at.is_(None),
            or_(Merge.from_player.in_(both), Merge.into_player.in_(both))).limit(1)).scalar()
        if later is not None:
            raise Conflict(say("merge {later} came after it and involves the same players: "
                               "undo it first", later=later))
        back = _moved_back(session, entry)
        source = session.get(Player, entry.from_player)
        assert source is not None  # erasing a player deletes their merges
        source.merged_into = None
        entry.undone_at = utcnow()
        session.flush()
        bump_games(session, back)
        changed(session, club.id, both)
        return 200, merge_view(entry)

    return guarded_write(guard(club_id, "admin"), request, action)


def _moved_back(session: Session, entry: Merge) -> Sequence[int]:
    if not entry.seats:
        return []
    return session.execute(
        update(Seat).where(tuple_(Seat.game_id, Seat.seat).in_([tuple(s) for s in entry.seats]),
                           Seat.player_id == entry.into_player)
        .values(player_id=entry.from_player).returning(Seat.game_id),
        execution_options={"synchronize_session": False}).scalars().all()
