"""What every write to a tournament goes through: the guard of services/writes.py with the
tournament's own loading and authorization (its organizer or a co-organizer, one match's scorer,
or for a check-in the door), and the steps most writes share."""

from __future__ import annotations

import hmac
from collections.abc import Sequence

from sqlalchemy import delete
from sqlalchemy.orm import Session

from scorekeeper import tournaments as pure
from scorekeeper.errors import Conflict, Forbidden, NotFound
from scorekeeper.i18n import say
from scorekeeper.models import DeskKey, ScorerToken, TournamentGame, TournamentReply, utcnow
from scorekeeper.models import Tournament as TournamentRow
from scorekeeper.services.clubs.events import watch_tournament
from scorekeeper.services.tournaments import refusals
from scorekeeper.services.tournaments.views import (
    desk_key_of,
    etag,
    get_tournament,
    rebuild,
    reported,
    scorer_of,
)
from scorekeeper.services.writes import Guard, check_secret, hash_token


def guard(tournament_id: int, match: str | None = None,
          scorer_for: list[ScorerToken] | None = None, *, door: bool = False,
          organizer_only: bool = False) -> Guard[TournamentRow]:
    """Organizer writes (a co-organizer's token too, unless `organizer_only`), or (for one
    match's games) that match's scorer token, noted in `scorer_for`; `door`: the door's
    check-in token too."""

    def authorize(row: TournamentRow, token: str | None) -> None:
        if match is not None and token:
            scorer = scorer_of(row, token)
            if scorer is not None:
                if scorer.match != match:
                    raise Forbidden(refusals.other_scorer(row, scorer.match))
                if scorer_for is not None:
                    scorer_for.append(scorer)
                return
        if token and not organizer_only and not hmac.compare_digest(hash_token(token),
                                                                    row.token_hash):
            key: DeskKey | None = desk_key_of(row, token)
            if key is not None and (key.role == "organizer" or door):
                return
        check_secret(token, row.token_hash,
                     say("this write needs the organizer's token (or, for a match's games, its "
                         "scorer token): Authorization: Bearer <token>"),
                     say("that token does not belong to this tournament"))

    return Guard(load=lambda: get_tournament(tournament_id, lock=True), authorize=authorize,
                 replies=TournamentReply, owner="tournament_id", etag=etag,
                 busy=say("the tournament is busy with other writes; send it again"),
                 watch=watch_tournament)


def touch(row: TournamentRow) -> None:
    row.updated_at = utcnow()  # always an UPDATE, so the version (the ETag) moves on every write


def drawn(session: Session, row: TournamentRow) -> tuple[Sequence[TournamentGame],
                                                         pure.Tournament]:
    if row.seed is None:
        raise Conflict(say("the teams have not been drawn yet: POST .../draw first"))
    games = reported(session, row)
    return games, rebuild(row, games)


def match_of(t: pure.Tournament, key: str) -> pure.Match:
    match = t.match(key)
    if match is None:
        raise NotFound(say("there is no match {match} in this tournament", match=key))
    return match


def not_closed(match: pure.Match) -> None:
    """A table of a round played for a time takes no deal once the organizer closed it."""
    if match.closed:
        raise Conflict(say("round {round} is closed: its time is up and table {table} takes no "
                           "more deals", round=match.round, table=match.table))


def built_on(t: pure.Tournament, match: pure.Match) -> int:
    """How many later rounds were built from the match's round (0: none yet)."""
    return t.advances - max(0, match.round - t.rounds_at_draw)


def fits(t: pure.Tournament, game: TournamentGame) -> bool:
    """Whether a game waiting for confirmation is still the next game of its match."""
    match = t.match(game.match)
    return (match is not None and match.kind != "bye" and match.teams == tuple(game.teams)
            and not match.complete and game.number == len(match.results) + 1)


def settle(session: Session, row: TournamentRow,
           games: Sequence[TournamentGame]) -> tuple[pure.Tournament, list[TournamentGame]]:
    """After reported games changed: the tournament rebuilt, the games that no longer fit it
    (stale, or waiting for a confirmation they can no longer get) deleted, its advances and
    version moved on. Answers the rebuilt tournament and the games dropped."""
    session.flush()
    after = rebuild(row, games)
    stale = {(r.match, r.number) for r in after.stale}
    dropped = [g for g in games if (g.match, g.number) in stale
               or (not g.confirmed and not fits(after, g))]
    if dropped:
        session.execute(delete(TournamentGame).where(
            TournamentGame.id.in_([g.id for g in dropped])))
    row.advances = after.advances
    touch(row)
    session.flush()
    return after, dropped
