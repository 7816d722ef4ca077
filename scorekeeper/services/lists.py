"""The lists a client pages through (issue 29): games, tournaments, a club's players, a player's
games. Each is a keyset page over an index — games and tournaments newest first on (club_id,
created_at, id), players by name on (club_id, name) — fetching one row more than the page to know
whether there is more; never OFFSET. Privacy sits inside the query: a game or tournament outside
any club is never listed, a private club's ledger only to one of its tokens, a hidden player only
to the club's tokens."""

from __future__ import annotations

import base64
import binascii
import hashlib
import json
from collections.abc import Callable, Sequence
from dataclasses import astuple, dataclass
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import Select, false, func, literal, or_, select, tuple_
from sqlalchemy.orm import Session

from scorekeeper import store
from scorekeeper.errors import Forbidden, NotFound, ServiceError, Unauthorized
from scorekeeper.i18n import say
from scorekeeper.models import Club, Game, Player, Seat, Tournament, TournamentGame
from scorekeeper.services import present
from scorekeeper.services.clubs.access import Role, club_role, in_history, short_name
from scorekeeper.services.tournaments.views import rebuild
from scorekeeper.services.writes import hash_token

# What a game's list item reads: never its options, token or seed (a game's options alone are
# about 1.6 KB of JSON to decode).
LISTED = (Game.id, Game.variant, Game.club_id, Game.sides, Game.state, Game.created_at,
          Game.updated_at)
PAGE = 25
MOST = 100
GAME_STATUSES = ("in_progress", "playing", "finished")  # playing: the same as in_progress
TOURNAMENT_STATUSES = ("registered", "playing", "finished")


@dataclass(frozen=True)
class Filters:
    """What the client asked for, besides the page: each None is no filter."""

    club: int | None = None
    player: int | None = None
    variant: str | None = None
    status: str | None = None
    since: datetime | None = None
    until: datetime | None = None


@dataclass(frozen=True)
class Page:
    data: list[dict[str, Any]]
    has_more: bool
    next_cursor: str | None


Key = tuple[Any, int]  # where a page ends: (sort value, id)


# -- cursors -------------------------------------------------------------------------------------


def _bound(kind: str, filters: Filters) -> str:
    """What a cursor is bound to: its list and filters (a cursor of one list means nothing in
    another)."""
    text = json.dumps([kind, *(str(v) for v in astuple(filters))])
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def cursor_after(kind: str, filters: Filters, key: Key) -> str:
    value = present.timestamp(key[0]) if isinstance(key[0], datetime) else key[0]
    text = json.dumps([value, key[1], _bound(kind, filters)], separators=(",", ":"))
    return base64.urlsafe_b64encode(text.encode()).decode().rstrip("=")


def position(kind: str, filters: Filters, cursor: str | None, *, timed: bool) -> Key | None:
    """Where the page starts, read back from a cursor this list gave with these filters; 400
    for any other text."""
    if cursor is None:
        return None
    try:
        text = base64.urlsafe_b64decode(cursor + "=" * (-len(cursor) % 4))
        value, row_id, bound = json.loads(text)
        if bound != _bound(kind, filters) or type(row_id) is not int or not isinstance(value, str):
            raise ValueError(cursor)
        return (_utc(datetime.fromisoformat(value)) if timed else value), row_id
    except (ValueError, TypeError, binascii.Error, UnicodeDecodeError):
        refused = say("This cursor is not one this list gave; start again without it.")
        raise ServiceError(refused, errors={"cursor": [refused]}) from None


def _utc(moment: datetime) -> datetime:
    if moment.tzinfo is None:
        raise ValueError(moment)
    return moment.astimezone(UTC)


# -- who reads ----------------------------------------------------------------------------------


