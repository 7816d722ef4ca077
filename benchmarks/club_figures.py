"""What keeping a club game's seat figures costs a hand write (issue 29): a 20-hand four-handed
game recorded in a club (its four seats' figures refreshed in each write) against the same game
outside any club (a recorded hand adds its own figures: add_hand), and refresh_figures (what a
correction or an undo does: every hand scored again) on the 20 hands.

    .venv/bin/python benchmarks/club_figures.py [--games 20]
"""

from __future__ import annotations

import argparse
import statistics
import time

from measure import expect, print_table, throwaway_app, timed  # benchmarks/measure.py

from scorekeeper.extensions import db
from scorekeeper.models import Club, Game, Seat
from scorekeeper.services.clubs.records import refresh_figures
from scorekeeper.services.games import get_game
from scorekeeper.services.writes import hash_token

SIDES = [{"name": "North-South", "players": ["Ann", "Cy"]},
         {"name": "East-West", "players": ["Bo", "Di"]}]
# Twenty hands that never end the game: the bidding side makes 7 of a suit, turn about.
HANDS = [{"bidder": n % 4, "bid": "7" + "SCDH"[n % 4],
          "tricks": [7, 3] if n % 2 == 0 else [3, 7]} for n in range(20)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=20, help="games of 20 hands each way")
    games = parser.parse_args().games
    with throwaway_app() as app:
        client = app.test_client()
        with app.app_context():
            club = Club(name="Bench", token_hash=hash_token("a"), member_token_hash=hash_token("m"),
                        recovery_hash=hash_token("r"))
            db.session.add(club)
            db.session.commit()
            club_id = club.id
        writes: dict[bool, list[float]] = {False: [], True: []}
        last = 0
        for _ in range(games):
            for in_club in (False, True):
                body = expect(client.post("/api/v1/games", json={
                    "variant": "australian-500", "sides": SIDES,
                    "options": {"target": 1_000_000, "lose_at": None}}), 201, "create")
                last = body["id"]
                if in_club:
                    with app.app_context():
                        row = db.session.get(Game, last)
                        assert row is not None
                        row.club_id = club_id
                        db.session.add_all(Seat(game_id=last, seat=s, side=s % 2, club_id=club_id,
                                                name=SIDES[s % 2]["players"][s // 2])
                                           for s in range(4))
                        db.session.commit()
                auth = {"Authorization": f"Bearer {body['token']}"}
                url = f"/api/v1/games/{last}/hands"
                for hand in HANDS:
                    expect(timed(writes[in_club], lambda h=hand, a=auth, u=url: client.post(
                        u, json=h, headers=a)), 201, "hand")
        refreshes: list[float] = []
        with app.test_request_context():
            game = get_game(last)
            for _ in range(200):
                start = time.perf_counter()
                refresh_figures(db.session, game)
                refreshes.append((time.perf_counter() - start) * 1000)
            db.session.rollback()
        print_table([("hand write, outside a club", writes[False]),
                     ("hand write, club game (4 seats)", writes[True]),
                     ("refresh_figures, 20 hands", refreshes)])
        print(f"extra per write (median): "
              f"{statistics.median(writes[True]) - statistics.median(writes[False]):.2f} ms")


if __name__ == "__main__":
    main()
