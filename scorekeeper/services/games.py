"""Games and hands: load, check, fold the rules, persist, commit — one transaction per write.

Every hand write goes through the guard of services/writes.py: the game exists (404), the token is
right (401/403), a retried Idempotency-Key replays its first reply, If-Match is current (412), then
the rules decide (422/409).

The game row is read as a GameRecord, and it, a new hand and the history line are written by
prepared Core statements rather than the ORM's unit of work: writers of one database (SQLite) or
game take turns, so every microsecond between the lock and the commit is paid again by each writer
queued behind. A correction, rare and touching many hands, updates them through the ORM.
"""

from __future__ import annotations

import hmac
import secrets
from collections.abc import Callable, Mapping, Sequence
from dataclasses import fields
from datetime import datetime
from typing import Any

from sqlalchemy import Connection, bindparam, delete, func, insert, select, update
from sqlalchemy.orm import Session
from sqlalchemy.orm.exc import StaleDataError

from scorekeeper import records, store
from scorekeeper.errors import Conflict, NotFound, Unprocessable
from scorekeeper.i18n import say
from scorekeeper.limits import MAX_CHANGES, MAX_HANDS, history_room
from scorekeeper.models import (
    Game,
    GameRecord,
    Hand,
    HandChange,
    HandRecord,
    IdempotentReply,
    utcnow,
)
from scorekeeper.rules.base import GameState, HandResult, Table, Variant
from scorekeeper.rules.errors import RuleViolation
from scorekeeper.rules.registry import find_variant
from scorekeeper.rules.sentences import in_english, number
from scorekeeper.services import present
from scorekeeper.services.clubs import events as club_events
from scorekeeper.services.clubs import ratings, seats
from scorekeeper.services.clubs import records as club_records
from scorekeeper.services.tournaments import sheet
from scorekeeper.services.writes import (
    Guard,
    Reply,
    WriteRequest,
    check_secret,
    create_once,
    guarded_write,
    hash_token,
    lock_for_writing,
    previewed_write,
    read_version,
)

__all__ = ["Reply", "WriteRequest"]  # the HTTP layer's names for a write and its answer


# Prepared once: the statements of a hand write are compiled on the first write, then cached.
_READ = select(*(getattr(Game, f.name) for f in fields(GameRecord))).where(
    Game.id == bindparam("game_id"))
_READ_FOR_WRITE = _READ.with_for_update()
_MOVE = (update(Game)
         .where(Game.id == bindparam("game_id"), Game.version == bindparam("was"))
         .values(state=bindparam("state"), updated_at=bindparam("now"),
                 version=bindparam("was") + 1))
_NEW_HAND = insert(Hand)
_HAND_FIELDS = [f.name for f in fields(HandRecord)]
_NEW_CHANGE = insert(HandChange)
_VARIANT = select(Game.variant).where(Game.id == bindparam("game_id"))
_CHANGES = select(func.count()).select_from(HandChange).where(
    HandChange.game_id == bindparam("game_id"))


def table_of(game: Game | GameRecord) -> Table:
    return records.table_of(game.sides, game.options, game.first_dealer)


# -- games --------------------------------------------------------------------------------------


def create_game(data: Mapping[str, Any], request: WriteRequest,
                seed_name: str | None = None) -> Reply:
    """Create a game: the reply holds its token, shown to this request (and its retries) only
    and stored hashed."""
    variant = find_variant(data["variant"])
    options = variant.resolve_options(data.get("options") or {})
    sides, linked = seats.split_sides(data["sides"])
    club_id = data.get("club")
    if club_id is None and linked:
        s, p = min(linked)
        raise Unprocessable(say("only a game played in a club (`club`) seats a club's player"),
                            {f"sides.{s}.players.{p}.player": [say("not a club game")]})

    def create(session: Session) -> tuple[dict[str, Any], str, str]:
        if club_id is not None:
            seats.check_players(session, seats.club_of_request(session, club_id,
                                                               request.token).id, linked)
        game = Game(variant=variant.key, options=options, sides=sides,
                    first_dealer=data.get("first_dealer", 0), state={}, seed_name=seed_name,
                    club_id=club_id)
        table = table_of(game)
        variant.check_table(table)
        game.state = variant.start(table).to_dict()
        token = secrets.token_urlsafe(32)  # 256 random bits
        game.token_hash = hash_token(token)
        session.add(game)
        session.flush()
        if club_id is None:
            return present.game_view(game), token, present.etag(game)
        seats.add_seats(session, game, linked)
        return (present.game_view(game, seats.seats_of(session, game.id)), token,
                present.etag(game))

    return create_once(request, create)


