"""Tournaments: create, draw, report and correct games, advance — each write one transaction.

The rounds, standings and champion are never stored: they are rebuilt by the pure
scorekeeper.tournaments package from the teams, the draw seed, the advances and the reported
games, so a correction can never leave a later round silently built on an old result.
"""

from __future__ import annotations

import math
import secrets
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from sqlalchemy import delete, select
from sqlalchemy.orm import Session

from scorekeeper import tournaments as pure
from scorekeeper.errors import Conflict, Forbidden, NotFound, Unprocessable
from scorekeeper.extensions import db
from scorekeeper.i18n import chosen_language, say
from scorekeeper.models import Game, ScorerToken, TournamentGame, TournamentReply, utcnow
from scorekeeper.models import Tournament as TournamentRow
from scorekeeper.rules.base import GameState
from scorekeeper.rules.errors import RuleViolation
from scorekeeper.rules.registry import find_variant, variants
from scorekeeper.rules.sentences import said
from scorekeeper.services import present
from scorekeeper.services.spreadsheet import csv_text
from scorekeeper.services.writes import (
    INTERNAL,
    Guard,
    Reply,
    WriteRequest,
    check_secret,
    create_once,
    guarded_write,
    hash_token,
    lock_for_writing,
    read_version,
)
from scorekeeper.tournaments.bracket import bracket

MAX_SEED = 2**31 - 1


def etag(row: TournamentRow) -> str:
    return tag(row.id, row.version)


def tag(tournament_id: int, version: int) -> str:
    return f'"t{tournament_id}-{version}"'


def tournament_tag(tournament_id: int) -> str:
    """The tournament's ETag from its version column alone, or NotFound."""
    version = read_version(TournamentRow, tournament_id)
    if version is None:
        raise NotFound(say("there is no tournament {tournament}", tournament=tournament_id))
    return tag(tournament_id, version)


def teams_of(row: TournamentRow) -> list[pure.Team]:
    return [team_of(t) for t in row.teams]


def team_of(stored: Mapping[str, Any]) -> pure.Team:
    """A team as stored in the row's JSON; a team stored before check-in and withdrawals
    existed (no status) reads as "registered"."""
    return pure.Team(stored["name"], tuple(stored["players"]),
                     stored.get("status", "registered"), stored.get("joined"),
                     stored.get("withdrawn"))


def entered_team(given: Mapping[str, Any]) -> pure.Team:
    """A team as the organizer typed it (at creation or as a late entry), names trimmed."""
    return pure.Team(given["name"].strip(), tuple(p.strip() for p in given["players"]))


def stored_team(team: pure.Team) -> dict[str, Any]:
    body: dict[str, Any] = {"name": team.name, "players": list(team.players),
                            "status": team.status}
    if team.joined is not None:
        body["joined"] = team.joined
    if team.withdrawn is not None:
        body["withdrawn"] = team.withdrawn
    return body


def team_view(i: int, team: pure.Team, number: int | None) -> dict[str, Any]:
    return {"team": i, "name": team.name, "players": list(team.players), "number": number,
            "status": team.status, "joined_round": team.joined,
            "withdrawn_round": team.withdrawn or None}


def sides_per_team(variant_key: str, fmt: str) -> list[int]:
    """The team sizes a format can seat in this variant, as its forms say: two sides a match,
    or (Rummy tables) players alone."""
    variant = find_variant(variant_key)
    if fmt == "rummy_tables":
        return sorted({each for _, each in variant.forms if each == 1})
    return [each for sides, each in variant.forms if sides == 2]


# -- reading ------------------------------------------------------------------------------------


def get_tournament(tournament_id: int, *, lock: bool = False) -> TournamentRow:
    session = db.session
    if lock:
        lock_for_writing(session)
    row = session.get(TournamentRow, tournament_id, with_for_update=lock or None,
                      populate_existing=lock)
    if row is None:
        raise NotFound(say("there is no tournament {tournament}", tournament=tournament_id))
    return row


