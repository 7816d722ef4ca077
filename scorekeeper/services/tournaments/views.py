"""What a tournament looks like to a reader: the tournament with its rounds, matches and standings
(rebuilt from the stored row and games, never stored themselves), its bracket, its standings as
CSV, who a token is in it, and the formats."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from scorekeeper import store
from scorekeeper import tournaments as pure
from scorekeeper.errors import Conflict, NotFound
from scorekeeper.i18n import say
from scorekeeper.models import DeskKey, Game, ScorerToken, TournamentGame
from scorekeeper.models import Tournament as TournamentRow
from scorekeeper.rules.registry import variants
from scorekeeper.rules.sentences import said
from scorekeeper.services import present
from scorekeeper.services.spreadsheet import csv_text
from scorekeeper.services.writes import check_secret, hash_token, lock_for_writing, read_version
from scorekeeper.tournaments.bracket import bracket


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


def get_tournament(tournament_id: int, *, lock: bool = False) -> TournamentRow:
    session = store.current().session
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
    closed = [int(n) for n, times in (row.clock or {}).items() if times.get("closed_at")]
    return pure.renumbered(pure.build(row.format, teams_of(row), row.options, row.seed,
                                      row.advances if advances is None else advances, reports,
                                      closed, row.seeds),
                           row.tables or {})


def round_ends(row: TournamentRow, number: int) -> str | None:
    """When a round played for a time ends (RFC 3339); None for a round played by deals."""
    minutes = row.options.get("round_minutes")
    starts = (row.clock or {}).get(str(number), {}).get("starts_at")
    if not minutes or not starts:
        return None
    ends = datetime.fromisoformat(starts) + timedelta(minutes=int(minutes))
    return present.timestamp(ends)


def round_times(row: TournamentRow, number: int) -> dict[str, Any]:
    """A progressive round's start, its end if it is played for a time, and its close."""
    times = (row.clock or {}).get(str(number), {})
    return {"starts_at": times.get("starts_at"), "ends_at": round_ends(row, number),
            "closed_at": times.get("closed_at")}


# -- teams -------------------------------------------------------------------------------------


def teams_of(row: TournamentRow) -> list[pure.Team]:
    return [team_of(t) for t in row.teams]


def team_of(stored: Mapping[str, Any]) -> pure.Team:
    """A team as stored in the row's JSON; a team stored before check-in and withdrawals
    existed (no status) reads as "registered"."""
    return pure.Team(stored["name"], tuple(stored["players"]),
                     stored.get("status", "registered"), stored.get("joined"),
                     stored.get("withdrawn"))


def team_view(i: int, team: pure.Team, number: int | None,
              stored: Mapping[str, Any] | None = None) -> dict[str, Any]:
    body = {"team": i, "name": team.name, "players": list(team.players), "number": number,
            "status": team.status, "joined_round": team.joined,
            "withdrawn_round": team.withdrawn or None}
    if stored is not None and "player_ids" in stored:
        body["player_ids"] = list(stored["player_ids"])  # a club tournament's linked players
    return body


# -- the tournament, its matches and standings -------------------------------------------------


def tagged_view(tournament_id: int) -> tuple[str, dict[str, Any]]:
    """The tournament loaded afresh: its ETag and its view, from the same row."""
    row = get_tournament(tournament_id)
    return etag(row), view_of(row)


def view_of(row: TournamentRow) -> dict[str, Any]:
    return tournament_view(row, reported(store.current().session, row))


def tournament_view(row: TournamentRow, games: Sequence[TournamentGame]) -> dict[str, Any]:
    teams = teams_of(row)
    body: dict[str, Any] = {
        "id": row.id, "name": row.name, "variant": row.variant, "format": row.format,
        "options": row.options, "seed": row.seed, "language": row.language,
        "club": row.club_id,
        "created_at": present.timestamp(row.created_at),
        "updated_at": present.timestamp(row.updated_at)}
    if row.format == "progressive":
        body["players"], body["prizes"] = [t.name for t in teams], []
    if row.seed is None:
        return {**body, "status": "registered", "champion": None, "can_advance": False,
                "next_step": say("Draw the team numbers to build the first round."),
                "teams": [team_view(i, t, None, row.teams[i]) for i, t in enumerate(teams)],
                "rounds": [], "standings": [],
                "placings": []}
    t = rebuild(row, games)
    numbers = {team: k + 1 for k, team in enumerate(t.order)}
    sheets = sheet_games(store.current().session, row.id)
    return {
        **body, "status": t.status, "champion": t.champion, "can_advance": t.can_advance,
        "next_step": t.next_step,
        "teams": [team_view(i, team, numbers.get(i), row.teams[i])
                  for i, team in enumerate(teams)],
        "rounds": [{"number": r.number, "name": r.name, "kind": r.kind, "complete": r.complete,
                    **(round_times(row, r.number) if row.format == "progressive" else {}),
                    "matches": [match_view(m, teams, games, sheets) for m in r.matches
                                if m.kind != "empty"]}
                   for r in t.rounds],
        "standings": [standing_view(s, teams) for s in t.standings],
        "placings": [{"place": place, "team": team, "name": teams[team].name}
                     for place, team in t.placings],
        **({"prizes": [{"prize": prize, "player": p, "name": teams[p].name}
                       for prize, p in t.prizes]} if row.format == "progressive" else {}),
    }


