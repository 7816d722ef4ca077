"""A progressive night's movement: who sits with whom, round by round.

Individuals play; each round seats them four to a table as two partnerships, North-South against
East-West. `seat_round` seats one round from the players present and the rounds already played,
so late arrivals and early leavers between rounds only change who is present.

Who sits out, when the count is not a multiple of four: the fewest possible (n mod 4), always
among those who have sat out least (a sit-out is counted only in a round the player was present
for, so an absence is no sit-out), and among those, those who have been present most: nobody
sits out a second time before everybody present has sat out once, and a late arrival is not sent
out ahead of someone who has played the whole night without sitting out.

Who sits with whom minimises, in this order: partner repeats, opponent repeats (each player meets
two opponents a round), and sitting at the same table number again. Why this design:

- A round on its own is a small search; the trap is the night. Seating each round greedily can
  paint a later round into a corner once the partners not yet had run short (8 players: after five
  rounds they can form two triangles, which no round can pair; the free search below, run to n - 1
  rounds over 20 seeds, repeated a partner in 30 to 65 % of the nights of 9, 12, 13, 16 and 20
  players). So a field small enough to run through its partners in a long night (at most
  LONG_NIGHT + 1 players) follows a plan that never runs out: the circle method over the players
  present (pairing.circle_rounds, in an order drawn from the seed) is a 1-factorisation, n - 1
  rounds in which nobody partners anybody twice. Each round takes the best of the plan's rounds
  still open (all its partnerships new, its sit-outs fair: the extra player of an odd count, and
  one of its pairs when two or three sit out), its partnerships grouped into tables by the search
  below moving whole partnerships only.
- Otherwise (a bigger field, or no round of the plan is open: after someone came or left, when the
  sit-outs do not fit, or once the plan has run through) a local search seats the round freely:
  tabu search by swaps of two players, of two partnerships, or of a player with one who could sit
  out in their place, from a few random starts, each stopping as soon as the round repeats
  nothing. It meets fewer opponents twice than the plan (whose partners are fixed), which is why
  bigger fields do not follow the plan. Its cost weighs partner repeats above any number of
  opponent repeats; a pair that already met twice costs more than one that met once, so repeats
  spread over the field.
- Table numbers are given last: the tables are matched to the numbers so that as few players as
  possible sit at a number they sat at before.

Known perfect schedules (whist tournaments, the affine plane of 16) can do better in places, but
only for a fixed field and a fixed number of rounds; a night changes both.
benchmarks/movement.py measures how close this gets to the lower bounds, and how fast it is.
Everything is drawn from `random.Random(f"{seed}/{round}")`: the same night seats the same.
"""

from __future__ import annotations

import random
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from itertools import combinations

from scorekeeper.tournaments.pairing import circle_rounds

LONG_NIGHT = 12  # rounds; a field of at most LONG_NIGHT + 1 players follows the plan
PARTNER_WEIGHT = 1_000_000  # one partner repeat outweighs every opponent repeat of a round
STARTS = 3  # random starts of the free search
STEPS_PER_PLAYER = 6  # the length of one search, in moves per player seated
TABU = 3  # moves for which a player just moved stays put


@dataclass(frozen=True)
class Table:
    number: int
    north_south: tuple[int, int]
    east_west: tuple[int, int]

    @property
    def players(self) -> tuple[int, int, int, int]:
        return (*self.north_south, *self.east_west)


@dataclass(frozen=True)
class Seating:
    """One round: its tables (numbered from 1, in that order) and who sat out."""

    tables: tuple[Table, ...]
    sitting_out: tuple[int, ...]

    @property
    def present(self) -> frozenset[int]:
        return frozenset(p for t in self.tables for p in t.players) | set(self.sitting_out)