def reported(session: Session, row: TournamentRow) -> Sequence[TournamentGame]:
    return session.scalars(select(TournamentGame).where(TournamentGame.tournament_id == row.id)
                           .order_by(TournamentGame.match, TournamentGame.number)).all()


def rebuild(row: TournamentRow, games: Sequence[TournamentGame],
            advances: int | None = None) -> pure.Tournament:
    assert row.seed is not None
    # A game waiting for the other team's confirmation counts nowhere yet.
    reports = [pure.Report(g.match, g.number, tuple(g.scores), tuple(g.teams), g.game_id)
               for g in games if g.confirmed]
    return pure.renumbered(pure.build(row.format, teams_of(row), row.options, row.seed,
                                      row.advances if advances is None else advances, reports),
                           row.tables or {})


def tagged_view(tournament_id: int) -> tuple[str, dict[str, Any]]:
    """The tournament loaded afresh: its ETag and its view, from the same row."""
    row = get_tournament(tournament_id)
    return etag(row), view_of(row)


def view_of(row: TournamentRow) -> dict[str, Any]:
    return tournament_view(row, reported(db.session, row))


def tournament_view(row: TournamentRow, games: Sequence[TournamentGame]) -> dict[str, Any]:
    teams = teams_of(row)
    body: dict[str, Any] = {
        "id": row.id, "name": row.name, "variant": row.variant, "format": row.format,
        "options": row.options, "seed": row.seed, "language": row.language,
        "created_at": present.timestamp(row.created_at),
        "updated_at": present.timestamp(row.updated_at)}
    if row.seed is None:
        return {**body, "status": "registered", "champion": None, "can_advance": False,
                "next_step": say("Draw the team numbers to build the first round."),
                "teams": [team_view(i, t, None) for i, t in enumerate(teams)],
                "rounds": [], "standings": [],
                "placings": []}
    t = rebuild(row, games)
    numbers = {team: k + 1 for k, team in enumerate(t.order)}
    return {
        **body, "status": t.status, "champion": t.champion, "can_advance": t.can_advance,
        "next_step": t.next_step,
        "teams": [team_view(i, team, numbers.get(i)) for i, team in enumerate(teams)],
        "rounds": [{"number": r.number, "name": r.name, "kind": r.kind, "complete": r.complete,
                    "matches": [match_view(m, teams, games) for m in r.matches]}
                   for r in t.rounds],
        "standings": [standing_view(s, teams) for s in t.standings],
        "placings": [{"place": place, "team": team, "name": teams[team].name}
                     for place, team in t.placings],
    }


def match_view(match: pure.Match, teams: Sequence[pure.Team],
               games: Sequence[TournamentGame] = ()) -> dict[str, Any]:
    """The match; `games` (every game stored) gives the ones that wait for confirmation."""
    return {
        "id": match.key, "round": match.round, "table": match.table, "kind": match.kind,
        "teams": list(match.teams),
        "names": [teams[t].name for t in match.teams], "games": match.games,
        "first_to": match.first_to, "status": match.status, "winner": match.winner,
        "forfeit": list(match.forfeit),
        "wins": list(match.wins) if match.kind != "table" else None,
        "totals": list(match.totals),
        "results": [{"number": r.number, "scores": list(r.scores), "game_id": r.game_id}
                    for r in match.results],
        "unconfirmed": [{"number": g.number, "scores": list(g.scores),
                         "reported_by": g.reported_by}
                        for g in games if g.match == match.key and not g.confirmed]}


def standing_view(standing: pure.Standing, teams: Sequence[pure.Team]) -> dict[str, Any]:
    return {"rank": standing.rank, "team": standing.team, "name": teams[standing.team].name,
            "number": standing.number, "played": standing.played, "won": standing.won,
            "lost": standing.lost, "points": standing.points, "scored": standing.scored,
            "against": standing.against}