def match_view(match: pure.Match, teams: Sequence[pure.Team],
               games: Sequence[TournamentGame] = (),
               sheets: Mapping[str, int] | None = None) -> dict[str, Any]:
    """The match; `games` (every game stored) gives the ones that wait for confirmation,
    `sheets` each match's game on the score sheet."""
    hands = {g.number: g.hand for g in games if g.match == match.key and g.confirmed}
    return {
        "id": match.key, "round": match.round, "table": match.table, "kind": match.kind,
        "teams": list(match.teams),
        "names": [teams[t].name for t in match.teams],
        "partnerships": ([{"seats": seats, "players": list(side),
                           "names": [teams[p].name for p in side]}
                          for seats, side in zip(("north_south", "east_west"), match.sides,
                                                 strict=True)]
                         if match.kind == "partnerships" else None),
        "games": match.games,
        "first_to": match.first_to, "status": match.status, "winner": match.winner,
        "forfeit": list(match.forfeit),
        "wins": list(match.wins) if match.kind != "table" else None,
        "totals": list(match.totals),
        "results": [{"number": r.number, "scores": list(r.scores), "game_id": r.game_id,
                     "hand": hands.get(r.number)}
                    for r in match.results],
        "unconfirmed": [{"number": g.number, "scores": list(g.scores),
                         "reported_by": g.reported_by}
                        for g in games if g.match == match.key and not g.confirmed],
        "sheet": (sheets or {}).get(match.key)}


def standing_view(standing: pure.Standing, teams: Sequence[pure.Team]) -> dict[str, Any]:
    return {"rank": standing.rank, "team": standing.team, "name": teams[standing.team].name,
            "number": standing.number, "played": standing.played, "won": standing.won,
            "lost": standing.lost, "points": standing.points, "scored": standing.scored,
            "against": standing.against}


def after_view(row: TournamentRow, t: pure.Tournament, key: str, dropped: list[dict[str, Any]],
           games: Sequence[TournamentGame] = ()) -> dict[str, Any]:
    teams = teams_of(row)
    match = t.match(key)
    sheets = sheet_games(store.current().session, row.id)
    return {"match": match_view(match, teams, games, sheets) if match else None,
            "dropped": dropped,
            "status": t.status, "champion": t.champion, "can_advance": t.can_advance,
            "next_step": t.next_step}


def correction_view(row: TournamentRow, after: pure.Tournament, key: str,
                    dropped: Sequence[TournamentGame], kept: Sequence[TournamentGame],
                    preview: bool) -> dict[str, Any]:
    """What a correction of match `key`'s games did (or, previewed, would do): the match after
    it, the games dropped and the matches they reopen; a preview adds the standings after."""
    body = {**after_view(row, after, key, [{"match": g.match, "number": g.number}
                                           for g in dropped], kept),
            "reopened": sorted({g.match for g in dropped}, key=match_order),
            "preview": preview}
    if preview:
        teams = teams_of(row)
        body["standings"] = [standing_view(s, teams) for s in after.standings]
    return body


def match_order(key: str) -> tuple[int, int]:
    """"r2m10" after "r2m9": a match key's round and place."""
    round_, _, place = key[1:].partition("m")
    return int(round_), int(place)


def bracket_view(tournament_id: int) -> dict[str, Any]:
    row = get_tournament(tournament_id)
    if row.seed is None:
        raise Conflict(say("the teams have not been drawn yet, so there is no bracket"))
    t = rebuild(row, reported(store.current().session, row))
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


def sheet_games(session: Session, tournament_id: int) -> dict[str, int]:
    """Each match's latest game on the score sheet, {match key: game id}."""
    rows = session.execute(select(Game.match, Game.id).where(Game.tournament_id == tournament_id)
                           .order_by(Game.id)).all()
    return {match: game_id for match, game_id in rows if match is not None}


# -- who a token is, and the formats -----------------------------------------------------------


def scorer_of(row: TournamentRow, token: str) -> ScorerToken | None:
    """The scorer token `token` is in this tournament, if it is one."""
    return store.current().session.scalars(select(ScorerToken).where(
        ScorerToken.tournament_id == row.id,
        ScorerToken.token_hash == hash_token(token))).first()


def desk_key_of(row: TournamentRow, token: str) -> DeskKey | None:
    """The co-organizer's or door's token `token` is in this tournament, if it is one."""
    return store.current().session.scalars(select(DeskKey).where(
        DeskKey.tournament_id == row.id, DeskKey.token_hash == hash_token(token))).first()


def access(tournament_id: int, token: str | None) -> dict[str, Any]:
    """Who a token is in this tournament: its organizer, a co-organizer, the door, or a scorer
    of one match (and team)."""
    row = get_tournament(tournament_id)
    if token:
        scorer = scorer_of(row, token)
        if scorer is not None:
            return {"role": "scorer", "match": scorer.match, "team": scorer.team}
        key = desk_key_of(row, token)
        if key is not None:
            return {"role": "co_organizer" if key.role == "organizer" else "door",
                    "match": None, "team": None}
    check_secret(token, row.token_hash,
                 say("say who you are with a token: Authorization: Bearer <token>"),
                 say("that token does not belong to this tournament"))
    return {"role": "organizer", "match": None, "team": None}


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