class _Met:
    """What the night so far says about the players present, by their index in `players`."""

    def __init__(self, players: Sequence[int], history: Sequence[Seating]) -> None:
        index = {p: i for i, p in enumerate(players)}
        n = len(players)
        self.partners = [[0] * n for _ in range(n)]
        self.opponents = [[0] * n for _ in range(n)]
        self.at_table: list[dict[int, int]] = [{} for _ in range(n)]
        self.sat_out = [0] * n
        self.present = [0] * n
        for seating in history:
            for p in seating.present:
                if p in index:
                    self.present[index[p]] += 1
            for p in seating.sitting_out:
                if p in index:
                    self.sat_out[index[p]] += 1
            for table in seating.tables:
                ns = [index.get(p) for p in table.north_south]
                ew = [index.get(p) for p in table.east_west]
                for a, b in (ns, ew):
                    if a is not None and b is not None:
                        self.partners[a][b] += 1
                        self.partners[b][a] += 1
                for a in ns:
                    for b in ew:
                        if a is not None and b is not None:
                            self.opponents[a][b] += 1
                            self.opponents[b][a] += 1
                for a in (*ns, *ew):
                    if a is not None:
                        self.at_table[a][table.number] = self.at_table[a].get(table.number, 0) + 1

    def table_cost(self, a: int, b: int, c: int, d: int) -> int:
        """a and b partner against c and d: each earlier meeting in the same role costs as many
        as the times they met, so a third meeting costs more than a second."""
        o = self.opponents
        return (PARTNER_WEIGHT * (self.partners[a][b] + self.partners[c][d])
                + o[a][c] + o[a][d] + o[b][c] + o[b][d])


def seat_round(present: Collection[int], history: Sequence[Seating], seed: int) -> Seating:
    """Seat the next round of the night: `present` are the players here for it, `history` the
    rounds played so far, in order."""
    players = sorted(set(present))
    met = _Met(players, history)
    rng = random.Random(f"{seed}/{len(history)}")
    forced, tier, wanted = _sit_out_choice(met)
    planned = (_from_plan(players, met, seed, forced, tier, rng)
               if len(players) - 1 <= LONG_NIGHT else None)
    if planned is not None:
        slots, out = planned
    else:
        slots, out = _free_search(met, forced, tier, wanted, rng)
    tables = _numbered(met, slots)
    return Seating(tuple(Table(number, (players[a], players[b]), (players[c], players[d]))
                         for number, (a, b, c, d) in tables),
                   tuple(sorted(players[i] for i in out)))


def _sit_out_choice(met: _Met) -> tuple[list[int], list[int], int]:
    """Who must sit out, who may (the next in line, all equal), and how many of those."""
    n = len(met.present)
    k = n % 4
    if k == 0:
        return [], [], 0
    def key(i: int) -> tuple[int, int]:
        return met.sat_out[i], -met.present[i]
    order = sorted(range(n), key=key)
    line = key(order[k - 1])
    forced = [i for i in order if key(i) < line]
    tier = [i for i in order if key(i) == line]
    return forced, tier, k - len(forced)


