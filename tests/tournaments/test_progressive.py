"""A progressive night's movement (tournaments/progressive.py): who sits with whom, who sits out."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.tournaments.progressive import Seating, seat_round


def play(rounds: Sequence[Sequence[int]], seed: int) -> list[Seating]:
    """Seat one round per entry of `rounds` (who is present for it), each from those before."""
    history: list[Seating] = []
    for present in rounds:
        history.append(seat_round(present, history, seed))
    return history


def repeats(history: Sequence[Seating]) -> tuple[int, int]:
    """Partner repeats and opponent repeats over the night (a pair's second meeting is one)."""
    partners: Counter[frozenset[int]] = Counter()
    opponents: Counter[frozenset[int]] = Counter()
    for seating in history:
        for table in seating.tables:
            partners.update(frozenset(p) for p in (table.north_south, table.east_west))
            opponents.update(frozenset((a, b)) for a in table.north_south
                             for b in table.east_west)
    return (sum(c - 1 for c in partners.values()), sum(c - 1 for c in opponents.values()))


def check_round(seating: Seating, present: Sequence[int], before: Sequence[Seating]) -> None:
    """The rules every round keeps, whatever the night."""
    seated = [p for t in seating.tables for p in t.players]
    assert sorted(seated + list(seating.sitting_out)) == sorted(present)  # each once
    assert all(len(set(t.players)) == 4 for t in seating.tables)
    assert [t.number for t in seating.tables] == list(range(1, len(seating.tables) + 1))
    assert len(seating.sitting_out) == len(present) % 4
    # Nobody sits out again before everybody present has sat out as often (absences don't count).
    out = Counter(p for s in before for p in s.sitting_out)
    for p in seating.sitting_out:
        assert all(out[p] <= out[q] for q in seated), (p, out)


@pytest.mark.parametrize("seed", range(5))
def test_eight_players_seven_rounds_never_partner_twice(seed: int) -> None:
    # 7 rounds are exactly the 7 others: a 1-factorisation of K8 exists (the circle method).
    history = play([range(8)] * 7, seed)
    assert repeats(history)[0] == 0
    assert all(Counter(p for t in s.tables for p in (*t.north_south, *t.east_west)) ==
               Counter(range(8)) for s in history)


@pytest.mark.parametrize(("n", "seed"), [(n, seed) for n in (9, 12, 13) for seed in range(4)])
def test_a_small_field_runs_through_every_partner_without_a_repeat(n: int, seed: int) -> None:
    # n - 1 partners each (9 and 13: n rounds, each sitting out once). Seating round by round
    # without a plan gets stuck in about half of these nights.
    history = play([range(n)] * (n if n % 2 else n - 1), seed)
    assert repeats(history)[0] == 0


@pytest.mark.parametrize("seed", range(5))
def test_sixteen_players_five_rounds_repeat_nobody(seed: int) -> None:
    # Achievable: the affine plane of order 4 has 5 rounds of 4 tables in which every two of the
    # 16 players sit at one table exactly once, so no partner and no opponent ever comes back.
    assert repeats(play([range(16)] * 5, seed)) == (0, 0)


@pytest.mark.parametrize("n", [9, 10, 11])
def test_sit_outs_go_round_before_anybody_sits_out_again(n: int) -> None:
    rounds = 3 * n  # several turns of the whole field
    history = play([range(n)] * rounds, 7)
    out = Counter[int]()
    for number, seating in enumerate(history, 1):
        check_round(seating, range(n), history[:number - 1])
        out.update(seating.sitting_out)
        assert max(out[p] for p in range(n)) - min(out[p] for p in range(n)) <= 1
    # and after three times n rounds of n mod 4 sit-outs each, everybody sat out n mod 4 * 3
    assert set(out.values()) == {3 * (n % 4)}


def test_a_player_leaves_and_one_arrives_mid_night() -> None:
    first = list(range(12))
    later = [*range(1, 12), 99, 100]  # 0 has left; 99 and 100 came: 13 present, one sits out
    history = play([first] * 3 + [later] * 5, 11)
    for number, seating in enumerate(history, 1):
        check_round(seating, first if number <= 3 else later, history[:number - 1])
    assert all(0 not in t.players for s in history[3:] for t in s.tables)
    assert all(99 in s.present and 100 in s.present for s in history[3:])
    # The newcomers are not sent out ahead of those who played from the start.
    assert not {99, 100} & {p for s in history[3:8] for p in s.sitting_out}
    assert repeats(history)[0] == 0  # nobody partners anybody twice in 8 rounds of 12 or 13


def test_an_absence_is_not_a_sit_out() -> None:
    # Player 8 misses the first round; nine then play: everyone else sits out once before 8
    # does, and 8 before anyone's second time.
    history = play([range(8)] + [range(9)] * 10, 3)
    out_order = [s.sitting_out[0] for s in history[1:]]
    assert sorted(out_order[:8]) == list(range(8))
    assert out_order[8] == 8


def test_the_same_seed_seats_the_same_night() -> None:
    night = [range(10)] * 4 + [range(2, 14)] * 4
    assert play(night, 5) == play(night, 5)
    assert play(night, 5) != play(night, 6)


def test_table_numbers_go_where_fewest_sat_before() -> None:
    # Two tables: of the two ways to number them, each round takes the one that puts fewer
    # players back at a number they had.
    history = play([range(8)] * 7, 1)
    for number, seating in enumerate(history[1:], 1):
        had = Counter((p, t.number) for s in history[:number] for t in s.tables
                      for p in t.players)
        a, b = seating.tables
        kept = sum(had[p, a.number] for p in a.players) + sum(had[p, b.number] for p in b.players)
        swapped = (sum(had[p, b.number] for p in a.players)
                   + sum(had[p, a.number] for p in b.players))
        assert kept <= swapped


nights = st.lists(st.sets(st.integers(0, 23), max_size=24), min_size=1, max_size=7)


@given(nights, st.integers(0, 2**32))
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_every_round_seats_everybody_present_by_the_rules(
        rounds: list[set[int]], seed: int) -> None:
    history: list[Seating] = []
    for present in rounds:
        seating = seat_round(present, history, seed)
        check_round(seating, sorted(present), history)
        history.append(seating)


@given(st.integers(4, 24), st.integers(1, 6), st.integers(0, 2**32))
@settings(max_examples=40, deadline=None)
def test_no_partner_repeat_while_the_night_is_short(n: int, rounds: int, seed: int) -> None:
    # With everybody present and rounds well below n - 1, partners never need to repeat.
    if rounds > (n - 1) // 2:
        rounds = max(1, (n - 1) // 2)
    assert repeats(play([range(n)] * rounds, seed))[0] == 0
