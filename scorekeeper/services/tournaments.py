"""Tournaments: create, draw, report and correct games, advance — each write one transaction.

The rounds, standings and champion are never stored: they are rebuilt by the pure
scorekeeper.tournaments package from the teams, the draw seed, the advances and the reported
games, so a correction can never leave a later round silently built on an old result.
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping, Sequence
from typing import Any

from sqlalchemy import delete, select
from sqlalchemy.orm import Session

from scorekeeper import tournaments as pure
from scorekeeper.errors import Conflict, Forbidden, NotFound, Unprocessable
from scorekeeper.extensions import db
from scorekeeper.i18n import say
from scorekeeper.models import Game, ScorerToken, TournamentGame, TournamentReply, utcnow
from scorekeeper.models import Tournament as TournamentRow
from scorekeeper.rules.errors import RuleViolation
from scorekeeper.rules.registry import find_variant
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
    return [pure.Team(t["name"], tuple(t["players"])) for t in row.teams]


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
    reports = [pure.Report(g.match, g.number, tuple(g.scores), tuple(g.teams), g.game_id)
               for g in games]
    return pure.build(row.format, teams_of(row), row.options, row.seed,
                      row.advances if advances is None else advances, reports)


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
        "options": row.options, "seed": row.seed,
        "created_at": present.timestamp(row.created_at),
        "updated_at": present.timestamp(row.updated_at)}
    if row.seed is None:
        return {**body, "status": "registered", "champion": None, "can_advance": False,
                "next_step": say("Draw the team numbers to build the first round."),
                "teams": [{"team": i, "name": t.name, "players": list(t.players), "number": None}
                          for i, t in enumerate(teams)], "rounds": [], "standings": [],
                "placings": []}
    t = rebuild(row, games)
    numbers = {team: k + 1 for k, team in enumerate(t.order)}
    return {
        **body, "status": t.status, "champion": t.champion, "can_advance": t.can_advance,
        "next_step": t.next_step,
        "teams": [{"team": i, "name": team.name, "players": list(team.players),
                   "number": numbers[i]} for i, team in enumerate(teams)],
        "rounds": [{"number": r.number, "name": r.name, "kind": r.kind, "complete": r.complete,
                    "matches": [match_view(m, teams) for m in r.matches]} for r in t.rounds],
        "standings": [standing_view(s, teams) for s in t.standings],
        "placings": [{"place": place, "team": team, "name": teams[team].name}
                     for place, team in t.placings],
    }


def match_view(match: pure.Match, teams: Sequence[pure.Team]) -> dict[str, Any]:
    return {
        "id": match.key, "round": match.round, "table": match.table, "kind": match.kind,
        "teams": list(match.teams),
        "names": [teams[t].name for t in match.teams], "games": match.games,
        "first_to": match.first_to, "status": match.status, "winner": match.winner,
        "wins": list(match.wins) if match.kind != "table" else None,
        "totals": list(match.totals),
        "results": [{"number": r.number, "scores": list(r.scores), "game_id": r.game_id}
                    for r in match.results]}


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
    teams = [pure.Team(t["name"].strip(), tuple(p.strip() for p in t["players"]))
             for t in data["teams"]]
    options = pure.check_tournament(data["format"], variant.key,
                                    sides_per_team(variant.key, data["format"]), teams,
                                    data.get("options") or {})

    def create(session: Session) -> tuple[dict[str, Any], str, str]:
        token = secrets.token_urlsafe(32)
        row = TournamentRow(name=data["name"].strip(), variant=variant.key,
                            format=data["format"], options=options, advances=0,
                            token_hash=hash_token(token), seed_name=seed_name,
                            teams=[{"name": t.name, "players": list(t.players)} for t in teams])
        session.add(row)
        session.flush()
        return tournament_view(row, []), token, etag(row)

    return create_once(request, create)


def _guard(tournament_id: int, match: str | None = None,
           scorer_for: list[str] | None = None) -> Guard[TournamentRow]:
    """Organizer writes, or (for one match's games) that match's scorer token; a scorer's
    match is noted in `scorer_for`."""

    def authorize(row: TournamentRow, token: str | None) -> None:
        if match is not None and token:
            scorer = db.session.scalars(select(ScorerToken).where(
                ScorerToken.tournament_id == row.id,
                ScorerToken.token_hash == hash_token(token))).first()
            if scorer is not None:
                if scorer.match != match:
                    raise Forbidden(say("that scorer token is for match {match} only",
                                        match=scorer.match))
                if scorer_for is not None:
                    scorer_for.append(scorer.match)
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
        if match.complete:
            raise Conflict(say("match {match} is complete; correct one of its games instead "
                               "(PUT .../games/1 to {last})", match=key, last=len(match.results)))
        scores, game_id = _scores(session, row, games, match, body)
        game = TournamentGame(tournament_id=row.id, match=key, number=len(match.results) + 1,
                              scores=scores, teams=list(match.teams), game_id=game_id)
        session.add(game)
        _touch(row)
        session.flush()
        return 201, _after(row, rebuild(row, [*games, game]), key, [])

    return guarded_write(_guard(tournament_id, key), request, action)


def correct_game(tournament_id: int, key: str, number: int, body: Mapping[str, Any],
                 cascade: bool, request: WriteRequest) -> Reply:
    def action(session: Session, row: TournamentRow) -> tuple[int, dict[str, Any]]:
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
        others = [g for g in games if g is not stored]
        scores, game_id = _scores(session, row, others, match, body)
        stored.scores, stored.game_id, stored.updated_at = scores, game_id, utcnow()
        session.flush()
        after = rebuild(row, games)
        stale = {(r.match, r.number) for r in after.stale}
        dropped = [g for g in games if (g.match, g.number) in stale]
        if dropped:
            session.execute(delete(TournamentGame).where(
                TournamentGame.id.in_([g.id for g in dropped])))
        row.advances = after.advances
        _touch(row)
        session.flush()
        # `after` already is the tournament without them: stale games are never applied.
        return 200, _after(row, after, key,
                           [{"match": g.match, "number": g.number} for g in dropped])

    scorer: list[str] = []
    return guarded_write(_guard(tournament_id, key, scorer), request, action)


def advance(tournament_id: int, request: WriteRequest) -> Reply:
    def action(session: Session, row: TournamentRow) -> tuple[int, dict[str, Any]]:
        games, t = _drawn(session, row)
        if t.status == "finished":
            raise Conflict(say("the tournament is over: {next_step}",
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


def add_scorer(tournament_id: int, key: str, request: WriteRequest) -> Reply:
    def action(session: Session, row: TournamentRow) -> tuple[int, dict[str, Any]]:
        _, t = _drawn(session, row)
        _match(t, key)
        token = secrets.token_urlsafe(32)
        session.add(ScorerToken(tournament_id=row.id, match=key, token_hash=hash_token(token)))
        _touch(row)
        session.flush()
        return 201, {"match": key, "token": token}

    return guarded_write(_guard(tournament_id), request, action)


def _after(row: TournamentRow, t: pure.Tournament, key: str,
           dropped: list[dict[str, Any]]) -> dict[str, Any]:
    teams = teams_of(row)
    match = t.match(key)
    return {"match": match_view(match, teams) if match else None, "dropped": dropped,
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
        raise RuleViolation("linked_game_variant", "game_id", game=game_id, variant=game.variant,
                            expected=row.variant)
    if not game.state.get("finished"):
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
