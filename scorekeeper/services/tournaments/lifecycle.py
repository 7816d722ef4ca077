"""A tournament's life: create, draw, report and correct games, advance — each write one
transaction through the guard.

The rounds, standings and champion are never stored: they are rebuilt by the pure
scorekeeper.tournaments package from the teams, the draw seed, the advances and the reported
games, so a correction can never leave a later round silently built on an old result.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from statistics import fmean
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from scorekeeper import ratings
from scorekeeper import tournaments as pure
from scorekeeper.errors import Conflict, Forbidden, NotFound, Unprocessable
from scorekeeper.i18n import chosen_language, say
from scorekeeper.models import Game, PlayerRating, ScorerToken, TournamentGame, utcnow
from scorekeeper.models import Tournament as TournamentRow
from scorekeeper.rules.base import GameState
from scorekeeper.rules.errors import RuleViolation
from scorekeeper.rules.registry import find_variant
from scorekeeper.services.clubs import seats
from scorekeeper.services.tournaments import clock, refusals, sheet
from scorekeeper.services.tournaments.codes import new_recovery_code, recovery_hash
from scorekeeper.services.tournaments.guard import (
    built_on,
    drawn,
    guard,
    match_of,
    not_closed,
    settle,
    touch,
)
from scorekeeper.services.tournaments.views import (
    after_view,
    correction_view,
    etag,
    rebuild,
    teams_of,
    tournament_view,
)
from scorekeeper.services.writes import (
    Reply,
    WriteRequest,
    create_once,
    guarded_write,
    hash_token,
    previewed_write,
)

MAX_SEED = 2**31 - 1


def sides_per_team(variant_key: str, fmt: str) -> list[int]:
    """The team sizes a format can seat in this variant, as its forms say: two sides a match,
    or (Rummy tables) players alone."""
    variant = find_variant(variant_key)
    if fmt == "progressive":
        return [1]  # players alone, partnered afresh each round
    if fmt == "rummy_tables":
        return sorted({each for _, each in variant.forms if each == 1})
    return [each for sides, each in variant.forms if sides == 2]


def entered_team(given: Mapping[str, Any]) -> pure.Team:
    """A team as the organizer typed it (at creation or as a late entry), names trimmed; a
    club's player given as {"name", "player"} enters by name (links: team_links)."""
    return pure.Team(given["name"].strip(), tuple(name_of(p).strip() for p in given["players"]))


def name_of(entry: str | Mapping[str, Any]) -> str:
    return entry if isinstance(entry, str) else str(entry["name"])


def team_links(given: Mapping[str, Any]) -> dict[str, Any]:
    """A club tournament's team keeps which club player each of its players is, index for index
    (`player_ids`, null for a guest): its games on the sheet seat them (sheet.open_sheet)."""
    ids = [None if isinstance(p, str) else p["player"] for p in given["players"]]
    return {"player_ids": ids} if any(i is not None for i in ids) else {}


def check_links(session: Session, data: Mapping[str, Any], club_token: str | None,
                given: Sequence[Mapping[str, Any]], where: str) -> int | None:
    """The club a new tournament (or team) is played in and its linked players: a player of
    that club, never two places (422), with the club's member or admin token (401/403)."""
    club_id = data.get("club")
    linked = {(t, p): entry["player"] for t, team in enumerate(given)
              for p, entry in enumerate(team["players"]) if not isinstance(entry, str)}
    if club_id is None:
        if linked:
            t, p = min(linked)
            field = f"{where}.{t}.players.{p}.player" if where == "teams" else f"players.{t}.player"
            raise Unprocessable(say("only a tournament played in a club (`club`) enters a "
                                    "club's player"), {field: [say("not a club game")]})
        return None
    club = seats.club_of_request(session, club_id, club_token)
    seats.check_players(session, club.id, linked, where, None if where == "teams" else
                        lambda t, _p: f"players.{t}.player")
    return club.id