def game_tag(game_id: int) -> str:
    """The game's ETag from its version column alone, or NotFound: all a cached read needs."""
    version = read_version(Game, game_id)
    if version is None:
        raise NotFound(say("there is no game {game}", game=game_id))
    return present.tag(game_id, version)


def variant_of(game_id: int) -> Variant | None:
    """The game's variant, or None when there is no such game: read on its own, straight from
    the engine (a game's variant never changes), so that its hands are read by its family's
    schema before the write."""
    with store.current().engine.connect() as connection:
        key: str | None = connection.execute(_VARIANT, {"game_id": game_id}).scalar()
    return None if key is None else find_variant(key)


def tagged_view(game_id: int) -> tuple[str, dict[str, Any]]:
    """The game loaded afresh: its ETag and its view, from the same row."""
    game = get_game(game_id)
    if game.club_id is None:
        return present.etag(game), present.game_view(game)
    return present.etag(game), present.game_view(
        game, seats.seats_of(store.current().session, game.id))


def get_game(game_id: int, *, lock: bool = False) -> GameRecord:
    """The game, or NotFound. With `lock`, for writing: queue behind any other writer of the same
    database (SQLite) or game row (others), so writers wait their turn instead of failing."""
    session = store.current().session
    if lock:
        lock_for_writing(session)
    row = session.connection().execute(_READ_FOR_WRITE if lock else _READ,
                                       {"game_id": game_id}).first()
    if row is None:
        raise NotFound(say("there is no game {game}", game=game_id))
    return GameRecord(*row)


def list_hands(game_id: int) -> tuple[GameRecord, Sequence[Hand]]:
    game = get_game(game_id)
    hands = store.current().session.scalars(
        select(Hand).where(Hand.game_id == game_id).order_by(Hand.number)).all()
    return game, hands


def get_hand(game_id: int, number: int) -> tuple[GameRecord, Hand]:
    game = get_game(game_id)
    return game, _hand(store.current().session, game, number)


def history(game_id: int) -> Sequence[HandChange]:
    get_game(game_id)
    return store.current().session.scalars(
        select(HandChange).where(HandChange.game_id == game_id).order_by(HandChange.id)).all()


def table_bids(game_id: int) -> list[dict[str, Any]]:
    """Every bid this game's table may win an auction with, under its options, in auction
    order, with the points it scores when made (empty for games without an auction)."""
    game = get_game(game_id)
    variant = find_variant(game.variant)
    return [present.bid_view(bid) for bid in variant.table_bids(table_of(game))]


def preview_hand(game_id: int, hand_input: dict[str, Any]) -> dict[str, Any]:
    """What recording this hand next would give, checked by the same rules; nothing is stored."""
    game = get_game(game_id)
    return present.preview_view(_next_hand(game, find_variant(game.variant), hand_input,
                                           utcnow())[0])


def _next_hand(game: GameRecord, variant: Variant, hand_input: dict[str, Any],
               now: datetime) -> tuple[HandRecord, HandResult]:
    """The next hand as the rules score it, for recording or previewing alike."""
    state = GameState.from_dict(game.state)
    _refuse_if_over(game, state)
    result = variant.score_hand(table_of(game), state, hand_input)
    with in_english():  # what is stored is English; a reply says it in its own language
        explanation = list(result.explanation)
    return HandRecord(game.id, state.hands_played + 1, hand_input, list(result.deltas),
                      explanation, reasons_of(result), result.state.to_dict(), now, now), result


def _refuse_if_over(game: GameRecord, state: GameState) -> None:
    if state.outcome is not None:
        if state.outcome.winner is None:
            raise Conflict(say("the game is over, so no more hands can be recorded; undo or "
                               "correct a hand to reopen it"))
        raise Conflict(say("the game is over ({winner} won), so no more hands can be recorded; "
                           "undo or correct a hand to reopen it",
                           winner=game.sides[state.outcome.winner]["name"]))
    if state.hands_played >= MAX_HANDS:
        raise Conflict(say("a game holds at most {most} hands (what an export can carry back "
                           "in); start a new game", most=number(MAX_HANDS)))