def bracket_view(tournament_id: int) -> dict[str, Any]:
    row = get_tournament(tournament_id)
    if row.seed is None:
        raise Conflict(say("the teams have not been drawn yet, so there is no bracket"))
    t = rebuild(row, reported(db.session, row))
    return {"tournament_id": row.id, **bracket(row.format, teams_of(row), t, row.options)}


def standings_csv(tournament_id: int) -> str:
    _, body = tagged_view(tournament_id)
    header = [said("csv", "rank"), said("csv", "number"), said("csv", "team"),
              said("csv", "players"), said("csv", "played"), said("csv", "won"),
              said("csv", "lost"), said("csv", "points"), said("csv", "scored"),
              said("csv", "against")]
    players = {team["team"]: " & ".join(team["players"]) for team in body["teams"]}
    return csv_text([header, *([s["rank"], s["number"], s["name"], players[s["team"]],
                                s["played"], s["won"], s["lost"], s["points"], s["scored"],
                                s["against"]] for s in body["standings"])])


# -- writing ------------------------------------------------------------------------------------


def create_tournament(data: Mapping[str, Any], request: WriteRequest = INTERNAL,
                      seed_name: str | None = None) -> Reply:
    """Register a tournament: the reply holds the organizer's token, shown to this request (and
    its retries) only and stored hashed."""
    variant = find_variant(data["variant"])
    teams = [entered_team(t) for t in data["teams"]]
    options = pure.check_tournament(data["format"], variant.key,
                                    sides_per_team(variant.key, data["format"]), teams,
                                    data.get("options") or {})

    def create(session: Session) -> tuple[dict[str, Any], str, str]:
        token = secrets.token_urlsafe(32)
        row = TournamentRow(name=data["name"].strip(), variant=variant.key,
                            format=data["format"], options=options, advances=0,
                            token_hash=hash_token(token), seed_name=seed_name,
                            language=data.get("language") or chosen_language(),
                            teams=[{"name": t.name, "players": list(t.players)} for t in teams])
        session.add(row)
        session.flush()
        return tournament_view(row, []), token, etag(row)

    return create_once(request, create)


def _scorer_of(row: TournamentRow, token: str) -> ScorerToken | None:
    """The scorer token `token` is in this tournament, if it is one."""
    return db.session.scalars(select(ScorerToken).where(
        ScorerToken.tournament_id == row.id,
        ScorerToken.token_hash == hash_token(token))).first()


def _guard(tournament_id: int, match: str | None = None,
           scorer_for: list[ScorerToken] | None = None) -> Guard[TournamentRow]:
    """Organizer writes, or (for one match's games) that match's scorer token; the scorer's
    token is noted in `scorer_for`."""

    def authorize(row: TournamentRow, token: str | None) -> None:
        if match is not None and token:
            scorer = _scorer_of(row, token)
            if scorer is not None:
                if scorer.match != match:
                    raise Forbidden(say("that scorer token is for match {match} only",
                                        match=scorer.match))
                if scorer_for is not None:
                    scorer_for.append(scorer)
                return
        check_secret(token, row.token_hash,
                     say("this write needs the organizer's token (or, for a match's games, its "
                         "scorer token): Authorization: Bearer <token>"),
                     say("that token does not belong to this tournament"))

    return Guard(load=lambda: get_tournament(tournament_id, lock=True), authorize=authorize,
                 replies=TournamentReply, owner="tournament_id", etag=etag,
                 busy=say("the tournament is busy with other writes; send it again"))


def _touch(row: TournamentRow) -> None:
    row.updated_at = utcnow()  # always an UPDATE, so the version (the ETag) moves on every write


