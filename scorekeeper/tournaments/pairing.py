"""Who meets whom: the draw, brackets, the circle method, Swiss pairing and Rummy tables."""

from __future__ import annotations

import math
import random
from collections.abc import Collection, Sequence


def draw_order(n: int, seed: int) -> tuple[int, ...]:
    """order[k] is the team that drew number k + 1; the same seed always draws the same."""
    order = list(range(n))
    random.Random(seed).shuffle(order)
    return tuple(order)


def bracket_seeds(size: int) -> tuple[int, ...]:
    """Seed numbers in bracket order so that the top seeds meet as late as possible:
    8 → 1, 8, 4, 5, 2, 7, 3, 6."""
    seeds = [1]
    while len(seeds) < size:
        total = 2 * len(seeds) + 1
        seeds = [s for seed in seeds for s in (seed, total - seed)]
    return tuple(seeds)


def bracket_size(n: int) -> int:
    return 1 << max(1, math.ceil(math.log2(n)))


def circle_rounds(order: Sequence[int]) -> list[list[tuple[int, int | None]]]:
    """Round robin by the circle method: the first team stays, the others rotate. An odd field
    adds an empty seat (None): whoever meets it sits the round out."""
    seats: list[int | None] = list(order)
    if len(seats) % 2:
        seats.append(None)
    n = len(seats)
    rounds = []
    for _ in range(n - 1):
        pairs = []
        for i in range(n // 2):
            a, b = seats[i], seats[n - 1 - i]
            if a is None:
                a, b = b, a
            assert a is not None
            pairs.append((a, b))
        rounds.append(pairs)
        seats = [seats[0], seats[-1], *seats[1:-1]]
    return rounds


def swiss_pairs(ranked: Sequence[int], met: Collection[frozenset[int]],
                had_bye: Collection[int]) -> tuple[list[tuple[int, int]], int | None] | None:
    """Pair the ranked teams top-down, each with the best-placed opponent not met before; an odd
    field gives the bye to the lowest-ranked team without one. None if no pairing avoids a
    rematch."""
    candidates: list[int | None] = [None]
    if len(ranked) % 2:
        candidates = [t for t in reversed(ranked) if t not in had_bye] or list(reversed(ranked))
    for bye in candidates:
        rest = [t for t in ranked if t != bye]
        pairs = pair_without_rematch(rest, met)
        if pairs is not None:
            return pairs, bye
    return None


def pair_without_rematch(teams: list[int], met: Collection[frozenset[int]]
                         ) -> list[tuple[int, int]] | None:
    if not teams:
        return []
    first, rest = teams[0], teams[1:]
    for i, other in enumerate(rest):
        if frozenset((first, other)) in met:
            continue
        tail = pair_without_rematch(rest[:i] + rest[i + 1:], met)
        if tail is not None:
            return [(first, other), *tail]
    return None


def table_sizes(n: int, table_size: int) -> list[int]:
    """As many tables as table_size asks, but none under three players; sizes differ by at most
    one, the bigger tables first."""
    tables = max(1, min(math.ceil(n / table_size), n // 3))
    small, extra = divmod(n, tables)
    return [small + 1] * extra + [small] * (tables - extra)


def draw_tables(players: Sequence[int], table_size: int, seed: int, round_number: int
                ) -> list[tuple[int, ...]]:
    """Seat the players at tables at random, afresh each round (reproducible from the seed)."""
    shuffled = list(players)
    random.Random(f"{seed}/{round_number}").shuffle(shuffled)
    tables, start = [], 0
    for size in table_sizes(len(shuffled), table_size):
        tables.append(tuple(shuffled[start:start + size]))
        start += size
    return tables