def _refuse_if_history_full(connection: Connection, game: GameRecord, lines: int) -> None:
    """A correction adds a line to the history and an undo two (its own, and the one the hand
    recorded again will add): refused when the history would outgrow what an export carries."""
    changes = connection.execute(_CHANGES, {"game_id": game.id}).scalar_one()
    if history_room(changes, game.state["hands_played"]) < lines:
        raise Conflict(say("this game's history is full ({changes} changes; an export carries "
                           "{most}); start a new game", changes=number(changes),
                           most=number(MAX_CHANGES)))


# -- hand writes --------------------------------------------------------------------------------


def record_hand(game_id: int, hand_input: dict[str, Any], request: WriteRequest) -> Reply:
    def record(session: Session, game: GameRecord, variant: Variant
               ) -> tuple[int, dict[str, Any]]:
        now = utcnow()
        hand, result = _next_hand(game, variant, hand_input, now)
        connection = session.connection()
        connection.execute(_NEW_HAND, {f: getattr(hand, f) for f in _HAND_FIELDS})
        _log(connection, game, hand.number, "recorded", now, after=_snapshot(hand))
        _move_to(connection, game, hand.state, now)
        club_records.add_hand(session, game, hand, result)
        sheet.sync(session, game, role[0], cascade=False)
        if result.state.outcome is not None:  # last: it may wait for the club's ratings
            ratings.game_finished(session, game, hand)
        return 201, present.hand_view(hand, game)

    role: list[sheet.Role] = []
    return _write(game_id, request, record, role)


def correct_hand(game_id: int, number: int, hand_input: dict[str, Any],
                 request: WriteRequest, cascade: bool = False, preview: bool = False) -> Reply:
    """Correct a hand; with `preview` the same correction is made, answered (with what it
    does to a tournament's match and later rounds, on a tournament's sheet), then rolled back."""
    def correct(session: Session, game: GameRecord, variant: Variant
                ) -> tuple[int, dict[str, Any]]:
        was = game.state
        hands = session.scalars(select(Hand).where(Hand.game_id == game.id, Hand.number >= number)
                                .order_by(Hand.number)).all()
        if not hands or hands[0].number != number:
            raise NotFound(say("game {game} has no hand {number}", game=game.id, number=number))
        _refuse_if_history_full(session.connection(), game, 1)
        table = table_of(game)
        state = _state_before(session, game, variant, number)
        before, now = _snapshot(hands[0]), utcnow()
        inputs = [hand_input, *(h.input for h in hands[1:])]
        for hand, entered in zip(hands, inputs, strict=True):
            if state.outcome is not None:
                raise Conflict(say("with this correction the game ends at hand {hand}, but "
                                   "later hands were recorded; undo them first",
                                   hand=hand.number - 1))
            try:
                result = variant.score_hand(table, state, entered)
            except RuleViolation as violation:
                if hand.number == number:
                    raise
                raise violation.within("correction", violation.field,
                                       hand=hand.number) from violation
            hand.input, hand.deltas = entered, list(result.deltas)
            with in_english():
                hand.explanation = list(result.explanation)
            hand.state = result.state.to_dict()
            hand.reasons = reasons_of(result)
            hand.updated_at = now
            state = result.state
        connection = session.connection()
        _log(connection, game, number, "corrected", now, before=before,
             after=_snapshot(hands[0]))
        _move_to(connection, game, state.to_dict(), now)
        club_records.refresh_figures(session, game)
        body = _synced(session, game, role[0], cascade, preview,
                       present.hand_view(hands[0], game), "tournament")
        ratings.hands_changed(session, game, was)  # last: it may wait for the club's ratings
        return 200, body

    role: list[sheet.Role] = []
    return _write(game_id, request, correct, role, cascade, preview)