def _readable_club(session: Session, club_id: int, token: str | None) -> tuple[Club, Role | None]:
    """The club and the role the token gives in it: 404 for no such club; a private one's
    ledger 401 without a token and 403 with one not of this club."""
    club = session.get(Club, club_id)
    if club is None:
        raise NotFound(say("there is no club {club}", club=club_id))
    role = club_role(club, token)
    if not club.public and role is None:
        if not token:
            raise Unauthorized(say("This club's ledger needs one of its tokens."),
                               headers={"WWW-Authenticate": 'Bearer realm="scorekeeper"'})
        raise Forbidden(say("This token is not one of this club's."))
    return club, role


def _readable_player(session: Session, player_id: int, token: str | None
                     ) -> tuple[Player, Role | None]:
    """A player whose games this token may list: a hidden one is no player (404) but to the
    club's own tokens."""
    player = session.get(Player, player_id)
    club = None if player is None else session.get(Club, player.club_id)
    if player is None or club is None or (player.visibility == "hidden"
                                          and club_role(club, token) is None):
        raise NotFound(say("there is no player {player}", player=player_id))
    return player, _readable_club(session, club.id, token)[1]


def _token_club(session: Session, token: str | None) -> tuple[int, Role] | None:
    """The club whose admin or member token this is, if any."""
    if not token:
        return None
    hashed = hash_token(token)
    club = session.scalars(select(Club).where(
        or_(Club.token_hash == hashed, Club.member_token_hash == hashed))).first()
    role = None if club is None else club_role(club, token)
    return None if club is None or role is None else (club.id, role)


# -- games ---------------------------------------------------------------------------------------


def games(filters: Filters, token: str | None, limit: int, cursor: str | None) -> Page:
    """GET /games: one club's games (`club`), one player's (`player`), else every public club's
    and, for a club's token, that club's."""
    session = store.current().session
    query = _games_filtered(select(*LISTED), filters)
    roles: dict[int, Role] = {}
    if filters.player is not None:
        player, role = _readable_player(session, filters.player, token)
        query = query.where(Game.club_id == player.club_id, Game.id.in_(
            select(Seat.game_id).where(Seat.player_id == player.id)))
        roles = {player.club_id: role} if role else {}
    if filters.club is not None:
        role = _readable_club(session, filters.club, token)[1]
        query = query.where(Game.club_id == filters.club)
        roles = {filters.club: role} if role else {}
    elif filters.player is None:
        own = _token_club(session, token)
        public = select(Club.id).where(Club.public)
        query = query.where(Game.club_id.in_(public) if own is None
                            else or_(Game.club_id.in_(public), Game.club_id == own[0]))
        roles = {} if own is None else {own[0]: own[1]}
    return _games_page(session, "games", query, filters, roles, limit, cursor)


def player_games(player_id: int, filters: Filters, token: str | None, limit: int,
                 cursor: str | None) -> Page:
    """GET /players/{id}/games: the games this player sat in."""
    session = store.current().session
    player, role = _readable_player(session, player_id, token)
    query = _games_filtered(select(*LISTED), filters).where(
        Game.club_id == player.club_id,
        Game.id.in_(select(Seat.game_id).where(Seat.player_id == player.id)))
    roles = {player.club_id: role} if role else {}
    return _games_page(session, f"players/{player_id}/games", query, filters, roles, limit,
                       cursor)


def _games_filtered(query: Select[Any], filters: Filters) -> Select[Any]:
    query = query.where(Game.club_id.is_not(None))  # a game outside a club is never listed
    if filters.variant is not None:
        query = query.where(Game.variant == filters.variant)
    if filters.status is not None:
        finished = func.coalesce(Game.state["finished"].as_boolean(), false())
        query = query.where(finished if filters.status == "finished" else ~finished)
    return _within(query, Game, filters)


def _within(query: Select[Any], model: type[Game] | type[Tournament], filters: Filters
            ) -> Select[Any]:
    if filters.since is not None:
        query = query.where(model.created_at >= filters.since)
    if filters.until is not None:
        query = query.where(model.created_at < filters.until)
    return query


