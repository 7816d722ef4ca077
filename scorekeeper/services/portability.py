"""Data the user owns: a game exported whole (options, sides, every hand as entered, its history),
imported back as a new game after the rules have checked every hand, and the score sheet as CSV
(services/backup.py builds on these for a backup of everything)."""

from __future__ import annotations

import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from sqlalchemy.orm import Session

from scorekeeper.limits import MAX_CHANGES, MAX_HANDS, history_room
from scorekeeper.models import Game, GameRecord, Hand, HandChange
from scorekeeper.rules.errors import RuleViolation
from scorekeeper.rules.reasons import Reason
from scorekeeper.rules.registry import find_variant
from scorekeeper.rules.sentences import render_all, said, told_as
from scorekeeper.services import present
from scorekeeper.services.games import history, list_hands, table_of
from scorekeeper.services.spreadsheet import csv_text
from scorekeeper.services.writes import Reply, WriteRequest, create_once, hash_token

FORMAT = "scorekeeper.game/1"
# The times an import may carry: instants from 1970 up to the end of 2999 (UTC). Far enough
# either way for any real game, and clear of the ends of what Python and the databases hold.
EARLIEST = datetime(1970, 1, 1, tzinfo=UTC)
LATEST = datetime(3000, 1, 1, tzinfo=UTC)  # excluded


def export_game(game_id: int) -> dict[str, Any]:
    game, hands = list_hands(game_id)
    return export_of(game, hands, history(game_id))


def export_of(game: Game | GameRecord, hands: Sequence[Hand],
              changes: Sequence[HandChange]) -> dict[str, Any]:
    """A game as exported, from its row, its hands and its history (the backup reads them all at
    once)."""
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
        "history": [present.change_view(change) for change in changes],
    }


def moment(text: str, field: str) -> datetime:
    """An instant: ISO 8601 with its offset, in range, in UTC. Stored as UTC because SQLite keeps
    a time's wall clock without its offset, and reads it back as UTC."""
    try:
        parsed = datetime.fromisoformat(text)
    except ValueError:
        raise RuleViolation("date_time", field, text=text) from None
    if parsed.tzinfo is None:
        raise RuleViolation("date_time.offset", field, text=text)
    if not EARLIEST <= parsed < LATEST:
        raise RuleViolation("date_time.range", field, text=text)
    return parsed.astimezone(UTC)


@dataclass
class CheckedGame:
    """An export that the rules have checked: the game (without its token), hands and history,
    ready to be stored."""

    game: Game
    hands: list[Hand]
    changes: list[HandChange]


def check_export(data: Mapping[str, Any]) -> CheckedGame:
    """Every hand of an export scored again: it must give the exported deltas and scores, and the
    hands the exported outcome; RuleViolation naming the field otherwise."""
    if data.get("format") != FORMAT:
        raise RuleViolation("export_format", "format", format=FORMAT)
    variant = find_variant(data["variant"])
    # An export written before an option existed was played without it, whatever its default.
    recorded = {spec.name: spec.before for spec in variant.option_specs
                if spec.before is not None and spec.name not in data["options"]}
    options = variant.resolve_options({**recorded, **data["options"]})
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
            raise RuleViolation("hand_numbering", f"{where}.number", number=i + 1)
        if state.outcome is not None:
            raise RuleViolation("game_over", where)
        try:
            result = variant.score_hand(table, state, entry["input"])
        except RuleViolation as violation:
            raise violation.within("import_hand", f"{where}.input.{violation.field}",
                                   hand=i + 1) from violation
        if list(result.deltas) != entry["deltas"] or list(result.state.scores) != entry["scores"]:
            raise RuleViolation("export_mismatch.hand", f"{where}.deltas", hand=i + 1,
                                deltas=list(result.deltas), exported=entry["deltas"])
        state = result.state
        hands.append(Hand(number=i + 1, input=entry["input"], deltas=list(result.deltas),
                          explanation=list(entry["explanation"]),
                          reasons=[reason.to_dict() for reason in
                                   told_as(result.reasons, entry["explanation"])],
                          state=state.to_dict(),
                          created_at=moment(entry["recorded_at"], f"{where}.recorded_at"),
                          updated_at=moment(entry["updated_at"], f"{where}.updated_at")))
    game.state = state.to_dict()
    outcome = state.outcome
    expected = {"status": "in_progress" if outcome is None else "finished",
                "winner": None if outcome is None else outcome.winner,
                "scores": list(state.scores)}
    exported = {key: data[key] for key in expected}
    if exported != expected:
        raise RuleViolation("export_mismatch.outcome", "scores", expected=expected,
                            exported=exported)
    changes = [HandChange(number=change["number"], action=change["action"],
                          before=change.get("before"), after=change.get("after"),
                          at=moment(change["at"], f"history.{i}.at"))
               for i, change in enumerate(data["history"])]
    if history_room(len(changes), len(hands)) < 0:
        raise RuleViolation("history_limit", "history", hands=len(hands),
                            most=MAX_CHANGES - MAX_HANDS + len(hands))
    return CheckedGame(game, hands, changes)


def import_game(data: Mapping[str, Any], request: WriteRequest) -> Reply:
    """A new game from an export, checked by check_export; nothing is stored unless all of it is
    right."""
    checked = check_export(data)
    game = checked.game

    def create(session: Session) -> tuple[dict[str, Any], str, str]:
        token = secrets.token_urlsafe(32)
        game.token_hash = hash_token(token)
        session.add(game)
        session.flush()
        for hand in checked.hands:
            hand.game_id = game.id
        for change in checked.changes:
            change.game_id = game.id
        session.add_all([*checked.hands, *checked.changes])
        session.flush()
        return present.game_view(game), token, present.etag(game)

    return create_once(request, create)


def sheet_csv(game_id: int) -> str:
    """The score sheet: one row per hand with each side's points and running total."""
    game, hands = list_hands(game_id)
    names = [side["name"] for side in game.sides]
    header = [said("csv", "hand"), *(said("csv", "{side} points").format(side=n) for n in names),
              *(said("csv", "{side} total").format(side=n) for n in names),
              said("csv", "explanation")]
    return csv_text([header, *([hand.number, *hand.deltas, *hand.state["scores"],
                                " / ".join(render_all([Reason.from_dict(r) for r in hand.reasons]))]
                               for hand in hands)])

