"""A progressive night's rounds in time: each round's start, stored when it is seated (the draw,
an advance), and the organizer's close of a round played for a time (option round_minutes).

A timed round has no number of deals: its tables play until the time is up, finish the deal in
play, and the organizer closes the round; from then on its tables take no deal (409), and the
round is complete, so the night can advance. The time is read from `utcnow` here and nowhere
else, so a test can set the clock.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from sqlalchemy.orm import Session

from scorekeeper.errors import Conflict, NotFound
from scorekeeper.i18n import say
from scorekeeper.models import Tournament as TournamentRow
from scorekeeper.models import utcnow
from scorekeeper.services import present
from scorekeeper.services.tournaments.guard import drawn, guard, touch
from scorekeeper.services.tournaments.views import round_ends, tournament_view
from scorekeeper.services.writes import Reply, WriteRequest, guarded_write


def now() -> datetime:
    return utcnow().replace(microsecond=0)


def seated(row: TournamentRow, number: int) -> None:
    """Round `number` of a progressive night was just seated: its start is now."""
    if row.format != "progressive":
        return
    row.clock = {**(row.clock or {}), str(number): {"starts_at": present.timestamp(now())}}


def close_round(tournament_id: int, number: int, request: WriteRequest) -> Reply:
    """The organizer closes a round played for a time, once its time is up."""

    def action(session: Session, row: TournamentRow) -> tuple[int, dict[str, Any]]:
        games, t = drawn(session, row)
        if not 1 <= number <= len(t.rounds):
            raise NotFound(say("there is no round {round} in this tournament", round=number))
        ends = round_ends(row, number)
        if ends is None:
            raise Conflict(say("round {round} is played by deals, not for a time: it is over "
                               "when every table has played them", round=number))
        times = (row.clock or {}).get(str(number), {})
        if times.get("closed_at"):
            raise Conflict(say("round {round} is already closed", round=number))
        left = datetime.fromisoformat(ends) - now()
        if left > timedelta(0):
            minutes = -(-int(left.total_seconds()) // 60)
            raise Conflict(say("round {round}'s time is not up: {minutes} min left",
                               round=number, minutes=minutes))
        row.clock = {**row.clock, str(number): {**times, "closed_at": present.timestamp(now())}}
        touch(row)
        session.flush()
        return 200, tournament_view(row, games)

    return guarded_write(guard(tournament_id), request, action)
