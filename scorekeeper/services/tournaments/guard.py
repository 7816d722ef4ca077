"""What every write to a tournament goes through: the guard of services/writes.py with the
tournament's own loading and authorization (its organizer, or one match's scorer), and the steps
most writes share."""

from __future__ import annotations

from collections.abc import Sequence

from sqlalchemy.orm import Session

from scorekeeper import tournaments as pure
from scorekeeper.errors import Conflict, Forbidden, NotFound
from scorekeeper.i18n import say
from scorekeeper.models import ScorerToken, TournamentGame, TournamentReply, utcnow
from scorekeeper.models import Tournament as TournamentRow
from scorekeeper.services.tournaments.views import (
    etag,
    get_tournament,
    rebuild,
    reported,
    scorer_of,
)
from scorekeeper.services.writes import Guard, check_secret


def guard(tournament_id: int, match: str | None = None,
          scorer_for: list[ScorerToken] | None = None) -> Guard[TournamentRow]:
    """Organizer writes, or (for one match's games) that match's scorer token; the scorer's
    token is noted in `scorer_for`."""

    def authorize(row: TournamentRow, token: str | None) -> None:
        if match is not None and token:
            scorer = scorer_of(row, token)
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