def draw(tournament_id: int, seed: int | None, request: WriteRequest) -> Reply:
    def action(session: Session, row: TournamentRow) -> tuple[int, dict[str, Any]]:
        if row.seed is not None:
            raise Conflict(say("the teams were already drawn (seed {seed})", seed=row.seed))
        _check_in_decides(row)
        row.seed = secrets.randbelow(MAX_SEED) if seed is None else seed
        _touch(row)
        session.flush()
        return 200, tournament_view(row, [])

    return guarded_write(_guard(tournament_id), request, action)


def _drawn(session: Session, row: TournamentRow) -> tuple[Sequence[TournamentGame],
                                                          pure.Tournament]:
    if row.seed is None:
        raise Conflict(say("the teams have not been drawn yet: POST .../draw first"))
    games = reported(session, row)
    return games, rebuild(row, games)


def _match(t: pure.Tournament, key: str) -> pure.Match:
    match = t.match(key)
    if match is None:
        raise NotFound(say("there is no match {match} in this tournament", match=key))
    return match


def report_game(tournament_id: int, key: str, body: Mapping[str, Any],
                request: WriteRequest) -> Reply:
    def action(session: Session, row: TournamentRow) -> tuple[int, dict[str, Any]]:
        games, t = _drawn(session, row)
        match = _match(t, key)
        if match.kind == "bye":
            raise Conflict(say("match {match} is a bye: there is nothing to play", match=key))
        _not_forfeited(row, match)
        if match.complete:
            raise Conflict(say("match {match} is complete; correct one of its games instead "
                               "(PUT .../games/1 to {last})", match=key, last=len(match.results)))
        _not_waiting(games, key)
        scores, game_id = _scores(session, row, games, match, body)
        # A scorer's report waits for the other team when the tournament asks for confirmation.
        waits = bool(scorer) and bool(row.options.get("confirm_games"))
        game = TournamentGame(tournament_id=row.id, match=key, number=len(match.results) + 1,
                              scores=scores, teams=list(match.teams), game_id=game_id,
                              confirmed=not waits,
                              reported_by=scorer[0].team if waits else None)
        session.add(game)
        _touch(row)
        session.flush()
        return 201, _after(row, rebuild(row, [*games, game]), key, [], [*games, game])

    scorer: list[ScorerToken] = []
    return guarded_write(_guard(tournament_id, key, scorer), request, action)


def correct_game(tournament_id: int, key: str, number: int, body: Mapping[str, Any],
                 cascade: bool, request: WriteRequest, preview: bool = False) -> Reply:
    """Correct a game; with `preview` the very same correction is made and answered, then
    rolled back: nothing is stored (no version, no idempotency record)."""

    def action(session: Session, row: TournamentRow) -> tuple[int, dict[str, Any]]:
        before = etag(row)
        games, t = _drawn(session, row)
        match = _match(t, key)
        stored = next((g for g in games if g.match == key and g.number == number), None)
        if stored is None:
            raise NotFound(say("match {match} has no game {number}", match=key, number=number))
        built_on = t.advances - max(0, match.round - t.rounds_at_draw)
        if built_on > 0 and scorer:
            raise Forbidden(say("later rounds depend on this game, so only the organizer may "
                                "correct it"))
        if built_on > 0 and not cascade:
            raise Conflict(say("later rounds were built from match {match}'s round; send "
                               "?cascade=true to rebuild them (their results are reopened if "
                               "their teams change)", match=key))
        _may_correct(row, stored, scorer)
        others = [g for g in games if g is not stored]
        scores, game_id = _scores(session, row, others, match, body)
        stored.scores, stored.game_id, stored.updated_at = scores, game_id, utcnow()
        if not scorer:
            stored.confirmed = True  # the organizer's correction needs nobody's confirmation
        session.flush()
        after = rebuild(row, games)
        stale = {(r.match, r.number) for r in after.stale}
        dropped = [g for g in games if (g.match, g.number) in stale
                   or (not g.confirmed and not _fits(after, g))]
        if dropped:
            session.execute(delete(TournamentGame).where(
                TournamentGame.id.in_([g.id for g in dropped])))
        row.advances = after.advances
        _touch(row)
        session.flush()
        kept = [g for g in games if g not in dropped]
        # `after` already is the tournament without them: stale games are never applied.
        answer = {**_after(row, after, key,
                           [{"match": g.match, "number": g.number} for g in dropped], kept),
                  "reopened": sorted({g.match for g in dropped}, key=_match_order),
                  "preview": preview}
        if preview:
            teams = teams_of(row)
            raise _Previewed(Reply(200, {**answer, "standings": [
                standing_view(s, teams) for s in after.standings]}, before))
        return 200, answer

    scorer: list[ScorerToken] = []
    try:
        # A preview keeps no reply under its Idempotency-Key: it is not the write.
        return guarded_write(_guard(tournament_id, key, scorer),
                             replace(request, idempotency_key=None) if preview else request,
                             action)
    except _Previewed as previewed:
        return previewed.reply


