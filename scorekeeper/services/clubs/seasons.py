"""A club's seasons (issue 30): the admin creates, edits and deletes them; whoever reads the club's
ledger reads them and their ladder, which is never stored: it is read from the club's finished
games (one query for the window's seats joined to their games) or nights (its finished
tournaments), through the pure rules of scorekeeper.seasons."""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from datetime import UTC, date, datetime
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from scorekeeper import seasons as pure
from scorekeeper import store
from scorekeeper.errors import NotFound, Unprocessable
from scorekeeper.i18n import say
from scorekeeper.models import Club, Game, Player, Season, Seat, Tournament
from scorekeeper.services import present
from scorekeeper.services.clubs.access import Role, display_name
from scorekeeper.services.clubs.ledger import get_club, guard, reader_role, touch
from scorekeeper.services.tournaments.views import rebuild, reported
from scorekeeper.services.writes import Reply, WriteRequest, guarded_write

FIELDS = ("name", "starts_on", "ends_on", "variants")


def season_view(season: Season) -> dict[str, Any]:
    return {"id": season.id, "club": season.club_id, "name": season.name,
            "starts_on": season.starts_on.isoformat(), "ends_on": season.ends_on.isoformat(),
            "variants": season.variants,
            "counting": {**pure.DEFAULTS, **season.counting},
            "created_at": present.timestamp(season.created_at),
            "updated_at": present.timestamp(season.updated_at)}


def _check_dates(starts_on: date, ends_on: date) -> None:
    if ends_on < starts_on:
        message = say("a season ends on or after the day it starts")
        raise Unprocessable(message, {"ends_on": [message]})


def _season(session: Session, club: Club, season_id: int) -> Season:
    season = session.get(Season, season_id)
    if season is None or season.club_id != club.id:
        raise NotFound(say("there is no season {season}", season=season_id))
    return season


def create_season(club_id: int, body: Mapping[str, Any], request: WriteRequest) -> Reply:
    """A new season (the admin's token); `counting` keeps only what was sent, the defaults
    (scorekeeper.seasons.DEFAULTS) fill the rest when read."""

    def action(session: Session, club: Club) -> tuple[int, dict[str, Any]]:
        _check_dates(body["starts_on"], body["ends_on"])
        season = Season(club_id=club.id, name=body["name"], starts_on=body["starts_on"],
                        ends_on=body["ends_on"], variants=body.get("variants"),
                        counting=dict(body.get("counting", {})))
        session.add(season)
        touch(club)
        session.flush()
        return 201, season_view(season)

    return guarded_write(guard(club_id, "admin"), request, action)


def update_season(club_id: int, season_id: int, body: Mapping[str, Any],
                  request: WriteRequest) -> Reply:
    """The admin changes a season; `counting` sent replaces the rules sent, key by key."""

    def action(session: Session, club: Club) -> tuple[int, dict[str, Any]]:
        season = _season(session, club, season_id)
        _check_dates(body.get("starts_on", season.starts_on), body.get("ends_on", season.ends_on))
        for name in FIELDS:
            if name in body:
                setattr(season, name, body[name])
        if "counting" in body:
            season.counting = {**season.counting, **body["counting"]}
        touch(club)
        session.flush()
        return 200, season_view(season)

    return guarded_write(guard(club_id, "admin"), request, action)


def delete_season(club_id: int, season_id: int, request: WriteRequest) -> Reply:
    def action(session: Session, club: Club) -> tuple[int, dict[str, Any]]:
        season = _season(session, club, season_id)
        view = season_view(season)
        session.delete(season)
        touch(club)
        session.flush()
        return 200, view

    return guarded_write(guard(club_id, "admin"), request, action)


# -- reading -----------------------------------------------------------------------------------


def list_seasons(club_id: int, token: str | None) -> list[dict[str, Any]]:
    """The club's seasons, the latest start first (the ledger's readers)."""
    club = get_club(club_id)
    reader_role(club, token)
    return [season_view(s) for s in store.current().session.scalars(
        select(Season).where(Season.club_id == club.id)
        .order_by(Season.starts_on.desc(), Season.id.desc()))]


def read_season(club_id: int, season_id: int, token: str | None) -> dict[str, Any]:
    club = get_club(club_id)
    reader_role(club, token)
    return season_view(_season(store.current().session, club, season_id))


def _bounds(season: Season) -> tuple[datetime, datetime]:
    return pure.window(season.starts_on, season.ends_on)


def standings_tag(club_id: int, season_id: int, token: str | None) -> str:
    """What the ladder as this reader sees it depends on: the reader's role, the season's row,
    the club's version (every link, merge, erasure and player edit moves it on) and the count
    and summed versions of the club's games and tournaments started in the window (every hand
    written, corrected or undone, every report, moves its row's on)."""
    club = get_club(club_id)
    role = reader_role(club, token)
    session = store.current().session
    season = _season(session, club, season_id)
    start, end = _bounds(season)
    rows = [session.execute(select(func.count(), func.coalesce(func.sum(model.version), 0))
                            .where(model.club_id == club.id, model.created_at >= start,
                                   model.created_at < end)).one()
            for model in (Game, Tournament)]
    return f"s{season.id}-{season.version}-{role}-{club.version}-{rows}"


