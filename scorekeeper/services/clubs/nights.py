"""A club night as the weekly results sheet and the projector read it (GET /clubs/{id}/nights/
{date}): the club games finished that night with their sides and scores, the club tournaments
finished that night with their final standings, each player's wins, and the milestones the
night made (scorekeeper.nights). A game finished when its last hand was recorded; a tournament
when its last game was reported."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, date, datetime
from typing import Any
from zoneinfo import ZoneInfo

from sqlalchemy import false, func, select
from sqlalchemy.orm import Session

from scorekeeper import nights, store
from scorekeeper.models import Club, Game, Hand, Player, Season, Seat, Tournament, TournamentGame
from scorekeeper.services.clubs.access import Role, display_name
from scorekeeper.services.clubs.ledger import get_club, reader_role
from scorekeeper.services.clubs.seasons import season_ladders
from scorekeeper.services.present import timestamp
from scorekeeper.services.tournaments.views import view_of

LATEST_LOOKS_AT = 50  # the games last written, among which the latest night is looked for


def _utc(moment: datetime) -> datetime:
    return moment.replace(tzinfo=UTC) if moment.tzinfo is None else moment.astimezone(UTC)


def _finished() -> Any:
    return func.coalesce(Game.state["finished"].as_boolean(), false())


def _last_hands(game_ids: Any) -> Any:
    """When each game's last hand was recorded: game_id, at."""
    return (select(Hand.game_id, func.max(Hand.created_at).label("at"))
            .where(Hand.game_id.in_(game_ids)).group_by(Hand.game_id))


def latest_night(session: Session, club_id: int, zone: ZoneInfo) -> date | None:
    """The night of the club's game finished last (among the LATEST_LOOKS_AT written last: an
    old game corrected since is no later night), or of its tournament finished last; None
    before any."""
    recent = (select(Game.id).where(Game.club_id == club_id, _finished())
              .order_by(Game.updated_at.desc()).limit(LATEST_LOOKS_AT))
    last = session.execute(select(func.max(_last_hands(recent).subquery().c.at))).scalar()
    played = (select(func.max(TournamentGame.created_at))
              .join(Tournament, Tournament.id == TournamentGame.tournament_id)
              .where(Tournament.club_id == club_id))
    reported = session.execute(played).scalar()
    moments = [_utc(m) for m in (last, reported) if m is not None]
    return nights.night_of(max(moments), zone) if moments else None


def night_view(club_id: int, night: date | None, zone: ZoneInfo, token: str | None
               ) -> dict[str, Any]:
    """The night of `night` (None: the latest night, else today's) as this reader sees it."""
    session = store.current().session
    club = get_club(club_id)
    role = reader_role(club, token)
    if night is None:
        night = latest_night(session, club_id, zone) or datetime.now(zone).date()
    start, end = nights.window(night, zone)
    finished = _games(session, club_id, start, end)
    seats = session.execute(select(Seat).where(Seat.game_id.in_([g.id for g, _at in finished]))
                            .order_by(Seat.game_id, Seat.seat)).scalars().all()
    people = _people(session, {s.player_id for s in seats if s.player_id is not None})
    return {
        "club": {"id": club.id, "name": club.name, "language": club.language},
        "date": night.isoformat(), "time_zone": zone.key,
        "starts_at": timestamp(start), "ends_at": timestamp(end),
        "games": [_game_view(game, at, [s for s in seats if s.game_id == game.id], people, role)
                  for game, at in finished],
        "placings": _placings(session, club_id, start, end),
        "wins": _wins(seats, people, role),
        "milestones": _milestones(session, seats, people, role, start, end),
        **_ladder(session, club, role, night, start, end),
    }


def _games(session: Session, club_id: int, start: datetime, end: datetime
           ) -> list[tuple[Game, datetime]]:
    """The club's games finished in [start, end), in the order they finished. A game written
    last before the start, or created after the end, cannot have: only the others' hands are
    read."""
    candidates = select(Game.id).where(Game.club_id == club_id, _finished(),
                                       Game.updated_at >= start, Game.created_at < end)
    last = _last_hands(candidates).subquery()
    rows = session.execute(select(Game, last.c.at).join(last, last.c.game_id == Game.id)
                           .where(last.c.at >= start, last.c.at < end)
                           .order_by(last.c.at, Game.id)).all()
    return [(game, _utc(at)) for game, at in rows]


def _people(session: Session, ids: set[int]) -> dict[int, Player]:
    """The players linked to these seats (a merge moves its seats, so none is a merged one)."""
    return {p.id: p for p in session.scalars(select(Player).where(Player.id.in_(ids)))}