def advance(tournament_id: int, request: WriteRequest) -> Reply:
    def action(session: Session, row: TournamentRow) -> tuple[int, dict[str, Any]]:
        games, t = _drawn(session, row)
        if t.status == "finished":
            raise Conflict(say("the tournament is over. {next_step}",
                               next_step=t.next_step))
        if not t.can_advance:
            raise Conflict(say("this round is not over: {next_step}",
                               next_step=t.next_step))
        after = rebuild(row, games, row.advances + 1)
        if after.advances == row.advances:
            raise Conflict(say("no next round can be paired without a rematch; the tournament "
                               "cannot go further"))
        row.advances = after.advances
        _touch(row)
        session.flush()
        return 200, tournament_view(row, games)

    return guarded_write(_guard(tournament_id), request, action)


def add_scorer(tournament_id: int, key: str, request: WriteRequest,
               team: int | None = None) -> Reply:
    def action(session: Session, row: TournamentRow) -> tuple[int, dict[str, Any]]:
        _, t = _drawn(session, row)
        match = _match(t, key)
        if team is not None and team not in match.teams:
            raise Unprocessable(say("team {team} does not play match {match}", team=team,
                                    match=key), {"team": [say("one of the match's teams")]})
        token = _new_scorer(session, row, key, team)
        _touch(row)
        session.flush()
        return 201, {"match": key, "token": token, "team": team}

    return guarded_write(_guard(tournament_id), request, action)


def _after(row: TournamentRow, t: pure.Tournament, key: str, dropped: list[dict[str, Any]],
           games: Sequence[TournamentGame] = ()) -> dict[str, Any]:
    teams = teams_of(row)
    match = t.match(key)
    return {"match": match_view(match, teams, games) if match else None, "dropped": dropped,
            "status": t.status, "champion": t.champion, "can_advance": t.can_advance,
            "next_step": t.next_step}


def _scores(session: Session, row: TournamentRow, games: Sequence[TournamentGame],
            match: pure.Match, body: Mapping[str, Any]) -> tuple[list[int], int | None]:
    """The game's scores in the match's team order: as sent, or from a recorded game."""
    if ("scores" in body) == ("game_id" in body):
        raise Unprocessable(say("send the game's scores or the id of a recorded game (one of "
                                "them)"), {"scores": [say("scores or game_id")]})
    if "scores" in body:
        scores = list(body["scores"])
        game_id = None
    else:
        if row.options.get("game_unit") != "game":
            raise RuleViolation("deal_scores", "game_id")
        game_id = body["game_id"]
        if any(g.game_id == game_id for g in games):
            raise RuleViolation("linked_game_twice", "game_id", game=game_id)
        scores = _linked_scores(session, row, match, game_id)
    pure.check_scores(match, scores)
    return scores, game_id


