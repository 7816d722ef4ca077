"""Players' records (issue 29): each club game's seats keep their figures (scorekeeper.records),
kept by every hand write in its own transaction, so reading a record sums Seat rows and never
replays a hand. A hand recorded adds its own figures (add_hand); a correction or an undo, rarer,
scores the game's hands again (refresh_figures).
"""

from __future__ import annotations

import base64
import binascii
import json
from collections.abc import Sequence
from typing import Any

from sqlalchemy import bindparam, func, select, tuple_, update
from sqlalchemy.orm import Session

from scorekeeper import records, store
from scorekeeper.errors import NotFound, Unprocessable
from scorekeeper.i18n import say
from scorekeeper.models import Club, Game, GameRecord, Hand, HandRecord, Player, Seat
from scorekeeper.rules.base import HandResult
from scorekeeper.rules.registry import find_variant
from scorekeeper.services.clubs.access import Role, club_role, display_name
from scorekeeper.services.present import hand_view, timestamp

_FIGURES = (update(Seat).where(Seat.game_id == bindparam("g"), Seat.seat == bindparam("s"))
            .values(figures=bindparam("f")))


def refresh_figures(session: Session, game: Game | GameRecord) -> None:
    """The figures of a club game's seats, from its hands as they now stand (nothing to do for a
    game outside any club)."""
    if game.club_id is None:
        return
    seats = session.scalars(select(Seat.seat).where(Seat.game_id == game.id)).all()
    if not seats:
        return
    # session.execute, not the connection: a correction's hands are flushed first.
    hands = session.execute(select(Hand.number, Hand.input, Hand.state)
                            .where(Hand.game_id == game.id).order_by(Hand.number)).all()
    table = records.table_of(game.sides, game.options, game.first_dealer)
    facts = records.game_facts(game.variant, table, hands)
    session.connection().execute(_FIGURES, [
        {"g": game.id, "s": seat, "f": records.seat_figures(facts, seat)} for seat in seats])


_SEATS = select(Seat.seat, Seat.figures).where(Seat.game_id == bindparam("g"))


def add_hand(session: Session, game: GameRecord, hand: HandRecord, result: HandResult) -> None:
    """A club game's seats' figures with the hand just recorded added: the hand's own figures
    and the game's facts after it, with no earlier hand scored again."""
    if game.club_id is None:
        return
    connection = session.connection()
    seats = connection.execute(_SEATS, {"g": game.id}).all()
    if not seats:
        return
    variant = find_variant(game.variant)
    table = records.table_of(game.sides, game.options, game.first_dealer)
    connection.execute(_FIGURES, [
        {"g": game.id, "s": seat,
         "f": records.after_hand(variant, table, seat, before or {}, hand, result)}
        for seat, before in seats])


# -- reading a player ---------------------------------------------------------------------------


def _readable(player_id: int, token: str | None) -> tuple[Player, Role | None]:
    """The player if this reader may see them, and whether the reader holds one of the club's
    tokens; else NotFound (a private club's player, a hidden one, or none), so that nobody
    learns which ids exist."""
    session = store.current().session
    player = session.get(Player, player_id)
    club = None if player is None else session.get(Club, player.club_id)
    if player is None or club is None:
        raise NotFound(say("there is no player {player}", player=player_id))
    role = club_role(club, token)
    if not (club.public or role) or (player.visibility == "hidden" and not role):
        raise NotFound(say("there is no player {player}", player=player_id))
    return player, role


def _seat_holders(player_id: int) -> list[int]:
    """The player and every player merged into them, however many merges deep."""
    session = store.current().session
    found, new = [player_id], [player_id]
    while new:
        new = list(session.scalars(select(Player.id).where(Player.merged_into.in_(new))))
        found += [p for p in new if p not in found]
    return found


def record_tag(player_id: int, token: str | None) -> str:
    """What a player's page as this reader sees it depends on, as a tag: the reader's role, the
    player's own row, the club's version (every link, merge, erasure and edit of a player moves
    it on) and the count and summed versions of the games the player sat in (every hand written,
    corrected or undone moves its game's on). Read before the page is built, so a page is never
    kept under an older tag than its own."""
    player, role = _readable(player_id, token)
    session = store.current().session
    club_version = session.execute(select(Club.version).where(Club.id == player.club_id)
                                   ).scalar()
    games, versions = session.execute(
        select(func.count(), func.coalesce(func.sum(Game.version), 0))
        .select_from(Seat).join(Game, Game.id == Seat.game_id)
        .where(Seat.player_id.in_(_seat_holders(player.id)))).one()
    own = (player.name, player.kind, player.visibility, player.merged_into, player.updated_at)
    return f"p{player.id}-{role}-{club_version}-{games}-{versions}-{own}"


