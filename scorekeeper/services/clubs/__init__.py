"""Clubs: their players, the seats of their games, their ledger (issue 29).

`changed` is the one place every change of links (a seat linked or unlinked, a bulk link, a
merge or its undoing, an erasure) ends in: derived data (records, ratings) hangs its replay here,
one line each."""

from __future__ import annotations

from collections.abc import Iterable

from sqlalchemy.orm import Session

from scorekeeper.models import Club, utcnow
from scorekeeper.services.clubs import ratings


def changed(session: Session, club_id: int, player_ids: Iterable[int | None]) -> None:
    """The club's links changed for these players (None: a seat left unlinked): its version (the
    ETag of its ledger) moves on, in the write's own transaction."""
    club = session.get(Club, club_id)
    if club is None:  # pragma: no cover - every caller holds the club's row
        return
    club.updated_at = utcnow()  # an UPDATE, so the version moves on
    session.flush()
    ratings.links_changed(session, club_id, [p for p in player_ids if p is not None])
