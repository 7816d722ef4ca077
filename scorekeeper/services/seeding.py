"""Loading demo data: each seed file is one game, recorded hand by hand through the service, or one
tournament, drawn, reported and advanced through the service; each marked as a demo (the start
page's list of them, `listed_demos`) unless loaded unlisted."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from sqlalchemy import delete, select, update

from scorekeeper import site, store
from scorekeeper.errors import ServiceError
from scorekeeper.models import Game, Tournament
from scorekeeper.rules.errors import RuleViolation
from scorekeeper.services.games import create_game, record_hand
from scorekeeper.services.present import standing
from scorekeeper.services.tournaments import lifecycle
from scorekeeper.services.writes import WriteContext, WriteRequest


class SeedRefused(Exception):
    """A seed file the rules refuse; nothing of it is kept."""


def load_seed(name: str, data: Mapping[str, Any], context: WriteContext, base: str, *,
              listed: bool = True) -> str:
    """Create the seed's game unless a game with this seed name exists, listed as a demo or not;
    say what happened, with the links under `base` (the site's address): the new game's scorer
    link (or tournament's organizer link) and its spectator link."""
    if isinstance(data, Mapping) and "tournament" in data:
        return load_tournament(name, data, context, base, listed=listed)
    session = store.current().session
    existing = session.scalars(select(Game).where(Game.seed_name == name)).first()
    if existing is not None:
        list_demo(Game, existing.id, listed)
        return (f"already loaded as game {existing.id}\n"
                f"  spectator link {site.page_link(base, f'g/{existing.id}/watch')}")
    if not isinstance(data, Mapping) or not {"game", "hands"} <= set(data):
        raise SeedRefused('a seed file is {"game": {...}, "hands": [...]}')
    try:
        created = create_game(data["game"], _seeding(context, None, name, None),
                              seed_name=name).body
        game_id, token = created["id"], created["token"]
    except (RuleViolation, ServiceError) as refused:
        raise SeedRefused(f"the game is refused: {refused}") from None
    for number, hand in enumerate(data["hands"], start=1):
        try:
            record_hand(game_id, dict(hand), _seeding(context, token, f"{name}#{number}", hand))
        except (RuleViolation, ServiceError) as refused:
            # Hands commit one by one, so a refused file is removed whole.
            session.execute(delete(Game).where(Game.id == game_id))
            session.commit()
            raise SeedRefused(f"hand {number} is refused: {refused}") from None
    list_demo(Game, game_id, listed)
    return (f"loaded as game {game_id} with {len(data['hands'])} hands: scorer link "
            f"{site.game_link(base, game_id, token)}\n"
            f"  spectator link {site.page_link(base, f'g/{game_id}/watch')}")


def list_demo(model: type[Game] | type[Tournament], row_id: int, listed: bool) -> None:
    """Mark a seeded game or tournament as a demo (or not): only these are listed."""
    store.current().session.execute(update(model).where(model.id == row_id).values(demo=listed))
    store.current().session.commit()


def listed_demos() -> dict[str, list[dict[str, Any]]]:
    """The demo games and tournaments, oldest first, as the start page lists them: what a
    newcomer can open as a spectator. Nothing without the demo mark is ever in it."""
    games = store.current().session.scalars(select(Game).where(Game.demo).order_by(Game.id)).all()
    tournaments_ = store.current().session.scalars(
        select(Tournament).where(Tournament.demo).order_by(Tournament.id)).all()
    return {"games": [{"id": game.id, "variant": game.variant, "sides": game.sides,
                       **{key: value for key, value in standing(game).items()
                          if key in ("status", "winner", "scores", "hands_played")}}
                      for game in games],
            "tournaments": [{"id": row.id, "name": row.name, "variant": row.variant}
                            for row in tournaments_]}


def load_tournament(name: str, data: Mapping[str, Any], context: WriteContext, base: str, *,
                    listed: bool = True) -> str:
    """{"tournament": {...}, "draw_seed": n, "steps": [{"match": id, "scores": [...]} or
    {"advance": true}, ...]}: created, drawn and played step by step."""
    session = store.current().session
    existing = session.scalars(select(Tournament).where(Tournament.seed_name == name)).first()
    if existing is not None:
        list_demo(Tournament, existing.id, listed)
        return (f"already loaded as tournament {existing.id}\n"
                f"  spectator link {site.page_link(base, f't/{existing.id}')}")
    try:
        created = lifecycle.create_tournament(
            data["tournament"], _seeding(context, None, name, None), seed_name=name).body
        tournament_id, token = created["id"], created["token"]
    except (RuleViolation, ServiceError) as refused:
        raise SeedRefused(f"the tournament is refused: {refused}") from None

    def request(step: str) -> WriteRequest:
        return _seeding(context, token, f"{name}#{step}", None)

    steps = data.get("steps", [])
    number = 0
    try:
        lifecycle.draw(tournament_id, data.get("draw_seed"), request("draw"))
        for number, step in enumerate(steps, start=1):
            if step.get("advance"):
                lifecycle.advance(tournament_id, request(str(number)))
            else:
                lifecycle.report_game(tournament_id, step["match"], step, request(str(number)))
    except (RuleViolation, ServiceError, KeyError) as refused:
        session.execute(delete(Tournament).where(Tournament.id == tournament_id))
        session.commit()
        raise SeedRefused(f"step {number} is refused: {refused}") from None
    list_demo(Tournament, tournament_id, listed)
    return (f"loaded as tournament {tournament_id} with {len(steps)} steps: organizer link "
            f"{site.tournament_link(base, tournament_id, token)}\n"
            f"  spectator link {site.page_link(base, f't/{tournament_id}')}")


def _seeding(context: WriteContext, token: str | None, path: str, body: Any) -> WriteRequest:
    return WriteRequest(token=token, if_match=None, idempotency_key=None, method="SEED",
                        path=path, body=body, context=context)
