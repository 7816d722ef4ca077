"""How good is a progressive night's movement, and how fast? Repeats against their lower bounds.

Usage: python benchmarks/movement.py [--seed 500] [--seeds 3]

For each field (8 to 64 players, and a few counts that are not multiples of four) and a night of
6, 8 and 10 rounds, the night is seated round by round with
scorekeeper.tournaments.progressive.seat_round (everybody present all night) once per seed
(--seeds of them, from --seed on), and the figures are taken over every player of every night:

- partner repeats of a player: the rounds in which their partner was one they had partnered
  before (3 rounds with the same partner: 2 repeats); mean and max over the players;
- opponent repeats: the same for opponents, counted per opponent (two a round);
- sit-outs per player, min and max;
- the time to seat a round, mean and max, in milliseconds (no database, no Flask).

The lower bounds. A player seated in R of the rounds has had R partners and 2R opponents, each
one of the n - 1 others; at most n - 1 of those can be firsts, so the player has at least
max(0, R - (n - 1)) partner repeats and max(0, 2R - (n - 1)) opponent repeats, whoever seats the
night. The bound columns give the mean of these per-player bounds (the max is the same with the
sit-outs spread evenly, as they are). They are bounds, not always reachable: they do not see that
each round's tables must fit together (8 players over 7 rounds meet each opponent exactly twice
in the best schedules, 7 repeats each, which is the bound; for other counts it may not be
reachable).
With R <= n - 1 and 2R <= n - 1 the bound is no repeat at all.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections import Counter

from scorekeeper.tournaments.progressive import Seating, seat_round

FIELDS = (8, 9, 10, 11, 12, 13, 16, 20, 22, 24, 28, 30, 32, 40, 48, 56, 63, 64)
NIGHTS = (6, 8, 10)


def night(players: int, rounds: int, seed: int) -> tuple[list[Seating], list[float]]:
    history: list[Seating] = []
    times: list[float] = []
    for _ in range(rounds):
        start = time.perf_counter()
        history.append(seat_round(range(players), history, seed))
        times.append((time.perf_counter() - start) * 1000)
    return history, times


def repeats(history: list[Seating], players: int) -> tuple[list[int], list[int], list[int]]:
    """Per player: partner repeats, opponent repeats, sit-outs."""
    partners: Counter[frozenset[int]] = Counter()
    opponents: Counter[frozenset[int]] = Counter()
    partner_rep, opponent_rep, out = [0] * players, [0] * players, [0] * players
    for seating in history:
        for p in seating.sitting_out:
            out[p] += 1
        for table in seating.tables:
            for a, b in (table.north_south, table.east_west):
                if partners[frozenset((a, b))]:
                    partner_rep[a] += 1
                    partner_rep[b] += 1
                partners[frozenset((a, b))] += 1
            for a in table.north_south:
                for b in table.east_west:
                    if opponents[frozenset((a, b))]:
                        opponent_rep[a] += 1
                        opponent_rep[b] += 1
                    opponents[frozenset((a, b))] += 1
    return partner_rep, opponent_rep, out


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--seed", type=int, default=500, help="the first seed (default 500)")
    parser.add_argument("--seeds", type=int, default=3,
                        help="nights per field and length, one a seed (default 3)")
    args = parser.parse_args()
    head = (f"{'players':>7} {'rounds':>6} | {'partner rep mean':>16} {'max':>3} {'bound':>5} | "
            f"{'opponent rep mean':>17} {'max':>3} {'bound':>5} | {'sit-outs':>8} | "
            f"{'ms/round mean':>13} {'max':>6}")
    print(head)
    print("-" * len(head))
    all_times: list[float] = []
    for players in FIELDS:
        for rounds in NIGHTS:
            p_rep: list[int] = []
            o_rep: list[int] = []
            outs: list[int] = []
            p_bound: list[int] = []
            o_bound: list[int] = []
            times: list[float] = []
            for seed in range(args.seed, args.seed + args.seeds):
                history, took = night(players, rounds, seed)
                pr, orep, out = repeats(history, players)
                p_rep += pr
                o_rep += orep
                outs += out
                seated = [rounds - o for o in out]
                p_bound += [max(0, r - (players - 1)) for r in seated]
                o_bound += [max(0, 2 * r - (players - 1)) for r in seated]
                times += took
            all_times += times
            print(f"{players:>7} {rounds:>6} | {statistics.mean(p_rep):>16.2f} {max(p_rep):>3} "
                  f"{statistics.mean(p_bound):>5.2f} | {statistics.mean(o_rep):>17.2f} "
                  f"{max(o_rep):>3} {statistics.mean(o_bound):>5.2f} | "
                  f"{min(outs):>4}–{max(outs):<3} | {statistics.mean(times):>13.2f} "
                  f"{max(times):>6.1f}")
    start = time.perf_counter()
    night(64, 12, args.seed)
    print(f"\n64 players × 12 rounds, one night: {(time.perf_counter() - start) * 1000:.0f} ms; "
          f"every round above: mean {statistics.mean(all_times):.2f} ms, "
          f"max {max(all_times):.1f} ms")


if __name__ == "__main__":
    main()