def _linked_scores(session: Session, row: TournamentRow, match: pure.Match,
                   game_id: int) -> list[int]:
    game = session.get(Game, game_id)
    if game is None:
        raise RuleViolation("linked_game_missing", "game_id", game=game_id)
    if game.variant != row.variant:
        raise RuleViolation("linked_game_variant", "game_id", game=game_id,
                            variant=find_variant(game.variant).name,
                            expected=find_variant(row.variant).name)
    if GameState.from_dict(game.state).outcome is None:
        raise RuleViolation("linked_game_unfinished", "game_id", game=game_id)
    sides = [frozenset(p.casefold() for p in side["players"]) for side in game.sides]
    scores = []
    for team in match.teams:
        players = frozenset(p.casefold() for p in row.teams[team]["players"])
        if players not in sides:
            raise RuleViolation("linked_game_players", "game_id", game=game_id,
                                team=row.teams[team]["name"])
        scores.append(game.state["scores"][sides.index(players)])
    if len(sides) != len(match.teams):
        raise RuleViolation("linked_game_players.extra", "game_id", game=game_id)
    return scores


# -- the teams at the desk: late entries, check-in, withdrawals -----------------------------------


def _team(row: TournamentRow, team: int) -> pure.Team:
    if not 0 <= team < len(row.teams):
        raise NotFound(say("there is no team {team} in this tournament", team=team))
    return team_of(row.teams[team])


def _store_team(row: TournamentRow, team: int, changed: pure.Team) -> None:
    teams = list(row.teams)  # a new list, so the JSON column sees the change
    teams[team] = stored_team(changed)
    row.teams = teams
    _touch(row)


def _not_forfeited(row: TournamentRow, match: pure.Match) -> None:
    if match.forfeit and match.kind != "table":
        names = ", ".join(row.teams[t]["name"] for t in match.forfeit)
        raise Conflict(say("match {match} is forfeited: {teams} withdrew", match=match.key,
                           teams=names))


def _check_in_decides(row: TournamentRow) -> None:
    """At the draw: once any team checked in, the teams still only registered are withdrawn
    (not drawn); and enough teams must be left to play."""
    teams = teams_of(row)
    if any(t.status == "checked_in" for t in teams):
        teams = [replace(t, status="withdrawn", withdrawn=0) if t.status == "registered" else t
                 for t in teams]
    least = 3 if row.format == "rummy_tables" else 2
    if sum(t.withdrawn is None for t in teams) < least:
        raise Conflict(say("the draw needs at least {least} teams in play (checked in, or not "
                           "withdrawn); there are {n}",
                           n=sum(t.withdrawn is None for t in teams), least=least))
    if teams != teams_of(row):
        row.teams = [stored_team(t) for t in teams]


def add_team(tournament_id: int, body: Mapping[str, Any], request: WriteRequest) -> Reply:
    """A team entered at the desk: before the draw any format takes it; after, only the formats
    that can seat a newcomer (Swiss and tables from the next round built; an odd round robin's
    empty seat in every round not yet started)."""

    def action(session: Session, row: TournamentRow) -> tuple[int, dict[str, Any]]:
        team = entered_team(body)
        games: Sequence[TournamentGame] = []
        if row.seed is not None:
            games, t = _drawn(session, row)
            joined = _late_round(row, t)
            team = replace(team, status="checked_in", joined=joined)
        teams = [*teams_of(row), team]
        pure.check_tournament(row.format, row.variant, sides_per_team(row.variant, row.format),
                              teams, row.options)
        row.teams = [*row.teams, stored_team(team)]
        _touch(row)
        session.flush()
        return 201, tournament_view(row, games)

    return guarded_write(_guard(tournament_id), request, action)


def _late_round(row: TournamentRow, t: pure.Tournament) -> int:
    """The first round a team entered now plays, or Conflict if the format cannot seat it."""
    if t.status == "finished":
        raise Conflict(say("the tournament is over. {next_step}", next_step=t.next_step))
    if row.format in ("swiss", "rummy_tables"):
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
    """Check a team in (present_) or undo it; only before the draw. Asking for the status a team
    already has changes nothing."""

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

    return guarded_write(_guard(tournament_id), request, action)


