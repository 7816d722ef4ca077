"""A match played on the score sheet: the table enters each deal as on any game's sheet (bid,
bidder, tricks) and the service reports the match's games itself.

The game belongs to the match (games.tournament_id, games.match). Its sides are the match's teams
in the match's order, so a hand's deltas and a game's scores are already in the order a report
takes. With `game_unit: "deal"` each scored deal is one game of the match (a deal nobody won,
such as a pass-out, is dealt again and reports nothing); with `"game"` the finished game is one.

Every report is made by the hand's own write, in its transaction, after the tournament row is
locked (the game's row is locked first, always in that order): a hand recorded, retried, sent from
two phones or from an offline queue reports exactly as often as it is recorded, that is once.
A correction or undo of a hand brings the match's reports in line with the game again
(`sync`), under the same rules as a correction from the desk: a later round built on the match
needs the organizer and ?cascade=true.
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from sqlalchemy import delete, select
from sqlalchemy.orm import Session

from scorekeeper import store
from scorekeeper import tournaments as pure
from scorekeeper.errors import Conflict, Forbidden
from scorekeeper.i18n import say
from scorekeeper.models import Game, GameRecord, Hand, TournamentGame
from scorekeeper.models import Tournament as TournamentRow
from scorekeeper.rules.base import GameState
from scorekeeper.rules.registry import find_variant
from scorekeeper.services import present
from scorekeeper.services.clubs import seats
from scorekeeper.services.tournaments import refusals
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
    correction_view,
    desk_key_of,
    rebuild,
    reported,
    scorer_of,
)
from scorekeeper.services.writes import Reply, WriteRequest, guarded_write, hash_token

Role = Literal["game", "organizer", "scorer"]


@dataclass(frozen=True)
class Wanted:
    """A game of the match as the sheet game says it is: its scores, and the hand it is (a
    match of deals) or None (the whole game)."""

    hand: int | None
    scores: list[int]


# -- opening the sheet -------------------------------------------------------------------------


def open_sheet(tournament_id: int, key: str, body: Mapping[str, Any],
               request: WriteRequest) -> Reply:
    """The match's game on the sheet: a new one (201, with its own token), or the one the match
    is already playing (200, no token: the match's scorer token and the organizer's write to it
    as well, so a second phone at the table goes on with the same game)."""

    def action(session: Session, row: TournamentRow) -> tuple[int, dict[str, Any]]:
        games, t = drawn(session, row)
        match = match_of(t, key)
        playing = open_game(session, row.id, key)
        if playing is not None:
            return 200, {**present.game_view(playing), "token": None}
        playable(row, match, games)
        variant = find_variant(row.variant)
        game = Game(variant=variant.key, options=variant.resolve_options({}),
                    sides=sides_of(row, match),
                    first_dealer=body.get("first_dealer", 0), state={},
                    tournament_id=row.id, match=key, club_id=row.club_id)
        from scorekeeper.services.games import table_of  # the games service imports this one
        table = table_of(game)
        variant.check_table(table)
        game.state = variant.start(table).to_dict()
        token = secrets.token_urlsafe(32)
        game.token_hash = hash_token(token)
        session.add(game)
        touch(row)  # the match now shows its game on the sheet
        session.flush()
        if row.club_id is None:
            return 201, {**present.game_view(game), "token": token}
        seats.add_seats(session, game, links_of(row, match))  # a club's tournament: its game
        return 201, {**present.game_view(game, seats.seats_of(session, game.id)), "token": token}

    return guarded_write(guard(tournament_id, key), request, action)


def sides_of(row: TournamentRow, match: pure.Match) -> list[dict[str, Any]]:
    """The game's sides in the match's score order: each team, or at a progressive table each
    partnership (named after its two players, as seated)."""
    sides = []
    for side in match.sides:
        players = [p for i in side for p in row.teams[i]["players"]]
        sides.append({"name": " & ".join(row.teams[i]["name"] for i in side),
                      "players": players})
    return sides


def links_of(row: TournamentRow, match: pure.Match) -> dict[tuple[int, int], int]:
    """The club's players of a club tournament's match, by (side, place) as sides_of seats them."""
    links = {}
    for s, side in enumerate(match.sides):
        ids = [p for i in side
               for p in row.teams[i].get("player_ids") or [None] * len(row.teams[i]["players"])]
        links.update({(s, place): player for place, player in enumerate(ids)
                      if player is not None})
    return links


def open_game(session: Session, tournament_id: int, key: str) -> Game | None:
    """The match's game on the sheet still being played, if there is one."""
    for game in session.scalars(select(Game).where(Game.tournament_id == tournament_id,
                                                   Game.match == key)
                                .order_by(Game.id.desc())):
        if GameState.from_dict(game.state).outcome is None:
            return game
    return None


