"""The season's counting rules (scorekeeper/seasons.py), one test each that fails if the rule is
wrong: best N, the minimums, guests, placing points, variants, the window's bounds, ties and
determinism."""

from __future__ import annotations

import random
from datetime import UTC, date, datetime, timedelta
from typing import Any

from scorekeeper.seasons import Ladder, Played, Rules, ladder

START, END = date(2027, 1, 4), date(2027, 1, 31)
ANN, BO, CY = 1, 2, 3


def night(day: int, hour: int = 20) -> datetime:
    return datetime(2027, 1, day, hour, tzinfo=UTC)


def game(player: int, number: int, won: bool, day: int = 5, variant: str = "australian-500",
         guests: bool = False) -> Played:
    return Played(player=player, at=night(day) + timedelta(minutes=number), variant=variant,
                  guests=guests, game=number, won=won)


def placed(player: int, tournament: int, placing: int, day: int = 5, games: int = 3,
           guests: bool = False) -> Played:
    return Played(player=player, at=night(day), variant="australian-500", guests=guests,
                  tournament=tournament, placing=placing, games=games)


def points(board: Ladder) -> dict[int, int]:
    return {line.player: line.points for line in board.standings}


def reasons(board: Ladder, player: int) -> list[tuple[int | None, Any]]:
    line = next(line for line in board.standings if line.player == player)
    return [(r["game"] or r["tournament"], r["reason"]) for r in line.dropped]


def test_best_n_counts_the_highest_and_drops_the_lowest() -> None:
    results = [game(ANN, 1, False), game(ANN, 2, True), game(ANN, 3, False),
               game(ANN, 4, True)]
    board = ladder(Rules(best=2), START, END, results)
    assert points(board) == {ANN: 2}  # both wins, neither loss
    assert reasons(board, ANN) == [(1, "best"), (3, "best")]
    line = board.standings[0]
    assert [r["game"] for r in line.counted] == [2, 4] and line.games == 4
    # Equal results: the earlier one counts, the later one is dropped.
    board = ladder(Rules(best=1), START, END, [game(ANN, 6, True, day=9),
                                               game(ANN, 5, True, day=8)])
    assert reasons(board, ANN) == [(6, "best")]


def test_all_results_count_without_best() -> None:
    results = [game(ANN, n, True) for n in range(1, 6)]
    assert points(ladder(Rules(best=None), START, END, results)) == {ANN: 5}


def test_min_games_hides_a_player_then_lists_them() -> None:
    two = [game(ANN, 1, True), game(ANN, 2, True), game(BO, 1, False)]
    board = ladder(Rules(min_games=2), START, END, two)
    assert [line.player for line in board.standings] == [ANN]
    assert [(line.player, line.games, line.needs) for line in board.unlisted] == [
        (BO, 1, {"games": 1})]
    board = ladder(Rules(min_games=2), START, END, [*two, game(BO, 3, True)])
    assert [line.player for line in board.standings] == [ANN, BO]
    assert board.unlisted == []


def test_min_nights_counts_days_not_games() -> None:
    same_night = [game(ANN, n, True, day=5) for n in range(1, 5)]
    board = ladder(Rules(min_nights=2), START, END, same_night)
    assert board.standings == [] and board.unlisted[0].needs == {"nights": 1}
    assert board.unlisted[0].nights == 1 and board.unlisted[0].games == 4
    board = ladder(Rules(min_nights=2), START, END, [*same_night, game(ANN, 9, False, day=12)])
    assert points(board) == {ANN: 4}


def test_guests_excluded_drop_the_game_for_everyone_and_counted_keep_it() -> None:
    results = [game(ANN, 1, True, guests=True), game(BO, 1, False, guests=True),
               game(ANN, 2, True)]
    excluded = ladder(Rules(guests="exclude", min_games=0), START, END, results)
    assert points(excluded) == {ANN: 1, BO: 0}
    assert reasons(excluded, ANN) == [(1, "guests")]
    assert {line.player: line.games for line in excluded.standings} == {ANN: 1, BO: 0}
    assert points(ladder(Rules(guests="count"), START, END, results)) == {ANN: 2, BO: 0}


def test_a_guest_game_does_not_make_up_the_minimum() -> None:
    results = [game(ANN, 1, True), game(ANN, 2, True, guests=True)]
    board = ladder(Rules(guests="exclude", min_games=2), START, END, results)
    assert board.standings == [] and board.unlisted[0].needs == {"games": 1}