def withdraw(tournament_id: int, team: int, request: WriteRequest) -> Reply:
    """A team leaves: before the draw it is simply not drawn; after, the round in play is stored
    (never a result) and every rebuild forfeits its open matches from that round on."""

    def action(session: Session, row: TournamentRow) -> tuple[int, dict[str, Any]]:
        found = _team(row, team)
        if found.status == "withdrawn":
            raise Conflict(say("team {team} has already withdrawn", team=found.name))
        games: Sequence[TournamentGame] = []
        in_play = 0
        if row.seed is not None:
            games, t = _drawn(session, row)
            if t.status == "finished":
                raise Conflict(say("the tournament is over. {next_step}",
                                   next_step=t.next_step))
            in_play = min((r.number for r in t.rounds if not r.complete),
                          default=len(t.rounds))
        _store_team(row, team, replace(found, status="withdrawn", withdrawn=in_play))
        session.flush()
        return 200, tournament_view(row, games)

    return guarded_write(_guard(tournament_id), request, action)


# -- the organizer's desk: tables, access, scorers, previews, confirmation -----------------------


class _Previewed(Exception):  # not an error: how a preview's reply leaves the write
    """Raised by a previewed correction with its reply, so that the write is rolled back."""

    def __init__(self, reply: Reply) -> None:
        super().__init__("previewed")
        self.reply = reply


def _match_order(key: str) -> tuple[int, int]:
    """"r2m10" after "r2m9": a match key's round and place."""
    round_, _, place = key[1:].partition("m")
    return int(round_), int(place)


def _fits(t: pure.Tournament, game: TournamentGame) -> bool:
    """Whether a game waiting for confirmation is still the next game of its match."""
    match = t.match(game.match)
    return (match is not None and match.kind != "bye" and match.teams == tuple(game.teams)
            and not match.complete and game.number == len(match.results) + 1)


def _not_waiting(games: Sequence[TournamentGame], key: str) -> None:
    waiting = next((g for g in games if g.match == key and not g.confirmed), None)
    if waiting is not None:
        raise Conflict(say("game {number} of match {match} waits for the other team's "
                           "confirmation; confirm or correct it first",
                           number=waiting.number, match=key))


def _may_correct(row: TournamentRow, stored: TournamentGame,
                 scorer: Sequence[ScorerToken]) -> None:
    """When games are confirmed, a scorer corrects only a game still waiting that their own
    team (or their match's token) reported: a confirmed one is the organizer's to change."""
    if not scorer or not row.options.get("confirm_games"):
        return
    if stored.confirmed:
        raise Forbidden(say("game {number} of match {match} is confirmed: only the organizer "
                            "may correct it", number=stored.number, match=stored.match))
    if stored.reported_by is not None and scorer[0].team != stored.reported_by:
        raise Forbidden(say("game {number} of match {match} was reported by the other team: "
                            "confirm it, or ask the organizer to correct it",
                            number=stored.number, match=stored.match))


def _round(t: pure.Tournament, number: int) -> pure.Round:
    if not 1 <= number <= len(t.rounds):
        raise NotFound(say("there is no round {round} in this tournament", round=number))
    return t.rounds[number - 1]


def set_tables(tournament_id: int, number: int, given: Mapping[str, int],
               request: WriteRequest) -> Reply:
    """Give matches of a round their table numbers; kept by match key, so rebuilds keep them."""

    def action(session: Session, row: TournamentRow) -> tuple[int, dict[str, Any]]:
        games, t = _drawn(session, row)
        row.tables = pure.check_tables(_round(t, number), row.tables or {}, given)
        _touch(row)
        session.flush()
        return 200, tournament_view(row, games)

    return guarded_write(_guard(tournament_id), request, action)


