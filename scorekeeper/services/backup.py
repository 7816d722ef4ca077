"""A backup of the whole database (services/restore.py loads it into an empty one).

The backup is one consistent snapshot: every read runs in one read transaction (SQLite: one
`BEGIN`, in WAL mode a fixed snapshot; PostgreSQL: REPEATABLE READ), so a write landing while it
runs is either wholly in it or not at all. It holds each game as its export (which POST
/games/import still takes once the backup-only keys are removed) and the stored token hashes,
never a token, so that a restore keeps every game's and tournament's link working.
"""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from scorekeeper import store
from scorekeeper.models import (
    Club,
    DeskKey,
    Game,
    Hand,
    HandChange,
    Merge,
    Player,
    ScorerToken,
    Season,
    Seat,
    Tournament,
    TournamentGame,
    utcnow,
)
from scorekeeper.services import present
from scorekeeper.services.portability import export_of

FORMAT = "scorekeeper.backup/2"
# A game of a backup is its export and these; without them POST /games/import takes it.
GAME_ONLY = ("id", "token_hash", "version", "seed_name", "demo", "tournament", "match", "club")



def build() -> dict[str, Any]:
    """Every game and tournament, read from one snapshot of the database."""
    session = store.current().session
    try:
        _one_snapshot(session)
        games = session.scalars(select(Game).order_by(Game.id)).all()
        hands = _by(session.scalars(select(Hand).order_by(Hand.game_id, Hand.number)),
                    "game_id")
        changes = _by(session.scalars(select(HandChange).order_by(HandChange.game_id,
                                                                  HandChange.id)), "game_id")
        tournaments = session.scalars(select(Tournament).order_by(Tournament.id)).all()
        reported = _by(session.scalars(select(TournamentGame).order_by(
            TournamentGame.tournament_id, TournamentGame.match, TournamentGame.number)),
            "tournament_id")
        scorers = _by(session.scalars(select(ScorerToken).order_by(ScorerToken.tournament_id,
                                                                   ScorerToken.id)),
                      "tournament_id")
        keys = _by(session.scalars(select(DeskKey).order_by(DeskKey.tournament_id, DeskKey.id)),
                   "tournament_id")
        clubs = session.scalars(select(Club).order_by(Club.id)).all()
        players = _by(session.scalars(select(Player).order_by(Player.id)), "club_id")
        seats = _by(session.scalars(select(Seat).order_by(Seat.game_id, Seat.seat)), "club_id")
        merges = _by(session.scalars(select(Merge).order_by(Merge.id)), "club_id")
        seasons = _by(session.scalars(select(Season).order_by(Season.id)), "club_id")
        return {
            "format": FORMAT,
            "written_at": present.timestamp(utcnow()),
            "games": [{"id": g.id, **export_of(g, hands.get(g.id, []), changes.get(g.id, [])),
                       "token_hash": g.token_hash, "version": g.version,
                       "seed_name": g.seed_name, "demo": g.demo, "tournament": g.tournament_id,
                       "match": g.match, "club": g.club_id} for g in games],
            "tournaments": [_tournament(t, reported.get(t.id, []), scorers.get(t.id, []),
                                        keys.get(t.id, [])) for t in tournaments],
            "clubs": [_club(c, players.get(c.id, []), seats.get(c.id, []), merges.get(c.id, []),
                            seasons.get(c.id, [])) for c in clubs],
        }
    finally:
        session.rollback()  # only read: this ends the snapshot


def _one_snapshot(session: Session) -> None:
    """Make the session's next reads one snapshot, until it ends its transaction."""
    dialect = store.current().engine.dialect.name
    if dialect == "postgresql":
        # READ COMMITTED, the default, would take a new snapshot for every statement.
        session.connection(execution_options={"isolation_level": "REPEATABLE READ"})
    elif dialect == "sqlite":
        # pysqlite begins no transaction before a SELECT: without this each read would see
        # whatever was committed just before it.
        session.connection().exec_driver_sql("BEGIN")