def player_view(player_id: int, token: str | None) -> dict[str, Any]:
    """GET /players/{id}: the player and their record, summed from their seats' figures."""
    player, role = _readable(player_id, token)
    session = store.current().session
    holders = _seat_holders(player.id)
    mine = session.execute(
        select(Seat.game_id, Seat.seat, Seat.figures, Game.created_at)
        .join(Game, Game.id == Seat.game_id)
        .where(Seat.player_id.in_(holders))).all()
    others: dict[int, dict[int, int | None]] = {}
    for game_id, seat, player_at in session.execute(
            select(Seat.game_id, Seat.seat, Seat.player_id)
            .where(Seat.game_id.in_(select(Seat.game_id).where(Seat.player_id.in_(holders))),
                   Seat.player_id.is_not(None), Seat.player_id.not_in(holders))):
        others.setdefault(game_id, {})[seat] = player_at
    # A game counts from its first hand (its seats' figures are written with each hand).
    record = records.record([
        records.SeatGame(game_id, timestamp(at), seat, figures, others.get(game_id, {}))
        for game_id, seat, figures, at in mine if figures and figures["hands"]])
    _name_people(record, role)
    return {"id": player.id, "name": display_name(player, role) or player.name,
            "club": player.club_id, "kind": player.kind, "visibility": player.visibility,
            "merged_into": player.merged_into, "record": record}


def _name_people(record: dict[str, Any], role: Role | None) -> None:
    """Partners and opponents with their names as this reader sees them; a hidden player is
    left out of others' records for a reader outside the club."""
    ids = {t["player"] for kind in ("partners", "opponents") for t in record[kind]}
    if not ids:
        return
    people = {p.id: p for p in store.current().session.scalars(
        select(Player).where(Player.id.in_(ids)))}
    for kind in ("partners", "opponents"):
        kept = []
        for tally in record[kind]:
            person = people.get(tally["player"])
            shown = None if person is None else display_name(person, role)
            if shown is None:
                continue
            kept.append({**tally, "name": shown})
        record[kind] = kept


# -- the hands behind a figure ------------------------------------------------------------------


def _cursor(after: tuple[int, int]) -> str:
    return base64.urlsafe_b64encode(json.dumps(list(after)).encode()).decode().rstrip("=")


def _after(cursor: str) -> tuple[int, int]:
    try:
        game_id, number = json.loads(base64.urlsafe_b64decode(cursor + "=" * (-len(cursor) % 4)))
        if isinstance(game_id, int) and isinstance(number, int):
            return game_id, number
    except (ValueError, TypeError, binascii.Error):
        pass
    raise Unprocessable(say("that cursor is not one this list gave"),
                        {"cursor": [say("that cursor is not one this list gave")]})


def figure_hands(player_id: int, token: str | None, figure: str, limit: int,
                 cursor: str | None) -> dict[str, Any]:
    """GET /players/{id}/hands?figure=KEY: the hands behind one figure, newest game first and in
    hand order within a game; a page of `limit`, and the cursor of the next."""
    player, _role = _readable(player_id, token)
    session = store.current().session
    seats = session.execute(select(Seat.game_id, Seat.figures).where(
        Seat.player_id.in_(_seat_holders(player.id)))).all()
    behind = sorted({(game_id, number) for game_id, figures in seats
                     for number in (figures or {}).get("figures", {}).get(figure, [])},
                    key=lambda pair: (-pair[0], pair[1]))
    if cursor is not None:
        last = _after(cursor)
        behind = [pair for pair in behind if (-pair[0], pair[1]) > (-last[0], last[1])]
    page, more = behind[:limit], len(behind) > limit
    return {"data": _hands(session, page), "has_more": more,
            "next_cursor": _cursor(page[-1]) if more else None}


def _hands(session: Session, page: Sequence[tuple[int, int]]) -> list[dict[str, Any]]:
    if not page:
        return []
    found = {(h.game_id, h.number): h for h in session.scalars(
        select(Hand).where(tuple_(Hand.game_id, Hand.number).in_(page)))}
    return [{"game": key[0], "number": key[1], "date": timestamp(found[key].created_at),
             "hand": hand_view(found[key])} for key in page if key in found]