def _from_plan(players: Sequence[int], met: _Met, seed: int, forced: list[int],
               tier: list[int], rng: random.Random) -> tuple[list[int], list[int]] | None:
    """The best of the plan's rounds still open, its partnerships grouped into tables, or None
    if none is: each has a partnership already played, or sit-outs the plan cannot give
    fairly."""
    n = len(players)
    if n < 4:
        return None
    order = list(range(n))
    random.Random(f"{seed}/plan").shuffle(order)
    rounds = circle_rounds(order)
    rng.shuffle(rounds)
    may = set(forced) | set(tier)
    best: tuple[int, list[int], list[int]] | None = None
    for pairs in rounds:
        alone = [a for a, b in pairs if b is None]  # the extra player of an odd count
        whole = [(a, b) for a, b in pairs if b is not None]
        if any(a not in may for a in alone):
            continue
        need = n % 4 - len(alone)
        fits = [out for out in combinations([p for p in whole if set(p) <= may], need // 2)
                if set(forced) <= set(alone).union(*out)]
        if not fits:
            continue
        out_pairs = set(rng.choice(fits))
        kept = [p for p in whole if p not in out_pairs]
        if any(met.partners[a][b] for a, b in kept):
            continue
        slots, cost = _search(met, [p for pair in kept for p in pair], [], set(), rng,
                              partners_kept=True)
        if best is None or cost < best[0]:
            best = (cost, slots, [*alone, *(p for pair in out_pairs for p in pair)])
        if cost == 0:
            break
    return None if best is None else (best[1], best[2])


def _free_search(met: _Met, forced: list[int], tier: list[int], wanted: int,
                 rng: random.Random) -> tuple[list[int], list[int]]:
    best: tuple[int, list[int], list[int]] | None = None
    for _ in range(STARTS):
        bench = rng.sample(tier, wanted)
        out = set(forced) | set(bench)
        seated = [i for i in range(len(met.present)) if i not in out]
        rng.shuffle(seated)
        slots, cost = _search(met, seated, bench, set(tier), rng, partners_kept=False)
        if best is None or cost < best[0]:
            best = (cost, slots, [*forced, *bench])
        if cost == 0:
            break
    assert best is not None
    return best[1], best[2]


def _search(met: _Met, slots: list[int], bench: list[int], tied: set[int],
            rng: random.Random, partners_kept: bool) -> tuple[list[int], int]:
    """Tabu search over the seating `slots` (four a table: partners at 4t, 4t+1 and at 4t+2,
    4t+3). Each move takes a seat at a table that repeats something and makes the best move
    for it not forbidden: its partnership and another change tables; unless `partners_kept`,
    also its player and another change seats, or (one of `tied`) changes place with one on the
    `bench`, sitting out, which is changed in place. A player just moved stays put for a few
    moves, unless moving them gives the best seating yet. Stops at a round without repeats,
    else after a fixed number of moves; returns the best seating seen and its cost."""
    slots = list(slots)
    tables = len(slots) // 4
    cost = [met.table_cost(*slots[4 * t:4 * t + 4]) for t in range(tables)]
    total = sum(cost)
    best_total, best_slots, best_bench = total, list(slots), list(bench)
    tabu: dict[int, int] = {}

    def priced(t: int) -> int:
        return met.table_cost(slots[4 * t], slots[4 * t + 1], slots[4 * t + 2], slots[4 * t + 3])

    def swap(i: int, j: int, width: int) -> None:
        slots[i:i + width], slots[j:j + width] = slots[j:j + width], slots[i:i + width]

    for step in range(STEPS_PER_PLAYER * len(slots) + 20):
        worst = [t for t in range(tables) if cost[t]]
        if not worst:
            break
        t = rng.choice(worst)
        i = 4 * t + rng.randrange(4)
        moves: list[tuple[int, float, str, int, int]] = []  # delta, tie-break, kind, i, j
        for j in range(len(slots)):
            u = j // 4
            if u == t:
                if partners_kept or j // 2 == i // 2:
                    continue
                swap(i, j, 1)
                moves.append((priced(t) - cost[t], rng.random(), "seat", i, j))
                swap(i, j, 1)
                continue
            if not partners_kept:
                swap(i, j, 1)
                moves.append((priced(t) + priced(u) - cost[t] - cost[u], rng.random(),
                              "seat", i, j))
                swap(i, j, 1)
            if j % 2 == 0:
                pair = i - i % 2
                swap(pair, j, 2)
                moves.append((priced(t) + priced(u) - cost[t] - cost[u], rng.random(),
                              "pair", pair, j))
                swap(pair, j, 2)
        if not partners_kept and slots[i] in tied:
            seated = slots[i]
            for b, waiting in enumerate(bench):
                slots[i] = waiting
                moves.append((priced(t) - cost[t], rng.random(), "bench", i, b))
            slots[i] = seated
        moves.sort()
        for delta, _, kind, a, b in moves:
            if kind == "bench":
                who = [slots[a], bench[b]]
            elif kind == "seat":
                who = [slots[a], slots[b]]
            else:
                who = [*slots[a:a + 2], *slots[b:b + 2]]
            if total + delta >= best_total and any(tabu.get(p, -1) >= step for p in who):
                continue
            if kind == "bench":
                slots[a], bench[b] = bench[b], slots[a]
            else:
                swap(a, b, 1 if kind == "seat" else 2)
            for u in {a // 4, t if kind == "bench" else b // 4}:
                cost[u] = priced(u)
            total += delta
            for p in who:
                tabu[p] = step + TABU
            break
        if total < best_total:
            best_total, best_slots, best_bench = total, list(slots), list(bench)
    bench[:] = best_bench
    return best_slots, best_total


def _numbered(met: _Met, slots: list[int]) -> list[tuple[int, tuple[int, int, int, int]]]:
    """The tables matched to the numbers 1, 2, ... so that few sit at a number they had: a
    greedy start, then swaps of two tables' numbers while that helps."""
    groups = [tuple(slots[4 * t:4 * t + 4]) for t in range(len(slots) // 4)]
    def had(group: tuple[int, ...], number: int) -> int:
        return sum(met.at_table[p].get(number, 0) for p in group)
    numbers = list(range(1, len(groups) + 1))
    better = True
    while better:
        better = False
        for a, b in combinations(range(len(groups)), 2):
            now = had(groups[a], numbers[a]) + had(groups[b], numbers[b])
            if had(groups[a], numbers[b]) + had(groups[b], numbers[a]) < now:
                numbers[a], numbers[b] = numbers[b], numbers[a]
                better = True
    seated = sorted(zip(numbers, groups, strict=True))
    return [(number, (g[0], g[1], g[2], g[3])) for number, g in seated]