def _by(rows: Iterable[Any], key: str) -> dict[int, list[Any]]:
    grouped: dict[int, list[Any]] = {}
    for row in rows:
        grouped.setdefault(getattr(row, key), []).append(row)
    return grouped


def _tournament(t: Tournament, reported: list[TournamentGame], scorers: list[ScorerToken],
                keys: list[DeskKey]) -> dict[str, Any]:
    return {
        "id": t.id, "name": t.name, "variant": t.variant, "format": t.format,
        "options": t.options, "teams": t.teams, "seed": t.seed, "seeds": t.seeds,
        "advances": t.advances,
        "token_hash": t.token_hash, "recovery_hash": t.recovery_hash, "version": t.version,
        "seed_name": t.seed_name,
        "demo": t.demo, "tables": t.tables, "clock": t.clock, "language": t.language,
        "club": t.club_id,
        "created_at": present.timestamp(t.created_at),
        "updated_at": present.timestamp(t.updated_at),
        "games": [{"match": g.match, "number": g.number, "scores": g.scores, "teams": g.teams,
                   "game_id": g.game_id, "hand": g.hand, "confirmed": g.confirmed,
                   "reported_by": g.reported_by, "created_at": present.timestamp(g.created_at),
                   "updated_at": present.timestamp(g.updated_at)} for g in reported],
        "scorers": [{"match": s.match, "team": s.team, "token_hash": s.token_hash,
                     "created_at": present.timestamp(s.created_at)} for s in scorers],
        "keys": [{"role": k.role, "label": k.label, "token_hash": k.token_hash,
                  "created_at": present.timestamp(k.created_at)} for k in keys],
    }


def _club(c: Club, players: list[Player], seats: list[Seat], merges: list[Merge],
          seasons: list[Season]) -> dict[str, Any]:
    """A club with its token hashes (never a token), its players, its games' seats, its merge
    log and its seasons."""
    return {
        "id": c.id, "name": c.name, "language": c.language, "public": c.public,
        "token_hash": c.token_hash, "member_token_hash": c.member_token_hash,
        "recovery_hash": c.recovery_hash, "version": c.version,
        "created_at": present.timestamp(c.created_at),
        "updated_at": present.timestamp(c.updated_at),
        "players": [{"id": p.id, "name": p.name, "kind": p.kind, "visibility": p.visibility,
                     "merged_into": p.merged_into, "created_at": present.timestamp(p.created_at),
                     "updated_at": present.timestamp(p.updated_at)} for p in players],
        "seats": [{"game": s.game_id, "seat": s.seat, "side": s.side, "name": s.name,
                   "player": s.player_id, "figures": s.figures} for s in seats],
        "merges": [{"id": m.id, "from": m.from_player, "into": m.into_player, "seats": m.seats,
                    "created_at": present.timestamp(m.created_at),
                    "undone_at": None if m.undone_at is None
                    else present.timestamp(m.undone_at)} for m in merges],
        "seasons": [{"id": s.id, "name": s.name, "starts_on": s.starts_on.isoformat(),
                     "ends_on": s.ends_on.isoformat(), "variants": s.variants,
                     "counting": s.counting, "version": s.version,
                     "created_at": present.timestamp(s.created_at),
                     "updated_at": present.timestamp(s.updated_at)} for s in seasons],
    }


def write(path: Path) -> dict[str, Any]:
    """Build the backup and put it at `path` atomically: whatever fails, an earlier file there
    stays whole and no temporary file is left."""
    data = build()
    payload = json.dumps(data, ensure_ascii=False, indent=1).encode("utf-8")
    folder = path.absolute().parent
    # mkstemp: in the same folder (so os.replace is atomic) and readable by the owner only.
    handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=folder)
    try:
        with os.fdopen(handle, "wb") as out:
            out.write(payload)
            out.flush()
            os.fsync(out.fileno())
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
    _fsync_folder(folder)  # the rename itself survives a crash only once the folder is synced
    return data


def _fsync_folder(folder: Path) -> None:
    handle = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(handle)
    finally:
        os.close(handle)
