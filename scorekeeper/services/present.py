"""Plain dicts for what the API shows; the stored idempotent replies are these exact dicts."""

from __future__ import annotations

from dataclasses import asdict
from datetime import UTC, datetime
from typing import Any

from scorekeeper.models import Game, GameRecord, Hand, HandChange, HandRecord
from scorekeeper.rules.base import BidSpec, GameState
from scorekeeper.rules.reasons import Reason, contract_made
from scorekeeper.rules.sentences import bid_name, render_all
from scorekeeper.rules.variants.rummy import went_out


def bid_view(bid: BidSpec) -> dict[str, Any]:
    """A bid as GET /variants and GET /games/{id}/bids list it, named in the request's language;
    `points_with_partner` only where a table gives one (five-handed, half shares)."""
    view = {key: value for key, value in asdict(bid).items()
            if not (key == "points_with_partner" and value is None)}
    return {**view, "name": bid_name(bid.code)}


def timestamp(moment: datetime) -> str:
    """In UTC, written with Z, whatever the database hands back: SQLite's datetimes come without
    their zone (they are UTC), PostgreSQL's in the session's time zone."""
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    return moment.astimezone(UTC).isoformat().replace("+00:00", "Z")


def etag(game: Game | GameRecord) -> str:
    return tag(game.id, game.version)


def tag(game_id: int, version: int) -> str:
    return f'"{game_id}-{version}"'


def standing(game: Game | GameRecord) -> dict[str, Any]:
    """Where the game stands: the part of a game that every hand write reports."""
    return standing_of(game.state)


def standing_of(state: dict[str, Any]) -> dict[str, Any]:
    """Where a game with this state (as stored) stands."""
    outcome = GameState.from_dict(state).outcome
    return {
        "status": "in_progress" if outcome is None else "finished",
        "winner": None if outcome is None else outcome.winner,
        "end_reason": None if outcome is None else outcome.end_reason,
        "scores": list(state["scores"]),
        "hands_played": state["hands_played"],
        "dealer": state["dealer"],
        "barred_seat": state.get("barred_seat"),
    }


def game_view(game: Game | GameRecord, seats: list[dict[str, Any]] | None = None
              ) -> dict[str, Any]:
    """The game; a club game's reader is also given its `seats` where the caller read them."""
    view = {
        "id": game.id,
        "variant": game.variant,
        "options": game.options,
        "sides": game.sides,
        "first_dealer": game.first_dealer,
        "tournament": game.tournament_id,
        "match": game.match,
        "club": game.club_id,
        **standing(game),
        "created_at": timestamp(game.created_at),
        "updated_at": timestamp(game.updated_at),
    }
    if seats is not None:
        view["seats"] = seats
    return view


def hand_view(hand: Hand | HandRecord, game: Game | GameRecord | None = None) -> dict[str, Any]:
    view: dict[str, Any] = {
        "number": hand.number,
        **hand.input,
        "deltas": list(hand.deltas),
        "scores": list(hand.state["scores"]),
        # Said in the reply's language from the reasons; the stored English is the export's.
        "explanation": list(render_all([Reason.from_dict(r) for r in hand.reasons])),
        "reasons": list(hand.reasons),
        "recorded_at": timestamp(hand.created_at),
        **outcome(hand.input, hand.reasons),
    }
    if game is not None:
        view["game"] = standing(game)
    return view


def outcome(entered: dict[str, Any], reasons: list[Any]) -> dict[str, Any]:
    """What the hand came to, as the rules say, for a client to show without deciding it: a
    contract hand's `contract` (made or not), a Rummy hand's player who went `out`."""
    if "players" in entered:
        return {"out": went_out(entered["players"])}
    if "bid" in entered or "passed_out" in entered:
        made = contract_made(reasons)
        return {"contract": None if made is None else {"made": made}}
    return {}


def preview_view(hand: HandRecord) -> dict[str, Any]:
    """What recording a hand would give: its reply, without the time it was recorded."""
    view = hand_view(hand)
    del view["recorded_at"]
    view["game"] = standing_of(hand.state)
    return view


def change_view(change: HandChange) -> dict[str, Any]:
    return {
        "number": change.number,
        "action": change.action,
        "at": timestamp(change.at),
        "before": change.before,
        "after": change.after,
    }
