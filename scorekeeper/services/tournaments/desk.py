"""The organizer's desk: the teams (late entries, check-in, withdrawals), the tables, the scorer
tokens, and the confirmation of a game a scorer reported."""

from __future__ import annotations

import math
import secrets
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from sqlalchemy.orm import Session

from scorekeeper import tournaments as pure
from scorekeeper.errors import Conflict, Forbidden, NotFound, Unprocessable
from scorekeeper.i18n import say
from scorekeeper.models import ScorerToken, TournamentGame, utcnow
from scorekeeper.models import Tournament as TournamentRow
from scorekeeper.rules.sentences import said
from scorekeeper.services.clubs import seats
from scorekeeper.services.tournaments import refusals
from scorekeeper.services.tournaments.guard import drawn, fits, guard, match_of, touch
from scorekeeper.services.tournaments.lifecycle import (
    entered_team,
    sides_per_team,
    stored_team,
    team_links,
)
from scorekeeper.services.tournaments.views import (
    after_view,
    rebuild,
    team_of,
    teams_of,
    tournament_view,
)
from scorekeeper.services.writes import Reply, WriteRequest, guarded_write, hash_token

# -- the teams: late entries, check-in, withdrawals --------------------------------------------


def _team(row: TournamentRow, team: int) -> pure.Team:
    if not 0 <= team < len(row.teams):
        raise NotFound(say("there is no team {team} in this tournament", team=team))
    return team_of(row.teams[team])


def _store_team(row: TournamentRow, team: int, changed: pure.Team) -> None:
    teams = list(row.teams)  # a new list, so the JSON column sees the change
    teams[team] = {**teams[team], **stored_team(changed)}  # its club links stay
    row.teams = teams
    touch(row)


def add_team(tournament_id: int, body: Mapping[str, Any], request: WriteRequest) -> Reply:
    """A team entered at the desk: before the draw any format takes it; after, only the formats
    that can seat a newcomer (Swiss and tables from the next round built; an odd round robin's
    empty seat in every round not yet started)."""

    def action(session: Session, row: TournamentRow) -> tuple[int, dict[str, Any]]:
        team, links = entered_team(body), team_links(body)
        if links:
            linked = {(0, p): i for p, i in enumerate(links["player_ids"]) if i is not None}
            if row.club_id is None:
                raise Unprocessable(say("only a tournament played in a club (`club`) enters a "
                                        "club's player"),
                                    {f"players.{min(linked)[1]}.player": [say("not a club game")]})
            seats.check_players(session, row.club_id, linked,
                                field_of=lambda _t, p: f"players.{p}.player")
            entered = {i for t in row.teams for i in t.get("player_ids") or [] if i is not None}
            for (_t, p), player in sorted(linked.items()):
                if player in entered:
                    raise Unprocessable(say("player {player} plays in another team already",
                                            player=player),
                                        {f"players.{p}.player": [say("already seated")]})
        games: Sequence[TournamentGame] = []
        if row.seed is not None:
            games, t = drawn(session, row)
            joined = _late_round(row, t)
            team = replace(team, status="checked_in", joined=joined)
        teams = [*teams_of(row), team]
        pure.check_tournament(row.format, row.variant, sides_per_team(row.variant, row.format),
                              teams, row.options)
        row.teams = [*row.teams, {**stored_team(team), **links}]
        touch(row)
        session.flush()
        return 201, tournament_view(row, games)

    return guarded_write(guard(tournament_id), request, action)


def _late_round(row: TournamentRow, t: pure.Tournament) -> int:
    """The first round a team entered now plays, or Conflict if the format cannot seat it."""
    if t.status == "finished":
        raise Conflict(say("the tournament is over. {next_step}", next_step=t.next_step))
    if row.format in ("swiss", "rummy_tables", "progressive"):
        league = sum(r.kind == "league" for r in t.rounds)
        wanted = row.options.get("rounds")
        if row.format == "swiss" and not isinstance(wanted, int):
            drawn = sum(row.teams[i].get("joined") is None for i in t.order)
            wanted = max(1, math.ceil(math.log2(drawn)))  # as the fold counts them
        if isinstance(wanted, int) and league >= wanted:
            raise Conflict(say("every round of this tournament has been built: a late entry "
                               "would play nothing"))
        return len(t.rounds) + 1
    if row.format == "round_robin":
        if len(t.order) % 2 == 0:
            raise Conflict(say("a round robin takes a late entry only while its field is odd "
                               "(the newcomer takes the empty seat); this one is even"))
        started = max((r.number for r in t.rounds if any(m.results for m in r.matches)),
                      default=0)
        if started >= len(t.rounds):
            raise Conflict(say("every round of this round robin has started: a late entry "
                               "would play nothing"))
        return started + 1
    raise Conflict(say("the teams were drawn, and a tournament in the format {format} takes no "
                       "team after the draw", format=said("format in a sentence",
                                                          pure.FORMAT_NAMES[row.format])))


def check_in(tournament_id: int, team: int, present_: bool, request: WriteRequest) -> Reply:
    """Check a team in (present_: the desk, or the team itself with the door's token) or undo it
    (the desk only); only before the draw. Asking for the status a team already has changes
    nothing."""

    def action(session: Session, row: TournamentRow) -> tuple[int, dict[str, Any]]:
        found = _team(row, team)
        if row.seed is not None:
            raise Conflict(say("the teams were already drawn: check-in is over"))
        if found.status == "withdrawn":
            raise Conflict(say("team {team} withdrew: it cannot check in", team=found.name))
        status = "checked_in" if present_ else "registered"
        if found.status != status:
            _store_team(row, team, replace(found, status=status))
            session.flush()
        return 200, tournament_view(row, [])

    # The door's token may check a team in, never undo it.
    return guarded_write(guard(tournament_id, door=present_), request, action)