def playable(row: TournamentRow, match: pure.Match, games: Sequence[TournamentGame]) -> None:
    """What a match must be for a game of it to be played: a real match, not forfeited, not
    over, with no reported game waiting for confirmation."""
    if match.kind == "bye":
        raise Conflict(refusals.bye(row, match))
    if match.forfeit and match.kind != "table":
        names = ", ".join(row.teams[t]["name"] for t in match.forfeit)
        raise Conflict(say("match {match} is forfeited: {teams} withdrew", match=match.key,
                           teams=names))
    not_closed(match)
    if match.complete:
        raise Conflict(refusals.over(row, match))
    waiting = next((g for g in games if g.match == match.key and not g.confirmed), None)
    if waiting is not None:
        raise Conflict(refusals.waiting(row, match, waiting.number))


# -- who may write to a game on the sheet --------------------------------------------------------


def role_of(game: GameRecord, token: str) -> Role | None:
    """Besides its own token, a game on the sheet takes its tournament's organizer token and the
    scorer tokens of its match."""
    if game.tournament_id is None:
        return None
    row = store.current().session.get(TournamentRow, game.tournament_id)
    if row is None:
        return None
    scorer = scorer_of(row, token)
    if scorer is not None and scorer.match == game.match:
        return "scorer"
    if row.token_hash == hash_token(token):
        return "organizer"
    key = desk_key_of(row, token)  # a co-organizer is the organizer here; the door is not
    return "organizer" if key is not None and key.role == "organizer" else None


# -- reporting ---------------------------------------------------------------------------------


def wanted(session: Session, game: GameRecord, unit: str, progressive: bool = False
           ) -> list[Wanted]:
    """The match's games that this game on the sheet stands for now."""
    if unit == "game":
        state = GameState.from_dict(game.state)
        return [] if state.outcome is None else [Wanted(None, list(game.state["scores"]))]
    hands = session.execute(select(Hand.number, Hand.deltas).where(Hand.game_id == game.id)
                            .order_by(Hand.number)).all()
    # A deal nobody won (a pass-out, a tie) is dealt again: it is no game of the match. At a
    # progressive table a tie counts (each player adds their side's points); a pass-out does not.
    return [Wanted(number, list(deltas)) for number, deltas in hands
            if (any(deltas) if progressive else len(set(deltas)) > 1)]


def sync(session: Session, game: GameRecord, role: Role, cascade: bool,
         preview: bool = False) -> dict[str, Any] | None:
    """Bring the match's reports in line with the game on the sheet, in the hand's write.
    A new game of the match is reported; a changed one corrected; one the game no longer has
    (an undo, a correction that reopens the game) removed, with the rounds built on it
    rebuilt as a correction from the desk would. With `preview` (the write is rolled back
    after) the later rounds are rebuilt whoever asks, and the answer says what changed and
    who may apply it; else None."""
    if game.tournament_id is None or game.match is None:
        return None
    row = session.get(TournamentRow, game.tournament_id, with_for_update=True,
                      populate_existing=True)
    if row is None or row.seed is None:
        return None  # the tournament was deleted: the game goes on alone
    games, t = drawn(session, row)
    key = game.match
    match = match_of(t, key)
    later = built_on(t, match) > 0
    # A preview rebuilds the later rounds whoever asks: it says who may apply it.
    dropped = _reported(session, row, t, match, games, game,
                        "organizer" if preview else role, cascade or preview)
    if not preview:
        return None
    kept = reported(session, row)
    # Applying: as sent, or (later rounds built on the match) the organizer's with ?cascade=true.
    apply = "now" if not later or (cascade and role == "organizer") else (
        "cascade" if role == "organizer" else "organizer")
    return {**correction_view(row, rebuild(row, kept), key, dropped, kept, True),
            "apply": apply}