def _newest_first(query: Select[Any], model: type[Game] | type[Tournament], after: Key | None,
                  size: int) -> Select[Any]:
    if after is not None:
        query = query.where(tuple_(model.created_at, model.id)
                            < tuple_(literal(after[0], model.created_at.type), literal(after[1])))
    return query.order_by(model.created_at.desc(), model.id.desc()).limit(size)


def _games_page(session: Session, kind: str, query: Select[Any], filters: Filters,
                roles: dict[int, Role], limit: int, cursor: str | None) -> Page:
    after = position(kind, filters, cursor, timed=True)
    rows = list(session.execute(_newest_first(query, Game, after, limit + 1)))
    shown = rows[:limit]
    seats = _seats_of(session, [game.id for game in shown])
    return _page(kind, filters, rows, limit,
                 [_game_item(game, seats.get(game.id, []), roles.get(game.club_id or 0))
                  for game in shown],
                 lambda game: (game.created_at, game.id))


def _seats_of(session: Session, game_ids: Sequence[int]) -> dict[int, list[tuple[Any, Any]]]:
    """The seats of these games (side and name: never their figures) with what is shown of the
    players linked to them (name and visibility, as display_name reads a Player), in seat
    order: one query, no ORM object."""
    found: dict[int, list[tuple[Any, Any]]] = {}
    if not game_ids:
        return found
    rows = session.execute(select(Seat.game_id, Seat.side, Seat.name, Seat.player_id,
                                  Player.name.label("player_name"), Player.visibility)
                           .outerjoin(Player, Seat.player_id == Player.id)
                           .where(Seat.game_id.in_(game_ids)).order_by(Seat.game_id, Seat.seat))
    for seat in rows:
        player = (None if seat.player_id is None
                  else _Shown(seat.player_name, seat.visibility))
        found.setdefault(seat.game_id, []).append((seat, player))
    return found


@dataclass(frozen=True)
class _Shown:
    """What a list shows of a player: what display_name reads."""

    name: str
    visibility: str


def _game_item(game: Any, seats: list[tuple[Any, Any]], role: Role | None
               ) -> dict[str, Any]:
    standing = present.standing_of(game.state)
    return {"id": game.id, "variant": game.variant, "club": game.club_id,
            "sides": _sides(game.sides, seats, role),
            **{key: standing[key] for key in ("scores", "status", "winner", "end_reason",
                                              "hands_played")},
            "created_at": present.timestamp(game.created_at),
            "updated_at": present.timestamp(game.updated_at)}


def _sides(sides: list[Any], seats: list[tuple[Any, Any]], role: Role | None
           ) -> list[dict[str, Any]]:
    """Each side's name and players as this viewer may see them: a linked seat by its player's
    display name, a name only typed in full for the club's tokens and as "First L." for the
    public. A side named after its players is named again from what is shown of them."""
    shown = []
    for index, side in enumerate(sides):
        typed = [str(name) for name in side["players"]]
        sat = [(seat, player) for seat, player in seats if seat.side == index]
        if len(sat) == len(typed):
            names = [in_history(player, role) if player is not None
                     else seat.name if role else short_name(seat.name) for seat, player in sat]
        else:  # a game whose seats were never kept: its names as typed
            names = typed if role else [short_name(name) for name in typed]
        name = str(side["name"])
        if role is None and any(t.casefold() in name.casefold() for t in typed if t.strip()):
            name = " & ".join(names)
        shown.append({"name": name, "players": names})
    return shown


def _page(kind: str, filters: Filters, rows: Sequence[Any], limit: int,
          data: list[dict[str, Any]], key: Callable[[Any], Key]) -> Page:
    more = len(rows) > limit
    return Page(data, more, cursor_after(kind, filters, key(rows[limit - 1])) if more else None)


# -- tournaments ---------------------------------------------------------------------------------


