"""Players' ratings kept (issue 30): derived from a club's finished games by scorekeeper.ratings.

A game finishing adds itself to its players' ratings in the deciding hand's own transaction
(game_finished). Anything that changes what the finished games say — a correction or undo of a
hand of a finished game, a link or unlink of one of its seats, a merge or its undoing, an
erasure — rebuilds the whole club's ratings from its games (rebuild), in the same transaction:
the same ledger always gives the same ratings, and a rebuild of a 50,000-game club takes about
seconds (benchmarks/ratings.py), paid only by those rare writes.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import and_, delete, insert, select, text
from sqlalchemy.orm import Session

from scorekeeper import ratings, store
from scorekeeper.models import Game, GameRecord, Hand, HandRecord, Player, PlayerRating, Seat
from scorekeeper.rules.registry import find_variant, variants
from scorekeeper.services.clubs.records import _readable


def _at(moment: datetime) -> str:
    """A fixed-width UTC time, so that comparing the text compares the times."""
    if moment.tzinfo is None:  # SQLite's datetimes come without their zone (UTC)
        moment = moment.replace(tzinfo=UTC)
    return moment.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


def _game(game_id: int, family: str, state: dict[str, Any], at: datetime,
          seats: list[ratings.SeatPlay]) -> ratings.FinishedGame:
    return ratings.FinishedGame(
        game=game_id, at=_at(at), family=family, scores=tuple(state["scores"]),
        winner=state.get("winner"), hands=state["hands_played"], seats=tuple(seats))


def finished_games(session: Session, club_id: int) -> list[ratings.FinishedGame]:
    """The club's finished games, each at the time its last hand was recorded. Read by Core
    statements: a 50,000-game club's rows go by the ORM's unit of work several times slower."""
    connection = session.connection()
    seats: dict[int, list[tuple[int, int, int | None]]] = {}
    # Put in seat order here: SQLite sorting the club's rows costs a third more than reading them.
    for game_id, seat, side, player in connection.execute(
            select(Seat.game_id, Seat.seat, Seat.side, Seat.player_id)
            .where(Seat.club_id == club_id)):
        seats.setdefault(game_id, []).append((seat, side, player))
    families = {v.key: v.family for v in variants()}
    games = []
    for game_id, variant, state, at in connection.execute(
            select(Game.id, Game.variant, Game.state, Hand.created_at)
            .join(Hand, and_(Hand.game_id == Game.id,
                             Hand.number == Game.state["hands_played"].as_integer()))
            .where(Game.club_id == club_id)):
        if not state.get("finished") or game_id not in seats:
            continue
        hands = state["hands_played"]
        games.append(_game(game_id, families[variant], state, at, [
            ratings.SeatPlay(player, side, hands) for _seat, side, player in
            sorted(seats[game_id])]))
    return games


RATINGS_LOCK = 0x5241  # with the club's id, the advisory lock of a club's ratings (PostgreSQL)


def _turn(session: Session, club_id: int) -> None:
    """One writer of a club's ratings at a time, until the transaction ends: a game finishing
    while another write rebuilds waits, then reads the rebuilt rows. SQLite's writers already
    take turns. Callers take it last in their transaction (after any game, club or tournament
    row), so that it can never be held while waiting for one."""
    connection = session.connection()
    if connection.dialect.name != "sqlite":
        connection.execute(text("SELECT pg_advisory_xact_lock(:space, :club)"),
                           {"space": RATINGS_LOCK, "club": club_id})


def _row(club_id: int, player: int, family: str, rating: ratings.Rating) -> dict[str, Any]:
    return {"player_id": player, "family": family, "club_id": club_id, "mu": rating.mu,
            "sigma": rating.sigma, "games": rating.games, "value": rating.value,
            "history": [list(point) for point in rating.history]}


def rebuild(session: Session, club_id: int) -> int:
    """Every rating of the club replayed from its finished games; returns the games rated."""
    _turn(session, club_id)
    games = finished_games(session, club_id)
    rebuilt = ratings.rebuild(games)
    session.execute(delete(PlayerRating).where(PlayerRating.club_id == club_id),
                    execution_options={"synchronize_session": False})
    if rebuilt:
        session.execute(insert(PlayerRating), [
            _row(club_id, player, family, rating)
            for (player, family), rating in sorted(rebuilt.items())])
    return len(games)


def _stored(row: PlayerRating) -> ratings.Rating:
    return ratings.Rating(row.mu, row.sigma, row.games,
                          [(g, at, value) for g, at, value in row.history])


def game_finished(session: Session, game: GameRecord, hand: HandRecord) -> None:
    """A club game's deciding hand: the game played into its players' ratings. Should one of
    them hold a game rated after this one (two games finishing in the same instant), the club is
    rebuilt instead, so the order stays the fixed one."""
    if game.club_id is None:
        return
    seats = [ratings.SeatPlay(player, side, game.state["hands_played"])
             for side, player in session.execute(
                 select(Seat.side, Seat.player_id).where(Seat.game_id == game.id)
                 .order_by(Seat.seat))]
    if not any(seat.player is not None for seat in seats):
        return
    _turn(session, game.club_id)
    finished = _game(game.id, find_variant(game.variant).family, game.state, hand.created_at,
                     seats)
    players = sorted({seat.player for seat in seats if seat.player is not None})
    rows = {row.player_id: row for row in session.scalars(select(PlayerRating).where(
        PlayerRating.player_id.in_(players), PlayerRating.family == finished.family))}
    if any(row.history and (row.history[-1][1], row.history[-1][0]) >= finished.key
           for row in rows.values()):
        rebuild(session, game.club_id)
        return
    now: ratings.Ratings = {(p, finished.family): _stored(row) for p, row in rows.items()}
    for player in ratings.rate(now, finished):
        values = _row(game.club_id, player, finished.family, now[(player, finished.family)])
        row = rows.get(player)
        if row is None:
            session.add(PlayerRating(**values))
        else:
            for name, value in values.items():
                setattr(row, name, value)
    session.flush()


def hands_changed(session: Session, game: GameRecord, before: dict[str, Any]) -> None:
    """A correction or undo (`before`: the game's state before it). A game that was or is
    finished replays its club's ratings, unless it ends as it did: finished both times, at the
    same last hand (so decided at the same moment) with every side in the same place."""
    after = game.state
    if game.club_id is None or not (before.get("finished") or after.get("finished")):
        return
    if before.get("finished") and after.get("finished") and (
            before["hands_played"] == after["hands_played"]
            and ratings.ranks(before["scores"], before.get("winner"))
            == ratings.ranks(after["scores"], after.get("winner"))):
        return
    rebuild(session, game.club_id)


def links_changed(session: Session, club_id: int, player_ids: list[int]) -> None:
    """The club's links changed for these players: the ratings replay when the finished games
    they now sit in are not those their ratings were built from, or one of them is gone
    (erased: their seats became guests). A new game's seats change nothing here."""
    ids = sorted(set(player_ids))
    if not ids:
        return
    present = set(session.scalars(select(Player.id).where(Player.id.in_(ids))))
    rated: dict[int, set[int]] = {}
    for player, history in session.execute(
            select(PlayerRating.player_id, PlayerRating.history)
            .where(PlayerRating.player_id.in_(ids))):
        rated.setdefault(player, set()).update(point[0] for point in history)
    seated: dict[int, set[int]] = {}
    for player, game_id, state in session.execute(
            select(Seat.player_id, Seat.game_id, Game.state).join(Game, Game.id == Seat.game_id)
            .where(Seat.player_id.in_(ids))):
        if state.get("finished"):
            seated.setdefault(player, set()).add(game_id)
    if present != set(ids) or rated != seated:
        rebuild(session, club_id)


# -- reading ------------------------------------------------------------------------------------


def player_ratings(player_id: int, token: str | None) -> dict[str, Any]:
    """GET /players/{id}/ratings: the same readers as the player's record."""
    player, _role = _readable(player_id, token)
    rows = store.current().session.scalars(
        select(PlayerRating).where(PlayerRating.player_id == player.id)
        .order_by(PlayerRating.family)).all()
    return {"player": player.id, "ratings": [
        {"family": row.family, "value": row.value, "provisional": row.games <
         ratings.PROVISIONAL, "games": row.games, "mu": row.mu, "sigma": row.sigma,
         "history": [{"game": g, "at": at, "value": value} for g, at, value in row.history]}
        for row in rows]}


def chances(game: GameRecord) -> dict[str, Any]:
    """GET /games/{id}/chances: each side's chance of winning, from its seats' ratings in the
    game's family (a guest, an unlinked name or a player not rated yet at the default);
    `rated` says whether any seat had a rating."""
    session = store.current().session
    family = find_variant(game.variant).family
    sides: list[list[tuple[float, float] | None]] = [[] for _ in game.sides]
    rated = False
    if game.club_id is None:
        for s, side in enumerate(game.sides):
            sides[s] = [None for _ in side["players"]]
    else:
        found = {player: (mu, sigma) for player, mu, sigma in session.execute(
            select(PlayerRating.player_id, PlayerRating.mu, PlayerRating.sigma)
            .join(Seat, Seat.player_id == PlayerRating.player_id)
            .where(Seat.game_id == game.id, PlayerRating.family == family))}
        rated = bool(found)
        for side, player in session.execute(select(Seat.side, Seat.player_id)
                                            .where(Seat.game_id == game.id).order_by(Seat.seat)):
            sides[side].append(None if player is None else found.get(player))
    return {"sides": [{"side": s, "chance": chance}
                      for s, chance in enumerate(ratings.chances(sides))], "rated": rated}