def _reported(session: Session, row: TournamentRow, t: pure.Tournament, match: pure.Match,
              games: Sequence[TournamentGame], game: GameRecord, role: Role,
              cascade: bool) -> list[TournamentGame]:
    """The match's reports made what the game says; answers the games dropped from later
    rounds."""
    key = match.key
    want = wanted(session, game, str(row.options.get("game_unit", "deal")),
                  row.format == "progressive")
    mine = [g for g in games if g.match == key and g.game_id == game.id]
    have = [Wanted(g.hand, list(g.scores)) for g in mine]
    if want == have:
        return []
    if [s["name"] for s in sides_of(row, match)] != [side["name"] for side in game.sides]:
        raise Conflict(say("match {match} is no longer between the teams of this game; ask the "
                           "organizer", match=key))
    common = 0
    while common < min(len(want), len(have)) and want[common].hand == have[common].hand:
        common += 1
    if len(want) == len(have) + 1 and common == len(have):
        playable(row, match, games)  # one more game of the match, as a report would add it
        session.add(TournamentGame(tournament_id=row.id, match=key,
                                   number=len(match.results) + 1, scores=want[-1].scores,
                                   teams=list(match.teams), game_id=game.id,
                                   hand=want[-1].hand, confirmed=True))
        touch(row)
        session.flush()
        return []
    return _amend(session, row, t, match, games, mine, want, role, cascade, game.id)


def _amend(session: Session, row: TournamentRow, t: pure.Tournament, match: pure.Match,
           games: Sequence[TournamentGame], mine: Sequence[TournamentGame],
           want: Sequence[Wanted], role: Role, cascade: bool,
           game_id: int) -> list[TournamentGame]:
    """A correction of games already reported: in place where the same games remain, else the
    game's reports replaced (they are the last of their match: nothing is typed for a match
    while it plays on the sheet)."""
    rounds_after = built_on(t, match)
    if rounds_after > 0 and role != "organizer":
        raise Conflict(refusals.organizers_correction(row, match))
    if rounds_after > 0 and not cascade:
        raise Conflict(refusals.later_rounds(row, match))
    later = [g for g in games if g.match == match.key and g not in mine
             and g.number > min((m.number for m in mine), default=0)]
    if later and [w.hand for w in want] != [g.hand for g in mine]:
        raise Conflict(refusals.reported_after(row, match))
    if [w.hand for w in want] == [g.hand for g in mine]:
        for stored, new in zip(mine, want, strict=True):
            stored.scores = new.scores
    else:
        first = min((g.number for g in mine), default=len(match.results) + 1)
        session.execute(delete(TournamentGame).where(
            TournamentGame.id.in_([g.id for g in mine])))
        session.flush()
        games = [g for g in games if g not in mine]
        for n, new in enumerate(want):
            added = TournamentGame(tournament_id=row.id, match=match.key, number=first + n,
                                   scores=new.scores, teams=list(match.teams),
                                   game_id=game_id, hand=new.hand,
                                   confirmed=True)
            session.add(added)
            games = [*games, added]
    _, dropped = settle(session, row, games)
    if any(g.match == match.key for g in dropped):
        raise Conflict(refusals.over_too_soon(row, match))
    return dropped


def refuse_typed(session: Session, row: TournamentRow, match: pure.Match) -> None:
    """A match playing on the sheet takes no typed report: its games come from the sheet."""
    playing = open_game(session, row.id, match.key)
    if playing is not None:
        raise Conflict(refusals.on_sheet(row, match, playing.id))


def cascade_allowed(role: Role | None, cascade: bool) -> None:
    if cascade and role != "organizer":
        raise Forbidden(say("only the organizer may rebuild later rounds (?cascade=true)"))
