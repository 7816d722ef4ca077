"""A club's events, written to its outbox in the transaction of the change that caused them (a
crash then loses none, and a rolled-back write, a preview, leaves none), with one delivery per
endpoint that takes the event. The sender (services/clubs/sender.py) posts them later, from its
own process; nothing here touches the network.

The write guard (services/writes.py) asks `watch` before a write's action and calls what it
answers after it: the events are the difference between the two.

A correction of a finished game: `game.finished` again whenever the game is finished after the
write and was not before, or its result (winner, end, scores) changed; the event's `corrected` says
which. A correction that un-finishes a game sends nothing; when it finishes again, it sends again.

`season.standings_changed`: a club game finishing, or a finished one corrected or reopened, inside
a season's window (and variants); a club tournament finishing inside one (its placings count as a
night). Changes of links (a late link, a merge) move a ladder too but send nothing: the admin made
them and sees the ladder.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from scorekeeper import tournaments as pure
from scorekeeper.models import Delivery, GameRecord, Outbox, Season, Webhook, utcnow
from scorekeeper.models import Tournament as TournamentRow
from scorekeeper.services import present
from scorekeeper.webhooks.policy import EVENTS

After = Callable[[], None]


def emit(session: Session, club_id: int, type: str, data: dict[str, Any],
         at: datetime | None = None) -> Outbox:
    """One event of the club into its outbox, in the session's transaction, and a delivery of
    it to each of the club's endpoints that takes it. `data` is the event's own part; the
    payload is Standard Webhooks' `{type, timestamp, data}`."""
    assert type in EVENTS, type
    now = at or utcnow()
    event = Outbox(club_id=club_id, type=type, created_at=now,
                   payload={"type": type, "timestamp": present.timestamp(now), "data": data})
    session.add(event)
    session.flush()
    hooks = session.scalars(select(Webhook).where(
        Webhook.club_id == club_id, Webhook.disabled_at.is_(None)).order_by(Webhook.id)).all()
    for hook in hooks:
        if type in hook.events:
            session.add(Delivery(webhook_id=hook.id, outbox_id=event.id, status="pending",
                                 attempts=0, next_attempt_at=now, log=[], created_at=now))
    session.flush()
    return event


# -- games --------------------------------------------------------------------------------------


def watch_game(session: Session, game: GameRecord) -> After | None:
    """Before a hand write to a game: what to emit after it (a club game finishing; a club
    tournament's round or end, for a game on its sheet). None for a game outside any club: it
    has no outbox, and a hand write is the hot path."""
    if game.club_id is None:
        return None
    was = dict(game.state)
    # A club tournament's games on the sheet are club games: no other game needs the look.
    after_tournament = (watch_tournament(session, session.get(TournamentRow, game.tournament_id))
                        if game.tournament_id is not None else None)

    def after() -> None:
        _game_finished(session, game, was)
        if after_tournament is not None:
            after_tournament()

    return after


def _game_finished(session: Session, game: GameRecord, was: dict[str, Any]) -> None:
    now, before = present.standing_of(game.state), present.standing_of(was)
    result = ("winner", "end_reason", "scores")
    if before["status"] == now["status"] == "finished" and all(now[k] == before[k] for k in result):
        return
    assert game.club_id is not None
    if now["status"] == "finished":
        emit(session, game.club_id, "game.finished", {
            "game": game.id, "variant": game.variant, "tournament": game.tournament_id,
            "sides": [_side(side) for side in game.sides],
            "winner": now["winner"], "end_reason": now["end_reason"], "scores": now["scores"],
            "hands_played": now["hands_played"], "corrected": before["status"] == "finished"})
    if "finished" in (now["status"], before["status"]):  # a result came, changed or went
        _seasons_moved(session, game.club_id, game.created_at, game.variant, {"game": game.id})


def _seasons_moved(session: Session, club_id: int, started: datetime, variant: str | None,
                   cause: dict[str, Any]) -> None:
    """`season.standings_changed` for each of the club's seasons whose window holds a result that
    came, changed or went (a game counts on the UTC day it started, a night on its tournament's),
    and that counts its variant. Said without building the ladder before and after: a result in
    the window is what can move it."""
    day = started.date()
    for season in session.scalars(select(Season).where(
            Season.club_id == club_id, Season.starts_on <= day, Season.ends_on >= day)
            .order_by(Season.id)):
        if variant is None or season.variants is None or variant in season.variants:
            emit(session, club_id, "season.standings_changed",
                 {"season": season.id, "name": season.name, **cause})


def _side(side: Any) -> dict[str, Any]:
    """A side as the event names it: its name and its players' names as typed at the table."""
    if not isinstance(side, dict):
        return {"name": str(side), "players": []}
    players = [p["name"] if isinstance(p, dict) else p for p in side.get("players", [])]
    return {"name": side.get("name"), "players": players}


# -- tournaments --------------------------------------------------------------------------------


def watch_tournament(session: Session, row: TournamentRow | None) -> After | None:
    """Before a write to a club tournament: what to emit after it (each round it completes, and
    its end). None for a tournament outside any club."""
    if row is None or row.club_id is None:
        return None
    before = _progress(session, row)

    def after() -> None:
        assert row.club_id is not None
        now = _progress(session, row)
        if now is None:
            return
        rounds, status, t = now
        done_before, status_before = (set(), "playing") if before is None else before[:2]
        for round_ in t.rounds:
            if round_.number in rounds - done_before:
                emit(session, row.club_id, "tournament.round_completed", {
                    "tournament": row.id, "name": row.name, "round": round_.number,
                    "round_name": round_.name, "matches": len(round_.matches)})
        if status == "finished" and status_before != "finished":
            _seasons_moved(session, row.club_id, row.created_at, None, {"tournament": row.id})
            emit(session, row.club_id, "tournament.finished", {
                "tournament": row.id, "name": row.name, "champion": _team(row, t.champion),
                "placings": [{"place": place, "team": _team(row, team)}
                             for place, team in t.placings]})

    return after


def _progress(session: Session, row: TournamentRow
              ) -> tuple[set[int], str, pure.Tournament] | None:
    from scorekeeper.services.tournaments.views import rebuild, reported

    if row.seed is None:
        return None
    session.flush()
    t = rebuild(row, reported(session, row))
    return {r.number for r in t.rounds if r.complete}, t.status, t


def _team(row: TournamentRow, index: int | None) -> dict[str, Any] | None:
    if index is None or not 0 <= index < len(row.teams):
        return None
    team = row.teams[index]
    return {"number": index, "name": team.get("name") if isinstance(team, dict) else str(team)}