def _seat_name(seat: Seat, people: dict[int, Player], role: Role | None) -> dict[str, Any]:
    """A seat as the sheet names it: the player linked, as this reader may see them, else the
    name typed at the table."""
    player = people.get(seat.player_id) if seat.player_id is not None else None
    shown = None if player is None else display_name(player, role)
    if player is not None and shown is not None:
        return {"name": shown, "player": player.id}
    return {"name": seat.name, "player": None}


def _game_view(game: Game, at: datetime, seats: Sequence[Seat], people: dict[int, Player],
               role: Role | None) -> dict[str, Any]:
    state = game.state
    return {"id": game.id, "variant": game.variant, "finished_at": timestamp(at),
            "hands": state.get("hands_played", 0), "end_reason": state.get("end_reason"),
            "sides": [{"name": side["name"], "score": state["scores"][i],
                       "won": state.get("winner") == i,
                       "players": [_seat_name(s, people, role) for s in seats if s.side == i]}
                      for i, side in enumerate(game.sides)]}


def _placings(session: Session, club_id: int, start: datetime, end: datetime
              ) -> list[dict[str, Any]]:
    """The club's tournaments finished in [start, end): each one's final standings."""
    theirs = select(Tournament.id).where(Tournament.club_id == club_id)
    last = (select(TournamentGame.tournament_id, func.max(TournamentGame.created_at).label("at"))
            .where(TournamentGame.tournament_id.in_(theirs))
            .group_by(TournamentGame.tournament_id).subquery())
    rows = session.execute(
        select(Tournament, last.c.at).join(last, last.c.tournament_id == Tournament.id)
        .where(Tournament.club_id == club_id, Tournament.seed.is_not(None),
               last.c.at >= start, last.c.at < end)
        .order_by(last.c.at, Tournament.id)).all()
    out = []
    for row, at in rows:
        view = view_of(row)
        if view["status"] != "finished":
            continue
        out.append({"tournament": row.id, "name": row.name, "variant": row.variant,
                    "format": row.format, "finished_at": timestamp(_utc(at)),
                    "placings": view["placings"],
                    "standings": [{"rank": s["rank"], "name": s["name"], "points": s["points"]}
                                  for s in view["standings"]]})
    return out


def _wins(seats: Sequence[Seat], people: dict[int, Player], role: Role | None
          ) -> list[dict[str, Any]]:
    """Each one who sat that night (a player, or an unlinked name), with games and wins."""
    named = {}
    keyed = []
    for seat in seats:
        who = _seat_name(seat, people, role)
        key = f"p{who['player']}" if who["player"] is not None else f"n{who['name']}"
        named[key] = who
        keyed.append((key, seat.figures or {}))
    return [{**named[row["who"]], "games": row["games"], "won": row["won"]}
            for row in nights.wins(keyed)]


def _milestones(session: Session, seats: Sequence[Seat], people: dict[int, Player],
                role: Role | None, start: datetime, end: datetime) -> list[dict[str, Any]]:
    """The milestones of the night's linked players that this reader may see, from every
    finished club game of theirs up to the night's end."""
    shown = {pid: name for pid, p in people.items()
             if (name := display_name(p, role)) is not None}
    if not shown:
        return []
    theirs = select(Seat.game_id).where(Seat.player_id.in_(shown)).scalar_subquery()
    finished = select(Game.id).where(Game.id.in_(theirs), _finished(), Game.created_at < end)
    last = _last_hands(finished).subquery()
    rows = session.execute(select(Seat.player_id, Seat.game_id, Seat.figures, last.c.at)
                           .join(last, last.c.game_id == Seat.game_id)
                           .where(Seat.player_id.in_(shown), last.c.at < end)).all()
    played = [nights.Played(pid, game, _utc(at), figures or {})
              for pid, game, figures, at in rows]
    return [{**m, "name": shown[m["player"]]} for m in nights.milestones(played, start, end)]


def _ladder(session: Session, club: Club, role: Role | None, night: date, start: datetime,
            end: datetime) -> dict[str, Any]:
    """The ladder of the season the night falls in (the latest begun, when several do) as it
    stood after the night, each line with its place before the night (null: not listed then),
    and the movers: the lines whose place the night changed."""
    season = session.scalars(select(Season).where(
        Season.club_id == club.id, Season.starts_on <= night, Season.ends_on >= night)
        .order_by(Season.starts_on.desc(), Season.id.desc()).limit(1)).first()
    if season is None:
        return {"season": None, "ladder": [], "movers": []}
    then, now = season_ladders(session, club, season, role, (start, end))
    before = {line["player"]["id"]: line["place"] for line in then
              if line["player"]["id"] is not None}
    after = [{**line, "before": before.get(line["player"]["id"])} for line in now]
    return {"season": {"id": season.id, "name": season.name}, "ladder": after,
            "movers": [line for line in after if line["before"] != line["place"]]}
