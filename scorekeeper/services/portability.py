"""Data the user owns: a game exported whole (options, sides, every hand as entered, its history),
imported back as a new game after the rules have checked every hand, the score sheet as CSV, and
a backup of every game and tournament."""

from __future__ import annotations

import secrets
from collections.abc import Mapping
from datetime import datetime
from typing import Any

from sqlalchemy import select

from scorekeeper.extensions import db
from scorekeeper.models import Game, Hand, HandChange, TournamentGame
from scorekeeper.models import Tournament as TournamentRow
from scorekeeper.rules.errors import RuleViolation
from scorekeeper.rules.registry import find_variant
from scorekeeper.services import present
from scorekeeper.services.games import history, list_hands, table_of
from scorekeeper.services.spreadsheet import csv_text
from scorekeeper.services.writes import hash_token

FORMAT = "scorekeeper.game/1"


def export_game(game_id: int) -> dict[str, Any]:
    game, hands = list_hands(game_id)
    return {
        "format": FORMAT,
        "variant": game.variant, "options": game.options, "sides": game.sides,
        "first_dealer": game.first_dealer,
        "created_at": present.timestamp(game.created_at),
        "updated_at": present.timestamp(game.updated_at),
        **{k: v for k, v in present.standing(game).items() if k in ("status", "winner", "scores")},
        "hands": [{"number": h.number, "input": h.input, "deltas": list(h.deltas),
                   "scores": list(h.state["scores"]), "explanation": list(h.explanation),
                   "recorded_at": present.timestamp(h.created_at),
                   "updated_at": present.timestamp(h.updated_at)} for h in hands],
        "history": [present.change_view(change) for change in history(game_id)],
    }


def moment(text: str, field: str) -> datetime:
    try:
        return datetime.fromisoformat(text.replace("Z", "+00:00"))
    except ValueError:
        raise RuleViolation(f"{text!r} is not a date and time (ISO 8601)", field) from None


def import_game(data: Mapping[str, Any]) -> tuple[Game, str]:
    """A new game from an export: every hand is scored again and must give the exported deltas;
    nothing is stored unless all of it is right."""
    if data.get("format") != FORMAT:
        raise RuleViolation(f"this is not a scorekeeper game export (format {FORMAT})", "format")
    variant = find_variant(data["variant"])
    options = variant.resolve_options(data["options"])
    game = Game(variant=variant.key, options=options, sides=data["sides"],
                first_dealer=data["first_dealer"], state={},
                created_at=moment(data["created_at"], "created_at"),
                updated_at=moment(data["updated_at"], "updated_at"))
    table = table_of(game)
    variant.check_table(table)
    state = variant.start(table)
    hands = []
    for i, entry in enumerate(data["hands"]):
        where = f"hands.{i}"
        if entry["number"] != i + 1:
            raise RuleViolation(f"hands are numbered 1, 2, ...: expected {i + 1}",
                                f"{where}.number")
        if state.finished:
            raise RuleViolation("the game was over before this hand", where)
        try:
            result = variant.score_hand(table, state, entry["input"])
        except RuleViolation as violation:
            raise RuleViolation(f"hand {i + 1}: {violation.message}",
                                f"{where}.input.{violation.field}") from violation
        if list(result.deltas) != entry["deltas"] or list(result.state.scores) != entry["scores"]:
            raise RuleViolation(f"hand {i + 1} scores {list(result.deltas)} under the rules, not "
                                f"the exported {entry['deltas']}", f"{where}.deltas")
        state = result.state
        hands.append(Hand(number=i + 1, input=entry["input"], deltas=list(result.deltas),
                          explanation=list(entry["explanation"]), state=state.to_dict(),
                          created_at=moment(entry["recorded_at"], f"{where}.recorded_at"),
                          updated_at=moment(entry["updated_at"], f"{where}.updated_at")))
    game.state = state.to_dict()
    expected = {"status": "finished" if state.finished else "in_progress",
                "winner": state.winner, "scores": list(state.scores)}
    exported = {key: data[key] for key in expected}
    if exported != expected:
        raise RuleViolation(f"the hands give {expected}, not the exported {exported}", "scores")
    token = secrets.token_urlsafe(32)
    game.token_hash = hash_token(token)
    changes = [HandChange(number=change["number"], action=change["action"],
                          before=change.get("before"), after=change.get("after"),
                          at=moment(change["at"], f"history.{i}.at"))
               for i, change in enumerate(data["history"])]
    session = db.session
    with db.writers_turn():  # a new game: nothing to queue on but, on SQLite, the turn
        session.add(game)
        session.flush()
        for hand in hands:
            hand.game_id = game.id
        for change in changes:
            change.game_id = game.id
        session.add_all([*hands, *changes])
        session.commit()
    return game, token


def sheet_csv(game_id: int) -> str:
    """The score sheet: one row per hand with each side's points and running total."""
    game, hands = list_hands(game_id)
    names = [side["name"] for side in game.sides]
    header = ["hand", *(f"{n} points" for n in names), *(f"{n} total" for n in names),
              "explanation"]
    return csv_text([header, *([hand.number, *hand.deltas, *hand.state["scores"],
                                " / ".join(hand.explanation)] for hand in hands)])


def backup() -> dict[str, Any]:
    """Every game as its export and every tournament with its reported games."""
    session = db.session
    games = session.scalars(select(Game.id).order_by(Game.id)).all()
    tournaments = session.scalars(select(TournamentRow).order_by(TournamentRow.id)).all()
    reported = session.scalars(select(TournamentGame).order_by(
        TournamentGame.tournament_id, TournamentGame.match, TournamentGame.number)).all()
    return {
        "format": "scorekeeper.backup/1",
        "games": [{"id": game_id, **export_game(game_id)} for game_id in games],
        "tournaments": [{
            "id": t.id, "name": t.name, "variant": t.variant, "format": t.format,
            "options": t.options, "teams": t.teams, "seed": t.seed, "advances": t.advances,
            "created_at": present.timestamp(t.created_at),
            "games": [{"match": g.match, "number": g.number, "scores": g.scores,
                       "teams": g.teams, "game_id": g.game_id}
                      for g in reported if g.tournament_id == t.id]} for t in tournaments],
    }