def standings(club_id: int, season_id: int, token: str | None) -> dict[str, Any]:
    """GET /clubs/{id}/seasons/{s}/standings: the ladder, each player's counted and dropped
    results, and those not listed yet with what they lack."""
    club = get_club(club_id)
    role = reader_role(club, token)
    session = store.current().session
    season = _season(session, club, season_id)
    rules, people, found = _results(session, club, season)
    ladder = pure.ladder(rules, season.starts_on, season.ends_on, found)

    def shown(line: pure.Line) -> dict[str, Any]:
        return {"player": _person(people[line.player], role), "points": line.points,
                "games": line.games, "nights": line.nights}

    return {"season": season_view(season),
            "standings": [{"place": line.place, "tied": line.tied, **shown(line),
                           "counted": line.counted, "dropped": line.dropped}
                          for line in ladder.standings],
            "unlisted": [{**shown(line), "needs": line.needs} for line in ladder.unlisted]}


def _person(player: Player, role: Role | None) -> dict[str, Any]:
    """A player as this reader may see them: a hidden one, to a reader outside the club, is
    "a guest" with no id (as in others' histories)."""
    name = display_name(player, role)
    if name is None:
        return {"id": None, "name": say("a guest")}
    return {"id": player.id, "name": name}


def _utc(at: datetime) -> datetime:
    """SQLite hands datetimes back without their zone (they are UTC)."""
    return at.replace(tzinfo=UTC) if at.tzinfo is None else at.astimezone(UTC)


def _holders(people: Mapping[int, Player]) -> dict[int, int]:
    """Who holds each player's seats now: one merged into another counts as that one."""
    into = {p.id: p.merged_into for p in people.values()}
    found: dict[int, int] = {}
    for player in into:
        at, seen, next_one = player, {player}, into.get(player)
        while next_one is not None and next_one not in seen:
            at = next_one
            seen.add(at)
            next_one = into.get(at)
        found[player] = at
    return found


def _games(session: Session, club: Club, start: datetime, end: datetime,
           people: Mapping[int, Player]) -> Iterator[pure.Played]:
    """Each linked seat of each finished club game started in the window, as one result: one
    query reads the window's seats with their games (only the figures' result, not the
    figures)."""
    result = Seat.figures["result"].as_string()
    rows = session.execute(
        select(Seat.game_id, Seat.player_id, result, Game.created_at, Game.variant)
        .join(Game, Game.id == Seat.game_id)
        .where(Game.club_id == club.id, Game.created_at >= start, Game.created_at < end,
               result.in_(("won", "lost")))).all()
    holders = _holders(people)
    guest_players = {p.id for p in people.values() if p.kind == "guest"}
    guests = {game for game, player, *_rest in rows
              if player is None or player in guest_players}
    started: dict[int, datetime] = {}
    for game, player, outcome, at, variant in rows:
        if player is not None:
            if game not in started:
                started[game] = _utc(at)
            yield pure.Played(player=holders[player], at=started[game], variant=variant,
                              guests=game in guests, game=game, won=outcome == "won")


def _nights(session: Session, club: Club, start: datetime, end: datetime,
            people: Mapping[int, Player]) -> Iterator[pure.Played]:
    """Each linked player's placing at each finished club tournament started in the window."""
    holders = _holders(people)
    for row in session.scalars(select(Tournament).where(
            Tournament.club_id == club.id, Tournament.created_at >= start,
            Tournament.created_at < end, Tournament.seed.is_not(None))
            .order_by(Tournament.id)):
        built = rebuild(row, reported(session, row))
        if built.status != "finished":
            continue
        played = {s.team: s.played for s in built.standings}
        linked = [[None if p is None or p not in holders else holders[p]
                   for p in team.get("player_ids") or [None] * len(team["players"])]
                  for team in row.teams]
        guests = any(p is None or people[p].kind == "guest" for ids in linked for p in ids)
        for place, team in built.placings:
            for holder in linked[team]:
                if holder is not None:
                    yield pure.Played(player=holder, at=_utc(row.created_at),
                                      variant=row.variant, guests=guests, tournament=row.id,
                                      placing=place, games=played.get(team, 0))


def season_ladders(session: Session, club: Club, season: Season, role: Role | None,
                   untils: Sequence[datetime | None]) -> list[list[dict[str, Any]]]:
    """The season's listed lines as they stood at each of `untils` (results begun before it;
    None: now), each with its place, whether it is shared, the player as this reader sees them
    and the points: what a club night compares before and after it (services/clubs/nights.py).
    The season's results are read once for all of them."""
    rules, people, found = _results(session, club, season)

    def at(until: datetime | None) -> list[dict[str, Any]]:
        ladder = pure.ladder(rules, season.starts_on, season.ends_on,
                             [p for p in found if until is None or p.at < until])
        return [{"place": line.place, "tied": line.tied,
                 "player": _person(people[line.player], role), "points": line.points}
                for line in ladder.standings]

    return [at(until) for until in untils]


def _results(session: Session, club: Club, season: Season
             ) -> tuple[pure.Rules, dict[int, Player], list[pure.Played]]:
    """The season's counting rules, the club's players by id, and the results in its window:
    games, or nights when it counts placings."""
    rules = pure.Rules.of(season.counting, season.variants)
    people = {p.id: p for p in session.scalars(select(Player).where(
        Player.club_id == club.id))}
    start, end = _bounds(season)
    found = (_nights(session, club, start, end, people) if rules.points == "placing"
             else _games(session, club, start, end, people))
    return rules, people, list(found)