def stored_team(team: pure.Team) -> dict[str, Any]:
    body: dict[str, Any] = {"name": team.name, "players": list(team.players),
                            "status": team.status}
    if team.joined is not None:
        body["joined"] = team.joined
    if team.withdrawn is not None:
        body["withdrawn"] = team.withdrawn
    return body


def entrants(data: Mapping[str, Any]) -> list[pure.Team]:
    """The teams a new tournament is entered with: a progressive night's `players`, each a
    one-person team, or every other format's `teams`; the other field is refused."""
    progressive = data["format"] == "progressive"
    given, other = ("players", "teams") if progressive else ("teams", "players")
    if other in data or given not in data:
        message = say("this format takes {given}, not {other}", given=given, other=other)
        raise Unprocessable(message, {other if other in data else given: [message]})
    return [entered_team(t) for t in given_teams(data)]


def given_teams(data: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    """The entries as teams: a progressive night's players each a one-person team."""
    if data["format"] == "progressive":
        return [{"name": name_of(p), "players": [p]} for p in data["players"]]
    return list(data["teams"])


# -- writing -----------------------------------------------------------------------------------


def create_tournament(data: Mapping[str, Any], request: WriteRequest,
                      seed_name: str | None = None) -> Reply:
    """Register a tournament: the reply holds the organizer's token and the recovery code,
    shown to this request (and its retries) only and stored hashed."""
    variant = find_variant(data["variant"])
    teams = entrants(data)
    options = pure.check_tournament(data["format"], variant.key,
                                    sides_per_team(variant.key, data["format"]), teams,
                                    data.get("options") or {})
    if options.get("seeding") == "ratings" and data.get("club") is None:
        message = say("seeding by ratings is for a tournament played in a club (`club`)")
        raise Unprocessable(message, {"options.seeding": [message]})

    def create(session: Session) -> tuple[dict[str, Any], str, str]:
        given = given_teams(data)
        where = "players" if data["format"] == "progressive" else "teams"
        club_id = check_links(session, data, request.token, given, where)
        token, code = secrets.token_urlsafe(32), new_recovery_code()
        row = TournamentRow(name=data["name"].strip(), variant=variant.key,
                            format=data["format"], options=options, advances=0,
                            token_hash=hash_token(token), recovery_hash=recovery_hash(code),
                            seed_name=seed_name,
                            language=data.get("language") or chosen_language(),
                            club_id=club_id,
                            teams=[{"name": t.name, "players": list(t.players),
                                    **team_links(g)} for t, g in zip(teams, given, strict=True)])
        session.add(row)
        session.flush()
        return {**tournament_view(row, []), "recovery_code": code}, token, etag(row)

    return create_once(request, create)


def draw(tournament_id: int, seed: int | None, request: WriteRequest) -> Reply:
    def action(session: Session, row: TournamentRow) -> tuple[int, dict[str, Any]]:
        if row.seed is not None:
            raise Conflict(say("the teams were already drawn (seed {seed})", seed=row.seed))
        _check_in_decides(row)
        row.seed = secrets.randbelow(MAX_SEED) if seed is None else seed
        if row.options.get("seeding") == "ratings":
            row.seeds = rated_order(session, row)
        clock.seated(row, 1)
        touch(row)
        session.flush()
        return 200, tournament_view(row, [])

    return guarded_write(guard(tournament_id), request, action)


def rated_order(session: Session, row: TournamentRow) -> list[int]:
    """The field at the draw (after check-in decided it), strongest team first: a team's strength
    is the mean of its players' mu in the variant's family, a guest or unrated player at the
    newcomer's mu; level teams keep their listed order."""
    field_ = [i for i, team in enumerate(teams_of(row))
              if team.joined is None and team.withdrawn != 0]
    ids = {i: row.teams[i].get("player_ids") or [] for i in field_}
    linked = {p for players in ids.values() for p in players if p is not None}
    found = {player: mu for player, mu in session.execute(
        select(PlayerRating.player_id, PlayerRating.mu)
        .where(PlayerRating.player_id.in_(linked),
               PlayerRating.family == find_variant(row.variant).family))}
    newcomer = ratings.DEFAULT[0]

    def strength(i: int) -> float:
        players = row.teams[i]["players"]
        links = list(ids[i]) + [None] * (len(players) - len(ids[i]))
        return fmean(found.get(p, newcomer) if p is not None else newcomer for p in links)

    return sorted(field_, key=lambda i: -strength(i))  # sorted is stable: ties as listed


def _check_in_decides(row: TournamentRow) -> None:
    """At the draw: once any team checked in, the teams still only registered are withdrawn
    (not drawn); and enough teams must be left to play."""
    teams = teams_of(row)
    if any(t.status == "checked_in" for t in teams):
        teams = [replace(t, status="withdrawn", withdrawn=0) if t.status == "registered" else t
                 for t in teams]
    least = {"rummy_tables": 3, "progressive": pure.PROGRESSIVE_PLAYERS[0]}.get(row.format, 2)
    if sum(t.withdrawn is None for t in teams) < least:
        raise Conflict(say("the draw needs at least {least} teams in play (checked in, or not "
                           "withdrawn); there are {n}",
                           n=sum(t.withdrawn is None for t in teams), least=least))
    if teams != teams_of(row):
        row.teams = [{**old, **stored_team(t)} for old, t in zip(row.teams, teams, strict=True)]


def report_game(tournament_id: int, key: str, body: Mapping[str, Any],
                request: WriteRequest) -> Reply:
    def action(session: Session, row: TournamentRow) -> tuple[int, dict[str, Any]]:
        games, t = drawn(session, row)
        match = match_of(t, key)
        if match.kind == "bye":
            raise Conflict(refusals.bye(row, match))
        _not_forfeited(row, match)
        not_closed(match)
        if match.complete:
            raise Conflict(refusals.complete(row, match))
        _not_waiting(row, games, match)
        sheet.refuse_typed(session, row, match)
        scores, game_id = _scores(session, row, games, match, body)
        # A scorer's report waits for the other team when the tournament asks for confirmation.
        waits = bool(scorer) and bool(row.options.get("confirm_games"))
        game = TournamentGame(tournament_id=row.id, match=key, number=len(match.results) + 1,
                              scores=scores, teams=list(match.teams), game_id=game_id,
                              confirmed=not waits,
                              reported_by=scorer[0].team if waits else None)
        session.add(game)
        touch(row)
        session.flush()
        return 201, after_view(row, rebuild(row, [*games, game]), key, [], [*games, game])

    scorer: list[ScorerToken] = []
    return guarded_write(guard(tournament_id, key, scorer), request, action)


def correct_game(tournament_id: int, key: str, number: int, body: Mapping[str, Any],
                 cascade: bool, request: WriteRequest, preview: bool = False) -> Reply:
    """Correct a game; with `preview` the very same correction is made and answered, then
    rolled back: nothing is stored (no version, no idempotency record)."""

    def change(session: Session, row: TournamentRow, games: list[TournamentGame],
               match: pure.Match, stored: TournamentGame) -> list[TournamentGame]:
        _may_correct(row, match, stored, scorer)
        others = [g for g in games if g is not stored]
        scores, game_id = _scores(session, row, others, match, body)
        if game_id is None and stored.hand is not None:
            # A deal of the score sheet keeps its link: the scores typed here stand for it
            # until the deal itself is corrected on the sheet.
            game_id = stored.game_id
        stored.scores, stored.game_id, stored.updated_at = scores, game_id, utcnow()
        if not scorer:
            stored.confirmed = True  # the organizer's correction needs nobody's confirmation
        return games

    scorer: list[ScorerToken] = []
    return _amend(tournament_id, key, number, cascade, request, preview, scorer, change)


def remove_game(tournament_id: int, key: str, number: int, cascade: bool,
                request: WriteRequest, preview: bool = False) -> Reply:
    """Remove a reported game (the organizer's): the match's later games move up one, and the
    rounds built on it are rebuilt as for a correction."""

    def change(session: Session, row: TournamentRow, games: list[TournamentGame],
               match: pure.Match, stored: TournamentGame) -> list[TournamentGame]:
        if stored.hand is not None:
            raise Conflict(refusals.sheet_deal(row, match, number, stored.game_id))
        session.delete(stored)
        session.flush()
        later = sorted((g for g in games if g.match == key and g.number > number),
                       key=lambda g: g.number)
        for g in later:  # one at a time: the match's numbers stay unique at every step
            g.number -= 1
            session.flush()
        return [g for g in games if g is not stored]

    return _amend(tournament_id, key, number, cascade, request, preview, [], change,
                  organizer_only=True)


Change = Callable[[Session, TournamentRow, list[TournamentGame], pure.Match, TournamentGame],
                  list[TournamentGame]]


def _amend(tournament_id: int, key: str, number: int, cascade: bool, request: WriteRequest,
           preview: bool, scorer: list[ScorerToken], change: Change,
           organizer_only: bool = False) -> Reply:
    """A correction or removal of a reported game: `change` makes it, then the tournament is
    rebuilt, the games that no longer fit dropped, and the reply says what moved. A preview
    answers the same, then rolls back."""

    def action(session: Session, row: TournamentRow) -> tuple[int, dict[str, Any]]:
        games, t = drawn(session, row)
        match = match_of(t, key)
        stored = next((g for g in games if g.match == key and g.number == number), None)
        if stored is None:
            raise NotFound(refusals.no_game(row, match, number))
        later = built_on(t, match)
        if later > 0 and scorer:
            raise Forbidden(say("later rounds depend on this game, so only the organizer may "
                                "correct it"))
        if later > 0 and not cascade:
            raise Conflict(refusals.later_rounds(row, match))
        games = change(session, row, list(games), match, stored)
        after, dropped = settle(session, row, games)
        # `after` already is the tournament without them: stale games are never applied.
        return 200, correction_view(row, after, key, dropped,
                                    [g for g in games if g not in dropped], preview)

    writes = guard(tournament_id, None if organizer_only else key, scorer)
    if preview:
        return previewed_write(writes, request, action)
    return guarded_write(writes, request, action)


def advance(tournament_id: int, request: WriteRequest) -> Reply:
    def action(session: Session, row: TournamentRow) -> tuple[int, dict[str, Any]]:
        games, t = drawn(session, row)
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
        if len(after.rounds) > len(t.rounds):
            clock.seated(row, len(after.rounds))
        touch(row)
        session.flush()
        return 200, tournament_view(row, games)

    return guarded_write(guard(tournament_id), request, action)


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


# -- what a report or correction may do --------------------------------------------------------


def _not_waiting(row: TournamentRow, games: Sequence[TournamentGame],
                 match: pure.Match) -> None:
    waiting = next((g for g in games if g.match == match.key and not g.confirmed), None)
    if waiting is not None:
        raise Conflict(refusals.waiting(row, match, waiting.number))


def _may_correct(row: TournamentRow, match: pure.Match, stored: TournamentGame,
                 scorer: Sequence[ScorerToken]) -> None:
    """When games are confirmed, a scorer corrects only a game still waiting that their own
    team (or their match's token) reported: a confirmed one is the organizer's to change."""
    if not scorer or not row.options.get("confirm_games"):
        return
    if stored.confirmed:
        raise Forbidden(refusals.confirmed(row, match, stored.number))
    if stored.reported_by is not None and scorer[0].team != stored.reported_by:
        raise Forbidden(refusals.reported_by_other(row, match, stored.number))


def _not_forfeited(row: TournamentRow, match: pure.Match) -> None:
    if match.forfeit and match.kind != "table":
        names = ", ".join(row.teams[t]["name"] for t in match.forfeit)
        raise Conflict(say("match {match} is forfeited: {teams} withdrew", match=match.key,
                           teams=names))
