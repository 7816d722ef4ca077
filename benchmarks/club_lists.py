"""A club's lists under a big ledger: a club of N players and M games, played hand by hand
through the rules, then pages of its lists timed against a bare endpoint.

Usage: python benchmarks/club_lists.py [--players 300] [--games 50000] [--runs 300]
       [--warmup 20] [--database PATH] [--seed 500]

The club is generated once and kept in a SQLite file (default
/tmp/scorekeeper-club-<players>-<games>-<seed>.sqlite), so a rerun only times. Each game is
scored as the API scores it: the variant's own `start` and `score_hand` fold every hand (the
contract games' random but legal hands of benchmarks/record_and_read.py) into the stored state,
explanation and reasons, a thousand games per transaction; the games' history lines are not
written (no list reads them). Each game has four seats, each with its figures as a hand write
leaves them (scorekeeper.records.after_hand, hand after hand); about one seat in ten is a name
typed at the table and linked to nobody ("Marie B."), the others are the club's players.
Timed in-process through Flask's test client (routing, schemas, privacy, SQL, JSON): see
benchmarks/README.md.
"""

from __future__ import annotations

import argparse
import random
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any, NamedTuple

from flask import Flask
from measure import print_table, timed  # benchmarks/measure.py
from record_and_read import random_hand  # benchmarks/record_and_read.py
from sqlalchemy import func, insert, select

from scorekeeper import create_app, records
from scorekeeper.extensions import db
from scorekeeper.models import Club, Game, Hand, Player, Seat
from scorekeeper.rules.errors import RuleViolation
from scorekeeper.rules.registry import find_variant
from scorekeeper.rules.sentences import in_english
from scorekeeper.services.games import reasons_of, table_of
from scorekeeper.services.lists import Filters, cursor_after
from scorekeeper.services.writes import hash_token

API = "/api/v1"
MEMBER = "bench-member-token"
ADMIN = "bench-admin-token"
VARIANTS = (("australian-500", 0.7), ("quebec-500", 0.3))
BATCH = 1000  # games per transaction
SPAN = timedelta(days=730)  # the club's games are spread over two years
UNLINKED = 0.1  # the share of seats left to a typed name, for the unlinked queue
GENERATOR = 2  # in the cache file's name: a club made by an older generator is made again
FIRST = ("Marie", "Jean", "Ann", "Bo", "Cy", "Di", "Luc", "Rose", "Paul", "Lea", "Tom", "Eve")
LAST = ("Bernard", "Dupont", "Tremblay", "Gagnon", "Roy", "Côté", "Bouchard", "Gauthier")


class Stored(NamedTuple):
    """A hand as records.after_hand reads it."""

    number: int
    input: dict[str, Any]
    state: dict[str, Any]


def played(variant_key: str, sides: list[dict[str, Any]], rng: random.Random, hands: int
           ) -> tuple[dict[str, Any], list[dict[str, Any]], list[dict[str, Any]]]:
    """A game folded hand by hand by its variant's rules: its state after the last hand, each
    hand as the service stores it, and each seat's figures as the hand writes leave them."""
    variant = find_variant(variant_key)
    options = variant.resolve_options({})
    game = Game(variant=variant_key, options=options, sides=sides, first_dealer=0, state={})
    table = table_of(game)
    state = variant.start(table)
    rows = []
    figures: list[dict[str, Any]] = [{} for _ in range(table.seats)]
    for number in range(1, hands + 1):
        while True:  # a hand this game's rules refuse (a disabled bid) is drawn again
            hand_input = random_hand(rng)
            try:
                result = variant.score_hand(table, state, hand_input)
                break
            except RuleViolation:
                continue
        with in_english():
            explanation = list(result.explanation)
        state = result.state
        rows.append({"number": number, "input": hand_input, "deltas": list(result.deltas),
                     "explanation": explanation, "reasons": reasons_of(result),
                     "state": state.to_dict()})
        stored = Stored(number, hand_input, rows[-1]["state"])
        figures = [records.after_hand(variant, table, seat, before, stored, result)
                   for seat, before in enumerate(figures)]
        if state.outcome is not None:
            break
    return {"options": options, "state": state.to_dict()}, rows, figures