def test_placing_points_come_from_the_table_by_place() -> None:
    results = [placed(ANN, 1, 1), placed(BO, 1, 2), placed(CY, 1, 9),
               placed(ANN, 2, 3, day=12), placed(BO, 2, 1, day=12),
               game(CY, 7, True)]  # a game gives no points when nights are counted
    rules = Rules(points="placing", placing_points=(10, 8, 6))
    board = ladder(rules, START, END, results)
    assert points(board) == {ANN: 16, BO: 18, CY: 0}  # 9th is below the table
    bo = board.standings[0]
    assert bo.player == BO and bo.nights == 2 and bo.games == 6
    assert [(r["tournament"], r["placing"], r["points"]) for r in bo.counted] == [
        (1, 2, 8), (2, 1, 10)]


def test_placing_with_best_and_min_nights() -> None:
    results = [placed(ANN, n, place, day=4 + n) for n, place in ((1, 1), (2, 5), (3, 2))]
    board = ladder(Rules(points="placing", best=2, min_nights=3), START, END, results)
    assert points(board) == {ANN: 18}
    assert reasons(board, ANN) == [(2, "best")]
    hidden = ladder(Rules(points="placing", min_nights=4), START, END, results)
    assert hidden.unlisted[0].needs == {"nights": 1}


def test_variants_filter_drops_the_others() -> None:
    results = [game(ANN, 1, True), game(ANN, 2, True, variant="rummy-500"),
               game(BO, 3, True, variant="rummy-500")]
    board = ladder(Rules(variants=frozenset({"australian-500"}), min_games=1), START, END,
                   results)
    assert points(board) == {ANN: 1}
    assert reasons(board, ANN) == [(2, "variant")]
    assert [(line.player, line.needs) for line in board.unlisted] == [(BO, {"games": 1})]
    assert points(ladder(Rules(), START, END, results)) == {ANN: 2, BO: 1}


def test_the_window_includes_both_its_days_whole_and_nothing_outside() -> None:
    inside = [Played(ANN, datetime(2027, 1, 4, 0, 0, tzinfo=UTC), "australian-500", False,
                     game=1, won=True),
              Played(ANN, datetime(2027, 1, 31, 23, 59, 59, tzinfo=UTC), "australian-500",
                     False, game=2, won=True)]
    outside = [Played(ANN, datetime(2027, 1, 3, 23, 59, 59, tzinfo=UTC), "australian-500",
                      False, game=3, won=True),
               Played(ANN, datetime(2027, 2, 1, 0, 0, tzinfo=UTC), "australian-500", False,
                      game=4, won=True)]
    board = ladder(Rules(), START, END, [*inside, *outside])
    assert [r["game"] for r in board.standings[0].counted] == [1, 2]
    assert board.standings[0].dropped == []  # outside the window is not a result at all


def test_equal_points_share_a_place_and_fewer_games_list_first() -> None:
    results = [game(ANN, 1, True), game(ANN, 2, True), game(ANN, 3, True),
               game(BO, 4, True), game(BO, 5, True), game(BO, 6, False),
               game(CY, 7, True), game(CY, 8, True)]
    board = ladder(Rules(), START, END, results)
    assert [(line.player, line.place, line.tied, line.points) for line in board.standings] == [
        (ANN, 1, False, 3), (CY, 2, True, 2), (BO, 2, True, 2)]


def test_the_same_results_in_any_order_give_the_same_ladder() -> None:
    results = [game(p, n, (n + p) % 3 == 0, day=4 + n % 20) for p in range(1, 9)
               for n in range(1, 30)]
    first = ladder(Rules(best=10, min_games=5), START, END, results)
    shuffled = results[:]
    random.Random(30).shuffle(shuffled)
    assert ladder(Rules(best=10, min_games=5), START, END, shuffled) == first


def test_a_correction_of_a_game_moves_it() -> None:
    """A corrected hand changes who won a finished game: the ladder reads the result afresh."""
    before = [game(ANN, 1, True), game(BO, 1, False)]
    after = [game(ANN, 1, False), game(BO, 1, True)]
    assert points(ladder(Rules(), START, END, before)) == {ANN: 1, BO: 0}
    assert points(ladder(Rules(), START, END, after)) == {BO: 1, ANN: 0}
    moved = [Played(ANN, night(5) + timedelta(days=40), "australian-500", False, game=1,
                    won=True)]
    assert ladder(Rules(), START, END, moved).standings == []