def access(tournament_id: int, token: str | None) -> dict[str, Any]:
    """Who a token is in this tournament: its organizer, or a scorer of one match (and team)."""
    row = get_tournament(tournament_id)
    if token:
        scorer = _scorer_of(row, token)
        if scorer is not None:
            return {"role": "scorer", "match": scorer.match, "team": scorer.team}
    check_secret(token, row.token_hash,
                 say("say who you are with a token: Authorization: Bearer <token>"),
                 say("that token does not belong to this tournament"))
    return {"role": "organizer", "match": None, "team": None}


def _new_scorer(session: Session, row: TournamentRow, key: str, team: int | None) -> str:
    token = secrets.token_urlsafe(32)
    session.add(ScorerToken(tournament_id=row.id, match=key, team=team,
                            token_hash=hash_token(token)))
    return token


def round_scorers(tournament_id: int, number: int, request: WriteRequest) -> Reply:
    """A scorer token for each table of a round (one for each of its teams when games are
    confirmed); earlier tokens keep working."""

    def action(session: Session, row: TournamentRow) -> tuple[int, dict[str, Any]]:
        _, t = _drawn(session, row)
        confirm = bool(row.options.get("confirm_games"))
        scorers = []
        for match in _round(t, number).matches:
            if match.kind == "bye":
                continue
            for team in match.teams if confirm else (None,):
                scorers.append({"match": match.key, "table": match.table, "team": team,
                                "token": _new_scorer(session, row, match.key, team)})
        _touch(row)
        session.flush()
        return 201, {"round": number, "scorers": scorers}

    return guarded_write(_guard(tournament_id), request, action)


def confirm_game(tournament_id: int, key: str, number: int, request: WriteRequest) -> Reply:
    """The other team (or the organizer) confirms a game a scorer reported: it counts from now."""

    def action(session: Session, row: TournamentRow) -> tuple[int, dict[str, Any]]:
        games, t = _drawn(session, row)
        match = _match(t, key)
        stored = next((g for g in games if g.match == key and g.number == number), None)
        if stored is None:
            raise NotFound(say("match {match} has no game {number}", match=key, number=number))
        if scorer:
            team = scorer[0].team
            if team is None:
                raise Forbidden(say("a game is confirmed by the other team's scorer token or "
                                    "the organizer, not by the match's own token"))
            if team == stored.reported_by:
                raise Forbidden(say("the team that reported a game cannot confirm it: the "
                                    "other team does"))
        if stored.confirmed:
            raise Conflict(say("game {number} of match {match} is already confirmed",
                               number=number, match=key))
        if not _fits(t, stored):
            raise Conflict(say("game {number} no longer fits match {match}; correct it",
                               number=number, match=match.key))
        stored.confirmed, stored.updated_at = True, utcnow()
        _touch(row)
        session.flush()
        return 200, _after(row, rebuild(row, games), key, [], games)

    scorer: list[ScorerToken] = []
    return guarded_write(_guard(tournament_id, key, scorer), request, action)


def formats() -> list[dict[str, Any]]:
    """The formats as GET /tournaments/formats shows them, their words in the request's
    language."""
    found = []
    for fmt, specs in pure.FORMATS.items():
        family = pure.FAMILY_OF_FORMAT.get(fmt)
        games = [v for v in variants() if family is None or v.family == family]
        found.append({
            "key": fmt, "name": said("format name", pure.FORMAT_NAMES[fmt]),
            "description": said("format description", pure.FORMAT_DESCRIPTIONS[fmt]),
            "families": sorted({v.family for v in games}),
            "variants": [v.key for v in games], "late_entries": pure.LATE_ENTRIES[fmt],
            "options": [{"name": spec.name, "type": spec.type, "default": spec.default,
                         "description": said("option description", spec.description),
                         **({"choices": list(spec.choices)} if spec.choices else {}),
                         **({"minimum": spec.minimum} if spec.minimum is not None else {}),
                         **({"maximum": spec.maximum} if spec.maximum is not None else {})}
                        for spec in specs]})
    return found