def undo_hand(game_id: int, number: int, request: WriteRequest, cascade: bool = False,
              preview: bool = False) -> Reply:
    """Undo the last hand; `preview` as for a correction."""
    def undo(session: Session, game: GameRecord, variant: Variant
             ) -> tuple[int, dict[str, Any]]:
        hand = _hand(session, game, number)
        was = game.state
        last = game.state["hands_played"]
        if number != last:
            raise Conflict(say("only the last hand ({last}) can be undone; correct hand {number} "
                               "instead", last=last, number=number))
        _refuse_if_history_full(session.connection(), game, 2)
        now = utcnow()
        connection = session.connection()
        _move_to(connection, game, _state_before(session, game, variant, number).to_dict(), now)
        session.execute(delete(Hand).where(Hand.id == hand.id))
        _log(connection, game, number, "undone", now, before=_snapshot(hand))
        club_records.refresh_figures(session, game)
        # A game's `tournament` is its tournament's id: the undo's preview goes beside it.
        body = _synced(session, game, role[0], cascade, preview, present.game_view(game),
                       "tournament_preview")
        ratings.hands_changed(session, game, was)  # last: it may wait for the club's ratings
        return 200, body

    role: list[sheet.Role] = []
    return _write(game_id, request, undo, role, cascade, preview)


def _synced(session: Session, game: GameRecord, role: sheet.Role, cascade: bool, preview: bool,
            body: dict[str, Any], member: str) -> dict[str, Any]:
    """A correction's or undo's reply once its tournament match (if any) follows; a preview
    also says, under `member`, what that does to the tournament."""
    tournament = sheet.sync(session, game, role, cascade, preview)
    return body if tournament is None else {**body, member: tournament}


# -- the write guard ----------------------------------------------------------------------------

Action = Callable[[Session, GameRecord, Variant], tuple[int, dict[str, Any]]]


def _write(game_id: int, request: WriteRequest, action: Action,
           role: list[sheet.Role] | None = None, cascade: bool = False,
           preview: bool = False) -> Reply:
    """`role` is told who the token is: the game's own, or (a game on a tournament's sheet) its
    organizer or its match's scorer."""
    said: list[sheet.Role] = [] if role is None else role

    def authorize(game: GameRecord, token: str | None) -> None:
        said.clear()
        if token and game.tournament_id is not None and not hmac.compare_digest(
                hash_token(token), game.token_hash):
            who = sheet.role_of(game, token)
            if who is not None:
                sheet.cascade_allowed(who, cascade)
                said.append(who)
                return
        check_secret(token, game.token_hash,
                     say("this write needs the game's token: Authorization: Bearer <token>"),
                     say("that token does not belong to this game"))
        sheet.cascade_allowed("game", cascade)
        said.append("game")

    guard = Guard(load=lambda: get_game(game_id, lock=True), authorize=authorize,
                  replies=IdempotentReply, owner="game_id", etag=present.etag,
                  busy=say("the game is busy with other writes; send the hand again"),
                  watch=club_events.watch_game)
    return (previewed_write if preview else guarded_write)(
        guard, request, lambda session, game: action(session, game, find_variant(game.variant)))


def _hand(session: Session, game: GameRecord, number: int) -> Hand:
    hand = session.scalars(select(Hand).where(Hand.game_id == game.id,
                                              Hand.number == number)).first()
    if hand is None:
        raise NotFound(say("game {game} has no hand {number}", game=game.id, number=number))
    return hand


def _state_before(session: Session, game: GameRecord, variant: Variant, number: int) -> GameState:
    if number == 1:
        return variant.start(table_of(game))
    return GameState.from_dict(_hand(session, game, number - 1).state)


def _move_to(connection: Connection, game: GameRecord, state: dict[str, Any],
             now: datetime) -> None:
    """The game's new state, and a new version (its ETag) on every write. The version it was read
    at must still be the stored one; the row lock makes that so, and a write that finds it moved
    all the same is started again by the guard."""
    moved = connection.execute(_MOVE, {"game_id": game.id, "was": game.version,
                                       "state": state, "now": now})
    if moved.rowcount != 1:
        raise StaleDataError(f"game {game.id} moved past version {game.version}")
    game.state, game.updated_at, game.version = state, now, game.version + 1


def _log(connection: Connection, game: GameRecord, number: int, action: str, at: datetime, *,
         before: dict[str, Any] | None = None, after: dict[str, Any] | None = None) -> None:
    """One line of the game's history."""
    connection.execute(_NEW_CHANGE, {"game_id": game.id, "number": number, "action": action,
                                     "at": at, "before": before, "after": after})


def reasons_of(result: HandResult) -> list[dict[str, Any]]:
    """A hand's reasons as stored and served: {"code", "params"} each, in explanation order."""
    return [reason.to_dict() for reason in result.reasons]


def _snapshot(hand: Hand | HandRecord) -> dict[str, Any]:
    return {"input": hand.input, "deltas": list(hand.deltas),
            "scores": list(hand.state["scores"])}