def tournaments(filters: Filters, token: str | None, limit: int, cursor: str | None) -> Page:
    """GET /tournaments: a club's (`club`), else every public club's and the token's club's.
    Whether a drawn tournament is still playing or finished is known only once it is rebuilt
    from its games, so those two statuses are sorted out after the query, a batch at a time."""
    session = store.current().session
    query = _within(select(Tournament).where(Tournament.club_id.is_not(None)), Tournament, filters)
    if filters.variant is not None:
        query = query.where(Tournament.variant == filters.variant)
    if filters.status == "registered":
        query = query.where(Tournament.seed.is_(None))
    elif filters.status is not None:
        query = query.where(Tournament.seed.is_not(None))
    if filters.club is not None:
        _readable_club(session, filters.club, token)
        query = query.where(Tournament.club_id == filters.club)
    else:
        own = _token_club(session, token)
        public = select(Club.id).where(Club.public)
        query = query.where(Tournament.club_id.in_(public) if own is None
                            else or_(Tournament.club_id.in_(public),
                                     Tournament.club_id == own[0]))
    after = position("tournaments", filters, cursor, timed=True)
    kept: list[tuple[Tournament, str]] = []
    while len(kept) <= limit:
        batch = list(session.scalars(_newest_first(query, Tournament, after, limit + 1)))
        statuses = _statuses(session, batch)
        kept += [(row, statuses[row.id]) for row in batch
                 if filters.status in (None, statuses[row.id])]
        if len(batch) <= limit:
            break
        after = (batch[-1].created_at, batch[-1].id)
    items = [_tournament_item(row, status) for row, status in kept[:limit]]
    return _page("tournaments", filters, [row for row, _ in kept], limit, items,
                 lambda row: (row.created_at, row.id))


def _statuses(session: Session, rows: Sequence[Tournament]) -> dict[int, str]:
    """Registered, playing or finished, each drawn one rebuilt from its reported games (loaded
    in one query for the batch)."""
    drawn = [row.id for row in rows if row.seed is not None]
    reports: dict[int, list[TournamentGame]] = {}
    if drawn:
        for game in session.scalars(select(TournamentGame)
                                    .where(TournamentGame.tournament_id.in_(drawn))
                                    .order_by(TournamentGame.match, TournamentGame.number)):
            reports.setdefault(game.tournament_id, []).append(game)
    return {row.id: "registered" if row.seed is None
            else rebuild(row, reports.get(row.id, [])).status for row in rows}


def _tournament_item(row: Tournament, status: str) -> dict[str, Any]:
    return {"id": row.id, "name": row.name, "variant": row.variant, "format": row.format,
            "club": row.club_id, "status": status, "teams": len(row.teams),
            "created_at": present.timestamp(row.created_at),
            "updated_at": present.timestamp(row.updated_at)}


# -- a club's players ----------------------------------------------------------------------------


def club_players(club_id: int, token: str | None, limit: int, cursor: str | None) -> Page:
    """GET /clubs/{id}/players: by name, then id. A hidden player is left out by the query for
    anyone without the club's tokens; a player merged into another is listed as that one."""
    session = store.current().session
    role = _readable_club(session, club_id, token)[1]
    query = select(Player).where(Player.club_id == club_id, Player.merged_into.is_(None))
    if role is None:
        query = query.where(Player.visibility != "hidden")
    kind = f"clubs/{club_id}/players"
    after = position(kind, Filters(), cursor, timed=False)
    if after is not None:
        query = query.where(tuple_(Player.name, Player.id)
                            > tuple_(literal(after[0], Player.name.type), literal(after[1])))
    rows = list(session.scalars(query.order_by(Player.name, Player.id).limit(limit + 1)))
    shown = rows[:limit]
    counts = dict(session.execute(
        select(Seat.player_id, func.count()).where(Seat.player_id.in_([p.id for p in shown]))
        .group_by(Seat.player_id)).all()) if shown else {}
    items = [{"id": p.id, "name": in_history(p, role), "kind": p.kind, "club": p.club_id,
              "games": counts.get(p.id, 0)} for p in shown]
    return _page(kind, Filters(), rows, limit, items, lambda p: (p.name, p.id))