def generate(app: Flask, players: int, games: int, seed: int) -> None:
    rng = random.Random(seed)
    start = datetime(2024, 1, 1, tzinfo=UTC)
    with app.app_context():
        club = Club(name="Benchmark club", language="en", public=False,
                    token_hash=hash_token(ADMIN),
                    member_token_hash=hash_token(MEMBER), recovery_hash=hash_token("x"))
        db.session.add(club)
        db.session.flush()
        people = [Player(club_id=club.id, name=f"{rng.choice(FIRST)} {rng.choice(LAST)} {i}",
                         visibility=rng.choice(("public", "public", "full", "hidden")))
                  for i in range(players)]
        # The first two are one person entered twice: they never sit at one table, so a merge
        # of the two has seats to move and no game to refuse it.
        people[1].name = f"{people[0].name.rsplit(' ', 1)[0]} bis"
        db.session.add_all(people)
        db.session.commit()
        club_id, ids = club.id, [p.id for p in people]
        names = {p.id: p.name for p in people}
        typed_only = sorted({f"{first} {last[0]}." for first in FIRST for last in LAST})[:40]
        connection = db.session.connection()
        for first in range(0, games, BATCH):
            game_rows, hand_rows, seat_rows = [], [], []
            next_id = (connection.execute(select(func.max(Game.id))).scalar() or 0) + 1
            for n in range(first, min(games, first + BATCH)):
                game_id = next_id + n - first
                sat: list[int | None] = list(rng.sample(ids, 4))
                while ids[0] in sat and ids[1] in sat:
                    sat = list(rng.sample(ids, 4))
                guests = iter(rng.sample(typed_only, 4))
                sat = [None if rng.random() < UNLINKED else p for p in sat]
                typed = [names[p] if p is not None else next(guests) for p in sat]
                sides = [{"name": f"{typed[0]} & {typed[2]}", "players": [typed[0], typed[2]]},
                         {"name": f"{typed[1]} & {typed[3]}", "players": [typed[1], typed[3]]}]
                variant = rng.choices([v for v, _ in VARIANTS], [w for _, w in VARIANTS])[0]
                game, hands, figures = played(variant, sides, rng, rng.randint(3, 40))
                at = start + SPAN * n / games
                game_rows.append({"id": game_id, "variant": variant, "sides": sides,
                                  "first_dealer": 0, "token_hash": hash_token(str(game_id)),
                                  "version": len(hands) + 1, "club_id": club_id,
                                  "created_at": at, "updated_at": at, **game})
                hand_rows += [{"game_id": game_id, "created_at": at, "updated_at": at, **h}
                              for h in hands]
                seat_rows += [{"game_id": game_id, "seat": s, "side": s % 2, "club_id": club_id,
                               "name": typed[s], "player_id": sat[s], "figures": figures[s]}
                              for s in range(4)]
            connection.execute(insert(Game), game_rows)
            connection.execute(insert(Hand), hand_rows)
            connection.execute(insert(Seat), seat_rows)
            db.session.commit()
            connection = db.session.connection()
            print(f"  {min(games, first + BATCH)} games", flush=True)


def cache_path(players: int, games: int, seed: int) -> Path:
    return Path(f"/tmp/scorekeeper-club-v{GENERATOR}-{players}-{games}-{seed}.sqlite")


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--players", type=int, default=300)
    parser.add_argument("--games", type=int, default=50_000)
    parser.add_argument("--runs", type=int, default=300, help="timed calls per row")
    parser.add_argument("--warmup", type=int, default=20, help="untimed calls per row first")
    parser.add_argument("--seed", type=int, default=500)
    parser.add_argument("--database", type=Path)
    args = parser.parse_args()
    path = args.database or cache_path(args.players, args.games, args.seed)
    fresh = not path.exists()
    app = create_app({"DATABASE_URL": f"sqlite:///{path}", "WRITE_LIMIT": "0",
                      "CHECK_LIMIT": "0"})
    if fresh:
        print(f"generating {args.players} players and {args.games} games into {path} ...")
        try:
            generate(app, args.players, args.games, args.seed)
        except BaseException:
            path.unlink(missing_ok=True)  # never keep half a club for the next run
            raise
    with app.app_context():
        club_id = db.session.scalars(select(Club.id)).one()
        games = db.session.scalar(select(func.count()).select_from(Game))
        hands = db.session.scalar(select(func.count()).select_from(Hand))
        player = db.session.scalars(select(Player.id).where(Player.visibility == "public")).first()
        middle = db.session.execute(select(Game.created_at, Game.id).order_by(Game.id)
                                    .offset(games // 2).limit(1)).one()
        deep = cursor_after("games", Filters(club=club_id), (middle[0], middle[1]))
    print(f"club {club_id}: {args.players} players, {games} games, {hands} hands ({path})")
    client = app.test_client()
    member = {"Authorization": f"Bearer {MEMBER}"}
    rows_spec = [
        ("bare: GET /demos", f"{API}/demos", {}),
        ("club players, first page", f"{API}/clubs/{club_id}/players", member),
        ("club games, first page", f"{API}/games?club={club_id}", member),
        ("club games, a page halfway down", f"{API}/games?club={club_id}&cursor={deep}", member),
        ("games filtered (variant, status, since)",
         f"{API}/games?club={club_id}&variant=quebec-500&status=finished"
         "&since=2025-01-01T00:00:00Z", member),
        ("a player's games", f"{API}/players/{player}/games", member),
        ("games filtered by player", f"{API}/games?player={player}&club={club_id}", member),
    ]
    rows = []
    for name, url, headers in rows_spec:
        for _ in range(args.warmup):
            response = client.get(url, headers=headers)
            assert response.status_code == 200, (url, response.get_json())
        samples: list[float] = []
        for _ in range(args.runs):
            timed(samples, lambda url=url, headers=headers: client.get(url, headers=headers))
        rows.append((name, samples))
    print_table(rows)


if __name__ == "__main__":
    main()