def withdraw(tournament_id: int, team: int, request: WriteRequest) -> Reply:
    """A team leaves: before the draw it is simply not drawn; after, the round in play is stored
    (never a result) and every rebuild forfeits its open matches from that round on. The last
    team that can still win may not leave (409)."""

    def action(session: Session, row: TournamentRow) -> tuple[int, dict[str, Any]]:
        found = _team(row, team)
        if found.status == "withdrawn":
            raise Conflict(say("team {team} has already withdrawn", team=found.name))
        games: Sequence[TournamentGame] = []
        in_play = 0
        if row.seed is not None:
            games, t = drawn(session, row)
            if t.status == "finished":
                raise Conflict(say("the tournament is over. {next_step}",
                                   next_step=t.next_step))
            if t.contenders == (team,):  # else nobody could ever be champion
                raise Conflict(say("team {team} is the last team that can still win: it "
                                   "cannot withdraw", team=found.name))
            in_play = t.round_in_play
        _store_team(row, team, replace(found, status="withdrawn", withdrawn=in_play))
        session.flush()
        return 200, tournament_view(row, games)

    return guarded_write(guard(tournament_id), request, action)


# -- tables, scorers, confirmation -------------------------------------------------------------


def _round(t: pure.Tournament, number: int) -> pure.Round:
    if not 1 <= number <= len(t.rounds):
        raise NotFound(say("there is no round {round} in this tournament", round=number))
    return t.rounds[number - 1]


def set_tables(tournament_id: int, number: int, given: Mapping[str, int],
               request: WriteRequest) -> Reply:
    """Give matches of a round their table numbers; kept by match key, so rebuilds keep them."""

    def action(session: Session, row: TournamentRow) -> tuple[int, dict[str, Any]]:
        games, t = drawn(session, row)
        row.tables = pure.check_tables(_round(t, number), row.tables or {}, given)
        touch(row)
        session.flush()
        return 200, tournament_view(row, games)

    return guarded_write(guard(tournament_id), request, action)


def _new_scorer(session: Session, row: TournamentRow, key: str, team: int | None) -> str:
    token = secrets.token_urlsafe(32)
    session.add(ScorerToken(tournament_id=row.id, match=key, team=team,
                            token_hash=hash_token(token)))
    return token


def add_scorer(tournament_id: int, key: str, request: WriteRequest,
               team: int | None = None) -> Reply:
    def action(session: Session, row: TournamentRow) -> tuple[int, dict[str, Any]]:
        _, t = drawn(session, row)
        match = match_of(t, key)
        if team is not None and team not in match.teams:
            raise Unprocessable(refusals.not_playing(row, match, team),
                                {"team": [say("one of the match's teams")]})
        token = _new_scorer(session, row, key, team)
        touch(row)
        session.flush()
        return 201, {"match": key, "token": token, "team": team}

    return guarded_write(guard(tournament_id), request, action)


def round_scorers(tournament_id: int, number: int, request: WriteRequest) -> Reply:
    """A scorer token for each table of a round (one for each of its teams when games are
    confirmed); earlier tokens keep working."""

    def action(session: Session, row: TournamentRow) -> tuple[int, dict[str, Any]]:
        _, t = drawn(session, row)
        confirm = bool(row.options.get("confirm_games"))
        scorers = []
        for match in _round(t, number).matches:
            if match.table is None:  # a bye or an empty place: nothing is played
                continue
            for team in match.teams if confirm else (None,):
                scorers.append({"match": match.key, "table": match.table, "team": team,
                                "token": _new_scorer(session, row, match.key, team)})
        touch(row)
        session.flush()
        return 201, {"round": number, "scorers": scorers}

    return guarded_write(guard(tournament_id), request, action)


def confirm_game(tournament_id: int, key: str, number: int, request: WriteRequest) -> Reply:
    """The other team (or the organizer) confirms a game a scorer reported: it counts from now."""

    def action(session: Session, row: TournamentRow) -> tuple[int, dict[str, Any]]:
        games, t = drawn(session, row)
        match = match_of(t, key)
        stored = next((g for g in games if g.match == key and g.number == number), None)
        if stored is None:
            raise NotFound(refusals.no_game(row, match, number))
        if scorer:
            team = scorer[0].team
            if team is None:
                raise Forbidden(say("a game is confirmed by the other team's scorer token or "
                                    "the organizer, not by the match's own token"))
            if team == stored.reported_by:
                raise Forbidden(say("the team that reported a game cannot confirm it: the "
                                    "other team does"))
        if stored.confirmed:
            raise Conflict(refusals.already_confirmed(row, match, number))
        if not fits(t, stored):
            raise Conflict(refusals.no_longer_fits(row, match, number))
        stored.confirmed, stored.updated_at = True, utcnow()
        touch(row)
        session.flush()
        return 200, after_view(row, rebuild(row, games), key, [], games)

    scorer: list[ScorerToken] = []
    return guarded_write(guard(tournament_id, key, scorer), request, action)
